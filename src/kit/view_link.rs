//! Links from a view to another view. In the full app they navigate in place. In an
//! embedded widget they open the full view in a new tab: a link must never load the whole
//! app, header and all, inside someone's docs page, nor add to its history.

use ringlab_model::route::{self, Route, Theme};
use ringlab_model::urlkit::Query;
use ringlab_model::view_state::ViewInfo;
use yew::prelude::*;

use crate::registry::infos;

/// How the page's links behave, from the route the shell parsed: the shell provides it,
/// so no view reads the address bar again to build its own links.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LinkMode {
    /// The view shown.
    pub view: &'static ViewInfo,
    /// The page is an embedded widget.
    pub embedded: bool,
    /// The page's `theme=`, carried into its links (and a widget's into the full view).
    pub theme: Theme,
    /// The page's `controls`, `compact` and `transparent` (embedded only).
    pub controls: bool,
    pub compact: bool,
    pub transparent: bool,
}

impl Default for LinkMode {
    /// The full app's first view, in the reader's theme.
    fn default() -> LinkMode {
        LinkMode::of(&Route::home(infos()))
    }
}

impl LinkMode {
    /// The links of the page at `route`.
    pub fn of(route: &Route) -> LinkMode {
        LinkMode {
            view: route.view,
            embedded: route.embed,
            theme: route.theme,
            controls: route.controls,
            compact: route.compact,
            transparent: route.transparent,
        }
    }

    /// The route to `view` with `query`, keeping this page's shell parameters.
    pub fn route(self, view: &'static ViewInfo, query: Query) -> Route {
        Route {
            view,
            query,
            embed: self.embedded,
            theme: self.theme,
            controls: self.controls,
            compact: self.compact,
            transparent: self.transparent,
            notes: Vec::new(),
        }
    }

    /// The hash of this page's own view with `query` (a step, a part), as the page is
    /// otherwise.
    pub fn own(self, query: Query) -> String {
        self.route(self.view, query).to_hash()
    }
}

/// Where a link to `to` (a hash such as `#/ring?keys=3`) goes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Target {
    pub href: String,
    /// `_blank` in a widget.
    pub target: Option<&'static str>,
    pub rel: Option<&'static str>,
    /// Said after the link's text to screen readers ("opens in a new tab").
    pub aside: Option<&'static str>,
}

impl LinkMode {
    pub fn target(self, to: &str) -> Target {
        if !self.embedded {
            return Target {
                href: to.to_string(),
                target: None,
                rel: None,
                aside: None,
            };
        }
        let page = web_sys::window()
            .and_then(|window| {
                let location = window.location();
                Some(format!(
                    "{}{}",
                    location.origin().ok()?,
                    location.pathname().ok()?
                ))
            })
            .unwrap_or_default();
        Target {
            href: format!("{page}{}", route::full_view_hash(to, self.theme, infos())),
            target: Some("_blank"),
            rel: Some("noopener"),
            aside: Some(" (opens the full view in a new tab)"),
        }
    }
}

impl LinkMode {
    /// Follows a link to `to` from code (a click on a canvas, Enter on a cell): in place,
    /// or in a new tab from a widget.
    pub fn follow(self, to: &str) {
        let link = self.target(to);
        match link.target {
            None => crate::kit::browser::go_to_hash(&link.href),
            Some(target) => {
                if let Some(window) = web_sys::window() {
                    let _ = window
                        .open_with_url_and_target_and_features(&link.href, target, "noopener");
                }
            }
        }
    }
}

/// The page's link mode (the full app's when no shell provides one).
#[hook]
pub fn use_link_mode() -> LinkMode {
    use_context::<LinkMode>().unwrap_or_default()
}

#[derive(Properties, PartialEq)]
pub struct ViewLinkProps {
    /// The hash to go to.
    pub to: AttrValue,
    #[prop_or_default]
    pub children: Html,
}

/// A link to another view, that leaves a widget for a new tab.
#[component]
pub fn ViewLink(props: &ViewLinkProps) -> Html {
    let link = use_link_mode().target(&props.to);
    html! {
        <a href={link.href} target={link.target} rel={link.rel}>
            { props.children.clone() }
            if let Some(aside) = link.aside {
                <span class="visually-hidden">{ aside }</span>
            }
        </a>
    }
}
