//! The jump view's component: the walk with its player, the ch(k, n) table, and the counts
//! of what growing and removing move.

use std::rc::Rc;

use ringlab_core::hash::key_hash;
use ringlab_model::linked::Edit;
use ringlab_model::views::jump::moves::Moves;
use ringlab_model::views::jump::params::{JumpParams, ALL_STEPS, BUCKETS, KEYS};
use ringlab_model::views::jump::prose;
use ringlab_model::views::jump::walk::{table, Walk, TABLE_BUCKETS, TABLE_KEYS};
use yew::prelude::*;

use super::line::WalkLine;
use crate::kit::hooks::linked::use_linked;
use crate::kit::notes::{dispatching, ViewNotes};
use crate::kit::number_field::NumberField;
use crate::kit::pictures::bars::{Bars, Line};
use crate::kit::player::Player;
use crate::kit::setters::{on_change, on_text};
use crate::kit::view_props::ViewProps;

/// Time between jumps while the walk plays.
const JUMP_MS: u32 = 800;

#[component]
pub fn JumpView(props: &ViewProps) -> Html {
    let state = use_linked::<JumpParams>(props);
    let dispatch = state.dispatcher();
    let p = &state.params;
    let walk = Walk::of(p);
    let moves = use_memo((p.n, p.keys, p.remove), {
        let p = p.clone();
        move |_| Rc::new(Moves::of(&p))
    });
    let set = |name: &'static str| on_change(&dispatch, name);
    let on_step = {
        let (dispatch, steps) = (dispatch.clone(), walk.steps() as u64);
        Callback::from(move |step: u64| {
            let step = if step >= steps { ALL_STEPS } else { step };
            dispatch.dispatch(Edit::set("step", step.to_string()))
        })
    };
    let notes = html! {
        <ViewNotes notes={state.notes.clone()} on_dismiss={dispatching(&dispatch, Edit::Dismiss)} />
    };
    let set_text = |name: &'static str| on_text(&dispatch, name);
    let number = |label: &'static str, name: &'static str, range: (u64, u64), value: u64| {
        html! { <NumberField {label} {value} min={range.0} max={range.1} on_change={set_text(name)} /> }
    };
    let controls = html! {
        <form class="jump-form view-controls" aria-label="Jump hash" onsubmit={|e: SubmitEvent| e.prevent_default()}>
            <label>
                { "Key" }
                <input type="text" value={p.key().to_string()} onchange={set("key")} spellcheck="false" autocomplete="off" />
            </label>
            { number("Buckets", "n", BUCKETS, p.n) }
            { number("Keys counted", "keys", KEYS, p.keys) }
            { number("Bucket removed", "remove", (0, p.n - 1), p.remove) }
        </form>
    };
    let stop = walk.done().then_some(walk.stop);
    html! {
        <section class={classes!("jump", props.embed.then_some("jump-embed"))} aria-label="Jump hash">
            { notes }
            <p class="jump-intro">
                { "Jump hash keeps no ring and no table. A key's hash seeds a random sequence of \
                   jumps, always forward; the last jump that lands inside the n buckets is the \
                   key's bucket. It takes about ln n jumps, and no memory at all." }
            </p>
            { controls }
            <h2>{ prose::walk_heading(&walk) }</h2>
            <p class="jump-hash">
                { prose::hash_line(&walk) }
            </p>
            <Player id="jump-step" label="Walk" slider="Steps shown" next="Next jump"
                shown={walk.shown as u64} steps={walk.steps() as u64} tick_ms={JUMP_MS} {on_step} />
            <p class="jump-narration" aria-live="polite">{ walk.narration() }</p>
            <WalkLine n={walk.n} visited={walk.visited().to_vec()} {stop}
                label={prose::walk_label(&walk)} />
            { ch_table(&walk) }
            { grow_part(&moves) }
            { remove_part(&moves) }
        </section>
    }
}

