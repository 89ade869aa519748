//! The cluster's ring: every node's points, dead nodes' greyed.

use std::rc::Rc;

use yew::prelude::*;

const C: f64 = 110.0;
const R: f64 = 84.0;

#[derive(Properties, PartialEq)]
pub struct NodesRingProps {
    /// (node, fraction of a turn) for every point.
    pub points: Rc<Vec<(usize, f64)>>,
    pub alive: Rc<Vec<bool>>,
    pub names: Rc<Vec<String>>,
    pub label: String,
}

#[component]
pub fn NodesRing(props: &NodesRingProps) -> Html {
    let f = |v: f64| format!("{v:.2}");
    let long = props.points.len() <= 16;
    let ticks = props.points.iter().map(|&(node, turn)| {
        let a = turn * std::f64::consts::TAU;
        let (inner, outer) = if long {
            (R - 12.0, R + 12.0)
        } else {
            (R - 6.0, R + 6.0)
        };
        let alive = props.alive.get(node) == Some(&true);
        let class = classes!(
            "ring-point",
            if alive {
                format!("srv-{}", node % 8)
            } else {
                "ring-dead".to_string()
            }
        );
        html! {
            <line class={class} x1={f(C + inner * a.sin())} y1={f(C - inner * a.cos())}
                x2={f(C + outer * a.sin())} y2={f(C - outer * a.cos())} />
        }
    });
    // With one point per node, the points carry the nodes' names.
    let names = long.then(|| {
        html! { <>{ for props.points.iter().map(|&(node, turn)| {
            let a = turn * std::f64::consts::TAU;
            let r = R + 22.0;
            let name = props.names.get(node).cloned().unwrap_or_default();
            let short = name.trim_start_matches("cache-").to_string();
            html! { <text class="ring-name" x={f(C + r * a.sin())} y={f(C - r * a.cos() + 4.0)} text-anchor="middle">{ short }</text> }
        }) }</> }
    });
    html! {
        <svg class="nodes-ring" viewBox="0 0 220 220" role="img" aria-label={props.label.clone()}>
            <circle class="ring-track" cx={f(C)} cy={f(C)} r={f(R)} />
            { for ticks }
            { names.unwrap_or_default() }
        </svg>
    }
}
