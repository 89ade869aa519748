//! Modulo against the ring: the same keys placed side by side by several schemes, one cell
//! per key showing its server's number, and every change lighting the cells whose key
//! moved, on every grid at once, with the measured count next to the theory.
//!
//! Pure modules first, tested natively: `params` (URL state), `placement` (owners through
//! `ringlab-core` only, what moved, the theory and the words), `layout` (canvas cell
//! geometry and hit testing), `state` (the reducer). Then the browser side: `draw` (the
//! only canvas code) and `view` (the component).

use std::rc::Rc;

use yew::prelude::*;

pub mod draw;
pub mod layout;
pub mod params;
pub mod placement;
pub mod state;
pub mod view;

pub use view::Grids;

/// What the shell hands the grids view.
#[derive(Properties, PartialEq)]
pub struct GridsProps {
    pub query: Rc<Vec<(String, String)>>,
    pub embed: bool,
    pub on_query: Callback<Vec<(String, String)>>,
}
