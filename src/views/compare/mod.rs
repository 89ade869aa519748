//! The comparison view: the same keys and the same change under six schemes, side by
//! side, computed in slices with a progress bar, and lookups per second measured here.
//!
//! The state and every figure are in `ringlab_model::views::compare`; `view` lays it out,
//! `moved_bars` draws the keys moved per scheme, `runner` places the keys a slice at a time, `speed` measures lookups.

mod controls;
mod moved_bars;
mod runner;
mod speed;
pub mod view;

pub use view::CompareView;
