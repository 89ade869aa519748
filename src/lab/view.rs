//! The lab's component: the settings every figure shares, and the figures, each run on
//! Web Workers when the reader asks.

use std::rc::Rc;

use ringlab_core::analysis::memory::ENTRY_BYTES;
use ringlab_core::experiment::table_text;
use ringlab_core::schemes::maglev::DEFAULT_TABLE_SIZE;
use ringlab_model::compare::params::CompareParams;
use ringlab_model::compare::schemes::Compared;
use ringlab_model::format::grouped;
use ringlab_model::lab::csv::{bounded_csv, keys_csv, loss_csv, memory_csv, speed_csv};
use ringlab_model::lab::job::TrialKind;
use ringlab_model::lab::job::{SPEED_KEYS, SPEED_MS};
use ringlab_model::lab::params::{LabParams, FIGURES, RINGS, WORKERS};
use ringlab_model::lab::runs::{BOUNDED_KEYS, BOUNDED_SERVERS, KEYS_PLACED};
use ringlab_model::lab::series::MEMORY_POINTS;
use ringlab_model::lab::status::Before;
use ringlab_model::lab::{prose, runs, series, shipped};
use ringlab_model::learn::links;
use ringlab_model::linked::{Edit, Linked};
use ringlab_model::loss::{LOSS_FAILURES, LOSS_RACKS, LOSS_REPLICAS, LOSS_SERVERS};
use yew::prelude::*;

use super::figure::{Figure, Progress};
use super::pool::Stages;
use super::run_all::{use_run_all, Slot};
use super::tables::{
    bounded_table, busiest_table, catcher_table, keys_table, loss_table, memory_table, speed_table,
    spread_table,
};
use crate::in_turn::use_in_turn;
use crate::notes::{dispatching, ViewNotes};
use crate::number_field::NumberField;
use crate::setters::on_text;
use crate::store::Store;
use crate::url_out::use_url_out;
use crate::view_link::ViewLink;
use crate::view_props::ViewProps;
use crate::workers::Status;

