//! `jump`: jump consistent hash of Lamping and Veach, "A Fast, Minimal Memory, Consistent
//! Hash Algorithm" (Google, 2014), exactly as their reference C code computes it.
//!
//! [`jump_bucket`] maps a 64-bit key to one of n buckets, moving only 1/(n+1) of the keys
//! when bucket n is added. The [`Jump`] partitioner takes text (byte) keys: it hashes them
//! first with ringlab's key hash, XXH3-64 with seed 0 over the UTF-8 bytes
//! ([`crate::hash::key_hash`]), and the servers are the buckets in list order.
//!
//! Jump can only grow or shrink at the end of the list: bucket numbers are positions.
//! Removing a server from the middle renumbers every server after it, so many more keys
//! move than when the last server goes; the placement is still correct, only not minimal.
//! Weights are ignored: every bucket has the same share.

use crate::hash::{key_hash, seeded_hash};
use crate::{ConfigError, Partitioner, Server};

/// The multiplier of the reference code's linear congruential step.
const LCG_MULTIPLIER: u64 = 2862933555777941757;

/// Jump consistent hash: the bucket in `0..buckets` for `key`, or `None` when there are no
/// buckets (the reference C returns -1 there).
///
/// Bit for bit the reference code: `b = -1, j = 0; while j < n { b = j; key = key *
/// 2862933555777941757 + 1; j = (b + 1) * (2^31 / ((key >> 33) + 1)) }` in f64.
///
/// ```
/// use ringlab_core::schemes::jump::jump_bucket;
/// assert_eq!(jump_bucket(42, 57), Some(43));
/// assert_eq!(jump_bucket(0xDEAD10CC, 666), Some(361));
/// assert_eq!(jump_bucket(256, 1024), Some(520));
/// assert!((1..100).all(|n| jump_bucket(0, n) == Some(0)));
/// assert_eq!(jump_bucket(42, 0), None);
/// ```
pub fn jump_bucket(key: u64, buckets: u32) -> Option<u32> {
    if buckets == 0 {
        return None;
    }
    let mut key = key;
    let mut b: i64 = -1;
    let mut j: i64 = 0;
    while j < buckets as i64 {
        b = j;
        key = key.wrapping_mul(LCG_MULTIPLIER).wrapping_add(1);
        j = ((b + 1) as f64 * ((1u64 << 31) as f64 / ((key >> 33) + 1) as f64)) as i64;
    }
    Some(b as u32)
}

/// The walk behind [`jump_bucket`]: every bucket the key jumps to, from 0 upward, and the
/// first jump that lands at or past `buckets` (where the walk stops), or `None` when the
/// last jump is beyond any `u32`. The walk does not depend on `buckets` except where it
/// stops: the key's bucket is the walk's last entry, and for a bigger n the same walk
/// simply goes on.
///
/// ```
/// use ringlab_core::schemes::jump::{jump_bucket, jump_walk};
/// let (walk, stop) = jump_walk(42, 57);
/// assert_eq!(walk.first(), Some(&0));
/// assert_eq!(walk.last().copied(), jump_bucket(42, 57));
/// assert!(stop.unwrap() >= 57);
/// assert!(walk.windows(2).all(|w| w[0] < w[1]));
/// // A bigger n continues the same walk.
/// let (longer, _) = jump_walk(42, 1000);
/// assert_eq!(&longer[..walk.len()], &walk[..]);
/// assert_eq!(jump_walk(42, 0), (vec![], None));
/// ```
pub fn jump_walk(key: u64, buckets: u32) -> (Vec<u32>, Option<u64>) {
    if buckets == 0 {
        return (Vec::new(), None);
    }
    let mut walk = Vec::new();
    let mut key = key;
    let mut b: i64;
    let mut j: i64 = 0;
    while j < buckets as i64 {
        b = j;
        walk.push(b as u32);
        key = key.wrapping_mul(LCG_MULTIPLIER).wrapping_add(1);
        j = ((b + 1) as f64 * ((1u64 << 31) as f64 / ((key >> 33) + 1) as f64)) as i64;
    }
    let stop = u64::try_from(j).ok().filter(|&j| j <= u64::from(u32::MAX));
    (walk, stop)
}

/// Jump consistent hash over a server list: server i is bucket i.
///
/// A key's hash is [`key_hash`] (XXH3-64, seed 0, of its bytes); its owner is
/// `jump_bucket(hash, n)`.
///
/// Candidates (the order preference lists use): the owner first; then, with the servers
/// already chosen taken out of the list (the rest keeping their order), round r = 1, 2, ...
/// picks `jump_bucket(seeded_hash(key, r), servers left)` among the servers left, where
/// `seeded_hash` is XXH3-64 with seed r. Round 0 is the owner itself, since XXH3 with
/// seed 0 is [`key_hash`]. Every server appears exactly once, and the replicas of one
/// server's keys spread evenly over all the others instead of piling onto a neighbour.
///
/// ```
/// use ringlab_core::{numbered_servers, Partitioner, schemes::jump::Jump};
/// let jump = Jump::new(numbered_servers("s", 5)).unwrap();
/// let owner = jump.lookup(b"user:42").unwrap();
/// let order: Vec<usize> = jump.candidates(b"user:42").collect();
/// assert_eq!(order[0], owner);
/// assert_eq!(order.len(), 5);
/// assert_eq!(jump.load_shares(), vec![0.2; 5]);
/// ```
#[derive(Debug, Clone)]
pub struct Jump {
    servers: Vec<Server>,
}

