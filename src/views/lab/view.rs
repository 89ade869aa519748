//! The lab's component: the settings every figure shares, and the figures, each run on
//! Web Workers when the reader asks.

use std::rc::Rc;

use ringlab_core::experiment::table_text;
use ringlab_model::linked::{Edit, Linked};
use ringlab_model::views::compare::params::CompareParams;
use ringlab_model::views::lab::csv::{
    agree_csv, bounded_csv, keys_csv, llm_csv, loss_csv, memory_csv, speed_csv,
};
use ringlab_model::views::lab::job::TrialKind;
use ringlab_model::views::lab::llm::LlmFigure;
use ringlab_model::views::lab::params::{LabParams, FIGURES, RINGS, WORKERS};
use ringlab_model::views::lab::series::Chart;
use ringlab_model::views::lab::status::Before;
use ringlab_model::views::lab::{llm, prose, runs, series, shipped};
use yew::prelude::*;

use super::about::about;
use super::figure::{Figure, Progress};
use super::pool::Stages;
use super::run_all::{RunAll, Slot};
use super::runs::{use_lab_runs, LabRuns, AGREE, BOUNDED, BUSIEST, CATCHER, KEYS, LOSS, SPEED};
use super::tables::{
    agree_table, bounded_table, busiest_table, catcher_table, keys_table, llm_table, loss_table,
    memory_table, speed_table, spread_table,
};
use crate::kit::hooks::in_turn::use_in_turn;
use crate::kit::hooks::linked::use_linked;
use crate::kit::notes::{dispatching, ViewNotes};
use crate::kit::number_field::NumberField;
use crate::kit::setters::on_text;
use crate::kit::store::Store;
use crate::kit::view_props::ViewProps;
use crate::kit::workers::Status;

/// What a figure draws of its rows.
struct Drawn {
    chart: Chart,
    table: Html,
    csv: String,
    finding: Option<String>,
}

/// The link figure 7 times gossip on: 1 Gbps.
const LINK_BITS_PER_SECOND: f64 = 1e9;

/// Where a figure's rows come from before it runs here: `kind`'s shipped rows, if they
/// are the link's.
fn before(kind: TrialKind, p: &LabParams) -> Before {
    match kind {
        TrialKind::Speed(_) => Before::Machine,
        TrialKind::BusiestRing | TrialKind::BusiestGamma | TrialKind::Catcher => {
            if shipped::matches(kind, p.rings, p.seed) {
                Before::ShippedSeeded
            } else {
                Before::ShippedOther
            }
        }
        TrialKind::Loss | TrialKind::Keys(_) | TrialKind::Bounded | TrialKind::Agree(_) => {
            Before::ShippedExact
        }
    }
}

fn progress_of(slot: &Slot, before: Before) -> Progress {
    let Some(run) = slot.borrow().clone() else {
        return Progress::Idle(before);
    };
    let run = run.borrow();
    match run.status() {
        Status::Running => {
            let (done, jobs) = run.counts();
            Progress::Running {
                done,
                jobs,
                remaining_ms: run.remaining_ms(),
            }
        }
        status => Progress::Ended {
            status: status.clone(),
            elapsed_ms: run.elapsed_ms(),
            stages: run.work.stage_times(run.started()),
        },
    }
}

/// A figure's finding, said of the shipped run while the reader has not run it here.
fn found(slot: &Slot, finding: Option<String>) -> Option<String> {
    if slot.borrow().is_some() {
        finding
    } else {
        prose::shipped(finding)
    }
}

/// A figure's rows: its run's in this page, else the shipped ones when `before` says
/// they are the link's.
fn rows_of<R>(
    slot: &Slot,
    read: impl Fn(&Stages) -> Vec<R>,
    before: Before,
    shipped: impl FnOnce() -> Vec<R>,
) -> Vec<R> {
    match slot.borrow().as_ref() {
        Some(run) => read(&run.borrow().work),
        None if matches!(before, Before::ShippedSeeded | Before::ShippedExact) => shipped(),
        None => Vec::new(),
    }
}

