//! Interview prep (`#/prep`): the check-up before and after the walkthrough, the
//! follow-ups, a timed run, an estimate, a coding dry run and the cheat sheet. The exercises' words and
//! grading are in [`crate::views::learn`] (`checkup`, `followups`, `timed`, `dry_run`), beside the
//! walkthrough they prepare for; this module is the view's URL state, the check-up page's
//! words around its questions, the timed run's history and the summary of the candidate's
//! progress.

pub mod checkup;
pub mod params;
pub mod summary;
