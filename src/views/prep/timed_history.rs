//! The timed run's sittings so far: how the candidate is doing across them, then each
//! one's date, length and rubric points, latest first. The words are
//! `ringlab_model::views::learn::history`; the records come from the progress.

use ringlab_model::views::learn::history::{progress_line, row, RunRecord};
use yew::prelude::*;

use crate::kit::browser::timezone_offset;

/// The sittings `runs` (oldest first). A function, not a component: it keeps no state,
/// and a component costs about 2 KB of the module.
pub fn run_history(runs: &[RunRecord]) -> Html {
    let Some(line) = progress_line(runs) else {
        return Html::default();
    };
    let offset = timezone_offset();
    html! {
        <section class="tm-history" aria-labelledby="tm-history-heading">
            <h3 id="tm-history-heading">{ "Your sittings" }</h3>
            <p class="tm-progress">{ line }</p>
            <table class="tm-runs">
                <caption class="visually-hidden">{ "Your sittings, latest first" }</caption>
                <thead>
                    <tr><th scope="col">{ "Date" }</th><th scope="col">{ "Time" }</th><th scope="col">{ "Rubric points" }</th></tr>
                </thead>
                <tbody>
                    { for runs.iter().rev().map(|run| {
                        let [date, time, points] = row(run, offset);
                        html! { <tr key={run.started.to_string()}><td>{ date }</td><td>{ time }</td><td>{ points }</td></tr> }
                    }) }
                </tbody>
            </table>
        </section>
    }
}
