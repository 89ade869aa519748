//! The playground component: the canvas and its pointer and keyboard handling, the
//! animation loop, and the text twin (live region, walk text, moves). Controls and the
//! share table are in `controls.rs` and `shares.rs`.

use std::cell::RefCell;
use std::rc::Rc;

use gloo::events::EventListener;
use gloo::render::{request_animation_frame, AnimationFrame};
use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlCanvasElement};
use yew::prelude::*;

use super::controls::Controls;
use super::draw::{copy, draw, draw_overlay, draw_still};
use super::placement::{Change, ChangeKind, Placement};
use super::scene::{self, Scene};
use super::shares::shares_view;
use super::state::{Action, PlaygroundState};
use super::walk::{self, Walk};
use crate::browser::{canvas_context, media_matches};
use crate::canvas_theme::CanvasTheme;
use crate::element_width::use_element_width;
use crate::notes::{dispatching, ViewNotes};
use crate::probe::tell;
use crate::registry::ViewProps;
use crate::store::Store;
use crate::url_out::use_url_out;
use crate::visible::{watch, Watch};
use ringlab_model::format::percent;

/// How long moved keys take to reach their new owners, in seconds.
const MOVE_SECONDS: f64 = 1.2;
/// Largest canvas side, in CSS pixels.
const MAX_SIDE: f64 = 560.0;
/// Arrow keys move a point by this many millionths of a turn (ten times with Shift).
const NUDGE: i64 = 2_000;

/// What the animation loop reads: the latest scene and what moves in it.
#[derive(Default)]
struct Canvas {
    element: Option<HtmlCanvasElement>,
    scene: Option<Scene>,
    placement: Option<Rc<Placement>>,
    walk: Option<Rc<Walk>>,
    walk_epoch: u64,
    walk_start: f64,
    change: Option<Rc<Change>>,
    change_epoch: u64,
    change_start: f64,
    reduced: bool,
    /// The page's colours.
    theme: Rc<CanvasTheme>,
    ratio: f64,
    /// The pending frame; dropping it cancels it.
    frame: Option<AnimationFrame>,
    /// The frame that is running now, kept until the next one is asked for.
    retired: Option<AnimationFrame>,
    pending: bool,
    /// The canvas side in CSS pixels, as last laid out.
    side: f64,
    /// An offscreen canvas holding the still part of the scene.
    still: Option<HtmlCanvasElement>,
    still_fresh: bool,
    /// The server being dragged (parameter index).
    drag: Option<usize>,
    /// The canvas is out of the viewport (an IntersectionObserver says so): no frames are
    /// asked for until it comes back.
    hidden: bool,
    /// Frames painted so far (told to the page as `data-frames`).
    frames: u64,
}

fn now() -> f64 {
    web_sys::window()
        .and_then(|w| w.performance())
        .map_or(0.0, |p| p.now())
}

/// Draws the frame at `time` (milliseconds); true while something still moves.
fn paint(c: &mut Canvas, time: f64) -> bool {
    let (Some(scene), Some(placement), Some(element)) =
        (c.scene.as_ref(), c.placement.as_ref(), c.element.as_ref())
    else {
        return false;
    };
    let walk = c
        .walk
        .as_deref()
        .map(|w| (w, walk::frame(w, (time - c.walk_start) / 1000.0, c.reduced)));
    let progress = (time - c.change_start) / 1000.0 / MOVE_SECONDS;
    // While dragging, ownership follows the pointer live: nothing travels.
    let change = c
        .change
        .as_deref()
        .filter(|ch| !matches!(ch.kind, ChangeKind::Drag(_)))
        .map(|ch| (ch, progress));
    let overlay = scene::overlay(scene, placement, walk, change, c.reduced);
    let walking = walk.is_some_and(|(_, f)| !f.done);
    let moving = change.is_some() && progress < 1.0;
    c.frames += 1;
    tell_frame(element, c.frames, c.hidden, walk, moving);
    let theme = c.theme.clone();
    let ratio = c.ratio;
    if let Some(ctx) = canvas_context(element) {
        let fresh = c.still_fresh;
        let scene = c.scene.as_mut().expect("checked above");
        scene.overlay = overlay;
        match &c.still {
            // The still layer was drawn once for this scene: copy it, then the overlay.
            Some(still) if fresh => {
                copy(&ctx, still);
                draw_overlay(&ctx, scene, &theme, ratio);
            }
            _ => draw(&ctx, scene, &theme, ratio),
        }
    }
    walking || moving
}

