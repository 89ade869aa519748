//! The exercise worked out by `ringlab-core`: the three clusters (the start, after the
//! join, after the leave), who owns each key in each, which keys move and why.
//!
//! Marks 0..99 are scaled onto the core's 32-bit circle (mark `m` at `m/100` of a turn,
//! rounded down), which keeps their order, so the core's successor search is the clock's:
//! a key goes to the first server at or clockwise after its mark, wrapping past 99 to the
//! first server. A key exactly on a server's mark belongs to that server (the core's
//! "at or after"). Nothing here searches the ring itself.

use ringlab_core::{Point, Ring, Ties};

use super::params::{ClockParams, Mark, MARKS};

/// Bits of the circle the marks are scaled onto.
const BITS: u32 = 32;

/// Where mark `m` (0..99) sits on the core's 32-bit circle: `m/100` of a turn.
pub fn position(mark: u32) -> u64 {
    (u64::from(mark.min(MARKS - 1)) << BITS) / u64::from(MARKS)
}

/// One server of a cluster.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Server {
    pub name: String,
    pub at: u32,
    /// Its colour, kept from cluster to cluster: its place in the starting list, the
    /// added server last.
    pub colour: usize,
}

/// A cluster on the clock and its ring.
#[derive(Debug, Clone, PartialEq)]
pub struct Cluster {
    pub servers: Vec<Server>,
    ring: Ring,
}

impl Cluster {
    pub fn new(servers: Vec<Server>) -> Cluster {
        let points = servers
            .iter()
            .enumerate()
            .map(|(server, s)| Point {
                position: position(s.at),
                server,
                vnode: 0,
            })
            .collect();
        Cluster {
            servers,
            ring: Ring::new(points, BITS, Ties::Keep),
        }
    }

    /// The server owning a key at `mark` (`None` only for an empty cluster).
    pub fn owner(&self, mark: u32) -> Option<&Server> {
        self.ring
            .owner(position(mark))
            .map(|index| &self.servers[index])
    }

    /// The server named `name`.
    pub fn find(&self, name: &str) -> Option<&Server> {
        self.servers.iter().find(|s| s.name == name)
    }

    /// The server just before `name` counter-clockwise (itself when it is alone): the
    /// previous point of the core's sorted ring.
    pub fn predecessor(&self, name: &str) -> Option<&Server> {
        let points = self.ring.points();
        let here = points
            .iter()
            .position(|p| self.servers[p.server].name == name)?;
        let previous = points[(here + points.len() - 1) % points.len()];
        Some(&self.servers[previous.server])
    }

    /// The arc a server owns, as marks: after its predecessor's mark, up to its own.
    pub fn arc(&self, name: &str) -> Option<Arc> {
        let server = self.find(name)?;
        let previous = self.predecessor(name)?;
        Some(Arc {
            after: previous.at,
            to: server.at,
        })
    }

    /// The servers in clockwise order from 0.
    pub fn clockwise(&self) -> impl Iterator<Item = &Server> {
        self.ring.points().iter().map(|p| &self.servers[p.server])
    }
}

/// The marks after `after` up to and including `to`, clockwise (the whole clock when the
/// two are equal: a lone server).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Arc {
    pub after: u32,
    pub to: u32,
}

impl Arc {
    pub fn contains(self, mark: u32) -> bool {
        match self.after.cmp(&self.to) {
            std::cmp::Ordering::Less => self.after < mark && mark <= self.to,
            std::cmp::Ordering::Greater => mark > self.after || mark <= self.to,
            std::cmp::Ordering::Equal => true,
        }
    }

    /// "(40, 60]", or "(75, 99] and [0, 10]" when it wraps past 0.
    pub fn text(self) -> String {
        if self.after < self.to {
            format!("({}, {}]", self.after, self.to)
        } else if self.after == self.to {
            "the whole clock".into()
        } else if self.after == MARKS - 1 {
            format!("[0, {}]", self.to)
        } else {
            format!("({}, 99] and [0, {}]", self.after, self.to)
        }
    }
}

/// The clusters of the exercise.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stage {
    Start,
    Joined,
    Left,
}

impl Stage {
    pub const ALL: [Stage; 3] = [Stage::Start, Stage::Joined, Stage::Left];
}

/// One of the two cluster changes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Change {
    Join,
    Leave,
}

impl Change {
    pub const ALL: [Change; 2] = [Change::Join, Change::Leave];

    pub fn index(self) -> usize {
        match self {
            Change::Join => 0,
            Change::Leave => 1,
        }
    }

    /// The clusters before and after.
    pub fn stages(self) -> (Stage, Stage) {
        match self {
            Change::Join => (Stage::Start, Stage::Joined),
            Change::Leave => (Stage::Joined, Stage::Left),
        }
    }
}

/// What happens to one key in a change.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KeyMove {
    pub from: String,
    pub to: String,
    /// Why, in a sentence.
    pub reason: String,
}

