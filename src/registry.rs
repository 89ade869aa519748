//! The registry: every view, once, as plain data. The header, the page titles, the `<h1>`,
//! the embed dialog, the index page, the release build (`ringlab-bundles`), the mount
//! tests, the URL property tests and the e2e shell test all read [`VIEWS`]; there is no
//! other list of views. It imports no component: what draws each view is registered in
//! the shell (`app/draw.rs`), one line a view.
//!
//! Adding a view: its folders (a component taking `ViewProps`, and its pure state in
//! `ringlab-model` implementing `ViewState`), one entry of [`VIEWS`], one line of
//! `app/draw.rs`, its stylesheet. Adding a bundle: one row of [`BUNDLES`].

use std::sync::OnceLock;

use ringlab_model::view_state::ViewInfo;
use ringlab_model::views::index::INDEX_PATH;
use ringlab_model::views::learn::params::STEP;
use ringlab_model::views::prep::params::PART;

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
    // The client libraries, side by side: their JSON configurations and a few thousand
    // keys. The small core.
    Bundle {
        name: "clients",
        profile: "wasm-small",
    },
    // Routing LLM requests: the replays run in the worker (lab-worker/), so the page only
    // reads their numbers, draws, and builds one small ring for the picture. The small core.
    Bundle {
        name: "llm",
        profile: "wasm-small",
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

/// Every view; the first is shown when the link names none. The header and the index
/// list them by [`GROUPS`], in this order within a group.
pub static VIEWS: &[ViewInfo] = &[
    ViewInfo {
        path: "ring",
        title: "Ring playground",
        nav: "Ring",
        description: "Drag servers round a hash ring, walk keys to their owners, fail and add servers and count what moves.",
        group: "The ring",
        tail: None,
        bundle: "ring",
        styles: &["playground"],
    },
    ViewInfo {
        path: "grids",
        title: "Modulo vs ring",
        nav: "Modulo vs ring",
        description: "The same keys under hash mod N and on a ring: add one server and see which keys move.",
        group: "The ring",
        tail: None,
        bundle: "resize",
        styles: &["grids"],
    },
    ViewInfo {
        path: "clock",
        title: "Clock example",
        nav: "Clock",
        description: "Three servers and five keys on a 0 to 99 clock: predict each owner, then what a join and a removal move.",
        group: "The ring",
        tail: None,
        bundle: "ring",
        styles: &["clock"],
    },
    ViewInfo {
        path: "cost",
        title: "Resize cost",
        nav: "Cost",
        description: "What growing or shrinking a cluster costs in bytes and hours, mod N against the ring.",
        group: "The ring",
        tail: None,
        bundle: "resize",
        styles: &["cost"],
    },
    ViewInfo {
        path: "learn",
        title: "Learn",
        nav: "Learn",
        description: "A guided path from “why not modulo?” to the five-minute interview answer, with the live widgets.",
        group: LEARN_GROUP,
        tail: Some(STEP),
        bundle: "learn",
        styles: &["learn", "learn-parts"],
    },
    ViewInfo {
        path: "prep",
        title: "Interview prep",
        nav: "Prep",
        description: "A pre-test and a post-test, the follow-ups interviewers ask, a timed run, an estimate, a dry run and the cheat sheet.",
        group: LEARN_GROUP,
        tail: Some(PART),
        bundle: "prep",
        styles: &["learn-parts", "prep"],
    },
    ViewInfo {
        path: "systems",
        title: "Real systems",
        nav: "Systems",
        description: "Paste an HAProxy, nginx, twemproxy or Envoy config and your keys: where each key goes, exactly as that system puts it, and what one change moves.",
        group: "Real systems",
        tail: None,
        bundle: "systems",
        styles: &["systems"],
    },
    ViewInfo {
        path: "agree",
        title: "Will they agree?",
        nav: "Agree",
        description: "Two client libraries, or a client and a proxy, on one cache pool or one Kafka topic: which keys each puts elsewhere, and why.",
        group: "Real systems",
        tail: None,
        bundle: "clients",
        styles: &["agree"],
    },
    ViewInfo {
        path: "llm",
        title: "Routing LLM requests",
        nav: "LLM requests",
        description: "A real hour of chat requests through eight routers: which GPU worker gets each prompt, what its cache holds, and what a ring keeps when a worker joins.",
        group: "Real systems",
        tail: None,
        bundle: "llm",
        styles: &["llm"],
    },
    ViewInfo {
        path: "load",
        title: "Hot keys and bounded loads",
        nav: "Hot keys",
        description: "Requests, not keys: popular keys overload their server; bounded loads cap every server and push keys along, but never split a hot key.",
        group: "Load",
        tail: None,
        bundle: "load",
        styles: &["load"],
    },
    ViewInfo {
        path: "break",
        title: "Break it",
        nav: "Break it",
        description: "A cache cluster under live traffic in five steps: a node joins, a node dies, no virtual nodes, a hot key. The simulation says Healthy, Degraded or Down, and why.",
        group: "Load",
        tail: None,
        bundle: "load",
        styles: &["load"],
    },
    ViewInfo {
        path: "rendezvous",
        title: "Rendezvous",
        nav: "Rendezvous",
        description: "Every node scores the key and the highest wins: the lesson's example, then real scores from ringlab, mcrouter and Envoy, a node leaving, weights, and the O(N) cost measured in your browser.",
        group: "Alternatives",
        tail: None,
        bundle: "alternatives",
        styles: &["rendezvous"],
    },
    ViewInfo {
        path: "jump",
        title: "Jump hash",
        nav: "Jump",
        description: "A key's walk of random jumps to its bucket, the table of ch(k, n), what one more bucket moves, and why removing one from the middle needs MementoHash.",
        group: "Alternatives",
        tail: None,
        bundle: "alternatives",
        styles: &["jump"],
    },
    ViewInfo {
        path: "maglev",
        title: "Maglev",
        nav: "Maglev",
        description: "Google's load-balancer table filled turn by turn, the paper's example first; then Envoy's, Cilium's and katran's tables at their real sizes, and what one change moves.",
        group: "Alternatives",
        tail: None,
        bundle: "alternatives",
        styles: &["maglev"],
    },
    ViewInfo {
        path: "slots",
        title: "Redis slots",
        nav: "Slots",
        description: "Redis Cluster's 16,384 slots on a map coloured by master: a key's CRC16 and hash tag, the ranges redis-cli gives, and resharding with MOVED and ASK.",
        group: "Alternatives",
        tail: None,
        bundle: "alternatives",
        styles: &["slots"],
    },
    ViewInfo {
        path: "compare",
        title: "Compare",
        nav: "Compare",
        description: "The same keys and the same change under mod N, the ring, jump, rendezvous, Maglev and Redis slots: keys moved, balance, memory, lookups per second here, and when to pick each.",
        group: "Alternatives",
        tail: None,
        bundle: "compare",
        styles: &["compare"],
    },
    ViewInfo {
        path: "lab",
        title: "Lab",
        nav: "Lab",
        description: "The experiments behind the lessons, run in your browser on Web Workers: the busiest server against V, the spread, who catches a leaving server's keys, real keys, lookups per second, data loss when three servers fail, memory and gossip, and bounded loads; plotted, with their tables.",
        group: "Lab",
        tail: None,
        bundle: "lab",
        styles: &["lab"],
    },
    ViewInfo {
        path: INDEX_PATH,
        title: "All views",
        nav: "All views",
        description: "Every ringlab view, grouped, with what each one shows.",
        group: "About",
        tail: None,
        // In the first bundle only, which a bare address opens anyway: a view in every
        // module would cost every module its code.
        bundle: "ring",
        styles: &[],
    },
];

/// The group the header lists first.
pub const LEARN_GROUP: &str = "Learn";

/// The group of the index itself, listed last.
pub const ABOUT_GROUP: &str = "About";

/// The groups, in the order the header and the index list them. A group of one view is a
/// plain link in the wide header, a larger one a menu.
pub static GROUPS: &[&str] = &[
    LEARN_GROUP,
    "The ring",
    "Load",
    "Alternatives",
    "Real systems",
    "Lab",
    ABOUT_GROUP,
];

/// The bundle of the view at `path`, read while compiling (a path the table lacks stops
/// the build: the render side cannot name a view the table does not have).
pub const fn bundle_of(path: &str) -> &'static str {
    let mut i = 0;
    while i < VIEWS.len() {
        if same(VIEWS[i].path, path) {
            return VIEWS[i].bundle;
        }
        i += 1;
    }
    panic!("a view registered for drawing is not in the registry's VIEWS")
}

