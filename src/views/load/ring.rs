//! The ring of the load page: the servers' points, the pushed keys (a tick outside the ring
//! where each hashes; an arrow along its walk to the server that took it, when the walk is
//! long enough to see), and the hot key.

use std::rc::Rc;

use ringlab_model::geometry::{arc_path, polar};
use ringlab_model::views::load::prose::VISIBLE_WALK;
use ringlab_model::views::load::scene::LoadScene;
use yew::prelude::*;

use crate::kit::pictures::owner_ring::{center, OwnerRing};

const SIZE: f64 = 260.0;
const R: f64 = 96.0;

/// The point at `turn` at radius `r`.
fn at(turn: f64, r: f64) -> (f64, f64) {
    polar(center(SIZE), r, turn)
}

#[derive(Properties, PartialEq)]
pub struct RingProps {
    pub scene: Rc<LoadScene>,
}

#[component]
pub fn LoadRing(props: &RingProps) -> Html {
    let s = &props.scene;
    let f = |v: f64| format!("{v:.2}");
    let walkers = s.walkers.iter().map(|w| {
        let (x1, y1) = at(w.from, R + 7.0);
        let (x2, y2) = at(w.from, R + 17.0);
        let length = (w.to - w.from).rem_euclid(1.0);
        html! {
            <>
                <line class="walk-key" x1={f(x1)} y1={f(y1)} x2={f(x2)} y2={f(y2)} />
                if length >= VISIBLE_WALK {
                    <path class="walk" d={arc_path(center(SIZE), R + 12.0, w.from, w.from + length)} marker-end="url(#load-arrow)" />
                }
            </>
        }
    });
    let hot = s.hot.as_ref().map(|h| {
        let (x, y) = at(h.at, R);
        let (lx, ly) = at(h.at, R - 26.0);
        html! {
            <>
                <circle class="hot-key" cx={f(x)} cy={f(y)} r="7" />
                <text class="hot-label" x={f(lx)} y={f(ly + 4.0)} text-anchor="middle">{ "hot" }</text>
            </>
        }
    });
    let label = match (&s.hot, s.walkers.len()) {
        (Some(h), _) => format!(
            "The ring of {} servers; the hot key hashes to the marked spot and stays whole on {}; {} pushed keys drawn walking clockwise",
            s.names.len(),
            s.names[h.server],
            s.walkers.len()
        ),
        (None, 0) => format!("The ring of {} servers; no key is pushed off home", s.names.len()),
        (None, n) => format!(
            "The ring of {} servers; the {n} most requested pushed keys drawn walking clockwise to the server that took them",
            s.names.len()
        ),
    };
    html! {
        <OwnerRing points={Rc::new(s.points.clone())} arcs={Rc::new(s.arcs.clone())} size={SIZE} radius={R}
            class="load-ring" {label}>
            <defs>
                <marker id="load-arrow" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="3.5" markerHeight="3.5" orient="auto-start-reverse">
                    <path class="walk-head" d="M0 0 L10 5 L0 10 z" />
                </marker>
            </defs>
            { for walkers }
            { hot.unwrap_or_default() }
        </OwnerRing>
    }
}
