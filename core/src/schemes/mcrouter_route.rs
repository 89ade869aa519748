//! One of mcrouter's hash routes as a [`Partitioner`]: a pool's servers, the route's
//! `hash_func`, its `salt` and, for the rendezvous functions, each server's tag. This is
//! what `config::mcrouter` reads a config into; the functions themselves are in
//! [`super::mcrouter`].
//!
//! ```
//! use ringlab_core::schemes::mcrouter_route::{HashFunc, McrouterRoute};
//! use ringlab_core::{numbered_servers, Partitioner};
//! let route = McrouterRoute::new(HashFunc::Ch3, numbered_servers("mc", 100), None, "").unwrap();
//! // mcrouter's own test: "sample" goes to child 97 of 100.
//! assert_eq!(route.lookup(b"sample"), Some(97));
//! // The /region/cluster/ prefix and anything from |#| on are not hashed.
//! assert_eq!(route.lookup(b"/east/main/sample|#|x"), Some(97));
//! ```

use super::mcrouter::{
    ch3, const_shard, crc32_index, rendezvous_scores, routing_key, weighted_ch3,
    weighted_rendezvous, weighted_rendezvous_scores, MAX_POOL,
};
use super::ranking::ranking_from;
use super::ring_hash::murmur64a;
use crate::{ConfigError, Partitioner, Server};

/// The `hash_func`s a route can name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HashFunc {
    Ch3,
    WeightedCh3,
    ConstShard,
    Crc32,
    Rendezvous,
    WeightedRendezvous,
}

impl HashFunc {
    pub const ALL: [HashFunc; 6] = [
        HashFunc::Ch3,
        HashFunc::WeightedCh3,
        HashFunc::ConstShard,
        HashFunc::Crc32,
        HashFunc::Rendezvous,
        HashFunc::WeightedRendezvous,
    ];

    /// The name a config gives it.
    pub fn name(self) -> &'static str {
        match self {
            HashFunc::Ch3 => "Ch3",
            HashFunc::WeightedCh3 => "WeightedCh3",
            HashFunc::ConstShard => "ConstShard",
            HashFunc::Crc32 => "Crc32",
            HashFunc::Rendezvous => "Rendezvous",
            HashFunc::WeightedRendezvous => "WeightedRendezvous",
        }
    }

    /// The function a config's `hash_func` names.
    pub fn parse(name: &str) -> Option<HashFunc> {
        HashFunc::ALL.into_iter().find(|f| f.name() == name)
    }

    /// Whether it scores tags (and so needs one per server).
    pub fn uses_tags(self) -> bool {
        matches!(self, HashFunc::Rendezvous | HashFunc::WeightedRendezvous)
    }

    /// Whether the servers' weights count.
    pub fn weighted(self) -> bool {
        matches!(self, HashFunc::WeightedCh3 | HashFunc::WeightedRendezvous)
    }

    /// The largest weight it takes: WeightedCh3's weights are probabilities.
    fn max_weight(self) -> f64 {
        match self {
            HashFunc::WeightedCh3 => 1.0,
            _ => 1e6,
        }
    }
}

/// A hash route over a pool, placing keys as mcrouter does.
#[derive(Debug, Clone, PartialEq)]
pub struct McrouterRoute {
    func: HashFunc,
    servers: Vec<Server>,
    /// One per server: the rendezvous tag, else the server's name.
    tags: Vec<String>,
    weights: Vec<f64>,
    salt: String,
}

impl McrouterRoute {
    /// A route over `servers` (weights from 0: mcrouter keeps a weight-0 server in the
    /// pool, where it counts for Ch3's n but takes no keys). `tags` are required by the
    /// rendezvous functions, one per server; without them a server is its own tag.
    pub fn new(
        func: HashFunc,
        servers: Vec<Server>,
        tags: Option<Vec<String>>,
        salt: &str,
    ) -> Result<McrouterRoute, ConfigError> {
        check(func, &servers)?;
        let tags = match tags {
            Some(tags) if tags.len() != servers.len() => {
                return Err(ConfigError::Invalid(format!(
                    "{} tags for {} servers: {} needs one tag per server",
                    tags.len(),
                    servers.len(),
                    func.name()
                )))
            }
            Some(tags) => tags,
            None => servers.iter().map(|s| s.name.clone()).collect(),
        };
        Ok(McrouterRoute {
            func,
            weights: servers.iter().map(|s| s.weight).collect(),
            servers,
            tags,
            salt: salt.to_string(),
        })
    }

    pub fn func(&self) -> HashFunc {
        self.func
    }

    pub fn salt(&self) -> &str {
        &self.salt
    }

    pub fn tags(&self) -> &[String] {
        &self.tags
    }

