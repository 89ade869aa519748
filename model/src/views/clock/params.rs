//! The clock example's URL state: the servers and keys of the exercise, the server that
//! joins and the server that leaves.
//!
//! `#/clock?servers=A@10,B@40,C@75&keys=user:42@7,cart:7@33,order:19@52,sess:3@64,post:88@81&add=D@60&remove=B`
//! is the default. Each item is `name@mark`: names may contain `:` (as key names do), so
//! the mark is what follows the last `@`; `name:mark` is accepted for servers too when the
//! part after the last `:` is a number. Marks are whole numbers on the 0..99 clock.
//!
//! Bad values never fail: marks are clamped into 0..99, an empty or repeated name gets a
//! default, two servers on one mark are moved apart, and each repair is a note.

use crate::param_table::{Kind, Notes, Param};
use crate::urlkit;
use crate::view_state::ViewState;

/// Marks on the clock: 0 to 99.
pub const MARKS: u32 = 100;
/// Servers in the starting cluster (with the one that joins, one colour each of eight).
pub const SERVERS: (usize, usize) = (1, 7);
/// Keys of the exercise.
pub const KEYS: (usize, usize) = (1, 10);
/// Longest name, in characters.
pub const MAX_NAME: usize = 32;

/// A named mark on the clock: a server or a key.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mark {
    pub name: String,
    /// 0 to 99.
    pub at: u32,
}

impl Mark {
    pub fn new(name: impl Into<String>, at: u32) -> Mark {
        Mark {
            name: name.into(),
            at,
        }
    }

    fn encode(&self) -> String {
        format!("{}@{}", self.name, self.at)
    }
}

/// The whole exercise.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClockParams {
    /// The starting cluster, in the order given (colours follow it).
    pub servers: Vec<Mark>,
    pub keys: Vec<Mark>,
    /// The server that joins in step 2.
    pub add: Mark,
    /// The server that leaves in step 3 (a name among `servers` and `add`).
    pub remove: String,
}

impl Default for ClockParams {
    fn default() -> Self {
        ClockParams {
            servers: vec![Mark::new("A", 10), Mark::new("B", 40), Mark::new("C", 75)],
            keys: vec![
                Mark::new("user:42", 7),
                Mark::new("cart:7", 33),
                Mark::new("order:19", 52),
                Mark::new("sess:3", 64),
                Mark::new("post:88", 81),
            ],
            add: Mark::new("D", 60),
            remove: "B".into(),
        }
    }
}

/// Why a name is refused, if it is.
pub fn check_name(name: &str) -> Result<(), String> {
    urlkit::check_name(name, MAX_NAME)
}

/// Parses a mark typed or linked: a whole number, clamped into 0..99. `None` (with a
/// note) for text that is not a number at all.
pub fn parse_mark(what: &str, text: &str, notes: &mut Vec<String>) -> Option<u32> {
    urlkit::mark(what, text, MARKS, notes)
}

/// `name@mark` (or, when `colon` is set, `name:mark`) split at the last separator.
fn split_item(item: &str, colon: bool) -> (&str, Option<&str>) {
    if let Some((name, mark)) = item.rsplit_once('@') {
        return (name.trim(), Some(mark.trim()));
    }
    if colon {
        if let Some((name, mark)) = item.rsplit_once(':') {
            if !mark.trim().is_empty() && mark.trim().chars().all(|c| c.is_ascii_digit()) {
                return (name.trim(), Some(mark.trim()));
            }
        }
    }
    (item.trim(), None)
}

fn parse_list(
    what: &str,
    text: &str,
    colon: bool,
    range: (usize, usize),
    notes: &mut Vec<String>,
) -> Vec<Mark> {
    let mut marks = Vec::new();
    for item in urlkit::list(text) {
        if marks.len() == range.1 {
            notes.push(format!("only the first {} {what}s are kept", range.1));
            break;
        }
        let (name, mark) = split_item(item, colon);
        let Some(mark) = mark else {
            notes.push(format!(
                "{what} {item:?} has no mark (write name@mark): ignored"
            ));
            continue;
        };
        let Some(at) = parse_mark(&format!("{what} {name:?}"), mark, notes) else {
            continue;
        };
        marks.push(Mark::new(name, at));
    }
    marks
}

