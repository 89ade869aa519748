//! The resize cost panel: what growing or shrinking a cluster costs in bytes and hours,
//! `mod N` against the ring, every number from `ringlab_core::analysis::cost`.
//!
//! `params` (URL state) and `report` (the numbers as text, and the prose explaining them)
//! are pure and tested natively; `view` is the component.

pub mod view;

pub use view::CostPanel;

// The pure side, in ringlab-model (no browser in reach).
pub use ringlab_model::views::cost::{params, report};
