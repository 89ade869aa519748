//! The slot map: 128 × 128 slots on a canvas, coloured by master, with a keyboard cursor
//! (arrows; F and L set the move's first and last slot), the slot under the pointer read
//! out, and buttons that set the move from it. It keeps its own cursor and pointer.

use std::rc::Rc;

use ringlab_model::linked::{Edit, Linked};
use ringlab_model::views::slots::params::{MoveField, SlotsParams};
use ringlab_model::views::slots::prose;
use ringlab_model::views::slots::scene::{hit, step, Scene};
use web_sys::HtmlCanvasElement;
use yew::prelude::*;

use super::draw::draw;
use crate::kit::browser::{canvas_context, fit_canvas};
use crate::kit::canvas_theme::CanvasTheme;
use crate::kit::hooks::element_width::use_element_width;
use crate::kit::pictures::swatch::swatch;
use crate::kit::probe::tell;
use crate::kit::store::Store;

#[derive(Properties, PartialEq)]
pub struct SlotMapProps {
    pub scene: Rc<Scene>,
    pub params: SlotsParams,
    pub dispatch: UseReducerDispatcher<Store<Linked<SlotsParams>>>,
    /// The page has its controls: the readout's buttons and the F and L keys.
    pub controls: bool,
}

#[component]
pub fn SlotMap(props: &SlotMapProps) -> Html {
    let (scene, params, dispatch, controls) =
        (&props.scene, &props.params, &props.dispatch, props.controls);
    // A new colour scheme draws the map again, in its colours (the map's own props do
    // not change with it).
    crate::kit::hooks::scheme::use_scheme_epoch();
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
            if let Some(element) = canvas.cast::<HtmlCanvasElement>() {
                if width > 0.0 {
                    let ratio = fit_canvas(&element, width, width);
                    let size = element.width();
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
            if controls {
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
    html! {
        <figure class="sl-map">
            <canvas ref={canvas} class="sl-canvas" role="img" tabindex="0"
                aria-label={scene.map_label(controls)}
                {onkeydown} {onpointermove} {onpointerleave} {onclick}>
            </canvas>
            <figcaption class="sl-caption">
                { "Slot 0 is at the top left, slot 127 at the end of the first row, slot 16,383 at the bottom right." }
            </figcaption>
            { legend }
            { readout }
        </figure>
    }
}
