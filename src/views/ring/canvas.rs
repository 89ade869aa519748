//! The playground's canvas: sized and painted after every render (the scene again, one
//! frame now, more while things move), paused off screen, and driven by the pointer (drag
//! a point, click a key), a finger (a swipe scrolls unless it starts on a point) and the
//! keyboard (Up and Down pick a server, Left and Right nudge it, Enter walks a key).

use std::cell::RefCell;
use std::rc::Rc;

use gloo::events::{EventListener, EventListenerOptions};
use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlCanvasElement};
use yew::prelude::*;

use super::frame_loop::{draw_still_layer, paint, schedule, watch_visibility, Canvas};
use super::scene;
use super::state::{Action, PlaygroundState};
use crate::kit::browser::{fit_canvas, media_matches, now};
use crate::kit::canvas_theme::CanvasTheme;
use crate::kit::hooks::element_width::use_element_width;
use crate::kit::store::Store;

type State = UseReducerHandle<Store<PlaygroundState>>;

/// Largest canvas side, in CSS pixels.
pub const MAX_SIDE: f64 = 560.0;
/// How near a finger must land to a point to take it, in CSS pixels.
const TOUCH_REACH: f64 = 24.0;
/// Arrow keys move a point by this many millionths of a turn (ten times with Shift).
const NUDGE: i64 = 2_000;

/// A swipe on the canvas scrolls the page (its `touch-action` is `pan-y`), unless it
/// starts on a point that can be dragged: then this touch is the drag's, not the page's.
fn hold_touch_on_points(canvas: &Element, shared: &Rc<RefCell<Canvas>>) -> EventListener {
    let (canvas_at, shared) = (canvas.clone(), shared.clone());
    let options = EventListenerOptions::enable_prevent_default();
    EventListener::new_with_options(canvas, "touchstart", options, move |e| {
        let Some(e) = e.dyn_ref::<web_sys::TouchEvent>() else {
            return;
        };
        let Some(touch) = e.touches().get(0) else {
            return;
        };
        let rect = canvas_at.get_bounding_client_rect();
        let (x, y) = (
            f64::from(touch.client_x()) - rect.left(),
            f64::from(touch.client_y()) - rect.top(),
        );
        let c = shared.borrow();
        let on_point = c.scene.as_ref().is_some_and(|scene| {
            scene::hit_point(scene, x, y, TOUCH_REACH)
                .is_some_and(|s| scene.points.iter().any(|p| p.server == s && p.draggable))
        });
        if on_point {
            e.prevent_default();
        }
    })
}

fn pointer_xy(e: &MouseEvent) -> (f64, f64) {
    (e.offset_x() as f64, e.offset_y() as f64)
}

/// The canvas for `state`, and what its paint shares with the input handlers.
#[hook]
pub fn use_ring_canvas(state: &State) -> (NodeRef, Rc<RefCell<Canvas>>) {
    let canvas_ref = use_node_ref();
    let shared = use_mut_ref(Canvas::default);
    let redraw = use_force_update();
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
            let touch = canvas_ref
                .cast::<Element>()
                .map(|canvas| hold_touch_on_points(&canvas, &shared));
            move || {
                drop(listener);
                drop(watch);
                drop(touch);
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
                let side = match width {
                    w if w > 0.0 => w.min(MAX_SIDE),
                    _ => 480.0,
                };
                let ratio = fit_canvas(&canvas, side, side);
                let canvas_width = canvas.width();
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
                    let mut built = scene::build(
                        &state.placement,
                        &state.params,
                        state.focused,
                        state.walk.as_ref().map(|w| w.key),
                        side,
                        side,
                    );
                    scene::mark_moved(&mut built.keys, state.change.as_deref());
                    // How many keys the picture rings, for the tests.
                    let ringed = built.keys.iter().filter(|k| k.moved).count();
                    let _ = canvas.set_attribute("data-ringed", &ringed.to_string());
                    c.scene = Some(built);
                    c.element = Some(canvas);
                    draw_still_layer(&mut c, canvas_width);
                    paint(&mut c, time)
                };
                if more {
                    schedule(&shared);
                }
            }
        });
    }

    (canvas_ref, shared)
}

/// The canvas's input handlers.
pub struct RingInput {
    pub onpointerdown: Callback<PointerEvent>,
    pub onpointermove: Callback<PointerEvent>,
    pub onpointerup: Callback<PointerEvent>,
    pub onkeydown: Callback<KeyboardEvent>,
}

/// The handlers for the canvas of `state`, reading the scene painted last from `shared`.
pub fn ring_input(shared: &Rc<RefCell<Canvas>>, state: &State) -> RingInput {
    let draggable = state.params.draggable();
    let onpointerdown = {
        let shared = shared.clone();
        let dispatch = state.dispatcher();
        Callback::from(move |e: PointerEvent| {
            let (x, y) = pointer_xy(&e);
            let reach = if e.pointer_type() == "touch" {
                TOUCH_REACH
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

    RingInput {
        onpointerdown,
        onpointermove,
        onpointerup,
        onkeydown,
    }
}
