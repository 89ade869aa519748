//! Consistent hashing with bounded loads: Mirrokni, Thorup and Zadimoghaddam,
//! "Consistent Hashing with Bounded Loads" (SODA 2018; arXiv 1608.01350, 2016).
//!
//! With m keys on n servers and a balance factor c = 1 + epsilon (c >= 1), every server
//! may hold at most cap = ceil(c * m / n) keys. Keys are placed one by one, in the order
//! given: a key goes to the first of its scheme's candidates
//! ([`Partitioner::candidates`], for a ring the clockwise walk from its hash) that is still
//! below the cap. Every key is placed (n * cap >= m), no server exceeds the cap, and a
//! key that finds its home server full is "pushed" along.
//!
//! This works over any scheme. Caps are the same for every server (weights are not
//! used). The cap is computed in f64 and rounded up after taking off a relative 1e-12,
//! so that a factor written in decimal, such as 1.1, gives the cap the decimal
//! arithmetic gives (1.1 * 100 / 10 = 11, not 12); a cap above m is the same as no cap,
//! so c = infinity is plain consistent hashing.
//!
//! HAProxy offers this as `hash-balance-factor`, which is c * 100 (0 disables it, 125 to
//! 200 are the suggested values); Envoy's `hash_balance_factor` is the same number. Both
//! count requests in flight rather than a fixed set of keys.

use crate::{ConfigError, Partitioner};

/// The outcome of placing a sequence of keys with bounded loads.
#[derive(Debug, Clone, PartialEq)]
pub struct BoundedLoads {
    /// The balance factor c.
    pub c: f64,
    /// The most keys any server may hold: ceil(c * m / n), at most m.
    pub cap: usize,
    /// Keys per server, in server order.
    pub loads: Vec<usize>,
    /// The server each key went to, in key order; `None` when the scheme refused the key
    /// (nginx and the empty key) or there are no servers.
    pub assignment: Vec<Option<usize>>,
    /// The key's home: its first candidate, where plain consistent hashing puts it.
    pub home: Vec<Option<usize>>,
    /// Keys placed somewhere other than their home server.
    pub pushed: usize,
    /// Keys not placed at all (see `assignment`).
    pub unplaced: usize,
    /// Distinct servers looked at per placed key (1 when the home had room): the mean.
    pub mean_probes: f64,
    /// The most servers any key looked at.
    pub max_probes: usize,
}

impl BoundedLoads {
    /// The factor as HAProxy's `hash-balance-factor` (c * 100, rounded).
    pub fn hash_balance_factor(&self) -> f64 {
        (self.c * 100.0).round()
    }

    /// The largest load over the mean load m / n: at most about c.
    pub fn max_over_mean(&self) -> f64 {
        let placed: usize = self.loads.iter().sum();
        let max = self.loads.iter().copied().max().unwrap_or(0);
        if placed == 0 {
            0.0
        } else {
            max as f64 * self.loads.len() as f64 / placed as f64
        }
    }
}

/// The cap ceil(c * m / n), at most m; 0 when there are no keys or servers.
///
/// ```
/// use ringlab_core::bounded::cap;
/// assert_eq!(cap(1.25, 100, 4), 32);
/// assert_eq!(cap(1.1, 100, 10), 11);
/// assert_eq!(cap(1.0, 10, 3), 4);
/// assert_eq!(cap(f64::INFINITY, 10, 3), 10);
/// ```
pub fn cap(c: f64, keys: usize, servers: usize) -> usize {
    if keys == 0 || servers == 0 {
        return 0;
    }
    let exact = c * keys as f64 / servers as f64;
    let cap = (exact * (1.0 - 1e-12)).ceil();
    if cap >= keys as f64 {
        keys
    } else {
        (cap as usize).max(1)
    }
}