/// Tells the page what this frame shows: its number, whether the loop is paused, the
/// walk's state (`none`, `walking`, `done`), the steps it has reached and where its cursor
/// is (turns from the key), and whether moved keys are still on their way.
fn tell_frame(
    element: &HtmlCanvasElement,
    frames: u64,
    hidden: bool,
    walk: Option<(&Walk, walk::WalkFrame)>,
    moving: bool,
) {
    tell(element, "frames", &frames.to_string());
    tell(element, "loop", if hidden { "paused" } else { "running" });
    let (state, reached, travel, steps) = match walk {
        None => ("none", 0, 0.0, 0),
        Some((w, f)) => (
            if f.done { "done" } else { "walking" },
            f.reached,
            f.travel,
            w.steps.len(),
        ),
    };
    tell(element, "walk", state);
    tell(element, "walk-steps", &steps.to_string());
    tell(element, "walk-reached", &reached.to_string());
    tell(element, "walk-travel", &format!("{travel:.6}"));
    tell(element, "moving", if moving { "true" } else { "false" });
}

/// Draws the still layer of the current scene on the offscreen canvas.
fn draw_still_layer(c: &mut Canvas, backing: u32) {
    c.still_fresh = false;
    if c.still.is_none() {
        c.still = web_sys::window()
            .and_then(|w| w.document())
            .and_then(|d| d.create_element("canvas").ok())
            .and_then(|e| e.dyn_into::<HtmlCanvasElement>().ok());
    }
    let (Some(still), Some(scene)) = (c.still.as_ref(), c.scene.as_ref()) else {
        return;
    };
    if still.width() != backing {
        still.set_width(backing);
    }
    if still.height() != backing {
        still.set_height(backing);
    }
    if let Some(ctx) = canvas_context(still) {
        let theme = c.theme.clone();
        draw_still(&ctx, scene, &theme, c.ratio);
        c.still_fresh = true;
    }
}

/// Asks for the next frame unless one is pending or the canvas is off screen.
fn schedule(shared: &Rc<RefCell<Canvas>>) {
    {
        let c = shared.borrow();
        if c.pending || c.hidden {
            return;
        }
    }
    let next = shared.clone();
    let handle = request_animation_frame(move |time| {
        let more = {
            let mut c = next.borrow_mut();
            c.pending = false;
            paint(&mut c, time)
        };
        if more {
            schedule(&next);
        }
    });
    let mut c = shared.borrow_mut();
    c.pending = true;
    c.retired = c.frame.replace(handle);
}

/// Pauses the animation loop while `canvas` is out of the viewport (scrolled away, or in an
/// iframe the host page has scrolled away) and resumes it, from the current time, when it
/// comes back. `None`, and the loop always runs, where there is no IntersectionObserver.
fn watch_visibility(canvas: &Element, shared: &Rc<RefCell<Canvas>>) -> Option<Watch> {
    let shared = shared.clone();
    watch(canvas, move |visible| {
        let hidden = !visible;
        {
            let mut c = shared.borrow_mut();
            if c.hidden == hidden {
                return;
            }
            c.hidden = hidden;
            if let Some(element) = &c.element {
                tell(element, "loop", if hidden { "paused" } else { "running" });
            }
            if hidden {
                // Dropping the pending frame cancels it.
                c.frame = None;
                c.pending = false;
                return;
            }
        }
        // Back on screen: one frame now, more while something still moves.
        schedule(&shared);
    })
}

fn pointer_xy(e: &MouseEvent) -> (f64, f64) {
    (e.offset_x() as f64, e.offset_y() as f64)
}

