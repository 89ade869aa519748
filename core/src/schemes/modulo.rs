//! `modulo`: the naive placement `hash(key) mod N`, the baseline of Karger et al.
//! (STOC 1997) that consistent hashing improves on, and the `modula` distribution of
//! twemproxy (Twitter's memcached and Redis proxy), weights included.
//!
//! The servers form a table of slots: server 0 repeated round(w0) times (at least once),
//! then server 1 repeated round(w1) times, and so on, L slots in all (L = N with equal
//! weights of 1, as twemproxy lists each server `weight` times). A key's hash is ringlab's
//! key hash, XXH3-64 with seed 0 over its bytes ([`crate::hash::key_hash`]); its slot is
//! `hash mod L`. Adding or removing one server changes L and moves nearly every key: the
//! picture this scheme is here to show.

use crate::hash::key_hash;
use crate::schemes::ring::points_for;
use crate::{ConfigError, Partitioner, Server};

/// `hash mod L` over a table of slots, each server holding round(weight) of them.
///
/// Candidates walk the slots forward from the key's, `(slot + i) mod L`, each server once
/// as it is first met: the owner, then the servers after it in list order, wrapping
/// around. With equal weights this is `(h + i) mod N`.
///
/// Load shares are exact over all 2^64 hashes: slot s gets `floor(2^64 / L)` hashes, plus
/// one when `s < 2^64 mod L`, so the shares are the slot counts over L up to a bias below
/// L / 2^64.
///
/// ```
/// use ringlab_core::{hash::key_hash, numbered_servers, Partitioner, schemes::modulo::Modulo};
/// let modulo = Modulo::new(numbered_servers("s", 3)).unwrap();
/// assert_eq!(modulo.lookup(b"user:42"), Some((key_hash(b"user:42") % 3) as usize));
/// let shares = modulo.load_shares();
/// assert!(shares.iter().all(|s| (s - 1.0 / 3.0).abs() < 1e-15));
/// ```
#[derive(Debug, Clone)]
pub struct Modulo {
    servers: Vec<Server>,
    /// `ends[i]`: one past server i's last slot; the table has `ends[n - 1]` slots.
    ends: Vec<u64>,
}

impl Modulo {
    /// Builds the table; the list may be empty (it then owns nothing).
    pub fn new(servers: Vec<Server>) -> Result<Self, ConfigError> {
        crate::validate_servers(&servers)?;
        let mut ends = Vec::with_capacity(servers.len());
        let mut total = 0u64;
        for server in &servers {
            total += slots_for(server.weight);
            ends.push(total);
        }
        Ok(Modulo { servers, ends })
    }

    /// The number of slots L: the divisor of `hash mod L`.
    pub fn slots(&self) -> u64 {
        self.ends.last().copied().unwrap_or(0)
    }

    /// How many slots each server holds: round(weight), at least 1.
    pub fn slots_of(&self, server: usize) -> Option<u64> {
        let end = *self.ends.get(server)?;
        Some(
            end - if server == 0 {
                0
            } else {
                self.ends[server - 1]
            },
        )
    }

    /// The server holding `slot` (below [`Modulo::slots`]).
    pub fn slot_owner(&self, slot: u64) -> Option<usize> {
        let index = self.ends.partition_point(|&end| end <= slot);
        (index < self.ends.len()).then_some(index)
    }
}

/// Slots per server: round(weight), at least 1 (the ring's rule with one point per unit).
fn slots_for(weight: f64) -> u64 {
    points_for(weight, 1) as u64
}

/// The exact share of all 2^64 hashes that `hash mod len` sends into `start..end`.
pub(crate) fn residue_share(start: u64, end: u64, len: u64) -> f64 {
    let space = 1u128 << 64;
    let len = len as u128;
    let (per_slot, extra) = (space / len, space % len);
    let (start, end) = (start as u128, end as u128);
    let with_extra = end.min(extra).saturating_sub(start);
    let count = per_slot * (end - start) + with_extra;
    count as f64 / space as f64
}

