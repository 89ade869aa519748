//! Modulo against the ring: the same keys placed side by side by several schemes, one cell
//! per key showing its server's number, and every change lighting the cells whose key
//! moved, on every grid at once, with the measured count next to the theory.
//!
//! Pure modules first, tested natively: `params` (URL state), `placement` (owners through
//! `ringlab-core` only, what moved, the theory and the words), `prose` (a key's owner, a cell's
//! and a canvas's names), `layout` (canvas cell geometry and hit testing), `state` (the
//! reducer). Then the browser side: `draw` (the
//! only canvas code), `controls`, `details` and `view` (the component).

mod controls;
mod details;
pub mod draw;
pub mod view;

pub use view::Grids;

// The pure side, in ringlab-model (no browser in reach).
pub use ringlab_model::views::grids::{layout, params, placement, prose, state};
