//! A bar chart of loads against reference lines (the mean, a cap, a capacity): one bar
//! per server, drawn in SVG so that it scales with its box and needs no canvas.

use std::rc::Rc;

use ringlab_model::format::{grouped_rounded, nice_top};
use yew::prelude::*;

/// A horizontal line across the bars.
#[derive(Clone, PartialEq)]
pub struct Line {
    pub value: f64,
    pub label: String,
    /// `mean` (dashed) or `cap` (solid, the limit).
    pub kind: &'static str,
}

#[derive(Properties, PartialEq)]
pub struct BarsProps {
    pub names: Rc<Vec<String>>,
    pub values: Rc<Vec<f64>>,
    pub lines: Vec<Line>,
    /// Bars above this are drawn as over.
    pub limit: Option<f64>,
    /// The bar marked as the hot key's.
    #[prop_or_default]
    pub marked: Option<usize>,
    /// Bars of dead servers (drawn hatched), by index.
    #[prop_or_default]
    pub dead: Option<Rc<Vec<bool>>>,
    /// What the bars are: "servers", "nodes".
    pub x_label: &'static str,
    pub label: String,
}

const W: f64 = 640.0;
const H: f64 = 240.0;
const LEFT: f64 = 64.0;
const RIGHT: f64 = 84.0;
const TOP: f64 = 12.0;
const BOTTOM: f64 = 34.0;

#[component]
pub fn Bars(props: &BarsProps) -> Html {
    let n = props.values.len().max(1);
    let biggest = props
        .values
        .iter()
        .copied()
        .chain(props.lines.iter().map(|l| l.value))
        .fold(0.0, f64::max);
    let top = nice_top(biggest * 1.05);
    let (pw, ph) = (W - LEFT - RIGHT, H - TOP - BOTTOM);
    let y = |v: f64| TOP + ph * (1.0 - (v / top).clamp(0.0, 1.0));
    let step = pw / n as f64;
    let gap = if n <= 64 { step * 0.2 } else { 0.0 };
    let f = |v: f64| format!("{v:.2}");
    let bars = props.values.iter().enumerate().map(|(i, &v)| {
        let over = props.limit.is_some_and(|l| v > l * (1.0 + 1e-9));
        let dead = props.dead.as_ref().is_some_and(|d| d.get(i) == Some(&true));
        let class = classes!(
            "bar",
            over.then_some("bar-over"),
            (props.marked == Some(i)).then_some("bar-hot"),
            dead.then_some("bar-dead"),
        );
        let top_y = y(v);
        html! {
            <rect class={class} x={f(LEFT + step * i as f64 + gap / 2.0)} y={f(top_y)}
                width={f((step - gap).max(0.5))} height={f((TOP + ph - top_y).max(0.0))} />
        }
    });
    let ticks = [0.0, top / 2.0, top].map(|v| {
        html! {
            <>
                <line class="axis-grid" x1={f(LEFT)} x2={f(LEFT + pw)} y1={f(y(v))} y2={f(y(v))} />
                <text class="axis-tick" x={f(LEFT - 6.0)} y={f(y(v) + 4.0)} text-anchor="end">{ grouped_rounded(v) }</text>
            </>
        }
    });
    let lines = props.lines.iter().map(|l| {
        html! {
            <>
                <line class={classes!("ref-line", format!("ref-{}", l.kind))} x1={f(LEFT)} x2={f(LEFT + pw)} y1={f(y(l.value))} y2={f(y(l.value))} />
                <text class={classes!("ref-label", format!("ref-{}", l.kind))} x={f(LEFT + pw + 4.0)} y={f(y(l.value) + 4.0)}>{ l.label.clone() }</text>
            </>
        }
    });
    let names = (n <= 24).then(|| {
        html! { <>{ for props.names.iter().enumerate().map(|(i, name)| html! {
            <text class="axis-tick" x={f(LEFT + step * (i as f64 + 0.5))} y={f(TOP + ph + 14.0)} text-anchor="middle">{ name.clone() }</text>
        }) }</> }
    });
    html! {
        <svg class="bars" viewBox={format!("0 0 {W} {H}")} role="img" aria-label={props.label.clone()}>
            { for ticks }
            { for bars }
            { for lines }
            { names.unwrap_or_default() }
            <line class="axis" x1={f(LEFT)} x2={f(LEFT + pw)} y1={f(TOP + ph)} y2={f(TOP + ph)} />
            <text class="axis-title" x={f(LEFT + pw / 2.0)} y={f(H - 4.0)} text-anchor="middle">{ format!("{} ({n})", props.x_label) }</text>
            <text class="axis-title" x="12" y={f(TOP + ph / 2.0)} text-anchor="middle" transform={format!("rotate(-90 12 {:.1})", TOP + ph / 2.0)}>{ "requests/s" }</text>
        </svg>
    }
}
