//! Key to slot: each key's hashed part, its CRC16, its slot and its master, and the
//! `CLUSTER KEYSLOT` answer for the first.

use ringlab_model::views::slots::params::{master_name, MAX_KEYS};
use ringlab_model::views::slots::prose;
use ringlab_model::views::slots::scene::Scene;
use yew::prelude::*;

/// A key with a line-break opportunity after each `:` and `}`, so that a narrow table
/// breaks `user:{42}:profile` between its parts rather than inside a word: each part is
/// a `.sl-part` that never wraps (not even at the `-` of `2026-12-07`).
fn breakable(key: &str) -> Html {
    let mut parts = Vec::new();
    let mut start = 0;
    for (i, c) in key.char_indices() {
        if c == ':' || c == '}' {
            parts.push(&key[start..i + 1]);
            start = i + 1;
        }
    }
    parts.push(&key[start..]);
    let last = parts.len() - 1;
    html! {
        { for parts.into_iter().enumerate().map(|(i, part)| html! {
            <><span class="sl-part">{ part.to_string() }</span>if i < last { <wbr /> }</>
        }) }
    }
}

/// The keys' table and what it says.
pub fn keys(scene: &Scene) -> Html {
    let key_rows = scene.keys.iter().enumerate().map(|(i, k)| {
        html! {
            <tr>
                <td>{ i + 1 }</td>
                <th scope="row"><code>{ breakable(&k.key) }</code></th>
                <td><code>{ k.hashed.clone() }</code>{ if k.tagged { " (tag)" } else { "" } }</td>
                <td><code>{ format!("0x{:04X}", k.crc) }</code></td>
                <td>{ prose::slot_cell(k) }</td>
                <td>{ master_name(k.owner) }</td>
            </tr>
        }
    });
    let keyslot = scene.keys.first().map(|k| {
        html! {
            <p class="sl-keyslot">
                <code>{ format!("CLUSTER KEYSLOT {}", k.key) }</code>
                { prose::keyslot_answer(k) }
            </p>
        }
    });
    html! {
        <section class="sl-keys" aria-labelledby="sl-keys-h">
            <h2 id="sl-keys-h">{ "Key to slot" }</h2>
            if scene.keys.is_empty() {
                <p>{ "Type a key in the keys box to see its slot." }</p>
            } else {
                <div class="sl-table-wrap">
                    <table class="sl-table">
                        <caption>{ "Each key's hashed part, its CRC16, its slot and the master that owns the slot" }</caption>
                        <thead><tr>
                            <th scope="col">{ "#" }</th>
                            <th scope="col">{ "Key" }</th>
                            <th scope="col">{ "Hashed" }</th>
                            <th scope="col">{ "CRC16" }</th>
                            <th scope="col">{ "Slot" }</th>
                            <th scope="col">{ "Master" }</th>
                        </tr></thead>
                        <tbody>{ for key_rows }</tbody>
                    </table>
                </div>
                { for keyslot }
                { for scene.share_lines().into_iter().map(|l| html! { <p class="sl-share">{ l }</p> }) }
                if scene.keys_cut {
                    <p class="sl-hint">{ format!("Only the first {MAX_KEYS} keys are looked up.") }</p>
                }
            }
        </section>
    }
}
