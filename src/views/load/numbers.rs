//! The load page's numbers in words (requests, mean, cap, busiest, pushed off home,
//! servers tried, the hot key) and every server's load as a table.

use ringlab_model::views::load::params::LoadParams;
use ringlab_model::views::load::prose;
use ringlab_model::views::load::scene::LoadScene;
use yew::prelude::*;

/// The numbers beside the figures.
pub fn numbers(scene: &LoadScene, params: &LoadParams) -> Html {
    let figures = prose::numbers(scene, params);
    html! {
        <dl class="load-numbers">
            <dt>{ "Requests a second" }</dt>
            <dd>{ figures.requests }</dd>
            <dt>{ "Mean per server" }</dt>
            <dd>{ figures.mean }</dd>
            if let Some(cap) = figures.cap {
                <dt>{ "Cap" }</dt>
                <dd>{ cap }</dd>
            }
            <dt>{ "Busiest server" }</dt>
            <dd>{ figures.busiest }</dd>
            <dt>{ "Pushed off home" }</dt>
            <dd class="load-pushed">{ figures.pushed }</dd>
            <dt>{ "Servers tried per key" }</dt>
            <dd>{ figures.probes }</dd>
            if let Some(hot) = figures.hot {
                <dt>{ "Hot key" }</dt>
                <dd>{ hot }</dd>
            }
        </dl>
    }
}

/// Every server's load, the busiest first.
pub fn table(scene: &LoadScene) -> Html {
    let table = prose::table_rows(scene);
    let line = scene.cap.unwrap_or(f64::INFINITY);
    html! {
            <details class="load-table">
                <summary>{ prose::table_summary(scene, &table) }</summary>
                <table>
                    <thead><tr><th scope="col">{ "Server" }</th><th scope="col">{ "Requests a second" }</th><th scope="col">{ "Times the mean" }</th><th scope="col">{ "Over the cap" }</th></tr></thead>
                    <tbody>
                        { for table.iter().map(|&i| html! {
                            <tr>
                                <th scope="row">{ scene.names[i].clone() }</th>
                                <td>{ prose::load_cell(scene, i) }</td>
                                <td>{ prose::times_mean(scene, i) }</td>
                                <td>{ if scene.loads[i] > line * (1.0 + 1e-9) { "yes" } else { "no" } }</td>
                            </tr>
                        }) }
                    </tbody>
                </table>
            </details>
    }
}
