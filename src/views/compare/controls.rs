//! The comparison's controls (servers, keys, points, the change, the schemes, the seed
//! experiment's preset) and the closing "pick it when" list.

use ringlab_model::linked::{Edit, Linked};
use ringlab_model::views::compare::params::{CompareParams, CHANGES, KEYS, SERVERS, VNODES};
use ringlab_model::views::compare::schemes::Compared;
use ringlab_model::ViewState;
use yew::prelude::*;

use crate::kit::browser::input_checked;
use crate::kit::number_field::NumberField;
use crate::kit::setters::{on_change, on_text};
use crate::kit::store::Store;

/// The form. Functions, not components: they keep no state, and a component costs about
/// 2 KB of the module.
pub fn controls(
    p: &CompareParams,
    dispatch: &UseReducerDispatcher<Store<Linked<CompareParams>>>,
) -> Html {
    let set = |name: &'static str| on_change(dispatch, name);
    let toggle = |scheme: Compared| {
        let (dispatch, p) = (dispatch.clone(), p.clone());
        Callback::from(move |e: Event| {
            let on = input_checked(&e);
            let list: Vec<&str> = Compared::ALL
                .iter()
                .filter(|s| {
                    if **s == scheme {
                        on
                    } else {
                        p.schemes.contains(s)
                    }
                })
                .map(|s| s.name())
                .collect();
            dispatch.dispatch(Edit::set("schemes", list.join(",")));
        })
    };
    let seed = {
        let dispatch = dispatch.clone();
        Callback::from(move |_: MouseEvent| {
            let seed = CompareParams::seed_experiment().to_query();
            let pairs = seed
                .into_iter()
                .filter_map(|(k, v)| {
                    CompareParams::PARAMS
                        .iter()
                        .find(|p| p.name == k)
                        .map(|p| (p.name, v))
                })
                .collect();
            dispatch.dispatch(Edit::Set(pairs));
        })
    };
    let set_text = |name: &'static str| on_text(dispatch, name);
    let number = |label: &'static str, name: &'static str, range: (u64, u64), value: u64| {
        html! { <NumberField {label} {value} min={range.0} max={range.1} on_change={set_text(name)} /> }
    };
    html! {
        <form class="cmp-form view-controls" aria-label="Comparison" onsubmit={|e: SubmitEvent| e.prevent_default()}>
            { number("Servers", "servers", SERVERS, p.servers) }
            { number("Keys", "keys", KEYS, p.keys) }
            { number("Ring points per server", "vnodes", VNODES, p.vnodes) }
            <label>
                { "Change" }
                <select onchange={set("change")}>
                    { for CHANGES.iter().map(|(name, change)| html! {
                        <option value={*name} selected={*change == p.change}>{ change.label(p.servers) }</option>
                    }) }
                </select>
            </label>
            <fieldset class="cmp-schemes">
                <legend>{ "Schemes" }</legend>
                { for Compared::ALL.iter().map(|s| html! {
                    <label class="cmp-check">
                        <input type="checkbox" checked={p.schemes.contains(s)} onchange={toggle(*s)} />
                        { s.title(p.vnodes) }
                    </label>
                }) }
            </fieldset>
            <button type="button" onclick={seed}>{ "The seed experiment: 1,000 servers, a million keys" }</button>
        </form>
    }
}

/// When to pick each scheme shown.
pub fn pick_when(p: &CompareParams) -> Html {
    html! {
        <>
        <h2>{ "Pick it when" }</h2>
        <dl class="cmp-pick">
            { for p.schemes.iter().map(|s| html! {
                <>
                    <dt>{ s.title(p.vnodes) }</dt>
                    <dd>{ s.pick_when() }</dd>
                </>
            }) }
        </dl>
        </>
    }
}
