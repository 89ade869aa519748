//! The picture: the system's ring as arcs coloured by owner, the selected key's place and
//! its owner's points; for Maglev, which has a table and no ring, a sentence instead.
//! Drawing only: every position comes from `ringlab_model::systems::picture`.

use std::f64::consts::TAU;
use std::fmt::Write;

use ringlab_core::Partitioner;
use ringlab_model::systems::picture::{arcs, arcs_of, key_position, Arc};
use yew::prelude::*;

const CENTER: f64 = 120.0;
const RADIUS: f64 = 92.0;
/// The band outside the ring that marks the owner's arcs.
const BAND: f64 = 108.0;

/// The point at `fraction` of the circle, clockwise from the top, at `radius`.
fn at(fraction: f64, radius: f64) -> (f64, f64) {
    let angle = fraction * TAU;
    (CENTER + radius * angle.sin(), CENTER - radius * angle.cos())
}

/// One SVG path of all of `server`'s arcs, at radius `r`.
fn path(arcs: &[Arc], server: usize, r: f64) -> String {
    let mut d = String::new();
    for arc in arcs.iter().filter(|a| a.server == server) {
        let (x1, y1) = at(arc.from, r);
        let (x2, y2) = at(arc.to, r);
        let large = u8::from(arc.to - arc.from > 0.5);
        if arc.to - arc.from >= 0.999_999 {
            // A whole circle: two half arcs.
            let (xm, ym) = at(arc.from + 0.5, r);
            let _ = write!(
                d,
                "M{x1:.2} {y1:.2}A{r} {r} 0 1 1 {xm:.2} {ym:.2}A{r} {r} 0 1 1 {x1:.2} {y1:.2}"
            );
        } else {
            let _ = write!(d, "M{x1:.2} {y1:.2}A{r} {r} 0 {large} 1 {x2:.2} {y2:.2}");
        }
    }
    d
}

#[derive(Properties)]
pub struct RingProps {
    /// The partitioner, compared by address (a new outcome draws again).
    pub partitioner: std::rc::Rc<dyn Partitioner>,
    /// The key shown (`key` is Yew's own property).
    pub marked: Option<String>,
    pub owner: Option<usize>,
    pub label: String,
    /// What to say instead for a scheme without a ring.
    pub no_ring: &'static str,
}

impl PartialEq for RingProps {
    fn eq(&self, other: &Self) -> bool {
        std::rc::Rc::ptr_eq(&self.partitioner, &other.partitioner)
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
    let Some(arcs) = arcs(p) else {
        return html! { <p class="sys-no-ring">{ props.no_ring }</p> };
    };
    let servers = p.servers().len();
    let marker = props
        .marked
        .as_ref()
        .and_then(|k| key_position(p, k.as_bytes()));
    let band = props.owner.map(|owner| {
        let d = path(&arcs_of(&arcs, owner), owner, BAND);
        html! { <path class={classes!("sys-band", format!("sys-s{}", owner % 8))} d={d} /> }
    });
    let marker = marker.map(|f| {
        let (x, y) = at(f, RADIUS);
        let (lx, ly) = at(f, RADIUS - 22.0);
        html! {
            <>
                <line class="sys-key-line" x1={format!("{x:.2}")} y1={format!("{y:.2}")}
                    x2={format!("{lx:.2}")} y2={format!("{ly:.2}")} />
                <circle class="sys-key" cx={format!("{x:.2}")} cy={format!("{y:.2}")} r="5" />
            </>
        }
    });
    html! {
        <svg class="sys-ring" viewBox="0 0 240 240" role="img" aria-label={props.label.clone()}>
            <circle class="sys-track" cx={CENTER.to_string()} cy={CENTER.to_string()} r={RADIUS.to_string()} />
            { for (0..servers).map(|s| html! {
                <path class={classes!("sys-arc", format!("sys-s{}", s % 8))} d={path(&arcs, s, RADIUS)} />
            }) }
            { for band }
            { for marker }
        </svg>
    }
}
