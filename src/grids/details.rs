//! The key under the pointer or the cursor, in words: its name, number and hash, its owner
//! in every grid, and a link to walk it on the ring.

use ringlab_model::format::hash_hex;
use yew::prelude::*;

use super::prose::owner_line;
use super::state::GridsState;
use crate::view_link::ViewLink;

/// The details panel (nothing when the key is not there).
pub fn details(state: &GridsState) -> Html {
    let params = &state.params;
    let shown = state.detail.unwrap_or(state.cursor);
    match (state.keys.get(shown), state.hashes.get(shown)) {
        (Some(name), Some(&hash)) => html! {
            <div class="gr-details panel" aria-live="polite" aria-label="Key details">
                <p class="gr-key">
                    <strong>{ name.clone() }</strong>
                    { format!(" · key {shown} · hash ") }
                    <code>{ hash_hex(hash) }</code>
                </p>
                <ul>
                    { for state.grids.iter().map(|g| html! {
                        <li><span class="gr-scheme">{ format!("{}: ", g.scheme.heading()) }</span>
                            { owner_line(g, shown, hash) }</li>
                    }) }
                </ul>
                <p class="gr-open">
                    <ViewLink to={params.walk_link(shown)}>{ format!("Walk {name} on the ring") }</ViewLink>
                </p>
            </div>
        },
        _ => html! {},
    }
}
