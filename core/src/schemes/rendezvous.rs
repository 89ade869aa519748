//! `rendezvous`: highest random weight hashing of Thaler and Ravishankar, "Using
//! Name-Based Mappings to Increase Hit Rates" (IEEE/ACM ToN 1998), weighted with the
//! logarithmic rule of Schindelhauer and Schomaker ("Weighted Distributed Hash Tables",
//! SPAA 2005).
//!
//! Every server scores every key; the highest score owns it and the scores in descending
//! order are the replica list. No real system fixes the hash, so ringlab uses:
//!
//! * seed of server i: `s_i = key_hash(name_i)`, XXH3-64 with seed 0 of the name's UTF-8;
//! * `u = unit_open(seeded_hash(key, s_i))`: XXH3-64 of the key's bytes with seed `s_i`,
//!   its top 52 bits mapped into the open interval (0, 1) ([`crate::hash::unit_open`]);
//! * `score = -w_i / ln(u)`, positive and finite since 0 < u < 1.
//!
//! Equal scores (practically never) go to the server listed first. With u uniform,
//! `-ln(u) / w_i` is exponential with rate w_i, so server i wins a key with probability
//! exactly `w_i / sum w`; removing a server moves only its own keys, and adding one takes
//! keys only for itself.

use super::ranking::{first_highest, ranking};
use crate::hash::{key_hash, seeded_hash, unit_open};
use crate::{ConfigError, Partitioner, Server};

/// Weighted rendezvous (highest random weight) hashing.
///
/// ```
/// use ringlab_core::{Partitioner, Server, schemes::rendezvous::Rendezvous};
/// let servers = vec![Server::new("a"), Server::new("b").with_weight(2.0)];
/// let hrw = Rendezvous::new(servers).unwrap();
/// let scores = hrw.scores(b"user:42");
/// let order: Vec<usize> = hrw.candidates(b"user:42").collect();
/// assert!(scores[order[0]] >= scores[order[1]]);
/// assert_eq!(hrw.lookup(b"user:42"), Some(order[0]));
/// assert_eq!(hrw.load_shares(), vec![1.0 / 3.0, 2.0 / 3.0]);
/// ```
#[derive(Debug, Clone)]
pub struct Rendezvous {
    servers: Vec<Server>,
    seeds: Vec<u64>,
}

impl Rendezvous {
    /// Builds the scheme; the list may be empty (it then owns nothing).
    pub fn new(servers: Vec<Server>) -> Result<Self, ConfigError> {
        crate::validate_servers(&servers)?;
        let seeds = servers.iter().map(|s| server_seed(&s.name)).collect();
        Ok(Rendezvous { servers, seeds })
    }

    /// The score of `key` on `server`: `-w / ln(u)`, as the module explains.
    pub fn score(&self, key: &[u8], server: usize) -> Option<f64> {
        let seed = *self.seeds.get(server)?;
        Some(weighted_score(key, seed, self.servers[server].weight))
    }

    /// Every server's score for `key`, in server order.
    pub fn scores(&self, key: &[u8]) -> Vec<f64> {
        self.each_score(key).collect()
    }

    /// The scores one by one, without a vector: what a lookup needs.
    fn each_score<'a>(&'a self, key: &'a [u8]) -> impl Iterator<Item = f64> + 'a {
        self.seeds
            .iter()
            .zip(&self.servers)
            .map(move |(&seed, server)| weighted_score(key, seed, server.weight))
    }
}

/// The per-server seed: XXH3-64 (seed 0) of the server's name.
pub fn server_seed(name: &str) -> u64 {
    key_hash(name.as_bytes())
}

/// `-weight / ln(u)` with `u = unit_open(seeded_hash(key, seed))`.
pub fn weighted_score(key: &[u8], seed: u64, weight: f64) -> f64 {
    let u = unit_open(seeded_hash(key, seed));
    -weight / u.ln()
}

