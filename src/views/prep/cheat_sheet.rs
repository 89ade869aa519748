//! The cheat sheet: the numbers worth remembering, the choice between the schemes and the
//! follow-ups' numbers, each computed by the core, on one printed page
//! (static/prep.css, its print rules at the end). It opens once every question has been answered and its model
//! answer revealed, so that the candidate tries each one first, or when asked for.

use ringlab_model::views::learn::attempt::cheat_sheet_later;
use ringlab_model::views::learn::followups;
use ringlab_model::views::learn::interview::{self, PROMPT_COUNT};
use yew::prelude::*;

use crate::kit::practice::PartProps;

/// The browser's print dialog; does nothing without a window.
fn print() {
    if let Some(window) = web_sys::window() {
        // Fails only where printing is blocked (a sandboxed frame): nothing to do then.
        let _ = window.print();
    }
}

#[component]
pub fn CheatSheet(props: &PartProps) -> Html {
    let follow = use_memo((), |_| followups::followups());
    let sheet = use_memo((), |_| interview::cheat_sheet());
    let choices = use_memo((), |_| interview::choice_table());
    let show_all = use_state(|| false);
    let total = PROMPT_COUNT + follow.len();
    let tried = props.progress.tried_in(0..total);
    if tried < total && !*show_all {
        let show_all = show_all.clone();
        return html! {
            <section class="cheat-sheet-later" aria-labelledby="cheat-sheet-heading">
                <h2 id="cheat-sheet-heading">{ "Cheat sheet" }</h2>
                <p class="iv-later">
                    { cheat_sheet_later(tried, PROMPT_COUNT, follow.len()) }
                </p>
                <button type="button" class="iv-show-all"
                    onclick={Callback::from(move |_: MouseEvent| show_all.set(true))}>
                    { "Show it now" }
                </button>
            </section>
        };
    }
    let numbers: Vec<(String, String)> = follow
        .iter()
        .map(|f| (f.prompt.topic.clone(), f.number.clone()))
        .collect();
    html! {
        <section class="cheat-sheet" aria-labelledby="cheat-sheet-heading">
            <h2 id="cheat-sheet-heading">{ "Cheat sheet" }</h2>
            <p class="cheat-sheet-note">
                { "Consistent hashing: the numbers worth remembering, each computed by \
                   ringlab's core." }
            </p>
            { rows(&sheet) }
            <h3>{ "Which to pick" }</h3>
            { rows(&choices) }
            <h3>{ "The follow-ups' numbers" }</h3>
            { rows(&numbers) }
            <button type="button" class="cheat-sheet-print"
                onclick={Callback::from(|_: MouseEvent| print())}>
                { "Print cheat sheet" }
            </button>
        </section>
    }
}

/// Cheat-sheet rows: label and value side by side.
fn rows(items: &[(String, String)]) -> Html {
    html! {
        <dl class="cheat-sheet-list">
            { for items.iter().map(|(label, value)| html! {
                <div class="cheat-sheet-row">
                    <dt>{ label.clone() }</dt>
                    <dd>{ value.clone() }</dd>
                </div>
            }) }
        </dl>
    }
}
