//! The index page's URL state: it has none; any parameter is unknown.

use crate::param_table::Param;
use crate::view_state::ViewState;

/// The index's path: `#/views`. A link to a view that does not exist opens it.
pub const INDEX_PATH: &str = "views";

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct IndexParams;

impl ViewState for IndexParams {
    const PARAMS: &'static [Param<Self>] = &[];
}
