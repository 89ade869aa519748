//! The walkthrough (`#/learn`): a guided path through consistent hashing, step by step,
//! with the views' own widgets preset for each step. Its pure parts (steps, challenges,
//! figures, progress) are in `ringlab_model::views::learn`. What it shares with interview prep
//! (`#/prep`), the progress, the question forms and the prompt cards, is `kit::practice`.

mod challenges;
mod interview;
mod quiz;
mod scrub;
mod steps;
mod view;
mod widget;

pub use view::Learn;
