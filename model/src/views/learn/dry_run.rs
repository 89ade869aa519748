//! The coding dry run: the classic "implement get_server", done in the head. A short
//! trace of adds, removes and lookups on the 0..99 clock; the candidate predicts each
//! lookup's server, and the core's ring (the clock's [`Cluster`]) grades each one and
//! explains it. The trace meets the cases that catch people: a key past the last server
//! (the wrap), a key exactly on a server, a lookup after a removal, and the empty ring.

use std::collections::BTreeMap;

use crate::views::clock::model::{Cluster, Server};

/// What a lookup on an empty ring returns, as the candidate picks it.
pub const NO_SERVER: &str = "none (empty ring)";

/// One operation of the trace.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Op {
    /// A server named so joins at a mark.
    Add(&'static str, u32),
    Remove(&'static str),
    /// The key at a mark is looked up.
    Lookup(u32),
}

/// The trace.
pub const TRACE: [Op; 13] = [
    Op::Add("A", 20),
    Op::Add("B", 50),
    Op::Add("C", 80),
    Op::Lookup(35),
    Op::Lookup(90),
    Op::Lookup(50),
    Op::Remove("B"),
    Op::Lookup(35),
    Op::Remove("A"),
    Op::Remove("C"),
    Op::Lookup(10),
    Op::Add("D", 5),
    Op::Lookup(99),
];

impl Op {
    /// The operation as code: `add("A", 20)`, `get_server(35)`.
    pub fn code(self) -> String {
        match self {
            Op::Add(name, at) => format!("add(\"{name}\", {at})"),
            Op::Remove(name) => format!("remove(\"{name}\")"),
            Op::Lookup(at) => format!("get_server({at})"),
        }
    }
}

/// The servers every step may name, in the order they join, then [`NO_SERVER`].
pub fn choices() -> Vec<&'static str> {
    TRACE
        .iter()
        .filter_map(|op| match op {
            Op::Add(name, _) => Some(*name),
            _ => None,
        })
        .chain([NO_SERVER])
        .collect()
}

/// The cluster just before step `step`: every add and remove before it applied.
pub fn cluster_before(step: usize) -> Cluster {
    let mut servers: Vec<Server> = Vec::new();
    for op in TRACE.iter().take(step) {
        match *op {
            Op::Add(name, at) => servers.push(Server {
                name: name.into(),
                at,
                colour: servers.len(),
            }),
            Op::Remove(gone) => servers.retain(|s| s.name != gone),
            Op::Lookup(_) => {}
        }
    }
    Cluster::new(servers)
}

/// The right answer to lookup step `step`, by the core's ring: a server's name, or
/// [`NO_SERVER`]. `None` for a step that is not a lookup.
pub fn answer(step: usize) -> Option<String> {
    match TRACE.get(step)? {
        Op::Lookup(at) => Some(
            cluster_before(step)
                .owner(*at)
                .map_or(NO_SERVER.to_string(), |s| s.name.clone()),
        ),
        _ => None,
    }
}

/// Whether `guess` is right for lookup step `step`.
pub fn grade(step: usize, guess: &str) -> bool {
    answer(step).is_some_and(|a| a == guess)
}

/// Why the answer to lookup step `step` is what it is.
pub fn explain(step: usize) -> String {
    let Some(Op::Lookup(at)) = TRACE.get(step).copied() else {
        return String::new();
    };
    let cluster = cluster_before(step);
    match cluster.owner(at) {
        None => "The ring is empty: there is no server to return. Real code returns None or \
                 an error here, not an index into an empty list."
            .into(),
        Some(s) if s.at == at => format!(
            "{} sits exactly at {at}: \"at or after\" includes the key's own position.",
            s.name
        ),
        Some(s) if s.at < at => format!(
            "No server sits at or after {at}, so the search wraps past the top to the first \
             server on the ring: {} at {}.",
            s.name, s.at
        ),
        Some(s) => format!(
            "The first server at or after {at}, going clockwise, is {} at {}.",
            s.name, s.at
        ),
    }
}

/// The lookup steps, in order.
pub fn lookups() -> Vec<usize> {
    (0..TRACE.len())
        .filter(|&i| matches!(TRACE[i], Op::Lookup(_)))
        .collect()
}

/// The picks checked so far (lookup step to the server named): how many are right, and
/// how many there are.
pub fn score(checked: &BTreeMap<usize, String>) -> (usize, usize) {
    let picks: Vec<(usize, &String)> = lookups()
        .into_iter()
        .filter_map(|i| checked.get(&i).map(|pick| (i, pick)))
        .collect();
    let right = picks.iter().filter(|(i, pick)| grade(*i, pick)).count();
    (right, picks.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_core_answers_each_lookup() {
        let answers: Vec<(usize, String)> = lookups()
            .into_iter()
            .map(|i| (i, answer(i).unwrap()))
            .collect();
        assert_eq!(
            answers,
            [
                (3, "B".to_string()),
                (4, "A".to_string()),
                (5, "B".to_string()),
                (7, "C".to_string()),
                (10, NO_SERVER.to_string()),
                (12, "D".to_string()),
            ]
        );
        assert_eq!(answer(0), None);
        assert!(grade(4, "A") && !grade(4, "C") && !grade(0, "A"));
    }

    #[test]
    fn every_case_that_catches_people_is_explained() {
        assert!(explain(3).starts_with("The first server at or after 35"));
        assert!(explain(4).contains("wraps past the top"));
        assert!(explain(5).contains("exactly at 50"));
        assert!(explain(10).starts_with("The ring is empty"));
        assert!(explain(12).contains("wraps past the top to the first server on the ring: D at 5"));
        assert_eq!(explain(0), "");
        assert_eq!(TRACE[4].code(), "get_server(90)");
        assert_eq!(TRACE[6].code(), "remove(\"B\")");
        assert_eq!(choices(), ["A", "B", "C", "D", NO_SERVER]);
    }

    #[test]
    fn the_score_counts_checked_picks_and_right_ones() {
        let steps = lookups();
        let mut checked = BTreeMap::new();
        assert_eq!(score(&checked), (0, 0));
        checked.insert(steps[0], answer(steps[0]).unwrap());
        checked.insert(steps[1], "not a server".to_string());
        // A pick for a step that is not a lookup does not count.
        checked.insert(0, "A".to_string());
        assert_eq!(score(&checked), (1, 2));
    }
}
