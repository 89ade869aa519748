//! The reducer of a view whose whole state is its link: the parameters, and the notes of
//! the last repair. Every edit is a parameter set from text, read by the view's own
//! parameter table exactly as the link would be (clamped, repaired, noted), so a control
//! and a link can never disagree. The resize cost panel and the load page use it.

use crate::param_table::{self, Notes};
use crate::urlkit::Query;
use crate::view_state::ViewState;
use crate::Reducer;

/// The parameters and what was repaired to get them.
#[derive(Debug, Clone, PartialEq)]
pub struct Linked<S> {
    pub params: S,
    pub notes: Notes,
}

/// An edit of a linked state.
#[derive(Debug, Clone, PartialEq)]
pub enum Edit {
    /// Parameters by name, from text, in order: what a control's change means. The notes
    /// become this edit's.
    Set(Vec<(&'static str, String)>),
    /// The notes read and put away.
    Dismiss,
}

impl Edit {
    /// One parameter from text.
    pub fn set(name: &'static str, text: impl Into<String>) -> Edit {
        Edit::Set(vec![(name, text.into())])
    }

    /// One number, from a slider: whole parameters round it, decimal ones keep their
    /// places.
    pub fn number(name: &'static str, value: f64) -> Edit {
        Edit::set(name, crate::urlkit::decimal_text(value))
    }
}

impl<S: ViewState> Linked<S> {
    /// The state a link describes.
    pub fn from_query(query: &[(String, String)]) -> Linked<S> {
        let (params, notes) = S::from_query(query);
        Linked { params, notes }
    }

    /// The canonical link of the state.
    pub fn query(&self) -> Query {
        self.params.to_query()
    }
}

impl<S: ViewState + Clone + PartialEq> Reducer for Linked<S> {
    type Action = Edit;

    fn apply(&mut self, edit: Edit) {
        match edit {
            Edit::Set(pairs) => {
                let mut notes = Notes::new();
                for (name, text) in pairs {
                    param_table::set(&mut self.params, name, &text, &mut notes);
                }
                self.notes = notes;
            }
            Edit::Dismiss => self.notes.clear(),
        }
    }
}

#[cfg(test)]
mod tests {
    use std::rc::Rc;

    use super::*;
    use crate::views::load::params::LoadParams;

    #[test]
    fn an_edit_is_read_as_the_link_would_be() {
        let state = Rc::new(Linked::<LoadParams>::from_query(&[]));
        let state = state.reduce(Edit::number("zipf", 0.876));
        assert_eq!(state.params.zipf, 0.88, "two places, as the link keeps");
        assert!(state.notes.is_empty());
        let state = state.reduce(Edit::number("servers", 1000.0));
        let state = state.reduce(Edit::number("vnodes", 500.0));
        assert_eq!(state.params.vnodes, 200, "the ring's point cap, repaired");
        assert_eq!(state.notes.len(), 1, "{:?}", state.notes);
        let state = state.reduce(Edit::Dismiss);
        assert!(state.notes.is_empty());
        let state = state.reduce(Edit::Set(vec![
            ("epsilon", "0.1".into()),
            ("bounded", "1".into()),
        ]));
        assert_eq!((state.params.epsilon, state.params.bounded), (0.1, true));
        let (again, notes) = LoadParams::from_query(&state.query());
        assert_eq!((again, notes), (state.params, vec![]));
    }
}
