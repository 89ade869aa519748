//! The comparison's component: the controls, the progress, the keys moved drawn, and one
//! row per scheme.

use std::rc::Rc;

use ringlab_model::format::byte_size;
use ringlab_model::linked::Edit;
use ringlab_model::views::compare::params::CompareParams;
use ringlab_model::views::compare::prose;
use ringlab_model::views::compare::run::Outcome;
use ringlab_model::views::compare::schemes::Compared;
use yew::prelude::*;

use super::controls::{controls, pick_when};
use super::moved_bars::MovedBars;
use super::runner::use_comparison;
use super::speed::use_speed;
use crate::kit::hooks::linked::use_linked;
use crate::kit::notes::{dispatching, ViewNotes};
use crate::kit::view_props::ViewProps;
use crate::kit::workers::worker_count;
use crate::kit::workers::Status;

#[component]
pub fn CompareView(props: &ViewProps) -> Html {
    let state = use_linked::<CompareParams>(props);
    let dispatch = state.dispatcher();
    let p = &state.params;
    let comparing = use_comparison(p);
    let run = comparing.run;
    let speed = use_speed(p);
    let (rates, measuring, measure) = (speed.rates.clone(), speed.measuring, speed.start.clone());
    let notes = html! {
        <ViewNotes notes={state.notes.clone()} on_dismiss={dispatching(&dispatch, Edit::Dismiss)} />
    };
    let pool = run.as_ref().map(|run| run.borrow());
    let status = pool
        .as_ref()
        .map_or(Status::Running, |p| p.status().clone());
    let body = match &status {
        Status::Failed(why) => {
            html! { <p class="cmp-error" role="alert">{ format!("Stopped: {why}.") }</p> }
        }
        _ => {
            let tally = pool.as_ref().map(|pool| &pool.work.tally);
            let done = tally.map_or(0, |t| t.keys);
            let outcomes = tally.map(|t| t.outcomes(p)).unwrap_or_default();
            let cancel = {
                let cancel = comparing.cancel.clone();
                Callback::from(move |_: MouseEvent| cancel.emit(()))
            };
            let running = status == Status::Running;
            let progress = prose::progress_percent(done, p.keys);
            let elapsed = pool.as_ref().map_or(0.0, |p| p.elapsed_ms()) / 1_000.0;
            let status = match status {
                Status::Running if done == 0 => "Building the schemes on the workers…".to_string(),
                Status::Running => prose::placing(done, p.keys),
                Status::Cancelled => prose::stopped(done, p.keys),
                _ => prose::finished(p.keys, elapsed, worker_count()),
            };
            html! {
                <>
                    // The bar and Cancel on one line (Cancel hidden, its room kept, once
                    // the run ends), the status on its own: nothing below moves as it runs.
                    <div class="cmp-progress">
                        <progress max="100" value={progress.to_string()} aria-label="Keys placed"
                            aria-valuetext={format!("{progress}%")}></progress>
                        <button type="button" onclick={cancel}
                            class={classes!("cmp-cancel", (!running).then_some("cmp-idle"))}>
                            { "Cancel" }
                        </button>
                        <span class="cmp-status" role="status">{ status }</span>
                    </div>
                    <p class="cmp-reading">
                        { prose::reading(p, done) }
                    </p>
                    if *p == CompareParams::seed_experiment() {
                        <p class="cmp-seed">
                            { prose::seed_finding() }
                        </p>
                    }
                    <MovedBars params={p.clone()} outcomes={Rc::new(outcomes.clone())} {done} />
                    { table(p, &outcomes, done, &rates) }
                    <div class="cmp-speed">
                        <button type="button" disabled={measuring || running}
                            onclick={let measure = measure.clone(); move |_: MouseEvent| measure.emit(())}>
                            { "Measure lookups per second" }
                        </button>
                        if measuring { <span role="status">{ "Measuring…" }</span> }
                        if let Some(why) = &speed.failed { <span role="alert">{ format!("Not measured: {why}.") }</span> }
                    </div>
                    { pick_when(p) }
                </>
            }
        }
    };
    html! {
        <section class={classes!("cmp", props.embed.then_some("cmp-embed"))} aria-label="Compare">
            { notes }
            <p class="cmp-intro">
                { "The same keys and the same change under each scheme, counted exactly: what \
                   moves, how even the load is, what a lookup keeps in memory and costs here." }
            </p>
            { controls(p, &dispatch) }
            { body }
        </section>
    }
}

fn table(p: &CompareParams, outcomes: &[Outcome], done: u64, rates: &[(Compared, f64)]) -> Html {
    // A row for every scheme from the start, so the table keeps its height while the
    // schemes are built one by one.
    let rows = p.schemes.iter().map(|&scheme| {
        // Until it is built, the row has its known cells and placeholders shaped like
        // the figures to come, so nothing below moves when they arrive.
        let Some(o) = outcomes.iter().find(|o| o.scheme == scheme) else {
            return html! {
                <tr>
                    <th scope="row">{ scheme.title(p.vnodes) }</th>
                    <td>{ "building…" }<br /><span class="cmp-vs">{ "\u{a0}" }</span></td>
                    <td>{ "…" }</td>
                    <td>{ "…" }<br /><span class="cmp-vs">{ "\u{a0}" }</span></td>
                    <td>{ byte_size(scheme.memory(p.servers, p.vnodes)) }</td>
                    <td>{ "not measured" }</td>
                    <td>{ scheme.arbitrary_removal() }</td>
                    <td>{ scheme.weights() }</td>
                    <td>{ scheme.replicas() }</td>
                </tr>
            };
        };
        let cells = prose::cells(p, o, done);
        let rate = rates.iter().find(|(s, _)| *s == o.scheme).map(|(_, r)| *r);
        html! {
            <tr>
                <th scope="row">{ o.scheme.title(p.vnodes) }</th>
                <td>{ cells.moved }<br /><span class="cmp-vs">{ cells.versus }</span></td>
                <td>{ cells.busiest }</td>
                <td>{ cells.spread }<br /><span class="cmp-vs">{ cells.theory }</span></td>
                <td>{ byte_size(o.memory) }</td>
                <td>{ prose::lookups_per_second(rate) }</td>
                <td>{ o.scheme.arbitrary_removal() }</td>
                <td>{ o.scheme.weights() }</td>
                <td>{ o.scheme.replicas() }</td>
            </tr>
        }
    });
    html! {
        <>
        <p class="scroll-cue" aria-hidden="true">{ "Swipe the table sideways for every column; the scheme stays in view." }</p>
        <div class="cmp-scroll scroll-shadows" tabindex="0" role="region" aria-label="Comparison table">
            <table class="cmp-table">
                <caption>{ prose::caption(p, done) }</caption>
                <thead>
                    <tr>
                        <th scope="col">{ "Scheme" }</th>
                        <th scope="col">{ "Keys moved" }</th>
                        <th scope="col">{ "Busiest / mean" }</th>
                        <th scope="col">{ "Spread (sd / mean)" }</th>
                        <th scope="col">{ "Lookup memory" }</th>
                        <th scope="col">{ "Lookups / s here" }</th>
                        <th scope="col">{ "Remove any server" }</th>
                        <th scope="col">{ "Weights" }</th>
                        <th scope="col">{ "Replicas" }</th>
                    </tr>
                </thead>
                <tbody>{ for rows }</tbody>
            </table>
        </div>
        </>
    }
}
