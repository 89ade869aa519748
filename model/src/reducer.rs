//! A view's state machine, as a pure function: the app wraps it for Yew's `use_reducer`
//! (`ringlab::store::Store`), so reducers are tested natively without a browser in reach.

use std::rc::Rc;

/// A state and the actions that change it. A view writes `apply`, the one place its state
/// changes; `reduce` (the next state as a new value, for Yew) comes with it.
pub trait Reducer: Clone {
    type Action;

    /// Changes the state by one action.
    fn apply(&mut self, action: Self::Action);

    /// The state after one action, as a new value.
    fn reduce(self: Rc<Self>, action: Self::Action) -> Rc<Self> {
        let mut next = (*self).clone();
        next.apply(action);
        Rc::new(next)
    }
}
