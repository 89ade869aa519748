//! The registry: every view, once. The header, the page titles, the `<h1>`, the embed
//! dialog, the index page, the mount tests, the URL property tests and the e2e shell test
//! all read this table; there is no other list of views.
//!
//! Adding a view: its folder (a component taking [`ViewProps`], and its pure state in
//! `ringlab-model` implementing `ViewState`), one line here, its stylesheet.

use std::sync::OnceLock;

use ringlab_model::clock::params::ClockParams;
use ringlab_model::cost::params::CostParams;
use ringlab_model::grids::params::GridsParams;
use ringlab_model::index::IndexParams;
use ringlab_model::playground::params::PlaygroundParams;
use ringlab_model::view_state::{canonical, Repair, ViewInfo};
use yew::prelude::*;

use crate::clock::ClockExample;
use crate::cost::CostPanel;
use crate::grids::Grids;
use crate::index::{Index, INDEX_PATH};
use crate::playground::Playground;
pub use crate::view_props::ViewProps;

/// One view: what it is called, how its link is repaired, how it is drawn.
pub struct ViewEntry {
    pub info: ViewInfo,
    /// A query repaired into the view's canonical one, with a note for each repair.
    pub canonical: Repair,
    pub render: fn(&ViewProps) -> Html,
}

fn render<C: BaseComponent<Properties = ViewProps>>(props: &ViewProps) -> Html {
    html! { <C ..props.clone() /> }
}

/// Every view, in header order; the first is shown when the link names none.
pub static VIEWS: &[ViewEntry] = &[
    ViewEntry {
        info: ViewInfo {
            path: "ring",
            title: "Ring playground",
            description: "Drag servers round a hash ring, walk keys to their owners, fail and add servers and count what moves.",
            group: "The ring",
        },
        canonical: canonical::<PlaygroundParams>,
        render: render::<Playground>,
    },
    ViewEntry {
        info: ViewInfo {
            path: "grids",
            title: "Modulo vs ring",
            description: "The same keys under hash mod N and on a ring: add one server and see which keys move.",
            group: "Resizing",
        },
        canonical: canonical::<GridsParams>,
        render: render::<Grids>,
    },
    ViewEntry {
        info: ViewInfo {
            path: "clock",
            title: "Clock example",
            description: "Three servers and five keys on a 0 to 99 clock: predict each owner, then what a join and a removal move.",
            group: "The ring",
        },
        canonical: canonical::<ClockParams>,
        render: render::<ClockExample>,
    },
    ViewEntry {
        info: ViewInfo {
            path: "cost",
            title: "Resize cost",
            description: "What growing or shrinking a cluster costs in bytes and hours, mod N against the ring.",
            group: "Resizing",
        },
        canonical: canonical::<CostParams>,
        render: render::<CostPanel>,
    },
    ViewEntry {
        info: ViewInfo {
            path: INDEX_PATH,
            title: "All views",
            description: "Every ringlab view, grouped, with what each one shows.",
            group: "About",
        },
        canonical: canonical::<IndexParams>,
        render: render::<Index>,
    },
];

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
