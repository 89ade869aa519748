//! The rendezvous view: the lesson's illustration, the real race for the reader's key, a
//! node leaving, weights, and the O(N) cost measured in this browser.
//!
//! The state and every figure are in `ringlab_model::views::rendezvous`; `view` lays it out,
//! `bars` draws a race, `cost` measures lookups per second.

mod bars;
mod cost;
pub mod view;

pub use view::RendezvousView;
