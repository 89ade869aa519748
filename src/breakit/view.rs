//! The stepper: five scenarios forward and back, each run played second by second, with
//! the verdict and why, the ring, the nodes' loads, the hit rate and the database load.

use std::rc::Rc;

use gloo::timers::callback::Interval;
use ringlab_core::load::cluster::{Event as ClusterEvent, Fix, Status, SCENARIOS};
use ringlab_model::breakit::params::{BreakParams, SPEEDS};
use ringlab_model::breakit::player::{Player, PlayerAction};
use ringlab_model::breakit::prose;
use ringlab_model::breakit::story::{cluster, story, Story};
use ringlab_model::ViewState;
use wasm_bindgen::JsCast;
use web_sys::{HtmlDetailsElement, HtmlSelectElement};
use yew::prelude::*;

use super::ring::NodesRing;
use crate::browser::media_matches;
use crate::fix_picker::FixPicker;
use crate::notes::ViewNotes;
use crate::pictures::bars::{Bars, Line};
use crate::pictures::plot::Plot;
use crate::probe::tell;
use crate::store::Store;
use crate::url_out::use_url_out;
use crate::view_props::ViewProps;
use crate::visible::use_visible;

fn status_class(status: Status) -> &'static str {
    match status {
        Status::Healthy => "status-healthy",
        Status::Degraded => "status-degraded",
        Status::Down => "status-down",
    }
}

/// One scenario's whole text: for "Read every step as text".
fn story_text(s: &Story) -> Html {
    html! {
        <li>
            <h3>{ format!("{}: {}", s.scenario.name, s.status().name()) }</h3>
            <p>{ s.setup.clone() }</p>
            <p>{ s.why.clone() }</p>
            if !s.events.is_empty() {
                <ol class="break-events">
                    { for s.events.iter().map(|(t, text)| html! { <li>{ prose::event_line(*t, text) }</li> }) }
                </ol>
            }
        </li>
    }
}

