//! The Maglev view: the paper's small table filled claim by claim, what a backend leaving
//! changes, and the tables of Envoy, Cilium, katran and go-maglev at their real sizes.
//!
//! The state and every figure are in `ringlab_model::views::maglev`; `view` lays it out, `fill`
//! draws the small table's lists and slots.

mod controls;
mod fill;
pub mod view;

pub use view::MaglevView;