/// Byte equality, usable while compiling.
const fn same(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
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

/// True when this build has the bundle `name`. Evaluated while compiling, so a view of
/// another bundle is not referred to at all.
pub const fn built(name: &str) -> bool {
    match BUILDING {
        None => true,
        Some(building) => same(building, name),
    }
}

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
            for info in VIEWS.iter().filter(|v| v.bundle == bundle.name) {
                for style in info.styles {
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
    INFOS.get_or_init(|| VIEWS.iter().collect())
}

/// A group and its views, in the table's order.
pub type Group = (&'static str, Vec<&'static ViewInfo>);

/// `views` under the groups of `order`, in its order (a group no view names is left out).
/// The header and the index list these; the header's tests hand it a padded list.
pub fn grouped(views: &[&'static ViewInfo], order: &[&'static str]) -> Vec<Group> {
    order
        .iter()
        .map(|group| {
            let members = views.iter().copied().filter(|v| v.group == *group);
            (*group, members.collect())
        })
        .filter(|(_, members): &Group| !members.is_empty())
        .collect()
}

/// Every view under its group, as the header lists them.
pub fn groups() -> Vec<Group> {
    grouped(infos(), GROUPS)
}

/// The views in header order: group by group.
pub fn header() -> impl Iterator<Item = &'static ViewInfo> {
    groups().into_iter().flat_map(|(_, views)| views)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every view is in a bundle of the table, every bundle has a
    /// view, every stylesheet a view names is in static/, every group is listed.
    #[test]
    fn every_view_is_in_a_bundle_and_a_group_of_the_table() {
        for info in VIEWS {
            assert!(
                bundles().contains(&info.bundle),
                "{} is in no bundle of BUNDLES",
                info.path
            );
            assert!(
                GROUPS.contains(&info.group),
                "{}: group {}",
                info.path,
                info.group
            );
            assert_eq!(bundle_of(info.path), info.bundle);
        }
        for bundle in BUNDLES {
            assert!(
                VIEWS.iter().any(|v| v.bundle == bundle.name),
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
        assert_eq!(header().next().unwrap().title, "Learn");
        for info in VIEWS {
            // ASCII, so that ASCII lowercasing (no Unicode case tables in the modules)
            // lowercases them whole, here and in the page's "Loading the ..." line.
            assert!(
                info.title.is_ascii() && info.nav.is_ascii(),
                "{}",
                info.path
            );
            let (nav, title) = (
                info.nav.to_ascii_lowercase(),
                info.title.to_ascii_lowercase(),
            );
            assert!(
                title.contains(&nav),
                "{}: the header's name is part of the title",
                info.path
            );
        }
        assert_eq!(header().count(), VIEWS.len());
        assert_eq!(
            VIEWS[0].bundle,
            bundles()[0],
            "the default view is in the first bundle"
        );
        assert_eq!(groups().last().unwrap().0, ABOUT_GROUP);
    }
}
