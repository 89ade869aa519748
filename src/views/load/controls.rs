//! The load page's controls: bounded loads and epsilon (with its marks), the traffic, the
//! ring, and the fix above the ring. Each sets its parameter as the link would: read,
//! clamped and repaired by the page's parameter table (model/src/views/load/params.rs).

use ringlab_core::load::fixes::HotFix;
use ringlab_model::format::{grouped, percent};
use ringlab_model::linked::{Edit, Linked};
use ringlab_model::urlkit::{decimal_text, flag_text};
use ringlab_model::views::load::params::{
    fix_name, LoadParams, EPSILON, HOT, KEYS, MARKS, SERVERS, ZIPF,
};
use yew::prelude::*;

use crate::kit::fix_picker::FixPicker;
use crate::kit::slider::{slider, SliderProps};
use crate::kit::store::Store;

/// The form for `params`, its edits sent to `dispatch`.
pub fn controls(
    params: &LoadParams,
    dispatch: &UseReducerDispatcher<Store<Linked<LoadParams>>>,
) -> Html {
    let params = *params;
    // Each control sets its parameter as the link would: read, clamped and repaired by
    // the page's parameter table (model/src/views/load/params.rs).
    let set = |name: &'static str| {
        let dispatch = dispatch.clone();
        Callback::from(move |v: f64| dispatch.dispatch(Edit::number(name, v)))
    };
    let (on_epsilon, on_zipf, on_hot) = (set("epsilon"), set("zipf"), set("hot"));
    let (on_servers, on_vnodes, on_keys) = (set("servers"), set("vnodes"), set("keys"));
    let on_preset = |epsilon: f64| {
        let dispatch = dispatch.clone();
        let edit = Edit::Set(vec![
            ("epsilon", decimal_text(epsilon)),
            ("bounded", "1".into()),
        ]);
        Callback::from(move |_: MouseEvent| dispatch.dispatch(edit.clone()))
    };
    let on_bounded = {
        let (dispatch, on) = (dispatch.clone(), params.bounded);
        Callback::from(move |_: Event| dispatch.dispatch(Edit::set("bounded", flag_text(!on))))
    };
    let on_fix = {
        let dispatch = dispatch.clone();
        Callback::from(move |fix: HotFix| dispatch.dispatch(Edit::set("fix", fix_name(fix))))
    };
    html! {
        <form class="load-controls view-controls" aria-label="Traffic and ring" onsubmit={Callback::from(|e: SubmitEvent| e.prevent_default())}>
            <fieldset>
                <legend>{ "Bounded loads" }</legend>
                <label class="load-check" for="load-bounded">
                    <input type="checkbox" id="load-bounded" checked={params.bounded} onchange={on_bounded} />
                    { "Cap every server at 1 + epsilon times the mean" }
                </label>
                { slider(SliderProps { id: "load-epsilon", label: "Epsilon", min: EPSILON.0, max: EPSILON.1, step: 0.05, value: params.epsilon, text: format!("{:.2}", params.epsilon), on_input: on_epsilon, marks: MARKS.iter().map(|m| m.0).collect::<Vec<_>>(), hint: Some("load-marks") }) }
                <ul class="load-marks" id="load-marks">
                    { for MARKS.iter().map(|(value, buys)| html! {
                        <li>
                            <button type="button" onclick={on_preset(*value)}
                                aria-pressed={(params.bounded && (params.epsilon - value).abs() < 1e-9).to_string()}>
                                { format!("{value:.2}") }
                            </button>
                            { format!(" {buys}") }
                        </li>
                    }) }
                </ul>
            </fieldset>
            <fieldset>
                <legend>{ "Traffic" }</legend>
                { slider(SliderProps { id: "load-zipf", label: "Zipf exponent", min: ZIPF.0, max: ZIPF.1, step: 0.05, value: params.zipf, text: format!("{:.2}", params.zipf), on_input: on_zipf, ..Default::default() }) }
                { slider(SliderProps { id: "load-hot", label: "Hot key share", min: HOT.0, max: HOT.1, step: 0.05, value: params.hot, text: percent(params.hot), on_input: on_hot, ..Default::default() }) }
                { slider(SliderProps { id: "load-keys", label: "Keys", min: f64::from(KEYS.0), max: f64::from(KEYS.1), step: 100.0, value: f64::from(params.keys), text: grouped(u64::from(params.keys)), on_input: on_keys, ..Default::default() }) }
            </fieldset>
            <fieldset>
                <legend>{ "Ring" }</legend>
                { slider(SliderProps { id: "load-servers", label: "Servers", min: f64::from(SERVERS.0), max: f64::from(SERVERS.1), step: 1.0, value: f64::from(params.servers), text: params.servers.to_string(), on_input: on_servers, ..Default::default() }) }
                { slider(SliderProps { id: "load-vnodes", label: "Virtual nodes", min: 1.0, max: f64::from(LoadParams::max_vnodes(params.servers)), step: 1.0, value: f64::from(params.vnodes), text: params.vnodes.to_string(), on_input: on_vnodes, ..Default::default() }) }
            </fieldset>
            <fieldset>
                <legend>{ "Fix the hot key above the ring" }</legend>
                <FixPicker group="load-fix" fix={params.fix} on_pick={on_fix} />
            </fieldset>
        </form>
    }
}
