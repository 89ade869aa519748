//! The registry: every view, once. The header, the page titles, the `<h1>`, the embed
//! dialog, the index page, the mount tests, the URL property tests and the e2e shell test
//! all read this table; there is no other list of views.
//!
//! Adding a view: its folder (a component taking [`ViewProps`], and its pure state in
//! `ringlab-model` implementing `ViewState`), one entry here, its stylesheet. Adding a
//! bundle: one row of [`BUNDLES`].

use std::sync::OnceLock;

use ringlab_model::breakit::params::BreakParams;
use ringlab_model::clock::params::ClockParams;
use ringlab_model::compare::params::CompareParams;
use ringlab_model::cost::params::CostParams;
use ringlab_model::grids::params::GridsParams;
use ringlab_model::index::IndexParams;
use ringlab_model::jump::params::JumpParams;
use ringlab_model::lab::params::LabParams;
use ringlab_model::learn::params::{LearnParams, STEP};
use ringlab_model::load::params::LoadParams;
use ringlab_model::maglev::params::MaglevParams;
use ringlab_model::playground::params::PlaygroundParams;
use ringlab_model::prep::params::{PrepParams, PART};
use ringlab_model::rendezvous::params::RendezvousParams;
use ringlab_model::slots::params::SlotsParams;
use ringlab_model::systems::params::SystemsParams;
use ringlab_model::view_state::{UrlState, ViewInfo};
use yew::prelude::*;

use crate::breakit::BreakIt;
use crate::clock::ClockExample;
use crate::compare::CompareView;
use crate::cost::CostPanel;
use crate::grids::Grids;
use crate::index::{Index, INDEX_PATH};
use crate::jump::JumpView;
use crate::lab::LabView;
use crate::learn::Learn;
use crate::load::LoadView;
use crate::maglev::MaglevView;
use crate::playground::Playground;
use crate::prep::Prep;
use crate::rendezvous::RendezvousView;
use crate::slots::Slots;
use crate::systems::Systems;
use crate::view_props::ViewProps;

