//! A small time-series plot: one line over the run's seconds, labelled axes, an optional
//! limit line and a cursor at the second shown; drawn at the size it is shown
//! (`ringlab_model::chart`), so its text stays at the stylesheet's 12 px at any width.

use std::rc::Rc;

use ringlab_model::chart::{Frame, Margins};
use ringlab_model::format::{grouped_rounded, nice_top};
use yew::prelude::*;

use crate::kit::hooks::element_width::use_element_width;

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
    /// Seconds on the x axis; more than `values` while the rest of the run is not shown
    /// yet. `None`: as many as the values.
    #[prop_or_default]
    pub span: Option<usize>,
    pub label: String,
    /// The x axis's title: what a step is.
    #[prop_or("seconds")]
    pub x_label: &'static str,
}

const MARGINS: Margins = Margins {
    left: 68.0,
    right: 14.0,
    top: 12.0,
    bottom: 36.0,
};

/// A y tick's text: a share as a whole percentage; a count grouped, with the decimals a
/// small axis needs (1.25 is not 1).
fn tick(v: f64, top: f64, share: bool) -> String {
    if share {
        format!("{:.0}%", v * 100.0)
    } else if top < 10.0 {
        let text = format!("{v:.2}");
        text.trim_end_matches('0').trim_end_matches('.').to_string()
    } else {
        grouped_rounded(v)
    }
}

#[component]
pub fn Plot(props: &PlotProps) -> Html {
    let node = use_node_ref();
    let frame = Frame::new(use_element_width(&node), 320.0, 0.47, 160.0, 220.0, MARGINS);
    let (left, top_margin) = (MARGINS.left, MARGINS.top);
    let n = props.span.unwrap_or(props.values.len()).max(2);
    let biggest = props
        .values
        .iter()
        .copied()
        .chain(props.limit.map(|l| l.0))
        .fold(0.0, f64::max);
    let top = props.top.unwrap_or_else(|| nice_top(biggest * 1.05));
    let (pw, ph) = (frame.plot_width(), frame.plot_height());
    let x = |t: usize| left + pw * t as f64 / (n - 1) as f64;
    let y = |v: f64| frame.y(v, top);
    let f = |v: f64| format!("{v:.1}");
    let d: String = props
        .values
        .iter()
        .enumerate()
        .map(|(t, &v)| format!("{}{} {}", if t == 0 { 'M' } else { 'L' }, f(x(t)), f(y(v))))
        .collect::<Vec<_>>()
        .join(" ");
    let last = n - 1;
    let middle = top_margin + ph / 2.0;
    html! {
        <svg ref={node} class="plot" viewBox={frame.view_box()} height={frame.height.to_string()} role="img" aria-label={props.label.clone()}>
            { for [0.0, top / 2.0, top].map(|v| html! {
                <>
                    <line class="axis-grid" x1={f(left)} x2={f(left + pw)} y1={f(y(v))} y2={f(y(v))} />
                    <text class="axis-tick" x={f(left - 6.0)} y={f(y(v) + 4.0)} text-anchor="end">{ tick(v, top, props.share) }</text>
                </>
            }) }
            { for [0, last / 2, last].map(|t| html! {
                <text class="axis-tick" x={f(x(t))} y={f(top_margin + ph + 15.0)} text-anchor="middle">{ t.to_string() }</text>
            }) }
            if let Some((value, label)) = props.limit {
                <line class="ref-line ref-cap" x1={f(left)} x2={f(left + pw)} y1={f(y(value))} y2={f(y(value))} />
                <text class="ref-label ref-cap" x={f(left + pw - 2.0)} y={f((y(value) - 5.0).max(top_margin + 10.0))} text-anchor="end">{ label }</text>
            }
            <line class="plot-cursor" x1={f(x(props.cursor.min(last)))} x2={f(x(props.cursor.min(last)))} y1={f(top_margin)} y2={f(top_margin + ph)} />
            <path class="plot-line" d={d} />
            <line class="axis" x1={f(left)} x2={f(left + pw)} y1={f(top_margin + ph)} y2={f(top_margin + ph)} />
            <text class="axis-title" x={f(left + pw / 2.0)} y={f(frame.height - 4.0)} text-anchor="middle">{ props.x_label }</text>
            <text class="axis-title" x="11" y={f(middle)} text-anchor="middle" transform={format!("rotate(-90 11 {middle:.1})")}>{ props.y_label }</text>
        </svg>
    }
}
