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
    // Once started, the keyboard's focus goes to the status line (the button is gone).
    let status_ref = use_node_ref();
    {
        let status_ref = status_ref.clone();
        use_effect_with(replaying.started, move |&started| {
            if started {
                if let Some(line) = status_ref.cast::<web_sys::HtmlElement>() {
                    let _ = line.focus();
                }
            }
        });
    }
    let step = use_state(|| STEPS);
    let speed = use_state(|| 0usize);
    let preset = PRESETS
        .iter()
        .find(|preset| LlmParams::from_query(&parse_query(preset.query)).0 == *p);
    let notes = html! {
        <ViewNotes notes={state.notes.clone()} on_dismiss={dispatching(&dispatch, Edit::Dismiss)} />
    };
    let pool = replaying.run.as_ref().map(|run| run.borrow());
    // Replays of another fleet (the parameters changed, the new run not yet started) are
    // not this page's: its rows wait.
    let pool = pool.filter(|pool| pool.work.is_for(p));
    let runs: Vec<Option<Option<RouterRun>>> = pool.as_ref().map_or_else(
        || vec![None; Router::NAMES.len()],
        |pool| pool.work.runs.clone(),
    );
    // One status line, always there, so that each change is announced; the download's
    // progress in tenths, not at every packet.
    let mut alert = Html::default();
    let status_text = match (&replaying.fetch, &pool) {
        _ if !replaying.started => String::new(),
        (Some(Fetched::Failed(why)), _) => {
            let retry = replaying.retry.clone();
            alert = html! {
                <div class="llm-error" role="alert">
                    <p>{ format!("{why}.") }</p>
                    <button type="button" onclick={move |_| retry.emit(())}>{ "Try again" }</button>
                </div>
            };
            String::new()
        }
        (Some(Fetched::Loading { loaded, total }), _) => {
            let tenth = total / 10.0;
            let shown = if tenth > 0.0 {
                (loaded / tenth).floor() * tenth
            } else {
                *loaded
            };
            prose::fetching(shown, *total)
        }
        (_, Some(pool)) => match pool.status() {
            Status::Failed(why) => {
                alert = html! { <p class="llm-error" role="alert">{ format!("The replay stopped: {why}.") }</p> };
                String::new()
            }
            Status::Running => {
                let (done, all) = pool.counts();
                prose::replaying(done, all)
            }
            Status::Done => prose::replayed(),
            Status::Cancelled => String::new(),
        },
        _ => prose::fetching(0.0, 0.0),
    };
    drop(pool);
    let played = runs.get(p.router).cloned().flatten();
    let start = (!replaying.started).then(|| {
        let start = replaying.start.clone();
        html! {
            <div class="llm-start">
                <button type="button" class="primary" onclick={move |_| start.emit(())}>{ "Replay the trace" }</button>
                <p>{ prose::before_start(p.trace) }</p>
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
                    <p class="llm-moment">{ prose::moment(&run, *step) }</p>
                    <Stage run={run.clone()} params={p.clone()} step={*step} />
                    <Plots run={run.clone()} params={p.clone()} step={*step} />
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
                   get it? " }
                { prose::intro(p.trace) }
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
            <p class="llm-status" role="status" tabindex="-1" ref={status_ref}>{ status_text }</p>
            { alert }
            { playback }
            if replaying.started { { table(p, &runs, &on_play) } }
        </section>
    }
}
