//! Interview prep (`#/prep`): the check-up before and after the walkthrough, thirteen
//! follow-ups (three with a widget of their own), a five-minute timed run, an estimate, a
//! dry run of `get_server` and the cheat sheet, one part at a time. It keeps its progress with the walkthrough's, in
//! localStorage, and shares its question forms and prompt cards.

mod cheat_sheet;
mod checkup;
mod dry_run;
mod estimate;
mod fixed_partitions;
mod followups;
mod share_bar;
mod shuffle_sharding;
mod timed;
mod timed_history;
mod two_choices;
mod view;

pub use view::Prep;
