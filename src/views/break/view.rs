//! The stepper: five scenarios forward and back, each run played second by second, with
//! the verdict and why, the ring, the nodes' loads, the hit rate and the database load.

use gloo::timers::callback::Interval;
use ringlab_core::load::cluster::{Status, SCENARIOS};
use ringlab_model::views::r#break::params::BreakParams;
use ringlab_model::views::r#break::player::{Player, PlayerAction};
use ringlab_model::views::r#break::prose;
use ringlab_model::views::r#break::story::{cluster, story, Story};
use ringlab_model::ViewState;
use wasm_bindgen::JsCast;
use web_sys::HtmlDetailsElement;
use yew::prelude::*;

use super::controls::controls;
use super::figures::{figures, record};
use crate::kit::hooks::url_out::use_url_out;
use crate::kit::hooks::visible::use_visible;
use crate::kit::notes::ViewNotes;
use crate::kit::probe::tell;
use crate::kit::store::Store;
use crate::kit::view_props::ViewProps;

fn status_class(status: Status) -> &'static str {
    match status {
        Status::Healthy => "status-healthy",
        Status::Degraded => "status-degraded",
        Status::Down => "status-down",
    }
}

/// One scenario's whole text: for "Read every step as text".
fn story_text(s: &Story) -> Html {
    html! {
        <li>
            <h3>{ format!("{}: {}", s.scenario.name, s.status().name()) }</h3>
            <p>{ s.setup.clone() }</p>
            <p>{ s.why.clone() }</p>
            if !s.events.is_empty() {
                <ol class="break-events">
                    { for s.events.iter().map(|(t, text)| html! { <li>{ prose::event_line(*t, text) }</li> }) }
                </ol>
            }
        </li>
    }
}

#[component]
pub fn BreakIt(props: &ViewProps) -> Html {
    let player = {
        let (query, controls) = (props.query.clone(), props.controls);
        use_reducer(move || {
            let (params, notes) = BreakParams::from_query(&query);
            let last = cluster().seconds.saturating_sub(1) as usize;
            let player = Player::new(params, last, notes);
            // Without controls (an embed with controls=0) nobody can play it: the run is
            // shown whole.
            Store::new(if controls {
                player
            } else {
                player.shown_whole()
            })
        })
    };
    let p = player.shared();
    use_url_out(props, p.params.to_query());
    // The scenario shown is run when it is shown; the other four only when the reader
    // opens "Read every step as text" (five runs at once would block the first paint).
    let story_now = use_memo((p.params.scenario, p.params.fix), |&(i, fix)| story(i, fix));
    let s: &Story = &story_now;
    let all_open = use_state_eq(|| false);
    let stories = use_memo((*all_open, p.params.fix), |&(open, fix)| {
        if open {
            (0..SCENARIOS.len())
                .map(|i| story(i, fix))
                .collect::<Vec<_>>()
        } else {
            Vec::new()
        }
    });
    let on_toggle_all = {
        let all_open = all_open.clone();
        Callback::from(move |e: Event| {
            let open = e
                .target()
                .and_then(|t| t.dyn_into::<HtmlDetailsElement>().ok())
                .is_some_and(|d| d.open());
            all_open.set(open);
        })
    };
    let node = use_node_ref();
    let visible = use_visible(&node);
    {
        let dispatch = player.dispatcher();
        let (playing, speed) = (p.playing, p.params.speed);
        let node = node.clone();
        use_effect_with(
            (playing, visible, speed),
            move |&(playing, visible, speed)| {
                let interval = (playing && visible).then(|| {
                    Interval::new(1000 / speed.max(1), move || {
                        dispatch.dispatch(PlayerAction::Tick)
                    })
                });
                // Whether a timer runs: tests wait on it, not on a clock.
                if let Some(element) = node.cast::<web_sys::Element>() {
                    tell(
                        &element,
                        "ticking",
                        if interval.is_some() { "true" } else { "false" },
                    );
                }
                move || drop(interval)
            },
        );
    }
    let on_dismiss = {
        let dispatch = player.dispatcher();
        Callback::from(move |()| dispatch.dispatch(PlayerAction::Dismiss))
    };

    let t = p.t.min(s.run.seconds.len().saturating_sub(1));
    // Until the reader has reached the run's end, nothing after the second shown is drawn
    // or told: the charts stop at it, later events and the verdict wait.
    let shown = if p.seen_end {
        s.run.seconds.len()
    } else {
        t + 1
    };
    let now_text = prose::now(s, t);
    html! {
        <section ref={node} class={classes!("break", props.embed.then_some("break-embed"))} aria-label="Break it">
            <ViewNotes notes={p.notes.clone()} {on_dismiss} />
            if !props.embed {
                <p class="break-intro">{ "The same cache cluster, five times, each with one thing changing under live traffic. Play each run, or drag through its seconds; the verdict is what the simulation computed, not a label." }</p>
            }
            <h2 class="break-title">{ prose::title(s) }</h2>
            if props.controls { { controls(&p, s, t, &player.dispatcher()) } }
            <p class="break-setup">{ s.setup.clone() }</p>
            if p.seen_end {
                <p class={classes!("break-status", status_class(s.status()))} aria-live="polite">
                    <strong class="break-verdict">{ s.status().name() }</strong>
                    { format!(" {}", s.why) }
                </p>
            } else {
                <p class="break-status" aria-live="polite">
                    <strong class="break-verdict">{ "Not yet told" }</strong>
                    { prose::wait_note(p.last) }
                </p>
            }
            { figures(s, t, shown) }
            <p class="break-now">{ now_text }</p>
            { record(s, t, shown, p.seen_end) }
            <details class="break-all" ontoggle={on_toggle_all}>
                <summary>{ "Read every step as text" }</summary>
                <ol class="break-stories">{ for stories.iter().map(story_text) }</ol>
            </details>
        </section>
    }
}
