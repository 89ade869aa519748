//! The shuffle-sharding follow-up's widget: workers and shard size, the exact chances two
//! customers share all or some of their workers, and two customers dealt their shards.
//! The figures and words are `ringlab_model::views::learn::shuffle_sharding`.

use ringlab_model::views::learn::shuffle_sharding::{
    clamp, pair, pair_sentence, readout, MAX_SHARD, MAX_WORKERS, SHARD, WORKERS,
};
use yew::prelude::*;

use crate::kit::slider::{slider, SliderProps};

#[component]
pub fn ShuffleSharding() -> Html {
    let workers = use_state(|| WORKERS);
    let shard = use_state(|| SHARD);
    let draw = use_state(|| 0u64);
    let (n, k) = clamp(*workers, *shard);
    let (a, b) = pair(n, k, *draw);
    let set = |state: &UseStateHandle<u64>| {
        let state = state.clone();
        Callback::from(move |v: f64| state.set(v.max(0.0) as u64))
    };
    let deal = {
        let draw = draw.clone();
        Callback::from(move |_: MouseEvent| draw.set(draw.wrapping_add(1)))
    };
    let row = |name: &'static str, mine: &[u64], theirs: &[u64]| {
        html! {
            <div class="fu-row">
                <span class="fu-row-name">{ name }</span>
                <ol class="fu-cells" aria-hidden="true">
                    { for (0..n).map(|w| {
                        let (in_mine, in_theirs) = (mine.contains(&w), theirs.contains(&w));
                        let class = classes!("fu-cell", in_mine.then_some("fu-in"),
                            (in_mine && in_theirs).then_some("fu-both"));
                        html! { <li {class}>{ if in_mine { (w + 1).to_string() } else { String::new() } }</li> }
                    }) }
                </ol>
            </div>
        }
    };
    html! {
        <div class="fu-widget fu-shuffle">
            { slider(SliderProps { id: "fu-shuffle-workers", label: "Workers", min: 2.0, max: MAX_WORKERS as f64, step: 1.0, value: n as f64, text: n.to_string(), on_input: set(&workers), ..Default::default() }) }
            { slider(SliderProps { id: "fu-shuffle-shard", label: "Workers per customer", min: 1.0, max: MAX_SHARD as f64, step: 1.0, value: k as f64, text: k.to_string(), on_input: set(&shard), ..Default::default() }) }
            <div class="fu-readout" role="status">
                { for readout(n, k).into_iter().map(|line| html! { <p>{ line }</p> }) }
            </div>
            <div class="fu-pair">
                { row("A", &a, &b) }
                { row("B", &b, &a) }
                <p class="fu-pair-said">{ pair_sentence(&a, &b) }</p>
                <button type="button" onclick={deal}>{ "Deal two more customers" }</button>
            </div>
        </div>
    }
}
