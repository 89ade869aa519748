//! The check-up: six questions, one per skill, before the walkthrough (the pre-test) or
//! after its quiz (the post-test), each checked as it is answered. Once both are done,
//! the post-test shows the gain, skill by skill. The questions, the marking and the gain
//! are `ringlab_model::views::learn::checkup`.

use std::rc::Rc;

use ringlab_model::views::learn::checkup::{self, Sitting, Skill};
use ringlab_model::views::learn::progress::Action;
use ringlab_model::views::prep::checkup as words;
use ringlab_model::views::prep::params::Part;
use yew::prelude::*;

use crate::kit::practice::question_form::{question_list, score_line, use_drafts};
use crate::kit::practice::PartProps;
use crate::kit::view_link::ViewLink;

#[derive(Properties, PartialEq)]
pub struct CheckUpProps {
    pub sitting: Sitting,
    pub skills: Rc<Vec<Skill>>,
    pub part: PartProps,
}

#[component]
pub fn CheckUp(props: &CheckUpProps) -> Html {
    let sitting = props.sitting;
    let progress = &props.part.progress;
    let drafts = use_drafts(
        props
            .part
            .on_action
            .reform(move |(i, text)| Action::CheckUp(sitting, i, text)),
    );
    let retake = {
        let clear = drafts.clear.clone();
        let on_action = props.part.on_action.clone();
        Callback::from(move |_: MouseEvent| {
            clear.emit(());
            on_action.emit(Action::RetakeCheckUp(sitting));
        })
    };
    let questions = checkup::questions(&props.skills, sitting);
    let (right, answered, total) = checkup::score(&props.skills, sitting, progress);
    let answers = sitting.answers(progress);
    let prefix = match sitting {
        Sitting::Before => "pre",
        Sitting::After => "post",
    };
    let intro = match sitting {
        Sitting::Before => html! {
            <p class="quiz-intro">
                { words::intro(sitting, total) }
                { " " }<ViewLink to="#/learn/hook">{ "Then start the walkthrough." }</ViewLink>
            </p>
        },
        Sitting::After => html! {
            <p class="quiz-intro">
                { words::intro(sitting, total) }
                { " " }<ViewLink to="#/learn/quiz">{ words::quiz_step() }</ViewLink>
            </p>
        },
    };

    html! {
        <section class="quiz checkup" aria-labelledby="checkup-heading">
            <h2 id="checkup-heading">{ sitting.title() }</h2>
            { intro }
            { question_list(prefix, &questions, &drafts, answers, |index| html! {
                <p class="checkup-skill">{ props.skills[index].name }</p>
            }) }
            <div class="quiz-end">
                { score_line(right, answered, total) }
                if answered > 0 {
                    <button type="button" class="quiz-retry" onclick={retake}>
                        { format!("Take the {} again", match sitting {
                            Sitting::Before => "pre-test",
                            Sitting::After => "post-test",
                        }) }
                    </button>
                }
            </div>
            { gain(sitting, &props.skills, progress) }
        </section>
    }
}

/// The gain, under the post-test once both sittings are complete; what is missing
/// otherwise.
fn gain(
    sitting: Sitting,
    skills: &[Skill],
    progress: &ringlab_model::views::learn::progress::Progress,
) -> Html {
    if sitting == Sitting::Before {
        return Html::default();
    }
    let Some(gain) = checkup::gain(skills, progress) else {
        let (_, before, total) = checkup::score(skills, Sitting::Before, progress);
        return html! {
            <p class="checkup-gain-later">
                { words::gain_later(skills, progress) }{ " " }
                if before < total {
                    <ViewLink to={Part::Before.link()}>{ "Take the pre-test" }</ViewLink>
                }
            </p>
        };
    };
    // What to read again: each skill missed twice, with the step that teaches it.
    let again = words::read_again(skills, &gain);
    let again = (!again.is_empty()).then(|| {
        html! {
            <>
                <dt>{ "Read again" }</dt>
                <dd>
                    { for again.into_iter().enumerate().map(|(i, (name, link))| html! {
                        <>
                            if i > 0 { { ", " } }
                            <ViewLink to={link}>{ name }</ViewLink>
                        </>
                    }) }
                </dd>
            </>
        }
    });
    html! {
        <section class="checkup-gain" aria-labelledby="checkup-gain-heading">
            <h3 id="checkup-gain-heading">{ "Your gain" }</h3>
            <p class="checkup-gain-line">{ gain.sentence() }</p>
            <table class="checkup-table">
                <caption class="visually-hidden">{ "Each skill before and after" }</caption>
                <thead>
                    <tr><th scope="col">{ "Skill" }</th><th scope="col">{ "Before" }</th><th scope="col">{ "After" }</th></tr>
                </thead>
                <tbody>
                    { for skills.iter().enumerate().map(|(index, skill)| {
                        let mark = |s: Sitting| match checkup::right(skills, s, progress, index) {
                            Some(true) => "✓ right",
                            _ => "✗ wrong",
                        };
                        html! {
                            <tr>
                                <th scope="row">{ skill.name }</th>
                                <td>{ mark(Sitting::Before) }</td>
                                <td>{ mark(Sitting::After) }</td>
                            </tr>
                        }
                    }) }
                </tbody>
            </table>
            <dl class="checkup-lists">
                { for words::lists(&gain).into_iter().map(|(title, names)| html! {
                    <>
                        <dt>{ title }</dt>
                        <dd>{ names }</dd>
                    </>
                }) }
                { for again }
            </dl>
        </section>
    }
}
