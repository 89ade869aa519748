//! The picture above the table: keys moved per scheme on a log scale, with a fair
//! change's count marked. Laid out by `ringlab_model::views::compare::picture`; this only draws.

use std::rc::Rc;

use ringlab_model::views::compare::params::CompareParams;
use ringlab_model::views::compare::picture::{moved_picture, BAR};
use ringlab_model::views::compare::run::Outcome;
use yew::prelude::*;

use crate::kit::hooks::element_width::use_element_width;

#[derive(Properties, PartialEq)]
pub struct MovedBarsProps {
    pub params: CompareParams,
    pub outcomes: Rc<Vec<Outcome>>,
    pub done: u64,
}

#[component]
pub fn MovedBars(props: &MovedBarsProps) -> Html {
    let node = use_node_ref();
    let pic = moved_picture(
        &props.params,
        &props.outcomes,
        props.done,
        use_element_width(&node),
    );
    let frame = pic.frame;
    let (left, top) = (frame.margins.left, frame.margins.top);
    let bottom = frame.height - frame.margins.bottom;
    let f = |v: f64| format!("{v:.1}");
    let ticks = pic.ticks.iter().map(|t| {
        html! {
            <>
                <line class="axis-grid" x1={f(t.x)} x2={f(t.x)} y1={f(top)} y2={f(bottom)} />
                <text class="axis-tick" x={f(t.x)} y={f(bottom + 16.0)} text-anchor={t.anchor}>{ t.label.clone() }</text>
            </>
        }
    });
    let bars = pic.bars.iter().map(|b| {
        let middle = b.y + BAR / 2.0 + 4.0;
        html! {
            <>
                <text class="axis-tick cmp-bar-name" x={f(left - 8.0)} y={f(middle)} text-anchor="end">{ b.name.clone() }</text>
                if let Some(end) = b.end {
                    <rect class="bar" x={f(left)} y={f(b.y)} width={f((end - left).max(1.0))} height={f(BAR)} />
                }
                <text class={classes!("cmp-bar-count", b.count_inside.then_some("cmp-bar-inside"))}
                    x={f(b.count_x)} y={f(middle)} text-anchor={if b.count_inside { "end" } else { "start" }}>
                    { b.count.clone() }
                </text>
            </>
        }
    });
    let fair = &pic.fair;
    html! {
        <svg ref={node} class="bars cmp-moved" viewBox={frame.view_box()} height={frame.height.to_string()} role="img" aria-label={pic.label.clone()}>
            <title>{ pic.label.clone() }</title>
            <rect class="cmp-fair-band" x={f(fair.low)} y={f(top)} width={f((fair.high - fair.low).max(1.0))} height={f(bottom - top)} />
            { for ticks }
            { for bars }
            <line class="ref-line ref-mean" x1={f(fair.x)} x2={f(fair.x)} y1={f(top - 4.0)} y2={f(bottom)} />
            <text class="ref-label ref-mean" x={f(fair.label_x)} y={f(top - 8.0)} text-anchor="middle">{ fair.label.clone() }</text>
            <line class="axis" x1={f(left)} x2={f(left)} y1={f(top)} y2={f(bottom)} />
            <text class="axis-title" x={f(left + frame.plot_width() / 2.0)} y={f(frame.height - 5.0)} text-anchor="middle">
                { "keys moved (log scale)" }
            </text>
        </svg>
    }
}
