//! The interview replay (step 13): each prompt with a box for the reader's own answer, a
//! "Reveal model answer" button, the model answer and the points an interviewer listens
//! for as a checklist; then the follow-ups, each also with the number to quote, the widget
//! that shows it and a senior and a staff take; then the whole answer and a printable
//! cheat sheet. The words and numbers are `ringlab_model::learn::interview` and
//! `followups`.
//!
//! What the reader types stays in the page and in localStorage (through the progress); it
//! is never sent anywhere.

use ringlab_model::learn::followups::{self, FollowUp};
use ringlab_model::learn::interview::{self, point_id, Prompt};
use ringlab_model::learn::progress::{Action, Progress};
use yew::prelude::*;

use super::dry_run::DryRun;
use super::estimate::Estimation;
use super::timed::TimedRun;
use super::PartProps;
use crate::browser::{focus_id, input_checked, input_value};
use crate::view_link::ViewLink;

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
    let follow = use_memo((), |_| followups::followups());
    let sheet = use_memo((), |_| interview::cheat_sheet());
    let choices = use_memo((), |_| interview::choice_table());
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
            <TimedRun />
            <ol class="iv-prompts">
                { for prompts.iter().enumerate().map(|(index, prompt)| html! {
                    <li key={index}>
                        { one(index, (index, total), prompt, &props.progress, &props.on_action, &reveal, Html::default()) }
                    </li>
                }) }
            </ol>
            <section class="iv-followups" aria-labelledby="iv-followups-heading">
                <h3 id="iv-followups-heading">{ "Follow-ups" }</h3>
                <p>
                    { "Then the interviewer digs in. These are the questions that come next, each \
                       with the number worth quoting and the widget that shows it." }
                </p>
                <ol class="iv-prompts">
                    { for follow.iter().enumerate().map(|(i, f)| {
                        // Numbered after the main prompts in the progress.
                        let index = total + i;
                        html! {
                            <li key={index}>
                                { one(index, (i, follow.len()), &f.prompt, &props.progress, &props.on_action, &reveal, extras(f)) }
                            </li>
                        }
                    }) }
                </ol>
            </section>
            <Estimation />
            <DryRun />
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
                { rows(&sheet) }
                <h4>{ "Which to pick" }</h4>
                { rows(&choices) }
                <h4>{ "The follow-ups' numbers" }</h4>
                { rows(&follow.iter().map(|f| (f.prompt.topic.clone(), f.number.clone())).collect::<Vec<_>>()) }
                <button type="button" class="cheat-sheet-print"
                    onclick={Callback::from(|_: MouseEvent| print())}>
                    { "Print cheat sheet" }
                </button>
            </section>
            }
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

/// A follow-up's extras, shown with its model answer: the number to quote and the
/// widget.
fn extras(f: &FollowUp) -> Html {
    html! {
        <>
            <p class="iv-number"><strong>{ "The number to quote: " }</strong>{ f.number.clone() }</p>
            <p class="iv-see">{ "See it: " }<ViewLink to={f.see.1.clone()}>{ f.see.0.clone() }</ViewLink></p>
        </>
    }
}

/// One prompt: the question, the reader's box, the reveal, the answer (with `extras`)
/// and the checklist. `index` keys it in the progress; `(place, of)` numbers it for the
/// reader.
fn one(
    index: usize,
    (place, of): (usize, usize),
    prompt: &Prompt,
    progress: &Progress,
    on_action: &Callback<Action>,
    reveal: &Callback<usize>,
    extras: Html,
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
                <button type="button" class="iv-reveal" onclick={reveal}>
                    { "Reveal model answer" }
                </button>
            }
        </section>
    }
}
