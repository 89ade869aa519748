//! The embed dialog's options (the widget's theme and three switches), and what the dialog
//! says about the widget the code makes: its height first, then the model's advice
//! (`ringlab_model::embed_advice`).

use yew::prelude::*;

use ringlab_model::embed_advice::advice;
use ringlab_model::embed_code::EmbedOptions;
use ringlab_model::route::Theme;

use crate::browser::{self, input_checked};
use crate::embed_height::COLUMN_WIDTH;

/// A switch: its label, and how it reads and sets the options.
type Switch = (
    &'static str,
    fn(&EmbedOptions) -> bool,
    fn(&mut EmbedOptions, bool),
);
const SWITCHES: [Switch; 3] = [
    (" No controls", |o| !o.controls, |o, on| o.controls = !on),
    (
        " Compact: the picture and one line",
        |o| o.compact,
        |o, on| o.compact = on,
    ),
    (
        " Transparent background",
        |o| o.transparent,
        |o, on| o.transparent = on,
    ),
];

#[derive(Properties, PartialEq)]
pub struct OptionsProps {
    pub options: EmbedOptions,
    /// The options after a change.
    pub on_change: Callback<EmbedOptions>,
}

/// The theme and the switches.
#[component]
pub fn EmbedOptionsFields(props: &OptionsProps) -> Html {
    let options = props.options;
    let on_theme = props.on_change.reform(move |event: Event| {
        let value = browser::input_value(&event);
        let theme = Theme::ALL
            .iter()
            .find(|(name, _)| *name == value)
            .map_or(Theme::Auto, |(_, theme)| *theme);
        EmbedOptions { theme, ..options }
    });
    let switches = SWITCHES.iter().map(|&(label, get, set)| {
        let onchange = props.on_change.reform(move |event: Event| {
            let mut next = options;
            set(&mut next, input_checked(&event));
            next
        });
        html! {
            <label><input type="checkbox" checked={get(&options)} {onchange} />{ label }</label>
        }
    });
    html! {
        <fieldset class="share-options">
            <legend>{ "The widget" }</legend>
            <label>{ "Theme " }
                <select onchange={on_theme}>
                    { for Theme::ALL.iter().map(|(name, theme)| html! {
                        <option value={*name} selected={*theme == options.theme}>
                            { if *theme == Theme::Auto { "follows the page" } else { name } }
                        </option>
                    }) }
                </select>
            </label>
            { for switches }
        </fieldset>
    }
}

#[derive(Properties, PartialEq)]
pub struct AdviceProps {
    /// The options the code shown was made with.
    pub options: EmbedOptions,
    /// The widget's height as measured for that code.
    pub height: Option<u32>,
}

/// The sentences about the code shown.
#[component]
pub fn EmbedAdvice(props: &AdviceProps) -> Html {
    html! {
        <div class="share-advice">
            { for advice(&props.options, props.height, COLUMN_WIDTH).into_iter().map(|s| html! { <p>{ s }</p> }) }
        </div>
    }
}
