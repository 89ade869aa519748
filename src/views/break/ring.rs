//! The cluster's ring: each node's stretches in its colour, a dead node's grey,
//! and with one point per node, the nodes' names.

use std::rc::Rc;

use ringlab_model::geometry::polar;
use yew::prelude::*;

use crate::kit::pictures::owner_ring::{center, OwnerRing};

const SIZE: f64 = 220.0;
const R: f64 = 80.0;

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
    let dead = use_memo(props.alive.clone(), |alive| {
        alive.iter().map(|a| !a).collect::<Vec<bool>>()
    });
    let f = |v: f64| format!("{v:.2}");
    // With one point per node, the points carry the nodes' names.
    let names = (props.points.len() <= 16).then(|| {
        html! { <>{ for props.points.iter().map(|&(node, turn)| {
            let (x, y) = polar(center(SIZE), R + 24.0, turn);
            let name = props.names.get(node).cloned().unwrap_or_default();
            let short = name.trim_start_matches("cache-").to_string();
            html! { <text class="ring-name" x={f(x)} y={f(y + 4.0)} text-anchor="middle">{ short }</text> }
        }) }</> }
    });
    html! {
        <OwnerRing points={props.points.clone()} dead={Rc::new((*dead).clone())} size={SIZE} radius={R}
            class="nodes-ring" label={props.label.clone()}>
            { names.unwrap_or_default() }
        </OwnerRing>
    }
}
