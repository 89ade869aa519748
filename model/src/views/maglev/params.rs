//! The Maglev view's URL state.
//!
//! `#/maglev?m=7&backends=B1:3:4,B2:0:2,B3:3:1&leave=B2&system=envoy&table=65537&n=10&change=leave&gone=1`
//! is the default: the paper's example (section 3.4), then Envoy's default table of
//! 65,537 slots over ten backends. Bad values are clamped or replaced, each with a note.

use ringlab_core::schemes::maglev_systems::MaglevSystem;

use crate::param_table::{Kind, Notes, Param};
use crate::urlkit::{check_name, list, name_or_none, shorten};
use crate::view_state::ViewState;
use crate::{choice_field, named_choice, text_field, whole_field};

/// The small tables the fill can show, each a prime.
pub const SMALL_TABLES: [(&str, u64); 8] = [
    ("7", 7),
    ("11", 11),
    ("13", 13),
    ("17", 17),
    ("19", 19),
    ("23", 23),
    ("29", 29),
    ("31", 31),
];
/// At most this many backends in the small table.
pub const MOST_SMALL_BACKENDS: usize = 6;
/// A backend's name in the small table: at most this many characters.
pub const NAME_CHARS: usize = 12;
/// The step that shows the whole fill, whatever M.
pub const ALL_STEPS: u64 = 31;
/// Backends at real sizes.
pub const BACKENDS: (u64, u64) = (1, 1_000);
/// Table sizes at real sizes (each system takes its own within these).
pub const TABLE: (u64, u64) = (10, 131_071);
/// The key looked up when none is typed.
pub const DEFAULT_KEY: &str = "user:42";
/// The longest key the link carries.
pub const KEY_CHARS: usize = 200;

/// The paper's three backends and their (offset, skip) in a table of 7.
pub const PAPER: [(&str, u64, u64); 3] = [("B1", 3, 4), ("B2", 0, 2), ("B3", 3, 1)];

/// A backend of the small table, with its permutation given.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SmallBackend {
    pub name: String,
    pub offset: u64,
    pub skip: u64,
}

/// What changes at real sizes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Change {
    /// Backend `gone` leaves.
    Leave,
    /// A new backend joins at the end.
    Join,
}

pub const CHANGES: [(&str, Change); 2] = [("leave", Change::Leave), ("join", Change::Join)];

/// The view's state, as the link holds it.
#[derive(Debug, Clone, PartialEq)]
pub struct MaglevParams {
    /// M of the small table.
    pub m: u64,
    pub backends: Vec<SmallBackend>,
    /// The small table's backend that leaves, by name.
    pub leave: Option<String>,
    /// How many claims of the fill are shown ([`ALL_STEPS`]: all of them).
    pub step: u64,
    pub system: MaglevSystem,
    pub table: u64,
    pub n: u64,
    pub change: Change,
    /// The backend that leaves, from 1.
    pub gone: u64,
    pub key: Option<String>,
}

impl Default for MaglevParams {
    fn default() -> Self {
        MaglevParams {
            m: 7,
            backends: PAPER
                .iter()
                .map(|&(name, offset, skip)| SmallBackend {
                    name: name.into(),
                    offset,
                    skip,
                })
                .collect(),
            leave: Some("B2".into()),
            step: ALL_STEPS,
            system: MaglevSystem::Envoy,
            table: 65_537,
            n: 10,
            change: Change::Leave,
            gone: 1,
            key: None,
        }
    }
}

impl MaglevParams {
    /// The backends as the link writes them: `B1:3:4,B2:0:2`.
    pub fn backends_text(&self) -> String {
        self.backends
            .iter()
            .map(|b| format!("{}:{}:{}", b.name, b.offset, b.skip))
            .collect::<Vec<_>>()
            .join(",")
    }

    /// The claims shown: every one when `step` is past the end.
    pub fn shown_steps(&self) -> u64 {
        self.step.min(self.m)
    }

    /// The key looked up.
    pub fn key(&self) -> &str {
        self.key.as_deref().unwrap_or(DEFAULT_KEY)
    }

