//! The grids view's URL state: `#/grids?servers=9&from=8&keys=100&seed=7&vnodes=160&schemes=modulo,ring`.
//!
//! Bad or unknown values never fail: they are clamped or dropped, each with a note shown
//! beside the grids.
//!
//! Its parameters are declared once, in [`GridsParams::PARAMS`]; `docs/parameters.md`
//! lists them.

use ringlab_core::SchemeKind;

use crate::param_table::{self, Kind, Param};
use crate::urlkit::{list, shorten, whole};
use crate::view_state::ViewState;
use crate::views::ring::params::{PlaygroundParams, Scheme};
use crate::{flag_field, whole_field};

/// Servers.
pub const SERVERS: (u32, u32) = (1, 1000);
/// Number of keys.
pub const KEYS: (u32, u32) = (1, 10_000);
/// Ring points per server.
pub const VNODES: (u32, u32) = (1, 1000);

/// The schemes the view can show side by side, in their column order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum GridScheme {
    Modulo,
    Ring,
    Jump,
    Rendezvous,
}

impl GridScheme {
    pub const ALL: [GridScheme; 4] = [
        GridScheme::Modulo,
        GridScheme::Ring,
        GridScheme::Jump,
        GridScheme::Rendezvous,
    ];

    /// The library's scheme.
    pub fn kind(self) -> SchemeKind {
        match self {
            GridScheme::Modulo => SchemeKind::Modulo,
            GridScheme::Ring => SchemeKind::Ring,
            GridScheme::Jump => SchemeKind::Jump,
            GridScheme::Rendezvous => SchemeKind::Rendezvous,
        }
    }

    /// The URL name.
    pub fn name(self) -> &'static str {
        self.kind().name()
    }

    /// The name in running text: "the ring moved ...".
    pub fn title(self) -> &'static str {
        match self {
            GridScheme::Modulo => "modulo",
            GridScheme::Ring => "the ring",
            GridScheme::Jump => "jump hash",
            GridScheme::Rendezvous => "rendezvous",
        }
    }

    /// The heading of its grid.
    pub fn heading(self) -> &'static str {
        match self {
            GridScheme::Modulo => "Modulo (h mod N)",
            GridScheme::Ring => "Hash ring",
            GridScheme::Jump => "Jump hash",
            GridScheme::Rendezvous => "Rendezvous",
        }
    }

    pub fn parse(text: &str) -> Option<GridScheme> {
        GridScheme::ALL.into_iter().find(|s| s.name() == text)
    }
}

/// Everything the grids depend on.
#[derive(Debug, Clone, PartialEq)]
pub struct GridsParams {
    pub servers: u32,
    /// The server count before the last change, if there was one.
    pub from: Option<u32>,
    pub keys: u32,
    pub seed: u64,
    pub vnodes: u32,
    /// The grids shown, in [`GridScheme::ALL`] order, never empty.
    pub schemes: Vec<GridScheme>,
    /// Keep the previous owner visible in each cell.
    pub previous: bool,
}

impl Default for GridsParams {
    fn default() -> Self {
        GridsParams {
            servers: 8,
            from: None,
            keys: 100,
            seed: 7,
            vnodes: 160,
            schemes: vec![GridScheme::Modulo, GridScheme::Ring],
            previous: false,
        }
    }
}

/// Parses `modulo,ring,...` into the shown schemes, in column order, without repeats.
pub fn parse_schemes(text: &str, notes: &mut Vec<String>) -> Vec<GridScheme> {
    let mut schemes = Vec::new();
    for item in list(text) {
        match GridScheme::parse(item) {
            Some(s) if !schemes.contains(&s) => schemes.push(s),
            Some(_) => {}
            None => notes.push(format!(
                "schemes: {:?} is not one of modulo, ring, jump, rendezvous: ignored",
                shorten(item)
            )),
        }
    }
    if schemes.is_empty() {
        notes.push("schemes: none left to show: showing modulo and the ring".into());
        return GridsParams::default().schemes;
    }
    schemes.sort();
    schemes
}

impl GridsParams {
    /// The ring playground walking key `key` on the same servers and keys.
    pub fn walk_link(&self, key: usize) -> String {
        let ring = PlaygroundParams {
            vnodes: self.vnodes,
            keys: self.keys,
            scheme: Scheme::Ring,
            seed: self.seed,
            walk: u32::try_from(key).ok(),
            ..PlaygroundParams::with_servers(self.servers as usize)
        };
        param_table::link("ring", &ring)
    }
}

