//! The race: every node's score for the key, the ranking, the replicas, and, when a node
//! leaves, the keys that move (only its own, each to its own second choice).

use ringlab_core::schemes::rendezvous_systems::{Picker, RendezvousSystem};

use super::params::RendezvousParams;

/// The lesson's illustration: three nodes, the key "photo42", made-up scores.
pub const ILLUSTRATION: [(&str, f64); 3] = [("A", 0.71), ("B", 0.93), ("C", 0.12)];

/// Indices by descending score, ties to the lower index.
pub fn rank(scores: &[f64]) -> Vec<usize> {
    let mut order: Vec<usize> = (0..scores.len()).collect();
    order.sort_by(|&a, &b| scores[b].total_cmp(&scores[a]).then(a.cmp(&b)));
    order
}

/// The owner of a key among `scores` with node `gone` taken out.
pub fn owner_without(scores: &[f64], gone: Option<usize>) -> Option<usize> {
    rank(scores).into_iter().find(|&i| Some(i) != gone)
}

/// One key's race among the params' nodes.
#[derive(Debug, Clone, PartialEq)]
pub struct Race {
    pub key: String,
    pub names: Vec<String>,
    pub scores: Vec<f64>,
    /// Nodes by the system's order: its pick first, then by score.
    pub ranking: Vec<usize>,
    pub replicas: usize,
    /// The node that leaves, and the key's owner after.
    pub gone: Option<usize>,
    pub owner_after: Option<usize>,
}

impl Race {
    pub fn of(params: &RendezvousParams) -> Race {
        let nodes = params.pairs();
        let key = params.key().as_bytes();
        let system = params.system;
        let scores = system.scores(key, &nodes);
        let ranking = system.ranking(key, &nodes);
        let gone = params
            .gone
            .as_ref()
            .and_then(|g| nodes.iter().position(|(n, _)| n == g));
        let owner_after = gone.and_then(|g| {
            let kept: Vec<(String, f64)> = nodes
                .iter()
                .enumerate()
                .filter(|(i, _)| *i != g)
                .map(|(_, n)| n.clone())
                .collect();
            let index = system.owner(key, &kept)?;
            // Back to the index in the full list.
            Some(if index >= g { index + 1 } else { index })
        });
        Race {
            key: params.key().to_string(),
            names: nodes.into_iter().map(|(n, _)| n).collect(),
            scores,
            ranking,
            replicas: params.replicas as usize,
            gone,
            owner_after,
        }
    }

    pub fn owner(&self) -> usize {
        self.ranking[0]
    }

    /// The replica holders, best first.
    pub fn holders(&self) -> &[usize] {
        &self.ranking[..self.replicas.min(self.ranking.len())]
    }

    /// The race in words.
    pub fn summary(&self) -> String {
        let names: Vec<&str> = self
            .holders()
            .iter()
            .map(|&i| self.names[i].as_str())
            .collect();
        let mut text = format!(
            "{} scores highest, so it owns {:?}.",
            self.names[self.owner()],
            self.key
        );
        if names.len() > 1 {
            text.push_str(&format!(
                " With {} replicas the copies go to {}, in that order.",
                names.len(),
                names.join(", then ")
            ));
        }
        if let (Some(gone), Some(after)) = (self.gone, self.owner_after) {
            let gone_name = &self.names[gone];
            if gone == self.owner() {
                text.push_str(&format!(
                    " {gone_name} leaves: the key goes to its second choice, {}.",
                    self.names[after]
                ));
            } else if self.holders().contains(&gone) {
                // The next node on the key's own list takes the leaver's place among the copies.
                let next = self
                    .ranking
                    .get(self.replicas)
                    .map_or("no one", |&i| self.names[i].as_str());
                text.push_str(&format!(
                    " {gone_name} leaves: {} still owns it, and {next} takes {gone_name}'s copy.",
                    self.names[after]
                ));
            } else {
                text.push_str(&format!(
                    " {gone_name} leaves: nothing changes for this key; {} still wins.",
                    self.names[after]
                ));
            }
        }
        text
    }
}

/// Counted over many keys: what a node leaving moves.
#[derive(Debug, Clone, PartialEq)]
pub struct Leave {
    pub keys: u64,
    /// Keys the leaver owned: each must move.
    pub owned: u64,
    /// Keys that moved.
    pub moved: u64,
    /// Moved keys whose new owner is not their own second choice (zero for rendezvous).
    pub not_second: u64,
    /// Moved keys that the leaver did not own (zero for rendezvous).
    pub strays: u64,
    /// Where the leaver's keys went, per node (the leaver's own entry is zero).
    pub landed: Vec<u64>,
}

/// The counted keys: `key-0`, `key-1`, ...
pub fn key_names(count: u64) -> Vec<String> {
    (0..count).map(|i| format!("key-{i}")).collect()
}