    /// The names at real sizes, in the form the system takes.
    pub fn names(&self, count: u64) -> Vec<String> {
        (0..count as usize)
            .map(|i| self.system.example_name(i))
            .collect()
    }
}

/// Reads `name:offset:skip,...`; the numbers are brought into range by [`repair`].
fn read_backends(p: &mut MaglevParams, text: &str, notes: &mut Notes) {
    let mut backends: Vec<SmallBackend> = Vec::new();
    for item in list(text) {
        if backends.len() == MOST_SMALL_BACKENDS {
            notes.push(format!(
                "backends: at most {MOST_SMALL_BACKENDS} in the small table; the rest are left out"
            ));
            break;
        }
        let parts: Vec<&str> = item.split(':').collect();
        let numbers = match parts[..] {
            [name, offset, skip] => offset
                .trim()
                .parse::<u64>()
                .ok()
                .zip(skip.trim().parse::<u64>().ok())
                .map(|(o, s)| (name.trim(), o, s)),
            _ => None,
        };
        let Some((name, offset, skip)) = numbers else {
            notes.push(format!(
                "backends: {:?} is not name:offset:skip; left out",
                shorten(item)
            ));
            continue;
        };
        if let Err(why) = check_name(name, NAME_CHARS) {
            notes.push(format!("backends: {why}; {:?} left out", shorten(name)));
            continue;
        }
        if backends.iter().any(|b| b.name == name) {
            notes.push(format!(
                "backends: {name:?} is listed twice; the second left out"
            ));
            continue;
        }
        backends.push(SmallBackend {
            name: name.into(),
            offset,
            skip,
        });
    }
    if backends.is_empty() {
        notes.push("backends: none could be read; using the paper's three".into());
        backends = MaglevParams::default().backends;
    }
    p.backends = backends;
}

fn read_leave(p: &mut MaglevParams, text: &str, notes: &mut Notes) {
    let names = p.backends.iter().map(|b| b.name.as_str());
    p.leave = name_or_none("leave", text, names, "a backend", notes);
}