    fn pool(&self) -> u32 {
        self.servers.len() as u32
    }

    /// The index mcrouter picks for the routed key bytes (`None` for an empty pool).
    fn pick(&self, routed: &[u8]) -> Option<usize> {
        let n = self.pool();
        if n == 0 {
            return None;
        }
        Some(match self.func {
            HashFunc::Ch3 => ch3(routed, n) as usize,
            HashFunc::WeightedCh3 => weighted_ch3(routed, n, &self.weights) as usize,
            HashFunc::ConstShard => const_shard(routed, n) as usize,
            HashFunc::Crc32 => crc32_index(routed, n) as usize,
            HashFunc::Rendezvous => super::mcrouter::rendezvous(routed, &self.tags)?,
            HashFunc::WeightedRendezvous => weighted_rendezvous(routed, &self.tags, &self.weights),
        })
    }
}

/// Names present, unique and at most [`MAX_POOL`]; weights from 0 to the function's most.
fn check(func: HashFunc, servers: &[Server]) -> Result<(), ConfigError> {
    if servers.len() > MAX_POOL as usize {
        return Err(ConfigError::Invalid(format!(
            "{} servers: mcrouter's pools hold at most {MAX_POOL}",
            servers.len()
        )));
    }
    let mut seen = std::collections::BTreeSet::new();
    for server in servers {
        if server.name.is_empty() {
            return Err(ConfigError::EmptyName);
        }
        if !seen.insert(server.name.as_str()) {
            return Err(ConfigError::DuplicateServer(server.name.clone()));
        }
        let w = server.weight;
        if !(w.is_finite() && (0.0..=func.max_weight()).contains(&w)) {
            return Err(ConfigError::Invalid(format!(
                "server {} has weight {w}: {} takes weights from 0 to {}",
                server.name,
                func.name(),
                func.max_weight()
            )));
        }
    }
    Ok(())
}

