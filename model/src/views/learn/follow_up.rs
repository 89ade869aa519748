//! What a follow-up is: the shape every follow-up has (`followups.rs` lists
//! them), so that the follow-ups kept in files of their own need not import the list.

use super::interview::Prompt;

/// A follow-up: the prompt and what comes with it.
#[derive(Debug, Clone, PartialEq)]
pub struct FollowUp {
    pub prompt: Prompt,
    /// The number to quote, with what it is.
    pub number: String,
    /// The view that shows it: its link text and its link.
    pub see: (String, String),
    /// A small live widget shown with the answer, for the follow-ups that have one.
    pub widget: Option<Widget>,
}

/// The follow-ups' own widgets, drawn beside the model answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Widget {
    /// Balls into bins, one choice against two (`two_choices.rs`).
    TwoChoices,
    /// Two customers' shuffle shards (`shuffle_sharding.rs`).
    ShuffleSharding,
    /// Fixed partitions before and after a join (`fixed_partitions.rs`).
    FixedPartitions,
}