/// Places `keys`, in order, with balance factor `c` (at least 1; NaN and values below 1
/// are refused) over any scheme.
///
/// A key's candidates are tried in order, each server once (rings repeat servers); if
/// they run out before a server with room is found (a scheme whose candidates miss a
/// server that owns nothing), the remaining servers are tried in list order.
///
/// ```
/// use ringlab_core::{bounded::bounded_loads, numbered_servers, schemes::ring::HashRing};
/// let ring = HashRing::new(numbered_servers("s", 4), 10).unwrap();
/// let keys: Vec<String> = (0..1000).map(|i| format!("user:{i}")).collect();
/// let result = bounded_loads(&ring, &keys, 1.25).unwrap();
/// assert_eq!(result.cap, 313);
/// assert!(result.loads.iter().all(|&load| load <= 313));
/// assert_eq!(result.loads.iter().sum::<usize>(), 1000);
/// assert_eq!(result.hash_balance_factor(), 125.0);
/// assert!(bounded_loads(&ring, &keys, 0.9).is_err());
/// assert!(bounded_loads(&ring, &keys, f64::NAN).is_err());
/// ```
pub fn bounded_loads<K: AsRef<[u8]>>(
    partitioner: &dyn Partitioner,
    keys: &[K],
    c: f64,
) -> Result<BoundedLoads, ConfigError> {
    if c.is_nan() || c < 1.0 {
        return Err(ConfigError::OutOfRange {
            what: "the balance factor c",
            range: "at least 1 (HAProxy's hash-balance-factor 100)".into(),
            value: c.to_string(),
        });
    }
    let n = partitioner.servers().len();
    let cap = cap(c, keys.len(), n);
    let mut loads = vec![0usize; n];
    // `looked[s] == k + 1` when key k has already looked at server s.
    let mut looked = vec![0usize; n];
    let mut assignment = Vec::with_capacity(keys.len());
    let mut home = Vec::with_capacity(keys.len());
    let (mut pushed, mut unplaced, mut probes_total, mut max_probes) = (0, 0, 0usize, 0);
    for (k, key) in keys.iter().enumerate() {
        let Probe {
            chosen,
            first,
            probes,
        } = probe(
            partitioner,
            key.as_ref(),
            partitioner.lookup(key.as_ref()).is_some(),
            k + 1,
            &mut looked,
            |s| loads[s] < cap,
        );
        match chosen {
            Some(server) => {
                loads[server] += 1;
                if first != Some(server) {
                    pushed += 1;
                }
                probes_total += probes;
                max_probes = max_probes.max(probes);
            }
            None => unplaced += 1,
        }
        assignment.push(chosen);
        home.push(first);
    }
    let placed = keys.len() - unplaced;
    Ok(BoundedLoads {
        c,
        cap,
        loads,
        assignment,
        home,
        pushed,
        unplaced,
        mean_probes: if placed == 0 {
            0.0
        } else {
            probes_total as f64 / placed as f64
        },
        max_probes,
    })
}

/// Where one key goes: the first server with room, its home, the servers looked at.
pub(crate) struct Probe {
    pub chosen: Option<usize>,
    pub first: Option<usize>,
    pub probes: usize,
}

