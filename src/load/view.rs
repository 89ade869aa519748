//! The load page: controls, the bars, the ring and the numbers, all from one scene the
//! core computes for the page's parameters.

use std::rc::Rc;

use ringlab_core::load::fixes::HotFix;
use ringlab_model::format::{grouped, percent};
use ringlab_model::linked::{Edit, Linked};
use ringlab_model::load::params::{fix_name, LoadParams, EPSILON, HOT, KEYS, MARKS, SERVERS, ZIPF};
use ringlab_model::load::prose;
use ringlab_model::load::scene::{demand, homes, ring, scene_from, LoadScene};
use ringlab_model::load::stability::{hot_key_cools, server_joins, WhatIf};
use ringlab_model::urlkit::{decimal_text, flag_text};
use yew::prelude::*;

use super::ring::LoadRing;
use crate::fix_picker::FixPicker;
use crate::notes::{dispatching, ViewNotes};
use crate::pictures::bars::{Bars, Line};
use crate::slider::Slider;
use crate::store::Store;
use crate::url_out::use_url_out;
use crate::view_props::ViewProps;

#[component]
pub fn LoadView(props: &ViewProps) -> Html {
    let state = {
        let query = props.query.clone();
        use_reducer(move || Store::new(Linked::<LoadParams>::from_query(&query)))
    };
    let dispatch = state.dispatcher();
    let (params, notes) = (state.params, state.notes.clone());
    use_url_out(props, state.query());
    // Each part is rebuilt only when what it depends on changes: an epsilon step redoes
    // the bounded placement alone, not the 160,000-point ring or the 100,000 keys.
    let ring = use_memo((params.servers, params.vnodes), |_| ring(&params));
    let demand = use_memo((params.keys, params.zipf, params.hot, params.fix), |_| {
        demand(&params)
    });
    let homes = {
        let (ring, demand) = (ring.clone(), demand.clone());
        // Key names change with their count, the hot key's presence and the split only.
        let names = (params.keys, params.hot > 0.0, params.fix);
        use_memo((params.servers, params.vnodes, names), move |_| {
            homes(&ring, &demand)
        })
    };
    let scene = {
        let (ring, demand, homes) = (ring.clone(), demand.clone(), homes.clone());
        use_memo(params, move |p| {
            Rc::new(scene_from(p, &ring, &demand, &homes))
        })
    };
    let scene: Rc<LoadScene> = (*scene).clone();
    // "What if" answers, computed on request for the parameters they were asked with.
    let what_if = use_state(|| None::<(LoadParams, String)>);
    let ask = |which: WhatIf, what: &'static str| {
        let (what_if, ring, demand, homes, scene) = (
            what_if.clone(),
            ring.clone(),
            demand.clone(),
            homes.clone(),
            scene.clone(),
        );
        Callback::from(move |_: MouseEvent| {
            let shift = which(&params, &ring, &demand, &homes, &scene.report);
            let text = prose::what_if(what, shift.as_ref());
            what_if.set(Some((params, text)));
        })
    };
    let on_cool = ask(hot_key_cools, "If the hot key cooled");
    let on_join = ask(server_joins, "If a server joined");
    let what_if_text = what_if
        .as_ref()
        .filter(|(asked, _)| *asked == params)
        .map(|(_, text)| text.clone());

    // Each control sets its parameter as the link would: read, clamped and repaired by
    // the page's parameter table (model/src/load/params.rs).
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
    let on_dismiss = dispatching(&dispatch, Edit::Dismiss);

    let mut lines = vec![Line {
        value: scene.mean,
        label: "mean".into(),
        kind: "mean",
    }];
    if let Some(cap) = scene.cap {
        lines.push(Line {
            value: cap,
            label: "cap".into(),
            kind: "cap",
        });
    }
    let hot_server = scene.hot.as_ref().map(|h| h.server);
    let bars_label = prose::bars_label(&scene);
    let controls = html! {
        <form class="load-controls view-controls" aria-label="Traffic and ring" onsubmit={Callback::from(|e: SubmitEvent| e.prevent_default())}>
            <fieldset>
                <legend>{ "Bounded loads" }</legend>
                <label class="load-check" for="load-bounded">
                    <input type="checkbox" id="load-bounded" checked={params.bounded} onchange={on_bounded} />
                    { "Cap every server at 1 + epsilon times the mean" }
                </label>
                <Slider id="load-epsilon" label="Epsilon" min={EPSILON.0} max={EPSILON.1} step={0.05}
                    value={params.epsilon} text={format!("{:.2}", params.epsilon)} on_input={on_epsilon}
                    marks={MARKS.iter().map(|m| m.0).collect::<Vec<_>>()} hint={Some("load-marks")} />
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
                <Slider id="load-zipf" label="Zipf exponent" min={ZIPF.0} max={ZIPF.1} step={0.05}
                    value={params.zipf} text={format!("{:.2}", params.zipf)} on_input={on_zipf} />
                <Slider id="load-hot" label="Hot key share" min={HOT.0} max={HOT.1} step={0.05}
                    value={params.hot} text={percent(params.hot)} on_input={on_hot} />
                <Slider id="load-keys" label="Keys" min={f64::from(KEYS.0)} max={f64::from(KEYS.1)} step={100.0}
                    value={f64::from(params.keys)} text={grouped(u64::from(params.keys))} on_input={on_keys} />
            </fieldset>
            <fieldset>
                <legend>{ "Ring" }</legend>
                <Slider id="load-servers" label="Servers" min={f64::from(SERVERS.0)} max={f64::from(SERVERS.1)} step={1.0}
                    value={f64::from(params.servers)} text={params.servers.to_string()} on_input={on_servers} />
                <Slider id="load-vnodes" label="Virtual nodes" min={1.0} max={f64::from(LoadParams::max_vnodes(params.servers))} step={1.0}
                    value={f64::from(params.vnodes)} text={params.vnodes.to_string()} on_input={on_vnodes} />
            </fieldset>
            <fieldset>
                <legend>{ "Fix the hot key above the ring" }</legend>
                <FixPicker group="load-fix" fix={params.fix} on_pick={on_fix} />
            </fieldset>
        </form>
    };
    let figures = prose::numbers(&scene, &params);
    let numbers = html! {
        <dl class="load-numbers">
            <dt>{ "Requests a second" }</dt>
            <dd>{ figures.requests }</dd>
            <dt>{ "Mean per server" }</dt>
            <dd>{ figures.mean }</dd>
            if let Some(cap) = figures.cap {
                <dt>{ "Cap" }</dt>
                <dd>{ cap }</dd>
            }
            <dt>{ "Busiest server" }</dt>
            <dd>{ figures.busiest }</dd>
            <dt>{ "Pushed off home" }</dt>
            <dd class="load-pushed">{ figures.pushed }</dd>
            <dt>{ "Servers tried per key" }</dt>
            <dd>{ figures.probes }</dd>
            if let Some(hot) = figures.hot {
                <dt>{ "Hot key" }</dt>
                <dd>{ hot }</dd>
            }
        </dl>
    };
    let table = prose::table_rows(&scene);
    let line = scene.cap.unwrap_or(f64::INFINITY);
    html! {
        <section class={classes!("load", props.embed.then_some("load-embed"))} aria-label="Hot keys and bounded loads">
            <ViewNotes notes={notes.clone()} {on_dismiss} />
            if !props.embed {
                <p class="load-intro">{ "A ring spreads keys evenly, not requests. Popular keys pile load on whoever owns them. Bounded loads cap every server and push the overflow clockwise, at the price of keys leaving home. One key hotter than the cap stays whole and stays over it: that takes a fix above the ring." }</p>
            }
            if props.controls { { controls } }
            <p class="load-summary" aria-live="polite">{ prose::summary(&scene, &params) }</p>
            <div class="load-figures">
                <figure class="load-bars">
                    <Bars names={Rc::new(scene.names.clone())} values={Rc::new(scene.loads.clone())} lines={lines}
                        limit={scene.cap} marked={hot_server} x_label="servers" label={bars_label} />
                    <figcaption>{ "Requests a second per server. Dashed: the mean. Solid: the cap. Red: over the cap; the hot key's server is outlined." }</figcaption>
                </figure>
                <figure class="load-ring-figure">
                    <LoadRing scene={scene.clone()} />
                    <figcaption>{ prose::ring_caption(&scene) }</figcaption>
                </figure>
                { numbers }
            </div>
            <div class="load-what-if">
                <button type="button" onclick={on_cool} disabled={!params.bounded || params.hot == 0.0}>{ "If the hot key cooled" }</button>
                <button type="button" onclick={on_join} disabled={!params.bounded}>{ "If a server joined" }</button>
                <p class="load-shift" aria-live="polite">{ what_if_text.unwrap_or_else(|| "Bounded loads trade stability for balance: ask what a shift in load would move.".into()) }</p>
            </div>
            if let Some(cost) = scene.fix_cost() {
                <p class="load-fix-cost">{ cost }</p>
            }
            <details class="load-table">
                <summary>{ prose::table_summary(&scene, &table) }</summary>
                <table>
                    <thead><tr><th scope="col">{ "Server" }</th><th scope="col">{ "Requests a second" }</th><th scope="col">{ "Times the mean" }</th><th scope="col">{ "Over the cap" }</th></tr></thead>
                    <tbody>
                        { for table.iter().map(|&i| html! {
                            <tr>
                                <th scope="row">{ scene.names[i].clone() }</th>
                                <td>{ prose::load_cell(&scene, i) }</td>
                                <td>{ prose::times_mean(&scene, i) }</td>
                                <td>{ if scene.loads[i] > line * (1.0 + 1e-9) { "yes" } else { "no" } }</td>
                            </tr>
                        }) }
                    </tbody>
                </table>
            </details>
        </section>
    }
}
