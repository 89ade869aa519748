//! The shell's state: the route last read from the address bar, and how many times the
//! reader navigated (edited the hash, went back or forward, followed a header link).
//!
//! A view reports its own changes through a callback and the shell only writes them to
//! the address bar; it does not feed them back as new props. A navigation is the one
//! thing that hands the view a new query, and it also bumps [`Shell::visit`], which keys
//! the view so that it starts afresh from the URL even when the query text is unchanged.

use std::rc::Rc;

use crate::route::{Route, Theme};
use crate::view_state::ViewInfo;
use crate::Reducer;

#[derive(Debug, Clone, PartialEq)]
pub struct Shell {
    pub view: &'static ViewInfo,
    /// The view's parameters, as the URL had them when the reader arrived.
    pub query: Rc<Vec<(String, String)>>,
    pub embed: bool,
    pub theme: Theme,
    pub controls: bool,
    pub compact: bool,
    pub transparent: bool,
    /// Notes about the URL that the shell itself made (unknown view, bad `embed`).
    pub notes: Rc<Vec<String>>,
    pub visit: u32,
}

impl Shell {
    /// The state for the page as first loaded with this route.
    pub fn load(route: Route) -> Shell {
        Shell::from_route(route, 0)
    }

    fn from_route(route: Route, visit: u32) -> Shell {
        Shell {
            view: route.view,
            query: Rc::new(route.query),
            embed: route.embed,
            theme: route.theme,
            controls: route.controls,
            compact: route.compact,
            transparent: route.transparent,
            notes: Rc::new(route.notes),
            visit,
        }
    }

    fn route(&self, query: Vec<(String, String)>) -> Route {
        Route {
            view: self.view,
            query,
            embed: self.embed,
            theme: self.theme,
            controls: self.controls,
            compact: self.compact,
            transparent: self.transparent,
            notes: Vec::new(),
        }
    }

    /// The canonical hash of this state with the view's parameters `query`.
    pub fn hash_with(&self, query: Vec<(String, String)>) -> String {
        self.route(query).to_hash()
    }

    /// The canonical hash of the state as loaded.
    pub fn hash(&self) -> String {
        self.hash_with(self.query.as_ref().clone())
    }
}

pub enum Action {
    /// The hash changed under the page (typed, pasted, back, forward, a link), read into
    /// this route.
    Navigate(Route),
}

impl Reducer for Shell {
    type Action = Action;

    fn apply(&mut self, action: Action) {
        match action {
            Action::Navigate(route) => *self = Shell::from_route(route, self.visit.wrapping_add(1)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::view_state::test_views::RING;

    const VIEWS: &[&ViewInfo] = &[&RING];

    fn load(hash: &str) -> Shell {
        Shell::load(Route::parse(hash, VIEWS))
    }

    #[test]
    fn loads_the_view_query_and_embed_flag() {
        let shell = load("#/ring?keys=8&embed=1");
        assert_eq!(shell.view, &RING);
        assert!(shell.embed);
        assert_eq!(*shell.query, vec![("keys".to_string(), "8".to_string())]);
        assert_eq!(shell.visit, 0);
        assert_eq!(shell.hash(), "#/ring?keys=8&embed=1");
    }

    #[test]
    fn a_navigation_reads_the_new_hash_and_counts() {
        let shell = Rc::new(load("#/ring?keys=8"));
        let next = shell.reduce(Action::Navigate(Route::parse("#/ring?keys=8", VIEWS)));
        assert_eq!(next.visit, 1);
        assert_eq!(*next.query, vec![("keys".to_string(), "8".to_string())]);
        let next = next.reduce(Action::Navigate(Route::parse("#/elsewhere", VIEWS)));
        assert_eq!(next.visit, 2);
        assert_eq!(next.notes.len(), 1);
        assert!(next.query.is_empty());
    }

    #[test]
    fn the_view_reports_are_written_with_the_shell_parameters() {
        let shell = load("#/ring?embed=1&theme=light&controls=0");
        let query = vec![("servers".to_string(), "a,b".to_string())];
        assert_eq!(
            shell.hash_with(query),
            "#/ring?servers=a,b&theme=light&controls=0&embed=1"
        );
    }
}