impl ViewState for GridsParams {
    const PARAMS: &'static [Param<Self>] = &[
        Param::new(
            "servers",
            "servers now (named A, B, ... as in the playground)",
            whole_field!(SERVERS, servers),
        ),
        Param::new(
            "from",
            "servers before the last change; the moved cells light up (left out: no change)",
            Kind::Items {
                grammar: "1 to 1,000, the same range as `servers`",
                example: "7",
                read: |p, text, notes| {
                    if !text.trim().is_empty() {
                        p.from = Some(whole("from", text, SERVERS, p.servers, notes));
                    }
                },
                write: |p| p.from.map(|from| from.to_string()),
            },
        ),
        Param::new(
            "keys",
            "keys placed, named as in the playground for the seed",
            whole_field!(KEYS, keys),
        ),
        Param::new(
            "seed",
            "picks the key names",
            whole_field!((0u64, u64::MAX), seed),
        ),
        Param::new(
            "vnodes",
            "points per server of the ring",
            whole_field!(VNODES, vnodes),
        ),
        Param::new(
            "schemes",
            "the grids shown, in column order",
            Kind::Items {
                grammar: "a list of `modulo`, `ring`, `jump`, `rendezvous`",
                example: "modulo,ring,jump",
                read: |p, text, notes| p.schemes = parse_schemes(text, notes),
                write: |p| {
                    Some(
                        p.schemes
                            .iter()
                            .map(|s| s.name())
                            .collect::<Vec<_>>()
                            .join(","),
                    )
                },
            },
        ),
        Param::new(
            "previous",
            "`1` keeps the previous owner visible in each cell",
            flag_field!(previous),
        )
        .unless_default(),
    ];
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::urlkit;

    fn query(text: &str) -> Vec<(String, String)> {
        urlkit::parse_query(text)
    }

    fn text(query: &[(String, String)]) -> String {
        urlkit::write_query(query.iter().map(|(k, v)| (k.as_str(), v.as_str())))
    }

    const DEFAULT: &str = "servers=8&keys=100&seed=7&vnodes=160&schemes=modulo,ring";

    #[test]
    fn defaults_parse_cleanly_and_serialize_back() {
        let (params, notes) = GridsParams::from_query(&query(DEFAULT));
        assert!(notes.is_empty(), "{notes:?}");
        assert_eq!(params, GridsParams::default());
        assert_eq!(text(&params.to_query()), DEFAULT);
        assert_eq!(GridsParams::from_query(&[]).0, GridsParams::default());
    }

    #[test]
    fn round_trip_of_everything() {
        let q = "servers=9&from=8&keys=10000&seed=99&vnodes=1000\
                 &schemes=modulo,ring,jump,rendezvous&previous=1";
        let (params, notes) = GridsParams::from_query(&query(q));
        assert!(notes.is_empty(), "{notes:?}");
        assert_eq!(params.from, Some(8));
        assert!(params.previous);
        assert_eq!(params.schemes, GridScheme::ALL);
        assert_eq!(text(&params.to_query()), q);
        assert_eq!(GridsParams::from_query(&params.to_query()).0, params);
    }

    #[test]
    fn out_of_range_values_are_clamped_with_notes() {
        let q = "servers=5000&from=0&keys=99999999999999999999999&seed=x&vnodes=-4\
                 &schemes=maglev&previous=maybe&bogus=1";
        let (params, notes) = GridsParams::from_query(&query(q));
        assert_eq!(params.servers, 1000);
        assert_eq!(params.from, Some(1));
        assert_eq!(params.keys, 10_000);
        assert_eq!(params.seed, 7);
        assert_eq!(params.vnodes, 1);
        assert_eq!(params.schemes, GridsParams::default().schemes);
        assert!(!params.previous);
        // One note each, and one more for the empty scheme list.
        assert_eq!(notes.len(), 9, "{notes:?}");
        assert!(notes.iter().any(|n| n.contains("bogus")));
        assert!(notes.iter().any(|n| n.contains("maglev")));
    }

    #[test]
    fn scheme_lists_are_ordered_and_deduplicated() {
        let mut notes = Vec::new();
        let schemes = parse_schemes("jump, ring,jump,,modulo", &mut notes);
        assert_eq!(
            schemes,
            [GridScheme::Modulo, GridScheme::Ring, GridScheme::Jump]
        );
        assert!(notes.is_empty());
        let (params, notes) = GridsParams::from_query(&query("schemes=rendezvous"));
        assert_eq!(params.schemes, [GridScheme::Rendezvous]);
        assert!(notes.is_empty());
    }

    #[test]
    fn hostile_input_is_only_quoted_and_shortened() {
        let evil = "<img src=x onerror=alert(1)>".repeat(5);
        let (params, notes) =
            GridsParams::from_query(&[("schemes".into(), evil.clone()), (evil, "1".into())]);
        assert_eq!(params.schemes, GridsParams::default().schemes);
        assert!(notes.iter().all(|n| n.chars().count() < 120), "{notes:?}");
    }

    #[test]
    fn the_walk_link_opens_the_same_keys_on_the_ring() {
        let params = GridsParams {
            servers: 9,
            ..GridsParams::default()
        };
        assert_eq!(
            params.walk_link(42),
            "#/ring?servers=9&vnodes=160&keys=100&replicas=3&scheme=ring&seed=7&walk=42"
        );
        // The playground reads it back without a note.
        let link = params.walk_link(42);
        let query = urlkit::parse_query(link.strip_prefix("#/ring?").unwrap());
        let (ring, notes) = crate::views::ring::params::PlaygroundParams::from_query(&query);
        assert!(notes.is_empty(), "{notes:?}");
        assert_eq!(ring.walk, Some(42));
        assert_eq!(ring.servers.len(), 9);
    }
}
