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
        Rc::new(Store(self.0.clone().reduce(action)))
    }
}