/// The `i`-th default server name: A to Z.
pub use crate::naming::free_server_name;

/// The first mark at or clockwise after `at` that no server in `taken` has.
fn free_mark(at: u32, taken: &[u32]) -> u32 {
    (0..MARKS)
        .map(|step| (at + step) % MARKS)
        .find(|m| !taken.contains(m))
        .unwrap_or(at)
}

/// The mark halfway round the widest gap between `marks` (clockwise, wrapping), or 50 on
/// an empty clock.
fn widest_gap_middle(marks: &[u32]) -> u32 {
    let mut sorted = marks.to_vec();
    sorted.sort_unstable();
    sorted.dedup();
    let Some(&first) = sorted.first() else {
        return MARKS / 2;
    };
    let gaps = sorted
        .iter()
        .copied()
        .zip(
            sorted
                .iter()
                .copied()
                .skip(1)
                .chain(std::iter::once(first + MARKS)),
        )
        .map(|(from, to)| (to - from, from));
    // The widest gap; of equal ones, the first clockwise from 0.
    let (width, from) = gaps.fold((0, 0), |best, gap| if gap.0 > best.0 { gap } else { best });
    (from + width / 2) % MARKS
}

impl ClockParams {
    /// Makes the exercise well formed: valid, distinct names; distinct server marks; a
    /// removed server that exists. Each repair is a note.
    pub fn make_well_formed(&mut self, notes: &mut Vec<String>) {
        // Server names, then the added server's name, distinct among all servers.
        let mut names: Vec<String> = Vec::new();
        let mut servers = std::mem::take(&mut self.servers);
        servers.push(std::mem::replace(&mut self.add, Mark::new("", 0)));
        let count = servers.len();
        for (i, server) in servers.iter_mut().enumerate() {
            let what = if i + 1 == count {
                "the added server".to_string()
            } else {
                format!("server {}", i + 1)
            };
            let problem = match check_name(&server.name) {
                Err(why) => Some(why),
                Ok(()) if names.contains(&server.name) => {
                    Some(format!("the name {:?} is taken", server.name))
                }
                Ok(()) => None,
            };
            if let Some(why) = problem {
                let name = free_server_name(names.iter().map(String::as_str));
                notes.push(format!("{what}: {why}: named {name}"));
                server.name = name;
            }
            names.push(server.name.clone());
        }
        // Server marks, distinct: a later server on a taken mark moves clockwise.
        let mut marks: Vec<u32> = Vec::new();
        for server in servers.iter_mut() {
            if marks.contains(&server.at) {
                let at = free_mark(server.at, &marks);
                notes.push(format!(
                    "{} cannot share mark {} with another server: moved to {at}",
                    server.name, server.at
                ));
                server.at = at;
            }
            marks.push(server.at);
        }
        self.add = servers.pop().expect("the added server was pushed");
        self.servers = servers;
        // Key names: valid and distinct.
        let mut keys: Vec<String> = Vec::new();
        for (i, key) in self.keys.iter_mut().enumerate() {
            let problem = match check_name(&key.name) {
                Err(why) => Some(why),
                Ok(()) if keys.contains(&key.name) => {
                    Some(format!("the name {:?} is taken", key.name))
                }
                Ok(()) => None,
            };
            if let Some(why) = problem {
                let name = (i + 1..)
                    .map(|n| format!("key{n}"))
                    .find(|n| !keys.contains(n))
                    .unwrap_or_default();
                notes.push(format!("key {}: {why}: named {name}", i + 1));
                key.name = name;
            }
            keys.push(key.name.clone());
        }
        // The server that leaves must be one of the cluster after the join.
        let known = self
            .servers
            .iter()
            .chain(std::iter::once(&self.add))
            .any(|s| s.name == self.remove);
        if !known {
            let fallback = self.servers.get(1).unwrap_or(&self.servers[0]).name.clone();
            notes.push(format!(
                "remove: no server is named {:?}: removing {fallback}",
                self.remove
            ));
            self.remove = fallback;
        }
    }
}

/// Which server an edit concerns.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Slot {
    /// The `i`-th server of the starting cluster.
    Server(usize),
    /// The server that joins.
    Added,
}

