//! The registry: every view, once. The header, the page titles, the `<h1>`, the embed
//! dialog, the index page, the mount tests, the URL property tests and the e2e shell test
//! all read this table; there is no other list of views.
//!
//! Adding a view: its folder (a component taking [`ViewProps`], and its pure state in
//! `ringlab-model` implementing `ViewState`), one line here, its stylesheet.

use std::sync::OnceLock;

use ringlab_model::breakit::params::BreakParams;
use ringlab_model::clock::params::ClockParams;
use ringlab_model::cost::params::CostParams;
use ringlab_model::grids::params::GridsParams;
use ringlab_model::index::IndexParams;
use ringlab_model::learn::params::{LearnParams, STEP};
use ringlab_model::load::params::LoadParams;
use ringlab_model::playground::params::PlaygroundParams;
use ringlab_model::systems::params::SystemsParams;
use ringlab_model::view_state::{UrlState, ViewInfo};
use yew::prelude::*;

use crate::breakit::BreakIt;
use crate::clock::ClockExample;
use crate::cost::CostPanel;
use crate::grids::Grids;
use crate::index::{Index, INDEX_PATH};
use crate::learn::Learn;
use crate::load::LoadView;
use crate::playground::Playground;
use crate::systems::Systems;
pub use crate::view_props::ViewProps;

/// One view: what it is called, how its link is repaired, which bundle draws it and how.
pub struct ViewEntry {
    pub info: ViewInfo,
    /// The view's URL state, its link repair and its parameter table, when this build
    /// has the view's bundle (another bundle's parsing would only add weight: the view's
    /// own module repairs its links).
    pub url: Option<UrlState>,
    /// The wasm module that has the view: the cargo feature `bundle-<name>`. Every bundle
    /// has the shell and the index.
    pub bundle: &'static str,
    /// The component, when this build has the view's bundle (see [`bundled`]).
    pub render: Option<fn(&ViewProps) -> Html>,
    /// Its stylesheets in `static/` (without `.css`). The release build loads a bundle's
    /// stylesheets with its module, so a page fetches only its own views' styles.
    pub styles: &'static [&'static str],
}

fn render<C: BaseComponent<Properties = ViewProps>>(props: &ViewProps) -> Html {
    html! { <C ..props.clone() /> }
}

/// The component when the bundle's feature is on; otherwise nothing refers to it and the
/// linker leaves it out of this build's wasm.
macro_rules! bundled {
    ($feature:literal, $component:ty) => {
        if cfg!(feature = $feature) {
            Some(render::<$component> as fn(&ViewProps) -> Html)
        } else {
            None
        }
    };
}

/// The view's URL state when the bundle's feature is on, like [`bundled!`].
macro_rules! url {
    ($feature:literal, $params:ty) => {
        if cfg!(feature = $feature) {
            Some(UrlState::of::<$params>())
        } else {
            None
        }
    };
}

/// Every view, in header order; the first is shown when the link names none.
pub static VIEWS: &[ViewEntry] = &[
    ViewEntry {
        info: ViewInfo {
            path: "ring",
            title: "Ring playground",
            description: "Drag servers round a hash ring, walk keys to their owners, fail and add servers and count what moves.",
            group: "The ring",
            tail: None,
        },
        url: url!("bundle-ring", PlaygroundParams),
        bundle: "ring",
        render: bundled!("bundle-ring", Playground),
        styles: &["playground"],
    },
    ViewEntry {
        info: ViewInfo {
            path: "grids",
            title: "Modulo vs ring",
            description: "The same keys under hash mod N and on a ring: add one server and see which keys move.",
            group: "Resizing",
            tail: None,
        },
        url: url!("bundle-resize", GridsParams),
        bundle: "resize",
        render: bundled!("bundle-resize", Grids),
        styles: &["grids"],
    },
    ViewEntry {
        info: ViewInfo {
            path: "clock",
            title: "Clock example",
            description: "Three servers and five keys on a 0 to 99 clock: predict each owner, then what a join and a removal move.",
            group: "The ring",
            tail: None,
        },
        url: url!("bundle-ring", ClockParams),
        bundle: "ring",
        render: bundled!("bundle-ring", ClockExample),
        styles: &["clock"],
    },
    ViewEntry {
        info: ViewInfo {
            path: "cost",
            title: "Resize cost",
            description: "What growing or shrinking a cluster costs in bytes and hours, mod N against the ring.",
            group: "Resizing",
            tail: None,
        },
        url: url!("bundle-resize", CostParams),
        bundle: "resize",
        render: bundled!("bundle-resize", CostPanel),
        styles: &["cost"],
    },
    ViewEntry {
        info: ViewInfo {
            path: "learn",
            title: "Learn",
            description: "A guided path from “why not modulo?” to the five-minute interview answer, with the live widgets.",
            group: LEARN_GROUP,
            tail: Some(STEP),
        },
        url: url!("bundle-learn", LearnParams),
        bundle: "learn",
        render: bundled!("bundle-learn", Learn),
        styles: &["learn", "learn-parts", "learn-print"],
    },
    ViewEntry {
        info: ViewInfo {
            path: "systems",
            title: "Real systems",
            description: "Paste an HAProxy, nginx, twemproxy or Envoy config and your keys: where each key goes, exactly as that system puts it, and what one change moves.",
            group: "Real systems",
            tail: None,
        },
        url: url!("bundle-systems", SystemsParams),
        bundle: "systems",
        render: bundled!("bundle-systems", Systems),
        styles: &["systems"],
    },
    ViewEntry {
        info: ViewInfo {
            path: "load",
            title: "Hot keys and bounded loads",
            description: "Requests, not keys: popular keys overload their server; bounded loads cap every server and push keys along, but never split a hot key.",
            group: "Load",
            tail: None,
        },
        url: url!("bundle-load", LoadParams),
        bundle: "load",
        render: bundled!("bundle-load", LoadView),
        styles: &["load"],
    },
    ViewEntry {
        info: ViewInfo {
            path: "break",
            title: "Break it",
            description: "A cache cluster under live traffic in five steps: a node joins, a node dies, no virtual nodes, a hot key. The simulation says Healthy, Degraded or Down, and why.",
            group: "Load",
            tail: None,
        },
        url: url!("bundle-load", BreakParams),
        bundle: "load",
        render: bundled!("bundle-load", BreakIt),
        styles: &["load"],
    },
    ViewEntry {
        info: ViewInfo {
            path: INDEX_PATH,
            title: "All views",
            description: "Every ringlab view, grouped, with what each one shows.",
            group: "About",
            tail: None,
        },
        url: Some(UrlState::of::<IndexParams>()),
        bundle: ALL_BUNDLES,
        render: Some(render::<Index>),
        styles: &[],
    },
];

