//! What every view is to the shell: an entry in the registry ([`ViewInfo`], its component
//! beside it in the app) and a state that is read from and written back to the URL
//! ([`ViewState`]).

use crate::param_table::ParamDoc;
pub use crate::param_table::ViewState;
use crate::urlkit::Query;

/// A view as the header, the page title, the embed dialog, the index and the release build
/// know it: plain data, no component.
#[derive(Debug, PartialEq, Eq)]
pub struct ViewInfo {
    /// The path after `#/`.
    pub path: &'static str,
    /// The name in the page title, the `<h1>`, the index and the header's menus.
    pub title: &'static str,
    /// The name in the wide header when the view is alone in its group (a link there, not
    /// a menu): a part of the title ("Systems" for "Real systems"), so the link's visible
    /// name is in its accessible name, which is the whole title.
    pub nav: &'static str,
    /// One line for the index and the page's description.
    pub description: &'static str,
    /// The heading it is listed under.
    pub group: &'static str,
    /// The query parameter that a path below the view's stands for, if any:
    /// `#/learn/3` is `#/learn?step=3` for a view whose `tail` is `Some("step")`.
    pub tail: Option<&'static str>,
    /// The wasm module of the release build that has the view (a bundle of the app's
    /// registry).
    pub bundle: &'static str,
    /// Its stylesheets in the app's `static/` (names without `.css`), loaded with its bundle.
    pub styles: &'static [&'static str],
}

/// A query repaired into a view's canonical one, with a note for each repair.
pub type Repair = fn(&[(String, String)]) -> (Query, Vec<String>);

/// A query read and written back: the link a view repairs `query` into, with the notes.
pub fn canonical<S: ViewState>(query: &[(String, String)]) -> (Query, Vec<String>) {
    let (state, notes) = S::from_query(query);
    (state.to_query(), notes)
}

/// A view's parameters as the docs and the property test list them.
pub type Parameters = fn() -> Vec<ParamDoc>;

/// What the registry keeps of a view's URL state: its repair and its parameter table.
#[derive(Clone, Copy)]
pub struct UrlState {
    pub repair: Repair,
    /// For the docs and the property test only: the browser build leaves it out.
    #[cfg(not(target_arch = "wasm32"))]
    pub parameters: Parameters,
}

impl UrlState {
    pub const fn of<S: ViewState>() -> UrlState {
        UrlState {
            repair: canonical::<S>,
            #[cfg(not(target_arch = "wasm32"))]
            parameters: crate::param_table::docs::<S>,
        }
    }
}

/// Views for the shell's own tests: no registry, just the entries.
#[cfg(test)]
pub mod test_views {
    use super::ViewInfo;
    use crate::views::index::INDEX_PATH;

    const fn view(path: &'static str, title: &'static str, tail: Option<&'static str>) -> ViewInfo {
        ViewInfo {
            path,
            title,
            nav: title,
            description: "",
            group: "",
            tail,
            bundle: "test",
            styles: &[],
        }
    }

    pub static RING: ViewInfo = view("ring", "Ring playground", None);
    pub static COST: ViewInfo = view("cost", "Resize cost", None);
    pub static LEARN: ViewInfo = view("learn", "Learn", Some("step"));
    pub static INDEX: ViewInfo = view(INDEX_PATH, "All views", None);
}
