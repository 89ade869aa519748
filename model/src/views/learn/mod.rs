//! The walkthrough (`#/learn`): its steps, the challenges that tick when the reader does
//! the thing, the figures its prose states, the interview and its follow-ups, and the
//! progress kept in the browser.

pub mod attempt;
pub mod beyond;
pub mod challenges;
pub mod checkup;
pub mod cost_prose;
pub mod dry_run;
pub mod dry_run_prose;
pub mod estimate_prose;
pub mod failure_prose;
pub mod figures;
pub mod fixed_partitions;
pub mod follow_up;
pub mod followups;
#[cfg(test)]
mod followups_numbers;
pub mod history;
pub mod hot_prose;
pub mod interview;
#[cfg(test)]
mod interview_numbers;
pub mod links;
pub mod live_prose;
pub mod llm_prose;
pub mod modulo_prose;
pub mod params;
pub mod progress;
pub mod quiz;
#[cfg(test)]
mod quiz_numbers;
pub mod replication_prose;
pub mod score_line;
#[cfg(test)]
mod scrub_numbers;
pub mod shuffle_sharding;
pub mod steps;
pub mod systems_prose;
pub mod timed;
pub mod trade_offs;
pub mod two_choices;
pub mod two_clients;
pub mod vnode_prose;
