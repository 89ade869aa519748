//! Step 7 ("Replication"): its sentences with figures, the walk that passes a server
//! already listed, and under "Go deeper" the chance of losing data when three of
//! sixteen servers fail at once, plain and rack-aware.

use super::figures::{loss, RingPreset, LOSS_FAILURES, LOSS_REPLICAS, LOSS_SERVERS};
use crate::format::percent;
use crate::naming::list_names;

/// The preset's walked key, whose walk passes a server already on its list; `None` if
/// it passes none.
pub fn skip(preset: &RingPreset) -> Option<String> {
    let skip = preset.skip()?;
    Some(format!(
        "Here {} servers have {} points each. Walk {} (click it under the ring) with {} \
         replicas: the walk meets {} a second time and passes it by, so its list is {}.",
        preset.servers,
        preset.vnodes,
        skip.key,
        preset.replicas,
        skip.skipped,
        list_names(&skip.list)
    ))
}

/// The durability figures: the setting, the loss at one point per server, and at
/// `points` points plain and rack-aware. One sentence of apology if they cannot be
/// computed.
pub fn durability(points: u32) -> Vec<String> {
    let (Some(one), Some(many)) = (loss(1), loss(points)) else {
        return vec!["The durability figures could not be computed.".to_string()];
    };
    vec![
        format!(
            "Take {LOSS_SERVERS} servers, {LOSS_REPLICAS} replicas, and {LOSS_FAILURES} \
             servers failing at once. Data is lost when some key had all its copies on the \
             failed servers."
        ),
        format!(
            "At one point per server there are only {} distinct replica sets, so the chance \
             of a loss is {}.",
            one.distinct_sets,
            percent(one.plain)
        ),
        format!(
            "At {points} points per server, {} distinct sets share the keys. Almost any \
             three failures hit one of them: {}. Each loss is small, but it is nearly \
             certain.",
            many.distinct_sets,
            percent(many.plain)
        ),
        format!(
            "Rack-aware lists over four racks of four need one failure in each of three \
             racks: the chance falls to {} at {points} points.",
            percent(many.rack_aware)
        ),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_numbers::assert_numbers;
    use crate::urlkit::parse_query;
    use crate::views::learn::figures::LOSS_RACKS;
    use crate::views::learn::steps::REPLICA_RING;
    use crate::views::ring::state::{Action, PlaygroundState};
    use crate::views::ring::walk::Verdict;
    use crate::Reducer;
    use ringlab_core::schemes::ring::HashRing;
    use ringlab_core::{numbered_servers, Partitioner};
    use std::collections::BTreeSet;

    /// Read against the playground's own walk of each key: the key's number, the first
    /// server it passes while the list is not full, and the list.
    #[test]
    fn the_skip_reads_the_playgrounds_walk() {
        let other = RingPreset {
            servers: 5,
            vnodes: 4,
            keys: 12,
            ..REPLICA_RING
        };
        let mut skips = 0;
        for preset in [REPLICA_RING, other] {
            let query = format!(
                "servers={}&vnodes={}&keys={}&seed={}&replicas={}",
                preset.servers, preset.vnodes, preset.keys, preset.seed, preset.replicas
            );
            for key in 0..preset.keys {
                let preset = RingPreset {
                    walk: Some(key),
                    ..preset
                };
                let mut state = PlaygroundState::from_query(&parse_query(&query));
                state.apply(Action::SelectKey(Some(key)));
                let walk = state.walk.as_ref().expect("a walk");
                let name = |i: usize| state.placement.servers[i].name.clone();
                let mut listed = 0;
                let mut passed = None;
                for step in &walk.steps {
                    match step.verdict {
                        Verdict::Chosen(_) => listed += 1,
                        Verdict::AlreadyChosen if listed < preset.replicas => {
                            passed.get_or_insert(step.server);
                        }
                        _ => {}
                    }
                }
                let Some(passed) = passed else {
                    assert_eq!(skip(&preset), None, "key {key}");
                    continue;
                };
                skips += 1;
                let text = skip(&preset).expect("a skip");
                let number: f64 = state.keys[key]["user:".len()..].parse().unwrap();
                assert_numbers(
                    &text,
                    &[
                        preset.servers as f64,
                        f64::from(preset.vnodes),
                        number,
                        preset.replicas as f64,
                    ],
                );
                assert!(
                    text.contains(&format!("meets {} a second time", name(passed))),
                    "{text}"
                );
                let list: Vec<String> = walk.chosen.iter().map(|&i| name(i)).collect();
                assert!(text.ends_with(&format!("{}.", list_names(&list))), "{text}");
            }
        }
        // The step's own key skips, and so do some of the other preset's.
        assert!(skip(&REPLICA_RING).is_some());
        assert!(skips >= 2, "{skips}");
    }

    /// The distinct replica sets counted on the core's ring, walking from each point
    /// (rack-aware: skipping racks already used, server i in rack i % 4); three failures
    /// of sixteen lose data exactly when they are one of these sets, of C(16, 3) = 560.
    fn counted(points: u32, rack_aware: bool) -> (usize, f64) {
        let scheme = HashRing::new(numbered_servers("s", LOSS_SERVERS), points).unwrap();
        let ring = scheme.ring().unwrap();
        let all = ring.points();
        let mut sets = BTreeSet::new();
        for start in 0..all.len() {
            if ring.arc_length(start) == 0 {
                continue;
            }
            let mut list: Vec<usize> = Vec::new();
            for step in 0..all.len() {
                let server = all[(start + step) % all.len()].server;
                let rack = server % LOSS_RACKS.len();
                let taken = list
                    .iter()
                    .any(|&s| s == server || (rack_aware && s % LOSS_RACKS.len() == rack));
                if !taken {
                    list.push(server);
                }
                if list.len() == 3 {
                    break;
                }
            }
            list.sort();
            sets.insert(list);
        }
        (sets.len(), sets.len() as f64 / 560.0)
    }

    #[test]
    fn the_loss_reads_the_counted_replica_sets() {
        for points in [200u32, 50] {
            let text = durability(points);
            assert_eq!(text.len(), 4);
            assert_numbers(&text[0], &[16.0, 3.0, 3.0]);
            let (one_sets, one_loss) = counted(1, false);
            // One point: the sixteen runs of three neighbours.
            assert_eq!((one_sets, one_loss), (16, 16.0 / 560.0));
            assert_numbers(&text[1], &[16.0, one_loss]);
            let (sets, plain) = counted(points, false);
            assert_numbers(&text[2], &[f64::from(points), sets as f64, plain]);
            let (_, rack) = counted(points, true);
            assert_numbers(&text[3], &[rack, f64::from(points)]);
        }
    }
}
