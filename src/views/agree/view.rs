//! The agree view's component: the real cases, the controls, the count and what it
//! costs, the grid of keys, the first keys that differ, and why.

use std::rc::Rc;

use ringlab_model::linked::Edit;
use ringlab_model::urlkit::parse_query;
use ringlab_model::view_state::ViewState;
use ringlab_model::views::agree::compare::Comparison;
use ringlab_model::views::agree::params::AgreeParams;
use ringlab_model::views::agree::presets::PRESETS;
use ringlab_model::views::agree::{prose, why};
use yew::prelude::*;

use super::controls::controls;
use super::grid::{differing, grid};
use crate::kit::hooks::linked::use_linked;
use crate::kit::notes::{dispatching, ViewNotes};
use crate::kit::view_props::ViewProps;

#[component]
pub fn AgreeView(props: &ViewProps) -> Html {
    let state = use_linked::<AgreeParams>(props);
    let dispatch = state.dispatcher();
    let p = &state.params;
    let compared = use_memo(p.clone(), |p| Rc::new(Comparison::of(p)));
    let reasons = use_memo(p.clone(), {
        let compared = compared.clone();
        move |p| why::reasons(p, &compared)
    });
    let c: &Comparison = &compared;
    let preset = PRESETS
        .iter()
        .find(|preset| AgreeParams::from_query(&parse_query(preset.query)).0 == *p);
    let preset_name = preset.map(|preset| preset.name);
    let notes = html! {
        <ViewNotes notes={state.notes.clone()} on_dismiss={dispatching(&dispatch, Edit::Dismiss)} />
    };
    let failed = [("A", &c.a), ("B", &c.b)].into_iter().filter_map(|(name, side)| {
        side.as_ref().err().map(|e| html! { <p class="ag-error" role="alert">{ format!("{name} does not build: {e}.") }</p> })
    });
    let results = if c.built() {
        html! {
            <>
                <p class="ag-headline" aria-live="polite">{ prose::headline(c, p) }</p>
                if let Some(chance) = prose::chance(c) { <p class="ag-chance">{ chance }</p> }
                if let Some(misses) = prose::misses(c, p) { <p class="ag-misses">{ misses }</p> }
                { grid(c) }
                { differing(c, p.a.name(), p.b.name()) }
            </>
        }
    } else {
        Html::default()
    };
    html! {
        <section class={classes!("agree", props.embed.then_some("agree-embed"))} aria-label="Will they agree?">
            { notes }
            <p class="ag-intro">
                { "Most keys are placed by a client library inside each service. Two services in \
                   two languages, one cache pool or one Kafka topic: do they put a key in the same \
                   place? Pick the two, give the servers once, and see every key." }
            </p>
            // Embedded, the widget shows its one comparison: no links away.
            if !props.embed {
                <nav class="ag-presets" aria-label="Real cases">
                    <h2>{ "Real cases" }</h2>
                    <ul>
                        { for PRESETS.iter().map(|preset| {
                            let current = Some(preset.name) == preset_name;
                            html! {
                                <li>
                                    <a href={format!("#/agree?{}", preset.query)} aria-current={current.then_some("page")}>{ preset.name }</a>
                                </li>
                            }
                        }) }
                    </ul>
                </nav>
            }
            if let Some(preset) = preset {
                <p class="ag-says">{ preset.says }</p>
            }
            { controls(&state, &dispatch) }
            { for failed }
            { results }
            <h2>{ "Why" }</h2>
            <ul class="ag-why">
                { for reasons.iter().map(|r| html! { <li>{ r.clone() }</li> }) }
            </ul>
            <p class="ag-command">
                { "The same counts on the command line: " }<code>{ p.command() }</code>
            </p>
        </section>
    }
}
