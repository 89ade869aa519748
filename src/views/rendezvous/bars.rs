//! A race as horizontal bars, one per node in rank order: the names and numbers in HTML,
//! so they read at any width, each bar an SVG stretched to its row (no inline styles). The
//! bars grow in when the race changes (not under reduced motion).

use yew::prelude::*;

use crate::kit::pictures::swatch::swatch;

/// One node's bar.
#[derive(Clone, PartialEq)]
pub struct Bar {
    pub name: String,
    /// The node's index, for its colour.
    pub index: usize,
    /// The score as written.
    pub score: String,
    /// Its length, 0 to 1.
    pub length: f64,
    /// "owner", "replica 2", "left", or nothing.
    pub role: String,
    pub gone: bool,
}

#[derive(Properties, PartialEq)]
pub struct RaceProps {
    pub bars: Vec<Bar>,
    pub label: String,
    /// Changes when the race does, to run the growth again.
    pub epoch: String,
}

#[component]
pub fn Race(props: &RaceProps) -> Html {
    let rows = props.bars.iter().map(|bar| {
        let percent = format!("{:.1}", (bar.length * 100.0).clamp(0.0, 100.0));
        html! {
            <li class={classes!("race-row", bar.gone.then_some("race-gone"))}>
                <span class="race-name">{ bar.name.clone() }</span>
                <svg class="race-track" viewBox="0 0 100 10" preserveAspectRatio="none" aria-hidden="true">
                    <rect class="race-lane" width="100" height="10" />
                    <rect class={classes!("race-bar", swatch(bar.index))} width={percent} height="10" />
                </svg>
                <span class="race-score">{ bar.score.clone() }</span>
                <span class="race-role">{ bar.role.clone() }</span>
            </li>
        }
    });
    html! {
        <ol class="race" aria-label={props.label.clone()} key={props.epoch.clone()}>{ for rows }</ol>
    }
}
