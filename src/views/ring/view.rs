//! The playground component: the canvas (`canvas.rs`: its paint and its pointer and
//! keyboard handling) and the text twin (live region, walk text, moves). The animation
//! loop is in `frame_loop.rs`, the controls and the share table in `controls.rs` and
//! `shares.rs`.

use yew::prelude::*;

use super::canvas::{ring_input, use_ring_canvas, RingInput, MAX_SIDE};
use super::controls::Controls;
use super::placement::Change;
use super::scene;
use super::shares::shares_view;
use super::state::{Action, PlaygroundState};
use crate::kit::hooks::url_out::use_url_out;
use crate::kit::notes::{dispatching, ViewNotes};
use crate::kit::store::Store;
use crate::kit::view_props::ViewProps;
use ringlab_model::format::percent;

/// The ring playground.
#[component]
pub fn Playground(props: &ViewProps) -> Html {
    let state = {
        let query = props.query.clone();
        use_reducer(move || Store::new(PlaygroundState::from_query(&query)))
    };
    // A new colour scheme re-renders, and the paint takes its colours.
    crate::kit::hooks::scheme::use_scheme_epoch();
    // The URL out. (A reload, a pasted link or Back mounts the view afresh from the URL:
    // the shell keys it by visit.)
    use_url_out(props, state.query());
    let (canvas_ref, shared) = use_ring_canvas(&state);
    let draggable = state.params.draggable();
    let RingInput {
        onpointerdown,
        onpointermove,
        onpointerup,
        onkeydown,
    } = ring_input(&shared, &state);
    let params = &state.params;
    let placement = &state.placement;
    let live = placement.servers.len();
    let mut label = format!(
        "Hash ring of the {} scheme: {live} servers up, {} keys.",
        params.scheme.name(),
        state.keys.len()
    );
    for (i, s) in placement.servers.iter().enumerate().take(12) {
        label.push_str(&format!(
            " {} owns {}.",
            s.name,
            percent(placement.shares[i])
        ));
    }
    if live > 12 {
        label.push_str(" The table below lists every server.");
    }
    // The legend of the scene drawn last (its size is known once the canvas is laid out).
    let side = shared.borrow().side;
    let side = if side > 0.0 { side } else { MAX_SIDE };
    let legend = scene::legend(
        placement.ring().points().len(),
        placement.servers.is_empty(),
        side,
        side,
    );
    let focused_name = state
        .focused
        .and_then(|i| params.servers.get(i))
        .map(|s| s.name.clone());
    let help = if draggable {
        "On the ring: drag a server's point; or Up and Down choose a server and Left and Right \
         move its point (Shift for bigger steps). Click a key, or press Enter, to walk it."
    } else {
        "Click a key on the ring, or press Enter, to walk it. Points can be dragged with the \
         ring scheme and 1 virtual node per server."
    };
    let notes = html! {
        <ViewNotes notes={state.notes.clone()}
            on_dismiss={dispatching(&state.dispatcher(), Action::DismissNotes)} />
    };
    let moves = match &state.change {
        Some(change) => moves_view(change),
        None => html! {},
    };
    let walk_text = match &state.walk {
        Some(w) => html! {
            <ol class="pg-walk" aria-label="Key walk">
                { for w.narration.iter().map(|l| html! { <li>{ l.clone() }</li> }) }
            </ol>
        },
        None => html! {},
    };
    let key_buttons = {
        let shown = state.keys.len().min(12);
        html! {
            <div class="pg-keys" role="group" aria-label="Walk a key">
                { for (0..shown).map(|i| {
                    let dispatch = state.dispatcher();
                    let pressed = state.walk.as_ref().is_some_and(|w| w.key == i);
                    html! {
                        <button type="button" class="pg-key" aria-pressed={pressed.to_string()}
                            onclick={move |_| dispatch.dispatch(Action::SelectKey(Some(i)))}>
                            { state.keys[i].clone() }
                        </button>
                    }
                }) }
            </div>
        }
    };
    let class = classes!("playground", props.embed.then_some("pg-embed"));
    html! {
        <section {class} aria-label="Ring playground">
            { notes }
            <div class="pg-main">
                <figure class="pg-figure">
                    <canvas ref={canvas_ref} class="pg-canvas" role="img" tabindex="0"
                        aria-label={label} aria-describedby="pg-help"
                        {onpointerdown} {onpointermove}
                        onpointerup={onpointerup.clone()} onpointercancel={onpointerup}
                        {onkeydown}>
                    </canvas>
                    <figcaption>
                        <p id="pg-help" class="pg-help">{ help }</p>
                        { for focused_name.map(|n| html! {
                            <p class="pg-focused">{ format!("Focused server: {n}") }</p>
                        }) }
                        <ul class="pg-legend">
                            { for legend.into_iter().map(|l| html! { <li>{ l }</li> }) }
                        </ul>
                    </figcaption>
                </figure>
                <div class="pg-side">
                    <Controls params={params.clone()} dispatch={state.dispatcher()} result={moves} />
                    { key_buttons }
                    <p class="pg-status" role="status" aria-live="polite">
                        { state.announcement.clone() }
                    </p>
                    { walk_text }
                </div>
            </div>
            { shares_view(&state, state.dispatcher()) }
        </section>
    }
}

fn moves_view(change: &Change) -> Html {
    let theory = change
        .theory
        .map(|(formula, share)| format!("theory {formula} = {}", percent(share)));
    let exact = change
        .exact
        .map(|share| format!("exact share of the key space moved: {}", percent(share)));
    html! {
        <div class="pg-moves" aria-label="Keys moved">
            <p class="pg-counter">
                <strong>{ change.counter() }</strong>
                { for theory.map(|t| html! { <span>{ format!(" · {t}") }</span> }) }
                { for exact.map(|t| html! { <span>{ format!(" · {t}") }</span> }) }
            </p>
            if let Some(caught) = change.caught_by() {
                <p class="pg-catchers">{ format!("Caught by: {caught}") }</p>
            }
            if let Some(why) = change.repointed_text() {
                <p class="pg-repointed">{ why }</p>
            }
            if !change.movement.moved.is_empty() {
                <p class="pg-ringed">{ "On the ring, the keys that moved are circled." }</p>
            }
        </div>
    }
}
