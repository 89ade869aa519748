//! The fixed-partitions follow-up's widget: partitions and nodes, every partition's owner
//! before and after one more node joins, and what that moves against `mod N`. The figures
//! and words are `ringlab_model::views::learn::fixed_partitions`.

use ringlab_model::views::learn::fixed_partitions::{
    cells, clamp, readout, Cell, MAX_NODES, MAX_PARTITIONS, NODES, PARTITIONS,
};
use yew::prelude::*;

use crate::kit::slider::{slider, SliderProps};

#[component]
pub fn FixedPartitions() -> Html {
    let partitions = use_state(|| PARTITIONS);
    let nodes = use_state(|| NODES);
    let (p, n) = clamp(*partitions, *nodes);
    let owners = cells(p, n);
    let set = |state: &UseStateHandle<usize>| {
        let state = state.clone();
        Callback::from(move |v: f64| state.set(v.max(0.0) as usize))
    };
    let row = |name: &'static str, owner: fn(&Cell) -> usize| {
        html! {
            <div class="fu-row">
                <span class="fu-row-name">{ name }</span>
                <ol class="fu-cells" aria-hidden="true">
                    { for owners.iter().map(|c| {
                        let class = classes!("fu-cell", "fu-in",
                            (c.moved() && owner(c) == c.after).then_some("fu-moved"));
                        html! { <li {class}>{ owner(c) + 1 }</li> }
                    }) }
                </ol>
            </div>
        }
    };
    html! {
        <div class="fu-widget fu-partitions">
            { slider(SliderProps { id: "fu-part-partitions", label: "Partitions", min: 1.0, max: MAX_PARTITIONS as f64, step: 1.0, value: p as f64, text: p.to_string(), on_input: set(&partitions), ..Default::default() }) }
            { slider(SliderProps { id: "fu-part-nodes", label: "Nodes before the join", min: 1.0, max: MAX_NODES as f64, step: 1.0, value: n as f64, text: n.to_string(), on_input: set(&nodes), ..Default::default() }) }
            <div class="fu-readout" role="status">
                { for readout(p, n).into_iter().map(|line| html! { <p>{ line }</p> }) }
            </div>
            <p class="fu-legend">{ "Each box is a partition, labelled with the node that owns it. \
                Boxes with a heavy border moved to the new node." }</p>
            { row("Before", |c| c.before) }
            { row("After", |c| c.after) }
        </div>
    }
}
