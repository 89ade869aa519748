//! katran's Maglev (facebookincubator/katran), exact: the ring katran's library computes for
//! a VIP's reals, in both fills, `MaglevHash` (v1, the library default) and `MaglevHashV2`
//! (v2). See `SPECS.md`, "Katran Maglev".
//!
//! - A real is an IP address; its 64-bit hash is folly's `IPAddress::hash()`: FNV-1 of
//!   the four bytes then mixed with the family for IPv4, SpookyHash V2 for IPv6.
//! - Reals of weight 0 are dropped; the rest are sorted by hash.
//! - offset = MM(hash, 42, 0) mod M and skip = MM(hash, 2718281828, 2307) mod (M - 1) + 1,
//!   MM being katran's MurmurHash3_x64_64 of the two u64s; preference j is
//!   ((offset + j * skip) mod 2^32) mod M.
//! - v1: in the first round each real takes its weight in slots, then one a round. v2: a
//!   real takes a slot each time its counter, grown by its weight, reaches the largest
//!   weight.
//!
//! katran's own unit test (raw hashes 1000 weight 2 and 2000 weight 1, M = 7):
//!
//! ```
//! use ringlab_core::schemes::maglev_katran::{counts, table, Fill, Real};
//! let reals = [Real::from_hash("a", 1000, 2), Real::from_hash("b", 2000, 1)];
//! assert_eq!(counts(&table(&reals, 7, Fill::V1).unwrap(), 2), [4, 3]);
//! assert_eq!(counts(&table(&reals, 7, Fill::V2).unwrap(), 2), [5, 2]);
//! ```

use std::net::IpAddr;

use super::cassandra::murmur3_x64_128_canonical;
use super::spooky;
use crate::ConfigError;

/// katran's default ring size (`chRingSize`, the BPF program's RING_SIZE).
pub const DEFAULT_TABLE_SIZE: u64 = 65537;

/// The largest ring built here.
pub const MAX_TABLE_SIZE: u64 = 1 << 22;

/// Which of katran's fills.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fill {
    /// `MaglevHash`: weights shape the first round only.
    V1,
    /// `MaglevHashV2`: shares follow the weights.
    V2,
}

/// A real (backend) as katran hashes it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Real {
    pub name: String,
    pub hash: u64,
    pub weight: u32,
}

impl Real {
    /// A real by its IP address (`10.0.0.1`, `2001:db8::1`; brackets allowed).
    pub fn parse(name: &str, weight: u32) -> Result<Real, ConfigError> {
        let address = name.trim_start_matches('[').trim_end_matches(']');
        let ip: IpAddr = address.parse().map_err(|_| {
            ConfigError::Invalid(format!(
                "{name:?}: a katran real is an IP address (no port)"
            ))
        })?;
        Ok(Real {
            name: name.to_string(),
            hash: address_hash(ip),
            weight,
        })
    }

    /// A real given by its raw 64-bit hash, as katran's unit tests give them.
    pub fn from_hash(name: &str, hash: u64, weight: u32) -> Real {
        Real {
            name: name.to_string(),
            hash,
            weight,
        }
    }
}

/// folly's `hash_128_to_64` (CityHash's Hash128to64).
pub fn mix(upper: u64, lower: u64) -> u64 {
    const K: u64 = 0x9ddf_ea08_eb38_2d69;
    let mut a = (lower ^ upper).wrapping_mul(K);
    a ^= a >> 47;
    let mut b = (upper ^ a).wrapping_mul(K);
    b ^= b >> 47;
    b.wrapping_mul(K)
}

/// folly's `IPAddress(addr).hash()`. An IPv4-mapped IPv6 address hashes as its IPv4 one.
///
/// ```
/// use ringlab_core::schemes::maglev_katran::address_hash;
/// assert_eq!(address_hash("10.0.0.1".parse().unwrap()), 15452190748042156372);
/// assert_eq!(address_hash("2001:db8:1::11".parse().unwrap()), 1810418867352278934);
/// ```
pub fn address_hash(ip: IpAddr) -> u64 {
    let ip = match ip {
        IpAddr::V6(v6) => v6.to_ipv4_mapped().map_or(ip, IpAddr::V4),
        v4 => v4,
    };
    match ip {
        IpAddr::V4(v4) => {
            // FNV-1, each byte XORed in as a sign-extended char.
            let mut h: u32 = 2_166_136_261;
            for byte in v4.octets() {
                h = h.wrapping_mul(16_777_619);
                h ^= byte as i8 as i32 as u32;
            }
            mix(2, u64::from(h))
        }
        IpAddr::V6(v6) => {
            let (s1, s2) = spooky::short(&v6.octets(), 0, 0);
            mix(10, mix(s1, s2))
        }
    }
}

/// katran's `MurmurHash3_x64_64(a, b, seed)`: the first half of the canonical
/// MurmurHash3_x64_128 of the 16 bytes LE64(a) ++ LE64(b).
fn murmur_pair(a: u64, b: u64, seed: u32) -> u64 {
    let mut bytes = [0u8; 16];
    bytes[..8].copy_from_slice(&a.to_le_bytes());
    bytes[8..].copy_from_slice(&b.to_le_bytes());
    murmur3_x64_128_canonical(&bytes, u64::from(seed)).0
}

/// A real's (offset, skip) in a ring of `table_size` slots.
///
/// ```
/// use ringlab_core::schemes::maglev_katran::{permutation, Real};
/// let real = Real::parse("10.0.0.1", 1).unwrap();
/// assert_eq!(permutation(real.hash, 65537), (4577, 18292));
/// ```
pub fn permutation(hash: u64, table_size: u64) -> (u64, u64) {
    let offset = murmur_pair(hash, 42, 0) % table_size;
    let skip = murmur_pair(hash, 2_718_281_828, 2307) % (table_size - 1) + 1;
    (offset, skip)
}

