//! A plot of lines against points per server on a log2 axis (the lab's figures): labelled
//! axes, a legend, and a readout of every line at one V, moved by the pointer or, with the
//! plot focused, by the arrow keys. Drawn at the size it is shown, so its text stays at
//! the stylesheet's 12 px at any width.

use std::rc::Rc;

use ringlab_model::chart::{spaced_ticks, Frame, Margins};
use ringlab_model::views::lab::series::{Chart, Dash};
use yew::prelude::*;

use crate::kit::hooks::element_width::use_element_width_while;

#[derive(Properties, PartialEq)]
pub struct XyPlotProps {
    pub chart: Rc<Chart>,
    /// The figure's name, for the picture's accessible name.
    pub label: String,
}

const MARGINS: Margins = Margins {
    left: 64.0,
    right: 16.0,
    top: 12.0,
    bottom: 40.0,
};

/// The right margin with a second axis: its ticks' text and its title.
const RULE_RIGHT: f64 = 64.0;

/// The least room between two of the second axis's ticks, in px: 12 px text.
const RULE_TICK_GAP: f64 = 14.0;

/// Where a value lands in the picture: x on a log2 axis from the first to the last point,
/// y linear (or logarithmic) over the chart's y axis.
#[derive(Clone, Copy)]
struct Scales {
    left: f64,
    top: f64,
    width: f64,
    height: f64,
    x0: f64,
    x1: f64,
    low: f64,
    high: f64,
    log_y: bool,
}

impl Scales {
    fn new(chart: &Chart, frame: &Frame, margins: Margins) -> Scales {
        let xs = chart.xs();
        let first = xs.first().copied().unwrap_or(1.0).log2();
        let last = xs.last().copied().unwrap_or(2.0).log2().max(first + 1.0);
        let (low, high) = chart.y_axis().map_or((0.0, 1.0), |a| (a.0, a.1));
        Scales {
            left: margins.left,
            top: margins.top,
            width: frame.plot_width(),
            height: frame.plot_height(),
            x0: first,
            x1: last,
            low,
            high,
            log_y: chart.log_y,
        }
    }

    fn x(&self, v: f64) -> f64 {
        self.left + self.width * (v.log2() - self.x0) / (self.x1 - self.x0)
    }

    fn y(&self, v: f64) -> f64 {
        let share = if self.log_y && self.low > 0.0 && v > 0.0 {
            (v / self.low).ln() / (self.high / self.low).ln()
        } else {
            (v - self.low) / (self.high - self.low)
        };
        self.top + self.height * (1.0 - share.clamp(0.0, 1.0))
    }
}

/// A coordinate as the picture writes it.
fn f(v: f64) -> String {
    format!("{v:.1}")
}

/// A line's classes: its colour and its dash.
fn line_class(colour: usize, dash: Dash) -> Classes {
    classes!("xy-line", format!("xy-c{}", colour % 4), dash_class(dash))
}

fn dash_class(dash: Dash) -> &'static str {
    match dash {
        Dash::Solid => "xy-solid",
        Dash::Dashed => "xy-dashed",
        Dash::Dotted => "xy-dotted",
    }
}

