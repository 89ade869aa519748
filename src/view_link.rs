//! Links from a view to another view. In the full app they navigate in place. In an
//! embedded widget they open the full view in a new tab: a link must never load the whole
//! app, header and all, inside someone's docs page, nor add to its history.

use ringlab_model::route::{self, Theme};
use yew::prelude::*;

use crate::registry::infos;

/// How the page's links behave: the shell provides it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct LinkMode {
    /// The page is an embedded widget.
    pub embedded: bool,
    /// The widget's `theme=`, carried into the full view.
    pub theme: Theme,
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
            None => crate::browser::go_to_hash(&link.href),
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
