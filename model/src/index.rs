//! The index page's URL state: it has none; any parameter is unknown.

use crate::urlkit::{unknown, Query};
use crate::view_state::ViewState;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct IndexParams;

impl ViewState for IndexParams {
    fn from_query(query: &[(String, String)]) -> (IndexParams, Vec<String>) {
        (
            IndexParams,
            query.iter().map(|(key, _)| unknown(key)).collect(),
        )
    }

    fn to_query(&self) -> Query {
        Query::new()
    }
}