#[component]
pub fn BreakIt(props: &ViewProps) -> Html {
    let player = {
        let (query, controls) = (props.query.clone(), props.controls);
        use_reducer(move || {
            let (params, notes) = BreakParams::from_query(&query);
            let last = cluster().seconds.saturating_sub(1) as usize;
            let player = Player::new(params, last, notes);
            // Without controls (an embed with controls=0) nobody can play it: the run is
            // shown whole.
            Store::new(if controls {
                player
            } else {
                player.shown_whole()
            })
        })
    };
    let p = player.shared();
    use_url_out(props, p.params.to_query());
    // The scenario shown is run when it is shown; the other four only when the reader
    // opens "Read every step as text" (five runs at once would block the first paint).
    let story_now = use_memo((p.params.scenario, p.params.fix), |&(i, fix)| story(i, fix));
    let s: &Story = &story_now;
    let all_open = use_state_eq(|| false);
    let stories = use_memo((*all_open, p.params.fix), |&(open, fix)| {
        if open {
            (0..SCENARIOS.len())
                .map(|i| story(i, fix))
                .collect::<Vec<_>>()
        } else {
            Vec::new()
        }
    });
    let on_toggle_all = {
        let all_open = all_open.clone();
        Callback::from(move |e: Event| {
            let open = e
                .target()
                .and_then(|t| t.dyn_into::<HtmlDetailsElement>().ok())
                .is_some_and(|d| d.open());
            all_open.set(open);
        })
    };
    let node = use_node_ref();
    let visible = use_visible(&node);
    {
        let dispatch = player.dispatcher();
        let (playing, speed) = (p.playing, p.params.speed);
        let node = node.clone();
        use_effect_with(
            (playing, visible, speed),
            move |&(playing, visible, speed)| {
                let interval = (playing && visible).then(|| {
                    Interval::new(1000 / speed.max(1), move || {
                        dispatch.dispatch(PlayerAction::Tick)
                    })
                });
                // Whether a timer runs: tests wait on it, not on a clock.
                if let Some(element) = node.cast::<web_sys::Element>() {
                    tell(
                        &element,
                        "ticking",
                        if interval.is_some() { "true" } else { "false" },
                    );
                }
                move || drop(interval)
            },
        );
    }
    let send = |action: PlayerAction| {
        let dispatch = player.dispatcher();
        Callback::from(move |_: MouseEvent| dispatch.dispatch(action))
    };
    let go = |index: usize| {
        let dispatch = player.dispatcher();
        Callback::from(move |_: MouseEvent| {
            let play = !media_matches("(prefers-reduced-motion: reduce)");
            dispatch.dispatch(PlayerAction::Go { index, play })
        })
    };
    let on_speed = {
        let dispatch = player.dispatcher();
        Callback::from(move |e: Event| {
            let value = e
                .target()
                .and_then(|t| t.dyn_into::<HtmlSelectElement>().ok())
                .and_then(|s| s.value().parse::<u32>().ok());
            if let Some(speed) = value {
                dispatch.dispatch(PlayerAction::Speed(speed));
            }
        })
    };
    let on_seek = {
        let dispatch = player.dispatcher();
        Callback::from(move |v: f64| dispatch.dispatch(PlayerAction::Seek(v.round() as usize)))
    };
    let on_fix = {
        let dispatch = player.dispatcher();
        Callback::from(move |fix: Fix| dispatch.dispatch(PlayerAction::Fix(fix)))
    };
    let on_dismiss = {
        let dispatch = player.dispatcher();
        Callback::from(move |()| dispatch.dispatch(PlayerAction::Dismiss))
    };

    let c = cluster();
    let index = s.index;
    let t = p.t.min(s.run.seconds.len().saturating_sub(1));
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
    // Until the reader has reached the run's end, nothing after the second shown is drawn
    // or told: the charts stop at it, later events and the verdict wait.
    let shown = if p.seen_end {
        s.run.seconds.len()
    } else {
        t + 1
    };
    let upto = |f: fn(&ringlab_core::load::cluster::Second) -> f64| -> Rc<Vec<f64>> {
        Rc::new(s.run.seconds.iter().take(shown).map(f).collect())
    };
    let (hit, db) = (upto(|x| x.hit_rate), upto(|x| x.db_load));
    let has_hot = s
        .scenario
        .events
        .iter()
        .any(|(_, e)| *e == ClusterEvent::HotKey);
    let now_text = prose::now(s, t);
    let controls = html! {
        <div class="break-controls view-controls">
            <div class="break-nav">
                <button type="button" onclick={go(index.saturating_sub(1))} disabled={index == 0}>{ "Previous scenario" }</button>
                <button type="button" onclick={go(index + 1)} disabled={index + 1 >= SCENARIOS.len()}>{ "Next scenario" }</button>
            </div>
            <div class="break-play">
                <button type="button" onclick={send(PlayerAction::Toggle)}>{ if p.playing { "Pause" } else { "Play" } }</button>
                <label for="break-speed">{ "Speed" }</label>
                <select id="break-speed" onchange={on_speed}>
                    { for SPEEDS.iter().map(|(name, v)| html! {
                        <option value={name.to_string()} selected={*v == p.params.speed}>{ format!("{name} s per second") }</option>
                    }) }
                </select>
                <crate::slider::Slider id="break-second" label="Second" min={0.0} max={p.last as f64} step={1.0}
                    value={t as f64} text={format!("{t} s")} on_input={on_seek} />
            </div>
            if has_hot {
                <fieldset class="break-fix">
                    <legend>{ "Above the ring" }</legend>
                    <FixPicker group="break-fix" fix={p.params.fix} on_pick={on_fix} />
                </fieldset>
            }
        </div>
    };
    html! {
        <section ref={node} class={classes!("break", props.embed.then_some("break-embed"))} aria-label="Break it">
            <ViewNotes notes={p.notes.clone()} {on_dismiss} />
            if !props.embed {
                <p class="break-intro">{ "The same cache cluster, five times, each with one thing changing under live traffic. Play each run, or drag through its seconds; the verdict is what the simulation computed, not a label." }</p>
            }
            <h2 class="break-title">{ prose::title(s) }</h2>
            if props.controls { { controls } }
            <p class="break-setup">{ s.setup.clone() }</p>
            if p.seen_end {
                <p class={classes!("break-status", status_class(s.status()))} aria-live="polite">
                    <strong class="break-verdict">{ s.status().name() }</strong>
                    { format!(" {}", s.why) }
                </p>
            } else {
                <p class="break-status" aria-live="polite">
                    <strong class="break-verdict">{ "Not yet told" }</strong>
                    { prose::wait_note(p.last) }
                </p>
            }
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
            <p class="break-now">{ now_text }</p>
            <h3 class="break-events-title">{ "What happened" }</h3>
            if s.events.is_empty() {
                <p class="break-no-events">{ "Nothing: no node joined or died." }</p>
            } else if !p.seen_end && s.events.iter().all(|(at, _)| *at as usize > t) {
                <p class="break-no-events">{ prose::nothing_yet(t) }</p>
            } else {
                <ol class="break-events">
                    { for s.events.iter().filter(|(at, _)| p.seen_end || *at as usize <= t).map(|(at, text)| html! {
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
            <details class="break-all" ontoggle={on_toggle_all}>
                <summary>{ "Read every step as text" }</summary>
                <ol class="break-stories">{ for stories.iter().map(story_text) }</ol>
            </details>
        </section>
    }
}