#[component]
pub fn LabView(props: &ViewProps) -> Html {
    let state = use_linked::<LabParams>(props);
    let dispatch = state.dispatcher();
    let p = state.params.clone();
    // The whole lab draws a figure a task, so that opening it blocks no tap for long.
    let drawn = use_in_turn(FIGURES);
    let runs = use_lab_runs(&p);
    let LabRuns {
        busiest,
        catcher,
        loss,
        keys,
        speed,
        bounded,
        agree,
        ..
    } = &runs;
    let (start, cancel) = (
        |slot: &Slot, kinds| runs.start(slot, kinds),
        |slot: &Slot| runs.cancel(slot),
    );
    let run_all = &runs.run_all;
    let seed = CompareParams::seed_experiment();
    let (b_busiest, b_catcher) = (
        before(TrialKind::BusiestRing, &p),
        before(TrialKind::Catcher, &p),
    );
    let (b_loss, b_keys) = (before(TrialKind::Loss, &p), before(KEYS[0], &p));
    let (b_speed, b_bounded) = (before(SPEED[0], &p), before(TrialKind::Bounded, &p));
    let ring = rows_of(
        busiest,
        |r| r.busiest_rows(TrialKind::BusiestRing),
        b_busiest,
        || shipped::busiest_rows(TrialKind::BusiestRing),
    );
    let gamma = rows_of(
        busiest,
        |r| r.busiest_rows(TrialKind::BusiestGamma),
        b_busiest,
        || shipped::busiest_rows(TrialKind::BusiestGamma),
    );
    let caught = rows_of(
        catcher,
        Stages::catcher_rows,
        b_catcher,
        shipped::catcher_rows,
    );
    let shown = |n: u64| p.fig == n || (p.fig == 0 && n <= drawn);
    let losses = rows_of(loss, Stages::loss_rows, b_loss, shipped::loss_rows);
    let placed = rows_of(keys, Stages::keys_rows, b_keys, shipped::keys_rows);
    let rates = rows_of(speed, Stages::speed_rows, b_speed, Vec::new);
    let capped = rows_of(
        bounded,
        Stages::bounded_rows,
        b_bounded,
        shipped::bounded_rows,
    );
    let b_agree = before(AGREE[0], &p);
    let alike = rows_of(agree, Stages::agree_rows, b_agree, shipped::agree_rows);
    let commands = |kinds: &[TrialKind]| {
        let mut all: Vec<String> = kinds
            .iter()
            .filter_map(|&k| runs::command(k, p.rings, p.seed))
            .collect();
        all.dedup();
        Rc::new(all)
    };

    // A figure run on the workers: its rows drawn, and its slot, the trials it starts,
    // those its command line prints, and where its rows come from before it runs here.
    let figure = |number: u64,
                  title: &'static str,
                  drawn: Drawn,
                  (slot, kinds, printed, before): (
        &Slot,
        &'static [TrialKind],
        &[TrialKind],
        Before,
    )| {
        html! {
            <Figure {number} {title} about={about(number, &seed)} chart={Rc::new(drawn.chart)}
                table={drawn.table} csv={Rc::new(drawn.csv)} commands={commands(printed)}
                progress={Some(progress_of(slot, before))} finding={found(slot, drawn.finding)}
                on_run={start(slot, kinds)} on_cancel={cancel(slot)} />
        }
    };
    html! {
        <section class={classes!("lab", props.embed.then_some("lab-embed"))} aria-label="Lab">
            <ViewNotes notes={state.notes.clone()} on_dismiss={dispatching(&dispatch, Edit::Dismiss)} />
            if !props.embed {
                <p class="lab-intro">
                    { "Every figure the lessons quote comes from an experiment: draw many random rings, measure each exactly, \
                       and summarise. The page opens with results shipped with it, computed by this same engine. Run a figure \
                       (or Run all) to reproduce it in your browser, on Web Workers, so the page stays free. \
                       The results are the same on one worker or four, and the same as the command line's for the same seed." }
                </p>
            }
            { settings(&p, &dispatch, run_all) }
            if shown(1) {
                { figure(1, "The busiest server against its fair share", Drawn { chart: series::busiest(&ring, &gamma), table: busiest_table(&ring, &gamma), csv: table_text(&ring, ','), finding: prose::busiest(&ring) },
                    (busiest, BUSIEST, &[TrialKind::BusiestRing, TrialKind::BusiestGamma], b_busiest)) }
            }
            if shown(2) {
                { figure(2, "The spread of the shares shrinks as one over the square root of V", Drawn { chart: series::spread(&ring), table: spread_table(&ring), csv: table_text(&ring, ','), finding: prose::spread(&ring) },
                    (busiest, BUSIEST, &[TrialKind::BusiestRing], b_busiest)) }
            }
            if shown(3) {
                { figure(3, "Who catches a leaving server's keys", Drawn { chart: series::catcher(&caught), table: catcher_table(&caught), csv: table_text(&caught, ','), finding: prose::catcher(&caught) },
                    (catcher, CATCHER, &[TrialKind::Catcher], b_catcher)) }
            }
            if shown(4) {
                { figure(4, "Real keys: how evenly they spread, and what a join moves", Drawn { chart: series::keys(&placed), table: keys_table(&placed), csv: keys_csv(&placed, ','), finding: prose::keys(&placed) },
                    (keys, KEYS, KEYS, b_keys)) }
            }
            if shown(5) {
                { figure(5, "Lookups per second, in this browser", Drawn { chart: series::speed(&rates), table: speed_table(&rates), csv: speed_csv(&rates, ','), finding: prose::speed(&rates) },
                    (speed, SPEED, SPEED, b_speed)) }
            }
            if shown(6) {
                { figure(6, "Three servers fail at once: is some key gone?", Drawn { chart: series::durability(&losses), table: loss_table(&losses), csv: loss_csv(&losses, ','), finding: prose::durability(&losses) },
                    (loss, LOSS, LOSS, b_loss)) }
            }
            if shown(7) {
                <Figure number={7} title="What the ring costs to hold and to gossip"
                    about={about(7, &seed)}
                    chart={Rc::new(series::memory())}
                    table={memory_table()}
                    csv={Rc::new(memory_csv(','))}
                    commands={commands(&[])}
                    finding={Some(prose::memory(LINK_BITS_PER_SECOND))} />
            }
            if shown(8) {
                { figure(8, "Bounded loads: a cap on the busiest, paid for in moves", Drawn { chart: series::bounded(&capped), table: bounded_table(&capped), csv: bounded_csv(&capped, ','), finding: prose::bounded(&capped) },
                    (bounded, BOUNDED, BOUNDED, b_bounded)) }
            }
            if shown(9) {
                { figure(9, "Two clients, one pool: the keys they place alike", Drawn { chart: series::agree(&alike), table: agree_table(&alike), csv: agree_csv(&alike, ','), finding: prose::agree(&alike) },
                    (agree, AGREE, AGREE, b_agree)) }
            }
            if shown(10) {
                { llm_figure(10, LlmFigure::Prefix, &seed) }
            }
            if shown(11) {
                { llm_figure(11, LlmFigure::Bound, &seed) }
            }
            if shown(12) {
                { llm_figure(12, LlmFigure::Cache, &seed) }
            }
        </section>
    }
}