/// The group the header lists first.
pub const LEARN_GROUP: &str = "Learn";

/// The views in header order: the walkthrough first, then the table's order.
pub fn header() -> impl Iterator<Item = &'static ViewEntry> {
    let learn = VIEWS.iter().filter(|e| e.info.group == LEARN_GROUP);
    learn.chain(VIEWS.iter().filter(|e| e.info.group != LEARN_GROUP))
}

/// The bundle name of a view that every bundle has.
pub const ALL_BUNDLES: &str = "*";

/// The bundles, in order of first appearance: the first is loaded when a link names no
/// view.
pub fn bundles() -> Vec<&'static str> {
    let mut names: Vec<&'static str> = Vec::new();
    for entry in VIEWS {
        if entry.bundle != ALL_BUNDLES && !names.contains(&entry.bundle) {
            names.push(entry.bundle);
        }
    }
    names
}

/// Each bundle's stylesheets, in order of first appearance.
pub fn styles() -> Vec<(&'static str, Vec<&'static str>)> {
    let mut out: Vec<(&'static str, Vec<&'static str>)> = Vec::new();
    for entry in VIEWS.iter().filter(|e| e.bundle != ALL_BUNDLES) {
        let at = match out.iter().position(|(b, _)| *b == entry.bundle) {
            Some(at) => at,
            None => {
                out.push((entry.bundle, Vec::new()));
                out.len() - 1
            }
        };
        for style in entry.styles {
            if !out[at].1.contains(style) {
                out[at].1.push(style);
            }
        }
    }
    out
}

/// The views as the pure route parser knows them.
pub fn infos() -> &'static [&'static ViewInfo] {
    static INFOS: OnceLock<Vec<&'static ViewInfo>> = OnceLock::new();
    INFOS.get_or_init(|| VIEWS.iter().map(|entry| &entry.info).collect())
}

/// The entry of a registered view.
pub fn entry(info: &ViewInfo) -> &'static ViewEntry {
    VIEWS
        .iter()
        .find(|entry| entry.info.path == info.path)
        .unwrap_or(&VIEWS[0])
}

/// The groups in order of first appearance, each with its views.
pub fn groups() -> Vec<(&'static str, Vec<&'static ViewEntry>)> {
    let mut groups: Vec<(&'static str, Vec<&'static ViewEntry>)> = Vec::new();
    for entry in VIEWS {
        match groups
            .iter_mut()
            .find(|(name, _)| *name == entry.info.group)
        {
            Some((_, views)) => views.push(entry),
            None => groups.push((entry.info.group, vec![entry])),
        }
    }
    groups
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A build with the default features (every bundle) draws every view, and every view
    /// is in a bundle or in all of them.
    #[test]
    fn the_default_build_has_every_view_in_a_named_bundle() {
        for entry in VIEWS {
            assert!(entry.render.is_some(), "{}", entry.info.path);
            assert!(entry.url.is_some(), "{}", entry.info.path);
            assert!(
                entry.bundle == ALL_BUNDLES || bundles().contains(&entry.bundle),
                "{}",
                entry.info.path
            );
        }
        assert_eq!(bundles(), ["ring", "resize", "learn", "systems", "load"]);
        // Every view's stylesheet is in static/ and linked in index.html (for `make
        // serve`, which has every view), and each belongs to one bundle.
        let index = include_str!("../index.html");
        let mut seen = Vec::new();
        for (_, names) in styles() {
            for name in names {
                assert!(
                    index.contains(&format!("href=\"static/{name}.css\"")),
                    "{name}.css is not linked in index.html"
                );
                assert!(!seen.contains(&name), "{name}.css is in two bundles");
                seen.push(name);
            }
        }
        assert_eq!(header().next().unwrap().info.title, "Learn");
        assert_eq!(header().count(), VIEWS.len());
        assert_eq!(
            VIEWS[0].bundle,
            bundles()[0],
            "the default view is in the first bundle"
        );
    }
}
