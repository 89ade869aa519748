//! A view's state machine, as a pure function: the app wraps it for Yew's `use_reducer`
//! (`ringlab::store::Store`), so reducers are tested natively without a browser in reach.

use std::rc::Rc;

/// `reduce` takes the current state and one action and returns the next state.
pub trait Reducer {
    type Action;
    fn reduce(self: Rc<Self>, action: Self::Action) -> Rc<Self>;
}