/// Figures 10 to 12: LLM requests of a real trace, their rows shipped (the page does not
/// load the trace), so no Run.
fn llm_figure(number: u64, figure: LlmFigure, seed: &CompareParams) -> Html {
    let (rows, most) = llm::shipped();
    let (title, against) = match figure {
        LlmFigure::Prefix => (
            "LLM requests on a real trace: what hashing the prompt's first blocks reuses",
            "k",
        ),
        LlmFigure::Bound => (
            "LLM requests: bounded loads trade cached blocks for balance",
            "c",
        ),
        LlmFigure::Cache => (
            "LLM requests: what a bigger cache buys each router",
            "cache",
        ),
    };
    html! {
        <Figure {number} {title}
            about={about(number, seed)}
            chart={Rc::new(series::llm(&rows, most, figure))}
            table={llm_table(&rows, most, figure)}
            csv={Rc::new(llm_csv(&rows, most, figure, ','))}
            commands={Rc::new(vec![format!("ringlab experiment llm --trace data/mooncake/conversation_trace.jsonl --against {against}")])}
            finding={prose::llm(&rows, most, figure)} />
    }
}

/// The settings every figure shares, and Run all on the whole lab.
fn settings(
    p: &LabParams,
    dispatch: &UseReducerDispatcher<Store<Linked<LabParams>>>,
    run_all: &RunAll,
) -> Html {
    let set_text = |name: &'static str| on_text(dispatch, name);
    html! {
        <form class="lab-form view-controls" aria-label="Lab settings" onsubmit={|e: SubmitEvent| e.prevent_default()}>
            <NumberField label="Rings per setting" value={u64::from(p.rings)} min={RINGS.0} max={RINGS.1} on_change={set_text("rings")} />
            <NumberField label="Seed" value={p.seed} min={0} max={u64::MAX} on_change={set_text("seed")} />
            <NumberField label="Workers" value={u64::from(p.workers)} min={WORKERS.0} max={WORKERS.1} on_change={set_text("workers")} />
            if p.fig == 0 {
                <button type="button" class="lab-run-all" onclick={run_all.on_press.clone()}>
                    { if run_all.busy { "Stop running" } else { "Run all" } }
                </button>
            }
        </form>
    }
}
