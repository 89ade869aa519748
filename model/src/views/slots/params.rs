//! The Redis slots view's URL state.
//!
//! `#/slots?masters=3&from=11000&to=11099&target=A&phase=plan` is the default: the cluster
//! `redis-cli --cluster create` makes of three masters, the keys `somekey`,
//! `user:{42}:cart` and `user:{42}:profile`, and a planned move of slots 11000 to 11099
//! (somekey's among them) to master A. `moves` keeps the moves already finished, applied
//! in order on top of the `create` layout; `from`, `to`, `target` and `phase` are the move
//! under way. Bad values are clamped or dropped, each with a note; nothing fails.
//!
//! Its parameters are declared once, in [`SlotsParams::PARAMS`]; `docs/parameters.md`
//! lists them.

use ringlab_core::schemes::redis::SLOT_COUNT;

use crate::param_table::{Kind, Notes, Param};
use crate::urlkit::{self, repaired};
use crate::view_state::ViewState;
use crate::{named_choice, text_field, whole_field};

/// Masters: `redis-cli --cluster create` wants at least 3; 8 is the palette.
pub const MASTERS: (u64, u64) = (3, 8);
/// A slot number.
pub const SLOT: (u64, u64) = (0, SLOT_COUNT as u64 - 1);
/// The keys box, in characters: about a dozen keys.
pub const KEYS_CAP: usize = 400;
/// Keys looked up: the first this many non-empty lines.
pub const MAX_KEYS: usize = 12;
/// Finished moves the link keeps.
pub const MAX_MOVES: usize = 16;
/// The keys when the link names none.
pub const DEFAULT_KEYS: &str = "somekey\nuser:{42}:cart\nuser:{42}:profile";

/// The masters' names, in `create` order.
pub const NAMES: [&str; 8] = ["A", "B", "C", "D", "E", "F", "G", "H"];

/// Master `i`'s name: A, B, C...
pub fn master_name(i: usize) -> &'static str {
    NAMES.get(i).copied().unwrap_or("?")
}

/// Master `i`'s address, as a redirect names it: the ports of the Redis tutorial's
/// cluster, 127.0.0.1:7000 and up.
pub fn master_address(i: usize) -> String {
    format!("127.0.0.1:{}", 7000 + i)
}

/// Where the move under way stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Phase {
    /// Picked, nothing started.
    Plan,
    /// The slots are MIGRATING on their owner and IMPORTING on the target; keys travel.
    Migrating,
    /// Every key moved and the slots handed over: the target owns them.
    Done,
}

impl Phase {
    pub const ALL: [Phase; 3] = [Phase::Plan, Phase::Migrating, Phase::Done];

    pub fn name(self) -> &'static str {
        match self {
            Phase::Plan => "plan",
            Phase::Migrating => "migrating",
            Phase::Done => "done",
        }
    }
}

/// Slots `first..=last` handed to master `target`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Move {
    pub first: u16,
    pub last: u16,
    pub target: usize,
}

impl Move {
    /// `first-last:Target`, as the link writes it.
    pub fn text(&self) -> String {
        format!("{}-{}:{}", self.first, self.last, master_name(self.target))
    }

    /// `0-99:B` (or `99-0:B`, or `7:B` for one slot); `None` when it is not that shape.
    pub fn parse(text: &str) -> Option<Move> {
        let (range, target) = text.split_once(':')?;
        let target = NAMES
            .iter()
            .position(|n| n.eq_ignore_ascii_case(target.trim()))?;
        let slot = |s: &str| {
            let s = s.trim();
            let ok = !s.is_empty() && s.len() <= 5 && s.chars().all(|c| c.is_ascii_digit());
            ok.then(|| s.parse::<u16>().ok())
                .flatten()
                .filter(|&n| (n as usize) < SLOT_COUNT)
        };
        let (first, last) = match range.split_once('-') {
            Some((a, b)) => (slot(a)?, slot(b)?),
            None => (slot(range)?, slot(range)?),
        };
        Some(Move {
            first: first.min(last),
            last: first.max(last),
            target,
        })
    }
}

/// The view's state.
#[derive(Debug, Clone, PartialEq)]
pub struct SlotsParams {
    pub masters: usize,
    /// The keys box as typed, one key a line; `None` is [`DEFAULT_KEYS`].
    pub keys: Option<String>,
    /// Moves already finished, in order.
    pub moves: Vec<Move>,
    /// The move under way: its first and last slot (either way round), its target and
    /// its phase.
    pub from: u16,
    pub to: u16,
    pub target: usize,
    pub phase: Phase,
}

impl Default for SlotsParams {
    fn default() -> Self {
        SlotsParams {
            masters: 3,
            keys: None,
            moves: Vec::new(),
            from: 11000,
            to: 11099,
            target: 0,
            phase: Phase::Plan,
        }
    }
}

/// One of the move's inputs, for edits.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MoveField {
    From,
    To,
    Target,
}

impl MoveField {
    pub fn key(self) -> &'static str {
        match self {
            MoveField::From => "from",
            MoveField::To => "to",
            MoveField::Target => "target",
        }
    }
}

impl SlotsParams {
    /// The keys box's text.
    pub fn keys_text(&self) -> &str {
        self.keys.as_deref().unwrap_or(DEFAULT_KEYS)
    }

    /// The keys looked up: the first [`MAX_KEYS`] non-empty lines (a line's edge spaces
    /// are part of a Redis key, so they stay), and whether lines were left out.
    pub fn key_list(&self) -> (Vec<&str>, bool) {
        let mut lines = self.keys_text().lines().filter(|l| !l.is_empty());
        let keys: Vec<&str> = lines.by_ref().take(MAX_KEYS).collect();
        (keys, lines.next().is_some())
    }