impl ClockParams {
    fn server_mut(&mut self, slot: Slot) -> Option<&mut Mark> {
        match slot {
            Slot::Server(i) => self.servers.get_mut(i),
            Slot::Added => Some(&mut self.add),
        }
    }

    /// Every server mark except `slot`'s.
    fn other_servers(&self, slot: Slot) -> impl Iterator<Item = &Mark> + Clone {
        let skip = match slot {
            Slot::Server(i) => i,
            Slot::Added => self.servers.len(),
        };
        self.servers
            .iter()
            .chain(std::iter::once(&self.add))
            .enumerate()
            .filter(move |&(i, _)| i != skip)
            .map(|(_, m)| m)
    }

    /// Renames a server as typed; an empty, bad or taken name gets a free default and a
    /// note. The server that leaves follows its new name.
    pub fn rename_server(&mut self, slot: Slot, name: &str) -> Vec<String> {
        let mut notes = Vec::new();
        let name = name.trim();
        let others: Vec<String> = self.other_servers(slot).map(|m| m.name.clone()).collect();
        let problem = match check_name(name) {
            Err(why) => Some(why),
            Ok(()) if others.iter().any(|m| m == name) => {
                Some(format!("the name {name:?} is taken"))
            }
            Ok(()) => None,
        };
        let name = match problem {
            Some(why) => {
                let free = free_server_name(others.iter().map(String::as_str));
                notes.push(format!("{why}: named {free}"));
                free
            }
            None => name.to_string(),
        };
        let remove = self.remove.clone();
        if let Some(server) = self.server_mut(slot) {
            if server.name == remove {
                self.remove = name.clone();
            }
            if let Some(server) = self.server_mut(slot) {
                server.name = name;
            }
        }
        self.make_well_formed(&mut notes);
        notes
    }

    /// Moves a server to the mark typed (clamped into 0..99); a mark another server has
    /// moves it on clockwise to a free one, with a note.
    pub fn move_server(&mut self, slot: Slot, text: &str) -> Vec<String> {
        let mut notes = Vec::new();
        let Some(at) = parse_mark("server", text, &mut notes) else {
            return notes;
        };
        let taken: Vec<u32> = self.other_servers(slot).map(|m| m.at).collect();
        let free = free_mark(at, &taken);
        if free != at {
            notes.push(format!("another server is at {at}: moved to {free}"));
        }
        if let Some(server) = self.server_mut(slot) {
            server.at = free;
        }
        self.make_well_formed(&mut notes);
        notes
    }

    /// Renames key `index`; an empty, bad or taken name gets a default and a note.
    pub fn rename_key(&mut self, index: usize, name: &str) -> Vec<String> {
        let mut notes = Vec::new();
        let name = name.trim();
        let taken = |params: &ClockParams, name: &str| {
            params
                .keys
                .iter()
                .enumerate()
                .any(|(i, k)| i != index && k.name == name)
        };
        let problem = match check_name(name) {
            Err(why) => Some(why),
            Ok(()) if taken(self, name) => Some(format!("the name {name:?} is taken")),
            Ok(()) => None,
        };
        let name = match problem {
            Some(why) => {
                let free = (index + 1..)
                    .map(|n| format!("key{n}"))
                    .find(|n| !taken(self, n))
                    .unwrap_or_default();
                notes.push(format!("{why}: named {free}"));
                free
            }
            None => name.to_string(),
        };
        if let Some(key) = self.keys.get_mut(index) {
            key.name = name;
        }
        self.make_well_formed(&mut notes);
        notes
    }

    /// Moves key `index` to the mark typed, clamped into 0..99.
    pub fn move_key(&mut self, index: usize, text: &str) -> Vec<String> {
        let mut notes = Vec::new();
        if let Some(at) = parse_mark("key", text, &mut notes) {
            if let Some(key) = self.keys.get_mut(index) {
                key.at = at;
            }
        }
        notes
    }

    /// Adds a server to the starting cluster, with a free name, in the middle of the
    /// widest gap between the servers.
    pub fn add_server(&mut self) -> Vec<String> {
        if self.servers.len() >= SERVERS.1 {
            return vec![format!(
                "the exercise has at most {} servers, besides the one that joins",
                SERVERS.1
            )];
        }
        let all: Vec<&Mark> = self
            .servers
            .iter()
            .chain(std::iter::once(&self.add))
            .collect();
        let name = free_server_name(all.iter().map(|m| m.name.as_str()));
        let marks: Vec<u32> = all.iter().map(|m| m.at).collect();
        self.servers
            .push(Mark::new(name, widest_gap_middle(&marks)));
        let mut notes = Vec::new();
        self.make_well_formed(&mut notes);
        notes
    }

