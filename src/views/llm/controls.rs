//! The llm view's controls: the trace, the router played back, the fleet (workers, cache,
//! blocks hashed, the ring's points, the bound) and a worker joining or leaving. Each sets
//! one parameter, as a link would.

use ringlab_core::llm::router::Router;
use ringlab_model::linked::Linked;
use ringlab_model::views::llm::params::{
    LlmParams, TraceName, CACHE_BLOCKS, CHANGES, PREFIX_BLOCKS, VNODES, WORKERS,
};
use ringlab_model::views::llm::prose::label;
use yew::prelude::*;

use crate::kit::number_field::NumberField;
use crate::kit::setters::{on_change, on_text};
use crate::kit::store::Store;

pub fn controls(
    state: &Linked<LlmParams>,
    dispatch: &UseReducerDispatcher<Store<Linked<LlmParams>>>,
) -> Html {
    let p = &state.params;
    let set = |name: &'static str| on_change(dispatch, name);
    let change_words = |name: &str| match name {
        "join" => format!("worker-{} joins halfway", p.workers),
        "leave" => format!("worker-{} leaves halfway", p.workers - 1),
        _ => "none".to_string(),
    };
    html! {
        <form class="llm-form view-controls" aria-label="The fleet and its router" onsubmit={|e: SubmitEvent| e.prevent_default()}>
            <label for="llm-trace">
                { "Trace" }
                <select id="llm-trace" onchange={set("trace")}>
                    { for TraceName::ALL.iter().map(|t| html! {
                        <option value={t.name()} selected={*t == p.trace}>{ t.label() }</option>
                    }) }
                </select>
            </label>
            <label for="llm-router">
                { "Router played" }
                <select id="llm-router" onchange={set("router")}>
                    { for Router::NAMES.iter().enumerate().map(|(i, name)| html! {
                        <option value={*name} selected={i == p.router}>{ label(i, p) }</option>
                    }) }
                </select>
            </label>
            <NumberField label="Workers" value={p.workers} min={WORKERS.0} max={WORKERS.1} on_change={on_text(dispatch, "workers")} />
            <NumberField label="Cache, blocks per worker" value={p.cache} min={CACHE_BLOCKS.0} max={CACHE_BLOCKS.1} on_change={on_text(dispatch, "cache")} />
            <NumberField label="Blocks hashed, K" value={p.k} min={PREFIX_BLOCKS.0} max={PREFIX_BLOCKS.1} on_change={on_text(dispatch, "k")} />
            <NumberField label="Ring points per worker" value={p.vnodes} min={VNODES.0} max={VNODES.1} on_change={on_text(dispatch, "vnodes")} />
            <label for="llm-bound">
                { "Bound c" }
                <input id="llm-bound" type="number" inputmode="decimal" min="1.05" max="5" step="0.05"
                    value={p.bound.to_string()} onchange={set("bound")} />
            </label>
            <label for="llm-change">
                { "Fleet change" }
                <select id="llm-change" onchange={set("change")}>
                    { for CHANGES.iter().map(|(name, change)| html! {
                        <option value={*name} selected={*change == p.change}>{ change_words(name) }</option>
                    }) }
                </select>
            </label>
        </form>
    }
}