impl Partitioner for Modulo {
    fn scheme(&self) -> &'static str {
        "modulo"
    }
    fn servers(&self) -> &[Server] {
        &self.servers
    }
    fn key_hash(&self, key: &[u8]) -> Option<u64> {
        Some(key_hash(key))
    }
    fn lookup(&self, key: &[u8]) -> Option<usize> {
        let slots = self.slots();
        if slots == 0 {
            return None;
        }
        self.slot_owner(key_hash(key) % slots)
    }
    fn candidates<'a>(&'a self, key: &[u8]) -> Box<dyn Iterator<Item = usize> + 'a> {
        let n = self.servers.len();
        let owner = self.lookup(key).unwrap_or(0);
        Box::new((0..n).map(move |i| (owner + i) % n))
    }
    fn load_shares(&self) -> Vec<f64> {
        let slots = self.slots();
        let mut start = 0;
        self.ends
            .iter()
            .map(|&end| {
                let share = residue_share(start, end, slots);
                start = end;
                share
            })
            .collect()
    }
    fn rebuild(&mut self, servers: Vec<Server>) -> Result<(), ConfigError> {
        *self = Modulo::new(servers)?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn it_names_itself() {
        let modulo = Modulo::new(vec![Server::new("a")]).unwrap();
        assert_eq!(modulo.scheme(), "modulo");
    }
    use crate::numbered_servers;

    #[test]
    fn empty_cluster_owns_nothing() {
        let modulo = Modulo::new(Vec::new()).unwrap();
        assert_eq!(modulo.lookup(b"k"), None);
        assert_eq!(modulo.candidates(b"k").count(), 0);
        assert!(modulo.load_shares().is_empty());
        assert_eq!(modulo.slot_owner(0), None);
    }

    #[test]
    fn weights_repeat_servers_in_the_table() {
        let servers = vec![
            Server::new("a").with_weight(2.0),
            Server::new("b").with_weight(0.2),
            Server::new("c").with_weight(2.5),
        ];
        let modulo = Modulo::new(servers).unwrap();
        assert_eq!(modulo.slots(), 2 + 1 + 3);
        let owners: Vec<usize> = (0..6).map(|s| modulo.slot_owner(s).unwrap()).collect();
        assert_eq!(owners, vec![0, 0, 1, 2, 2, 2]);
        assert_eq!(modulo.slot_owner(6), None);
        assert_eq!(modulo.slots_of(2), Some(3));
        let shares = modulo.load_shares();
        for (share, want) in shares.iter().zip([2.0 / 6.0, 1.0 / 6.0, 3.0 / 6.0]) {
            assert!((share - want).abs() < 1e-15);
        }
        let key = b"some key";
        let slot = key_hash(key) % 6;
        assert_eq!(modulo.lookup(key), modulo.slot_owner(slot));
    }

    #[test]
    fn candidates_wrap_from_the_owner() {
        let modulo = Modulo::new(numbered_servers("s", 4)).unwrap();
        let key = b"x";
        let h = (key_hash(key) % 4) as usize;
        let order: Vec<usize> = modulo.candidates(key).collect();
        assert_eq!(order, (0..4).map(|i| (h + i) % 4).collect::<Vec<_>>());
    }

    #[test]
    fn residue_shares_are_exact() {
        // 2^64 = 3 * 6148914691236517205 + 1: slot 0 gets one hash more.
        let third = 6148914691236517205u128 as f64 / 2f64.powi(64);
        assert_eq!(residue_share(1, 2, 3), third);
        assert!(residue_share(0, 1, 3) >= third);
        assert_eq!(residue_share(0, 1, 1), 1.0);
        assert_eq!(residue_share(0, 4, 4), 1.0);
    }

    #[test]
    fn adding_a_server_moves_most_keys() {
        let mut modulo = Modulo::new(numbered_servers("s", 10)).unwrap();
        let keys: Vec<String> = (0..1000).map(|i| format!("k{i}")).collect();
        let before: Vec<_> = keys.iter().map(|k| modulo.lookup(k.as_bytes())).collect();
        modulo.add(Server::new("s10")).unwrap();
        let moved = keys
            .iter()
            .zip(&before)
            .filter(|(k, old)| modulo.lookup(k.as_bytes()) != **old)
            .count();
        assert!(moved > 800, "about 10/11 of the keys move, not {moved}");
    }
}
