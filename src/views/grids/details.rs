//! What the last change moved, against the theory, and the legend; the key under the
//! pointer or the cursor, in words: its name, number and hash, its owner
//! in every grid, and a link to walk it on the ring.

use ringlab_model::format::hash_hex;
use yew::prelude::*;

use super::placement::{comparisons, doubling_text};
use super::prose::owner_line;
use super::state::GridsState;
use crate::kit::view_link::ViewLink;

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

/// One live region (what the last change moved, the comparison, and why), then the legend
/// for cells (`canvas_mode` false) or squares.
pub fn summary(state: &GridsState, canvas_mode: bool) -> Html {
    let params = &state.params;
    let compare = comparisons(&state.grids, state.params.vnodes);
    let why = params.from.and_then(|f| doubling_text(f, params.servers));
    let legend = if canvas_mode {
        "Each square is a key; filled squares moved in the last change. Numbers show when the \
         squares are big enough; hover, or focus a grid and use the arrow keys, to read any \
         key, and press Enter to walk it on the ring."
    } else {
        "Each cell is a key and shows the number of the server that holds it; highlighted \
         cells moved in the last change. Hover or focus a cell for its details; click it, or \
         press Enter, to walk that key on the ring."
    };
    html! {
        <>
            // One live region: what the last change moved, the comparison, and why.
            <div class="gr-summary" role="status" aria-live="polite">
                if !state.announcement.is_empty() {
                    <p class="gr-status">{ state.announcement.clone() }</p>
                }
                if !compare.is_empty() {
                    <ul class="gr-compare" aria-label="Comparison">
                        { for compare.iter().map(|c| html! { <li>{ c.clone() }</li> }) }
                    </ul>
                }
                if let Some(why) = why {
                    <p class="gr-why">{ why }</p>
                }
            </div>
            <p class="gr-legend">{ legend }</p>
        </>
    }
}
