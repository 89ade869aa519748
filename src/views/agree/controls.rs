//! The agree view's controls: the two sides, the servers, each side's options, a failure
//! for B, the partitions and the keys. Each control sets one parameter, as a link would.

use ringlab_core::parse_server_list;
use ringlab_model::linked::{Edit, Linked};
use ringlab_model::views::agree::params::{AgreeParams, Which, KEYS, PARTITIONS};
use ringlab_model::views::agree::side::{Side, SIDES};
use yew::prelude::*;

use crate::kit::browser::input_value;
use crate::kit::number_field::NumberField;
use crate::kit::setters::{on_change, on_text};
use crate::kit::store::Store;

/// A side's picker, the clients and the systems in two groups.
fn picker(id: &'static str, label: &'static str, current: Side, onchange: Callback<Event>) -> Html {
    let option = |side: &Side| {
        html! { <option value={side.name()} selected={*side == current}>{ side.title() }</option> }
    };
    let (clients, systems): (Vec<&Side>, Vec<&Side>) =
        SIDES.iter().partition(|s| matches!(s, Side::Client(_)));
    html! {
        <label for={id}>
            { label }
            <select {id} {onchange}>
                <optgroup label="Client libraries">{ for clients.into_iter().map(option) }</optgroup>
                <optgroup label="Servers, proxies and textbook schemes">{ for systems.into_iter().map(option) }</optgroup>
            </select>
        </label>
    }
}

pub fn controls(
    state: &Linked<AgreeParams>,
    dispatch: &UseReducerDispatcher<Store<Linked<AgreeParams>>>,
) -> Html {
    let p = &state.params;
    let set = |name: &'static str| on_change(dispatch, name);
    // A new side starts from its own options: the other library's would not read.
    let side = |name: &'static str, options: &'static str| {
        let dispatch = dispatch.clone();
        Callback::from(move |e: Event| {
            dispatch.dispatch(Edit::Set(vec![
                (name, input_value(&e)),
                (options, String::new()),
            ]))
        })
    };
    let options = |id: &'static str, label: &'static str, name: &'static str, which: Which| {
        let side = p.side(which);
        if !matches!(side, Side::Client(_)) {
            return Html::default();
        }
        html! {
            <label for={id} class="ag-options">
                { label }
                <input {id} type="text" value={p.options(which).to_string()} onchange={set(name)}
                    spellcheck="false" autocomplete="off" />
            </label>
        }
    };
    let servers = parse_server_list(p.servers()).unwrap_or_default();
    let dead = p.dead.clone().unwrap_or_default();
    let on_partitions = p.on_partitions();
    html! {
        <form class="ag-form view-controls" aria-label="Two placements" onsubmit={|e: SubmitEvent| e.prevent_default()}>
            { picker("ag-a", "A", p.a, side("a", "aopt")) }
            { picker("ag-b", "B", p.b, side("b", "bopt")) }
            if on_partitions {
                <NumberField label="Partitions" value={p.partitions} min={PARTITIONS.0} max={PARTITIONS.1} on_change={on_text(dispatch, "partitions")} />
            } else {
                <label for="ag-servers" class="ag-servers">
                    { "Servers (both sides)" }
                    <input id="ag-servers" type="text" value={p.servers().to_string()} onchange={set("servers")}
                        spellcheck="false" autocomplete="off" />
                </label>
                <label for="ag-dead">
                    { "Failed for B" }
                    <select id="ag-dead" onchange={set("dead")}>
                        <option value="" selected={dead.is_empty()}>{ "none" }</option>
                        { for servers.iter().map(|s| html! {
                            <option value={s.name.clone()} selected={s.name == dead}>{ s.name.clone() }</option>
                        }) }
                    </select>
                </label>
            }
            { options("ag-aopt", "A's options (JSON)", "aopt", Which::A) }
            { options("ag-bopt", "B's options (JSON)", "bopt", Which::B) }
            <NumberField label="Keys" value={p.keys} min={KEYS.0} max={KEYS.1} on_change={on_text(dispatch, "keys")} />
        </form>
    }
}
