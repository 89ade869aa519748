//! The resize cost panel: what growing or shrinking a cluster costs in bytes and hours,
//! `mod N` against the ring, every number from `ringlab_core::analysis::cost`.
//!
//! `params` (URL state) and `report` (the numbers as text, and the prose explaining them)
//! are pure and tested natively; `view` is the component.

use std::rc::Rc;

use yew::prelude::*;

pub mod params;
pub mod report;
pub mod view;

pub use view::CostPanel;

/// What the shell hands the panel.
#[derive(Properties, PartialEq)]
pub struct CostProps {
    pub query: Rc<Vec<(String, String)>>,
    pub embed: bool,
    pub on_query: Callback<Vec<(String, String)>>,
}
