//! The O(N) cost, measured here: lookups per second in this browser as the nodes grow to
//! 10,000. Each node count runs for a quarter of a second on the shared meter, so nothing
//! freezes.

use std::rc::Rc;

use ringlab_core::schemes::rendezvous_systems::{Picker, RendezvousSystem};
use ringlab_model::format::grouped;
use ringlab_model::views::rendezvous::prose;
use ringlab_model::views::rendezvous::race::{cost_nodes, key_names, lookup_all, COST_NODES};
use yew::prelude::*;

use crate::kit::rate_meter::{use_rate_meter, Batch, PerItem};

/// Time spent on each node count, in ms.
const PER_COUNT_MS: f64 = 250.0;

#[derive(Properties, PartialEq)]
pub struct CostProps {
    pub system: RendezvousSystem,
}

#[component]
pub fn Cost(props: &CostProps) -> Html {
    let keys = use_memo((), |_| Rc::new(key_names(64)));
    let system = props.system;
    // The nodes of the count being measured, prepared once for it.
    let pickers = use_memo(system, |_| Rc::new(PerItem::<Picker>::default()));
    let batch: Batch = {
        let (keys, pickers) = (keys.clone(), pickers.clone());
        Rc::new(move |index| {
            let Some(&count) = COST_NODES.get(index) else {
                return 0;
            };
            let picker = pickers.get(index, || system.prepare(&cost_nodes(count)));
            // A key at a time: at 10,000 nodes one lookup is 10,000 scores.
            let mut sink = 0usize;
            for key in keys.iter().take(4) {
                sink = sink.wrapping_add(lookup_all(&picker, std::slice::from_ref(key)));
            }
            let _ = std::hint::black_box(sink);
            4
        })
    };
    let meter = use_rate_meter(COST_NODES.len(), PER_COUNT_MS, batch, format!("{system:?}"));
    let results: Vec<(usize, f64)> = COST_NODES
        .iter()
        .copied()
        .zip(meter.rates.iter().copied())
        .collect();
    let on_measure = {
        let start = meter.start.clone();
        Callback::from(move |_: MouseEvent| start.emit(()))
    };
    let running = meter.current.is_some();
    let first = results.first().map(|(_, rate)| *rate);
    let rows = results.iter().map(|(n, rate)| {
        let relative = first.map_or(String::new(), |f| prose::relative_text(*rate, f));
        html! {
            <tr>
                <th scope="row">{ grouped(*n as u64) }</th>
                <td>{ prose::rate_text(*rate) }</td>
                <td>{ relative }</td>
            </tr>
        }
    });
    let status = match meter.current {
        Some(index) => format!(
            "Measuring with {} nodes…",
            grouped(COST_NODES[index] as u64)
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
