//! The checkpoint quiz (step 12): each question a small form with its own "Check answer",
//! the verdict and its explanation in a live region, the score once every question is
//! answered, and a retry. The questions and the marking are `ringlab_model::learn::quiz`.
//!
//! What the reader has picked or typed but not yet checked stays in this component; a
//! checked answer goes to the progress (and so to localStorage).

use std::collections::BTreeMap;

use ringlab_model::learn::progress::Action;
use ringlab_model::learn::quiz::{self, Kind, Question};
use ringlab_model::learn::steps;
use yew::prelude::*;

use super::PartProps;
use crate::browser::input_value;
use crate::view_link::ViewLink;

/// Unchecked answers by question: an option's index, or the typed text.
type Drafts = BTreeMap<usize, String>;

#[component]
pub fn Quiz(props: &PartProps) -> Html {
    let questions = use_memo((), |_| quiz::questions());
    let drafts = use_state(Drafts::new);
    let (right, answered, total) = quiz::score_of(&questions, &props.progress);

    let set_draft = {
        let drafts = drafts.clone();
        Callback::from(move |(index, text): (usize, String)| {
            let mut next = (*drafts).clone();
            next.insert(index, text);
            drafts.set(next);
        })
    };
    let check = {
        let drafts = drafts.clone();
        let on_action = props.on_action.clone();
        Callback::from(move |(index, text): (usize, String)| {
            let mut next = (*drafts).clone();
            next.remove(&index);
            drafts.set(next);
            on_action.emit(Action::Answer(index, text));
        })
    };
    let retry = {
        let drafts = drafts.clone();
        let on_action = props.on_action.clone();
        Callback::from(move |_: MouseEvent| {
            drafts.set(Drafts::new());
            on_action.emit(Action::RetryQuiz);
        })
    };

    html! {
        <section class="quiz" aria-label="Checkpoint quiz">
            <p class="quiz-intro">
                { format!("{total} questions on everything so far. Check each answer as you go: \
                           you get a verdict and the reason behind it.") }
            </p>
            <ol class="quiz-questions">
                { for questions.iter().enumerate().map(|(index, question)| html! {
                    <li key={index}>
                        { one(index, total, question, drafts.get(&index),
                              props.progress.quiz.get(&index), &set_draft, &check) }
                    </li>
                }) }
            </ol>
            <div class="quiz-end">
                <p class="quiz-score" role="status">
                    { if answered == total {
                        format!("You got {right} of {total} right")
                    } else {
                        format!("{answered} of {total} answered so far.")
                    } }
                </p>
                <button type="button" class="quiz-retry" onclick={retry}>{ "Retry the quiz" }</button>
            </div>
        </section>
    }
}

/// One question: its form, its inputs, its button and its verdict.
fn one(
    index: usize,
    total: usize,
    question: &Question,
    draft: Option<&String>,
    checked: Option<&String>,
    set_draft: &Callback<(usize, String)>,
    check: &Callback<(usize, String)>,
) -> Html {
    let id = |part: &str| format!("quiz-q{index}-{part}");
    // What the inputs show: the draft, else the checked answer.
    let current = draft.or(checked).cloned().unwrap_or_default();
    let onsubmit = {
        let check = check.clone();
        let current = current.clone();
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            if !current.trim().is_empty() {
                check.emit((index, current.clone()));
            }
        })
    };
    // The verdict speaks of the checked answer, so it shows only while no new draft differs.
    let verdict = checked.filter(|c| draft.is_none_or(|d| d == *c)).map(|answer| {
        let right = quiz::is_right(question, answer);
        html! {
            <p class={classes!("quiz-verdict", if right { "quiz-right" } else { "quiz-wrong" })}>
                <span class="quiz-mark" aria-hidden="true">{ if right { "✓ " } else { "✗ " } }</span>
                <strong>{ if right { "Right." } else { "Not quite." } }</strong>
                { " " }{ question.explanation.clone() }
                if !right && !question.step.is_empty() {
                    { " " }
                    <ViewLink to={format!("#/learn/{}", question.step)}>
                        { format!("Review {}", steps::step_label(question.step)) }
                    </ViewLink>
                }
            </p>
        }
    });

    let inputs = match &question.kind {
        Kind::Choice { options, .. } => html! {
            <div class="quiz-options">
                { for options.iter().enumerate().map(|(option, text)| {
                    let set_draft = set_draft.clone();
                    let option_id = id(&format!("o{option}"));
                    html! {
                        <div class="quiz-option">
                            <input type="radio" id={option_id.clone()} name={id("choice")}
                                value={option.to_string()}
                                checked={current.trim() == option.to_string()}
                                onchange={Callback::from(move |_| {
                                    set_draft.emit((index, option.to_string()))
                                })} />
                            <label for={option_id}>{ text.clone() }</label>
                        </div>
                    }
                }) }
            </div>
        },
        Kind::Number { unit, .. } => {
            let set_draft = set_draft.clone();
            html! {
                <div class="quiz-number">
                    <label for={id("n")}>{ "Your answer" }</label>
                    <input type="text" id={id("n")} inputmode="decimal" autocomplete="off"
                        spellcheck="false" aria-describedby={id("hint")} value={current.clone()}
                        oninput={Callback::from(move |e: InputEvent| {
                            set_draft.emit((index, input_value(&e)))
                        })} />
                    <p class="quiz-hint" id={id("hint")}>{ unit.hint() }</p>
                </div>
            }
        }
    };

    html! {
        <form class="quiz-question" {onsubmit}>
            <fieldset>
                <legend>
                    <span class="quiz-count">{ format!("Question {} of {total}", index + 1) }</span>
                    { " " }
                    <span class="quiz-prompt">{ question.prompt.clone() }</span>
                </legend>
                { inputs }
            </fieldset>
            <button type="submit" disabled={current.trim().is_empty()}>{ "Check answer" }</button>
            <div class="quiz-feedback" aria-live="polite">{ for verdict }</div>
        </form>
    }
}
