//! The playground's controls. Their accessible names are what people and the end-to-end
//! tests use: buttons "Add server", "Remove server", "Fail server"; sliders "Virtual nodes
//! per server", "Keys", "Replicas".
//!
//! The virtual node and key sliders are logarithmic (1 to 1000 and 1 to 10000 feel alike
//! across their range); their `aria-valuetext` says the number itself, and each has an
//! exact number field beside it.

use web_sys::HtmlInputElement;
use yew::prelude::*;

use crate::kit::browser::{input_checked, input_value};
use crate::kit::store::Store;

use super::params::{next_free_name, PlaygroundParams, Scheme, KEYS, REPLICAS, VNODES};
use super::state::{Action, PlaygroundState};

/// Rings up to this many points (servers times the slider's largest value) follow the
/// virtual node slider while it moves.
pub const LIVE_POINTS: usize = 200_000;

/// Slider positions of the logarithmic sliders.
pub const LOG_STEPS: u32 = 300;

/// The value at slider position `step` of a logarithmic slider from 1 to `max`.
pub fn log_value(step: u32, max: u32) -> u32 {
    let step = step.min(LOG_STEPS) as f64 / LOG_STEPS as f64;
    ((max as f64).powf(step).round() as u32).clamp(1, max)
}

/// The slider position closest to `value` on a logarithmic slider from 1 to `max`.
pub fn log_step(value: u32, max: u32) -> u32 {
    if max <= 1 {
        return 0;
    }
    let value = value.clamp(1, max) as f64;
    (value.ln() / (max as f64).ln() * LOG_STEPS as f64).round() as u32
}

#[derive(Properties, PartialEq)]
pub struct ControlsProps {
    pub params: PlaygroundParams,
    pub dispatch: UseReducerDispatcher<Store<PlaygroundState>>,
    /// What the last change moved, shown under the server buttons that made it.
    #[prop_or_default]
    pub result: Html,
}

/// A number typed in a field, handed to the table as text (which clamps it and says so,
/// as it does for a link); a cleared field changes nothing.
fn typed(
    dispatch: &UseReducerDispatcher<Store<PlaygroundState>>,
    name: &'static str,
    text: String,
) {
    if !text.trim().is_empty() {
        dispatch.dispatch(Action::Typed(name, text.trim().to_string()));
    }
}

/// The virtual node slider's value as an action.
fn vnodes_action(e: &Event) -> Option<Action> {
    let step = e
        .target_unchecked_into::<HtmlInputElement>()
        .value()
        .parse()
        .ok()?;
    Some(Action::SetVnodes(log_value(step, VNODES.1)))
}

