//! The checkpoint quiz (step 13): each question a small form with its own "Check answer",
//! the verdict and its explanation in a live region, the score once every question is
//! answered, and a retry. The questions and the marking are `ringlab_model::views::learn::quiz`.
//!
//! What the reader has picked or typed but not yet checked stays in this component; a
//! checked answer goes to the progress (and so to localStorage).

use ringlab_model::views::learn::progress::Action;
use ringlab_model::views::learn::quiz;
use ringlab_model::views::prep::params::Part;
use yew::prelude::*;

use crate::kit::practice::question_form::{question_list, score_line, use_drafts};
use crate::kit::practice::PartProps;
use crate::kit::view_link::ViewLink;

#[component]
pub fn Quiz(props: &PartProps) -> Html {
    let questions = use_memo((), |_| quiz::questions());
    let drafts = use_drafts(props.on_action.reform(|(i, text)| Action::Answer(i, text)));
    let (right, answered, total) = quiz::score_of(&questions, &props.progress);
    let retry = {
        let clear = drafts.clear.clone();
        let on_action = props.on_action.clone();
        Callback::from(move |_: MouseEvent| {
            clear.emit(());
            on_action.emit(Action::RetryQuiz);
        })
    };

    html! {
        <section class="quiz" aria-label="Checkpoint quiz">
            <p class="quiz-intro">
                { format!("{total} questions on everything so far. Check each answer as you go: \
                           you get a verdict and the reason behind it.") }
            </p>
            { question_list("quiz", &questions, &drafts, &props.progress.quiz, |_| Html::default()) }
            <div class="quiz-end">
                { score_line(right, answered, total) }
                <button type="button" class="quiz-retry" onclick={retry}>{ "Retry the quiz" }</button>
            </div>
            <p class="quiz-next">
                { "Then take the " }
                <ViewLink to={Part::After.link()}>{ "post-test" }</ViewLink>
                { ": the pre-test's six skills in other words, and what you gained since." }
            </p>
        </section>
    }
}
