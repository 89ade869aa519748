//! The walk as a picture: the buckets in a row, each jump an arc forward, and the jump
//! that lands past the last bucket, where the walk stops. Drawn at the size it is shown,
//! so its 12 px text stays 12 px on a phone.

use ringlab_model::chart::{Frame, Margins};
use yew::prelude::*;

use crate::kit::hooks::element_width::use_element_width;

#[derive(Properties, PartialEq)]
pub struct LineProps {
    pub n: u32,
    /// The buckets visited so far, 0 first.
    pub visited: Vec<u32>,
    /// Where the walk stopped, once shown.
    pub stop: Option<Option<u64>>,
    pub label: String,
}

const MARGINS: Margins = Margins {
    left: 8.0,
    right: 8.0,
    top: 12.0,
    bottom: 30.0,
};
/// The gap, in px, between two bucket numbers written under the row.
const NUMBER_ROOM: f64 = 22.0;

#[component]
pub fn WalkLine(props: &LineProps) -> Html {
    let node = use_node_ref();
    let frame = Frame::new(use_element_width(&node), 640.0, 0.25, 130.0, 170.0, MARGINS);
    let f = |v: f64| format!("{v:.1}");
    let n = props.n.max(1) as f64;
    // One column per bucket, and one past the end for the stop.
    let cell = frame.plot_width() / (n + 1.0);
    let x = |b: f64| MARGINS.left + cell * (b + 0.5);
    let base = MARGINS.top + frame.plot_height();
    let box_h = 16.0_f64.min(cell * 1.2).max(8.0);
    let arc_room = frame.plot_height() - box_h - 4.0;
    let last = props.visited.last().copied();
    let boxes = (0..props.n).map(|b| {
        let class = classes!(
            "walk-bucket",
            props.visited.contains(&b).then_some("walk-visited"),
            (Some(b) == last).then_some("walk-here"),
        );
        html! {
            <rect {class} x={f(MARGINS.left + cell * b as f64 + 1.0)} y={f(base - box_h)}
                width={f((cell - 2.0).max(1.0))} height={f(box_h)} />
        }
    });
    let every = (NUMBER_ROOM / cell).ceil().max(1.0) as u32;
    let numbers = (0..props.n)
        .filter(|b| b % every == 0 || Some(*b) == last)
        .map(|b| {
            html! {
                <text class="axis-tick" x={f(x(b as f64))} y={f(base + 16.0)} text-anchor="middle">{ b.to_string() }</text>
            }
        });
    let arc = |from: f64, to: f64, class: &'static str| {
        let (x0, x1) = (x(from), x(to));
        let lift = ((x1 - x0) * 0.45).min(arc_room).max(10.0);
        let top = base - box_h - 2.0 - lift * 1.3;
        html! {
            <path class={class} d={format!("M {} {} Q {} {} {} {}", f(x0), f(base - box_h - 2.0), f((x0 + x1) / 2.0), f(top), f(x1), f(base - box_h - 2.0))} />
        }
    };
    let jumps = props
        .visited
        .windows(2)
        .map(|w| arc(w[0] as f64, w[1] as f64, "walk-jump"));
    let stop = props.stop.map(|stop| {
        let from = last.unwrap_or(0) as f64;
        let words = match stop {
            Some(s) => format!("next: {s}"),
            None => "next: far past".to_string(),
        };
        html! {
            <>
                { arc(from, n, "walk-stop") }
                <text class="axis-tick walk-stop-label" x={f(MARGINS.left + cell * n - 4.0)} y={f(MARGINS.top + 10.0)} text-anchor="end">{ words }</text>
            </>
        }
    });
    html! {
        <svg ref={node} class="walk-line" viewBox={frame.view_box()} height={frame.height.to_string()} role="img" aria-label={props.label.clone()}>
            { for boxes }
            { for numbers }
            { for jumps }
            { for stop }
            <line class="walk-end" x1={f(MARGINS.left + cell * n)} x2={f(MARGINS.left + cell * n)}
                y1={f(MARGINS.top)} y2={f(base)} />
        </svg>
    }
}
