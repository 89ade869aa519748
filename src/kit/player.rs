//! Step-by-step controls for a story told in steps (a table filling, a key's walk): start
//! over, back, next, play and pause, and a slider, reporting the step wanted. Play moves on
//! one step a tick and stops at the end; any other control pauses it.

use gloo::timers::callback::Timeout;
use yew::prelude::*;

use crate::kit::slider::{slider, SliderProps};

#[derive(Properties, PartialEq)]
pub struct PlayerProps {
    /// The slider's id, unique on the page.
    pub id: &'static str,
    /// The group's accessible name ("Fill", "Walk").
    pub label: &'static str,
    /// The slider's label ("Claims made").
    pub slider: &'static str,
    /// The "next" button's text ("Next claim").
    pub next: &'static str,
    pub shown: u64,
    pub steps: u64,
    /// Time between steps while playing.
    pub tick_ms: u32,
    pub on_step: Callback<u64>,
}

#[component]
pub fn Player(props: &PlayerProps) -> Html {
    let playing = use_state(|| false);
    {
        let (on_step, playing) = (props.on_step.clone(), playing.clone());
        let (shown, steps, tick) = (props.shown, props.steps, props.tick_ms);
        use_effect_with((*playing, shown, steps), move |&(on, shown, steps)| {
            let timer = on.then(|| {
                Timeout::new(tick, move || {
                    let next = (shown + 1).min(steps);
                    on_step.emit(next);
                    if next >= steps {
                        playing.set(false);
                    }
                })
            });
            move || drop(timer)
        });
    }
    let go = |target: u64| {
        let (on_step, playing) = (props.on_step.clone(), playing.clone());
        Callback::from(move |_: MouseEvent| {
            playing.set(false);
            on_step.emit(target);
        })
    };
    let on_play = {
        let (on_step, playing) = (props.on_step.clone(), playing.clone());
        let (shown, steps) = (props.shown, props.steps);
        Callback::from(move |_: MouseEvent| {
            if *playing {
                playing.set(false);
            } else {
                if shown >= steps {
                    on_step.emit(0);
                }
                playing.set(true);
            }
        })
    };
    let on_slide = {
        let (on_step, playing) = (props.on_step.clone(), playing.clone());
        Callback::from(move |v: f64| {
            playing.set(false);
            on_step.emit(v.round().max(0.0) as u64);
        })
    };
    let (shown, steps) = (props.shown, props.steps);
    html! {
        <div class="player view-controls" role="group" aria-label={props.label}>
            <button type="button" onclick={go(0)} disabled={shown == 0}>{ "Start over" }</button>
            <button type="button" onclick={go(shown.saturating_sub(1))} disabled={shown == 0}>{ "Back" }</button>
            <button type="button" onclick={go((shown + 1).min(steps))} disabled={shown >= steps}>{ props.next }</button>
            <button type="button" onclick={on_play} aria-pressed={if *playing { "true" } else { "false" }}>
                { if *playing { "Pause" } else { "Play" } }
            </button>
            { slider(SliderProps { id: props.id, label: props.slider, min: 0.0, max: steps as f64, step: 1.0, value: shown as f64, text: format!("{shown} of {steps}"), on_input: on_slide, ..Default::default() }) }
        </div>
    }
}
