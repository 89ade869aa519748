//! A plot of lines against points per server on a log2 axis (the lab's figures): labelled
//! axes, a legend, and a readout of every line at one V, moved by the pointer or, with the
//! plot focused, by the arrow keys. Drawn at the size it is shown, so its text stays at
//! the stylesheet's 12 px at any width.

use std::rc::Rc;

use ringlab_model::chart::{spaced_ticks, Frame, Margins};
use ringlab_model::lab::series::{Chart, Dash};
use yew::prelude::*;

use crate::element_width::use_element_width_while;

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
    let (left, top) = (margins.left, margins.top);
    let (pw, ph) = (frame.plot_width(), frame.plot_height());
    // x: log2 from the first to the last V.
    let (x0, x1) = (
        xs.first().copied().unwrap_or(1.0).log2(),
        xs.last()
            .copied()
            .unwrap_or(2.0)
            .log2()
            .max(xs.first().copied().unwrap_or(1.0).log2() + 1.0),
    );
    let x = move |v: f64| left + pw * (v.log2() - x0) / (x1 - x0);
    let axis = chart.y_axis();
    let log_y = chart.log_y;
    let y = {
        let (low, high) = axis.as_ref().map_or((0.0, 1.0), |a| (a.0, a.1));
        move |v: f64| {
            let share = if log_y && low > 0.0 && v > 0.0 {
                (v / low).ln() / (high / low).ln()
            } else {
                (v - low) / (high - low)
            };
            top + ph * (1.0 - share.clamp(0.0, 1.0))
        }
    };
    let f = |v: f64| format!("{v:.1}");
    let shown = cursor.and_then(|i| xs.get(i).copied());

    let on_move = {
        let (cursor, node, xs) = (cursor.clone(), node.clone(), xs.clone());
        Callback::from(move |event: PointerEvent| {
            let Some(svg) = node.cast::<web_sys::Element>() else {
                return;
            };
            let rect = svg.get_bounding_client_rect();
            let at = f64::from(event.client_x()) - rect.left();
            let nearest = xs
                .iter()
                .enumerate()
                .min_by(|a, b| (x(*a.1) - at).abs().total_cmp(&(x(*b.1) - at).abs()))
                .map(|(i, _)| i);
            cursor.set(nearest);
        })
    };
    let on_key = {
        let (cursor, count) = (cursor.clone(), xs.len());
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
    };
    let on_focus = {
        let cursor = cursor.clone();
        Callback::from(move |_: FocusEvent| {
            if cursor.is_none() {
                cursor.set(Some(0));
            }
        })
    };
    let lines = chart.lines.iter().map(|line| {
        let d: String = line
            .points
            .iter()
            .filter(|p| p.1.is_finite())
            .enumerate()
            .map(|(i, &(px, py))| {
                format!(
                    "{}{} {}",
                    if i == 0 { 'M' } else { 'L' },
                    f(x(px)),
                    f(y(py))
                )
            })
            .collect::<Vec<_>>()
            .join(" ");
        let class = classes!(
            "xy-line",
            format!("xy-c{}", line.colour % 4),
            dash_class(line.dash)
        );
        html! { <path {class} {d} /> }
    });
    let marks = shown.map(|at| {
        let dots = chart.lines.iter().filter_map(|line| {
            let (_, v) = line.points.iter().find(|p| p.0 == at)?;
            Some(html! { <circle class={classes!("xy-dot", format!("xy-c{}", line.colour % 4))} cx={f(x(at))} cy={f(y(*v))} r="3.5" /> })
        });
        html! {
            <>
                <line class="plot-cursor" x1={f(x(at))} x2={f(x(at))} y1={f(top)} y2={f(top + ph)} />
                { for dots }
            </>
        }
    });
    let y_ticks = axis
        .as_ref()
        .map(|(_, _, ticks)| ticks.clone())
        .unwrap_or_default();
    let middle = top + ph / 2.0;
    // The x labels that fit side by side, at about 7 px a digit of 12 px text.
    let x_ticks = spaced_ticks(
        &xs.iter()
            .map(|&v| (x(v), 7.0 * format!("{v}").len() as f64))
            .collect::<Vec<_>>(),
        8.0,
    );
    // The second axis: its levels inside the plot, none crowding the one below it.
    let rule = chart.rule.as_ref().map(|rule| {
        let (low, high) = axis.as_ref().map_or((0.0, 0.0), |a| (a.0, a.1));
        let mut last = f64::INFINITY;
        let ticks: Vec<(f64, String)> = rule
            .ticks()
            .into_iter()
            .filter(|(level, _)| (low..=high).contains(level))
            .filter(|(level, _)| {
                let at = y(*level);
                let room = last - at >= RULE_TICK_GAP;
                if room {
                    last = at;
                }
                room
            })
            .collect();
        let (edge, title_x) = (left + pw, frame.width - 14.0);
        html! {
            <>
                <line class="axis" x1={f(edge)} x2={f(edge)} y1={f(top)} y2={f(top + ph)} />
                { for ticks.iter().map(|(level, text)| html! {
                    <>
                        <line class="axis" x1={f(edge)} x2={f(edge + 4.0)} y1={f(y(*level))} y2={f(y(*level))} />
                        <text class="axis-tick" x={f(edge + 6.0)} y={f(y(*level) + 4.0)}>{ text.clone() }</text>
                    </>
                }) }
                <text class="axis-title" x={f(title_x)} y={f(middle)} text-anchor="middle"
                    transform={format!("rotate(90 {title_x:.1} {middle:.1})")}>{ rule.label() }</text>
            </>
        }
    });
    let legend = chart.lines.iter().map(|line| {
        let class = classes!("xy-line", format!("xy-c{}", line.colour % 4), dash_class(line.dash));
        html! {
            <li>
                <svg class="xy-key" viewBox="0 0 28 10" aria-hidden="true"><path {class} d="M1 5 L27 5" /></svg>
                { line.label.clone() }
            </li>
        }
    });
    let readout = match shown {
        Some(at) => chart.readout(at),
        None => {
            format!(
                "Point at the plot, or focus it and use the arrow keys, to read every line at one {}.",
                chart.x_name
            )
        }
    };
    html! {
        <div class="xy">
            <svg ref={node} class="plot xy-plot" viewBox={frame.view_box()} height={frame.height.to_string()} role="img" tabindex="0"
                aria-label={props.label.clone()} onpointermove={on_move} onkeydown={on_key} onfocus={on_focus}>
                { for y_ticks.iter().map(|&v| html! {
                    <>
                        <line class="axis-grid" x1={f(left)} x2={f(left + pw)} y1={f(y(v))} y2={f(y(v))} />
                        <text class="axis-tick" x={f(left - 6.0)} y={f(y(v) + 4.0)} text-anchor="end">{ chart.unit.tick(v) }</text>
                    </>
                }) }
                // The last tick ends at the plot's edge, so that it is never cut.
                { for x_ticks.iter().map(|&i| html! {
                    <text class="axis-tick" x={f(x(xs[i]))} y={f(top + ph + 15.0)}
                        text-anchor={if i + 1 == xs.len() { "end" } else { "middle" }}>{ format!("{}", xs[i]) }</text>
                }) }
                <line class="axis" x1={f(left)} x2={f(left + pw)} y1={f(top + ph)} y2={f(top + ph)} />
                { for lines }
                { for marks }
                { for rule }
                <text class="axis-title" x={f(left + pw / 2.0)} y={f(frame.height - 4.0)} text-anchor="middle">{ chart.x_label }</text>
                <text class="axis-title" x="11" y={f(middle)} text-anchor="middle" transform={format!("rotate(-90 11 {middle:.1})")}>{ chart.y_label }</text>
            </svg>
            <ul class="xy-legend">{ for legend }</ul>
            <p class="xy-readout" aria-live="polite">{ readout }</p>
        </div>
    }
}