/// ch(k, n) for the table's keys and the reader's, each move to the newest bucket marked.
fn ch_table(walk: &Walk) -> Html {
    let mut keys: Vec<(String, u64)> = TABLE_KEYS.iter().map(|k| (k.to_string(), *k)).collect();
    keys.push((format!("{:?}", walk.key), key_hash(walk.key.as_bytes())));
    let rows = table(&keys.iter().map(|(_, k)| *k).collect::<Vec<_>>());
    let body = keys.iter().zip(&rows).map(|((label, _), row)| {
        let cells = row.iter().enumerate().map(|(i, &b)| {
            let moved = i > 0 && row[i - 1] != b;
            html! {
                <td class={classes!(moved.then_some("ch-moved"))}>
                    { b.to_string() }
                    if moved { <span class="visually-hidden">{ " (moved to the new bucket)" }</span> }
                </td>
            }
        });
        html! { <tr><th scope="row">{ label.clone() }</th>{ for cells }</tr> }
    });
    html! {
        <div class="jump-table-part">
            <h2>{ "Only ever to the newest bucket" }</h2>
            <p>
                { "Each row is one key; each column one more bucket. Read a row left to right: \
                   the key stays, or moves to the bucket just added (marked). It never moves \
                   between old buckets. The small keys are 64-bit integers, as the paper's code \
                   takes them." }
            </p>
            <div class="jump-scroll" tabindex="0" role="region" aria-label="ch(k, n) table">
                <table class="jump-ch">
                    <caption>{ prose::table_caption() }</caption>
                    <thead>
                        <tr>
                            <th scope="col">{ "k" }</th>
                            { for (1..=TABLE_BUCKETS).map(|n| html! { <th scope="col">{ format!("n={n}") }</th> }) }
                        </tr>
                    </thead>
                    <tbody>{ for body }</tbody>
                </table>
            </div>
        </div>
    }
}

fn grow_part(moves: &Moves) -> Html {
    let n = moves.n;
    let names = Rc::new((0..=n).map(|b| b.to_string()).collect::<Vec<_>>());
    let values = Rc::new(
        moves
            .grown_loads
            .iter()
            .map(|&c| c as f64)
            .collect::<Vec<_>>(),
    );
    let fair = moves.grow.keys as f64 / f64::from(n + 1);
    html! {
        <div class="jump-grow">
            <h2>{ prose::grow_heading(moves) }</h2>
            <p>
                { prose::grow_sentence(moves) }
            </p>
            <Bars {names} {values} lines={vec![Line { value: fair, label: "fair".into(), kind: "mean" }]}
                limit={None::<f64>} marked={Some(n as usize)} x_label="buckets" y_label="keys"
                label={prose::grow_label(moves)} />
        </div>
    }
}

fn remove_part(moves: &Moves) -> Html {
    let n = moves.n;
    if n < 2 {
        return html! {
            <div class="jump-remove">
                <h2>{ "Removing a bucket" }</h2>
                <p>{ "With one bucket there is nothing to remove. Add buckets to see what removing one costs." }</p>
            </div>
        };
    }
    html! {
        <div class="jump-remove">
            <h2>{ prose::remove_heading(moves) }</h2>
            <p>{ prose::renumbered(moves) }</p>
            <div class="jump-scroll" tabindex="0" role="region" aria-label="Keys moved when a bucket goes">
                <table class="jump-removal">
                    <caption>{ prose::removal_caption(moves) }</caption>
                    <thead>
                        <tr><th scope="col">{ "Scheme" }</th><th scope="col">{ "Keys moved, against theory" }</th></tr>
                    </thead>
                    <tbody>
                        <tr><th scope="row">{ "Jump (renumbered)" }</th><td>{ prose::against(&moves.renumber) }</td></tr>
                        <tr><th scope="row">{ "MementoHash" }</th><td>{ prose::against(&moves.memento) }</td></tr>
                    </tbody>
                </table>
            </div>
            <p>
                { "So jump suits shards: numbered, grown and shrunk at the end, never lost in the \
                   middle. Servers fail anywhere." }
            </p>
            <p>
                { prose::memento_sentence(moves) }
            </p>
            <p class="jump-hashes">
                { "Text keys are hashed with XXH3-64 for jump, and with XXH64 for MementoHash, as its authors' code does." }
            </p>
        </div>
    }
}
