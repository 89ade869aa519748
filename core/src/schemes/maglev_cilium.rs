//! Cilium's Maglev (`--bpf-lb-algorithm=maglev`), exact: the lookup table Cilium's agent
//! writes for a service, from `pkg/maglev/maglev.go` (see `SPECS.md`, "Cilium Maglev").
//!
//! - Each backend is hashed and sorted as the text `[address:port/PROTO,State:active]`
//!   (IPv6 bracketed: `[[fd00::a]:53/UDP,State:active]`).
//! - offset = h1 mod M and skip = h2 mod (M - 1) + 1, where (h1, h2) is the canonical
//!   MurmurHash3_x64_128 of that text, seeded with the first four bytes of the hash seed
//!   (default `JLfvgnHc2kaSUFaI`: 0x24b7ef82).
//! - Weights count only when their sum divided by the number of backends (integer
//!   division) is more than 1; then a backend skips turns until its counter allows.
//! - M is one of Cilium's ten table sizes.
//!
//! Cilium's TestReproducible (M = 251) starts 0.0.0.4:4 five times, then 0.0.0.5:5:
//!
//! ```
//! use ringlab_core::schemes::maglev_cilium::{table, Backend};
//! let backends: Vec<Backend> = [("0.0.0.1:1", 2), ("0.0.0.3:3", 13), ("0.0.0.4:4", 111), ("0.0.0.5:5", 10)]
//!     .iter()
//!     .map(|(name, weight)| Backend::parse(name, *weight).unwrap())
//!     .collect();
//! let slots = table(&backends, 251).unwrap();
//! let names: Vec<&str> = slots[..6].iter().map(|&i| backends[i].name.as_str()).collect();
//! assert_eq!(names, ["0.0.0.4:4"; 5].iter().copied().chain(["0.0.0.5:5"]).collect::<Vec<_>>());
//! ```

use std::net::IpAddr;

use super::cassandra::murmur3_x64_128_canonical;
use crate::ConfigError;

/// The table sizes Cilium accepts (`--bpf-lb-maglev-table-size`); 16381 is its default.
pub const TABLE_SIZES: [u64; 10] = [
    251, 509, 1021, 2039, 4093, 8191, 16381, 32749, 65521, 131071,
];

/// Cilium's default table size.
pub const DEFAULT_TABLE_SIZE: u64 = 16381;

/// The Murmur seed of the default hash seed `JLfvgnHc2kaSUFaI` (its first four bytes, read
/// big-endian).
pub const DEFAULT_SEED: u32 = 0x24b7_ef82;

/// A backend as Cilium hashes it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Backend {
    /// The name as given (`10.0.0.1:80`, `[fd00::a]:53/UDP`).
    pub name: String,
    /// The text Cilium sorts and hashes: `[10.0.0.1:80/TCP,State:active]`.
    pub text: String,
    pub weight: u16,
}

impl Backend {
    /// Reads `address:port`, `[ipv6]:port`, optionally followed by `/TCP`, `/UDP` or
    /// `/SCTP` (TCP when absent). The address is written again in Go's netip form, so
    /// `[FD00:0::A]:53` hashes as `[fd00::a]:53`.
    pub fn parse(name: &str, weight: u16) -> Result<Backend, ConfigError> {
        let bad = |why: &str| ConfigError::Invalid(format!("{name:?}: {why}"));
        let (endpoint, protocol) = match name.rsplit_once('/') {
            Some((endpoint, protocol)) => (endpoint, protocol.to_ascii_uppercase()),
            None => (name, "TCP".to_string()),
        };
        if !matches!(protocol.as_str(), "TCP" | "UDP" | "SCTP") {
            return Err(bad("the protocol is TCP, UDP or SCTP"));
        }
        let (address, port) = endpoint
            .rsplit_once(':')
            .ok_or_else(|| bad("write it as address:port"))?;
        let port: u16 = port.parse().map_err(|_| bad("the port is 0 to 65535"))?;
        let address = address.trim_start_matches('[').trim_end_matches(']');
        let ip: IpAddr = address
            .parse()
            .map_err(|_| bad("the address is an IPv4 or IPv6 address"))?;
        let address = match ip {
            IpAddr::V4(v4) => v4.to_string(),
            IpAddr::V6(v6) => format!("[{v6}]"),
        };
        Ok(Backend {
            name: name.to_string(),
            text: format!("[{address}:{port}/{protocol},State:active]"),
            weight,
        })
    }

    /// (offset, skip) in a table of `table_size` slots.
    pub fn permutation(&self, table_size: u64, seed: u32) -> (u64, u64) {
        let (h1, h2) = murmur3_x64_128_canonical(self.text.as_bytes(), u64::from(seed));
        (h1 % table_size, h2 % (table_size - 1) + 1)
    }
}

/// The table for `backends` with the default seed: each slot's index into `backends`.
pub fn table(backends: &[Backend], table_size: u64) -> Result<Vec<usize>, ConfigError> {
    table_seeded(backends, table_size, DEFAULT_SEED)
}

