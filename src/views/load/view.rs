//! The load page: controls, the bars, the ring and the numbers, all from one scene the
//! core computes for the page's parameters.

use std::rc::Rc;

use ringlab_model::linked::Edit;
use ringlab_model::views::load::params::LoadParams;
use ringlab_model::views::load::prose;
use ringlab_model::views::load::scene::{demand, homes, ring, scene_from, LoadScene};
use ringlab_model::views::load::stability::{hot_key_cools, server_joins, WhatIf};
use yew::prelude::*;

use super::controls::controls;
use super::numbers::{numbers, table};
use super::ring::LoadRing;
use crate::kit::hooks::linked::use_linked;
use crate::kit::notes::{dispatching, ViewNotes};
use crate::kit::pictures::bars::{Bars, Line};
use crate::kit::view_props::ViewProps;

#[component]
pub fn LoadView(props: &ViewProps) -> Html {
    let state = use_linked::<LoadParams>(props);
    let dispatch = state.dispatcher();
    let (params, notes) = (state.params, state.notes.clone());
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
    html! {
        <section class={classes!("load", props.embed.then_some("load-embed"))} aria-label="Hot keys and bounded loads">
            <ViewNotes notes={notes.clone()} {on_dismiss} />
            if !props.embed {
                <p class="load-intro">{ "A ring spreads keys evenly, not requests. Popular keys pile load on whoever owns them. Bounded loads cap every server and push the overflow clockwise, at the price of keys leaving home. One key hotter than the cap stays whole and stays over it: that takes a fix above the ring." }</p>
            }
            if props.controls { { controls(&params, &dispatch) } }
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
                { numbers(&scene, &params) }
            </div>
            <div class="load-what-if">
                <button type="button" onclick={on_cool} disabled={!params.bounded || params.hot == 0.0}>{ "If the hot key cooled" }</button>
                <button type="button" onclick={on_join} disabled={!params.bounded}>{ "If a server joined" }</button>
                <p class="load-shift" aria-live="polite">{ what_if_text.unwrap_or_else(|| "Bounded loads trade stability for balance: ask what a shift in load would move.".into()) }</p>
            </div>
            if let Some(cost) = scene.fix_cost() {
                <p class="load-fix-cost">{ cost }</p>
            }
            { table(&scene) }
        </section>
    }
}
