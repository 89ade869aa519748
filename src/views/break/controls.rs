//! The stepper's controls: the scenario before and after, play and pause, the speed, the
//! second, and the fix above the ring when a scenario has a hot key.

use ringlab_core::load::cluster::{Event as ClusterEvent, Fix, SCENARIOS};
use ringlab_model::views::r#break::params::SPEEDS;
use ringlab_model::views::r#break::player::{Player, PlayerAction};
use ringlab_model::views::r#break::story::Story;
use wasm_bindgen::JsCast;
use web_sys::HtmlSelectElement;
use yew::prelude::*;

use crate::kit::slider::{slider, SliderProps};

use crate::kit::browser::media_matches;
use crate::kit::fix_picker::FixPicker;
use crate::kit::store::Store;

/// The controls of player `p` on story `s` at second `t`.
pub fn controls(
    p: &Player,
    s: &Story,
    t: usize,
    dispatch: &UseReducerDispatcher<Store<Player>>,
) -> Html {
    let index = s.index;
    let has_hot = s
        .scenario
        .events
        .iter()
        .any(|(_, e)| *e == ClusterEvent::HotKey);
    let send = |action: PlayerAction| {
        let dispatch = dispatch.clone();
        Callback::from(move |_: MouseEvent| dispatch.dispatch(action))
    };
    let go = |index: usize| {
        let dispatch = dispatch.clone();
        Callback::from(move |_: MouseEvent| {
            let play = !media_matches("(prefers-reduced-motion: reduce)");
            dispatch.dispatch(PlayerAction::Go { index, play })
        })
    };
    let on_speed = {
        let dispatch = dispatch.clone();
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
        let dispatch = dispatch.clone();
        Callback::from(move |v: f64| dispatch.dispatch(PlayerAction::Seek(v.round() as usize)))
    };
    let on_fix = {
        let dispatch = dispatch.clone();
        Callback::from(move |fix: Fix| dispatch.dispatch(PlayerAction::Fix(fix)))
    };
    html! {
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
                { slider(SliderProps { id: "break-second", label: "Second", min: 0.0, max: p.last as f64, step: 1.0, value: t as f64, text: format!("{t} s"), on_input: on_seek, ..Default::default() }) }
            </div>
            if has_hot {
                <fieldset class="break-fix">
                    <legend>{ "Above the ring" }</legend>
                    <FixPicker group="break-fix" fix={p.params.fix} on_pick={on_fix} />
                </fieldset>
            }
        </div>
    }
}
