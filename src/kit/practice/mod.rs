//! What the walkthrough and interview prep share: a part's props (the progress and where
//! its changes go), the question forms, the prompt cards with their reveal, and the
//! progress kept in the browser.

pub mod prompt_card;
pub mod question_form;
pub mod storage;

use std::rc::Rc;

use ringlab_model::views::learn::progress::{Action, Progress};
use yew::prelude::*;

/// What a part of a step (the quiz, the interview) or of interview prep gets: the
/// progress, and where to send changes to it.
#[derive(Properties, PartialEq, Clone)]
pub struct PartProps {
    pub progress: Rc<Progress>,
    pub on_action: Callback<Action>,
}
