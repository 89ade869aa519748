//! The Redis slots component: the masters and the keys box, the keys' slots, the 128 x 128
//! map with its slot cursor and readout, the move under way with what a client sees, the
//! masters' ranges as a table (the map's text twin) and why there are 16,384 slots.

use ringlab_model::linked::{Edit, Linked};
use ringlab_model::slots::params::{
    master_address, master_name, MoveField, Phase, SlotsParams, KEYS_CAP, MASTERS, MAX_KEYS, SLOT,
};
use ringlab_model::slots::prose;
use ringlab_model::slots::scene::{hit, step, why_lines, Scene};
use web_sys::HtmlCanvasElement;
use yew::prelude::*;

use super::draw::draw;
use crate::browser::{canvas_context, input_value};
use crate::canvas_theme::CanvasTheme;
use crate::element_width::use_element_width;
use crate::notes::{dispatching, ViewNotes};
use crate::pictures::swatch::swatch;
use crate::probe::tell;
use crate::store::Store;
use crate::url_out::use_url_out;
use crate::view_props::ViewProps;

type Dispatch = UseReducerDispatcher<Store<Linked<SlotsParams>>>;

/// A button's callback: sets these parameters, as one edit.
fn send(dispatch: &Dispatch, pairs: Vec<(&'static str, String)>) -> Callback<MouseEvent> {
    let dispatch = dispatch.clone();
    Callback::from(move |_: MouseEvent| dispatch.dispatch(Edit::Set(pairs.clone())))
}

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

#[component]
pub fn Slots(props: &ViewProps) -> Html {
    let state = {
        let query = props.query.clone();
        use_reducer(move || Store::new(Linked::<SlotsParams>::from_query(&query)))
    };
    // A new colour scheme re-renders, and the paint takes its colours.
    crate::scheme::use_scheme_epoch();
    let dispatch = state.dispatcher();
    use_url_out(props, state.query());
    let params = state.params.clone();
    let scene = use_memo(params.clone(), Scene::new);
    // The keyboard cursor starts on the first key's slot; the pointer's slot, while it is
    // over the map, is read out instead.
    let cursor = {
        let first = scene.keys.first().map_or(0, |k| k.slot);
        use_state(move || first)
    };
    let hover = use_state(|| None::<u16>);
    let canvas = use_node_ref();
    let width = use_element_width(&canvas);

    {
        let scene = scene.clone();
        let canvas = canvas.clone();
        let cursor = *cursor;
        use_effect(move || {
            let ratio = web_sys::window().map_or(1.0, |w| w.device_pixel_ratio().max(1.0));
            if let Some(element) = canvas.cast::<HtmlCanvasElement>() {
                if width > 0.0 {
                    let size = (width * ratio).round() as u32;
                    if element.width() != size {
                        element.set_width(size);
                    }
                    if element.height() != size {
                        element.set_height(size);
                    }
                    if let Some(ctx) = canvas_context(&element) {
                        let theme = CanvasTheme::current();
                        draw(&ctx, &scene, Some(cursor), &theme, size as f64, ratio);
                        // What was drawn: tests wait on it instead of a clock.
                        let moved = scene.resharded.to_string();
                        tell(&element, "drawn", &format!("{size}x{size}"));
                        tell(&element, "resharded", &moved);
                        tell(&element, "phase", scene.phase.name());
                    }
                }
            }
        });
    }

    let notes = html! {
        <ViewNotes notes={state.notes.clone()} on_dismiss={dispatching(&dispatch, Edit::Dismiss)} />
    };

    // The map and its readout.
    let set_from = |slot: u16| {
        let dispatch = dispatch.clone();
        let params = params.clone();
        Callback::from(move |_: MouseEvent| {
            let edit = params.edit_move(MoveField::From, slot.to_string());
            dispatch.dispatch(Edit::Set(edit));
        })
    };
    let set_to = |slot: u16| {
        let dispatch = dispatch.clone();
        let params = params.clone();
        Callback::from(move |_: MouseEvent| {
            let edit = params.edit_move(MoveField::To, slot.to_string());
            dispatch.dispatch(Edit::Set(edit));
        })
    };
    let onkeydown = {
        let controls = props.controls;
        let cursor = cursor.clone();
        let hover = hover.clone();
        let dispatch = dispatch.clone();
        let params = params.clone();
        Callback::from(move |e: KeyboardEvent| {
            let key = e.key();
            let field = match key.as_str() {
                "f" | "F" if controls => Some(MoveField::From),
                "l" | "L" if controls => Some(MoveField::To),
                _ => None,
            };
            if let Some(field) = field {
                e.prevent_default();
                let edit = params.edit_move(field, (*cursor).to_string());
                dispatch.dispatch(Edit::Set(edit));
            } else if let Some(next) = step(*cursor, &key) {
                e.prevent_default();
                hover.set(None);
                cursor.set(next);
            }
        })
    };
    let onpointermove = {
        let hover = hover.clone();
        Callback::from(move |e: PointerEvent| {
            let slot = hit(e.offset_x() as f64, e.offset_y() as f64, width);
            if slot != *hover {
                hover.set(slot);
            }
        })
    };
    let onpointerleave = {
        let hover = hover.clone();
        Callback::from(move |_: PointerEvent| hover.set(None))
    };
    let onclick = {
        let cursor = cursor.clone();
        Callback::from(move |e: MouseEvent| {
            if let Some(slot) = hit(e.offset_x() as f64, e.offset_y() as f64, width) {
                cursor.set(slot);
            }
        })
    };
    let shown = hover.unwrap_or(*cursor);
    let readout = html! {
        <div class="sl-readout panel" aria-label="Slot under the cursor">
            <p aria-live="polite">{ scene.slot_text(shown) }</p>
            if props.controls {
                <div class="sl-readout-buttons view-controls">
                    <button type="button" onclick={set_from(shown)}>
                        { format!("Start the move at slot {shown}") }
                    </button>
                    <button type="button" onclick={set_to(shown)}>
                        { format!("End the move at slot {shown}") }
                    </button>
                </div>
            }
        </div>
    };
    let legend = html! {
        <ul class="sl-legend" aria-label="Legend">
            { for scene.masters.iter().map(|m| html! {
                <li>
                    <span class={classes!("sl-swatch", swatch(m.index))} aria-hidden="true"></span>
                    { prose::legend_line(m) }
                </li>
            }) }
            <li><span class="sl-swatch sl-outline" aria-hidden="true"></span>{ "the move's slots" }</li>
            <li><span class="sl-swatch sl-checker" aria-hidden="true"></span>{ "moved since create" }</li>
            <li><span class="sl-swatch sl-stripes" aria-hidden="true"></span>{ "migrating" }</li>
            <li><span class="sl-swatch sl-ring" aria-hidden="true"></span>{ "a key, numbered as in the keys table" }</li>
        </ul>
    };
    let map = html! {
        <figure class="sl-map">
            <canvas ref={canvas} class="sl-canvas" role="img" tabindex="0"
                aria-label={scene.map_label(props.controls)}
                {onkeydown} {onpointermove} {onpointerleave} {onclick}>
            </canvas>
            <figcaption class="sl-caption">
                { "Slot 0 is at the top left, slot 127 at the end of the first row, slot 16,383 at the bottom right." }
            </figcaption>
            { legend }
            { readout }
        </figure>
    };

    // The controls: the masters and the keys.
    let on_masters = {
        let dispatch = dispatch.clone();
        Callback::from(move |e: Event| {
            dispatch.dispatch(Edit::Set(SlotsParams::recreate(input_value(&e))))
        })
    };
    let on_keys = {
        let dispatch = dispatch.clone();
        Callback::from(move |e: InputEvent| dispatch.dispatch(Edit::set("keys", input_value(&e))))
    };
    let cluster_controls = html! {
        <div class="sl-controls view-controls">
            <div class="sl-field">
                <label for="sl-masters">{ "Masters" }</label>
                <input id="sl-masters" type="number" inputmode="numeric"
                    min={MASTERS.0.to_string()} max={MASTERS.1.to_string()} step="1"
                    aria-describedby="sl-masters-hint"
                    value={params.masters.to_string()} onchange={on_masters} />
                <small id="sl-masters-hint" class="sl-hint">
                    { "3 to 8. A new count lays the cluster out afresh, as create does, and forgets the moves." }
                </small>
            </div>
            <div class="sl-field sl-keys-field">
                <label for="sl-keys">{ "Keys, one a line" }</label>
                <textarea id="sl-keys" rows="3" spellcheck="false" autocapitalize="off"
                    maxlength={KEYS_CAP.to_string()} aria-describedby="sl-keys-hint"
                    value={params.keys_text().to_string()} oninput={on_keys} />
                <small id="sl-keys-hint" class="sl-hint">
                    { format!("Up to {MAX_KEYS} keys. Text between {{ and }} is a hash tag: only it is hashed.") }
                </small>
            </div>
        </div>
    };

    // The keys' slots.
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
    let keys = html! {
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
    };

    // The move under way.
    let on_move = |field: MoveField| {
        let dispatch = dispatch.clone();
        let params = params.clone();
        Callback::from(move |e: Event| {
            let edit = params.edit_move(field, input_value(&e));
            dispatch.dispatch(Edit::Set(edit));
        })
    };
    let advance_label = match params.phase {
        Phase::Plan => "Start migration",
        Phase::Migrating => "Finish migration",
        Phase::Done => "Keep it, plan another move",
    };
    let nothing_moves = scene.moving == 0 && params.phase != Phase::Done;
    let steps = [
        (Phase::Plan, "1. Planned"),
        (Phase::Migrating, "2. Keys migrating"),
        (Phase::Done, "3. Slots handed over"),
    ];
    let move_form = html! {
        <div class="sl-move-form view-controls">
            <div class="sl-field">
                <label for="sl-from">{ "First slot" }</label>
                <input id="sl-from" type="number" inputmode="numeric" min={SLOT.0.to_string()}
                    max={SLOT.1.to_string()} step="1" value={params.from.to_string()}
                    onchange={on_move(MoveField::From)} />
            </div>
            <div class="sl-field">
                <label for="sl-to">{ "Last slot" }</label>
                <input id="sl-to" type="number" inputmode="numeric" min={SLOT.0.to_string()}
                    max={SLOT.1.to_string()} step="1" value={params.to.to_string()}
                    onchange={on_move(MoveField::To)} />
            </div>
            <div class="sl-field">
                <label for="sl-target">{ "To master" }</label>
                <select id="sl-target" onchange={on_move(MoveField::Target)}>
                    { for (0..params.masters).map(|i| html! {
                        <option value={master_name(i)} selected={i == params.target}>
                            { format!("{} {}", master_name(i), master_address(i)) }
                        </option>
                    }) }
                </select>
            </div>
            <div class="sl-buttons">
                <button type="button" class="sl-advance" disabled={nothing_moves}
                    onclick={send(&dispatch, params.advance())}>{ advance_label }</button>
                <button type="button" disabled={params.moves.is_empty() && params.phase == Phase::Plan}
                    onclick={send(&dispatch, SlotsParams::reset())}>{ "Undo every move" }</button>
            </div>
        </div>
    };
    let earlier = prose::finished_earlier(&params).map_or(html! {}, |text| {
        html! { <p class="sl-earlier">{ text }</p> }
    });
    let resharding = html! {
        <section class="sl-move" aria-labelledby="sl-move-h">
            <h2 id="sl-move-h">{ "Resharding: move slots" }</h2>
            <p class="sl-lead">
                { "Keys never move alone: a whole slot changes master, with every key in it." }
                if props.controls {
                    { " Pick slots (type them, or use the buttons under the map) and a master to \
                       hand them to, then start the migration: it stops half way so you can see \
                       what a client sees." }
                }
            </p>
            if props.controls { { move_form } }
            <ol class="sl-steps" aria-label="Where the move stands">
                { for steps.iter().map(|(phase, label)| {
                    let current = *phase == params.phase;
                    html! {
                        <li class={classes!(current.then_some("sl-current"))}
                            aria-current={current.then_some("step")}>{ *label }</li>
                    }
                }) }
            </ol>
            <div class="sl-status" role="status">
                <p class="sl-headline"><strong>{ scene.move_headline() }</strong></p>
                if !scene.outgoing.is_empty() {
                    <ul class="sl-outgoing" aria-label="Slots that change master">
                        { for scene.outgoing.iter().map(|o| html! {
                            <li>{ prose::outgoing_line(o) }</li>
                        }) }
                    </ul>
                }
                { for scene.client_lines().into_iter().map(|l| html! { <p class="sl-client">{ l }</p> }) }
            </div>
            { earlier }
        </section>
    };

    // The map's text twin.
    let twin = html! {
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
    };

    let why = html! {
        <section class="sl-why" aria-labelledby="sl-why-h">
            <h2 id="sl-why-h">{ "Why 16,384 slots?" }</h2>
            { for why_lines().into_iter().map(|l| html! { <p>{ l }</p> }) }
        </section>
    };

    html! {
        <section class={classes!("slots", props.embed.then_some("sl-embed"))} aria-label="Redis slots">
            { notes }
            if !props.embed {
                <p class="sl-intro">
                    { "Redis Cluster does not hash keys onto a ring. It cuts the key space into 16,384 \
                       slots: a key's slot is CRC16 of the key, kept to 14 bits, and each master owns \
                       whole slots. Growing or shrinking the cluster means handing slots from one \
                       master to another." }
                </p>
            }
            if props.controls { { cluster_controls } }
            <div class="sl-main">
                { map }
                <div class="sl-side">
                    { keys }
                    { resharding }
                </div>
            </div>
            { twin }
            { why }
        </section>
    }
}
