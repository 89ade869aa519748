//! The interview replay (step 13): each prompt with a box for the reader's own answer, a
//! "Reveal model answer" button, the model answer and the points an interviewer listens
//! for as a checklist; then the whole answer and a printable cheat sheet. The words and
//! numbers are `ringlab_model::learn::interview`.
//!
//! What the reader types stays in the page and in localStorage (through the progress); it
//! is never sent anywhere.

use ringlab_model::learn::interview::{self, point_id, Prompt};
use ringlab_model::learn::progress::{Action, Progress};
use yew::prelude::*;

use super::PartProps;
use crate::browser::{focus_id, input_checked, input_value};

/// The id of the heading of prompt `index`'s model answer, which takes the focus when
/// the answer is revealed.
fn model_id(index: usize) -> String {
    format!("iv-p{index}-model")
}

/// The browser's print dialog; does nothing without a window.
fn print() {
    if let Some(window) = web_sys::window() {
        // Fails only where printing is blocked (a sandboxed frame): nothing to do then.
        let _ = window.print();
    }
}

#[component]
pub fn Interview(props: &PartProps) -> Html {
    let prompts = use_memo((), |_| interview::prompts());
    let whole = use_memo((), |_| interview::whole_answer());
    let sheet = use_memo((), |_| interview::cheat_sheet());
    let total = prompts.len();
    // The whole answer and the cheat sheet wait for every prompt to be tried and revealed,
    // or for the reader to ask for them.
    let revealed = (0..total)
        .filter(|index| props.progress.revealed.contains(index))
        .count();
    let all_revealed = revealed == total;
    let show_all = use_state(|| false);
    let show_now = {
        let show_all = show_all.clone();
        Callback::from(move |_: MouseEvent| show_all.set(true))
    };
    // The reveal button goes once pressed; the focus moves to what it revealed.
    let focus_next = use_state(|| None::<usize>);
    {
        let focus_next = focus_next.clone();
        let revealed = props.progress.revealed.clone();
        use_effect_with((*focus_next, revealed), move |(target, revealed)| {
            if let Some(index) = *target {
                if revealed.contains(&index) {
                    focus_id(&model_id(index));
                    focus_next.set(None);
                }
            }
        });
    }
    let reveal = {
        let on_action = props.on_action.clone();
        Callback::from(move |index: usize| {
            focus_next.set(Some(index));
            on_action.emit(Action::Reveal(index));
        })
    };

    html! {
        <section class="interview" aria-label="Interview replay">
            <p class="iv-intro">
                { "The interviewer asks; you answer, out loud or in the box. What you type stays \
                   in this browser and is never sent anywhere. Then reveal a strong answer and \
                   tick the points you made." }
            </p>
            <ol class="iv-prompts">
                { for prompts.iter().enumerate().map(|(index, prompt)| html! {
                    <li key={index}>
                        { one(index, total, prompt, &props.progress, &props.on_action, &reveal) }
                    </li>
                }) }
            </ol>
            if !all_revealed && !*show_all {
                <section class="iv-whole" aria-labelledby="iv-whole-heading">
                    <h3 id="iv-whole-heading">{ "The whole answer and the cheat sheet" }</h3>
                    <p class="iv-later" aria-live="polite">
                        { format!(
                            "They open when you have revealed every model answer ({revealed} of {total} so far), so that you try each question first.",
                        ) }
                    </p>
                    <button type="button" class="iv-show-all" onclick={show_now}>
                        { "Show them now" }
                    </button>
                </section>
            } else {
            <section class="iv-whole" aria-labelledby="iv-whole-heading">
                <h3 id="iv-whole-heading">{ "The whole answer" }</h3>
                <p>{ (*whole).clone() }</p>
            </section>
            <section class="cheat-sheet" aria-labelledby="cheat-sheet-heading">
                <h3 id="cheat-sheet-heading">{ "Cheat sheet" }</h3>
                <p class="cheat-sheet-note">
                    { "Consistent hashing: the numbers worth remembering, each computed by \
                       ringlab's core." }
                </p>
                <dl class="cheat-sheet-list">
                    { for sheet.iter().map(|(label, value)| html! {
                        <div class="cheat-sheet-row">
                            <dt>{ label.clone() }</dt>
                            <dd>{ value.clone() }</dd>
                        </div>
                    }) }
                </dl>
                <button type="button" class="cheat-sheet-print"
                    onclick={Callback::from(|_: MouseEvent| print())}>
                    { "Print cheat sheet" }
                </button>
            </section>
            }
        </section>
    }
}

/// One prompt: the question, the reader's box, the reveal, the answer and the checklist.
fn one(
    index: usize,
    total: usize,
    prompt: &Prompt,
    progress: &Progress,
    on_action: &Callback<Action>,
    reveal: &Callback<usize>,
) -> Html {
    let id = |part: &str| format!("iv-p{index}-{part}");
    let revealed = progress.revealed.contains(&index);
    let typed = progress.typed.get(&index).cloned().unwrap_or_default();
    let oninput = {
        let on_action = on_action.clone();
        Callback::from(move |e: InputEvent| on_action.emit(Action::Type(index, input_value(&e))))
    };
    let reveal = reveal.reform(move |_: MouseEvent| index);
    let ticked = interview::ticked(progress, index);

    html! {
        <section class="iv-prompt" aria-labelledby={id("heading")}>
            <p class="iv-topic">{ format!("{} of {total}: {}", index + 1, prompt.topic) }</p>
            <h3 id={id("heading")}>{ prompt.ask.clone() }</h3>
            <label class="iv-label" for={id("text")}>{ "Your answer" }</label>
            <textarea id={id("text")} class="iv-text" rows="4" value={typed} {oninput}
                spellcheck="true" />
            if revealed {
                <div class="iv-model">
                    <h4 id={model_id(index)} tabindex="-1">{ "A strong answer" }</h4>
                    { for prompt.answer.iter().map(|paragraph| html! { <p>{ paragraph.clone() }</p> }) }
                    <fieldset class="iv-points">
                        <legend>{ "What an interviewer listens for: tick what you said" }</legend>
                        <ul>
                            { for prompt.points.iter().enumerate().map(|(point, text)| {
                                let point_key = point_id(index, point);
                                let checked = progress.points.contains(&point_key);
                                let on_action = on_action.clone();
                                let input_id = id(&format!("pt{point}"));
                                html! {
                                    <li>
                                        <input type="checkbox" id={input_id.clone()} {checked}
                                            onchange={Callback::from(move |e: Event| {
                                                on_action.emit(Action::Point(
                                                    point_key.clone(),
                                                    input_checked(&e),
                                                ))
                                            })} />
                                        <label for={input_id}>{ text.clone() }</label>
                                    </li>
                                }
                            }) }
                        </ul>
                        <p class="iv-ticked" aria-live="polite">
                            { format!("{ticked} of {} ticked", prompt.points.len()) }
                        </p>
                    </fieldset>
                </div>
            } else {
                <button type="button" class="iv-reveal" onclick={reveal}>
                    { "Reveal model answer" }
                </button>
            }
        </section>
    }
}
