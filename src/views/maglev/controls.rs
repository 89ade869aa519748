//! Maglev's two forms: the small table filled turn by turn (its size, its backends with
//! their offsets and skips, the one that leaves), and the real sizes (the system, the
//! table, the backends, the change, the key).

use ringlab_core::schemes::maglev_systems::MaglevSystem;
use ringlab_model::linked::Linked;
use ringlab_model::views::maglev::params::{Change, MaglevParams, BACKENDS, SMALL_TABLES, TABLE};
use yew::prelude::*;

use crate::kit::leaver_select::LeaverSelect;
use crate::kit::number_field::NumberField;
use crate::kit::setters::{on_change, on_text};
use crate::kit::store::Store;

type Dispatch = UseReducerDispatcher<Store<Linked<MaglevParams>>>;

/// The small table's form.
pub fn small_controls(p: &MaglevParams, dispatch: &Dispatch) -> Html {
    let set = |name: &'static str| on_change(dispatch, name);
    let names: Vec<String> = p.backends.iter().map(|b| b.name.clone()).collect();
    html! {
        <form class="maglev-form view-controls" aria-label="Small table" onsubmit={|e: SubmitEvent| e.prevent_default()}>
            <label>
                { "Table size M" }
                <select onchange={set("m")}>
                    { for SMALL_TABLES.iter().map(|(name, m)| html! {
                        <option value={*name} selected={*m == p.m}>{ *name }</option>
                    }) }
                </select>
            </label>
            <label class="maglev-wide">
                { "Backends (name:offset:skip)" }
                <input type="text" value={p.backends_text()} onchange={set("backends")}
                    spellcheck="false" autocomplete="off" />
            </label>
            <LeaverSelect label="Backend that leaves" {names} chosen={p.leave.clone()}
                on_change={set("leave")} />
        </form>
    }
}

/// The real sizes' form.
pub fn big_controls(p: &MaglevParams, dispatch: &Dispatch) -> Html {
    let set = |name: &'static str| on_change(dispatch, name);
    let set_text = |name: &'static str| on_text(dispatch, name);
    html! {
        <form class="maglev-form view-controls" aria-label="Real sizes" onsubmit={|e: SubmitEvent| e.prevent_default()}>
            <label>
                { "System" }
                <select onchange={set("system")}>
                    { for MaglevSystem::ALL.iter().map(|s| html! {
                        <option value={s.name()} selected={*s == p.system}>{ system_label(*s) }</option>
                    }) }
                </select>
            </label>
            <NumberField label="Table size" value={p.table} min={TABLE.0} max={TABLE.1} on_change={set_text("table")} />
            <NumberField label="Backends" value={p.n} min={BACKENDS.0} max={BACKENDS.1} on_change={set_text("n")} />
            <label>
                { "Change" }
                <select onchange={set("change")}>
                    <option value="leave" selected={p.change == Change::Leave}>{ "One leaves" }</option>
                    <option value="join" selected={p.change == Change::Join}>{ "One joins" }</option>
                </select>
            </label>
            <NumberField label="Backend that leaves (from 1)" value={p.gone} min={1} max={p.n}
                disabled={p.change == Change::Join} on_change={set_text("gone")} />
            <label>
                { "Key" }
                <input type="text" value={p.key().to_string()} onchange={set("key")}
                    disabled={p.system != MaglevSystem::Envoy} spellcheck="false" autocomplete="off" />
            </label>
        </form>
    }
}

/// A system as the forms and the real table's label name it.
pub fn system_label(system: MaglevSystem) -> &'static str {
    match system {
        MaglevSystem::Envoy => "Envoy (MAGLEV)",
        MaglevSystem::Cilium => "Cilium",
        MaglevSystem::Katran => "katran (MaglevHash)",
        MaglevSystem::KatranV2 => "katran (MaglevHashV2)",
        MaglevSystem::GoMaglev => "go-maglev (Go)",
    }
}