/// The ring: each slot's index into `reals`. No real of weight above 0 gives an empty ring
/// (katran keeps its old one).
pub fn table(reals: &[Real], table_size: u64, fill: Fill) -> Result<Vec<usize>, ConfigError> {
    if !(2..=MAX_TABLE_SIZE).contains(&table_size) {
        return Err(ConfigError::Invalid(format!(
            "katran's ring size must be 2 to {MAX_TABLE_SIZE}, not {table_size}"
        )));
    }
    let mut order: Vec<usize> = (0..reals.len()).filter(|&i| reals[i].weight > 0).collect();
    order.sort_by_key(|&i| reals[i].hash);
    let m = table_size;
    if order.is_empty() {
        return Ok(Vec::new());
    }
    if order.len() == 1 {
        return Ok(vec![order[0]; m as usize]);
    }
    let permutation: Vec<(u64, u64)> = order
        .iter()
        .map(|&i| permutation(reals[i].hash, m))
        .collect();
    let mut next = vec![0u64; order.len()];
    let mut slots: Vec<Option<usize>> = vec![None; m as usize];
    let mut filled = 0u64;
    // Real i takes its next preferred free slot.
    let mut take = |i: usize, slots: &mut Vec<Option<usize>>| {
        let (offset, skip) = permutation[i];
        loop {
            let sum = (offset + next[i] * skip) as u32; // katran sums in u32
            let slot = (u64::from(sum) % m) as usize;
            next[i] += 1;
            if slots[slot].is_none() {
                slots[slot] = Some(order[i]);
                return;
            }
        }
    };
    match fill {
        Fill::V1 => {
            let mut round = 0;
            'fill: loop {
                for i in 0..order.len() {
                    let turns = if round == 0 {
                        reals[order[i]].weight
                    } else {
                        1
                    };
                    for _ in 0..turns {
                        take(i, &mut slots);
                        filled += 1;
                        if filled == m {
                            break 'fill;
                        }
                    }
                }
                round += 1;
            }
        }
        Fill::V2 => {
            let max = order.iter().map(|&i| reals[i].weight).max().unwrap_or(1);
            let mut counter = vec![0u64; order.len()];
            'fill: loop {
                for i in 0..order.len() {
                    counter[i] += u64::from(reals[order[i]].weight);
                    if counter[i] >= u64::from(max) {
                        counter[i] -= u64::from(max);
                        take(i, &mut slots);
                        filled += 1;
                        if filled == m {
                            break 'fill;
                        }
                    }
                }
            }
        }
    }
    Ok(slots.into_iter().map(|s| s.unwrap_or(0)).collect())
}

pub use super::maglev::slot_counts as counts;

#[cfg(test)]
mod tests {
    use super::*;

    fn reals(list: &[(&str, u32)]) -> Vec<Real> {
        list.iter()
            .map(|(name, weight)| Real::parse(name, *weight).unwrap())
            .collect()
    }

    #[test]
    fn the_public_checks() {
        let real = Real::parse("10.0.0.1", 1).unwrap();
        assert_eq!(mix(2, 3_599_954_982), 15_452_190_748_042_156_372);
        assert_eq!(murmur_pair(real.hash, 42, 0), 9_083_692_437_298_985_959);
        assert_eq!(
            murmur_pair(real.hash, 2_718_281_828, 2307),
            4_476_304_330_949_609_331
        );
        assert_eq!(
            Real::parse("::ffff:10.0.0.1", 1).unwrap().hash,
            real.hash,
            "a mapped address hashes as its IPv4 one"
        );
    }

    #[test]
    fn katrans_unit_test_tables() {
        let reals = [
            Real::from_hash("1000", 1000, 2),
            Real::from_hash("2000", 2000, 1),
        ];
        let names = |fill| -> Vec<&str> {
            table(&reals, 7, fill)
                .unwrap()
                .iter()
                .map(|&i| reals[i].name.as_str())
                .collect()
        };
        assert_eq!(
            names(Fill::V1),
            ["2000", "2000", "1000", "2000", "1000", "1000", "1000"]
        );
        assert_eq!(
            names(Fill::V2),
            ["2000", "1000", "1000", "2000", "1000", "1000", "1000"]
        );
    }

    #[test]
    fn the_fills_follow_their_weights() {
        let list = reals(&[("10.1.0.1", 1), ("10.1.0.2", 1), ("10.1.0.3", 10)]);
        let mut v1 = counts(&table(&list, 251, Fill::V1).unwrap(), 3);
        v1.sort();
        assert_eq!(v1, [80, 81, 90]);
        let mut v2 = counts(&table(&list, 251, Fill::V2).unwrap(), 3);
        v2.sort();
        assert_eq!(v2, [20, 21, 210]);
        // Weights adding up to more than M: the last in hash order get the rest.
        let list = reals(&[("10.2.0.1", 100), ("10.2.0.2", 100), ("10.2.0.3", 100)]);
        let mut v1 = counts(&table(&list, 251, Fill::V1).unwrap(), 3);
        v1.sort();
        assert_eq!(v1, [51, 100, 100]);
    }

    #[test]
    fn weight_zero_is_dropped_and_one_real_takes_all() {
        let list = reals(&[("10.0.0.1", 0), ("10.0.0.2", 3)]);
        assert_eq!(table(&list, 7, Fill::V1).unwrap(), vec![1; 7]);
        assert!(table(&reals(&[("10.0.0.1", 0)]), 7, Fill::V2)
            .unwrap()
            .is_empty());
        assert!(Real::parse("10.0.0.1:80", 1).is_err());
    }
}
