//! The grids' controls: servers (remove, a count, add, double), keys, virtual nodes, the
//! seed, the previous owner shown, and which grids are drawn.

use yew::prelude::*;

use super::params::{GridScheme, GridsParams, KEYS, SERVERS, VNODES};
use super::state::{Action, GridsState};
use crate::kit::browser::{input_checked, input_value};
use crate::kit::store::Store;

/// The control panel for `params`, its edits sent to `dispatch`.
pub fn controls(params: &GridsParams, dispatch: &UseReducerDispatcher<Store<GridsState>>) -> Html {
    let act = |action: Action| {
        let dispatch = dispatch.clone();
        Callback::from(move |_: MouseEvent| dispatch.dispatch(action.clone()))
    };
    // A number typed in a field goes to the table as text (which clamps it and says so,
    // as for a link); a cleared field changes nothing.
    let number_input = |name: &'static str| {
        let dispatch = dispatch.clone();
        Callback::from(move |e: Event| {
            let text = input_value(&e).trim().to_string();
            if !text.is_empty() {
                dispatch.dispatch(Action::Typed(name, text));
            }
        })
    };
    let on_servers = number_input("servers");
    let on_keys = number_input("keys");
    let on_vnodes = number_input("vnodes");
    let on_seed = number_input("seed");
    let on_previous = {
        let dispatch = dispatch.clone();
        Callback::from(move |e: Event| {
            let on = input_checked(&e);
            dispatch.dispatch(Action::ShowPrevious(on));
        })
    };

    let scheme_boxes = GridScheme::ALL.iter().map(|&scheme| {
        let checked = params.schemes.contains(&scheme);
        let dispatch = dispatch.clone();
        let onchange = Callback::from(move |e: Event| {
            let on = input_checked(&e);
            dispatch.dispatch(Action::ShowScheme(scheme, on));
        });
        html! {
            <label class="gr-check">
                <input type="checkbox" {checked} {onchange} />
                { scheme.heading() }
            </label>
        }
    });

    html! {
        <div class="gr-controls view-controls">
            <div class="gr-row" role="group" aria-label="Servers">
                <button type="button" onclick={act(Action::RemoveServer)}
                    disabled={params.servers <= SERVERS.0}>{ "Remove server" }</button>
                <label class="gr-number">
                    { "Servers" }
                    <input type="number" min={SERVERS.0.to_string()} max={SERVERS.1.to_string()}
                        value={params.servers.to_string()} onchange={on_servers} />
                </label>
                <button type="button" onclick={act(Action::AddServer)}
                    disabled={params.servers >= SERVERS.1}>{ "Add server" }</button>
                <button type="button" onclick={act(Action::Double)}>{ "Double 16 → 32" }</button>
            </div>
            <div class="gr-row">
                <label class="gr-number">
                    { "Keys" }
                    <input type="number" min={KEYS.0.to_string()} max={KEYS.1.to_string()}
                        value={params.keys.to_string()} onchange={on_keys} />
                </label>
                <label class="gr-number">
                    { "Virtual nodes" }
                    <input type="number" min={VNODES.0.to_string()} max={VNODES.1.to_string()}
                        value={params.vnodes.to_string()} onchange={on_vnodes} />
                </label>
                <label class="gr-number">
                    { "Seed" }
                    <input type="number" min="0" step="1"
                        value={params.seed.to_string()} onchange={on_seed} />
                </label>
                <label class="gr-check">
                    <input type="checkbox" checked={params.previous} onchange={on_previous} />
                    { "Show previous owner" }
                </label>
            </div>
            <fieldset class="gr-row gr-schemes">
                <legend>{ "Grids" }</legend>
                { for scheme_boxes }
            </fieldset>
        </div>
    }
}
