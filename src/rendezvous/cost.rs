//! The O(N) cost, measured here: lookups per second in this browser as the nodes grow to
//! 10,000. Each node count runs for a quarter of a second, in slices of about 8 ms with
//! the page free between them, so nothing freezes.

use std::rc::Rc;

use gloo::timers::callback::Timeout;
use ringlab_core::schemes::rendezvous_systems::RendezvousSystem;
use ringlab_model::format::grouped;
use ringlab_model::rendezvous::race::{cost_nodes, key_names, lookup_all, COST_NODES};
use yew::prelude::*;

/// Time spent on each node count, and in one slice, in ms.
const PER_COUNT_MS: f64 = 250.0;
const SLICE_MS: f64 = 8.0;

fn now() -> f64 {
    web_sys::window()
        .and_then(|w| w.performance())
        .map_or(0.0, |p| p.now())
}

/// A measurement under way: the node count's index, lookups done and time spent on it.
#[derive(Clone, Copy, PartialEq)]
struct Run {
    index: usize,
    lookups: u64,
    spent: f64,
}

#[derive(Properties, PartialEq)]
pub struct CostProps {
    pub system: RendezvousSystem,
}

#[component]
pub fn Cost(props: &CostProps) -> Html {
    let results = use_state(Vec::<(usize, f64)>::new);
    let run = use_state(|| None::<Run>);
    let keys = use_memo((), |_| Rc::new(key_names(64)));
    let system = props.system;
    let picker = use_memo((run.map(|r| r.index), system), |(index, system)| {
        Rc::new(system.prepare(&index.map(|i| cost_nodes(COST_NODES[i])).unwrap_or_default()))
    });
    {
        let (results, run_state) = (results.clone(), run.clone());
        let (keys, picker) = (keys.clone(), picker.clone());
        use_effect_with(*run, move |current| {
            let timer = current.map(|mut r| {
                Timeout::new(0, move || {
                    let start = now();
                    let mut sink = 0usize;
                    // A key at a time: at 10,000 nodes one lookup is 10,000 scores.
                    'slice: loop {
                        for key in keys.iter() {
                            sink =
                                sink.wrapping_add(lookup_all(&picker, std::slice::from_ref(key)));
                            r.lookups += 1;
                            if now() - start >= SLICE_MS {
                                break 'slice;
                            }
                        }
                    }
                    // Keeps the lookups from being optimised away.
                    let _ = std::hint::black_box(sink);
                    r.spent += now() - start;
                    if r.spent < PER_COUNT_MS {
                        run_state.set(Some(r));
                        return;
                    }
                    let mut done = (*results).clone();
                    done.push((COST_NODES[r.index], r.lookups as f64 / (r.spent / 1000.0)));
                    results.set(done);
                    run_state.set((r.index + 1 < COST_NODES.len()).then_some(Run {
                        index: r.index + 1,
                        lookups: 0,
                        spent: 0.0,
                    }));
                })
            });
            move || drop(timer)
        });
    }
    let on_measure = {
        let (results, run) = (results.clone(), run.clone());
        Callback::from(move |_: MouseEvent| {
            results.set(Vec::new());
            run.set(Some(Run {
                index: 0,
                lookups: 0,
                spent: 0.0,
            }));
        })
    };
    let running = run.is_some();
    let first = results.first().map(|(_, rate)| *rate);
    let rows = results.iter().map(|(n, rate)| {
        let relative = first.map_or(String::new(), |f| format!("{:.3}×", rate / f));
        html! {
            <tr>
                <th scope="row">{ grouped(*n as u64) }</th>
                <td>{ grouped(rate.round() as u64) }</td>
                <td>{ relative }</td>
            </tr>
        }
    });
    let status = match *run {
        Some(r) => format!(
            "Measuring with {} nodes…",
            grouped(COST_NODES[r.index] as u64)
        ),
        None if results.is_empty() => String::new(),
        None => "Done.".to_string(),
    };
    html! {
        <div class="rv-cost">
            <button type="button" onclick={on_measure} disabled={running}>
                { "Measure lookups per second" }
            </button>
            <p class="rv-status" role="status">{ status }</p>
            if !results.is_empty() {
                <table class="rv-cost-table">
                    <caption>{ "Lookups per second in this browser, by number of nodes" }</caption>
                    <thead>
                        <tr>
                            <th scope="col">{ "Nodes" }</th>
                            <th scope="col">{ "Lookups per second" }</th>
                            <th scope="col">{ "Against 10 nodes" }</th>
                        </tr>
                    </thead>
                    <tbody>{ for rows }</tbody>
                </table>
            }
        </div>
    }
}
