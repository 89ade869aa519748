//! A small time-series plot: one line over the run's seconds, labelled axes, an optional
//! limit line and a cursor at the second shown.

use std::rc::Rc;

use ringlab_model::format::{grouped_rounded, nice_top};
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct PlotProps {
    pub values: Rc<Vec<f64>>,
    /// The y axis's title.
    pub y_label: &'static str,
    /// Values are shares, written as percentages (else counts, grouped).
    #[prop_or_default]
    pub share: bool,
    /// The y axis's top; `None` rounds up from the values and the limit.
    #[prop_or_default]
    pub top: Option<f64>,
    #[prop_or_default]
    pub limit: Option<(f64, &'static str)>,
    pub cursor: usize,
    pub label: String,
}

const W: f64 = 320.0;
const H: f64 = 150.0;
const LEFT: f64 = 56.0;
const RIGHT: f64 = 12.0;
const TOP: f64 = 10.0;
const BOTTOM: f64 = 32.0;

#[component]
pub fn Plot(props: &PlotProps) -> Html {
    let n = props.values.len().max(2);
    let biggest = props
        .values
        .iter()
        .copied()
        .chain(props.limit.map(|l| l.0))
        .fold(0.0, f64::max);
    let top = props.top.unwrap_or_else(|| nice_top(biggest * 1.05));
    let (pw, ph) = (W - LEFT - RIGHT, H - TOP - BOTTOM);
    let x = |t: usize| LEFT + pw * t as f64 / (n - 1) as f64;
    let y = |v: f64| TOP + ph * (1.0 - (v / top).clamp(0.0, 1.0));
    let f = |v: f64| format!("{v:.1}");
    let d: String = props
        .values
        .iter()
        .enumerate()
        .map(|(t, &v)| format!("{}{} {}", if t == 0 { 'M' } else { 'L' }, f(x(t)), f(y(v))))
        .collect::<Vec<_>>()
        .join(" ");
    let last = n - 1;
    html! {
        <svg class="plot" viewBox={format!("0 0 {W} {H}")} role="img" aria-label={props.label.clone()}>
            { for [0.0, top / 2.0, top].map(|v| html! {
                <>
                    <line class="axis-grid" x1={f(LEFT)} x2={f(LEFT + pw)} y1={f(y(v))} y2={f(y(v))} />
                    <text class="axis-tick" x={f(LEFT - 5.0)} y={f(y(v) + 4.0)} text-anchor="end">{ if props.share { format!("{:.0}%", v * 100.0) } else { grouped_rounded(v) } }</text>
                </>
            }) }
            { for [0, last / 2, last].map(|t| html! {
                <text class="axis-tick" x={f(x(t))} y={f(TOP + ph + 13.0)} text-anchor="middle">{ t.to_string() }</text>
            }) }
            if let Some((value, label)) = props.limit {
                <line class="ref-line ref-cap" x1={f(LEFT)} x2={f(LEFT + pw)} y1={f(y(value))} y2={f(y(value))} />
                <text class="ref-label ref-cap" x={f(LEFT + pw - 2.0)} y={f(y(value) - 4.0)} text-anchor="end">{ label }</text>
            }
            <line class="plot-cursor" x1={f(x(props.cursor.min(last)))} x2={f(x(props.cursor.min(last)))} y1={f(TOP)} y2={f(TOP + ph)} />
            <path class="plot-line" d={d} />
            <line class="axis" x1={f(LEFT)} x2={f(LEFT + pw)} y1={f(TOP + ph)} y2={f(TOP + ph)} />
            <text class="axis-title" x={f(LEFT + pw / 2.0)} y={f(H - 3.0)} text-anchor="middle">{ "seconds" }</text>
            <text class="axis-title" x="11" y={f(TOP + ph / 2.0)} text-anchor="middle" transform={format!("rotate(-90 11 {:.1})", TOP + ph / 2.0)}>{ props.y_label }</text>
        </svg>
    }
}