/// Add, remove and fail servers (with the name typed and the server picked); then the
/// ring's settings.
#[component]
pub fn Controls(props: &ControlsProps) -> Html {
    let params = &props.params;
    let new_name = use_state(String::new);
    let picked = use_state(|| None::<String>);
    let names: Vec<String> = params.servers.iter().map(|s| s.name.clone()).collect();
    // The server the buttons act on: the one picked, or else the first.
    let target = (*picked)
        .clone()
        .filter(|n| names.contains(n))
        .or_else(|| names.first().cloned());
    let target_failed = target
        .as_ref()
        .and_then(|n| params.servers.iter().find(|s| &s.name == n))
        .is_some_and(|s| s.failed);

    let add = {
        let dispatch = props.dispatch.clone();
        let new_name = new_name.clone();
        Callback::from(move |_: ()| {
            let name = (*new_name).trim().to_string();
            dispatch.dispatch(Action::AddServer((!name.is_empty()).then_some(name)));
            new_name.set(String::new());
        })
    };
    let on_name = {
        let new_name = new_name.clone();
        Callback::from(move |e: InputEvent| new_name.set(input_value(&e)))
    };
    let on_name_key = {
        let add = add.clone();
        Callback::from(move |e: KeyboardEvent| {
            if e.key() == "Enter" {
                e.prevent_default();
                add.emit(());
            }
        })
    };
    let on_pick = {
        let picked = picked.clone();
        Callback::from(move |e: Event| picked.set(Some(input_value(&e))))
    };
    let by_name = |make: fn(String) -> Action| {
        let dispatch = props.dispatch.clone();
        let target = target.clone();
        Callback::from(move |_: MouseEvent| {
            if let Some(name) = target.clone() {
                dispatch.dispatch(make(name));
            }
        })
    };
    let add_click = {
        let add = add.clone();
        Callback::from(move |_: MouseEvent| add.emit(()))
    };
    html! {
        <div class="pg-controls view-controls">
            <fieldset class="pg-group">
                <legend>{ "Servers" }</legend>
                <div class="pg-row">
                    <label for="pg-new-name">{ "New server name" }</label>
                    <input id="pg-new-name" type="text" maxlength="40" autocomplete="off"
                        placeholder={next_free_name(&params.servers)}
                        value={(*new_name).clone()} oninput={on_name} onkeydown={on_name_key} />
                    <button type="button" onclick={add_click}>{ "Add server" }</button>
                </div>
                <div class="pg-row">
                    <label for="pg-server">{ "Server" }</label>
                    <select id="pg-server" onchange={on_pick} disabled={names.is_empty()}>
                        { for params.servers.iter().map(|s| {
                            let selected = target.as_deref() == Some(s.name.as_str());
                            let text = if s.failed {
                                format!("{} (failed)", s.name)
                            } else {
                                s.name.clone()
                            };
                            html! { <option value={s.name.clone()} {selected}>{ text }</option> }
                        }) }
                    </select>
                    <button type="button" onclick={by_name(Action::RemoveServer)}
                        disabled={target.is_none()}>{ "Remove server" }</button>
                    <button type="button" onclick={by_name(Action::FailServer)}
                        disabled={target.is_none() || target_failed}>{ "Fail server" }</button>
                    <button type="button" onclick={by_name(Action::RestoreServer)}
                        disabled={!target_failed}>{ "Restore server" }</button>
                </div>
                { props.result.clone() }
            </fieldset>
            { ring_controls(params, &props.dispatch) }
        </div>
    }
}

