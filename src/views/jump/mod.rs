//! The jump hash view: a key's walk, the table of ch(k, n), what growing moves, and what
//! removing a middle bucket costs jump and MementoHash.
//!
//! The state and every figure are in `ringlab_model::views::jump`; `view` lays it out, `line`
//! draws the walk.

mod line;
pub mod view;

pub use view::JumpView;
