//! What a change of cluster moves: which keys changed owner and where they went, measured
//! on a key set, and, for rings, the exact share of the key space that changed hands.

use std::collections::BTreeMap;

use crate::partitioner::owners_of;
use crate::{Partitioner, Ring, Server};

/// One key that changed owner. Owners are server names; `None` is "no owner" (an empty
/// cluster, or a key the scheme refuses).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Move {
    /// Index of the key in the key set given.
    pub key: usize,
    pub from: Option<String>,
    pub to: Option<String>,
}

/// How many keys went from one server to another.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Flow {
    pub from: Option<String>,
    pub to: Option<String>,
    pub keys: usize,
}

/// The keys a change moved, measured on a key set.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Movement {
    /// How many keys were placed.
    pub keys: usize,
    /// The keys whose owner changed, in key order.
    pub moved: Vec<Move>,
}

impl Movement {
    /// The fraction of keys that moved (0 for an empty key set).
    pub fn fraction(&self) -> f64 {
        if self.keys == 0 {
            0.0
        } else {
            self.moved.len() as f64 / self.keys as f64
        }
    }

    /// The moves grouped by (from, to), largest flow first, then by names.
    pub fn flows(&self) -> Vec<Flow> {
        let mut counts: BTreeMap<(Option<&str>, Option<&str>), usize> = BTreeMap::new();
        for m in &self.moved {
            *counts
                .entry((m.from.as_deref(), m.to.as_deref()))
                .or_default() += 1;
        }
        let mut flows: Vec<Flow> = counts
            .into_iter()
            .map(|((from, to), keys)| Flow {
                from: from.map(str::to_string),
                to: to.map(str::to_string),
                keys,
            })
            .collect();
        flows.sort_by_key(|flow| std::cmp::Reverse(flow.keys));
        flows
    }
}

/// The owner's name of `key` under `p`.
pub fn owner_name(p: &dyn Partitioner, key: &[u8]) -> Option<String> {
    p.lookup(key).map(|i| p.servers()[i].name.clone())
}

/// Places every key under both configurations and lists the keys whose owner changed.
///
/// ```
/// use ringlab_core::{build, movement::movement, numbered_servers, Options, SchemeKind};
/// let before = build(SchemeKind::Ring, numbered_servers("s", 4), &Options::default()).unwrap();
/// let after = build(SchemeKind::Ring, numbered_servers("s", 5), &Options::default()).unwrap();
/// let keys: Vec<String> = (0..2000).map(|i| format!("key:{i}")).collect();
/// let m = movement(before.as_ref(), after.as_ref(), &keys);
/// // a join moves keys only onto the newcomer, about 1/5 of them
/// assert!(m.moved.iter().all(|mv| mv.to.as_deref() == Some("s4")));
/// assert!((m.fraction() - 0.2).abs() < 0.05);
/// ```
pub fn movement<K: AsRef<[u8]>>(
    before: &dyn Partitioner,
    after: &dyn Partitioner,
    keys: &[K],
) -> Movement {
    let (from, to) = (owners_of(before, keys), owners_of(after, keys));
    let moved = from
        .into_iter()
        .zip(to)
        .enumerate()
        .filter_map(|(index, (from, to))| {
            let from = from.map(|i| &before.servers()[i].name);
            let to = to.map(|i| &after.servers()[i].name);
            (from != to).then(|| Move {
                key: index,
                from: from.cloned(),
                to: to.cloned(),
            })
        })
        .collect();
    Movement {
        keys: keys.len(),
        moved,
    }
}

/// The exact share of the key space whose owner differs between two rings, from the
/// overlap of their arcs. Owners are compared by name. `None` when the rings are on
/// circles of different sizes.
///
/// Every boundary of either ring cuts the circle into pieces that each ring gives to one
/// owner; the answer is the length of the pieces they give to different servers.
///
/// ```text
///   before: ----A(10)--------B(50)--------     after: ----A(10)---C(30)---B(50)----
///   pieces:  (50,10] A|A   (10,30] B|C moved   (30,50] B|B
/// ```
pub fn exact_moved_share(
    before: &Ring,
    before_servers: &[Server],
    after: &Ring,
    after_servers: &[Server],
) -> Option<f64> {
    if before.bits() != after.bits() {
        return None;
    }
    // Owners are compared by name: each name gets a number once, so the pieces compare
    // numbers rather than strings.
    let mut numbers: BTreeMap<&str, usize> = BTreeMap::new();
    let mut name_numbers = Vec::with_capacity(before_servers.len() + after_servers.len());
    for server in before_servers.iter().chain(after_servers) {
        let next = numbers.len();
        name_numbers.push(*numbers.entry(server.name.as_str()).or_insert(next));
    }
    let (before_names, after_names) = name_numbers.split_at(before_servers.len());
    let space = before.space();
    let mut moved: u128 = 0;
    before.for_each_piece(after, |length, old, new| {
        if old.map(|i| before_names[i]) != new.map(|j| after_names[j]) {
            moved += length;
        }
    });
    Some(moved as f64 / space as f64)
}