impl KeyMove {
    pub fn moved(&self) -> bool {
        self.from != self.to
    }
}

/// The exercise, worked out.
#[derive(Debug, Clone, PartialEq)]
pub struct Exercise {
    pub keys: Vec<Mark>,
    pub start: Cluster,
    pub joined: Cluster,
    pub left: Cluster,
    pub added: String,
    pub removed: String,
}

impl Exercise {
    pub fn new(params: &ClockParams) -> Exercise {
        let start: Vec<Server> = params
            .servers
            .iter()
            .enumerate()
            .map(|(colour, s)| Server {
                name: s.name.clone(),
                at: s.at,
                colour,
            })
            .collect();
        let mut joined = start.clone();
        joined.push(Server {
            name: params.add.name.clone(),
            at: params.add.at,
            colour: start.len(),
        });
        let left: Vec<Server> = joined
            .iter()
            .filter(|s| s.name != params.remove)
            .cloned()
            .collect();
        Exercise {
            keys: params.keys.clone(),
            start: Cluster::new(start),
            joined: Cluster::new(joined),
            left: Cluster::new(left),
            added: params.add.name.clone(),
            removed: params.remove.clone(),
        }
    }

    pub fn cluster(&self, stage: Stage) -> &Cluster {
        match stage {
            Stage::Start => &self.start,
            Stage::Joined => &self.joined,
            Stage::Left => &self.left,
        }
    }

    /// The owner's name of key `key` in `stage`.
    pub fn owner(&self, stage: Stage, key: usize) -> String {
        self.cluster(stage)
            .owner(self.keys[key].at)
            .map(|s| s.name.clone())
            .unwrap_or_default()
    }

    /// Why key `key` belongs to its owner in `stage`: "7 → first server clockwise is A
    /// at 10".
    pub fn owner_reason(&self, stage: Stage, key: usize) -> String {
        let at = self.keys[key].at;
        let Some(server) = self.cluster(stage).owner(at) else {
            return String::new();
        };
        let (name, mark) = (&server.name, server.at);
        if at == mark {
            format!("{at} is on {name}'s own mark, and a server owns its mark: {name}")
        } else if at > mark {
            format!("{at} → no server after {at}, so the walk wraps past 99 to {name} at {mark}")
        } else {
            format!("{at} → first server clockwise is {name} at {mark}")
        }
    }

    /// What `change` does to key `key`, and why.
    pub fn key_move(&self, change: Change, key: usize) -> KeyMove {
        let (before, after) = change.stages();
        let from = self.owner(before, key);
        let to = self.owner(after, key);
        let at = self.keys[key].at;
        let reason = match change {
            Change::Join => {
                let arc = self.join_arc();
                let added = &self.added;
                if from != to {
                    format!(
                        "{at} is in {}, the arc {added} takes: it moves from {from} to {to}",
                        arc.text()
                    )
                } else {
                    format!("{at} is outside {}: it stays with {from}", arc.text())
                }
            }
            Change::Leave => {
                let removed = &self.removed;
                if from != to {
                    let mark = self.left.find(&to).map_or(0, |s| s.at);
                    format!(
                        "{at} belonged to {removed}; without it the walk from {at} goes on to \
                         {to} at {mark}"
                    )
                } else {
                    format!("{at} belongs to {from}, which stays: it does not move")
                }
            }
        };
        KeyMove { from, to, reason }
    }

    /// The arc the added server takes over: after its predecessor, up to its mark.
    pub fn join_arc(&self) -> Arc {
        self.joined
            .arc(&self.added)
            .unwrap_or(Arc { after: 0, to: 0 })
    }