/// What node `gone` leaving moves among the params' counted keys, by the system's own picks.
pub fn leave(params: &RendezvousParams, gone: usize) -> Leave {
    let system: RendezvousSystem = params.system;
    let nodes = params.pairs();
    let kept: Vec<(String, f64)> = nodes
        .iter()
        .enumerate()
        .filter(|(i, _)| *i != gone)
        .map(|(_, n)| n.clone())
        .collect();
    let back = |i: usize| if i >= gone { i + 1 } else { i };
    let mut out = Leave {
        keys: params.keys,
        owned: 0,
        moved: 0,
        not_second: 0,
        strays: 0,
        landed: vec![0; nodes.len()],
    };
    let (all, rest) = (system.prepare(&nodes), system.prepare(&kept));
    for key in key_names(params.keys) {
        let key = key.as_bytes();
        let before = all.owner(key);
        let after = rest.owner(key).map(back);
        out.owned += u64::from(before == Some(gone));
        if before != after {
            out.moved += 1;
            if before != Some(gone) {
                out.strays += 1;
            }
            let second = system.ranking(key, &nodes).get(1).copied();
            if after != second {
                out.not_second += 1;
            }
            if let Some(a) = after {
                out.landed[a] += 1;
            }
        }
    }
    out
}

/// How many of the counted keys each node owns, by the system's own picks.
pub fn owned_counts(params: &RendezvousParams) -> Vec<u64> {
    let nodes = params.pairs();
    let mut counts = vec![0u64; nodes.len()];
    let picker = params.system.prepare(&nodes);
    for key in key_names(params.keys) {
        if let Some(owner) = picker.owner(key.as_bytes()) {
            counts[owner] += 1;
        }
    }
    counts
}

/// The node counts the cost is measured at.
pub const COST_NODES: [usize; 4] = [10, 100, 1_000, 10_000];

/// `count` nodes named `node-0`, `node-1`, ..., of weight 1: the cost measurement's.
pub fn cost_nodes(count: usize) -> Vec<(String, f64)> {
    (0..count).map(|i| (format!("node-{i}"), 1.0)).collect()
}

/// Looks up every key; the sum of the owners, so no work is skipped.
pub fn lookup_all(picker: &Picker, keys: &[String]) -> usize {
    keys.iter().filter_map(|k| picker.owner(k.as_bytes())).sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::views::rendezvous::params::Node;
    use ringlab_core::schemes::rendezvous_systems::RendezvousSystem;

    /// The lesson's worked example: B owns photo42, B then A with two replicas; C leaving
    /// changes nothing for it, B leaving hands it to A.
    #[test]
    fn the_illustration_ranks_as_the_lesson_says() {
        let scores: Vec<f64> = ILLUSTRATION.iter().map(|(_, s)| *s).collect();
        assert_eq!(rank(&scores), [1, 0, 2]);
        assert_eq!(owner_without(&scores, Some(2)), Some(1));
        assert_eq!(owner_without(&scores, Some(1)), Some(0));
    }

    #[test]
    fn a_leaver_moves_only_its_keys_each_to_its_second_choice_in_every_system() {
        for system in RendezvousSystem::ALL {
            let params = RendezvousParams {
                nodes: ["A", "B", "C", "D", "E"]
                    .iter()
                    .map(|n| Node {
                        name: n.to_string(),
                        weight: 1.0,
                    })
                    .collect(),
                keys: 2_000,
                system,
                ..RendezvousParams::default()
            };
            let out = leave(&params, 1);
            assert_eq!(out.moved, out.owned, "{system:?}");
            assert_eq!((out.strays, out.not_second), (0, 0), "{system:?}");
            assert_eq!(out.landed[1], 0);
            assert_eq!(out.landed.iter().sum::<u64>(), out.moved);
            assert!(
                (300..=500).contains(&out.owned),
                "{system:?}: {}",
                out.owned
            );
        }
    }

    #[test]
    fn weights_set_the_shares() {
        use crate::view_state::ViewState;
        let (params, _) =
            RendezvousParams::from_query(&crate::urlkit::parse_query("nodes=A,B=2,C"));
        let counts = owned_counts(&params);
        assert_eq!(counts.iter().sum::<u64>(), 10_000);
        assert!(
            (counts[1] as f64 / 10_000.0 - 0.5).abs() < 0.02,
            "{counts:?}"
        );
        let nodes = cost_nodes(100);
        assert_eq!(nodes[99].0, "node-99");
        assert!(lookup_all(&RendezvousSystem::Textbook.prepare(&nodes), &key_names(50)) > 0);
    }

    #[test]
    fn the_race_is_the_systems_own() {
        let mut params = RendezvousParams::default();
        let race = Race::of(&params);
        let nodes = params.pairs();
        assert_eq!(
            Some(race.owner()),
            RendezvousSystem::Textbook.owner(b"photo42", &nodes)
        );
        assert_eq!(race.holders().len(), 2);
        assert!(race.summary().contains("owns \"photo42\""));
        params.gone = Some(race.names[race.owner()].clone());
        let race = Race::of(&params);
        assert_eq!(race.owner_after, Some(race.ranking[1]));
        assert!(race.summary().contains("goes to its second choice"));
        params.gone = Some(race.names[race.ranking[1]].clone());
        let race = Race::of(&params);
        let next = &race.names[race.ranking[2]];
        assert!(
            race.summary().ends_with(&format!(
                "still owns it, and {next} takes {}'s copy.",
                race.names[race.ranking[1]]
            )),
            "{}",
            race.summary()
        );
    }
}
