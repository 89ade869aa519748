//! A labelled number input for one of a view's whole-number parameters: its label, its
//! value and bounds, and each change reported as the typed text, which the view's
//! parameter table reads as a link would (clamped, with a note).

use yew::prelude::*;

use crate::kit::browser::input_value;

#[derive(Properties, PartialEq)]
pub struct NumberFieldProps {
    pub label: &'static str,
    pub value: u64,
    pub min: u64,
    pub max: u64,
    pub on_change: Callback<String>,
    #[prop_or_default]
    pub disabled: bool,
}

#[component]
pub fn NumberField(props: &NumberFieldProps) -> Html {
    let onchange = {
        let on_change = props.on_change.clone();
        Callback::from(move |e: Event| on_change.emit(input_value(&e)))
    };
    html! {
        <label>
            { props.label }
            <input type="number" inputmode="numeric" min={props.min.to_string()} max={props.max.to_string()}
                step="1" value={props.value.to_string()} disabled={props.disabled} {onchange} />
        </label>
    }
}