impl Jump {
    /// Builds the partitioner; the list may be empty (it then owns nothing). At most
    /// `u32::MAX` servers.
    pub fn new(servers: Vec<Server>) -> Result<Self, ConfigError> {
        crate::validate_servers(&servers)?;
        if u32::try_from(servers.len()).is_err() {
            return Err(ConfigError::OutOfRange {
                what: "the number of jump buckets",
                range: format!("at most {}", u32::MAX),
                value: servers.len().to_string(),
            });
        }
        Ok(Jump { servers })
    }

    fn buckets(&self) -> u32 {
        // `new` guarantees the count fits.
        self.servers.len() as u32
    }
}

impl Partitioner for Jump {
    fn scheme(&self) -> &'static str {
        "jump"
    }
    fn servers(&self) -> &[Server] {
        &self.servers
    }
    fn key_hash(&self, key: &[u8]) -> Option<u64> {
        Some(key_hash(key))
    }
    fn lookup(&self, key: &[u8]) -> Option<usize> {
        jump_bucket(key_hash(key), self.buckets()).map(|b| b as usize)
    }
    fn candidates<'a>(&'a self, key: &[u8]) -> Box<dyn Iterator<Item = usize> + 'a> {
        let key = key.to_vec();
        let mut left: Vec<usize> = (0..self.servers.len()).collect();
        let mut round = 0u64;
        Box::new(std::iter::from_fn(move || {
            let hash = if round == 0 {
                key_hash(&key)
            } else {
                seeded_hash(&key, round)
            };
            round += 1;
            let pick = jump_bucket(hash, left.len() as u32)? as usize;
            Some(left.remove(pick))
        }))
    }
    fn load_shares(&self) -> Vec<f64> {
        let n = self.servers.len();
        vec![1.0 / n as f64; n]
    }
    fn rebuild(&mut self, servers: Vec<Server>) -> Result<(), ConfigError> {
        *self = Jump::new(servers)?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::numbered_servers;

    #[test]
    fn zero_buckets_is_none_and_one_bucket_is_zero() {
        assert_eq!(jump_bucket(u64::MAX, 0), None);
        assert_eq!(jump_bucket(u64::MAX, 1), Some(0));
        assert!(jump_bucket(u64::MAX, u32::MAX).unwrap() < u32::MAX);
    }

    #[test]
    fn growing_moves_keys_only_to_the_new_bucket() {
        for key in 0..2000u64 {
            let key = key.wrapping_mul(0x9E3779B97F4A7C15);
            for n in 1..40 {
                let before = jump_bucket(key, n).unwrap();
                let after = jump_bucket(key, n + 1).unwrap();
                assert!(after == before || after == n, "key {key} n {n}");
            }
        }
    }

    #[test]
    fn empty_cluster_owns_nothing() {
        let jump = Jump::new(Vec::new()).unwrap();
        assert_eq!(jump.lookup(b"k"), None);
        assert_eq!(jump.candidates(b"k").count(), 0);
        assert!(jump.load_shares().is_empty());
        assert!(jump.preference_list(b"k", 3).is_empty());
    }

    #[test]
    fn candidates_name_every_server_once() {
        let jump = Jump::new(numbered_servers("s", 7)).unwrap();
        for key in ["", "a", "user:1", "user:2"] {
            let mut order: Vec<usize> = jump.candidates(key.as_bytes()).collect();
            assert_eq!(order[0], jump.lookup(key.as_bytes()).unwrap());
            order.sort_unstable();
            assert_eq!(order, (0..7).collect::<Vec<_>>());
        }
    }

    #[test]
    fn adding_at_the_end_moves_keys_only_to_the_newcomer() {
        let mut jump = Jump::new(numbered_servers("s", 4)).unwrap();
        let keys: Vec<String> = (0..500).map(|i| format!("k{i}")).collect();
        let before: Vec<usize> = keys
            .iter()
            .map(|k| jump.lookup(k.as_bytes()).unwrap())
            .collect();
        jump.add(Server::new("s4")).unwrap();
        for (key, old) in keys.iter().zip(before) {
            let new = jump.lookup(key.as_bytes()).unwrap();
            assert!(new == old || new == 4);
        }
    }

    #[test]
    fn bad_servers_are_refused() {
        assert!(Jump::new(vec![Server::new("a"), Server::new("a")]).is_err());
        assert!(Jump::new(vec![Server::new("a").with_weight(f64::NAN)]).is_err());
    }
}
