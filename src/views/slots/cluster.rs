//! The cluster's controls: how many masters, and the keys to look up.

use ringlab_model::linked::{Edit, Linked};
use ringlab_model::views::slots::params::{SlotsParams, KEYS_CAP, MASTERS, MAX_KEYS};
use yew::prelude::*;

use crate::kit::browser::input_value;
use crate::kit::store::Store;

/// The masters' count and the keys box.
pub fn cluster_controls(
    params: &SlotsParams,
    dispatch: &UseReducerDispatcher<Store<Linked<SlotsParams>>>,
) -> Html {
    let on_masters = {
        let dispatch = dispatch.clone();
        Callback::from(move |e: Event| {
            dispatch.dispatch(Edit::Set(SlotsParams::recreate(input_value(&e))))
        })
    };
    let on_keys = {
        let dispatch = dispatch.clone();
        Callback::from(move |e: InputEvent| dispatch.dispatch(Edit::set("keys", input_value(&e))))
    };
    html! {
        <div class="sl-controls view-controls">
            <div class="sl-field">
                <label for="sl-masters">{ "Masters" }</label>
                <input id="sl-masters" type="number" inputmode="numeric"
                    min={MASTERS.0.to_string()} max={MASTERS.1.to_string()} step="1"
                    aria-describedby="sl-masters-hint"
                    value={params.masters.to_string()} onchange={on_masters} />
                <small id="sl-masters-hint" class="sl-hint">
                    { "3 to 8. A new count lays the cluster out afresh, as create does, and forgets the moves." }
                </small>
            </div>
            <div class="sl-field sl-keys-field">
                <label for="sl-keys">{ "Keys, one a line" }</label>
                <textarea id="sl-keys" rows="3" spellcheck="false" autocapitalize="off"
                    maxlength={KEYS_CAP.to_string()} aria-describedby="sl-keys-hint"
                    value={params.keys_text().to_string()} oninput={on_keys} />
                <small id="sl-keys-hint" class="sl-hint">
                    { format!("Up to {MAX_KEYS} keys. Text between {{ and }} is a hash tag: only it is hashed.") }
                </small>
            </div>
        </div>
    }
}
