//! The map's text twin (each master's slots and ranges, now and as create gave them) and
//! why Redis has 16,384 slots.

use ringlab_model::views::slots::prose;
use ringlab_model::views::slots::scene::{why_lines, Scene};
use yew::prelude::*;

use crate::kit::pictures::swatch::swatch;

/// The masters and their ranges, as a table.
pub fn twin(scene: &Scene) -> Html {
    html! {
        <section class="sl-twin" aria-labelledby="sl-twin-h">
            <h2 id="sl-twin-h">{ "The map as a table" }</h2>
            <p class="sl-create">{ scene.create_text() }</p>
            <div class="sl-table-wrap">
                <table class="sl-table">
                    <caption>{ "Masters and their slot ranges" }</caption>
                    <thead><tr>
                        <th scope="col">{ "Master" }</th>
                        <th scope="col" class="sl-address">{ "Address" }</th>
                        <th scope="col">{ "Slots" }</th>
                        <th scope="col">{ "Ranges now" }</th>
                        <th scope="col">{ "Create gave" }</th>
                    </tr></thead>
                    <tbody>
                        { for scene.masters.iter().map(|m| html! {
                            <tr>
                                <th scope="row">
                                    <span class={classes!("sl-swatch", swatch(m.index))} aria-hidden="true"></span>
                                    { m.name }
                                </th>
                                <td class="sl-address">{ m.address.clone() }</td>
                                <td>{ prose::slots_cell(m) }</td>
                                <td>{ prose::ranges_cell(m) }</td>
                                <td>{ prose::created_cell(m) }</td>
                            </tr>
                        }) }
                    </tbody>
                </table>
            </div>
        </section>
    }
}

/// Why 16,384 slots.
pub fn why() -> Html {
    html! {
        <section class="sl-why" aria-labelledby="sl-why-h">
            <h2 id="sl-why-h">{ "Why 16,384 slots?" }</h2>
            { for why_lines().into_iter().map(|l| html! { <p>{ l }</p> }) }
        </section>
    }
}
