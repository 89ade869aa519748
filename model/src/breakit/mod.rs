//! "Break it" (`#/break`): a cache cluster changing shape under live traffic, five
//! scenarios in a row. Its URL state ([`params`]) and the words and numbers the page shows
//! for a run of the core's simulation ([`story`]).

pub mod params;
pub mod player;
pub mod story;
