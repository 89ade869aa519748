//! The resize cost panel's component: labelled number inputs, a table of the two schemes
//! side by side, and the explanation.

use ringlab_core::analysis::cost::ResizeCost;
use ringlab_model::linked::Edit;
use yew::prelude::*;

use super::params::{CostParams, Field};
use super::report::{self, bytes, exact_bytes, hours, percent, Report};
use crate::kit::browser::input_value;
use crate::kit::hooks::linked::use_linked;
use crate::kit::notes::{dispatching, ViewNotes};
use crate::kit::view_props::ViewProps;
use ringlab_model::format::grouped;

#[component]
pub fn CostPanel(props: &ViewProps) -> Html {
    let state = use_linked::<CostParams>(props);
    let dispatch = state.dispatcher();
    let notes = html! {
        <ViewNotes notes={state.notes.clone()} on_dismiss={dispatching(&dispatch, Edit::Dismiss)} />
    };
    let inputs = Field::ALL.into_iter().map(|field| {
        let id = format!("cost-{}", field.key());
        let (min, max, step) = field.bounds();
        let dispatch = dispatch.clone();
        let onchange = move |e: Event| dispatch.dispatch(Edit::set(field.key(), input_value(&e)));
        let hint = report::input_hint(&state.params, field);
        let hint_id = format!("{id}-hint");
        let describedby = hint.is_some().then(|| hint_id.clone());
        html! {
            <div class="cost-field">
                <label for={id.clone()}>{ field.label() }</label>
                <input {id} type="number" inputmode="decimal" {min} {max} {step}
                    aria-describedby={describedby}
                    value={state.params.get(field)} {onchange} />
                { for hint.map(|text| html! { <small id={hint_id} class="cost-hint">{ text }</small> }) }
            </div>
        }
    });
    let body = match report::report(&state.params) {
        Ok(report) => results(&report),
        Err(why) => html! { <p class="cost-error" role="alert">{ why }</p> },
    };
    html! {
        <section class={classes!("cost", props.embed.then_some("cost-embed"))}
            aria-label="Resize cost">
            { notes }
            <p class="cost-intro">
                { "What a resize costs: the bytes that move and the hours the slowest link needs, \
                   for mod N placement and for a consistent hash ring, with every server \
                   transferring at once over a full-duplex link." }
            </p>
            <form class="cost-inputs view-controls" aria-label="Workload" onsubmit={|e: SubmitEvent| e.prevent_default()}>
                { for inputs }
            </form>
            { body }
        </section>
    }
}

/// A byte count with the exact figure on hover and for assistive technology.
fn amount(value: f64) -> Html {
    html! { <span title={exact_bytes(value)}>{ bytes(value) }</span> }
}

fn results(report: &Report) -> Html {
    let (m, r) = (&report.cost.modulo, &report.cost.ring);
    let changed = report.params.before.abs_diff(report.params.after);
    type Row = (&'static str, fn(&ResizeCost) -> Html);
    let rows: [Row; 9] = [
        ("Keys moved", |c| {
            html! { { format!("{} ({})", c.moved, percent(c.moved_fraction)) } }
        }),
        ("Bytes moved, one copy", |c| amount(c.logical_bytes_moved)),
        ("Bytes moved, all replicas", |c| {
            amount(c.replicated_bytes_moved)
        }),
        (
            "Servers sending",
            |c| html! { { grouped(c.senders as u64) } },
        ),
        ("Most sent by one server", |c| amount(c.max_send_bytes)),
        (
            "Servers receiving",
            |c| html! { { grouped(c.receivers as u64) } },
        ),
        ("Most received by one server", |c| {
            amount(c.max_receive_bytes)
        }),
        ("Bytes on the critical path", |c| amount(c.critical_bytes)),
        (
            "Hours on the critical path",
            |c| html! { { hours(c.hours) } },
        ),
    ];
    html! {
        <>
            <div class="cost-table-wrap">
                <table class="cost-table">
                    <caption>{ "Resize cost, mod N against the ring (per-server figures include replicas)" }</caption>
                    <thead>
                        <tr>
                            <th scope="col">{ "" }<span class="visually-hidden">{ "Measure" }</span></th>
                            <th scope="col">{ "mod N" }</th>
                            <th scope="col">{ "Ring" }</th>
                        </tr>
                    </thead>
                    <tbody>
                        { for rows.iter().map(|(label, cell)| html! {
                            <tr>
                                <th scope="row">{ *label }</th>
                                <td>{ cell(m) }</td>
                                <td>{ cell(r) }</td>
                            </tr>
                        }) }
                        <tr>
                            <th scope="row">{ "Bottleneck" }</th>
                            <td>{ report::bottleneck(m, changed) }</td>
                            <td>{ report::bottleneck(r, changed) }</td>
                        </tr>
                    </tbody>
                </table>
            </div>
            <div class="cost-prose" aria-label="Why">
                { for report.prose.iter().map(|p| html! { <p>{ p.clone() }</p> }) }
            </div>
        </>
    }
}
