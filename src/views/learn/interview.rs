//! The interview replay (step 14): each prompt with a box for the reader's own answer, a
//! "Reveal model answer" button, the model answer and the points an interviewer listens
//! for as a checklist ([`crate::kit::practice::prompt_card`]); then the whole answer, and the way on to
//! interview prep (the follow-ups, a timed run, an estimate, a dry run, the cheat sheet
//! and the post-test). The words and numbers are `ringlab_model::views::learn::interview`.

use ringlab_model::views::learn::attempt::whole_answer_later;
use ringlab_model::views::learn::interview;
use ringlab_model::views::prep::params::Part;
use yew::prelude::*;

use crate::kit::practice::prompt_card::{prompt_card, use_reveal, Place};
use crate::kit::practice::PartProps;
use crate::kit::view_link::ViewLink;

#[component]
pub fn Interview(props: &PartProps) -> Html {
    let prompts = use_memo((), |_| interview::prompts());
    let whole = use_memo((), |_| interview::whole_answer());
    let total = prompts.len();
    // The whole answer waits for every prompt to be tried and revealed, or for the reader
    // to ask for it.
    let tried = props.progress.tried_in(0..total);
    let show_all = use_state(|| false);
    let show_now = {
        let show_all = show_all.clone();
        Callback::from(move |_: MouseEvent| show_all.set(true))
    };
    let reveal = use_reveal(&props.on_action, &props.progress);

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
                        { prompt_card(Place { index, place: index, of: total }, prompt,
                            &props.progress, &props.on_action, &reveal, Html::default()) }
                    </li>
                }) }
            </ol>
            <section class="iv-whole" aria-labelledby="iv-whole-heading">
                <h3 id="iv-whole-heading">{ "The whole answer" }</h3>
                if tried == total || *show_all {
                    <p>{ (*whole).clone() }</p>
                } else {
                    <p class="iv-later" aria-live="polite">
                        { whole_answer_later(tried, total) }
                    </p>
                    <button type="button" class="iv-show-all" onclick={show_now}>
                        { "Show it now" }
                    </button>
                }
            </section>
            <section class="iv-next" aria-labelledby="iv-next-heading">
                <h3 id="iv-next-heading">{ "Then: interview prep" }</h3>
                <p>
                    { "The opening answer is half the interview. Interview prep has what comes \
                       next: ten follow-ups, a five-minute timed run, an estimate, a dry run of \
                       get_server and the printable cheat sheet. Then the post-test shows what \
                       you have gained since the pre-test." }
                </p>
                <ul class="iv-next-parts">
                    { for Part::ALL.into_iter().skip(1).map(|part| html! {
                        <li><ViewLink to={part.link()}>{ part.title() }</ViewLink></li>
                    }) }
                </ul>
            </section>
        </section>
    }
}
