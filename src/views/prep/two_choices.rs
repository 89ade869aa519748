//! The two-choices follow-up's widget: a size, a button for fresh runs, the busiest
//! server measured with one choice and with two, and one run's servers by load. The
//! figures and words are `ringlab_model::views::learn::two_choices`.

use ringlab_model::format::grouped;
use ringlab_model::views::learn::two_choices::{by_load, measure, readout, RUNS, SEED, SIZES};
use yew::prelude::*;

use super::share_bar::share_bar;
use crate::kit::slider::{slider, SliderProps};

#[component]
pub fn TwoChoices() -> Html {
    // The size as an index into SIZES (the slider steps through them), and the first seed.
    let size = use_state(|| 1usize);
    let seed = use_state(|| SEED);
    let n = SIZES[(*size).min(SIZES.len() - 1)];
    let measured = use_memo((n, *seed), |&(n, seed)| measure(n, seed));
    let rows = use_memo((n, *seed), |&(n, seed)| by_load(n, seed));
    let on_size = {
        let size = size.clone();
        Callback::from(move |v: f64| size.set((v.max(0.0) as usize).min(SIZES.len() - 1)))
    };
    let again = {
        let seed = seed.clone();
        Callback::from(move |_: MouseEvent| seed.set(seed.wrapping_add(u64::from(RUNS))))
    };
    html! {
        <div class="fu-widget fu-two-choices">
            { slider(SliderProps { id: "fu-two-size", label: "Servers and requests", min: 0.0, max: (SIZES.len() - 1) as f64, step: 1.0, value: *size as f64, text: grouped(n as u64), on_input: on_size, ..Default::default() }) }
            <button type="button" onclick={again}>{ "Run again" }</button>
            <div class="fu-readout" role="status">
                { for readout(&measured).into_iter().map(|line| html! { <p>{ line }</p> }) }
            </div>
            <table class="fu-by-load">
                <caption>{ "One run: how many servers hold each load" }</caption>
                <thead>
                    <tr><th scope="col">{ "Load" }</th><th scope="col">{ "One choice" }</th>
                        <th scope="col">{ "Two choices" }</th></tr>
                </thead>
                <tbody>
                    { for rows.iter().map(|&(load, one, two)| html! {
                        <tr>
                            <th scope="row">{ load }</th>
                            { cell(one, n, "fu-one") }
                            { cell(two, n, "fu-two") }
                        </tr>
                    }) }
                </tbody>
            </table>
        </div>
    }
}

/// A count of servers, with a bar for its share of all `n`.
fn cell(count: usize, n: usize, class: &'static str) -> Html {
    html! {
        <td>
            <span class="fu-count">{ grouped(count as u64) }</span>
            { share_bar(count as f64 / n.max(1) as f64, class) }
        </td>
    }
}
