//! "Break it" (`#/break`): a cache cluster changing shape under live traffic, five
//! scenarios in a row. Its URL state ([`params`]) and the words and numbers the page shows
//! for a run of the core's simulation ([`story`]), and its sentences and names with
//! figures ([`prose`]).

pub mod params;
pub mod player;
pub mod prose;
pub mod story;
