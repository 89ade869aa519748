//! Questions as a list of small forms, and the score under them. Each form has the
//! prompt in a legend, options or a number box, a "Check answer" button, and the verdict
//! with its explanation in a live region (with a link to the step that teaches it when
//! the answer is wrong). The walkthrough's quiz and interview prep's check-up both ask
//! questions so; the marking is `ringlab_model::views::learn::quiz`.

use std::collections::BTreeMap;

use ringlab_model::views::learn::quiz::{self, Kind, Question};
use ringlab_model::views::learn::steps;
use yew::prelude::*;

use crate::kit::browser::input_value;
use crate::kit::view_link::ViewLink;

/// What the reader has picked or typed but not yet checked, by question, and the
/// callbacks that change it. A check forgets the draft and sends the answer on.
pub struct Drafts {
    drafts: UseStateHandle<BTreeMap<usize, String>>,
    pub set: Callback<(usize, String)>,
    pub check: Callback<(usize, String)>,
    pub clear: Callback<()>,
}

impl Drafts {
    pub fn get(&self, index: usize) -> Option<&String> {
        self.drafts.get(&index)
    }
}

/// The drafts of a list of questions; `on_check` gets each checked answer.
#[hook]
pub fn use_drafts(on_check: Callback<(usize, String)>) -> Drafts {
    let drafts = use_state(BTreeMap::<usize, String>::new);
    let edit = |change: fn(&mut BTreeMap<usize, String>, usize, String)| {
        let drafts = drafts.clone();
        move |index: usize, text: String| {
            let mut next = (*drafts).clone();
            change(&mut next, index, text);
            drafts.set(next);
        }
    };
    let set = edit(|d, index, text| {
        d.insert(index, text);
    });
    let forget = edit(|d, index, _| {
        d.remove(&index);
    });
    Drafts {
        set: Callback::from(move |(index, text)| set(index, text)),
        check: Callback::from(move |(index, text): (usize, String)| {
            forget(index, String::new());
            on_check.emit((index, text));
        }),
        clear: {
            let drafts = drafts.clone();
            Callback::from(move |_| drafts.set(BTreeMap::new()))
        },
        drafts,
    }
}

/// Questions as a numbered list of forms, ids starting with `prefix`; `answers` are the
/// checked ones by index, and `label` puts a line above question `index` (or nothing).
pub fn question_list(
    prefix: &'static str,
    questions: &[Question],
    drafts: &Drafts,
    answers: &BTreeMap<usize, String>,
    label: impl Fn(usize) -> Html,
) -> Html {
    let total = questions.len();
    html! {
        <ol class="quiz-questions">
            { for questions.iter().enumerate().map(|(index, question)| html! {
                <li key={index}>
                    { label(index) }
                    { question_form(
                        Slot { prefix, index, total },
                        question,
                        Answers {
                            draft: drafts.get(index),
                            checked: answers.get(&index),
                            set_draft: &drafts.set,
                            check: &drafts.check,
                        },
                    ) }
                </li>
            }) }
        </ol>
    }
}

/// The score under a list: right of all once every question is answered, else how many
/// are so far.
pub fn score_line(right: usize, answered: usize, total: usize) -> Html {
    html! {
        <p class="quiz-score" role="status">
            { ringlab_model::views::learn::score_line::score_line(right, answered, total) }
        </p>
    }
}

/// Where a question sits: its ids start with `prefix` and its index; it is question
/// `index + 1` of `total`.
struct Slot {
    prefix: &'static str,
    index: usize,
    total: usize,
}

/// What the form is told: the unchecked draft, the checked answer, and where to send a
/// new draft or a check, each as `(index, text)`.
struct Answers<'a> {
    draft: Option<&'a String>,
    checked: Option<&'a String>,
    set_draft: &'a Callback<(usize, String)>,
    check: &'a Callback<(usize, String)>,
}

/// One question: its form, its inputs, its button and its verdict.
fn question_form(slot: Slot, question: &Question, answers: Answers) -> Html {
    let Slot {
        prefix,
        index,
        total,
    } = slot;
    let Answers {
        draft,
        checked,
        set_draft,
        check,
    } = answers;
    let id = |part: &str| format!("{prefix}-q{index}-{part}");
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