/// The table with Murmur seed `seed`. An empty backend list gives an empty table.
pub fn table_seeded(
    backends: &[Backend],
    table_size: u64,
    seed: u32,
) -> Result<Vec<usize>, ConfigError> {
    if !TABLE_SIZES.contains(&table_size) {
        return Err(ConfigError::Invalid(format!(
            "Cilium's Maglev table size is one of {}, not {table_size}",
            TABLE_SIZES.map(|m| m.to_string()).join(", ")
        )));
    }
    if backends.is_empty() {
        return Ok(Vec::new());
    }
    // Turn order: the backends sorted by their text, bytewise.
    let mut order: Vec<usize> = (0..backends.len()).collect();
    order.sort_by(|&a, &b| backends[a].text.cmp(&backends[b].text));
    let m = table_size;
    let count = order.len() as u64;
    let weights: Vec<u64> = order
        .iter()
        .map(|&i| u64::from(backends[i].weight))
        .collect();
    let total: u64 = weights.iter().sum();
    let weighted = total / count > 1;
    let mut counter: Vec<f64> = weights.iter().map(|&w| w as f64 / count as f64).collect();
    let permutation: Vec<(u64, u64)> = order
        .iter()
        .map(|&i| backends[i].permutation(m, seed))
        .collect();
    let mut next = vec![0u64; order.len()];
    let mut slots: Vec<Option<usize>> = vec![None; m as usize];
    for n in 0..m {
        let mut i = (n % count) as usize;
        if weighted {
            while ((n + 1) * weights[i]) < counter[i].trunc() as u64 {
                i = (i + 1) % order.len();
            }
            counter[i] += total as f64;
        }
        let (offset, skip) = permutation[i];
        loop {
            let slot = ((offset + next[i] * skip) % m) as usize;
            next[i] += 1;
            if slots[slot].is_none() {
                slots[slot] = Some(order[i]);
                break;
            }
        }
    }
    Ok(slots.into_iter().map(|s| s.unwrap_or(0)).collect())
}

pub use super::maglev::slot_counts as counts;

#[cfg(test)]
mod tests {
    use super::*;

    fn backends(list: &[(&str, u16)]) -> Vec<Backend> {
        list.iter()
            .map(|(name, weight)| Backend::parse(name, *weight).unwrap())
            .collect()
    }

    #[test]
    fn texts_are_ciliums() {
        let b = Backend::parse("10.244.1.15:8080", 1).unwrap();
        assert_eq!(b.text, "[10.244.1.15:8080/TCP,State:active]");
        let b = Backend::parse("[FD00:10:244:1:0:0:0:A]:53/udp", 1).unwrap();
        assert_eq!(b.text, "[[fd00:10:244:1::a]:53/UDP,State:active]");
        assert!(Backend::parse("10.0.0.1", 1).is_err());
        assert!(Backend::parse("10.0.0.1:80/ICMP", 1).is_err());
        assert!(Backend::parse("host:80", 1).is_err());
    }

    #[test]
    fn the_public_check_permutation() {
        let b = Backend::parse("0.0.0.1:1", 1).unwrap();
        assert_eq!(b.permutation(251, DEFAULT_SEED), (129, 67));
    }

    #[test]
    fn weights_count_only_above_an_average_of_one() {
        // 1, 1, 1, 3: 6 div 4 = 1, so the weights are ignored.
        let list = backends(&[
            ("10.0.0.1:80", 1),
            ("10.0.0.2:80", 1),
            ("10.0.0.3:80", 1),
            ("10.0.0.4:80", 3),
        ]);
        let mut got = counts(&table(&list, 251).unwrap(), 4);
        got.sort();
        assert_eq!(got, [62, 63, 63, 63]);
        // Equal weights, whatever their value, are no weights.
        let equal = backends(&[
            ("10.0.0.1:80", 7),
            ("10.0.0.2:80", 7),
            ("10.0.0.3:80", 7),
            ("10.0.0.4:80", 7),
        ]);
        let plain = backends(&[
            ("10.0.0.1:80", 1),
            ("10.0.0.2:80", 1),
            ("10.0.0.3:80", 1),
            ("10.0.0.4:80", 1),
        ]);
        assert_eq!(table(&equal, 509).unwrap(), table(&plain, 509).unwrap());
    }

    #[test]
    fn counts_follow_the_weights_in_sorted_order() {
        let list = backends(&[
            ("0.0.0.1:1", 2),
            ("0.0.0.2:2", 13),
            ("0.0.0.3:3", 111),
            ("0.0.0.4:4", 10),
        ]);
        assert_eq!(counts(&table(&list, 1021).unwrap(), 4), [16, 98, 832, 75]);
        let list = backends(&[
            ("0.0.0.1:1", 111),
            ("0.0.0.2:2", 2),
            ("0.0.0.3:3", 10),
            ("0.0.0.4:4", 13),
        ]);
        assert_eq!(counts(&table(&list, 1021).unwrap(), 4), [833, 15, 75, 98]);
    }

    #[test]
    fn only_ciliums_sizes() {
        let list = backends(&[("10.0.0.1:80", 1)]);
        assert!(table(&list, 7).is_err());
        assert!(table(&list, 65537).is_err());
        assert!(table(&[], 251).unwrap().is_empty());
    }
}
