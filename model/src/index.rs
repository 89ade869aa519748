//! The index page's URL state: it has none; any parameter is unknown.

use crate::param_table::Param;
use crate::view_state::ViewState;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct IndexParams;

impl ViewState for IndexParams {
    const PARAMS: &'static [Param<Self>] = &[];
}
