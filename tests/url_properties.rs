//! Property tests of the views' URL state and reducers, natively: any query, however
//! hostile, parses without a panic into parameters whose own query parses back to them
//! with nothing to repair, and random edits never break the clock exercise's rules.
#![cfg(not(target_arch = "wasm32"))]

use std::rc::Rc;

use proptest::prelude::*;
use ringlab_model::Reducer;

use ringlab::app::draw::drawn;
use ringlab::registry::{infos, VIEWS};
use ringlab::views::clock::model::{Change, Stage};
use ringlab::views::clock::params::{ClockParams, Slot, KEYS, MARKS, SERVERS};
use ringlab::views::clock::state::{Action, ClockState, Edit};
use ringlab::views::cost::params::{CostParams, Field};
use ringlab::views::cost::report::report;
use ringlab::views::grids::params::GridsParams;
use ringlab_model::param_table::ParamDoc;
use ringlab_model::route::Route;
use ringlab_model::view_state::{UrlState, ViewInfo};
use ringlab_model::ViewState;

/// Text a person or a broken link might put anywhere: names, marks, numbers, separators.
fn text() -> impl Strategy<Value = String> {
    prop_oneof![
        "[A-Za-z0-9]{0,6}",
        "[a-z:]{0,5}@-?[0-9]{1,4}",
        "-?[0-9]{1,20}(\\.[0-9]{0,4})?",
        "[ ,@:=&#%<>\"'a-z0-9.é✓-]{0,40}",
        Just(String::new()),
        Just("NaN".to_string()),
        Just("1e400".to_string()),
    ]
}

/// A list of `name@mark` items as the clock writes them, with some damage.
fn marks() -> impl Strategy<Value = String> {
    prop::collection::vec(text(), 0..14).prop_map(|items| items.join(","))
}

fn query(
    keys: impl Into<Vec<&'static str>>,
    value: BoxedStrategy<String>,
) -> impl Strategy<Value = Vec<(String, String)>> {
    prop::collection::vec((prop::sample::select(keys.into()), value), 0..10)
        .prop_map(|pairs| pairs.into_iter().map(|(k, v)| (k.to_string(), v)).collect())
}

/// A view's URL state (the default build draws every view).
fn url(view: &ViewInfo) -> UrlState {
    drawn(view).expect("the default build has every bundle").url
}

/// Every parameter of every registered view, from the views' own tables.
fn every_parameter() -> Vec<ParamDoc> {
    VIEWS
        .iter()
        .flat_map(|entry| (url(entry).parameters)())
        .collect()
}

/// Every parameter name some view reads, and two that none does.
fn every_name() -> Vec<&'static str> {
    let mut names: Vec<&'static str> = every_parameter().iter().map(|p| p.name).collect();
    names.extend(["bogus", ""]);
    names.sort_unstable();
    names.dedup();
    names
}

/// Values a parameter's own table says it reads, whole or damaged: its example, cut
/// short, doubled, with a character put in.
fn examples() -> impl Strategy<Value = String> {
    let examples: Vec<String> = every_parameter().into_iter().map(|p| p.example).collect();
    (
        prop::sample::select(examples),
        0usize..5,
        "[,@:=.\\-0-9a-z ]",
    )
        .prop_map(|(example, how, extra)| {
            let cut = example
                .char_indices()
                .nth(example.chars().count() / 2)
                .map_or(0, |(i, _)| i);
            match how {
                0 | 1 => example,
                2 => example[..cut].to_string(),
                3 => format!("{example},{example}"),
                _ => format!("{}{extra}{}", &example[..cut], &example[cut..]),
            }
        })
}

/// The clock's rules: counts in range, marks on the clock, distinct server marks and
/// names, distinct key names, and a leaving server that exists.
fn well_formed(p: &ClockParams) {
    assert!((SERVERS.0..=SERVERS.1).contains(&p.servers.len()), "{p:?}");
    assert!((KEYS.0..=KEYS.1).contains(&p.keys.len()), "{p:?}");
    let servers: Vec<_> = p.servers.iter().chain(std::iter::once(&p.add)).collect();
    let mut at: Vec<u32> = servers.iter().map(|s| s.at).collect();
    let mut names: Vec<&str> = servers.iter().map(|s| s.name.as_str()).collect();
    assert!(at.iter().all(|&m| m < MARKS) && p.keys.iter().all(|k| k.at < MARKS));
    at.sort_unstable();
    at.dedup();
    names.sort_unstable();
    names.dedup();
    assert_eq!(at.len(), servers.len(), "server marks are distinct: {p:?}");
    assert_eq!(
        names.len(),
        servers.len(),
        "server names are distinct: {p:?}"
    );
    let mut keys: Vec<&str> = p.keys.iter().map(|k| k.name.as_str()).collect();
    keys.sort_unstable();
    keys.dedup();
    assert_eq!(keys.len(), p.keys.len(), "key names are distinct: {p:?}");
    assert!(servers.iter().any(|s| s.name == p.remove), "{p:?}");
}