/// The ring's settings: the scheme, virtual nodes, keys, replicas, the seed, the hashes
/// shown, and putting dragged points back.
fn ring_controls(
    params: &PlaygroundParams,
    dispatch: &UseReducerDispatcher<Store<PlaygroundState>>,
) -> Html {
    let dragged = params.servers.iter().any(|s| s.at.is_some());
    let fixed_points = params.scheme != Scheme::Ring;

    // Live while the ring stays small; on release above LIVE_POINTS, where each rebuild
    // takes a good part of a second and input events would queue up behind it.
    let live = params.servers.len() * VNODES.1 as usize <= LIVE_POINTS;
    let vnodes = {
        let dispatch = dispatch.clone();
        Callback::from(move |e: InputEvent| {
            if live {
                if let Some(action) = vnodes_action(&e) {
                    dispatch.dispatch(action);
                }
            }
        })
    };
    let vnodes_release = {
        let dispatch = dispatch.clone();
        Callback::from(move |e: Event| {
            if let Some(action) = vnodes_action(&e) {
                dispatch.dispatch(action);
            }
        })
    };
    let vnodes_exact = {
        let dispatch = dispatch.clone();
        Callback::from(move |e: Event| {
            typed(&dispatch, "vnodes", input_value(&e));
        })
    };
    let keys = {
        let dispatch = dispatch.clone();
        Callback::from(move |e: InputEvent| {
            if let Ok(step) = e
                .target_unchecked_into::<HtmlInputElement>()
                .value()
                .parse()
            {
                dispatch.dispatch(Action::SetKeys(log_value(step, KEYS.1)));
            }
        })
    };
    let keys_exact = {
        let dispatch = dispatch.clone();
        Callback::from(move |e: Event| {
            typed(&dispatch, "keys", input_value(&e));
        })
    };
    let replicas = {
        let dispatch = dispatch.clone();
        Callback::from(move |e: InputEvent| {
            if let Ok(r) = e
                .target_unchecked_into::<HtmlInputElement>()
                .value()
                .parse()
            {
                dispatch.dispatch(Action::SetReplicas(r));
            }
        })
    };
    let scheme = {
        let dispatch = dispatch.clone();
        Callback::from(move |e: Event| {
            let value = input_value(&e);
            if let Some(s) = Scheme::parse(&value) {
                dispatch.dispatch(Action::SetScheme(s));
            }
        })
    };
    let seed = {
        let dispatch = dispatch.clone();
        Callback::from(move |e: Event| {
            typed(&dispatch, "seed", input_value(&e));
        })
    };
    let hashes = {
        let dispatch = dispatch.clone();
        Callback::from(move |e: Event| {
            let on = input_checked(&e);
            dispatch.dispatch(Action::SetHashes(on));
        })
    };
    let reset = {
        let dispatch = dispatch.clone();
        Callback::from(move |_: MouseEvent| dispatch.dispatch(Action::ResetPositions))
    };
    html! {
    <fieldset class="pg-group">
        <legend>{ "Ring" }</legend>
        <div class="pg-row">
            <label for="pg-scheme">{ "Scheme" }</label>
            <select id="pg-scheme" onchange={scheme}>
                { for Scheme::ALL.iter().map(|s| html! {
                    <option value={s.name()} selected={*s == params.scheme}>{ s.name() }</option>
                }) }
            </select>
        </div>
        <div class="pg-row pg-slider">
            <label for="pg-vnodes">{ "Virtual nodes per server" }</label>
            <input id="pg-vnodes" type="range" min="0" max={LOG_STEPS.to_string()} step="1"
                value={log_step(params.vnodes, VNODES.1).to_string()}
                aria-valuetext={format!("{} virtual nodes per server", params.vnodes)}
                aria-describedby={fixed_points.then_some("pg-vnodes-off")}
                disabled={fixed_points} oninput={vnodes} onchange={vnodes_release} />
            <input class="pg-exact" type="number" min={VNODES.0.to_string()}
                max={VNODES.1.to_string()} value={params.vnodes.to_string()}
                disabled={fixed_points}
                aria-label="Virtual nodes per server, exact" onchange={vnodes_exact} />
        </div>
        if fixed_points {
            <p class="pg-hint" id="pg-vnodes-off">{ format!(
                "This setting is off: {} makes its own points, as the real one does \
                 (nginx: 160 per unit of weight; ketama: about 160 per server, \
                 recounted whenever the number of servers changes). It applies to ring.",
                params.scheme.name()
            ) }</p>
        }
        <div class="pg-row pg-slider">
            <label for="pg-keys">{ "Keys" }</label>
            <input id="pg-keys" type="range" min="0" max={LOG_STEPS.to_string()} step="1"
                value={log_step(params.keys, KEYS.1).to_string()}
                aria-valuetext={format!("{} keys", params.keys)} oninput={keys} />
            <input class="pg-exact" type="number" min={KEYS.0.to_string()}
                max={KEYS.1.to_string()} value={params.keys.to_string()}
                aria-label="Keys, exact" onchange={keys_exact} />
        </div>
        <div class="pg-row pg-slider">
            <label for="pg-replicas">{ "Replicas" }</label>
            <input id="pg-replicas" type="range" min={REPLICAS.0.to_string()}
                max={REPLICAS.1.to_string()} step="1" value={params.replicas.to_string()}
                aria-valuetext={format!("{} replicas", params.replicas)} oninput={replicas} />
            <span class="pg-value" aria-hidden="true">{ params.replicas }</span>
        </div>
        <div class="pg-row">
            <label for="pg-seed">{ "Seed" }</label>
            <input id="pg-seed" type="number" min="0" value={params.seed.to_string()}
                onchange={seed} />
            <label class="pg-check">
                <input type="checkbox" checked={params.hashes} onchange={hashes} />
                { "Show hash values" }
            </label>
            if dragged {
                <button type="button" onclick={reset}>{ "Reset positions" }</button>
            }
        </div>
    </fieldset>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn log_sliders_cover_the_range_both_ways() {
        assert_eq!(log_value(0, 1000), 1);
        assert_eq!(log_value(LOG_STEPS, 1000), 1000);
        assert_eq!(log_value(LOG_STEPS, 10_000), 10_000);
        assert_eq!(log_value(LOG_STEPS / 2, 10_000), 100);
        assert_eq!(log_value(LOG_STEPS + 50, 1000), 1000);
        for v in [1, 2, 10, 100, 160, 999, 1000] {
            let back = log_value(log_step(v, 1000), 1000);
            assert!((back as f64 / v as f64 - 1.0).abs() < 0.03, "{v} -> {back}");
        }
        let mut last = 0;
        for step in 0..=LOG_STEPS {
            let v = log_value(step, 1000);
            assert!(v >= last);
            last = v;
        }
        assert_eq!(log_step(0, 1000), 0);
        assert_eq!(log_step(5, 1), 0);
    }
}