    /// The move under way: the slots from `from` to `to`, whichever is larger.
    pub fn current(&self) -> Move {
        Move {
            first: self.from.min(self.to),
            last: self.from.max(self.to),
            target: self.target,
        }
    }

    /// What changing one of the move's inputs means: a finished move is kept (added to
    /// `moves`) and the new one is planned; a migration under way is called off.
    pub fn edit_move(&self, field: MoveField, text: String) -> Vec<(&'static str, String)> {
        let mut pairs = Vec::new();
        if self.phase == Phase::Done {
            pairs.push(("moves", self.moves_with_current()));
        }
        pairs.push((field.key(), text));
        pairs.push(("phase", Phase::Plan.name().to_string()));
        pairs
    }

    /// The next step of the move: plan, migrating, done; from done, the move is kept and
    /// a new one planned over the same slots.
    pub fn advance(&self) -> Vec<(&'static str, String)> {
        match self.phase {
            Phase::Plan => vec![("phase", Phase::Migrating.name().to_string())],
            Phase::Migrating => vec![("phase", Phase::Done.name().to_string())],
            Phase::Done => vec![
                ("moves", self.moves_with_current()),
                ("phase", Phase::Plan.name().to_string()),
            ],
        }
    }

    /// A new cluster of `masters` masters: the `create` layout, no moves.
    pub fn recreate(text: String) -> Vec<(&'static str, String)> {
        vec![
            ("masters", text),
            ("moves", String::new()),
            ("phase", Phase::Plan.name().to_string()),
        ]
    }

    /// Every move undone: back to the `create` layout.
    pub fn reset() -> Vec<(&'static str, String)> {
        vec![
            ("moves", String::new()),
            ("phase", Phase::Plan.name().to_string()),
        ]
    }

    /// `moves` with the move under way appended, as the link writes it (the oldest
    /// dropped past [`MAX_MOVES`]).
    fn moves_with_current(&self) -> String {
        let mut moves = self.moves.clone();
        moves.push(self.current());
        let skip = moves.len().saturating_sub(MAX_MOVES);
        write_moves(&moves[skip..])
    }
}

fn write_moves(moves: &[Move]) -> String {
    moves.iter().map(Move::text).collect::<Vec<_>>().join(",")
}

fn read_moves(state: &mut SlotsParams, text: &str, notes: &mut Notes) {
    let mut moves = Vec::new();
    for item in urlkit::list(text) {
        match Move::parse(item) {
            Some(m) if moves.len() < MAX_MOVES => moves.push(m),
            Some(_) => {
                let why = format!("is past the {MAX_MOVES} moves a link keeps");
                notes.push(repaired("moves", item, &why, "the first ones"));
                break;
            }
            None => notes.push(repaired(
                "moves",
                item,
                "is not first-last:master (0-99:B)",
                "nothing",
            )),
        }
    }
    state.moves = moves;
}

fn read_target(state: &mut SlotsParams, text: &str, notes: &mut Notes) {
    match NAMES
        .iter()
        .position(|n| n.eq_ignore_ascii_case(text.trim()))
    {
        Some(i) => state.target = i,
        None => {
            notes.push(repaired(
                "target",
                text,
                "is not a master's letter, A to H",
                "A",
            ));
            state.target = 0;
        }
    }
}

impl ViewState for SlotsParams {
    const PARAMS: &'static [Param<Self>] = &[
        Param::new(
            "masters",
            "masters, laid out as `redis-cli --cluster create` does",
            whole_field!(MASTERS, masters),
        ),
        Param::new(
            "keys",
            "the keys looked up, one a line (empty: `somekey`, `user:{42}:cart`, `user:{42}:profile`)",
            text_field!(KEYS_CAP, keys),
        ),
        Param::new(
            "moves",
            "finished moves, in order: slots first to last handed to a master",
            Kind::Items {
                grammar: "`first-last:master,...`, masters `A` to the last one",
                example: "0-99:B",
                read: read_moves,
                write: |s| (!s.moves.is_empty()).then(|| write_moves(&s.moves)),
            },
        ),
        Param::new(
            "from",
            "one end of the move under way: its first slot",
            whole_field!(SLOT, from),
        ),
        Param::new(
            "to",
            "the other end: its last slot (either may be the larger)",
            whole_field!(SLOT, to),
        ),
        Param::new(
            "target",
            "the master the move hands its slots to",
            Kind::Items {
                grammar: "a master's letter, `A` to the last master",
                example: "C",
                read: read_target,
                write: |s| Some(master_name(s.target).to_string()),
            },
        ),
        Param::new(
            "phase",
            "where the move stands: planned, keys migrating, or done",
            named_choice!(Phase::ALL, phase),
        ),
    ];

    fn repair(&mut self, notes: &mut Notes) {
        let last = master_name(self.masters.saturating_sub(1));
        if self.target >= self.masters {
            let why = format!("names no master of {} (A to {last})", self.masters);
            notes.push(repaired("target", master_name(self.target), &why, "A"));
            self.target = 0;
        }
        let masters = self.masters;
        let (kept, dropped): (Vec<Move>, Vec<Move>) =
            self.moves.iter().partition(|m| m.target < masters);
        for m in dropped {
            let why = format!("names no master of {masters} (A to {last})");
            notes.push(repaired("moves", &m.text(), &why, "nothing"));
        }
        self.moves = kept;
    }
}