#[component]
pub fn XyPlot(props: &XyPlotProps) -> Html {
    let node = use_node_ref();
    // The plot comes once there is something to draw: observe it from then on.
    let drawn = !props.chart.lines.is_empty();
    let margins = match props.chart.rule {
        Some(_) => Margins {
            right: RULE_RIGHT,
            ..MARGINS
        },
        None => MARGINS,
    };
    let frame = Frame::new(
        use_element_width_while(&node, drawn),
        640.0,
        0.55,
        220.0,
        340.0,
        margins,
    );
    let cursor = use_state(|| None::<usize>);
    let chart = &props.chart;
    // Nothing to draw yet: a line, not an empty frame a phone's screen high.
    if !drawn {
        return html! { <div class="xy"><p class="xy-empty">{ "Nothing measured yet." }</p></div> };
    }
    let xs = chart.xs();
    let at = Scales::new(chart, &frame, margins);
    let (left, top, pw, ph) = (at.left, at.top, at.width, at.height);
    let shown = cursor.and_then(|i| xs.get(i).copied());
    let y_ticks = chart
        .y_axis()
        .map(|(_, _, ticks)| ticks)
        .unwrap_or_default();
    let middle = top + ph / 2.0;
    // The x labels that fit side by side, at about 7 px a digit of 12 px text.
    let x_ticks = spaced_ticks(
        &xs.iter()
            .map(|&v| (at.x(v), 7.0 * format!("{v}").len() as f64))
            .collect::<Vec<_>>(),
        8.0,
    );
    let readout = match shown {
        Some(x) => chart.readout(x),
        None => format!(
            "Point at the plot, or focus it and use the arrow keys, to read every line at one {}.",
            chart.x_name
        ),
    };
    html! {
        <div class="xy">
            <svg ref={node.clone()} class="plot xy-plot" viewBox={frame.view_box()} height={frame.height.to_string()} role="img" tabindex="0"
                aria-label={props.label.clone()} onpointermove={on_move(&cursor, &node, &xs, at)}
                onkeydown={on_key(&cursor, xs.len())} onfocus={on_focus(&cursor)}>
                { for y_ticks.iter().map(|&v| html! {
                    <>
                        <line class="axis-grid" x1={f(left)} x2={f(left + pw)} y1={f(at.y(v))} y2={f(at.y(v))} />
                        <text class="axis-tick" x={f(left - 6.0)} y={f(at.y(v) + 4.0)} text-anchor="end">{ chart.unit.tick(v) }</text>
                    </>
                }) }
                // The last tick ends at the plot's edge, so that it is never cut.
                { for x_ticks.iter().map(|&i| html! {
                    <text class="axis-tick" x={f(at.x(xs[i]))} y={f(top + ph + 15.0)}
                        text-anchor={if i + 1 == xs.len() { "end" } else { "middle" }}>{ format!("{}", xs[i]) }</text>
                }) }
                <line class="axis" x1={f(left)} x2={f(left + pw)} y1={f(top + ph)} y2={f(top + ph)} />
                { lines(chart, at) }
                { for shown.map(|x| marks(chart, at, x)) }
                { second_axis(chart, at, frame.width) }
                <text class="axis-title" x={f(left + pw / 2.0)} y={f(frame.height - 4.0)} text-anchor="middle">{ chart.x_label }</text>
                <text class="axis-title" x="11" y={f(middle)} text-anchor="middle" transform={format!("rotate(-90 11 {middle:.1})")}>{ chart.y_label }</text>
            </svg>
            <ul class="xy-legend">
                { for chart.lines.iter().map(|line| html! {
                    <li>
                        <svg class="xy-key" viewBox="0 0 28 10" aria-hidden="true"><path class={line_class(line.colour, line.dash)} d="M1 5 L27 5" /></svg>
                        { line.label.clone() }
                    </li>
                }) }
            </ul>
            <p class="xy-readout" aria-live="polite">{ readout }</p>
        </div>
    }
}

/// The pointer moves the cursor to the nearest point.
fn on_move(
    cursor: &UseStateHandle<Option<usize>>,
    node: &NodeRef,
    xs: &[f64],
    at: Scales,
) -> Callback<PointerEvent> {
    let (cursor, node, xs) = (cursor.clone(), node.clone(), xs.to_vec());
    Callback::from(move |event: PointerEvent| {
        let Some(svg) = node.cast::<web_sys::Element>() else {
            return;
        };
        let rect = svg.get_bounding_client_rect();
        let px = f64::from(event.client_x()) - rect.left();
        let nearest = xs
            .iter()
            .enumerate()
            .min_by(|a, b| (at.x(*a.1) - px).abs().total_cmp(&(at.x(*b.1) - px).abs()))
            .map(|(i, _)| i);
        cursor.set(nearest);
    })
}

