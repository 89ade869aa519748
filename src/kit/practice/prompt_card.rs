//! One interview prompt as a card: the question, the reader's box, "I answered aloud",
//! "Reveal model answer" (which waits for an attempt: words in the box or the tick; the
//! rule is `ringlab_model::views::learn::attempt`), then the model answer, any extras, the
//! senior and staff takes and the points to tick. The walkthrough's interview step and
//! interview prep's follow-ups both show prompts so.
//!
//! What the reader types stays in the page and in localStorage (through the progress); it
//! is never sent anywhere.

use ringlab_model::views::learn::attempt::ANSWER_FIRST;
use ringlab_model::views::learn::interview::{self, point_id, Prompt};
use ringlab_model::views::learn::progress::{Action, Progress};
use yew::prelude::*;

use crate::kit::browser::{focus_id, input_checked, input_value};

/// The id of the heading of prompt `index`'s model answer, which takes the focus when
/// the answer is revealed.
fn model_id(index: usize) -> String {
    format!("iv-p{index}-model")
}

/// The reveal: a callback that records prompt `index` as revealed and, once the answer
/// is drawn, moves the focus to its heading (the button it replaces is gone).
#[hook]
pub fn use_reveal(on_action: &Callback<Action>, progress: &Progress) -> Callback<usize> {
    let focus_next = use_state(|| None::<usize>);
    {
        let focus_next = focus_next.clone();
        let revealed = progress.revealed.clone();
        use_effect_with((*focus_next, revealed), move |(target, revealed)| {
            if let Some(index) = *target {
                if revealed.contains(&index) {
                    focus_id(&model_id(index));
                    focus_next.set(None);
                }
            }
        });
    }
    let on_action = on_action.clone();
    Callback::from(move |index: usize| {
        focus_next.set(Some(index));
        on_action.emit(Action::Reveal(index));
    })
}

/// Where a card sits: `index` keys it in the progress; `place` of `of` numbers it for
/// the reader.
pub struct Place {
    pub index: usize,
    pub place: usize,
    pub of: usize,
}

/// One prompt's card, with `extras` shown under the model answer.
pub fn prompt_card(
    at: Place,
    prompt: &Prompt,
    progress: &Progress,
    on_action: &Callback<Action>,
    reveal: &Callback<usize>,
    extras: Html,
) -> Html {
    let Place { index, place, of } = at;
    let id = |part: &str| format!("iv-p{index}-{part}");
    let revealed = progress.revealed.contains(&index);
    let typed = progress.typed.get(&index).cloned().unwrap_or_default();
    let oninput = {
        let on_action = on_action.clone();
        Callback::from(move |e: InputEvent| on_action.emit(Action::Type(index, input_value(&e))))
    };
    let reveal = reveal.reform(move |_: MouseEvent| index);
    let ticked = interview::ticked(progress, index);
    let attempted = progress.attempt(index).is_some();
    let aloud = progress.aloud.contains(&index);
    let on_aloud = {
        let on_action = on_action.clone();
        Callback::from(move |e: Event| on_action.emit(Action::Aloud(index, input_checked(&e))))
    };

    html! {
        <section class="iv-prompt" aria-labelledby={id("heading")}>
            <p class="iv-topic">{ format!("{} of {of}: {}", place + 1, prompt.topic) }</p>
            <h3 id={id("heading")}>{ prompt.ask.clone() }</h3>
            <label class="iv-label" for={id("text")}>{ "Your answer" }</label>
            <textarea id={id("text")} class="iv-text" rows="4" value={typed} {oninput}
                spellcheck="true" />
            if revealed {
                <div class="iv-model">
                    <h4 id={model_id(index)} tabindex="-1">{ "A strong answer" }</h4>
                    { for prompt.answer.iter().map(|paragraph| html! { <p>{ paragraph.clone() }</p> }) }
                    { extras }
                    <dl class="iv-levels">
                        <dt>{ "Senior" }</dt>
                        <dd>{ prompt.senior.clone() }</dd>
                        <dt>{ "Staff" }</dt>
                        <dd>{ prompt.staff.clone() }</dd>
                    </dl>
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
                <div class="iv-try">
                    <input type="checkbox" id={id("aloud")} checked={aloud} onchange={on_aloud} />
                    <label for={id("aloud")}>{ "I answered aloud" }</label>
                </div>
                <button type="button" class="iv-reveal" onclick={reveal} disabled={!attempted}
                    aria-describedby={(!attempted).then(|| id("first"))}>
                    { "Reveal model answer" }
                </button>
                if !attempted {
                    <p class="iv-first" id={id("first")}>{ ANSWER_FIRST }</p>
                }
            }
        </section>
    }
}
