//! The timed run of interview prep: five minutes on a visible clock for the opening
//! question, cues at one minute and thirty seconds left (spoken by a live region), the
//! candidate's own answer, then the model answer, the rubric to tick against it and the
//! senior and staff contrast; below, the sittings so far. The state is
//! `ringlab_model::views::learn::timed`; this file feeds it the wall clock and records each
//! finished sitting in the progress.

use gloo::timers::callback::Interval;
use ringlab_model::views::learn::history::RunRecord;
// The model answer the candidate compares with: the interview step's whole answer.
use ringlab_model::views::learn::interview::whole_answer;
use ringlab_model::views::learn::progress::Action as Progress;
use ringlab_model::views::learn::timed::{Action, Phase, Timed, QUESTION, RUBRIC, SENIOR, STAFF};
use yew::prelude::*;

use super::timed_history::run_history;
use crate::kit::browser::{epoch_ms, focus_id, input_checked, input_value};
use crate::kit::practice::PartProps;
use crate::kit::store::Store;

/// How often the clock is read while it runs, in ms.
const TICK_MS: u32 = 250;

#[component]
pub fn TimedRun(props: &PartProps) -> Html {
    let state = use_reducer(|| Store::new(Timed::default()));
    let running = matches!(state.phase, Phase::Running { .. });
    {
        let dispatch = state.dispatcher();
        use_effect_with(running, move |running| {
            let interval = running.then(|| {
                Interval::new(TICK_MS, move || dispatch.dispatch(Action::Tick(epoch_ms())))
            });
            move || drop(interval)
        });
    }
    // A finished sitting goes into the history, and again whenever its ticks change.
    {
        let on_action = props.on_action.clone();
        use_effect_with(RunRecord::of(&state), move |record| {
            if let Some(record) = record {
                on_action.emit(Progress::RecordRun(*record));
            }
        });
    }
    // The answer box takes the focus when the clock starts; the model answer's heading
    // when it stops.
    {
        let phase = state.phase;
        use_effect_with(std::mem::discriminant(&phase), move |_| match phase {
            Phase::Running { .. } => focus_id("tm-text"),
            Phase::Done { .. } => focus_id("tm-model"),
            Phase::Ready => {}
        });
    }
    let send = |action: fn(f64) -> Action| {
        let dispatch = state.dispatcher();
        Callback::from(move |_: MouseEvent| dispatch.dispatch(action(epoch_ms())))
    };
    let oninput = {
        let dispatch = state.dispatcher();
        Callback::from(move |e: InputEvent| dispatch.dispatch(Action::Type(input_value(&e))))
    };
    let runs: Vec<_> = props.progress.runs.values().copied().collect();
    html! {
        <section class="timed-run" aria-labelledby="tm-heading">
            <h2 id="tm-heading">{ "A timed run: five minutes" }</h2>
            <p class="tm-question">{ QUESTION }</p>
            <div class="tm-bar">
                <p class={classes!("tm-clock", state.low().then_some("tm-clock-low"))}
                    role="timer" aria-label="Time left">{ state.clock() }</p>
                if state.phase == Phase::Ready {
                    <button type="button" onclick={send(Action::Start)}>{ "Start the clock" }</button>
                }
                if running {
                    <button type="button" onclick={send(Action::Finish)}>{ "I'm done" }</button>
                }
                <p class="tm-cue" aria-live="assertive" aria-atomic="true">
                    { state.cue().unwrap_or_default() }
                </p>
            </div>
            <label class="iv-label" for="tm-text">{ "Your answer" }</label>
            <textarea id="tm-text" class="iv-text" rows="6" value={state.typed.clone()} {oninput}
                disabled={!running} spellcheck="true" />
            if matches!(state.phase, Phase::Done { .. }) {
                { after(&state) }
            }
            { run_history(&runs) }
        </section>
    }
}

/// Under a finished run: how it went, the model answer, the rubric, the levels and
/// "Try again".
fn after(state: &UseReducerHandle<Store<Timed>>) -> Html {
    let said = state.ending().unwrap_or_default();
    let rubric = RUBRIC.iter().enumerate().map(|(i, point)| {
        let dispatch = state.dispatcher();
        let onchange =
            Callback::from(move |e: Event| dispatch.dispatch(Action::Mark(i, input_checked(&e))));
        let id = format!("tm-pt{i}");
        html! {
            <li>
                <input type="checkbox" id={id.clone()} checked={state.ticked[i]} {onchange} />
                <label for={id}>{ *point }</label>
            </li>
        }
    });
    let reset = {
        let dispatch = state.dispatcher();
        Callback::from(move |_: MouseEvent| dispatch.dispatch(Action::Reset))
    };
    html! {
        <div class="tm-after">
            <p class="tm-said">{ format!("{said} You wrote {} words.", state.words()) }</p>
            <h3 id="tm-model" tabindex="-1">{ "A strong five-minute answer" }</h3>
            <p>{ whole_answer() }</p>
            <fieldset class="iv-points">
                <legend>{ "Tick what your answer covered" }</legend>
                <ul>{ for rubric }</ul>
                <p class="iv-ticked" aria-live="polite">{ format!("{} of {} ticked", state.score(), RUBRIC.len()) }</p>
            </fieldset>
            <dl class="iv-levels">
                <dt>{ "Senior" }</dt>
                <dd>{ SENIOR }</dd>
                <dt>{ "Staff" }</dt>
                <dd>{ STAFF }</dd>
            </dl>
            <button type="button" onclick={reset}>{ "Try again" }</button>
        </div>
    }
}
