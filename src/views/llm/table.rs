//! Every router on the same trace and fleet, side by side: blocks found cached, prompt
//! tokens computed, the busiest worker over the mean, and the modelled time to first
//! token. Each row's name is a button that plays that router (a button, not a link: an
//! embedded widget keeps its own address).

use ringlab_core::llm::router::Router;
use ringlab_model::format::percent;
use ringlab_model::views::llm::params::LlmParams;
use ringlab_model::views::llm::prose::{label, not_run};
use ringlab_model::views::llm::run::RouterRun;
use yew::prelude::*;

/// The table; `on_play` plays the router of a row.
pub fn table(p: &LlmParams, runs: &[Option<Option<RouterRun>>], on_play: &Callback<usize>) -> Html {
    // As `ringlab route` writes it.
    let ms = |us: u64| format!("{:.1} ms", us as f64 / 1e3);
    let rows = (0..Router::NAMES.len()).map(|r| {
        let name = label(r, p);
        let current = r == p.router;
        let cells = match runs.get(r) {
            Some(Some(Some(run))) => html! {
                <>
                    <td>{ percent(run.reused_share()) }</td>
                    <td>{ percent(run.prefill_tokens as f64 / run.input_tokens.max(1) as f64) }</td>
                    <td>{ format!("{:.2}", run.busiest_over_mean()) }</td>
                    <td>{ ms(run.ttft_p50_us) }</td>
                    <td>{ ms(run.ttft_p95_us) }</td>
                </>
            },
            Some(Some(None)) => html! { <td colspan="5" class="llm-not-run">{ not_run(r, p) }</td> },
            _ => html! { <td colspan="5" class="llm-pending">{ "…" }</td> },
        };
        html! {
            <tr class={classes!(current.then_some("llm-current"))}>
                <th scope="row">
                    <button type="button" class="link-button" aria-pressed={if current { "true" } else { "false" }}
                        onclick={on_play.reform(move |_: MouseEvent| r)}>{ name }</button>
                </th>
                { cells }
            </tr>
        }
    });
    html! {
        <div class="llm-scroll scroll-box scroll-shadows" tabindex="0" role="region" aria-label="Every router">
            <p class="scroll-cue" aria-hidden="true">{ "Swipe the table sideways for every column; the router stays in view." }</p>
            <table class="llm-table">
                <caption>{ "Every router on the same trace and fleet" }</caption>
                <thead>
                    <tr>
                        <th scope="col">{ "Router" }</th>
                        <th scope="col">{ "Blocks found cached" }</th>
                        <th scope="col">{ "Prompt tokens computed" }</th>
                        <th scope="col">{ "Busiest / mean" }</th>
                        <th scope="col">{ "TTFT p50" }</th>
                        <th scope="col">{ "TTFT p95" }</th>
                    </tr>
                </thead>
                <tbody>{ for rows }</tbody>
            </table>
        </div>
    }
}
