//! The embed dialog's options (the widget's theme and three switches), and what the dialog
//! says about the widget the code makes: its height first, then the model's advice
//! (`ringlab_model::embed_advice`).

use yew::prelude::*;

use ringlab_model::embed_advice::advice;
use ringlab_model::embed_code::EmbedOptions;
use ringlab_model::route::Theme;

use crate::kit::browser::{self, input_checked};
use crate::kit::embed_height::COLUMN_WIDTH;

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

/// The theme and the switches for `options`; `on_change` takes the options after a
/// change. Functions, not components: they keep no state, and a component costs about
/// 2 KB of every module (the share dialog is in all of them).
pub fn embed_options_fields(options: EmbedOptions, on_change: &Callback<EmbedOptions>) -> Html {
    let on_theme = on_change.reform(move |event: Event| {
        let value = browser::input_value(&event);
        let theme = Theme::ALL
            .iter()
            .find(|(name, _)| *name == value)
            .map_or(Theme::Auto, |(_, theme)| *theme);
        EmbedOptions { theme, ..options }
    });
    let switches = SWITCHES.iter().map(|&(label, get, set)| {
        let onchange = on_change.reform(move |event: Event| {
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

/// The sentences about the code shown: made with `options`, the widget `height` tall as
/// measured for that code.
pub fn embed_advice(options: EmbedOptions, height: Option<u32>) -> Html {
    html! {
        <div class="share-advice">
            { for advice(&options, height, COLUMN_WIDTH).into_iter().map(|s| html! { <p>{ s }</p> }) }
        </div>
    }
}
