//! A sentence with a number the reader can scrub, as in Tangle: drag the number sideways,
//! or focus it and use the arrow keys (Page Up and Down for ten steps, Home and End for the
//! ends). The rest of the sentence is computed again from the core on every change.

use ringlab_model::format::grouped_rounded;
use ringlab_model::views::learn::figures::{Part, Scrub};
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct ScrubProps {
    pub scrub: &'static Scrub,
}

/// Pixels of drag per step of the knob.
const PIXELS_PER_STEP: f64 = 4.0;

#[component]
pub fn ScrubSentence(props: &ScrubProps) -> Html {
    let knob = props.scrub.knob;
    let value = use_state(|| knob.default);
    // The value and pointer x when a drag started.
    let drag = use_mut_ref(|| None::<(u64, i32)>);

    let set = {
        let value = value.clone();
        move |v: i128| {
            let v = v.clamp(knob.min as i128, knob.max as i128) as u64;
            value.set(knob.clamp(v));
        }
    };
    let onkeydown = {
        let set = set.clone();
        let current = *value as i128;
        Callback::from(move |event: KeyboardEvent| {
            let step = knob.step as i128;
            let next = match event.key().as_str() {
                "ArrowUp" | "ArrowRight" => current + step,
                "ArrowDown" | "ArrowLeft" => current - step,
                "PageUp" => current + 10 * step,
                "PageDown" => current - 10 * step,
                "Home" => knob.min as i128,
                "End" => knob.max as i128,
                _ => return,
            };
            event.prevent_default();
            set(next);
        })
    };
    let onpointerdown = {
        let drag = drag.clone();
        let current = *value;
        Callback::from(move |event: PointerEvent| {
            if let Some(target) = event.target_dyn_into::<web_sys::Element>() {
                let _ = target.set_pointer_capture(event.pointer_id());
            }
            *drag.borrow_mut() = Some((current, event.client_x()));
        })
    };
    let onpointermove = {
        let drag = drag.clone();
        let set = set.clone();
        Callback::from(move |event: PointerEvent| {
            if let Some((start, x)) = *drag.borrow() {
                let steps = ((event.client_x() - x) as f64 / PIXELS_PER_STEP).round() as i128;
                set(start as i128 + steps * knob.step as i128);
            }
        })
    };
    let onpointerup = {
        let drag = drag.clone();
        Callback::from(move |_: PointerEvent| *drag.borrow_mut() = None)
    };

    let shown = grouped_rounded(*value as f64);
    let parts = (props.scrub.sentence)(*value);
    html! {
        <p class="scrub-sentence" aria-live="polite">
            { for parts.into_iter().map(|part| match part {
                Part::Text(text) => html! { { text } },
                Part::Figure(text) => html! { <strong class="scrub-figure">{ text }</strong> },
                Part::Knob => html! {
                    <span
                        class="scrub-knob"
                        role="spinbutton"
                        tabindex="0"
                        aria-label={knob.label}
                        title="Drag sideways or use the arrow keys"
                        aria-valuenow={value.to_string()}
                        aria-valuemin={knob.min.to_string()}
                        aria-valuemax={knob.max.to_string()}
                        aria-valuetext={shown.clone()}
                        onkeydown={onkeydown.clone()}
                        onpointerdown={onpointerdown.clone()}
                        onpointermove={onpointermove.clone()}
                        onpointerup={onpointerup.clone()}
                        onpointercancel={onpointerup.clone()}
                    >{ shown.clone() }</span>
                },
            }) }
        </p>
    }
}
