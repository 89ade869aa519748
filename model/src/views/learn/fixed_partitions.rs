//! The follow-up on fixed partitions against hashing by the node count, and its widget's
//! figures: `P` partitions dealt over `N` nodes, one more node joins, and what moves
//! ([`ringlab_core::analysis::partitions`]), against `mod N` ([`ringlab_core::analysis::theory::modulo_moved`]).

use ringlab_core::analysis::partitions::{dealt, join, joined};

use super::follow_up::{FollowUp, Widget};
use super::interview::prompt;
use crate::format::percent;

/// The answer's example: 60 partitions on 4 nodes.
pub const PARTITIONS: usize = 60;
pub const NODES: usize = 4;
/// The widget's bounds.
pub const MAX_PARTITIONS: usize = 64;
pub const MAX_NODES: usize = 16;

/// Partitions and nodes as the widget allows them: 1 to 64 partitions, 1 to 16 nodes.
pub fn clamp(partitions: usize, nodes: usize) -> (usize, usize) {
    (
        partitions.clamp(1, MAX_PARTITIONS),
        nodes.clamp(1, MAX_NODES),
    )
}

/// One partition in the widget's picture: its owner before and after the join.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Cell {
    pub before: usize,
    pub after: usize,
}

impl Cell {
    pub fn moved(self) -> bool {
        self.before != self.after
    }
}

/// Every partition's owner before and after one more node joins (clamped first).
pub fn cells(partitions: usize, nodes: usize) -> Vec<Cell> {
    let (p, n) = clamp(partitions, nodes);
    let before = dealt(p, n);
    let after = joined(&before, n);
    before
        .into_iter()
        .zip(after)
        .map(|(before, after)| Cell { before, after })
        .collect()
}

/// The widget's sentences: what the join moves with partitions, and with `mod N`.
pub fn readout(partitions: usize, nodes: usize) -> Vec<String> {
    let (p, n) = clamp(partitions, nodes);
    let j = join(p, n);
    let first = if j.partitions_moved == 0 {
        format!(
            "Node {} joins and gets nothing: there are fewer partitions ({p}) than nodes \
             ({}), and a partition is never split.",
            n + 1,
            n + 1
        )
    } else {
        format!(
            "Node {} joins and takes {} of the {p} partitions: {} of the keys move, and no \
             key changes partition.",
            n + 1,
            j.partitions_moved,
            percent(j.keys_moved.value()),
        )
    };
    vec![
        first,
        format!(
            "Hashing mod N from {n} to {} nodes would move {} of the keys.",
            n + 1,
            percent(j.modulo_moved.value()),
        ),
    ]
}

pub fn followup() -> FollowUp {
    let (p, n) = (PARTITIONS, NODES);
    let j = join(p, n);
    FollowUp {
        prompt: prompt(
            "Fixed partitions",
            "Kafka, Akka and DynamoDB split data into partitions rather than hashing keys \
             to nodes. When you add a node, what moves?",
            &[
                "Only whole partitions. A key's partition is its hash mod P, and P does not \
                 change, so no key ever changes partition. The new node takes a fair share \
                 of partitions from the others, and only their keys move."
                    .into(),
                format!(
                    "With {p} partitions on {n} nodes, node {} takes {} partitions: {} of the \
                     keys, the least any scheme can move. Hashing mod N from {n} to {} moves \
                     {} = {}.",
                    n + 1,
                    j.partitions_moved,
                    percent(j.keys_moved.value()),
                    n + 1,
                    j.modulo_moved,
                    percent(j.modulo_moved.value()),
                ),
                format!(
                    "The price is that P caps the cluster: {p} partitions keep at most {p} \
                     nodes busy, and a hot partition stays on one node. So P is chosen \
                     large up front (Akka suggests ten times the most nodes you plan), or \
                     partitions split as they grow, as DynamoDB's do."
                ),
                "Kafka can add partitions to a topic, but that changes hash mod P: keyed \
                 messages land in new partitions and lose their order."
                    .into(),
            ],
            &[
                "Keys map to a fixed number of partitions; nodes own whole partitions",
                "A join moves about P/(N+1) partitions, 1/(N+1) of the keys",
                "mod N would move N/(N+1) of the keys",
                "P caps the cluster: choose it large, or split",
            ],
        )
        .with_levels(
            "Explains that keys keep their partition and only partitions move.",
            "Sizes P for the largest cluster planned, and knows what changing P costs: \
                Kafka's keyed order, a reshuffle of every key.",
        ),
        number: format!(
            "{p} partitions, {n} → {} nodes: {} partitions move, {} of keys; mod N moves {}",
            n + 1,
            j.partitions_moved,
            percent(j.keys_moved.value()),
            percent(j.modulo_moved.value()),
        ),
        see: (
            "Redis slots: 16,384 fixed partitions".into(),
            "#/slots".into(),
        ),
        widget: Some(Widget::FixedPartitions),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_numbers::assert_numbers;

    #[test]
    fn the_answer_reads_what_moves() {
        let f = followup();
        let p = &f.prompt;
        // floor(60 / 5) = 12 partitions, a fifth of the keys; mod 4 and mod 5 agree on one
        // hash in five (gcd 1 of 5), so four in five move.
        let (moved, keys, modulo) = (12.0, 12.0 / 60.0, 4.0 / 5.0);
        assert_numbers(&p.answer[0], &[]);
        assert_numbers(
            &p.answer[1],
            &[60.0, 4.0, 5.0, moved, keys, 4.0, 5.0, 4.0, 5.0, modulo],
        );
        assert_numbers(&p.answer[2], &[60.0, 60.0]);
        assert_numbers(&p.answer[3], &[]);
        assert_numbers(&p.points[1], &[1.0, 1.0, 1.0]);
        assert_numbers(&p.points[2], &[1.0]);
        assert_numbers(&f.number, &[60.0, 4.0, 5.0, moved, keys, modulo]);
        assert_numbers(&f.see.0, &[16_384.0]);
    }

    #[test]
    fn the_widget_reads_every_setting() {
        for p in 1..=MAX_PARTITIONS {
            for n in 1..=MAX_NODES {
                let lines = readout(p, n);
                // The newcomer's fair share, rounded down; mod N keeps only the hashes
                // where h mod N = h mod (N + 1), one in N + 1.
                let takes = (p / (n + 1)) as f64;
                let (pf, nf) = (p as f64, n as f64);
                if takes == 0.0 {
                    assert_numbers(&lines[0], &[nf + 1.0, pf, nf + 1.0]);
                } else {
                    assert_numbers(&lines[0], &[nf + 1.0, takes, pf, takes / pf]);
                }
                assert_numbers(&lines[1], &[nf, nf + 1.0, nf / (nf + 1.0)]);
                let c = cells(p, n);
                assert_eq!(c.iter().filter(|c| c.moved()).count() as f64, takes);
                assert!(c.iter().filter(|c| c.moved()).all(|c| c.after == n));
            }
        }
    }

    #[test]
    fn out_of_range_settings_are_clamped() {
        assert_eq!(clamp(0, 0), (1, 1));
        assert_eq!(clamp(usize::MAX, usize::MAX), (64, 16));
        assert_eq!(readout(0, 0), readout(1, 1));
        assert_eq!(cells(1_000, 2).len(), 64);
    }
}
