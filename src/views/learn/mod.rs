//! The walkthrough (`#/learn`): a guided path through consistent hashing, step by step,
//! with the views' own widgets preset for each step. Its pure parts (steps, challenges,
//! figures, progress) are in `ringlab_model::views::learn`. Interview prep (`#/prep`) shares its
//! progress, its question forms and its prompt cards.

mod challenges;
mod interview;
pub mod prompt_card;
pub mod question_form;
mod quiz;
mod scrub;
mod steps;
pub mod storage;
mod view;
mod widget;

use std::rc::Rc;

use ringlab_model::views::learn::progress::{Action, Progress};
use yew::prelude::*;

pub use view::Learn;

/// What a part of a step (the quiz, the interview) or of interview prep gets: the
/// progress, and where to send changes to it.
#[derive(Properties, PartialEq, Clone)]
pub struct PartProps {
    pub progress: Rc<Progress>,
    pub on_action: Callback<Action>,
}