/// One view: what it is called, how its link is repaired, which bundle draws it and how.
pub struct ViewEntry {
    pub info: ViewInfo,
    /// The view's URL state, its link repair and its parameter table, when this build
    /// has the view's bundle (another bundle's parsing would only add weight: the view's
    /// own module repairs its links).
    pub url: Option<UrlState>,
    /// The wasm module that has the view: a row of [`BUNDLES`], or [`ALL_BUNDLES`] for
    /// a view every bundle has (the index).
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

/// The index, handed the registry's list (so it need not read the registry itself).
fn render_index(props: &ViewProps) -> Html {
    let groups = groups()
        .into_iter()
        .map(|(group, views)| (group, views.into_iter().map(|e| &e.info).collect()))
        .collect();
    html! { <Index view={props.clone()} groups={std::rc::Rc::new(groups)} /> }
}

/// The component when this build has the bundle (see [`built`]); otherwise nothing
/// refers to it and the linker leaves it out of this build's wasm.
macro_rules! bundled {
    ($bundle:literal, $component:ty) => {
        if built($bundle) {
            Some(render::<$component> as fn(&ViewProps) -> Html)
        } else {
            None
        }
    };
}

/// The view's URL state when this build has the bundle, like [`bundled!`].
macro_rules! url {
    ($bundle:literal, $params:ty) => {
        if built($bundle) {
            Some(UrlState::of::<$params>())
        } else {
            None
        }
    };
}

/// One wasm module of the release build: its name, and the cargo profile it builds with
/// (Cargo.toml). A new bundle is one more row of [`BUNDLES`].
pub struct Bundle {
    pub name: &'static str,
    pub profile: &'static str,
}

/// Every bundle of the release build (`make dist`, scripts/dist-bundles.sh); the first is
/// loaded when a link names no view.
pub static BUNDLES: &[Bundle] = &[
    Bundle {
        name: "ring",
        profile: "wasm-release",
    },
    Bundle {
        name: "resize",
        profile: "wasm-release",
    },
    // The walkthrough embeds the other bundles' widgets as iframes: it needs none of them.
    // Its own figures are a few small experiments, computed once per step: the small core.
    Bundle {
        name: "learn",
        profile: "wasm-small",
    },
    // Interview prep: forms and prose, a few figures computed once. The small core.
    Bundle {
        name: "prep",
        profile: "wasm-small",
    },
    // Every scheme and config reader, YAML included, with the core small: it places
    // thousands of keys, not millions of points.
    Bundle {
        name: "systems",
        profile: "wasm-small",
    },
    // The fast core: it places 100,000 keys on 200,000 points.
    Bundle {
        name: "load",
        profile: "wasm-release",
    },
    // The alternatives to the ring, one at a time: Maglev, jump, rendezvous and Redis
    // slots, each with the systems' own versions. Small tables and a few thousand keys.
    Bundle {
        name: "alternatives",
        profile: "wasm-small",
    },
    // The six schemes side by side: only the textbook versions, a hundred thousand keys
    // and more, so the fast core.
    Bundle {
        name: "compare",
        profile: "wasm-release",
    },
    // The lab's page: forms, plots and tables. Its experiments run in the worker
    // (lab-worker/), a module of its own, so this one needs no fast core.
    Bundle {
        name: "lab",
        profile: "wasm-small",
    },
];

/// The bundle this build is for: `RINGLAB_BUNDLE` when it was compiled
/// (scripts/dist-bundles.sh sets it per module); unset, the build has every bundle
/// (`make serve`, the tests).
const BUILDING: Option<&str> = option_env!("RINGLAB_BUNDLE");

/// True when this build has the bundle `name`. Evaluated while compiling, so a view of
/// another bundle is not referred to at all.
pub const fn built(name: &str) -> bool {
    let Some(building) = BUILDING else {
        return true;
    };
    let (a, b) = (building.as_bytes(), name.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

/// Every view, in header order; the first is shown when the link names none.
pub static VIEWS: &[ViewEntry] = &[
    ViewEntry {
        info: ViewInfo {
            path: "ring",
            title: "Ring playground",
            nav: "Ring",
            description: "Drag servers round a hash ring, walk keys to their owners, fail and add servers and count what moves.",
            group: "The ring",
            tail: None,
        },
        url: url!("ring", PlaygroundParams),
        bundle: "ring",
        render: bundled!("ring", Playground),
        styles: &["playground"],
    },
    ViewEntry {
        info: ViewInfo {
            path: "grids",
            title: "Modulo vs ring",
            nav: "Modulo vs ring",
            description: "The same keys under hash mod N and on a ring: add one server and see which keys move.",
            group: "Resizing",
            tail: None,
        },
        url: url!("resize", GridsParams),
        bundle: "resize",
        render: bundled!("resize", Grids),
        styles: &["grids"],
    },
    ViewEntry {
        info: ViewInfo {
            path: "clock",
            title: "Clock example",
            nav: "Clock",
            description: "Three servers and five keys on a 0 to 99 clock: predict each owner, then what a join and a removal move.",
            group: "The ring",
            tail: None,
        },
        url: url!("ring", ClockParams),
        bundle: "ring",
        render: bundled!("ring", ClockExample),
        styles: &["clock"],
    },
    ViewEntry {
        info: ViewInfo {
            path: "cost",
            title: "Resize cost",
            nav: "Cost",
            description: "What growing or shrinking a cluster costs in bytes and hours, mod N against the ring.",
            group: "Resizing",
            tail: None,
        },
        url: url!("resize", CostParams),
        bundle: "resize",
        render: bundled!("resize", CostPanel),
        styles: &["cost"],
    },
    ViewEntry {
        info: ViewInfo {
            path: "learn",
            title: "Learn",
            nav: "Learn",
            description: "A guided path from “why not modulo?” to the five-minute interview answer, with the live widgets.",
            group: LEARN_GROUP,
            tail: Some(STEP),
        },
        url: url!("learn", LearnParams),
        bundle: "learn",
        render: bundled!("learn", Learn),
        styles: &["learn", "learn-parts"],
    },
    ViewEntry {
        info: ViewInfo {
            path: "prep",
            title: "Interview prep",
            nav: "Prep",
            description: "A pre-test and a post-test, the follow-ups interviewers ask, a timed run, an estimate, a dry run and the cheat sheet.",
            group: LEARN_GROUP,
            tail: Some(PART),
        },
        url: url!("prep", PrepParams),
        bundle: "prep",
        render: bundled!("prep", Prep),
        styles: &["learn-parts", "prep", "prep-print"],
    },
    ViewEntry {
        info: ViewInfo {
            path: "systems",
            title: "Real systems",
            nav: "Systems",
            description: "Paste an HAProxy, nginx, twemproxy or Envoy config and your keys: where each key goes, exactly as that system puts it, and what one change moves.",
            group: "Real systems",
            tail: None,
        },
        url: url!("systems", SystemsParams),
        bundle: "systems",
        render: bundled!("systems", Systems),
        styles: &["systems"],
    },
    ViewEntry {
        info: ViewInfo {
            path: "load",
            title: "Hot keys and bounded loads",
            nav: "Hot keys",
            description: "Requests, not keys: popular keys overload their server; bounded loads cap every server and push keys along, but never split a hot key.",
            group: "Load",
            tail: None,
        },
        url: url!("load", LoadParams),
        bundle: "load",
        render: bundled!("load", LoadView),
        styles: &["load"],
    },
    ViewEntry {
        info: ViewInfo {
            path: "break",
            title: "Break it",
            nav: "Break it",
            description: "A cache cluster under live traffic in five steps: a node joins, a node dies, no virtual nodes, a hot key. The simulation says Healthy, Degraded or Down, and why.",
            group: "Load",
            tail: None,
        },
        url: url!("load", BreakParams),
        bundle: "load",
        render: bundled!("load", BreakIt),
        styles: &["load"],
    },
    ViewEntry {
        info: ViewInfo {
            path: "rendezvous",
            title: "Rendezvous",
            nav: "Rendezvous",
            description: "Every node scores the key and the highest wins: the lesson's example, then real scores from ringlab, mcrouter and Envoy, a node leaving, weights, and the O(N) cost measured in your browser.",
            group: "Alternatives",
            tail: None,
        },
        url: url!("alternatives", RendezvousParams),
        bundle: "alternatives",
        render: bundled!("alternatives", RendezvousView),
        styles: &["rendezvous"],
    },
    ViewEntry {
        info: ViewInfo {
            path: "jump",
            title: "Jump hash",
            nav: "Jump",
            description: "A key's walk of random jumps to its bucket, the table of ch(k, n), what one more bucket moves, and why removing one from the middle needs MementoHash.",
            group: "Alternatives",
            tail: None,
        },
        url: url!("alternatives", JumpParams),
        bundle: "alternatives",
        render: bundled!("alternatives", JumpView),
        styles: &["jump"],
    },
    ViewEntry {
        info: ViewInfo {
            path: "maglev",
            title: "Maglev",
            nav: "Maglev",
            description: "Google's load-balancer table filled turn by turn, the paper's example first; then Envoy's, Cilium's and katran's tables at their real sizes, and what one change moves.",
            group: "Alternatives",
            tail: None,
        },
        url: url!("alternatives", MaglevParams),
        bundle: "alternatives",
        render: bundled!("alternatives", MaglevView),
        styles: &["maglev"],
    },
    ViewEntry {
        info: ViewInfo {
            path: "slots",
            title: "Redis slots",
            nav: "Slots",
            description: "Redis Cluster's 16,384 slots on a map coloured by master: a key's CRC16 and hash tag, the ranges redis-cli gives, and resharding with MOVED and ASK.",
            group: "Alternatives",
            tail: None,
        },
        url: url!("alternatives", SlotsParams),
        bundle: "alternatives",
        render: bundled!("alternatives", Slots),
        styles: &["slots"],
    },
    ViewEntry {
        info: ViewInfo {
            path: "compare",
            title: "Compare",
            nav: "Compare",
            description: "The same keys and the same change under mod N, the ring, jump, rendezvous, Maglev and Redis slots: keys moved, balance, memory, lookups per second here, and when to pick each.",
            group: "Alternatives",
            tail: None,
        },
        url: url!("compare", CompareParams),
        bundle: "compare",
        render: bundled!("compare", CompareView),
        styles: &["compare"],
    },
    ViewEntry {
        info: ViewInfo {
            path: "lab",
            title: "Lab",
            nav: "Lab",
            description: "The experiments behind the lessons, run in your browser on Web Workers: the busiest server against V, the spread, who catches a leaving server's keys, real keys, lookups per second, data loss when three servers fail, memory and gossip, and bounded loads; plotted, with their tables.",
            group: "Lab",
            tail: None,
        },
        url: url!("lab", LabParams),
        bundle: "lab",
        render: bundled!("lab", LabView),
        styles: &["lab"],
    },
    ViewEntry {
        info: ViewInfo {
            path: INDEX_PATH,
            title: "All views",
            nav: "All views",
            description: "Every ringlab view, grouped, with what each one shows.",
            group: "About",
            tail: None,
        },
        url: Some(UrlState::of::<IndexParams>()),
        bundle: ALL_BUNDLES,
        render: Some(render_index),
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

/// The bundles' names, in [`BUNDLES`]' order.
pub fn bundles() -> Vec<&'static str> {
    BUNDLES.iter().map(|b| b.name).collect()
}

/// Each bundle's stylesheets: its views', in order of first appearance.
pub fn styles() -> Vec<(&'static str, Vec<&'static str>)> {
    BUNDLES
        .iter()
        .map(|bundle| {
            let mut names: Vec<&'static str> = Vec::new();
            for entry in VIEWS.iter().filter(|e| e.bundle == bundle.name) {
                for style in entry.styles {
                    if !names.contains(style) {
                        names.push(style);
                    }
                }
            }
            (bundle.name, names)
        })
        .collect()
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

    /// A build for no one bundle draws every view; every view is in a bundle of the table
    /// (or in all of them), every bundle has a view, and every stylesheet a view names is
    /// in static/.
    #[test]
    fn the_default_build_has_every_view_in_a_bundle_of_the_table() {
        for entry in VIEWS {
            assert!(entry.render.is_some(), "{}", entry.info.path);
            assert!(entry.url.is_some(), "{}", entry.info.path);
            assert!(
                entry.bundle == ALL_BUNDLES || bundles().contains(&entry.bundle),
                "{} is in no bundle of BUNDLES",
                entry.info.path
            );
        }
        for bundle in BUNDLES {
            assert!(
                VIEWS.iter().any(|e| e.bundle == bundle.name),
                "bundle {} has no view",
                bundle.name
            );
            assert!(["wasm-release", "wasm-small"].contains(&bundle.profile));
        }
        assert!(
            built("ring") && built("anything"),
            "no RINGLAB_BUNDLE: every bundle"
        );
        // A stylesheet may serve several bundles (the quiz's and the prompts' serve the
        // walkthrough and interview prep); dist-bundles.sh links it for each.
        for (_, names) in styles() {
            for name in names {
                let path = format!("{}/static/{name}.css", env!("CARGO_MANIFEST_DIR"));
                assert!(std::path::Path::new(&path).exists(), "{path} is missing");
            }
        }
        assert_eq!(header().next().unwrap().info.title, "Learn");
        for entry in VIEWS {
            // ASCII, so that ASCII lowercasing (no Unicode case tables in the modules)
            // lowercases them whole, here and in the page's "Loading the ..." line.
            assert!(
                entry.info.title.is_ascii() && entry.info.nav.is_ascii(),
                "{}",
                entry.info.path
            );
            let (nav, title) = (
                entry.info.nav.to_ascii_lowercase(),
                entry.info.title.to_ascii_lowercase(),
            );
            assert!(
                title.contains(&nav),
                "{}: the header's name is part of the title",
                entry.info.path
            );
        }
        assert_eq!(header().count(), VIEWS.len());
        assert_eq!(
            VIEWS[0].bundle,
            bundles()[0],
            "the default view is in the first bundle"
        );
    }
}
