//! The playground's animation loop: what a frame reads (the latest scene and what moves
//! in it), how it paints (the still layer once per scene, then the moving overlay), when
//! the next frame is asked for, and the pause while the canvas is out of view. The
//! component hands it scenes; it tells the page what it drew (`data-*`, `src/kit/probe.rs`).

use std::cell::RefCell;
use std::rc::Rc;

use gloo::render::{request_animation_frame, AnimationFrame};
use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlCanvasElement};

use super::draw::{copy, draw, draw_overlay, draw_still};
use super::placement::{Change, ChangeKind, Placement};
use super::scene::{self, Scene};
use super::walk::{self, Walk};
use crate::kit::browser::canvas_context;
use crate::kit::canvas_theme::CanvasTheme;
use crate::kit::hooks::visible::{watch, Watch};
use crate::kit::probe::tell;

/// How long moved keys take to reach their new owners, in seconds.
const MOVE_SECONDS: f64 = 1.2;

/// What the animation loop reads: the latest scene and what moves in it.
#[derive(Default)]
pub(super) struct Canvas {
    pub(super) element: Option<HtmlCanvasElement>,
    pub(super) scene: Option<Scene>,
    pub(super) placement: Option<Rc<Placement>>,
    pub(super) walk: Option<Rc<Walk>>,
    pub(super) walk_epoch: u64,
    pub(super) walk_start: f64,
    pub(super) change: Option<Rc<Change>>,
    pub(super) change_epoch: u64,
    pub(super) change_start: f64,
    pub(super) reduced: bool,
    /// The page's colours.
    pub(super) theme: Rc<CanvasTheme>,
    pub(super) ratio: f64,
    /// The pending frame; dropping it cancels it.
    pub(super) frame: Option<AnimationFrame>,
    /// The frame that is running now, kept until the next one is asked for.
    pub(super) retired: Option<AnimationFrame>,
    pub(super) pending: bool,
    /// The canvas side in CSS pixels, as last laid out.
    pub(super) side: f64,
    /// An offscreen canvas holding the still part of the scene.
    pub(super) still: Option<HtmlCanvasElement>,
    pub(super) still_fresh: bool,
    /// The server being dragged (parameter index).
    pub(super) drag: Option<usize>,
    /// The canvas is out of the viewport (an IntersectionObserver says so): no frames are
    /// asked for until it comes back.
    pub(super) hidden: bool,
    /// Frames painted so far (told to the page as `data-frames`).
    pub(super) frames: u64,
}

/// Draws the frame at `time` (milliseconds); true while something still moves.
pub(super) fn paint(c: &mut Canvas, time: f64) -> bool {
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
pub(super) fn draw_still_layer(c: &mut Canvas, backing: u32) {
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
pub(super) fn schedule(shared: &Rc<RefCell<Canvas>>) {
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
pub(super) fn watch_visibility(canvas: &Element, shared: &Rc<RefCell<Canvas>>) -> Option<Watch> {
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
