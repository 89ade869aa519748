//! The keys as a grid, one cell each, the cells the two sides place differently marked
//! (filled and outlined, not by colour alone). A picture: its label says what it shows,
//! and the table beside it names the keys.

use ringlab_model::views::agree::compare::Comparison;
use ringlab_model::views::agree::prose::grid_label;
use yew::prelude::*;

pub fn grid(c: &Comparison) -> Html {
    html! {
        <div class="ag-grid" role="img" aria-label={grid_label(c)}>
            { for c.differs.iter().map(|&d| html! {
                <span class={classes!("ag-cell", d.then_some("lit"))}></span>
            }) }
        </div>
    }
}

/// The first keys placed differently, with both answers.
pub fn differing(c: &Comparison, a: &str, b: &str) -> Html {
    let rows = c.first_different(10);
    if rows.is_empty() {
        return html! { <p class="ag-none">{ "No key lands differently." }</p> };
    }
    html! {
        <div class="ag-scroll" tabindex="0" role="region" aria-label="Keys placed differently">
            <table class="ag-table">
                <caption>{ "The first keys placed differently" }</caption>
                <thead>
                    <tr><th scope="col">{ "Key" }</th><th scope="col">{ format!("A: {a}") }</th><th scope="col">{ format!("B: {b}") }</th></tr>
                </thead>
                <tbody>
                    { for rows.into_iter().map(|(key, x, y)| html! {
                        <tr><th scope="row"><code>{ key }</code></th><td>{ x }</td><td>{ y }</td></tr>
                    }) }
                </tbody>
            </table>
        </div>
    }
}
