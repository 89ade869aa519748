//! The comparison's URL state.
//!
//! `#/compare?servers=1000&keys=100000&vnodes=160&change=join&schemes=modulo,ring,jump,rendezvous,maglev,slots`
//! is the default. Bad values are clamped or replaced, each with a note.

use super::schemes::Compared;
use crate::param_table::{Kind, Notes, Param};
use crate::urlkit::{list, shorten};
use crate::view_state::ViewState;
use crate::{choice_field, whole_field};

pub const SERVERS: (u64, u64) = (2, 2_000);
pub const KEYS: (u64, u64) = (1_000, 1_000_000);
pub const VNODES: (u64, u64) = (1, 1_024);

/// The change every scheme undergoes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Change {
    /// One more server joins.
    Join,
    /// The last server leaves.
    LastLeaves,
    /// A server in the middle leaves.
    MiddleLeaves,
    /// A server in the middle fails: the list stays, its keys go to their next choice.
    Fails,
}

pub const CHANGES: [(&str, Change); 4] = [
    ("join", Change::Join),
    ("last", Change::LastLeaves),
    ("middle", Change::MiddleLeaves),
    ("fail", Change::Fails),
];

impl Change {
    /// The change in words, for `n` servers.
    pub fn label(self, n: u64) -> String {
        match self {
            Change::Join => format!("a server joins ({n} → {})", n + 1),
            Change::LastLeaves => "the last server leaves".into(),
            Change::MiddleLeaves => format!("server {} of {n} leaves", n / 2 + 1),
            Change::Fails => format!("server {} of {n} fails", n / 2 + 1),
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct CompareParams {
    pub servers: u64,
    pub keys: u64,
    pub vnodes: u64,
    pub change: Change,
    pub schemes: Vec<Compared>,
}

/// The schemes shown unless the link names others.
pub const DEFAULT_SCHEMES: [Compared; 6] = [
    Compared::Modulo,
    Compared::Ring,
    Compared::Jump,
    Compared::Rendezvous,
    Compared::Maglev,
    Compared::Slots,
];

impl Default for CompareParams {
    fn default() -> Self {
        CompareParams {
            servers: 1_000,
            keys: 100_000,
            vnodes: 160,
            change: Change::Join,
            schemes: DEFAULT_SCHEMES.to_vec(),
        }
    }
}

impl CompareParams {
    /// The seed experiment's comparison: 1,000 servers, a million keys, a join, the ring at
    /// 160 and at 1,024 points, and jump.
    pub fn seed_experiment() -> CompareParams {
        CompareParams {
            servers: 1_000,
            keys: 1_000_000,
            vnodes: 160,
            change: Change::Join,
            schemes: vec![Compared::Ring, Compared::Ring1024, Compared::Jump],
        }
    }

    /// The share of keys a fair change moves on average: the newcomer's fair share, or the
    /// leaver's. An expectation: the count of keys that share holds varies by chance.
    pub fn ideal(&self) -> f64 {
        let n = self.servers as f64;
        match self.change {
            Change::Join => 1.0 / (n + 1.0),
            _ => 1.0 / n,
        }
    }

    pub fn schemes_text(&self) -> String {
        self.schemes
            .iter()
            .map(|s| s.name())
            .collect::<Vec<_>>()
            .join(",")
    }
}

fn read_schemes(p: &mut CompareParams, text: &str, notes: &mut Notes) {
    let mut schemes = Vec::new();
    for item in list(text) {
        match Compared::ALL.iter().find(|s| s.name() == item) {
            Some(s) if !schemes.contains(s) => schemes.push(*s),
            Some(_) => {}
            None => notes.push(format!(
                "schemes: {:?} is not one of {}; left out",
                shorten(item),
                Compared::ALL.map(|s| s.name()).join(", ")
            )),
        }
    }
    if schemes.is_empty() {
        notes.push("schemes: none could be read; using the usual six".into());
        schemes = DEFAULT_SCHEMES.to_vec();
    }
    // In the table's order, whatever the link's.
    schemes.sort_by_key(|s| Compared::ALL.iter().position(|a| a == s));
    p.schemes = schemes;
}

impl ViewState for CompareParams {
    const PARAMS: &'static [Param<Self>] = &[
        Param::new(
            "servers",
            "servers before the change",
            whole_field!(SERVERS, servers),
        ),
        Param::new("keys", "keys placed", whole_field!(KEYS, keys)),
        Param::new(
            "vnodes",
            "the ring's points per server",
            whole_field!(VNODES, vnodes),
        ),
        Param::new(
            "change",
            "`join`, `last` (leaves), `middle` (leaves) or `fail`",
            choice_field!(CHANGES, change),
        ),
        Param::new(
            "schemes",
            "the schemes compared",
            Kind::Items {
                grammar: "`modulo,ring,ring1024,jump,rendezvous,maglev,slots`, any of them",
                example: "ring,jump",
                read: read_schemes,
                write: |p| Some(p.schemes_text()),
            },
        ),
    ];
}

/// Test-only settings, apart from the public API.
#[cfg(test)]
impl CompareParams {
    /// A small comparison whose middle server leaves: 12 servers, 5,003 keys (a count no
    /// worker count divides), 40 points each.
    pub(crate) fn small_for_tests() -> CompareParams {
        CompareParams {
            servers: 12,
            keys: 5_003,
            vnodes: 40,
            change: Change::MiddleLeaves,
            ..CompareParams::default()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::urlkit::{parse_query, write_query};

    const DEFAULT: &str =
        "servers=1000&keys=100000&vnodes=160&change=join&schemes=modulo,ring,jump,rendezvous,maglev,slots";

    #[test]
    fn the_default_round_trips_and_bad_values_are_noted() {
        let (params, notes) = CompareParams::from_query(&parse_query(DEFAULT));
        assert!(notes.is_empty(), "{notes:?}");
        assert_eq!(params, CompareParams::default());
        let q = params.to_query();
        assert_eq!(
            write_query(q.iter().map(|(k, v)| (k.as_str(), v.as_str()))),
            DEFAULT
        );
        let (params, notes) = CompareParams::from_query(&parse_query(
            "servers=1&keys=10&vnodes=5000&change=boom&schemes=jump,ring,jump,chord",
        ));
        assert_eq!(
            (params.servers, params.keys, params.vnodes),
            (2, 1_000, 1_024)
        );
        assert_eq!(params.change, Change::Join);
        assert_eq!(params.schemes, [Compared::Ring, Compared::Jump]);
        assert_eq!(notes.len(), 5, "{notes:#?}");
    }
}
