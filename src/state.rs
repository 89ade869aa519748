//! The shell's state: the route last read from the address bar, and how many times the
//! reader navigated (edited the hash, went back or forward, followed a header link).
//!
//! A view reports its own changes through a callback and the shell only writes them to
//! the address bar; it does not feed them back as new props. A navigation is the one
//! thing that hands the view a new query, and it also bumps [`Shell::visit`], which keys
//! the view so that it starts afresh from the URL even when the query text is unchanged.

use std::rc::Rc;

use yew::Reducible;

use crate::route::{Route, View};

#[derive(Debug, Clone, PartialEq)]
pub struct Shell {
    pub view: View,
    /// The view's parameters, as the URL had them when the reader arrived.
    pub query: Rc<Vec<(String, String)>>,
    pub embed: bool,
    /// Notes about the URL that the shell itself made (unknown view, bad `embed`).
    pub notes: Rc<Vec<String>>,
    pub visit: u32,
}

impl Shell {
    /// The state for the page as first loaded with this hash.
    pub fn load(hash: &str) -> Shell {
        Shell::from_route(Route::parse(hash), 0)
    }

    fn from_route(route: Route, visit: u32) -> Shell {
        Shell {
            view: route.view,
            query: Rc::new(route.query),
            embed: route.embed,
            notes: Rc::new(route.notes),
            visit,
        }
    }

    /// The canonical hash of this state with the view's parameters `query`.
    pub fn hash_with(&self, query: Vec<(String, String)>) -> String {
        Route {
            view: self.view,
            query,
            embed: self.embed,
            notes: Vec::new(),
        }
        .to_hash()
    }

    /// The canonical hash of the state as loaded.
    pub fn hash(&self) -> String {
        self.hash_with(self.query.as_ref().clone())
    }
}

pub enum Action {
    /// The hash changed under the page (typed, pasted, back, forward, a link).
    Navigate(String),
}

impl Reducible for Shell {
    type Action = Action;

    fn reduce(self: Rc<Self>, action: Action) -> Rc<Self> {
        match action {
            Action::Navigate(hash) => Rc::new(Shell::from_route(
                Route::parse(&hash),
                self.visit.wrapping_add(1),
            )),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn loads_the_view_query_and_embed_flag() {
        let shell = Shell::load("#/ring?keys=8&embed=1");
        assert_eq!(shell.view, View::Ring);
        assert!(shell.embed);
        assert_eq!(*shell.query, vec![("keys".to_string(), "8".to_string())]);
        assert_eq!(shell.visit, 0);
        assert_eq!(shell.hash(), "#/ring?keys=8&embed=1");
    }

    #[test]
    fn a_navigation_reads_the_new_hash_and_counts() {
        let shell = Rc::new(Shell::load("#/ring?keys=8"));
        let next = shell.reduce(Action::Navigate("#/ring?keys=8".into()));
        assert_eq!(next.visit, 1);
        assert_eq!(*next.query, vec![("keys".to_string(), "8".to_string())]);
        let next = next.reduce(Action::Navigate("#/elsewhere".into()));
        assert_eq!(next.visit, 2);
        assert_eq!(next.notes.len(), 1);
        assert!(next.query.is_empty());
    }

    #[test]
    fn the_view_reports_are_written_with_the_embed_flag() {
        let shell = Shell::load("#/ring?embed=1");
        let query = vec![("servers".to_string(), "a,b".to_string())];
        assert_eq!(shell.hash_with(query), "#/ring?servers=a,b&embed=1");
    }
}