/// [`exact_moved_share`] for two partitioners that both have rings.
pub fn exact_moved_share_of(before: &dyn Partitioner, after: &dyn Partitioner) -> Option<f64> {
    exact_moved_share(
        before.ring()?,
        before.servers(),
        after.ring()?,
        after.servers(),
    )
}

/// The least share of the key space any scheme must move from one server list to the
/// other: each server's fair share (its weight over the total) can only grow by taking
/// keys, so the moved share is the sum of the shares lost. A join of k servers to N equal
/// ones gives k/(N+k); a leave of k gives k/N.
///
/// ```
/// use ringlab_core::{movement::minimal_moved_share, numbered_servers};
/// let four = numbered_servers("s", 4);
/// let five = numbered_servers("s", 5);
/// assert!((minimal_moved_share(&four, &five) - 1.0 / 5.0).abs() < 1e-12);
/// assert!((minimal_moved_share(&five, &four) - 1.0 / 5.0).abs() < 1e-12);
/// ```
pub fn minimal_moved_share(before: &[Server], after: &[Server]) -> f64 {
    let fair = |servers: &[Server]| -> BTreeMap<String, f64> {
        let total: f64 = servers.iter().map(|s| s.weight).sum();
        servers
            .iter()
            .map(|s| (s.name.clone(), s.weight / total))
            .collect()
    };
    let (old, new) = (fair(before), fair(after));
    if old.is_empty() || new.is_empty() {
        return if old.is_empty() && new.is_empty() {
            0.0
        } else {
            1.0
        };
    }
    old.iter()
        .map(|(name, share)| (share - new.get(name).copied().unwrap_or(0.0)).max(0.0))
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    //   before: A at 10, B at 50        after: A at 10, C at 30, B at 50
    //   only (10, 30] changes hands, from B to C: 20 positions
    #[test]
    fn exact_share_of_a_join_is_the_newcomers_arc() {
        let abc = vec![Server::new("A"), Server::new("B"), Server::new("C")];
        let before = Ring::on_32_bits(&[(10, 0), (50, 1)]);
        let after = Ring::on_32_bits(&[(10, 0), (30, 2), (50, 1)]);
        let share = exact_moved_share(&before, &abc[..2], &after, &abc).unwrap();
        assert_eq!(share, 20.0 / 4294967296.0);
    }

    //   before: A at 10, B at 50        after: B at 50 only (A left)
    //   A's arc, wrapping through zero, (50, 2^32) and [0, 10], goes to B
    #[test]
    fn exact_share_of_a_leave_wraps_through_zero() {
        let servers = vec![Server::new("A"), Server::new("B")];
        let before = Ring::on_32_bits(&[(10, 0), (50, 1)]);
        let after = Ring::on_32_bits(&[(50, 0)]);
        let share = exact_moved_share(&before, &servers, &after, &servers[1..]).unwrap();
        assert_eq!(share, (4294967296.0 - 40.0) / 4294967296.0);
    }

    #[test]
    fn identical_rings_move_nothing() {
        let servers = vec![Server::new("A"), Server::new("B")];
        let r = Ring::on_32_bits(&[(10, 0), (50, 1)]);
        assert_eq!(exact_moved_share(&r, &servers, &r, &servers), Some(0.0));
    }

    #[test]
    fn flows_group_and_sort() {
        let m = Movement {
            keys: 4,
            moved: vec![
                Move {
                    key: 0,
                    from: Some("a".into()),
                    to: Some("c".into()),
                },
                Move {
                    key: 1,
                    from: Some("b".into()),
                    to: Some("c".into()),
                },
                Move {
                    key: 3,
                    from: Some("b".into()),
                    to: Some("c".into()),
                },
            ],
        };
        let flows = m.flows();
        assert_eq!(flows[0].keys, 2);
        assert_eq!(flows[0].from.as_deref(), Some("b"));
        assert_eq!(m.fraction(), 0.75);
    }
}
