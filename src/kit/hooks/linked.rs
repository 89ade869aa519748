//! The opening every view with a parameter table shares: its state read from the link
//! (clamped and repaired by the table, with notes), and reported back to the address bar
//! whenever it changes.

use ringlab_model::linked::Linked;
use ringlab_model::ViewState;
use yew::prelude::*;

use super::url_out::use_url_out;
use crate::kit::store::Store;
use crate::kit::view_props::ViewProps;

/// A view's linked state: `P` read from `props`' query once, then kept by a reducer whose
/// every edit goes through `P`'s table; its canonical link goes out after each change.
#[hook]
pub fn use_linked<P>(props: &ViewProps) -> UseReducerHandle<Store<Linked<P>>>
where
    P: ViewState + Clone + PartialEq + 'static,
{
    let state = {
        let query = props.query.clone();
        use_reducer(move || Store::new(Linked::<P>::from_query(&query)))
    };
    use_url_out(props, state.query());
    state
}