impl ViewState for MaglevParams {
    const PARAMS: &'static [Param<Self>] = &[
        Param::new(
            "m",
            "the small table's size M, a prime",
            choice_field!(SMALL_TABLES, m),
        ),
        Param::new(
            "backends",
            "the small table's backends, each with its permutation's offset and skip",
            Kind::Items {
                grammar: "`name:offset:skip,...`, up to 6, offset below M, skip 1 to M - 1",
                example: "B1:3:4,B2:0:2,B3:3:1",
                read: read_backends,
                write: |p| Some(p.backends_text()),
            },
        ),
        Param::new(
            "leave",
            "the small table's backend that leaves, or `none`",
            Kind::Items {
                grammar: "a name of `backends`, or `none`",
                example: "B2",
                read: read_leave,
                write: |p| Some(p.leave.clone().unwrap_or_else(|| "none".into())),
            },
        ),
        Param::new(
            "step",
            "how many claims of the fill are shown (31: all)",
            whole_field!((0, ALL_STEPS), step),
        )
        .unless_default(),
        Param::new(
            "system",
            "whose Maglev builds the big table",
            named_choice!(MaglevSystem::ALL, system),
        ),
        Param::new(
            "table",
            "the big table's size M (a prime the system takes)",
            whole_field!(TABLE, table),
        ),
        Param::new("n", "backends in the big table", whole_field!(BACKENDS, n)),
        Param::new(
            "change",
            "`leave`: backend `gone` leaves; `join`: one more joins",
            choice_field!(CHANGES, change),
        ),
        Param::new(
            "gone",
            "the backend that leaves, from 1",
            whole_field!(BACKENDS, gone),
        ),
        Param::new("key", "the key looked up", text_field!(KEY_CHARS, key)).unless_default(),
    ];

    /// Offsets and skips into the small table's range; a table size the system takes; no
    /// more backends than slots; `gone` one of them.
    fn repair(&mut self, notes: &mut Notes) {
        let m = self.m;
        for b in &mut self.backends {
            if b.offset >= m {
                notes.push(format!(
                    "backends: {}'s offset {} is not below M = {m}: using {}",
                    b.name,
                    b.offset,
                    b.offset % m
                ));
                b.offset %= m;
            }
            if b.skip == 0 || b.skip >= m {
                let skip = (b.skip + m - 2) % (m - 1) + 1;
                notes.push(format!(
                    "backends: {}'s skip {} is not from 1 to {}: using {skip}",
                    b.name,
                    b.skip,
                    m - 1
                ));
                b.skip = skip;
            }
        }
        if !self.system.allows_table_size(self.table) {
            let size = self.system.default_table_size();
            notes.push(format!(
                "table: {} does not build a table of {} slots (it takes {}): using {size}",
                self.system.name(),
                self.table,
                match self.system {
                    MaglevSystem::Cilium =>
                        "251, 509, 1021, 2039, 4093, 8191, 16381, 32749, 65521 or 131071",
                    _ => "a prime",
                }
            ));
            self.table = size;
        }
        let most = self.table.min(BACKENDS.1);
        if self.n > most {
            notes.push(format!(
                "n: a table of {} slots holds at most {most} backends: using {most}",
                self.table
            ));
            self.n = most;
        }
        let joined = u64::from(self.change == Change::Join);
        if self.n + joined > self.table {
            notes.push(format!(
                "change: a table of {} slots has no room for one more backend: one leaves instead",
                self.table
            ));
            self.change = Change::Leave;
        }
        if self.gone > self.n {
            notes.push(format!(
                "gone: there are {} backends: using {}",
                self.n, self.n
            ));
            self.gone = self.n;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::urlkit::{parse_query, write_query};

    const DEFAULT: &str = "m=7&backends=B1:3:4,B2:0:2,B3:3:1&leave=B2&system=envoy&table=65537&n=10&change=leave&gone=1";

    fn text(params: &MaglevParams) -> String {
        let q = params.to_query();
        write_query(q.iter().map(|(k, v)| (k.as_str(), v.as_str())))
    }

    #[test]
    fn the_default_is_the_papers_example_and_envoys_table() {
        let (params, notes) = MaglevParams::from_query(&parse_query(DEFAULT));
        assert!(notes.is_empty(), "{notes:?}");
        assert_eq!(params, MaglevParams::default());
        assert_eq!(text(&params), DEFAULT);
        assert_eq!(params.shown_steps(), 7);
        let odd = "m=13&backends=x:12:1,y:0:12&leave=none&step=4&system=cilium&table=251&n=3&change=join&gone=2&key=a%20b";
        let (params, notes) = MaglevParams::from_query(&parse_query(odd));
        assert!(notes.is_empty(), "{notes:?}");
        assert_eq!(text(&params), odd);
        assert_eq!(params.key(), "a b");
        assert_eq!(params.names(2), ["10.0.0.1:80", "10.0.0.2:80"]);
    }

    #[test]
    fn bad_values_are_repaired_with_notes() {
        let q = "m=8&backends=B1:9:0,B1:1:1,bad,C:x:1&leave=Z&system=cilium&table=65537&n=5000&gone=9999&step=99";
        let (params, notes) = MaglevParams::from_query(&parse_query(q));
        assert_eq!(params.m, 7);
        assert_eq!(
            params.backends,
            [SmallBackend {
                name: "B1".into(),
                offset: 2,
                skip: 6
            }]
        );
        assert_eq!(params.leave, None);
        assert_eq!(params.table, 16_381);
        assert_eq!(params.n, 1_000);
        assert_eq!(params.gone, 1_000);
        assert_eq!(params.step, ALL_STEPS);
        assert_eq!(notes.len(), 11, "{notes:#?}");
        let (params, notes) =
            MaglevParams::from_query(&parse_query("backends=,,&table=11&n=13&change=join"));
        assert_eq!(params.backends, MaglevParams::default().backends);
        assert_eq!((params.n, params.change), (11, Change::Leave));
        assert_eq!(notes.len(), 3, "{notes:#?}");
        let (params, _) = MaglevParams::from_query(&parse_query("system=katran&table=65536"));
        assert_eq!(params.table, 65_537);
    }
}
