//! A bar chart of loads against reference lines (the mean, a cap, a capacity): one bar
//! per server, drawn in SVG at the size it is shown (`ringlab_model::chart`), so its text
//! stays at the stylesheet's 12 px on a phone and on a desktop.

use std::rc::Rc;

use ringlab_model::chart::{spread, Frame, Margins, LABEL_GAP};
use ringlab_model::format::{grouped_rounded, nice_top};
use yew::prelude::*;

use crate::kit::hooks::element_width::use_element_width;

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
    /// Dead servers, by index: their slots are drawn as grey columns.
    #[prop_or_default]
    pub dead: Option<Rc<Vec<bool>>>,
    /// What the bars are: "servers", "nodes".
    pub x_label: &'static str,
    /// What their heights are.
    #[prop_or("requests/s")]
    pub y_label: &'static str,
    pub label: String,
}

const MARGINS: Margins = Margins {
    left: 72.0,
    right: 84.0,
    top: 12.0,
    bottom: 46.0,
};
/// About how wide a character of 12 px text is, for spacing the bars' names.
const CHAR_WIDTH: f64 = 7.5;

#[component]
pub fn Bars(props: &BarsProps) -> Html {
    let node = use_node_ref();
    let frame = Frame::new(
        use_element_width(&node),
        640.0,
        0.375,
        200.0,
        280.0,
        MARGINS,
    );
    let (left, top_margin) = (MARGINS.left, MARGINS.top);
    let n = props.values.len().max(1);
    let biggest = props
        .values
        .iter()
        .copied()
        .chain(props.lines.iter().map(|l| l.value))
        .fold(0.0, f64::max);
    let top = nice_top(biggest * 1.05);
    let (pw, ph) = (frame.plot_width(), frame.plot_height());
    let y = |v: f64| frame.y(v, top);
    let step = pw / n as f64;
    let gap = if step >= 4.0 { step * 0.2 } else { 0.0 };
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
        // A dead server serves nothing: its slot is a grey column, not a missing bar.
        let top_y = if dead { top_margin } else { y(v) };
        html! {
            <rect class={class} x={f(left + step * i as f64 + gap / 2.0)} y={f(top_y)}
                width={f((step - gap).max(0.5))} height={f((top_margin + ph - top_y).max(0.0))} />
        }
    });
    let ticks = [0.0, top / 2.0, top].map(|v| {
        html! {
            <>
                <line class="axis-grid" x1={f(left)} x2={f(left + pw)} y1={f(y(v))} y2={f(y(v))} />
                <text class="axis-tick" x={f(left - 6.0)} y={f(y(v) + 4.0)} text-anchor="end">{ grouped_rounded(v) }</text>
            </>
        }
    });
    // The lines' labels, moved apart where the lines are close (the mean and the cap).
    let wanted: Vec<f64> = props.lines.iter().map(|l| y(l.value) + 4.0).collect();
    let label_ys = spread(&wanted, LABEL_GAP, top_margin + 4.0, top_margin + ph + 4.0);
    let lines = props.lines.iter().zip(label_ys).map(|(l, label_y)| {
        html! {
            <>
                <line class={classes!("ref-line", format!("ref-{}", l.kind))} x1={f(left)} x2={f(left + pw)} y1={f(y(l.value))} y2={f(y(l.value))} />
                <text class={classes!("ref-label", format!("ref-{}", l.kind))} x={f(left + pw + 4.0)} y={f(label_y)}>{ l.label.clone() }</text>
            </>
        }
    });
    // Every k-th name, so that names never run into each other.
    let widest = props
        .names
        .iter()
        .map(|s| s.chars().count())
        .max()
        .unwrap_or(1) as f64;
    let every = ((widest * CHAR_WIDTH + 6.0) / step).ceil().max(1.0) as usize;
    let names = props.names.iter().enumerate().filter(|(i, _)| i % every == 0).map(|(i, name)| {
        html! {
            <text class="axis-tick" x={f(left + step * (i as f64 + 0.5))} y={f(top_margin + ph + 20.0)} text-anchor="middle">{ name.clone() }</text>
        }
    });
    let middle = top_margin + ph / 2.0;
    html! {
        <svg ref={node} class="bars" viewBox={frame.view_box()} height={frame.height.to_string()} role="img" aria-label={props.label.clone()}>
            { for ticks }
            { for bars }
            { for lines }
            { for names }
            <line class="axis" x1={f(left)} x2={f(left + pw)} y1={f(top_margin + ph)} y2={f(top_margin + ph)} />
            <text class="axis-title" x={f(left + pw / 2.0)} y={f(frame.height - 5.0)} text-anchor="middle">{ format!("{} ({n})", props.x_label) }</text>
            <text class="axis-title" x="11" y={f(middle)} text-anchor="middle" transform={format!("rotate(-90 11 {middle:.1})")}>{ props.y_label }</text>
        </svg>
    }
}
