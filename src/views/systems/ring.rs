//! The picture: the system's ring as arcs coloured by owner, the selected key's place and
//! its owner's arcs marked outside the ring; for Maglev, which has a table and no ring, a
//! sentence instead. Drawing only: every position comes from
//! `ringlab_model::views::systems::picture`.

use std::rc::Rc;

use ringlab_core::Partitioner;
use ringlab_model::geometry::{at_resolution, owner_path, polar, RING_SLICES};
use ringlab_model::views::systems::picture::{arcs, key_position, points_of};
use yew::prelude::*;

use crate::kit::pictures::owner_ring::{center, OwnerRing};
use crate::kit::pictures::swatch::own;

const SIZE: f64 = 240.0;
const RADIUS: f64 = 92.0;
/// The band outside the ring that marks the owner's arcs.
const BAND: f64 = 110.0;

#[derive(Properties)]
pub struct RingProps {
    /// The partitioner, compared by address (a new outcome draws again).
    pub partitioner: Rc<dyn Partitioner>,
    /// The key shown (`key` is Yew's own property).
    pub marked: Option<String>,
    pub owner: Option<usize>,
    pub label: String,
    /// What to say instead for a scheme without a ring.
    pub no_ring: &'static str,
}

impl PartialEq for RingProps {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.partitioner, &other.partitioner)
            && self.marked == other.marked
            && self.owner == other.owner
            && self.label == other.label
            && self.no_ring == other.no_ring
    }
}

/// The ring, or a sentence for a scheme without one.
#[function_component]
pub fn RingPicture(props: &RingProps) -> Html {
    let p = props.partitioner.as_ref();
    let (Some(arcs), Some(points)) = (arcs(p), points_of(p)) else {
        return html! { <p class="sys-no-ring">{ props.no_ring }</p> };
    };
    let c = center(SIZE);
    let f = |v: f64| format!("{v:.2}");
    let band = props.owner.map(|owner| {
        let d = owner_path(&at_resolution(&arcs, RING_SLICES), owner, c, BAND);
        html! { <path class={classes!("sys-band", own(owner))} d={d} /> }
    });
    let marker = props
        .marked
        .as_ref()
        .and_then(|k| key_position(p, k.as_bytes()))
        .map(|turn| {
            let (x, y) = polar(c, RADIUS, turn);
            let (lx, ly) = polar(c, RADIUS - 22.0, turn);
            html! {
                <>
                    <line class="sys-key-line" x1={f(x)} y1={f(y)} x2={f(lx)} y2={f(ly)} />
                    <circle class="sys-key" cx={f(x)} cy={f(y)} r="5" />
                </>
            }
        });
    html! {
        <OwnerRing points={Rc::new(points)} arcs={Rc::new(arcs)} size={SIZE} radius={RADIUS}
            class="sys-ring" label={props.label.clone()}>
            { for band }
            { for marker }
        </OwnerRing>
    }
}
