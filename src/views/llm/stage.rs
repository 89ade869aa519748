//! The llm view's picture at one moment: the workers round the ring a ring router uses,
//! the requests of that stretch flying to the worker that took them (coloured by their
//! prompt family), and each worker's cache as a bar against its size. Drawing only.

use std::rc::Rc;

use ringlab_model::geometry::polar;
use ringlab_model::views::llm::params::LlmParams;
use ringlab_model::views::llm::prose;
use ringlab_model::views::llm::run::RouterRun;
use ringlab_model::views::llm::scene::ring_arcs;
use yew::prelude::*;

use crate::kit::pictures::bars::{Bars, Line};
use crate::kit::pictures::owner_ring::{center, OwnerRing};
use crate::kit::pictures::swatch::swatch;

const SIZE: f64 = 300.0;
const RADIUS: f64 = 96.0;
/// Where the workers' badges sit, outside the ring.
const BADGE: f64 = 128.0;

#[derive(Properties, PartialEq)]
pub struct StageProps {
    pub run: Rc<RouterRun>,
    pub params: LlmParams,
    /// Stretches played (0 to STEPS); the picture shows the last one played.
    pub step: usize,
}

#[component]
pub fn Stage(props: &StageProps) -> Html {
    let (run, p) = (&props.run, &props.params);
    let shown = props.step.saturating_sub(1);
    let workers = run.workers();
    let live: Vec<usize> = (0..workers).filter(|&w| run.live(w, shown, p)).collect();
    let arcs = use_memo((live.clone(), p.vnodes), |(live, vnodes)| {
        ring_arcs(live, *vnodes as u32)
    });
    let f = |v: f64| format!("{v:.1}");
    let (cx, cy) = center(SIZE);
    let badge_at = |w: usize| polar((cx, cy), BADGE, (w as f64 + 0.5) / workers as f64);
    let badges = (0..workers).map(|w| {
        let (x, y) = badge_at(w);
        let class = if live.contains(&w) {
            swatch(w)
        } else {
            "llm-gone".to_string()
        };
        html! {
            <g class="llm-badge">
                <circle class={class} cx={f(x)} cy={f(y)} r="13" />
                <text x={f(x)} y={f(y + 4.0)} text-anchor="middle">{ format!("w{w}") }</text>
            </g>
        }
    });
    let stretch = props.step.checked_sub(1).and_then(|i| run.stretches.get(i));
    let dots = stretch.map(|s| {
        let count = s.dots.len().max(1);
        html! {
            // Keyed by the moment: a new stretch's requests fly in from the centre again
            // (static/llm.css animates cx and cy from 0, the group's origin).
            <g class="llm-dots" key={props.step} transform={format!("translate({} {})", f(cx), f(cy))}>
                { for s.dots.iter().enumerate().map(|(i, &(w, family))| {
                    let (bx, by) = badge_at(w);
                    // Spread round the badge so that a worker's requests do not stack.
                    let (x, y) = polar((bx, by), 19.0, i as f64 / count as f64);
                    html! { <circle class={format!("llm-dot fam-{family}")} cx={f(x - cx)} cy={f(y - cy)} r="4" /> }
                }) }
            </g>
        }
    });
    let label = format!(
        "The ring a ring router uses over the {} workers in the fleet, each worker's badge round it{}",
        live.len(),
        match stretch {
            Some(s) => format!(", and {} of this stretch's requests drawn at the worker that took them", s.dots.len()),
            None => String::new(),
        }
    );
    let held: Vec<f64> = (0..workers)
        .map(|w| stretch.map_or(0.0, |s| s.held[w] as f64))
        .collect();
    let names: Vec<String> = (0..workers).map(|w| format!("worker-{w}")).collect();
    let gone: Vec<bool> = (0..workers).map(|w| !live.contains(&w)).collect();
    let bars_label = format!(
        "Blocks each worker's cache holds at this moment, against its size of {}",
        ringlab_model::format::grouped(p.cache)
    );
    html! {
        <div class="llm-stage">
            <figure class="llm-ring-figure">
                <OwnerRing points={Rc::new(Vec::new())} arcs={Some(Rc::new((*arcs).clone()))} size={SIZE} radius={RADIUS}
                    class="llm-ring" {label}>
                    { for badges }
                    { dots.unwrap_or_default() }
                </OwnerRing>
                <figcaption>{ "Each dot is a request of this stretch, at the worker that took it. Requests whose prompts start with the same two blocks (one conversation) share a colour." }</figcaption>
            </figure>
            <figure class="llm-caches">
                <Bars names={Rc::new(names)} values={Rc::new(held)}
                    lines={vec![Line { value: p.cache as f64, label: "cache size".into(), kind: "cap" }]}
                    limit={Some(p.cache as f64 + 0.5)} dead={Some(Rc::new(gone))}
                    x_label="workers" y_label="blocks cached" label={bars_label} />
                <figcaption>{ prose::caches(run, props.step, p.cache) }</figcaption>
            </figure>
        </div>
    }
}