impl Partitioner for McrouterRoute {
    fn scheme(&self) -> &'static str {
        match self.func {
            HashFunc::Ch3 => "mcrouter-ch3",
            HashFunc::WeightedCh3 => "mcrouter-weighted-ch3",
            HashFunc::ConstShard => "mcrouter-const-shard",
            HashFunc::Crc32 => "mcrouter-crc32",
            HashFunc::Rendezvous => "mcrouter-rendezvous",
            HashFunc::WeightedRendezvous => "mcrouter-weighted-rendezvous",
        }
    }

    fn servers(&self) -> &[Server] {
        &self.servers
    }

    /// The first hash the function takes of the routed key: MurmurHash64A with Ch3's seed
    /// (the start of its bit stream), with the rendezvous key seed, or the CRC-32.
    fn key_hash(&self, key: &[u8]) -> Option<u64> {
        let routed = routing_key(key, &self.salt);
        Some(match self.func {
            HashFunc::Ch3 | HashFunc::WeightedCh3 | HashFunc::ConstShard => {
                murmur64a(&routed, 4_193_360_111)
            }
            HashFunc::Crc32 => u64::from(super::nginx::crc32(&routed)),
            HashFunc::Rendezvous | HashFunc::WeightedRendezvous => {
                murmur64a(&routed, 2_718_281_828)
            }
        })
    }

    fn lookup(&self, key: &[u8]) -> Option<usize> {
        self.pick(&routing_key(key, &self.salt))
    }

    /// The rendezvous functions rank every server by score (mcrouter's pick first); the
    /// others have one answer and no second choice (mcrouter fails over by another route).
    fn candidates<'a>(&'a self, key: &[u8]) -> Box<dyn Iterator<Item = usize> + 'a> {
        let routed = routing_key(key, &self.salt);
        let scores = match self.func {
            HashFunc::Rendezvous => rendezvous_scores(&routed, &self.tags),
            HashFunc::WeightedRendezvous => {
                weighted_rendezvous_scores(&routed, &self.tags, &self.weights)
            }
            _ => return Box::new(self.pick(&routed).into_iter()),
        };
        Box::new(ranking_from(self.pick(&routed), &scores).into_iter())
    }

    /// What each server can expect, from the weights alone: 1/n for the unweighted
    /// functions; w/Σw for WeightedRendezvous; for WeightedCh3, the chance that one of the
    /// 32 tries lands on the server and is accepted, plus that of 32 refusals ending on it.
    fn load_shares(&self) -> Vec<f64> {
        let n = self.servers.len();
        if n == 0 {
            return Vec::new();
        }
        match self.func {
            HashFunc::WeightedRendezvous => {
                let total: f64 = self.weights.iter().sum();
                if total == 0.0 {
                    // Every score is 0: index 0 keeps every key.
                    return (0..n).map(|i| if i == 0 { 1.0 } else { 0.0 }).collect();
                }
                self.weights.iter().map(|w| w / total).collect()
            }
            HashFunc::WeightedCh3 => {
                // A try accepts with the probability trunc(w * (2^32 - 1)) / 2^32.
                let accept: Vec<f64> = self
                    .weights
                    .iter()
                    .map(|w| (w * 4_294_967_295.0).trunc() / 4_294_967_296.0)
                    .collect();
                let n = n as f64;
                let a = accept.iter().sum::<f64>() / n;
                let refused = 1.0 - a;
                let accepted_by_some_try = if a > 0.0 {
                    (1.0 - refused.powi(32)) / a
                } else {
                    32.0
                };
                accept
                    .iter()
                    .map(|p| p / n * accepted_by_some_try + refused.powi(31) * (1.0 - p) / n)
                    .collect()
            }
            _ => vec![1.0 / n as f64; n],
        }
    }

    /// The same route over other servers; a kept server keeps its tag, a new one is its
    /// own tag.
    fn rebuild(&mut self, servers: Vec<Server>) -> Result<(), ConfigError> {
        let tags = servers
            .iter()
            .map(|s| {
                self.servers
                    .iter()
                    .position(|old| old.name == s.name)
                    .map_or_else(|| s.name.clone(), |i| self.tags[i].clone())
            })
            .collect();
        *self = McrouterRoute::new(self.func, servers, Some(tags), &self.salt)?;
        Ok(())
    }

    /// Adds a server, checked as this route checks them (a weight of 0 is allowed).
    fn add(&mut self, server: Server) -> Result<(), ConfigError> {
        let mut servers = self.servers.clone();
        servers.push(server);
        self.rebuild(servers)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::numbered_servers;
    use proptest::prelude::*;

    fn tagged(n: usize) -> Vec<String> {
        (0..n).map(|i| format!("xxx.{i}.yy")).collect()
    }

    fn weighted(weights: &[f64]) -> Vec<Server> {
        weights
            .iter()
            .enumerate()
            .map(|(i, &w)| Server::new(format!("s{i}")).with_weight(w))
            .collect()
    }

    /// WeightedCh3 with small weights, where most tries are refused and the last child
    /// tried after 32 refusals takes a real part: the exact shares sum to one and are the
    /// shares of 40,000 keys counted, within 5 binomial deviations.
    #[test]
    fn weighted_ch3_shares_are_the_counted_ones_when_most_tries_are_refused() {
        let route = McrouterRoute::new(
            HashFunc::WeightedCh3,
            weighted(&[0.01, 0.02, 0.05]),
            None,
            "",
        )
        .unwrap();
        let shares = route.load_shares();
        assert!(
            (shares.iter().sum::<f64>() - 1.0).abs() < 1e-9,
            "{shares:?}"
        );
        let mut counts = [0usize; 3];
        for i in 0..40_000 {
            counts[route.lookup(format!("key-{i}").as_bytes()).unwrap()] += 1;
        }
        for (count, share) in counts.iter().zip(&shares) {
            let deviation = (share * (1.0 - share) / 40_000.0).sqrt();
            assert!(
                (*count as f64 / 40_000.0 - share).abs() < 5.0 * deviation,
                "{counts:?} {shares:?}"
            );
        }
    }

    #[test]
    fn mcrouters_own_checks_through_the_route() {
        let rendezvous = McrouterRoute::new(
            HashFunc::Rendezvous,
            numbered_servers("s", 343),
            Some(tagged(343)),
            "",
        )
        .unwrap();
        assert_eq!(rendezvous.lookup(b"sample"), Some(45));
        assert_eq!(rendezvous.lookup(b"mykey"), Some(132));
        let counts = |route: &McrouterRoute, keys: usize| {
            let mut counts = vec![0; route.servers().len()];
            for i in 0..keys {
                counts[route.lookup(format!("mykey:{i}").as_bytes()).unwrap()] += 1;
            }
            counts
        };
        let three = McrouterRoute::new(
            HashFunc::WeightedRendezvous,
            weighted(&[1.0, 0.5, 0.1]),
            Some(tagged(3)),
            "",
        )
        .unwrap();
        assert_eq!(counts(&three, 10_000), [6292, 3118, 590]);
        let drained = McrouterRoute::new(
            HashFunc::WeightedRendezvous,
            weighted(&[1.0, 0.0, 0.5]),
            Some(tagged(3)),
            "",
        )
        .unwrap();
        assert_eq!(counts(&drained, 10_000), [6737, 0, 3263]);
        let ch3 =
            McrouterRoute::new(HashFunc::WeightedCh3, weighted(&[0.0; 100]), None, "").unwrap();
        assert_eq!(ch3.lookup(b"sample"), Some(59));
        let crc =
            McrouterRoute::new(HashFunc::Crc32, numbered_servers("s", 100), None, "").unwrap();
        assert_eq!(crc.lookup(b"sample"), Some(7));
    }

    #[test]
    fn the_salt_is_appended_to_the_routed_key() {
        let route =
            McrouterRoute::new(HashFunc::Ch3, numbered_servers("s", 100), None, "x").unwrap();
        assert_eq!(route.lookup(b"sample"), Some(ch3(b"samplex", 100) as usize));
    }

    #[test]
    fn bad_pools_are_refused_with_the_reason() {
        let heavy = McrouterRoute::new(HashFunc::WeightedCh3, weighted(&[1.0, 1.5]), None, "");
        assert!(heavy.unwrap_err().to_string().contains("from 0 to 1"));
        let untagged = McrouterRoute::new(
            HashFunc::Rendezvous,
            numbered_servers("s", 3),
            Some(tagged(2)),
            "",
        );
        assert!(untagged
            .unwrap_err()
            .to_string()
            .contains("one tag per server"));
        let twice = vec![Server::new("a"), Server::new("a")];
        assert!(McrouterRoute::new(HashFunc::Ch3, twice, None, "").is_err());
        let empty = McrouterRoute::new(HashFunc::Ch3, Vec::new(), None, "").unwrap();
        assert_eq!(empty.lookup(b"k"), None);
    }

    #[test]
    fn weighted_ch3_shares_match_the_keys_it_places() {
        let route = McrouterRoute::new(HashFunc::WeightedCh3, weighted(&[1.0, 1.0, 0.7]), None, "")
            .unwrap();
        let shares = route.load_shares();
        assert!((shares.iter().sum::<f64>() - 1.0).abs() < 1e-12);
        let mut counts = [0usize; 3];
        for i in 0..30_000 {
            counts[route.lookup(i.to_string().as_bytes()).unwrap()] += 1;
        }
        for (count, share) in counts.iter().zip(&shares) {
            let expected = share * 30_000.0;
            // Four standard deviations of a binomial count.
            let sd = (expected * (1.0 - share)).sqrt();
            assert!(
                (*count as f64 - expected).abs() < 4.0 * sd,
                "{counts:?} {shares:?}"
            );
        }
    }

    fn func() -> impl Strategy<Value = HashFunc> {
        proptest::sample::select(HashFunc::ALL.to_vec())
    }

    proptest! {
        #[test]
        fn the_owner_is_in_the_pool_and_first_of_the_candidates(
            func in func(), n in 1usize..40, key in proptest::collection::vec(any::<u8>(), 0..40),
        ) {
            let servers = weighted(&vec![0.5; n]);
            let route = McrouterRoute::new(func, servers, None, "").unwrap();
            let owner = route.lookup(&key).unwrap();
            prop_assert!(owner < n);
            prop_assert_eq!(route.candidates(&key).next(), Some(owner));
            let shares: f64 = route.load_shares().iter().sum();
            prop_assert!((shares - 1.0).abs() < 1e-9);
        }

        #[test]
        fn a_leaving_server_moves_only_its_own_keys_under_rendezvous(
            n in 2usize..30, leaver in 0usize..30, keys in proptest::collection::vec(any::<u32>(), 1..200),
        ) {
            let leaver = leaver % n;
            for func in [HashFunc::Rendezvous, HashFunc::WeightedRendezvous] {
                let before = McrouterRoute::new(func, numbered_servers("s", n), None, "").unwrap();
                let mut after = before.clone();
                after.remove(&format!("s{leaver}")).unwrap();
                for key in &keys {
                    let key = key.to_le_bytes();
                    let was = before.servers()[before.lookup(&key).unwrap()].name.clone();
                    let now = after.servers()[after.lookup(&key).unwrap()].name.clone();
                    if was != format!("s{leaver}") {
                        prop_assert_eq!(was, now);
                    } else {
                        // Its own second choice.
                        let second = before.candidates(&key).nth(1).unwrap();
                        prop_assert_eq!(&before.servers()[second].name, &now);
                    }
                }
            }
        }

        #[test]
        fn a_join_moves_keys_only_to_the_new_server_under_ch3(
            n in 1usize..60, keys in proptest::collection::vec(any::<u32>(), 1..200),
        ) {
            let before = McrouterRoute::new(HashFunc::Ch3, numbered_servers("s", n), None, "").unwrap();
            let after = McrouterRoute::new(HashFunc::Ch3, numbered_servers("s", n + 1), None, "").unwrap();
            for key in &keys {
                let key = key.to_le_bytes();
                let (was, now) = (before.lookup(&key).unwrap(), after.lookup(&key).unwrap());
                prop_assert!(was == now || now == n);
            }
        }
    }
}