    /// The rule of `change`, spelled out with this exercise's names and marks.
    pub fn rule(&self, change: Change) -> String {
        match change {
            Change::Join => {
                let added = self.joined.find(&self.added);
                let previous = self.joined.predecessor(&self.added);
                match (added, previous) {
                    (Some(a), Some(p)) if a.name != p.name => format!(
                        "Only the keys between {a}'s predecessor {p} at {pa} and {a} at {aa}, \
                         that is in {arc}, move: they walked on to {next} before, and now \
                         reach {a} first. Every other key keeps its owner.",
                        a = a.name,
                        aa = a.at,
                        p = p.name,
                        pa = p.at,
                        arc = self.join_arc().text(),
                        next = self
                            .start
                            .owner(a.at)
                            .map_or(String::new(), |s| s.name.clone()),
                    ),
                    _ => String::new(),
                }
            }
            Change::Leave => {
                let removed = &self.removed;
                match self
                    .joined
                    .find(removed)
                    .and_then(|r| self.left.owner(r.at))
                {
                    Some(next) => format!(
                        "Only {removed}'s keys move, all to the next server clockwise, {} at \
                         {}. Every other key keeps its owner.",
                        next.name, next.at
                    ),
                    None => String::new(),
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ViewState;

    fn exercise() -> Exercise {
        Exercise::new(&ClockParams::default())
    }

    fn owners(e: &Exercise, stage: Stage) -> Vec<String> {
        (0..e.keys.len()).map(|k| e.owner(stage, k)).collect()
    }

    fn moved(e: &Exercise, change: Change) -> Vec<String> {
        (0..e.keys.len())
            .filter(|&k| e.key_move(change, k).moved())
            .map(|k| e.keys[k].name.clone())
            .collect()
    }

    #[test]
    fn positions_keep_the_order_of_marks() {
        assert_eq!(position(0), 0);
        assert_eq!(position(25), 1 << 30);
        assert_eq!(position(50), 1 << 31);
        for m in 1..MARKS {
            assert!(position(m) > position(m - 1));
        }
        assert!(position(99) < 1 << 32);
    }

    //   0    A(10)        B(40)        C(75)      99
    //   |-7--|------33-----|--52--64----|----81---|
    //   user:42 -> A, cart:7 -> B, order:19 -> C, sess:3 -> C, post:88 wraps to A
    #[test]
    fn owners_of_the_worked_example() {
        let e = exercise();
        assert_eq!(
            owners(&e, Stage::Start),
            ["A", "B", "C", "C", "A"].map(String::from)
        );
        assert_eq!(
            e.owner_reason(Stage::Start, 0),
            "7 → first server clockwise is A at 10"
        );
        assert_eq!(
            e.owner_reason(Stage::Start, 4),
            "81 → no server after 81, so the walk wraps past 99 to A at 10"
        );
    }

    //   |-7--A(10)----33--B(40)---52--D(60)-64---C(75)--81--|
    //   D takes (40, 60]: order:19 (52) moves from C to D.
    #[test]
    fn adding_d_at_60_moves_only_the_keys_in_40_to_60() {
        let e = exercise();
        assert_eq!(e.join_arc(), Arc { after: 40, to: 60 });
        assert_eq!(moved(&e, Change::Join), ["order:19"]);
        let m = e.key_move(Change::Join, 2);
        assert_eq!((m.from.as_str(), m.to.as_str()), ("C", "D"));
        assert_eq!(
            m.reason,
            "52 is in (40, 60], the arc D takes: it moves from C to D"
        );
        assert_eq!(
            e.key_move(Change::Join, 3).reason,
            "64 is outside (40, 60]: it stays with C"
        );
        assert!(e.rule(Change::Join).contains("predecessor B at 40"));
        assert_eq!(
            owners(&e, Stage::Joined),
            ["A", "B", "D", "C", "A"].map(String::from)
        );
    }

    //   Without B, cart:7 (33) walks on to the next server clockwise: D at 60.
    #[test]
    fn removing_b_moves_its_keys_to_the_next_server_clockwise() {
        let e = exercise();
        assert_eq!(moved(&e, Change::Leave), ["cart:7"]);
        let m = e.key_move(Change::Leave, 1);
        assert_eq!((m.from.as_str(), m.to.as_str()), ("B", "D"));
        assert!(m.reason.contains("goes on to D at 60"), "{}", m.reason);
        assert!(e.rule(Change::Leave).contains("D at 60"));
    }

    #[test]
    fn a_key_on_a_mark_belongs_to_that_server_and_arcs_wrap() {
        let params = ClockParams {
            keys: vec![
                Mark::new("on-b", 40),
                Mark::new("zero", 0),
                Mark::new("top", 99),
            ],
            add: Mark::new("D", 5),
            ..ClockParams::default()
        };
        let e = Exercise::new(&params);
        assert_eq!(owners(&e, Stage::Start), ["B", "A", "A"].map(String::from));
        assert!(e.owner_reason(Stage::Start, 0).contains("own mark"));
        // D at 5 takes (75, 99] and [0, 5] from A.
        assert_eq!(e.join_arc(), Arc { after: 75, to: 5 });
        assert_eq!(e.join_arc().text(), "(75, 99] and [0, 5]");
        assert_eq!(moved(&e, Change::Join), ["zero", "top"]);
        assert!(e.join_arc().contains(0) && e.join_arc().contains(99));
        assert!(!e.join_arc().contains(6) && !e.join_arc().contains(75));
    }

    #[test]
    fn a_lone_server_owns_the_whole_clock() {
        let (params, _) = ClockParams::from_query(&[
            ("servers".into(), "A@10".into()),
            ("remove".into(), "A".into()),
        ]);
        let e = Exercise::new(&params);
        assert_eq!(e.start.arc("A").unwrap().text(), "the whole clock");
        assert_eq!(owners(&e, Stage::Start), vec!["A"; 5]);
        // Removing A leaves the added D with everything.
        assert_eq!(owners(&e, Stage::Left), vec!["D"; 5]);
        // A's keys at 7, 64 and 81 move; those D took at the join stay.
        assert_eq!(moved(&e, Change::Leave), ["user:42", "sess:3", "post:88"]);
    }
}
