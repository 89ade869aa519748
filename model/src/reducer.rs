//! A view's state machine, as a pure function: the app wraps it for Yew's `use_reducer`
//! (`ringlab::kit::store::Store`), so reducers are tested natively without a browser in reach.

use std::rc::Rc;

/// A state and the actions that change it. A view writes `apply`, the one place its state
/// changes; `reduce` (the next state as a new value, for Yew) comes with it.
pub trait Reducer: Clone + PartialEq {
    type Action;

    /// Changes the state by one action.
    fn apply(&mut self, action: Self::Action);

    /// The state after one action, as a new value; the same `Rc` when the action changed
    /// nothing, so that Yew (which compares pointers) draws nothing again.
    fn reduce(self: Rc<Self>, action: Self::Action) -> Rc<Self> {
        let mut next = (*self).clone();
        next.apply(action);
        if next == *self {
            self
        } else {
            Rc::new(next)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Clone, PartialEq)]
    struct Counter(u32);

    impl Reducer for Counter {
        type Action = u32;
        fn apply(&mut self, to: u32) {
            self.0 = to;
        }
    }

    /// An action that changes nothing hands back the very same state; one that changes it,
    /// a new one.
    #[test]
    fn nothing_changed_keeps_the_same_rc() {
        let start = Rc::new(Counter(3));
        let same = start.clone().reduce(3);
        assert!(Rc::ptr_eq(&start, &same));
        let next = start.clone().reduce(4);
        assert!(!Rc::ptr_eq(&start, &next));
        assert_eq!(next.0, 4);
    }
}