    /// Takes server `index` out of the starting cluster; the last one stays. When it was
    /// the server that leaves, another one leaves instead, with a note.
    pub fn drop_server(&mut self, index: usize) -> Vec<String> {
        if self.servers.len() <= SERVERS.0 || index >= self.servers.len() {
            return vec!["the exercise needs a server to start with".into()];
        }
        let gone = self.servers.remove(index);
        let mut notes = Vec::new();
        if gone.name == self.remove {
            let instead = self.servers.get(1).unwrap_or(&self.servers[0]).name.clone();
            notes.push(format!(
                "{} left the exercise: {instead} leaves instead",
                gone.name
            ));
            self.remove = instead;
        }
        self.make_well_formed(&mut notes);
        notes
    }

    /// Adds a key with a free name (`key6`, ...), in the middle of the widest gap between
    /// the keys.
    pub fn add_key(&mut self) -> Vec<String> {
        if self.keys.len() >= KEYS.1 {
            return vec![format!("the exercise has at most {} keys", KEYS.1)];
        }
        let name = (self.keys.len() + 1..)
            .map(|n| format!("key{n}"))
            .find(|n| self.keys.iter().all(|k| &k.name != n))
            .unwrap_or_default();
        let marks: Vec<u32> = self.keys.iter().map(|k| k.at).collect();
        self.keys.push(Mark::new(name, widest_gap_middle(&marks)));
        Vec::new()
    }

    /// Takes key `index` out of the exercise; the last one stays.
    pub fn drop_key(&mut self, index: usize) -> Vec<String> {
        if self.keys.len() <= KEYS.0 || index >= self.keys.len() {
            return vec!["the exercise needs a key".into()];
        }
        self.keys.remove(index);
        Vec::new()
    }

    /// Picks the server that leaves.
    pub fn set_remove(&mut self, name: &str) -> Vec<String> {
        let mut notes = Vec::new();
        self.remove = name.to_string();
        self.make_well_formed(&mut notes);
        notes
    }
}

/// A list of marks as the link writes it.
fn marks_text(marks: &[Mark]) -> String {
    marks.iter().map(Mark::encode).collect::<Vec<_>>().join(",")
}