/// The ring playground.
#[component]
pub fn Playground(props: &ViewProps) -> Html {
    let state = {
        let query = props.query.clone();
        use_reducer(move || Store::new(PlaygroundState::from_query(&query)))
    };
    let canvas_ref = use_node_ref();
    let shared = use_mut_ref(Canvas::default);
    let redraw = use_force_update();

    // The URL out. (A reload, a pasted link or Back mounts the view afresh from the URL:
    // the shell keys it by visit.)
    use_url_out(props, state.query());
    // Redraw on resize; pause the animation off screen; stop it when the playground goes
    // away.
    {
        let shared = shared.clone();
        let canvas_ref = canvas_ref.clone();
        use_effect_with((), move |_| {
            let listener = web_sys::window()
                .map(|w| EventListener::new(&w, "resize", move |_| redraw.force_update()));
            let watch = canvas_ref
                .cast::<Element>()
                .and_then(|canvas| watch_visibility(&canvas, &shared));
            move || {
                drop(listener);
                drop(watch);
                let mut c = shared.borrow_mut();
                c.frame = None;
                c.retired = None;
                c.pending = false;
                c.scene = None;
                c.element = None;
                c.still = None;
            }
        });
    }
    // The canvas's laid-out width, without forcing a layout in the paint below.
    let width = use_element_width(&canvas_ref);
    // After every render: the scene again, one frame now, and more while things move.
    {
        let shared = shared.clone();
        let state = state.clone();
        let canvas_ref = canvas_ref.clone();
        use_effect(move || {
            if let Some(canvas) = canvas_ref.cast::<HtmlCanvasElement>() {
                let ratio = web_sys::window().map_or(1.0, |w| w.device_pixel_ratio().max(1.0));
                let side = match width {
                    w if w > 0.0 => w.min(MAX_SIDE),
                    _ => 480.0,
                };
                let backing = (side * ratio).round() as u32;
                if canvas.width() != backing {
                    canvas.set_width(backing);
                }
                if canvas.height() != backing {
                    canvas.set_height(backing);
                }
                let time = now();
                let more = {
                    let mut c = shared.borrow_mut();
                    c.ratio = ratio;
                    c.side = side;
                    c.reduced = media_matches("(prefers-reduced-motion: reduce)");
                    c.theme = CanvasTheme::current();
                    if c.walk_epoch != state.walk_epoch {
                        c.walk_epoch = state.walk_epoch;
                        c.walk_start = time;
                    }
                    if c.change_epoch != state.change_epoch {
                        c.change_epoch = state.change_epoch;
                        c.change_start = time;
                    }
                    c.walk = state.walk.clone();
                    c.change = state.change.clone();
                    c.placement = Some(state.placement.clone());
                    c.scene = Some(scene::build(
                        &state.placement,
                        &state.params,
                        state.focused,
                        state.walk.as_ref().map(|w| w.key),
                        side,
                        side,
                    ));
                    c.element = Some(canvas);
                    draw_still_layer(&mut c, backing);
                    paint(&mut c, time)
                };
                if more {
                    schedule(&shared);
                }
            }
        });
    }

    let draggable = state.params.draggable();
    let onpointerdown = {
        let shared = shared.clone();
        let dispatch = state.dispatcher();
        Callback::from(move |e: PointerEvent| {
            let (x, y) = pointer_xy(&e);
            let reach = if e.pointer_type() == "touch" {
                24.0
            } else {
                14.0
            };
            let (point, key) = {
                let c = shared.borrow();
                let Some(scene) = c.scene.as_ref() else {
                    return;
                };
                let point = scene::hit_point(scene, x, y, reach).filter(|&s| {
                    draggable && scene.points.iter().any(|p| p.server == s && p.draggable)
                });
                (point, scene::hit_key(scene, x, y, reach * 0.75))
            };
            if let Some(server) = point {
                if let Some(target) = e.target_dyn_into::<Element>() {
                    let _ = target.set_pointer_capture(e.pointer_id());
                }
                e.prevent_default();
                shared.borrow_mut().drag = Some(server);
                dispatch.dispatch(Action::FocusServer(Some(server)));
            } else if let Some(key) = key {
                dispatch.dispatch(Action::SelectKey(Some(key)));
            }
        })
    };
    let onpointermove = {
        let shared = shared.clone();
        let dispatch = state.dispatcher();
        Callback::from(move |e: PointerEvent| {
            let (x, y) = pointer_xy(&e);
            let c = shared.borrow();
            if let (Some(server), Some(scene)) = (c.drag, c.scene.as_ref()) {
                let fraction = scene.geometry.fraction_at(x, y);
                drop(c);
                dispatch.dispatch(Action::DragServer(server, fraction));
            }
        })
    };
    let onpointerup = {
        let shared = shared.clone();
        let dispatch = state.dispatcher();
        Callback::from(move |e: PointerEvent| {
            let dragged = shared.borrow_mut().drag.take();
            if dragged.is_some() {
                if let Some(target) = e.target_dyn_into::<Element>() {
                    let _ = target.release_pointer_capture(e.pointer_id());
                }
                dispatch.dispatch(Action::EndDrag);
            }
        })
    };
    let onkeydown = {
        let dispatch = state.dispatcher();
        let state = state.clone();
        Callback::from(move |e: KeyboardEvent| {
            let servers = state.params.servers.len();
            let keys = state.keys.len();
            let focused = state.focused.or((servers > 0).then_some(0));
            let step = if e.shift_key() { NUDGE * 10 } else { NUDGE };
            let action = match e.key().as_str() {
                "ArrowRight" => focused.map(|i| Action::NudgeServer(i, step)),
                "ArrowLeft" => focused.map(|i| Action::NudgeServer(i, -step)),
                "ArrowDown" if servers > 0 => Some(Action::FocusServer(Some(
                    state.focused.map_or(0, |i| (i + 1) % servers),
                ))),
                "ArrowUp" if servers > 0 => Some(Action::FocusServer(Some(
                    state
                        .focused
                        .map_or(servers - 1, |i| (i + servers - 1) % servers),
                ))),
                "Enter" | " " if keys > 0 => Some(Action::SelectKey(Some(
                    state.walk.as_ref().map_or(0, |w| (w.key + 1) % keys),
                ))),
                "Escape" => Some(Action::SelectKey(None)),
                _ => None,
            };
            if let Some(action) = action {
                e.prevent_default();
                dispatch.dispatch(action);
            }
        })
    };

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
                    <Controls params={params.clone()} dispatch={state.dispatcher()} />
                    { key_buttons }
                    <p class="pg-status" role="status" aria-live="polite">
                        { state.announcement.clone() }
                    </p>
                    { moves }
                    { walk_text }
                </div>
            </div>
            { shares_view(&state, state.dispatcher(), props.embed) }
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
        </div>
    }
}