/// The busiest figures' runs: the Gamma model first (a second), then the rings.
const BUSIEST: &[TrialKind] = &[TrialKind::BusiestGamma, TrialKind::BusiestRing];
const CATCHER: &[TrialKind] = &[TrialKind::Catcher];
const LOSS: &[TrialKind] = &[TrialKind::Loss];
const SPEED: &[TrialKind] = &[
    TrialKind::Speed(Compared::Ring),
    TrialKind::Speed(Compared::Jump),
    TrialKind::Speed(Compared::Rendezvous),
    TrialKind::Speed(Compared::Maglev),
];
const BOUNDED: &[TrialKind] = &[TrialKind::Bounded];
const KEYS: &[TrialKind] = &[
    TrialKind::Keys(Compared::Ring),
    TrialKind::Keys(Compared::Ring1024),
    TrialKind::Keys(Compared::Jump),
    TrialKind::Keys(Compared::Rendezvous),
];
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
        TrialKind::Loss | TrialKind::Keys(_) | TrialKind::Bounded => Before::ShippedExact,
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
    let state = {
        let query = props.query.clone();
        use_reducer(move || Store::new(Linked::<LabParams>::from_query(&query)))
    };
    let dispatch = state.dispatcher();
    use_url_out(props, state.query());
    let p = state.params.clone();
    let redraw = use_force_update();
    // The whole lab draws a figure a task, so that opening it blocks no tap for long.
    let drawn = use_in_turn(FIGURES);
    let busiest: Slot = use_mut_ref(|| None);
    let catcher: Slot = use_mut_ref(|| None);
    let loss: Slot = use_mut_ref(|| None);
    let keys: Slot = use_mut_ref(|| None);
    let speed: Slot = use_mut_ref(|| None);
    let bounded: Slot = use_mut_ref(|| None);
    // Results belong to the link's rings and seed: a change of either forgets them, and
    // stops a run (dropping a run terminates its workers).
    {
        let slots = [
            busiest.clone(),
            catcher.clone(),
            loss.clone(),
            keys.clone(),
            speed.clone(),
            bounded.clone(),
        ];
        let redraw = redraw.clone();
        use_effect_with((p.rings, p.seed), move |_| {
            let forgot = slots
                .iter()
                .fold(false, |any, slot| slot.borrow_mut().take().is_some() | any);
            if forgot {
                redraw.force_update();
            }
        });
    }
    let on_redraw = {
        let redraw = redraw.clone();
        Callback::from(move |()| redraw.force_update())
    };
    let start = |slot: &Slot, kinds: &'static [TrialKind]| {
        let (slot, on_redraw, redraw, p) =
            (slot.clone(), on_redraw.clone(), redraw.clone(), p.clone());
        Callback::from(move |()| {
            let run = Stages::start(kinds, p.rings, p.seed, p.workers, on_redraw.clone());
            *slot.borrow_mut() = Some(run);
            redraw.force_update();
        })
    };
    let run_all = use_run_all(
        vec![
            (busiest.clone(), BUSIEST),
            (catcher.clone(), CATCHER),
            (keys.clone(), KEYS),
            (speed.clone(), SPEED),
            (loss.clone(), LOSS),
            (bounded.clone(), BOUNDED),
        ],
        &p,
        on_redraw.clone(),
    );
    let cancel = |slot: &Slot| {
        let (slot, redraw) = (slot.clone(), redraw.clone());
        Callback::from(move |()| {
            if let Some(run) = slot.borrow().as_ref() {
                run.borrow_mut().cancel();
            }
            redraw.force_update();
        })
    };

    let seed = CompareParams::seed_experiment();
    let (b_busiest, b_catcher) = (
        before(TrialKind::BusiestRing, &p),
        before(TrialKind::Catcher, &p),
    );
    let (b_loss, b_keys) = (before(TrialKind::Loss, &p), before(KEYS[0], &p));
    let (b_speed, b_bounded) = (before(SPEED[0], &p), before(TrialKind::Bounded, &p));
    let ring = rows_of(
        &busiest,
        |r| r.busiest_rows(TrialKind::BusiestRing),
        b_busiest,
        || shipped::busiest_rows(TrialKind::BusiestRing),
    );
    let gamma = rows_of(
        &busiest,
        |r| r.busiest_rows(TrialKind::BusiestGamma),
        b_busiest,
        || shipped::busiest_rows(TrialKind::BusiestGamma),
    );
    let caught = rows_of(
        &catcher,
        Stages::catcher_rows,
        b_catcher,
        shipped::catcher_rows,
    );
    let shown = |n: u64| p.fig == n || (p.fig == 0 && n <= drawn);
    let losses = rows_of(&loss, Stages::loss_rows, b_loss, shipped::loss_rows);
    let placed = rows_of(&keys, Stages::keys_rows, b_keys, shipped::keys_rows);
    let rates = rows_of(&speed, Stages::speed_rows, b_speed, Vec::new);
    let capped = rows_of(
        &bounded,
        Stages::bounded_rows,
        b_bounded,
        shipped::bounded_rows,
    );
    let commands = |kinds: &[TrialKind]| {
        let mut all: Vec<String> = kinds
            .iter()
            .filter_map(|&k| runs::command(k, p.rings, p.seed))
            .collect();
        all.dedup();
        Rc::new(all)
    };

    let set_text = |name: &'static str| on_text(&dispatch, name);
    let controls = html! {
        <form class="lab-form view-controls" aria-label="Lab settings" onsubmit={|e: SubmitEvent| e.prevent_default()}>
            <NumberField label="Rings per setting" value={u64::from(p.rings)} min={RINGS.0} max={RINGS.1} on_change={set_text("rings")} />
            <NumberField label="Seed" value={p.seed} min={0} max={u64::MAX} on_change={set_text("seed")} />
            <NumberField label="Workers" value={u64::from(p.workers)} min={WORKERS.0} max={WORKERS.1} on_change={set_text("workers")} />
            if p.fig == 0 {
                <button type="button" class="lab-run-all" onclick={run_all.on_press}>
                    { if run_all.busy { "Stop running" } else { "Run all" } }
                </button>
            }
        </form>
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
            { controls }
            if shown(1) {
                <Figure number={1} title="The busiest server against its fair share"
                    about={html! { <>
                        <p>{ "For N servers with V points each, the share of the busiest server, over the fair share 1/N. \
                              Solid: the mean over the rings; dashed: the 95th percentile; dotted: the Gamma model, which \
                              draws the shares from their exact law instead of placing points." }</p>
                        <p>{ "The right axis reads each level the other way round: how many points per server the rule \
                              of thumb 2 ln N / ε² asks for to keep the busiest within it, 1 + ε, at the most servers drawn. \
                              Compare that with the V at which the solid line reaches the level." }</p>
                    </> }}
                    chart={Rc::new(series::busiest(&ring, &gamma))}
                    table={busiest_table(&ring, &gamma)}
                    csv={Rc::new(table_text(&ring, ','))}
                    commands={commands(&[TrialKind::BusiestRing, TrialKind::BusiestGamma])}
                    progress={Some(progress_of(&busiest, b_busiest))}
                    finding={found(&busiest, prose::busiest(&ring))}
                    on_run={start(&busiest, BUSIEST)} on_cancel={cancel(&busiest)} />
            }
            if shown(2) {
                <Figure number={2} title="The spread of the shares shrinks as one over the square root of V"
                    about={html! {
                        <p>{ "The shares' spread (their standard deviation over their mean) times sqrt(V). If the spread \
                              falls as 1/sqrt(V), this stays flat: near 1 for many servers, a little lower for ten." }</p>
                    }}
                    chart={Rc::new(series::spread(&ring))}
                    table={spread_table(&ring)}
                    csv={Rc::new(table_text(&ring, ','))}
                    commands={commands(&[TrialKind::BusiestRing])}
                    progress={Some(progress_of(&busiest, b_busiest))}
                    finding={found(&busiest, prose::spread(&ring))}
                    on_run={start(&busiest, BUSIEST)} on_cancel={cancel(&busiest)} />
            }
            if shown(3) {
                <Figure number={3} title="Who catches a leaving server's keys"
                    about={html! {
                        <p>{ format!("One of {} servers leaves. Its keys go to the servers after its points; with few points, \
                              one neighbour takes nearly all of them. This is the share the biggest catcher takes.", runs::CATCHER_SERVERS) }</p>
                    }}
                    chart={Rc::new(series::catcher(&caught))}
                    table={catcher_table(&caught)}
                    csv={Rc::new(table_text(&caught, ','))}
                    commands={commands(&[TrialKind::Catcher])}
                    progress={Some(progress_of(&catcher, b_catcher))}
                    finding={found(&catcher, prose::catcher(&caught))}
                    on_run={start(&catcher, CATCHER)} on_cancel={cancel(&catcher)} />
            }
            if shown(4) {
                <Figure number={4} title="Real keys: how evenly they spread, and what a join moves"
                    about={html! { <>
                        <p>{ format!("{} keys named key-0, key-1 and so on, placed by each scheme on N servers; then one more server \
                              joins. Real keys add their own noise: even a perfect split leaves a spread of sqrt(N/K) in keys per \
                              server, and a ring adds sqrt(1/V) from its arcs. Solid: measured; dotted: that floor.", grouped(KEYS_PLACED)) }</p>
                        <p>
                            { format!("The seed experiment placed {} keys on {} servers. The comparison runs exactly that, \
                                       off this page's thread too: ", grouped(seed.keys), grouped(seed.servers)) }
                            <ViewLink to={links::compare_seed()}>{ "the seed experiment in Compare" }</ViewLink>
                            { "." }
                        </p>
                    </> }}
                    chart={Rc::new(series::keys(&placed))}
                    table={keys_table(&placed)}
                    csv={Rc::new(keys_csv(&placed, ','))}
                    commands={commands(KEYS)}
                    progress={Some(progress_of(&keys, b_keys))}
                    finding={found(&keys, prose::keys(&placed))}
                    on_run={start(&keys, KEYS)} on_cancel={cancel(&keys)} />
            }
            if shown(5) {
                <Figure number={5} title="Lookups per second, in this browser"
                    about={html! {
                        <p>{ format!("The same {} keys looked up again and again for {SPEED_MS:.0} ms per scheme and size, \
                              on a worker, one key at a time. The ring searches its points, jump computes, Maglev reads a \
                              table of {} slots, and rendezvous scores every server: it slows as N grows. \
                              Your machine's figures, not ours: run it again and they move a little.",
                              grouped(SPEED_KEYS), grouped(DEFAULT_TABLE_SIZE)) }</p>
                    }}
                    chart={Rc::new(series::speed(&rates))}
                    table={speed_table(&rates)}
                    csv={Rc::new(speed_csv(&rates, ','))}
                    commands={commands(SPEED)}
                    progress={Some(progress_of(&speed, b_speed))}
                    finding={found(&speed, prose::speed(&rates))}
                    on_run={start(&speed, SPEED)} on_cancel={cancel(&speed)} />
            }
            if shown(6) {
                <Figure number={6} title="Three servers fail at once: is some key gone?"
                    about={html! {
                        <p>{ format!("{LOSS_SERVERS} servers, {LOSS_REPLICAS} copies of every key, and {LOSS_FAILURES} servers fail together. \
                              A key is lost when all its copies were on the failed servers. More points per server make more distinct \
                              replica sets, so almost any {LOSS_FAILURES} failures hit one of them. Racks help only if the copies sit in \
                              different racks (here {} racks of {}). One ring per V, the walkthrough's servers s0 to s{}.",
                              LOSS_RACKS.len(), LOSS_SERVERS / LOSS_RACKS.len(), LOSS_SERVERS - 1) }</p>
                    }}
                    chart={Rc::new(series::durability(&losses))}
                    table={loss_table(&losses)}
                    csv={Rc::new(loss_csv(&losses, ','))}
                    commands={commands(LOSS)}
                    progress={Some(progress_of(&loss, b_loss))}
                    finding={found(&loss, prose::durability(&losses))}
                    on_run={start(&loss, LOSS)} on_cancel={cancel(&loss)} />
            }
            if shown(7) {
                <Figure number={7} title="What the ring costs to hold and to gossip"
                    about={html! {
                        <p>{ format!("Every member keeps the whole ring: {ENTRY_BYTES} bytes per point. A join or leave must reach every member. \
                              Exact formulas, at V = {MEMORY_POINTS}; message headers and retries only add to them. \
                              The two lower lines nearly meet: a change that tells everyone only its own tokens still sends, in all, \
                              about as much as the whole ring.") }</p>
                    }}
                    chart={Rc::new(series::memory())}
                    table={memory_table()}
                    csv={Rc::new(memory_csv(','))}
                    commands={commands(&[])}
                    finding={Some(prose::memory(LINK_BITS_PER_SECOND))} />
            }
            if shown(8) {
                <Figure number={8} title="Bounded loads: a cap on the busiest, paid for in moves"
                    about={html! {
                        <p>{ format!("{} keys on a ring of {BOUNDED_SERVERS} servers, each server allowed at most 1 + ε times the \
                              mean; a key whose server is full walks on to the next. The tighter the cap, the flatter the load, \
                              and the more keys a join disturbs: each one the newcomer takes frees room that pulls others home.",
                              grouped(BOUNDED_KEYS)) }</p>
                    }}
                    chart={Rc::new(series::bounded(&capped))}
                    table={bounded_table(&capped)}
                    csv={Rc::new(bounded_csv(&capped, ','))}
                    commands={commands(BOUNDED)}
                    progress={Some(progress_of(&bounded, b_bounded))}
                    finding={found(&bounded, prose::bounded(&capped))}
                    on_run={start(&bounded, BOUNDED)} on_cancel={cancel(&bounded)} />
            }
        </section>
    }
}
