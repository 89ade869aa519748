//! A labelled range input with its value beside it, reporting every step as it moves.

use wasm_bindgen::JsCast;
use web_sys::HtmlInputElement;
use yew::prelude::*;

/// A slider: what it sets, its range and value, and what it reports.
#[derive(Default)]
pub struct SliderProps {
    pub id: &'static str,
    /// The visible label, which is also the slider's accessible name.
    pub label: &'static str,
    pub min: f64,
    pub max: f64,
    pub step: f64,
    pub value: f64,
    /// The value as people read it ("25%", "0.25").
    pub text: String,
    pub on_input: Callback<f64>,
    /// Marked values, drawn as ticks by browsers that draw a datalist.
    pub marks: Vec<f64>,
    /// A hint's element id, for `aria-describedby`.
    pub hint: Option<&'static str>,
}

/// The slider. A function, not a component: it keeps no state, and a component costs
/// about 2 KB of every module that has it.
pub fn slider(props: SliderProps) -> Html {
    let oninput = {
        let on_input = props.on_input.clone();
        Callback::from(move |e: InputEvent| {
            let value = e
                .target()
                .and_then(|t| t.dyn_into::<HtmlInputElement>().ok())
                .map(|input| input.value_as_number());
            if let Some(v) = value.filter(|v| v.is_finite()) {
                on_input.emit(v);
            }
        })
    };
    let list = format!("{}-marks", props.id);
    html! {
        <div class="slider">
            <label for={props.id}>{ props.label }</label>
            <input id={props.id} type="range" min={props.min.to_string()} max={props.max.to_string()}
                step={props.step.to_string()} value={props.value.to_string()} {oninput}
                aria-valuetext={props.text.clone()} aria-describedby={props.hint}
                list={(!props.marks.is_empty()).then(|| list.clone())} />
            <output for={props.id}>{ props.text.clone() }</output>
            if !props.marks.is_empty() {
                <datalist id={list}>
                    { for props.marks.iter().map(|m| html! { <option value={m.to_string()} /> }) }
                </datalist>
            }
        </div>
    }
}