fn clock_action() -> impl Strategy<Value = Action> {
    let slot = prop_oneof![(0usize..9).prop_map(Slot::Server), Just(Slot::Added)];
    let change = prop_oneof![Just(Change::Join), Just(Change::Leave)];
    let stage = prop_oneof![Just(Stage::Start), Just(Stage::Joined), Just(Stage::Left)];
    prop_oneof![
        (slot.clone(), text()).prop_map(|(s, t)| Action::Edit(Edit::ServerName(s, t))),
        (slot, text()).prop_map(|(s, t)| Action::Edit(Edit::ServerMark(s, t))),
        (0usize..12, text()).prop_map(|(k, t)| Action::Edit(Edit::KeyName(k, t))),
        (0usize..12, text()).prop_map(|(k, t)| Action::Edit(Edit::KeyMark(k, t))),
        text().prop_map(|t| Action::Edit(Edit::Remove(t))),
        Just(Action::Edit(Edit::AddServer)),
        (0usize..9).prop_map(|i| Action::Edit(Edit::DropServer(i))),
        Just(Action::Edit(Edit::AddKey)),
        (0usize..12).prop_map(|i| Action::Edit(Edit::DropKey(i))),
        (0usize..12, prop::option::of(text())).prop_map(|(k, g)| Action::GuessOwner(k, g)),
        (change.clone(), 0usize..12, any::<bool>())
            .prop_map(|(c, k, b)| Action::GuessMove(c, k, b)),
        Just(Action::RevealOwners),
        change.prop_map(Action::RevealMoves),
        stage.prop_map(Action::Show),
        Just(Action::ResetExercise),
        Just(Action::StartOver),
        Just(Action::DismissNotes),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn any_clock_link_is_repaired_into_a_fixed_point(
        q in query(&["servers", "keys", "add", "remove", "embed", "bogus"], marks().boxed()),
    ) {
        let (params, _) = ClockParams::from_query(&q);
        well_formed(&params);
        let (again, notes) = ClockParams::from_query(&params.to_query());
        prop_assert_eq!(&again, &params);
        prop_assert!(notes.is_empty(), "{:?}", notes);
    }

    #[test]
    fn random_clock_edits_keep_the_exercise_well_formed(
        actions in prop::collection::vec(clock_action(), 1..40),
    ) {
        let mut state = Rc::new(ClockState::from_query(&[]));
        for action in actions {
            state = state.reduce(action);
            well_formed(&state.params);
            prop_assert_eq!(state.owner_guess.len(), state.params.keys.len());
            let (again, notes) = ClockParams::from_query(&state.query());
            prop_assert_eq!(&again, &state.params);
            prop_assert!(notes.is_empty(), "{:?}", notes);
        }
    }

    #[test]
    fn any_cost_link_is_clamped_into_a_fixed_point_with_a_report(
        q in query(&["before", "after", "objects", "size", "rf", "gbps", "throttle", "x"], text().boxed()),
    ) {
        let (params, _) = CostParams::from_query(&q);
        let (again, notes) = CostParams::from_query(&params.to_query());
        prop_assert_eq!(again, params);
        prop_assert!(notes.is_empty(), "{:?}", notes);
        for field in Field::ALL {
            let (min, max, _) = field.bounds();
            let value: f64 = params.get(field).parse().unwrap();
            prop_assert!(value >= min.parse::<f64>().unwrap() && value <= max.parse::<f64>().unwrap());
        }
        if let Ok(r) = report(&params) {
            for c in [r.cost.modulo, r.cost.ring] {
                prop_assert!(c.hours.is_finite() && c.hours >= 0.0);
                prop_assert!(c.logical_bytes_moved.is_finite() && c.logical_bytes_moved >= 0.0);
            }
            prop_assert!(!r.prose.is_empty());
        }
    }

    #[test]
    fn any_grids_link_is_clamped_into_a_fixed_point(
        q in query(&["servers", "from", "keys", "seed", "vnodes", "schemes", "previous", "embed", "y"], text().boxed()),
    ) {
        let (params, _) = GridsParams::from_query(&q);
        let (again, notes) = GridsParams::from_query(&params.to_query());
        prop_assert_eq!(&again, &params);
        prop_assert!(notes.is_empty(), "{:?}", notes);
    }

    /// Every registered view, from the registry: any query, with any of the parameters any
    /// view knows (and some none does), repairs into a link that reads back as itself
    /// with no notes.
    #[test]
    fn every_registered_view_repairs_any_link_into_a_fixed_point(
        q in query(every_name(), prop_oneof![text(), marks(), numbers(), examples()].boxed()),
    ) {
        for entry in VIEWS {
            let repair = url(entry).repair;
            let (canonical, _) = repair(&q);
            let (again, notes) = repair(&canonical);
            prop_assert_eq!(&again, &canonical, "{}", entry.path);
            prop_assert!(notes.is_empty(), "{}: {:?}", entry.path, notes);
        }
    }

    /// The shell's part of any hash: read, written, read again is the same route.
    #[test]
    fn any_hash_repairs_into_a_fixed_point(
        path in prop_oneof![(0..VIEWS.len()).prop_map(|i| VIEWS[i].path.to_string()), text()],
        q in query(&["embed", "theme", "controls", "keys"], prop_oneof![text(), Just("dark".to_string()), Just("0".to_string())].boxed()),
    ) {
        let hash = format!("#/{path}?{}", ringlab_model::urlkit::write_query(q.iter().map(|(k, v)| (k.as_str(), v.as_str()))));
        let route = Route::parse(&hash, infos());
        let again = Route::parse(&route.to_hash(), infos());
        prop_assert!(again.notes.is_empty(), "{:?}", again.notes);
        prop_assert_eq!(again.to_hash(), route.to_hash());
    }
}

/// Numbers as people and broken links write them, at and past every bound.
fn numbers() -> impl Strategy<Value = String> {
    prop_oneof![
        any::<u64>().prop_map(|n| n.to_string()),
        any::<i64>().prop_map(|n| n.to_string()),
        (0u32..10_000).prop_map(|n| format!("{n}e{}", n % 25)),
        (0u64..1_000_000_000).prop_map(|n| n
            .to_string()
            .as_bytes()
            .rchunks(3)
            .rev()
            .map(|c| std::str::from_utf8(c).unwrap())
            .collect::<Vec<_>>()
            .join(",")),
        any::<f64>().prop_map(|f| f.to_string()),
        Just("1e400".to_string()),
    ]
}

/// The eleven parameters the hand list once missed are among those fuzzed, and every
/// view's parameters come from its table.
#[test]
fn every_parameter_of_every_view_is_fuzzed() {
    let names = every_name();
    for name in [
        "system", "config", "change", "key", "zipf", "hot", "bounded", "epsilon", "fix",
        "scenario", "speed",
    ] {
        assert!(names.contains(&name), "{name}");
    }
    for entry in VIEWS {
        let url = url(entry);
        for param in (url.parameters)() {
            assert!(names.contains(&param.name), "{}", param.name);
        }
    }
}

/// Each parameter's example, alone in a link, reads with no note and is written back as
/// it was given (a table's example is what its docs show people).
#[test]
fn every_example_reads_cleanly() {
    for entry in VIEWS {
        let url = url(entry);
        for param in (url.parameters)() {
            let q = vec![(param.name.to_string(), param.example.clone())];
            let (canonical, notes) = (url.repair)(&q);
            assert!(
                notes.is_empty(),
                "{}: {}={}: {notes:?}",
                entry.path,
                param.name,
                param.example
            );
            let written = canonical.iter().find(|(k, _)| k == param.name);
            assert_eq!(
                written.map(|(_, v)| v.as_str()),
                Some(param.example.as_str()),
                "{}: {}",
                entry.path,
                param.name
            );
        }
    }
}

/// `docs/parameters.md` is made from the tables: it must say what they say.
/// `UPDATE_DOCS=1 cargo test --test url_properties` writes it again.
#[test]
fn the_parameters_doc_is_the_tables() {
    let mut doc = String::from(
        "# Every view's URL parameters\n\n\
         Made from each view's parameter table (`ViewState::PARAMS` in `model/src/<view>/params.rs`)\n\
         by `UPDATE_DOCS=1 cargo test --test url_properties`; a test fails when it differs.\n\
         These apply to every view: `embed=1` (the bare widget), `theme=light|dark|auto`\n\
         (auto follows the reader, or the host page when embedded), and, embedded only,\n\
         `controls=0` (no control panel), `compact=1` (the picture and one line of numbers)\n\
         and `transparent=1` (the host page's background). A value out of range or unknown\n\
         is repaired, with a note on the page.\n",
    );
    for entry in VIEWS {
        let url = url(entry);
        let rows = (url.parameters)();
        doc.push_str(&format!("\n## `#/{}`: {}\n\n", entry.path, entry.title));
        if rows.is_empty() {
            doc.push_str("No parameters of its own.\n");
        } else {
            doc.push_str(&ringlab_model::param_table::rows_markdown(&rows));
        }
    }
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/docs/parameters.md");
    if std::env::var_os("UPDATE_DOCS").is_some() {
        std::fs::write(path, &doc).unwrap();
    }
    let on_disk = std::fs::read_to_string(path).unwrap_or_default();
    assert!(
        on_disk == doc,
        "docs/parameters.md is out of date: run UPDATE_DOCS=1 cargo test --test url_properties"
    );
}

/// The walkthrough's widget presets are links people see: each reads with no note in the
/// view it names.
#[test]
fn every_walkthrough_preset_reads_cleanly() {
    use ringlab_model::views::learn::steps::{BREAK_WIDGET, STEPS};
    let widgets = STEPS.iter().filter_map(|step| step.widget);
    for widget in widgets.chain([BREAK_WIDGET]) {
        let entry = VIEWS
            .iter()
            .find(|entry| entry.path == widget.view)
            .unwrap_or_else(|| panic!("{} is not registered", widget.view));
        let url = url(entry);
        let (_, notes) = (url.repair)(&widget.query());
        assert!(
            notes.is_empty(),
            "{}?{}: {notes:?}",
            widget.view,
            widget.preset
        );
    }
}