impl Partitioner for Rendezvous {
    fn scheme(&self) -> &'static str {
        "rendezvous"
    }
    fn servers(&self) -> &[Server] {
        &self.servers
    }
    /// Rendezvous has no single key position; this is the key's plain XXH3-64, the hash
    /// the views print beside it.
    fn key_hash(&self, key: &[u8]) -> Option<u64> {
        Some(key_hash(key))
    }
    /// The first highest score ([`first_highest`]).
    fn lookup(&self, key: &[u8]) -> Option<usize> {
        first_highest(self.each_score(key))
    }
    /// Servers by descending score, ties to the lower index ([`ranking`]).
    fn candidates<'a>(&'a self, key: &[u8]) -> Box<dyn Iterator<Item = usize> + 'a> {
        Box::new(ranking(&self.scores(key)).into_iter())
    }
    fn load_shares(&self) -> Vec<f64> {
        let total: f64 = self.servers.iter().map(|s| s.weight).sum();
        self.servers.iter().map(|s| s.weight / total).collect()
    }
    fn rebuild(&mut self, servers: Vec<Server>) -> Result<(), ConfigError> {
        *self = Rendezvous::new(servers)?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::numbered_servers;

    fn keys(count: usize) -> Vec<String> {
        (0..count).map(|i| format!("key:{i}")).collect()
    }

    #[test]
    fn empty_cluster_owns_nothing() {
        let hrw = Rendezvous::new(Vec::new()).unwrap();
        assert_eq!(hrw.lookup(b"k"), None);
        assert_eq!(hrw.candidates(b"k").count(), 0);
        assert!(hrw.load_shares().is_empty());
        assert_eq!(hrw.score(b"k", 0), None);
    }

    #[test]
    fn scores_are_positive_and_finite() {
        let hrw = Rendezvous::new(numbered_servers("s", 5)).unwrap();
        for key in keys(200) {
            assert!(hrw
                .scores(key.as_bytes())
                .iter()
                .all(|s| s.is_finite() && *s > 0.0));
        }
        // The extremes of u still give finite scores.
        assert!((-1.0 / unit_open(0).ln()).is_finite());
        assert!((-1.0 / unit_open(u64::MAX).ln()).is_finite());
    }

    #[test]
    fn removing_a_server_moves_only_its_keys() {
        let mut hrw = Rendezvous::new(numbered_servers("s", 6)).unwrap();
        let keys = keys(2000);
        let before: Vec<String> = keys
            .iter()
            .map(|k| {
                hrw.servers()[hrw.lookup(k.as_bytes()).unwrap()]
                    .name
                    .clone()
            })
            .collect();
        hrw.remove("s2").unwrap();
        for (key, old) in keys.iter().zip(before) {
            let new = &hrw.servers()[hrw.lookup(key.as_bytes()).unwrap()].name;
            if old != "s2" {
                assert_eq!(new, &old);
            }
        }
    }

    #[test]
    fn a_weight_two_server_gets_about_twice_the_keys() {
        let servers = vec![
            Server::new("a"),
            Server::new("b").with_weight(2.0),
            Server::new("c"),
        ];
        let hrw = Rendezvous::new(servers).unwrap();
        let mut counts = [0usize; 3];
        for key in keys(40_000) {
            counts[hrw.lookup(key.as_bytes()).unwrap()] += 1;
        }
        let share = counts[1] as f64 / 40_000.0;
        assert!((share - 0.5).abs() < 0.015, "share of b {share}");
    }

    #[test]
    fn candidates_are_all_servers_by_score() {
        let hrw = Rendezvous::new(numbered_servers("s", 8)).unwrap();
        let key = b"abc";
        let scores = hrw.scores(key);
        let order: Vec<usize> = hrw.candidates(key).collect();
        assert_eq!(order.len(), 8);
        assert!(order.windows(2).all(|w| scores[w[0]] >= scores[w[1]]));
        assert_eq!(hrw.preference_list(key, 3), order[..3].to_vec());
    }
}