/// The arrow keys, Home and End move the cursor over the `count` points.
fn on_key(cursor: &UseStateHandle<Option<usize>>, count: usize) -> Callback<KeyboardEvent> {
    let cursor = cursor.clone();
    Callback::from(move |event: KeyboardEvent| {
        if count == 0 {
            return;
        }
        let now = cursor.unwrap_or(0);
        let next = match event.key().as_str() {
            "ArrowRight" | "ArrowUp" => (now + 1).min(count - 1),
            "ArrowLeft" | "ArrowDown" => now.saturating_sub(1),
            "Home" => 0,
            "End" => count - 1,
            _ => return,
        };
        event.prevent_default();
        cursor.set(Some(next));
    })
}

/// Focus puts the cursor on the first point, if none is.
fn on_focus(cursor: &UseStateHandle<Option<usize>>) -> Callback<FocusEvent> {
    let cursor = cursor.clone();
    Callback::from(move |_: FocusEvent| {
        if cursor.is_none() {
            cursor.set(Some(0));
        }
    })
}

/// The chart's lines.
fn lines(chart: &Chart, at: Scales) -> Html {
    html! {
        { for chart.lines.iter().map(|line| {
            let d: String = line
                .points
                .iter()
                .filter(|p| p.1.is_finite())
                .enumerate()
                .map(|(i, &(px, py))| format!("{}{} {}", if i == 0 { 'M' } else { 'L' }, f(at.x(px)), f(at.y(py))))
                .collect::<Vec<_>>()
                .join(" ");
            html! { <path class={line_class(line.colour, line.dash)} {d} /> }
        }) }
    }
}

/// The cursor at `x`: a vertical line and a dot on every line.
fn marks(chart: &Chart, at: Scales, x: f64) -> Html {
    let dots = chart.lines.iter().filter_map(|line| {
        let (_, v) = line.points.iter().find(|p| p.0 == x)?;
        Some(html! { <circle class={classes!("xy-dot", format!("xy-c{}", line.colour % 4))} cx={f(at.x(x))} cy={f(at.y(*v))} r="3.5" /> })
    });
    html! {
        <>
            <line class="plot-cursor" x1={f(at.x(x))} x2={f(at.x(x))} y1={f(at.top)} y2={f(at.top + at.height)} />
            { for dots }
        </>
    }
}

/// The second axis, when the chart has one: its levels inside the plot, none crowding the
/// one below it, and its title along the right edge of a picture `width` wide.
fn second_axis(chart: &Chart, at: Scales, width: f64) -> Html {
    let Some(rule) = chart.rule.as_ref() else {
        return Html::default();
    };
    let (low, high) = chart.y_axis().map_or((0.0, 0.0), |a| (a.0, a.1));
    let mut last = f64::INFINITY;
    let ticks: Vec<(f64, String)> = rule
        .ticks()
        .into_iter()
        .filter(|(level, _)| (low..=high).contains(level))
        .filter(|(level, _)| {
            let y = at.y(*level);
            let room = last - y >= RULE_TICK_GAP;
            if room {
                last = y;
            }
            room
        })
        .collect();
    let (edge, title_x) = (at.left + at.width, width - 14.0);
    let middle = at.top + at.height / 2.0;
    html! {
        <>
            <line class="axis" x1={f(edge)} x2={f(edge)} y1={f(at.top)} y2={f(at.top + at.height)} />
            { for ticks.iter().map(|(level, text)| html! {
                <>
                    <line class="axis" x1={f(edge)} x2={f(edge + 4.0)} y1={f(at.y(*level))} y2={f(at.y(*level))} />
                    <text class="axis-tick" x={f(edge + 6.0)} y={f(at.y(*level) + 4.0)}>{ text.clone() }</text>
                </>
            }) }
            <text class="axis-title" x={f(title_x)} y={f(middle)} text-anchor="middle"
                transform={format!("rotate(90 {title_x:.1} {middle:.1})")}>{ rule.label() }</text>
        </>
    }
}
