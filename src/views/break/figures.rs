//! What a run shows at second `t`: the ring, the nodes' loads, the hit rate and the
//! database load; then what happened, and the run second by second.

use std::rc::Rc;

use ringlab_core::load::cluster::Event as ClusterEvent;
use ringlab_model::views::r#break::prose;
use ringlab_model::views::r#break::story::{cluster, Story};
use yew::prelude::*;

use super::ring::NodesRing;
use crate::kit::pictures::bars::{Bars, Line};
use crate::kit::pictures::plot::Plot;

/// The four figures at second `t`, the charts drawn up to `shown` seconds.
pub fn figures(s: &Story, t: usize, shown: usize) -> Html {
    let c = cluster();
    let now = s.run.seconds.get(t).cloned();
    let names = Rc::new(s.run.nodes.clone());
    let (loads, alive) = now
        .as_ref()
        .map(|n| (n.loads.clone(), n.alive.clone()))
        .unwrap_or_default();
    // Dead: not alive, and already in the cluster (a node joining later is not dead yet).
    let joined_at = s
        .scenario
        .events
        .iter()
        .find(|(_, e)| *e == ClusterEvent::Join)
        .map(|(at, _)| *at as usize);
    let dead: Rc<Vec<bool>> = Rc::new(
        alive
            .iter()
            .enumerate()
            .map(|(n, a)| !a && (n < c.nodes || joined_at.is_some_and(|at| t >= at)))
            .collect(),
    );
    let alive = Rc::new(alive);
    let upto = |f: fn(&ringlab_core::load::cluster::Second) -> f64| -> Rc<Vec<f64>> {
        Rc::new(s.run.seconds.iter().take(shown).map(f).collect())
    };
    let (hit, db) = (upto(|x| x.hit_rate), upto(|x| x.db_load));
    html! {
            <div class="break-figures">
                <figure>
                    <NodesRing points={Rc::new(s.points())} alive={alive.clone()} names={names.clone()}
                        label={prose::ring_label(s, t)} />
                    <figcaption>{ prose::ring_caption(t) }</figcaption>
                </figure>
                <figure>
                    <Bars names={names.clone()} values={Rc::new(loads)} limit={Some(c.capacity)} dead={Some(dead)}
                        lines={vec![Line { value: c.capacity, label: "capacity".into(), kind: "cap" }]}
                        x_label="nodes" label={prose::loads_label(t)} />
                    <figcaption>{ "Each node's requests a second. Red: over capacity. A grey column: a dead node." }</figcaption>
                </figure>
                <figure>
                    <Plot values={hit} y_label="hit rate" share=true top={Some(1.0)} cursor={t} span={Some(s.run.seconds.len())}
                        label={prose::hit_label(s)} />
                    <figcaption>{ "Cache hit rate" }</figcaption>
                </figure>
                <figure>
                    <Plot values={db} y_label="requests/s" limit={Some((c.db_capacity, "database capacity"))} cursor={t} span={Some(s.run.seconds.len())}
                        label={prose::db_label(s)} />
                    <figcaption>{ "Database load" }</figcaption>
                </figure>
            </div>
    }
}

/// The events so far (all of them once `seen_end`) and the run's table up to `shown`.
pub fn record(s: &Story, t: usize, shown: usize, seen_end: bool) -> Html {
    html! {
        <>
            <h3 class="break-events-title">{ "What happened" }</h3>
            if s.events.is_empty() {
                <p class="break-no-events">{ "Nothing: no node joined or died." }</p>
            } else if !seen_end && s.events.iter().all(|(at, _)| *at as usize > t) {
                <p class="break-no-events">{ prose::nothing_yet(t) }</p>
            } else {
                <ol class="break-events">
                    { for s.events.iter().filter(|(at, _)| seen_end || *at as usize <= t).map(|(at, text)| html! {
                        <li class={classes!((*at as usize > t).then_some("break-later"))}>{ prose::event_line(*at, text) }</li>
                    }) }
                </ol>
            }
            <details class="break-table">
                <summary>{ "The run, second by second" }</summary>
                <div class="scroll-box" tabindex="0" role="region" aria-label="The run, second by second">
                <table>
                    <thead><tr><th scope="col">{ "Second" }</th><th scope="col">{ "Hit rate" }</th><th scope="col">{ "Database (req/s)" }</th><th scope="col">{ "Failing" }</th><th scope="col">{ "Nodes alive" }</th></tr></thead>
                    <tbody>
                        { for s.rows().into_iter().take(shown).map(|[a, b, c, d, e]| html! {
                            <tr><th scope="row">{ a }</th><td>{ b }</td><td>{ c }</td><td>{ d }</td><td>{ e }</td></tr>
                        }) }
                    </tbody>
                </table>
                </div>
            </details>
        </>
    }
}
