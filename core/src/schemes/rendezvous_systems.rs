//! Rendezvous hashing as the systems people run do it, behind one door: ringlab's
//! textbook version ([`super::rendezvous`]), mcrouter's `Rendezvous` and
//! `WeightedRendezvous` ([`super::mcrouter`]) and Envoy's rendezvous policy
//! ([`super::envoy_rendezvous`]). Each scores every node for a key with its own hashes;
//! the owner is the system's own pick, exactly, and the ranking below it orders the rest
//! by the same scores.
//!
//! ```
//! use ringlab_core::schemes::rendezvous_systems::RendezvousSystem;
//! let nodes: Vec<(String, f64)> = ["a", "b", "c"].iter().map(|n| (n.to_string(), 1.0)).collect();
//! for system in RendezvousSystem::ALL {
//!     let scores = system.scores(b"photo42", &nodes);
//!     let ranking = system.ranking(b"photo42", &nodes);
//!     assert_eq!(ranking.len(), 3);
//!     assert_eq!(Some(ranking[0]), system.owner(b"photo42", &nodes));
//!     assert!(scores[ranking[0]] >= scores[ranking[1]]);
//! }
//! ```

use super::ranking::ranking_from;
use super::{envoy_rendezvous, mcrouter, rendezvous};
use crate::{Partitioner, Server};

/// A rendezvous implementation ringlab reproduces exactly.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RendezvousSystem {
    /// ringlab's: XXH3-64 seeded by each node's name, score -w / ln(u).
    Textbook,
    /// mcrouter's `Rendezvous`: MurmurHash64A of tag and key, mixed; weights ignored.
    Mcrouter,
    /// mcrouter's `WeightedRendezvous`: the same hashes, score w / -ln(u).
    McrouterWeighted,
    /// Envoy's rendezvous policy: XXH64 of the request and of each host, mixed; score
    /// -w / ln(u) with Envoy's fast logarithm, weights normalised to their sum.
    Envoy,
}

impl RendezvousSystem {
    pub const ALL: [RendezvousSystem; 4] = [
        RendezvousSystem::Textbook,
        RendezvousSystem::Mcrouter,
        RendezvousSystem::McrouterWeighted,
        RendezvousSystem::Envoy,
    ];

    /// Its short name: `textbook`, `mcrouter`, `mcrouter-weighted`, `envoy`.
    pub fn name(self) -> &'static str {
        match self {
            RendezvousSystem::Textbook => "textbook",
            RendezvousSystem::Mcrouter => "mcrouter",
            RendezvousSystem::McrouterWeighted => "mcrouter-weighted",
            RendezvousSystem::Envoy => "envoy",
        }
    }

    /// True when the system reads the weights.
    pub fn weighted(self) -> bool {
        self != RendezvousSystem::Mcrouter
    }

    /// Every node's score for `key`, in node order (higher wins). Weights must be
    /// positive and finite for the textbook version.
    pub fn scores(self, key: &[u8], nodes: &[(String, f64)]) -> Vec<f64> {
        let names = || nodes.iter().map(|(n, _)| n.clone()).collect::<Vec<_>>();
        let weights = || nodes.iter().map(|(_, w)| *w).collect::<Vec<_>>();
        match self {
            RendezvousSystem::Textbook => nodes
                .iter()
                .map(|(name, w)| rendezvous::weighted_score(key, rendezvous::server_seed(name), *w))
                .collect(),
            RendezvousSystem::Mcrouter => mcrouter::rendezvous_scores(key, &names()),
            RendezvousSystem::McrouterWeighted => {
                mcrouter::weighted_rendezvous_scores(key, &names(), &weights())
            }
            RendezvousSystem::Envoy => {
                envoy_rendezvous::host_scores(envoy_rendezvous::request_hash(key), &hosts(nodes))
                    .collect()
            }
        }
    }

    /// The node the system itself picks for `key`; `None` without nodes. The same pick as
    /// the prepared nodes' ([`Picker::owner`]).
    pub fn owner(self, key: &[u8], nodes: &[(String, f64)]) -> Option<usize> {
        self.prepare(nodes).owner(key)
    }

    /// The nodes made ready for many lookups: names hashed once, as the systems do.
    pub fn prepare(self, nodes: &[(String, f64)]) -> Picker {
        let inner = match self {
            RendezvousSystem::Textbook => {
                let servers = nodes
                    .iter()
                    .map(|(n, w)| Server::new(n.clone()).with_weight(*w))
                    .collect();
                match rendezvous::Rendezvous::new(servers) {
                    Ok(r) => Prepared::Textbook(r),
                    Err(_) => Prepared::Empty,
                }
            }
            RendezvousSystem::Mcrouter | RendezvousSystem::McrouterWeighted => Prepared::Mcrouter {
                weighted: self == RendezvousSystem::McrouterWeighted,
                tags: nodes.iter().map(|(n, _)| n.clone()).collect(),
                weights: nodes.iter().map(|(_, w)| *w).collect(),
            },
            RendezvousSystem::Envoy => Prepared::Envoy(hosts(nodes)),
        };
        Picker(inner)
    }

    /// Every node by descending score, the system's own pick first ([`ranking_from`]).
    pub fn ranking(self, key: &[u8], nodes: &[(String, f64)]) -> Vec<usize> {
        ranking_from(self.owner(key, nodes), &self.scores(key, nodes))
    }
}

/// The nodes as Envoy's hosts: each name hashed once, with its weight.
fn hosts(nodes: &[(String, f64)]) -> Vec<envoy_rendezvous::Host> {
    nodes
        .iter()
        .map(|(n, w)| envoy_rendezvous::Host::new(n, *w))
        .collect()
}

/// A system's nodes, prepared for lookups ([`RendezvousSystem::prepare`]).
#[derive(Debug, Clone)]
pub struct Picker(Prepared);

#[derive(Debug, Clone)]
enum Prepared {
    Empty,
    Textbook(rendezvous::Rendezvous),
    Mcrouter {
        weighted: bool,
        tags: Vec<String>,
        weights: Vec<f64>,
    },
    Envoy(Vec<envoy_rendezvous::Host>),
}

impl Picker {
    /// The owner of `key`, as [`RendezvousSystem::owner`] finds it.
    ///
    /// ```
    /// use ringlab_core::schemes::rendezvous_systems::RendezvousSystem;
    /// let nodes: Vec<(String, f64)> = (0..20).map(|i| (format!("n{i}"), 1.0)).collect();
    /// for system in RendezvousSystem::ALL {
    ///     let picker = system.prepare(&nodes);
    ///     assert_eq!(picker.owner(b"k"), system.owner(b"k", &nodes));
    /// }
    /// ```
    pub fn owner(&self, key: &[u8]) -> Option<usize> {
        match &self.0 {
            Prepared::Empty => None,
            Prepared::Textbook(r) => r.lookup(key),
            Prepared::Mcrouter {
                weighted: false,
                tags,
                ..
            } => mcrouter::rendezvous(key, tags),
            Prepared::Mcrouter { tags, weights, .. } => {
                (!tags.is_empty()).then(|| mcrouter::weighted_rendezvous(key, tags, weights))
            }
            Prepared::Envoy(hosts) => {
                envoy_rendezvous::pick(envoy_rendezvous::request_hash(key), hosts)
            }
        }
    }
}
