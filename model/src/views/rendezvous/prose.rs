//! The rendezvous view's sentences and cells with figures: the race's heading and name,
//! each score, what a node leaving moved, the replicas note, and the table of keys owned
//! against the weights' shares. The view renders them as they are.

use super::params::RendezvousParams;
use super::race::{Leave, Race};
use crate::format::{grouped, percent, significant};

/// The real race's heading.
pub fn race_heading(race: &Race) -> String {
    format!("The real race for {:?}", race.key)
}

/// The race picture's name.
pub fn race_label(race: &Race) -> String {
    format!("Scores for {:?}, highest first", race.key)
}

/// A score in four significant figures: 0.9312, 3.482, 1.234e19.
pub fn score_text(score: f64) -> String {
    if score != 0.0 && (score.abs() >= 1e6 || score.abs() < 1e-3) {
        format!("{score:.3e}")
    } else {
        format!("{score:.4}")
    }
}

/// A measured rate of lookups per second, to three significant figures: a timing is
/// noisy, and more digits would be noise.
pub fn rate_text(rate: f64) -> String {
    significant(rate, 3)
}

/// A measured rate against the first one measured, to two significant figures ("0.10×"):
/// the ratio of two noisy timings holds no more.
pub fn relative_text(rate: f64, first: f64) -> String {
    format!("{}×", significant(rate / first, 2))
}

/// The leaving part's heading; `None` when no node leaves.
pub fn leave_heading(race: &Race) -> Option<String> {
    Some(format!("{} leaves", race.names[race.gone?]))
}

/// What the leaver's going moved, counted over the keys; `None` when no node leaves.
pub fn leave_sentence(race: &Race, l: &Leave) -> Option<String> {
    let gone = race.gone?;
    let name = &race.names[gone];
    let landed = l
        .landed
        .iter()
        .enumerate()
        .filter(|(i, _)| *i != gone)
        .map(|(i, c)| format!("{} took {}", race.names[i], grouped(*c)))
        .collect::<Vec<_>>()
        .join(", ");
    Some(format!(
        "Of {} keys, {} moved ({}): exactly the {} that {name} owned. Each went to its own \
         second choice ({} went anywhere else), so {name}'s load spreads over everyone: \
         {landed}. {} other keys moved.",
        grouped(l.keys),
        grouped(l.moved),
        percent(l.moved as f64 / l.keys as f64),
        grouped(l.owned),
        grouped(l.not_second),
        grouped(l.strays)
    ))
}

/// With more than one replica, who takes the leaver's copy; `None` otherwise.
pub fn replicas_note(p: &RendezvousParams, race: &Race) -> Option<String> {
    let name = &race.names[race.gone?];
    (p.replicas > 1).then(|| {
        format!(
            "With {} replicas, the key that lost {name} gains the next node on its own list \
             as its new last copy.",
            p.replicas
        )
    })
}

/// The table's caption.
pub fn shares_caption(p: &RendezvousParams) -> String {
    format!(
        "Keys owned among {} counted keys, against the weights' shares",
        grouped(p.keys)
    )
}

/// One node's row: the keys it owns (and their share), and the share it should get.
#[derive(Debug, Clone, PartialEq)]
pub struct ShareRow {
    pub owned: String,
    pub expected: String,
}

