//! Yew's `use_reducer` over a pure [`Reducer`] from `ringlab-model`: the reducers live where
//! the browser cannot be reached, and this one wrapper hands them to Yew.

use std::ops::Deref;
use std::rc::Rc;

use ringlab_model::Reducer;
use yew::Reducible;

/// A model state as Yew's reducer state.
#[derive(Debug, PartialEq)]
pub struct Store<S>(Rc<S>);

impl<S> Store<S> {
    pub fn new(state: S) -> Store<S> {
        Store(Rc::new(state))
    }
}

impl<S> Store<S> {
    /// The state itself, shared.
    pub fn shared(&self) -> Rc<S> {
        self.0.clone()
    }
}

impl<S> Deref for Store<S> {
    type Target = S;

    fn deref(&self) -> &S {
        &self.0
    }
}

impl<S: Reducer> Reducible for Store<S> {
    type Action = S::Action;

    fn reduce(self: Rc<Self>, action: S::Action) -> Rc<Self> {
        let next = self.0.clone().reduce(action);
        if Rc::ptr_eq(&next, &self.0) {
            // Nothing changed: the same handle, and no render.
            self
        } else {
            Rc::new(Store(next))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ringlab_model::linked::{Edit, Linked};
    use ringlab_model::views::cost::params::CostParams;

    /// Yew draws again only for a new handle: an edit that changes nothing keeps it.
    #[test]
    fn an_edit_that_changes_nothing_keeps_the_handle() {
        let store = Rc::new(Store::new(Linked::<CostParams>::from_query(&[])));
        let servers = store.params.before.to_string();
        let same = store.clone().reduce(Edit::set("before", servers));
        assert!(Rc::ptr_eq(&store, &same));
        let next = store.clone().reduce(Edit::set("before", "7"));
        assert!(!Rc::ptr_eq(&store, &next));
    }
}
