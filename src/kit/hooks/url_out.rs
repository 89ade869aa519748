//! The one "state to URL" hook: a view hands it its canonical query on every render, and
//! the shell writes it to the address bar whenever it changes.

use yew::prelude::*;

use crate::kit::view_props::ViewProps;

/// Reports `query` through the view's `on_query` when it differs from the last report
/// (and once after the first render, so the address bar shows the canonical link).
#[hook]
pub fn use_url_out(props: &ViewProps, query: Vec<(String, String)>) {
    let on_query = props.on_query.clone();
    use_effect_with(query, move |query| on_query.emit(query.clone()));
}
