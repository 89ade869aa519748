//! The llm view's component: the story's presets, the controls, the start (the trace is
//! fetched only then), the picture and the plots as the trace plays, the sentences, and
//! every router side by side.

use std::rc::Rc;

use ringlab_core::llm::router::Router;
use ringlab_model::linked::Edit;
use ringlab_model::urlkit::parse_query;
use ringlab_model::view_state::ViewState;
use ringlab_model::views::llm::params::LlmParams;
use ringlab_model::views::llm::presets::PRESETS;
use ringlab_model::views::llm::prose;
use ringlab_model::views::llm::run::{RouterRun, STEPS};
use yew::prelude::*;

use super::controls::controls;
use super::plots::Plots;
use super::runner::use_replays;
use super::stage::Stage;
use super::table::table;
use crate::kit::browser::input_value;
use crate::kit::fetch_bytes::Fetched;
use crate::kit::hooks::linked::use_linked;
use crate::kit::notes::{dispatching, ViewNotes};
use crate::kit::player::Player;
use crate::kit::view_props::ViewProps;
use crate::kit::workers::Status;

/// Playback speeds: the name and the time between stretches, ms.
const SPEEDS: [(&str, u32); 3] = [("1×", 700), ("2×", 350), ("4×", 175)];

#[component]
pub fn LlmView(props: &ViewProps) -> Html {
    let state = use_linked::<LlmParams>(props);
    let dispatch = state.dispatcher();
    let p = &state.params;
    let replaying = use_replays(p);
    let step = use_state(|| STEPS);
    let speed = use_state(|| 0usize);
    let preset = PRESETS
        .iter()
        .find(|preset| LlmParams::from_query(&parse_query(preset.query)).0 == *p);
    let notes = html! {
        <ViewNotes notes={state.notes.clone()} on_dismiss={dispatching(&dispatch, Edit::Dismiss)} />
    };
    let pool = replaying.run.as_ref().map(|run| run.borrow());
    let runs: Vec<Option<Option<RouterRun>>> = pool.as_ref().map_or_else(
        || vec![None; Router::NAMES.len()],
        |pool| pool.work.runs.clone(),
    );
    let status = match (&replaying.fetch, &pool) {
        _ if !replaying.started => None,
        (Some(Fetched::Failed(why)), _) => {
            Some(html! { <p class="llm-error" role="alert">{ format!("{why}.") }</p> })
        }
        (Some(Fetched::Loading { loaded, total }), _) => {
            Some(html! { <p role="status">{ prose::fetching(*loaded, *total) }</p> })
        }
        (_, Some(pool)) => match pool.status() {
            Status::Failed(why) => Some(
                html! { <p class="llm-error" role="alert">{ format!("The replay stopped: {why}.") }</p> },
            ),
            Status::Running => {
                let (done, all) = pool.counts();
                Some(html! { <p role="status">{ prose::replaying(done, all) }</p> })
            }
            _ => None,
        },
        _ => Some(html! { <p role="status">{ prose::fetching(0.0, 0.0) }</p> }),
    };
    drop(pool);
    let played = runs.get(p.router).cloned().flatten();
    let start = (!replaying.started).then(|| {
        let start = replaying.start.clone();
        html! {
            <div class="llm-start">
                <button type="button" class="primary" onclick={move |_| start.emit(())}>{ "Replay the trace" }</button>
                <p>{ "Fetches the trace once (under a megabyte) and replays it under all eight routers, in your browser, off the page's thread." }</p>
            </div>
        }
    });
    let on_play = {
        let dispatch = dispatch.clone();
        Callback::from(move |router: usize| {
            dispatch.dispatch(Edit::set("router", Router::NAMES[router]))
        })
    };
    let on_step = {
        let step = step.clone();
        Callback::from(move |s: u64| step.set((s as usize).min(STEPS)))
    };
    let on_speed = {
        let speed = speed.clone();
        Callback::from(move |e: Event| {
            let name = input_value(&e);
            speed.set(SPEEDS.iter().position(|(n, _)| *n == name).unwrap_or(0));
        })
    };
    let playback = match &played {
        Some(Some(run)) => {
            let run = Rc::new(run.clone());
            html! {
                <>
                    <p class="llm-headline" aria-live="polite">{ prose::headline(&run, p.router, p) }</p>
                    if let Some(at) = run.change_ms {
                        if let Some(text) = prose::change(&run, p, at) { <p class="llm-change">{ text }</p> }
                    }
                    <div class="llm-playback">
                        <Player id="llm-step" label="Playback" slider="Stretches played" next="Next stretch"
                            shown={*step as u64} steps={STEPS as u64} tick_ms={SPEEDS[*speed].1} {on_step} />
                        <label for="llm-speed">
                            { "Speed" }
                            <select id="llm-speed" onchange={on_speed}>
                                { for SPEEDS.iter().enumerate().map(|(i, (name, _))| html! {
                                    <option value={*name} selected={i == *speed}>{ *name }</option>
                                }) }
                            </select>
                        </label>
                    </div>
                    <p class="llm-moment" role="status">{ prose::moment(&run, *step) }</p>
                    <Stage run={run.clone()} params={p.clone()} step={*step} />
                    <Plots run={run.clone()} step={*step} />
                    <p class="llm-command">
                        { "The same replay on the command line: " }
                        <code>{ p.command(p.router, run.change_ms.unwrap_or(0)) }</code>
                    </p>
                </>
            }
        }
        Some(None) => html! { <p class="llm-not-run">{ prose::not_run(p.router, p) }</p> },
        None => Html::default(),
    };
    html! {
        <section class={classes!("llm", props.embed.then_some("llm-embed"))} aria-label="Routing LLM requests">
            { notes }
            <p class="llm-intro">
                { "A chat service's GPU workers each keep a cache of the prompts they have read. A request whose \
                   prompt starts like one a worker has seen skips that part of the work. Which worker should \
                   get it? Here a real hour of requests runs through eight routers, and you watch what each \
                   finds cached." }
            </p>
            if !props.embed {
                <nav class="llm-presets" aria-label="The story">
                    <h2>{ "The story, step by step" }</h2>
                    <ol>
                        { for PRESETS.iter().map(|preset_link| {
                            let current = preset.is_some_and(|p| p.name == preset_link.name);
                            html! {
                                <li>
                                    <a href={format!("#/llm?{}", preset_link.query)} aria-current={current.then_some("page")}>{ preset_link.name }</a>
                                </li>
                            }
                        }) }
                    </ol>
                </nav>
            }
            if let Some(preset) = preset {
                <p class="llm-says">{ preset.says }</p>
            }
            if props.controls { { controls(&state, &dispatch) } }
            { start.unwrap_or_default() }
            { status.unwrap_or_default() }
            { playback }
            if replaying.started { { table(p, &runs, &on_play) } }
        </section>
    }
}
