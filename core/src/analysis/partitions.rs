//! Fixed partitions against hashing by the node count. Kafka's partitions, Akka's shards
//! and Redis Cluster's slots fix the number of partitions `P` up front: a key's partition
//! is its hash mod `P` and never changes, and a node owns whole partitions. Adding a node
//! hands it some partitions, and only their keys move. Hashing straight to `mod N` nodes
//! moves most keys instead ([`super::theory::modulo_moved`]).
//!
//! The assignment here is the simplest fair one: partitions dealt round robin, and a new
//! node taking `floor(P / (N + 1))` partitions, one at a time from whichever node holds
//! the most (the lowest numbered on a tie, its highest numbered partition). Every node
//! then holds `floor` or `ceil` of `P / (N + 1)`, and no partition moves that need not.

use super::theory::Fraction;

/// The owner of each of `partitions` partitions, dealt round robin over `nodes` nodes:
/// partition `p` to node `p mod N`. No nodes: no owners (an empty vector).
///
/// ```
/// use ringlab_core::analysis::partitions::dealt;
/// assert_eq!(dealt(5, 2), vec![0, 1, 0, 1, 0]);
/// ```
pub fn dealt(partitions: usize, nodes: usize) -> Vec<usize> {
    if nodes == 0 {
        return Vec::new();
    }
    (0..partitions).map(|p| p % nodes).collect()
}

/// How many partitions each of `nodes` nodes owns.
pub fn counts(owners: &[usize], nodes: usize) -> Vec<usize> {
    let mut count = vec![0; nodes];
    for &o in owners {
        if let Some(c) = count.get_mut(o) {
            *c += 1;
        }
    }
    count
}

/// The owners after node number `nodes` joins `owners` (partitions over `nodes` nodes):
/// it takes `floor(P / (N + 1))` partitions, each from the node holding the most.
///
/// ```
/// use ringlab_core::analysis::partitions::{dealt, joined};
/// // Six partitions on two nodes; the third takes one from each.
/// assert_eq!(joined(&dealt(6, 2), 2), vec![0, 1, 0, 1, 2, 2]);
/// ```
pub fn joined(owners: &[usize], nodes: usize) -> Vec<usize> {
    let mut after = owners.to_vec();
    let mut count = counts(owners, nodes);
    for _ in 0..owners.len() / (nodes + 1) {
        let Some(fullest) = (0..nodes).max_by_key(|&n| (count[n], std::cmp::Reverse(n))) else {
            break;
        };
        if let Some(p) = after.iter().rposition(|&o| o == fullest) {
            after[p] = nodes;
            count[fullest] -= 1;
        }
    }
    after
}

/// What one more node moves: with fixed partitions, and with `mod N` hashing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Join {
    pub partitions: usize,
    pub nodes: usize,
    /// Partitions the new node takes.
    pub partitions_moved: usize,
    /// The keys that move with them: `partitions_moved / P` of all keys (a key's
    /// partition never changes, so exactly the keys of the moved partitions move).
    pub keys_moved: Fraction,
    /// The keys `mod N` hashing moves from `N` to `N + 1` nodes.
    pub modulo_moved: Fraction,
}

/// One more node beside `nodes` nodes holding `partitions` dealt partitions. No
/// partitions: nothing moves (`0/1`).
///
/// ```
/// use ringlab_core::analysis::partitions::join;
/// use ringlab_core::analysis::theory::Fraction;
/// let j = join(64, 4);
/// assert_eq!(j.partitions_moved, 12); // floor(64 / 5)
/// assert_eq!(j.keys_moved, Fraction::new(12, 64));
/// assert_eq!(j.modulo_moved, Fraction::new(4, 5));
/// ```
pub fn join(partitions: usize, nodes: usize) -> Join {
    let before = dealt(partitions, nodes);
    let after = joined(&before, nodes);
    let partitions_moved = before.iter().zip(&after).filter(|(a, b)| a != b).count();
    Join {
        partitions,
        nodes,
        partitions_moved,
        keys_moved: if partitions == 0 {
            Fraction::new(0, 1)
        } else {
            Fraction::new(partitions_moved as u64, partitions as u64)
        },
        modulo_moved: super::theory::modulo_moved(nodes, nodes + 1),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_join_moves_the_newcomers_share_of_partitions() {
        for p in 0..80usize {
            for n in 1..12usize {
                let before = dealt(p, n);
                let after = joined(&before, n);
                let c = counts(&after, n + 1);
                let (lo, hi) = (p / (n + 1), p.div_ceil(n + 1));
                assert!(c.iter().all(|&x| lo <= x && x <= hi), "p {p} n {n}: {c:?}");
                // Only partitions handed to the newcomer move.
                let moved: Vec<_> = before.iter().zip(&after).filter(|(a, b)| a != b).collect();
                assert!(moved.iter().all(|(_, b)| **b == n));
                assert_eq!(join(p, n).partitions_moved, lo, "p {p} n {n}");
            }
        }
    }

    #[test]
    fn too_few_partitions_leave_the_newcomer_idle() {
        let j = join(8, 8);
        assert_eq!(j.partitions_moved, 0);
        assert_eq!(j.keys_moved, Fraction::new(0, 1));
        assert_eq!(join(0, 3).keys_moved, Fraction::new(0, 1));
        assert_eq!(dealt(4, 0), Vec::<usize>::new());
        assert_eq!(joined(&[], 0), Vec::<usize>::new());
        assert_eq!(join(10, 0).partitions_moved, 0);
    }

    /// Keys hashed to partitions with the core's hash: exactly the keys of the moved
    /// partitions change node, against most of them under `mod N`.
    #[test]
    fn keys_move_with_their_partitions() {
        let (p, n) = (64usize, 4usize);
        let before = dealt(p, n);
        let after = joined(&before, n);
        let (mut moved, mut modulo) = (0usize, 0usize);
        let keys = 100_000u64;
        for i in 0..keys {
            let h = crate::hash::key_hash(format!("key-{i}").as_bytes());
            let part = (h % p as u64) as usize;
            moved += usize::from(before[part] != after[part]);
            modulo += usize::from(h % n as u64 != h % (n as u64 + 1));
        }
        let share = |x: usize| x as f64 / keys as f64;
        assert!(
            (share(moved) - 12.0 / 64.0).abs() < 0.01,
            "{}",
            share(moved)
        );
        assert!((share(modulo) - 0.8).abs() < 0.01, "{}", share(modulo));
    }
}
