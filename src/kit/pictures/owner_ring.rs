//! The ring every view draws the same way: each owner's stretches as a thick arc in its
//! colour (read at the picture's resolution, so a ring of a thousand points per server
//! still shows every colour), hairline ticks for the points while they are far enough
//! apart to see, and the view's own marks on top, in the same coordinates. Drawing only:
//! the arcs come from `ringlab_model::geometry`.

use std::rc::Rc;

use ringlab_model::geometry::{at_resolution, owner_arcs, owner_path, polar, Arc, RING_SLICES};
use yew::prelude::*;

use super::swatch::own;

/// Ticks are drawn for rings of at most this many points: about 5 px apart on average
/// round a ring 240 px across (hashed points bunch, so some are closer).
const MOST_TICKS: usize = 150;

#[derive(Properties, PartialEq)]
pub struct OwnerRingProps {
    /// Every point: (owner, turn).
    pub points: Rc<Vec<(usize, f64)>>,
    /// The stretches each owner holds; `None` reads them from the points by the ring's
    /// rule (the next point clockwise owns a key).
    #[prop_or_default]
    pub arcs: Option<Rc<Vec<Arc>>>,
    /// Owners drawn grey: down, failed, dead.
    #[prop_or_default]
    pub dead: Rc<Vec<bool>>,
    /// The picture's side, in SVG units; the ring sits in its middle.
    pub size: f64,
    pub radius: f64,
    /// The svg's class, for the view's layout.
    pub class: &'static str,
    pub label: String,
    /// The view's marks, drawn over the ring (see [`center`]).
    #[prop_or_default]
    pub children: Html,
}

/// The ring's centre for a picture of side `size`.
pub fn center(size: f64) -> (f64, f64) {
    (size / 2.0, size / 2.0)
}

#[component]
pub fn OwnerRing(props: &OwnerRingProps) -> Html {
    let c = center(props.size);
    let r = props.radius;
    let arcs = match &props.arcs {
        Some(arcs) => at_resolution(arcs, RING_SLICES),
        None => at_resolution(&owner_arcs(&props.points), RING_SLICES),
    };
    let owners = arcs.iter().map(|a| a.owner + 1).max().unwrap_or(0);
    let dead = |owner: usize| props.dead.get(owner) == Some(&true);
    let colour = |owner: usize| {
        if dead(owner) {
            "own-dead".to_string()
        } else {
            own(owner)
        }
    };
    let sparse = props.points.len() <= MOST_TICKS;
    let f = |v: f64| format!("{v:.2}");
    let ticks = sparse.then(|| {
        html! { <>{ for props.points.iter().map(|&(owner, turn)| {
            let (x0, y0) = polar(c, r - 9.0, turn);
            let (x1, y1) = polar(c, r + 9.0, turn);
            html! { <line class={classes!("owner-tick", colour(owner))} x1={f(x0)} y1={f(y0)} x2={f(x1)} y2={f(y1)} /> }
        }) }</> }
    });
    html! {
        <svg class={classes!("owner-ring", props.class)} viewBox={format!("0 0 {0} {0}", props.size)} role="img" aria-label={props.label.clone()}>
            <circle class="owner-track" cx={f(c.0)} cy={f(c.1)} r={f(r)} />
            { for (0..owners).map(|owner| html! {
                <path class={classes!("owner-arc", colour(owner))} d={owner_path(&arcs, owner, c, r)} />
            }) }
            { ticks.unwrap_or_default() }
            { props.children.clone() }
        </svg>
    }
}