/// The rows, one a node, from each node's count of owned keys. A system that ignores
/// weights expects an equal share of each.
pub fn share_rows(p: &RendezvousParams, counts: &[u64]) -> Vec<ShareRow> {
    let total: f64 = p.nodes.iter().map(|n| n.weight).sum();
    let weighted = p.system.weighted();
    p.nodes
        .iter()
        .zip(counts)
        .map(|(node, &count)| {
            let expected = if weighted {
                node.weight / total
            } else {
                1.0 / p.nodes.len() as f64
            };
            ShareRow {
                owned: format!(
                    "{} ({})",
                    grouped(count),
                    percent(count as f64 / p.keys as f64)
                ),
                expected: percent(expected),
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_numbers::{assert_numbers, numbers};
    use crate::views::rendezvous::params::Node;
    use crate::views::rendezvous::race::{leave, owned_counts};
    use ringlab_core::schemes::rendezvous_systems::RendezvousSystem;

    /// Rates and their ratios written to what a timing holds.
    #[test]
    fn measured_rates_keep_three_figures_and_ratios_two() {
        assert_eq!(rate_text(8_765_432.1), "8,770,000");
        assert_eq!(rate_text(812.34), "812");
        assert_eq!(relative_text(8_765.4, 876_543.2), "0.010×");
        assert_eq!(relative_text(876_543.2, 876_543.2), "1.0×");
        // Trailing zeros read as written: rates already at three figures.
        for (rate, first) in [(1.0e6, 3.3e6), (4_320.0, 1.0e7)] {
            assert_numbers(&rate_text(rate), &[rate]);
            assert_numbers(&relative_text(rate, first), &[rate / first]);
        }
    }

    /// The settings read: (nodes with weights, system, replicas, leaver, keys).
    fn settings() -> Vec<RendezvousParams> {
        let nodes = |list: &[(&str, f64)]| {
            list.iter()
                .map(|(name, weight)| Node {
                    name: name.to_string(),
                    weight: *weight,
                })
                .collect::<Vec<_>>()
        };
        vec![
            RendezvousParams {
                gone: Some("B".into()),
                ..RendezvousParams::default()
            },
            RendezvousParams {
                nodes: nodes(&[
                    ("n1", 1.0),
                    ("n2", 2.5),
                    ("n3", 1.0),
                    ("n4", 0.5),
                    ("n5", 3.0),
                ]),
                key: Some("user:42".into()),
                replicas: 3,
                gone: Some("n2".into()),
                system: RendezvousSystem::McrouterWeighted,
                keys: 3_001,
            },
            RendezvousParams {
                nodes: nodes(&[("a", 1.0), ("b", 2.0), ("c", 1.0), ("d", 1.0)]),
                key: Some("k1".into()),
                replicas: 1,
                gone: Some("c".into()),
                system: RendezvousSystem::Mcrouter,
                keys: 2_000,
            },
            RendezvousParams {
                nodes: nodes(&[("x", 1.0), ("y", 4.0), ("z", 1.0)]),
                replicas: 2,
                gone: Some("x".into()),
                system: RendezvousSystem::Envoy,
                keys: 1_500,
                ..RendezvousParams::default()
            },
        ]
    }

    /// The key owners counted here with the core's one-shot owner (not the prepared
    /// picker the model counts with), before and after the leaver goes; the second choice
    /// is the second of the core's ranking.
    struct Counted {
        owned: f64,
        moved: f64,
        not_second: f64,
        strays: f64,
        landed: Vec<f64>,
        per_node: Vec<f64>,
    }

    fn count(p: &RendezvousParams, gone: usize) -> Counted {
        let nodes = p.pairs();
        let kept: Vec<(String, f64)> = nodes
            .iter()
            .enumerate()
            .filter(|(i, _)| *i != gone)
            .map(|(_, n)| n.clone())
            .collect();
        let mut c = Counted {
            owned: 0.0,
            moved: 0.0,
            not_second: 0.0,
            strays: 0.0,
            landed: vec![0.0; nodes.len()],
            per_node: vec![0.0; nodes.len()],
        };
        for i in 0..p.keys {
            let key = format!("key-{i}");
            let key = key.as_bytes();
            let before = p.system.owner(key, &nodes).unwrap();
            let after = kept[p.system.owner(key, &kept).unwrap()].0.clone();
            let after = nodes.iter().position(|(n, _)| *n == after).unwrap();
            c.per_node[before] += 1.0;
            if before == gone {
                c.owned += 1.0;
            }
            if before != after {
                c.moved += 1.0;
                c.landed[after] += 1.0;
                if before != gone {
                    c.strays += 1.0;
                }
                if p.system.ranking(key, &nodes)[1] != after {
                    c.not_second += 1.0;
                }
            }
        }
        c
    }

    /// The digits in a name ("n2", "user:42") as the reader reads them.
    fn digits(name: &str) -> Vec<f64> {
        numbers(name).iter().map(|r| r.value).collect()
    }

    #[test]
    fn a_leaver_is_read_against_owners_counted_on_the_core() {
        for p in settings() {
            let race = Race::of(&p);
            let gone = race.gone.unwrap();
            let c = count(&p, gone);
            let l = leave(&p, gone);
            let keys = p.keys as f64;
            let name = &race.names[gone];
            let mut expected = vec![keys, c.moved, c.moved / keys, c.owned];
            expected.extend(digits(name));
            expected.push(c.not_second);
            expected.extend(digits(name));
            for (i, n) in race.names.iter().enumerate().filter(|(i, _)| *i != gone) {
                expected.extend(digits(n));
                expected.push(c.landed[i]);
            }
            expected.push(c.strays);
            assert_numbers(&leave_sentence(&race, &l).unwrap(), &expected);
            assert_eq!(leave_heading(&race), Some(format!("{name} leaves")));
            // Rendezvous moves only the leaver's keys, each to its second choice.
            assert_eq!((c.moved, c.strays, c.not_second), (c.owned, 0.0, 0.0));

            // Only with more than one copy is there a copy to take over.
            assert_eq!(replicas_note(&p, &race).is_some(), p.replicas > 1);
            if let Some(note) = replicas_note(&p, &race) {
                let mut expected = vec![p.replicas as f64];
                expected.extend(digits(name));
                assert_numbers(&note, &expected);
            }
        }
        // No leaver, no sentences.
        let p = RendezvousParams::default();
        let race = Race::of(&p);
        let l = leave(&p, 0);
        assert_eq!(leave_sentence(&race, &l), None);
        assert_eq!(leave_heading(&race), None);
        assert_eq!(replicas_note(&p, &race), None);
    }

    /// Each row against the owners counted here on the core and the share written out:
    /// w / Σw for a weighted system, 1/N for mcrouter's plain one.
    #[test]
    fn the_shares_are_read_against_counts_and_weights() {
        for p in settings() {
            let race = Race::of(&p);
            let c = count(&p, race.gone.unwrap());
            let keys = p.keys as f64;
            assert_numbers(&shares_caption(&p), &[keys]);
            let rows = share_rows(&p, &owned_counts(&p));
            assert_eq!(rows.len(), p.nodes.len());
            let total: f64 = p.nodes.iter().map(|n| n.weight).sum();
            for (i, row) in rows.iter().enumerate() {
                let owned = c.per_node[i];
                assert_numbers(&row.owned, &[owned, owned / keys]);
                let share = if p.system == RendezvousSystem::Mcrouter {
                    1.0 / p.nodes.len() as f64
                } else {
                    p.nodes[i].weight / total
                };
                assert_numbers(&row.expected, &[share]);
            }
        }
    }

    /// The heading and name carry the key; each score is read against the core's own
    /// score for that node, to four significant figures.
    #[test]
    fn the_race_is_named_by_its_key_and_scored_by_the_core() {
        for p in settings() {
            let race = Race::of(&p);
            let key = p.key();
            assert_eq!(race_heading(&race), format!("The real race for \"{key}\""));
            assert_eq!(
                race_label(&race),
                format!("Scores for \"{key}\", highest first")
            );
            let scores = p.system.scores(key.as_bytes(), &p.pairs());
            for s in scores {
                let text = score_text(s);
                let read: f64 = text.parse().unwrap();
                assert!((read - s).abs() <= s.abs() * 5e-4 + 5e-5, "{text} for {s}");
            }
        }
        assert_eq!(score_text(0.93124), "0.9312");
        assert_eq!(score_text(1.234e19), "1.234e19");
        assert_eq!(score_text(0.0), "0.0000");
    }
}
