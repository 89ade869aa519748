//! The follow-ups: the thirteen questions an interviewer asks once the opening answer is on the
//! table, each a prompt card whose model answer also gives the number to quote and the
//! widget that shows it. The words and numbers are `ringlab_model::views::learn::followups`.

use ringlab_model::views::learn::followups::{self, FollowUp, Widget};
use ringlab_model::views::learn::interview::PROMPT_COUNT;
use yew::prelude::*;

use crate::kit::practice::prompt_card::{prompt_card, use_reveal, Place};
use crate::kit::practice::PartProps;
use crate::kit::view_link::ViewLink;

use super::fixed_partitions::FixedPartitions;
use super::shuffle_sharding::ShuffleSharding;
use super::two_choices::TwoChoices;

#[component]
pub fn Followups(props: &PartProps) -> Html {
    let follow = use_memo((), |_| followups::followups());
    let reveal = use_reveal(&props.on_action, &props.progress);
    html! {
        <section class="iv-followups" aria-labelledby="iv-followups-heading">
            <h2 id="iv-followups-heading">{ "Follow-ups" }</h2>
            <p class="iv-intro">
                { "After the opening answer the interviewer digs in. These are the questions \
                   that come next. Answer each one first, out loud or in the box; then reveal \
                   a strong answer, the number worth quoting and the widget that shows it." }
            </p>
            <ol class="iv-prompts">
                { for follow.iter().enumerate().map(|(i, f)| {
                    // Numbered after the walkthrough's prompts in the progress.
                    let index = PROMPT_COUNT + i;
                    html! {
                        <li key={index}>
                            { prompt_card(Place { index, place: i, of: follow.len() }, &f.prompt,
                                &props.progress, &props.on_action, &reveal, extras(f)) }
                        </li>
                    }
                }) }
            </ol>
        </section>
    }
}

/// A follow-up's extras, shown with its model answer: the number to quote, its own
/// widget if it has one, and the view that shows more.
fn extras(f: &FollowUp) -> Html {
    html! {
        <>
            <p class="iv-number"><strong>{ "The number to quote: " }</strong>{ f.number.clone() }</p>
            { f.widget.map(widget).unwrap_or_default() }
            <p class="iv-see">{ "See it: " }<ViewLink to={f.see.1.clone()}>{ f.see.0.clone() }</ViewLink></p>
        </>
    }
}

/// A follow-up's own widget.
fn widget(w: Widget) -> Html {
    match w {
        Widget::TwoChoices => html! { <TwoChoices /> },
        Widget::ShuffleSharding => html! { <ShuffleSharding /> },
        Widget::FixedPartitions => html! { <FixedPartitions /> },
    }
}