impl ViewState for ClockParams {
    const PARAMS: &'static [Param<Self>] = &[
        Param::new(
            "servers",
            "the servers of the starting cluster, each on its mark",
            Kind::Items {
                grammar: "`name@mark,...`, 1 to 7 servers, marks 0 to 99",
                example: "A@10,B@40,C@75",
                read: |params, text, notes| {
                    let servers = parse_list("server", text, true, SERVERS, notes);
                    if servers.is_empty() {
                        notes.push("no usable server in servers: using A@10,B@40,C@75".into());
                    } else {
                        params.servers = servers;
                    }
                },
                write: |params| Some(marks_text(&params.servers)),
            },
        ),
        Param::new(
            "keys",
            "the keys of the exercise, each on its mark",
            Kind::Items {
                grammar: "`name@mark,...`, 1 to 10 keys, marks 0 to 99",
                example: "user:42@7,cart:7@33",
                read: |params, text, notes| {
                    let keys = parse_list("key", text, false, KEYS, notes);
                    if keys.is_empty() {
                        notes.push("no usable key in keys: using the five default keys".into());
                    } else {
                        params.keys = keys;
                    }
                },
                write: |params| Some(marks_text(&params.keys)),
            },
        ),
        Param::new(
            "add",
            "the server that joins",
            Kind::Items {
                grammar: "`name@mark`",
                example: "D@60",
                read: |params, text, notes| {
                    let (name, mark) = split_item(text, true);
                    params.add.name = name.to_string();
                    if let Some(mark) = mark {
                        if let Some(at) = parse_mark("the added server", mark, notes) {
                            params.add.at = at;
                        }
                    } else {
                        notes.push(format!(
                            "add={text:?} has no mark (write name@mark): using {}",
                            params.add.at
                        ));
                    }
                },
                write: |params| Some(params.add.encode()),
            },
        ),
        Param::new(
            "remove",
            "the server that leaves, by name",
            Kind::Items {
                grammar: "a server's name",
                example: "C",
                read: |params, text, _| params.remove = text.trim().to_string(),
                write: |params| Some(params.remove.clone()),
            },
        ),
    ];

    /// Valid, distinct names and marks; a leaving server that exists.
    fn repair(&mut self, notes: &mut Notes) {
        self.make_well_formed(notes);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::urlkit::{parse_query, write_query};

    fn parse(text: &str) -> (ClockParams, Vec<String>) {
        ClockParams::from_query(&parse_query(text))
    }

    fn text(params: &ClockParams) -> String {
        let query = params.to_query();
        write_query(query.iter().map(|(k, v)| (k.as_str(), v.as_str())))
    }

    #[test]
    fn servers_and_keys_are_added_in_the_widest_gap_and_dropped() {
        let mut p = ClockParams::default();
        // Servers at 10, 40, 75 and the joining D at 60: the widest gap is 75 -> 10 (35).
        assert!(p.add_server().is_empty());
        assert_eq!(p.servers[3], Mark::new("E", 92));
        assert!(p.add_key().is_empty());
        // Keys at 7, 33, 52, 64, 81: the widest gap is 7 -> 33 (26).
        assert_eq!(p.keys[5], Mark::new("key6", 20));
        assert!(p.drop_key(0).is_empty());
        assert_eq!(p.keys[0].name, "cart:7");
        // B leaves in step 3: dropping it picks another leaver, and says so.
        let notes = p.drop_server(1);
        assert_eq!(notes, ["B left the exercise: C leaves instead"]);
        assert_eq!(p.remove, "C");
        assert_eq!(text(&p).split('&').next(), Some("servers=A@10,C@75,E@92"));
        // Limits, each with a note.
        let mut one = parse("servers=A@10&keys=k@1").0;
        assert_eq!(one.drop_server(0).len(), 1);
        assert_eq!(one.drop_key(0).len(), 1);
        assert_eq!(one.drop_key(7).len(), 1);
        for _ in 1..SERVERS.1 {
            assert!(one.add_server().is_empty());
        }
        assert_eq!(one.servers.len(), SERVERS.1);
        assert_eq!(one.add_server().len(), 1);
        for _ in 1..KEYS.1 {
            assert!(one.add_key().is_empty());
        }
        assert_eq!(one.add_key().len(), 1);
        // Every mark stays distinct among the servers.
        let mut marks: Vec<u32> = one.servers.iter().map(|m| m.at).collect();
        marks.push(one.add.at);
        marks.sort_unstable();
        marks.dedup();
        assert_eq!(marks.len(), SERVERS.1 + 1);
        assert_eq!(widest_gap_middle(&[]), 50);
        assert_eq!(widest_gap_middle(&[0]), 50);
        assert_eq!(widest_gap_middle(&[90, 10]), 50);
    }

    const DEFAULT: &str = "servers=A@10,B@40,C@75&keys=user:42@7,cart:7@33,order:19@52,\
                           sess:3@64,post:88@81&add=D@60&remove=B";

    #[test]
    fn the_default_round_trips_readably() {
        let (params, notes) = parse(DEFAULT);
        assert!(notes.is_empty(), "{notes:?}");
        assert_eq!(params, ClockParams::default());
        assert_eq!(text(&params), DEFAULT);
        assert_eq!(parse("").0, ClockParams::default());
    }

    #[test]
    fn odd_names_round_trip() {
        let mut params = ClockParams::default();
        params.servers[0].name = "10.0.0.1:11211".into();
        params.keys[0].name = "a@b & c=d #1 ✓".into();
        params.keys[1].name = "<img src=x onerror=alert(1)>".into();
        params.remove = "10.0.0.1:11211".into();
        let (again, notes) = parse(&text(&params));
        assert!(notes.is_empty(), "{notes:?}");
        assert_eq!(again, params);
    }

    #[test]
    fn servers_may_be_written_with_a_colon() {
        let (params, notes) = parse("servers=A:10,B:40,C:75");
        assert!(notes.is_empty(), "{notes:?}");
        assert_eq!(params.servers, ClockParams::default().servers);
    }

    #[test]
    fn marks_are_clamped_with_notes() {
        let (params, notes) = parse("servers=A@-5,B@140,C@2.6,E@x&keys=k@100&add=D@abc");
        let marks: Vec<u32> = params.servers.iter().map(|s| s.at).collect();
        assert_eq!(marks, [0, 99, 3]);
        assert_eq!(params.keys, vec![Mark::new("k", 99)]);
        assert_eq!(params.add.at, 60);
        assert_eq!(notes.len(), 6, "{notes:?}");
    }

    #[test]
    fn names_and_marks_are_repaired() {
        let (params, notes) =
            parse("servers=A@10,A@20,@30,B@10&keys=k@1,k@2,@3&add=C@20&remove=Z&bogus=1");
        let names: Vec<&str> = params.servers.iter().map(|s| s.name.as_str()).collect();
        assert_eq!(names, ["A", "B", "C", "D"]);
        let marks: Vec<u32> = params.servers.iter().map(|s| s.at).collect();
        assert_eq!(marks, [10, 20, 30, 11]);
        assert_eq!(params.add, Mark::new("E", 21));
        let keys: Vec<&str> = params.keys.iter().map(|k| k.name.as_str()).collect();
        assert_eq!(keys, ["k", "key2", "key3"]);
        assert_eq!(params.remove, "B");
        assert!(notes.iter().any(|n| n.contains("bogus")));
        assert!(notes.iter().any(|n| n.contains("\"Z\"")));
        assert_eq!(notes.len(), 10, "{notes:?}");
        // Whatever was repaired parses again cleanly.
        let (again, notes) = parse(&text(&params));
        assert!(notes.is_empty(), "{notes:?}");
        assert_eq!(again, params);
    }

    #[test]
    fn empty_or_huge_lists_fall_back_or_are_cut() {
        let (params, notes) = parse("servers=,,&keys=nomark");
        assert_eq!(params.servers, ClockParams::default().servers);
        assert_eq!(params.keys, ClockParams::default().keys);
        assert_eq!(notes.len(), 3, "{notes:?}");
        let many: Vec<String> = (0..20).map(|i| format!("k{i}@{i}")).collect();
        let (params, notes) = parse(&format!("keys={}", many.join(",")));
        assert_eq!(params.keys.len(), KEYS.1);
        assert_eq!(notes.len(), 1);
    }

    #[test]
    fn edits_clamp_and_rename_with_notes() {
        let mut p = ClockParams::default();
        assert!(p.move_server(Slot::Server(0), "12").is_empty());
        assert_eq!(p.servers[0].at, 12);
        let notes = p.move_server(Slot::Server(0), "40");
        assert_eq!(p.servers[0].at, 41, "B has 40");
        assert_eq!(notes.len(), 1);
        let notes = p.move_server(Slot::Added, "250");
        assert_eq!(p.add.at, 99);
        assert_eq!(notes.len(), 1);
        let notes = p.move_server(Slot::Added, "soon");
        assert_eq!(p.add.at, 99);
        assert_eq!(notes.len(), 1);
        // The leaving server follows a rename.
        assert!(p.rename_server(Slot::Server(1), "Bee").is_empty());
        assert_eq!(p.remove, "Bee");
        let notes = p.rename_server(Slot::Server(2), "Bee");
        assert_eq!(p.servers[2].name, "B");
        assert_eq!(notes.len(), 1, "{notes:?}");
        let notes = p.rename_server(Slot::Added, "");
        assert_eq!(p.add.name, "C");
        assert_eq!(notes.len(), 1, "{notes:?}");
        let notes = p.rename_key(1, "user:42");
        assert_eq!(p.keys[1].name, "key2");
        assert_eq!(notes.len(), 1);
        assert_eq!(p.move_key(0, "-1").len(), 1);
        assert_eq!(p.keys[0].at, 0);
        assert!(p.set_remove("A").is_empty());
        assert_eq!(p.set_remove("nobody").len(), 1);
        assert_eq!(p.remove, "Bee");
        // Whatever the edits left parses back cleanly.
        let (again, notes) = ClockParams::from_query(&p.to_query());
        assert!(notes.is_empty(), "{notes:?}");
        assert_eq!(again, p);
    }
}