/// Tries `key`'s candidates in order, each server once, then the remaining servers in
/// list order, until `room(server)`; nothing when the scheme does not place the key
/// (`placeable` false: its `lookup` is `None`). `looked` is scratch space of one entry per
/// server; `stamp` must differ for every key placed with the same `looked` (and not be 0).
pub(crate) fn probe(
    partitioner: &dyn Partitioner,
    key: &[u8],
    placeable: bool,
    stamp: usize,
    looked: &mut [usize],
    room: impl Fn(usize) -> bool,
) -> Probe {
    let n = looked.len();
    let mut out = Probe {
        chosen: None,
        first: None,
        probes: 0,
    };
    if !placeable {
        return out;
    }
    for server in partitioner.candidates(key).chain(0..n) {
        if server >= n || looked[server] == stamp {
            continue;
        }
        looked[server] = stamp;
        out.first.get_or_insert(server);
        out.probes += 1;
        if room(server) {
            out.chosen = Some(server);
            break;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::schemes::ring::HashRing;
    use crate::{numbered_servers, Ring, Server};

    fn keys(count: usize) -> Vec<String> {
        (0..count).map(|i| format!("k{i}")).collect()
    }

    #[test]
    fn caps() {
        assert_eq!(cap(1.0, 0, 3), 0);
        assert_eq!(cap(1.0, 5, 0), 0);
        assert_eq!(cap(1.0, 1, 100), 1);
        assert_eq!(cap(2.0, 100, 3), 67);
        assert_eq!(cap(1.0, 100, 4), 25);
        assert_eq!(cap(1e300, 7, 2), 7);
    }

    #[test]
    fn refuses_bad_factors() {
        let ring = HashRing::new(numbered_servers("s", 2), 4).unwrap();
        for c in [f64::NAN, 0.0, 0.999, -1.0, f64::NEG_INFINITY] {
            assert!(bounded_loads(&ring, &keys(3), c).is_err(), "{c}");
        }
        assert!(bounded_loads(&ring, &keys(3), f64::INFINITY).is_ok());
    }

    #[test]
    fn empty_cluster_places_nothing() {
        let ring = HashRing::new(Vec::new(), 4).unwrap();
        let result = bounded_loads(&ring, &keys(5), 1.25).unwrap();
        assert_eq!(result.assignment, vec![None; 5]);
        assert_eq!(result.unplaced, 5);
        assert_eq!(result.cap, 0);
        assert_eq!(result.mean_probes, 0.0);
        let none: [&[u8]; 0] = [];
        let result = bounded_loads(&ring, &none, 1.0).unwrap();
        assert!(result.assignment.is_empty());
    }

    #[test]
    fn c_of_one_is_perfectly_balanced() {
        let ring = HashRing::new(numbered_servers("s", 5), 3).unwrap();
        let result = bounded_loads(&ring, &keys(1000), 1.0).unwrap();
        assert_eq!(result.cap, 200);
        assert_eq!(result.loads, vec![200; 5]);
        assert_eq!(result.unplaced, 0);
        assert!(result.max_probes <= 5);
        assert!(result.pushed > 0);
        assert!((result.max_over_mean() - 1.0).abs() < 1e-12);
    }

    #[test]
    fn a_huge_factor_is_plain_consistent_hashing() {
        let ring = HashRing::new(numbered_servers("s", 5), 3).unwrap();
        let keys = keys(300);
        let result = bounded_loads(&ring, &keys, f64::INFINITY).unwrap();
        assert_eq!(result.pushed, 0);
        assert_eq!(result.max_probes, 1);
        for (key, owner) in keys.iter().zip(&result.assignment) {
            assert_eq!(*owner, ring.lookup(key.as_bytes()));
        }
        assert_eq!(result.home, result.assignment);
    }

    /// A scheme whose candidates name only server 0, though two servers exist.
    struct OnlyFirst(Vec<Server>);

    impl Partitioner for OnlyFirst {
        fn scheme(&self) -> &'static str {
            "only-first"
        }
        fn servers(&self) -> &[Server] {
            &self.0
        }
        fn key_hash(&self, _: &[u8]) -> Option<u64> {
            Some(0)
        }
        fn lookup(&self, _: &[u8]) -> Option<usize> {
            Some(0)
        }
        fn candidates<'a>(&'a self, _: &[u8]) -> Box<dyn Iterator<Item = usize> + 'a> {
            Box::new([0, 0, 7].into_iter())
        }
        fn load_shares(&self) -> Vec<f64> {
            vec![1.0, 0.0]
        }
        fn ring(&self) -> Option<&Ring> {
            None
        }
        fn rebuild(&mut self, servers: Vec<Server>) -> Result<(), ConfigError> {
            self.0 = servers;
            Ok(())
        }
    }

    #[test]
    fn falls_back_to_servers_the_candidates_miss() {
        let scheme = OnlyFirst(numbered_servers("s", 2));
        let result = bounded_loads(&scheme, &keys(4), 1.0).unwrap();
        assert_eq!(result.loads, vec![2, 2]);
        assert_eq!(result.assignment, vec![Some(0), Some(0), Some(1), Some(1)]);
        assert_eq!(result.pushed, 2);
        assert_eq!(result.max_probes, 2);
        assert_eq!(result.mean_probes, 1.5);
    }

    #[test]
    fn the_factor_reads_as_haproxys_percent() {
        let ring = HashRing::new(numbered_servers("s", 3), 10).unwrap();
        for (c, percent) in [(1.25, 125.0), (1.5, 150.0), (2.0, 200.0), (1.1, 110.0)] {
            let result = bounded_loads(&ring, &keys(30), c).unwrap();
            assert_eq!(result.hash_balance_factor(), percent, "{c}");
        }
    }

    /// The busiest server over the mean, from the loads: max * n / placed.
    #[test]
    fn max_over_mean_is_the_busiest_over_the_mean() {
        let ring = HashRing::new(numbered_servers("s", 4), 10).unwrap();
        let result = bounded_loads(&ring, &keys(1000), f64::INFINITY).unwrap();
        let (max, sum) = (
            *result.loads.iter().max().unwrap() as f64,
            result.loads.iter().sum::<usize>() as f64,
        );
        assert!(max > sum / 4.0, "uneven loads: {:?}", result.loads);
        assert_eq!(result.max_over_mean(), max / (sum / 4.0));
    }

    /// A ring that refuses keys starting with "x": its key hash is None for them.
    struct Refusing(HashRing);

    impl Partitioner for Refusing {
        fn scheme(&self) -> &'static str {
            "refusing"
        }
        fn servers(&self) -> &[Server] {
            self.0.servers()
        }
        fn key_hash(&self, key: &[u8]) -> Option<u64> {
            (!key.starts_with(b"x"))
                .then(|| self.0.key_hash(key))
                .flatten()
        }
        fn ring(&self) -> Option<&Ring> {
            self.0.ring()
        }
        fn rebuild(&mut self, servers: Vec<Server>) -> Result<(), ConfigError> {
            self.0.rebuild(servers)
        }
    }

    /// Refused keys are unplaced, and the mean probes are over the placed keys only: with
    /// no cap every placed key stops at its home, one probe each.
    #[test]
    fn refused_keys_are_unplaced_and_left_out_of_the_mean() {
        let ring = Refusing(HashRing::new(numbered_servers("s", 4), 10).unwrap());
        let mut all = keys(10);
        all.extend(["x0".to_string(), "x1".to_string()]);
        let result = bounded_loads(&ring, &all, f64::INFINITY).unwrap();
        assert_eq!(result.unplaced, 2);
        assert_eq!(result.assignment[10..], [None, None]);
        assert_eq!(result.loads.iter().sum::<usize>(), 10);
        assert_eq!(result.mean_probes, 1.0);
        assert_eq!(result.max_probes, 1);
    }
}
