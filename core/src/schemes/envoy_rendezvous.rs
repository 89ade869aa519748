//! Envoy's rendezvous hash (`envoy.load_balancing_policies.rendezvous_hash`), exact: each
//! host scored against the request's hash, highest wins. See `SPECS.md`, "Envoy rendezvous
//! hash".
//!
//! - host_hash = XXH64 of the host's key (its address text) with seed 0; the request's
//!   hash h as Envoy's hash policy makes it (XXH64 of one header's value here).
//! - x = xorshift*(h ^ host_hash); u = its low 53 bits as a fraction;
//!   score = -weight / (fastLog2(u) * ln 2), with the host's normalised weight.
//! - fastLog2 is Envoy's approximation, not libm's log: with unequal weights it places
//!   some requests elsewhere than an exact log would, so it is kept.
//! - The first highest score wins.
//!
//! The spec's checks (hosts 127.0.0.1:90 to :95, weight 1):
//!
//! ```
//! use ringlab_core::schemes::envoy_rendezvous::{pick, retry_hash, Host};
//! let hosts: Vec<Host> = (90..96).map(|p| Host::new(&format!("127.0.0.1:{p}"), 1.0)).collect();
//! let name = |h| hosts[pick(h, &hosts).unwrap()].name.clone();
//! assert_eq!(name(0), "127.0.0.1:94");
//! assert_eq!(name(retry_hash(0, 1)), "127.0.0.1:95");
//! assert_eq!(name(retry_hash(0, 2)), "127.0.0.1:90");
//! assert_eq!(name(3728699739546630719), "127.0.0.1:94");
//! assert_eq!(name(17241709254077376921), "127.0.0.1:92");
//! ```

use xxhash_rust::xxh64::xxh64;

use super::ranking::{first_highest, ranking};
use crate::{ConfigError, Partitioner, Server};

/// A host: its name (the key Envoy hashes), that key's hash and its weight as configured.
#[derive(Debug, Clone, PartialEq)]
pub struct Host {
    pub name: String,
    pub hash: u64,
    pub weight: f64,
}

impl Host {
    pub fn new(name: &str, weight: f64) -> Host {
        Host {
            name: name.to_string(),
            hash: xxh64(name.as_bytes(), 0),
            weight,
        }
    }
}

/// A request's hash from one value, as Envoy's header hash policy makes it.
pub fn request_hash(value: &[u8]) -> u64 {
    xxh64(value, 0)
}

/// The hash of retry attempt `attempt` (0 is the first try): h ^ (2^64 - attempt).
pub fn retry_hash(hash: u64, attempt: u64) -> u64 {
    if attempt == 0 {
        hash
    } else {
        hash ^ 0u64.wrapping_sub(attempt)
    }
}

/// Envoy's fastLog2: exponent and a rational fit of the mantissa's log.
///
/// ```
/// use ringlab_core::schemes::envoy_rendezvous::fast_log2;
/// assert_eq!(fast_log2(0.0), -1023.0);
/// assert_eq!(fast_log2(1.0), 0.0);
/// assert!((fast_log2(0.5) + 1.0).abs() < 1e-3);
/// ```
pub fn fast_log2(u: f64) -> f64 {
    let bits = u.to_bits();
    let e = ((bits >> 52) & 0x7ff) as i64;
    let m = bits & ((1u64 << 52) - 1);
    let e2 = 1023 ^ (m >> 51) as i64;
    let y = f64::from_bits(((e2 as u64) << 52) | m);
    let t = y - 1.0;
    (e - e2) as f64 + t * (0.338953 * t + 2.198599) / (t + 1.523692)
}

/// Host `host_hash`'s score for request hash `hash`, with normalised weight `weight`.
pub fn score(hash: u64, host_hash: u64, weight: f64) -> f64 {
    let mut x = hash ^ host_hash;
    x ^= x >> 12;
    x ^= x << 25;
    x ^= x >> 27;
    x = x.wrapping_mul(2_685_821_657_736_338_717);
    let u = (x & ((1u64 << 53) - 1)) as f64 * (1.0 / (1u64 << 53) as f64);
    -weight / (fast_log2(u) * std::f64::consts::LN_2)
}

/// Each host's weight over the sum of the weights (0 for every host when the sum is not
/// positive): the one normalisation the pick, the ranking and the shares all use.
pub fn normalised_weights(hosts: &[Host]) -> impl Iterator<Item = f64> + '_ {
    let total: f64 = hosts.iter().map(|h| h.weight).sum();
    hosts
        .iter()
        .map(move |h| if total > 0.0 { h.weight / total } else { 0.0 })
}

/// Every host's score for request hash `hash`, in host order, with the weights normalised
/// ([`normalised_weights`]).
pub fn host_scores(hash: u64, hosts: &[Host]) -> impl Iterator<Item = f64> + '_ {
    hosts
        .iter()
        .zip(normalised_weights(hosts))
        .map(move |(host, weight)| score(hash, host.hash, weight))
}

/// The host request hash `hash` goes to; `None` without hosts. The first highest of
/// [`host_scores`] wins ([`first_highest`]).
pub fn pick(hash: u64, hosts: &[Host]) -> Option<usize> {
    first_highest(host_scores(hash, hosts))
}

/// Envoy's rendezvous policy over a server list: a key is one header's value, hashed as
/// [`request_hash`]; each server is a host named by its address, with its weight.
///
/// ```
/// use ringlab_core::{Partitioner, Server};
/// use ringlab_core::schemes::envoy_rendezvous::EnvoyRendezvous;
/// let hosts = (90..96).map(|p| Server::new(format!("127.0.0.1:{p}"))).collect();
/// let envoy = EnvoyRendezvous::new(hosts).unwrap();
/// // The spec's check: request hash 3728699739546630719 is "foo"'s.
/// assert_eq!(envoy.servers()[envoy.lookup(b"foo").unwrap()].name, "127.0.0.1:94");
/// let order: Vec<usize> = envoy.candidates(b"foo").collect();
/// assert_eq!((order[0], order.len()), (envoy.lookup(b"foo").unwrap(), 6));
/// ```
#[derive(Debug, Clone)]
pub struct EnvoyRendezvous {
    servers: Vec<Server>,
    hosts: Vec<Host>,
}

impl EnvoyRendezvous {
    pub fn new(servers: Vec<Server>) -> Result<Self, ConfigError> {
        crate::validate_servers(&servers)?;
        let hosts = servers
            .iter()
            .map(|s| Host::new(&s.name, s.weight))
            .collect();
        Ok(EnvoyRendezvous { servers, hosts })
    }

    /// Every host's score for request hash `hash` ([`host_scores`]).
    pub fn scores(&self, hash: u64) -> Vec<f64> {
        host_scores(hash, &self.hosts).collect()
    }
}

impl Partitioner for EnvoyRendezvous {
    fn scheme(&self) -> &'static str {
        "envoy-rendezvous"
    }
    fn servers(&self) -> &[Server] {
        &self.servers
    }
    fn key_hash(&self, key: &[u8]) -> Option<u64> {
        Some(request_hash(key))
    }
    fn lookup(&self, key: &[u8]) -> Option<usize> {
        pick(request_hash(key), &self.hosts)
    }
    /// Hosts by descending score, Envoy's pick first (the first of equal scores).
    fn candidates<'a>(&'a self, key: &[u8]) -> Box<dyn Iterator<Item = usize> + 'a> {
        Box::new(ranking(&self.scores(request_hash(key))).into_iter())
    }
    /// Each host's normalised weight: what the score's exact logarithm gives (Envoy's
    /// fast logarithm moves shares by well under a percent).
    fn load_shares(&self) -> Vec<f64> {
        normalised_weights(&self.hosts).collect()
    }
    fn rebuild(&mut self, servers: Vec<Server>) -> Result<(), ConfigError> {
        *self = EnvoyRendezvous::new(servers)?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_host_hash_is_xxh64() {
        assert_eq!(
            Host::new("127.0.0.1:90", 1.0).hash,
            13_180_206_916_909_469_397
        );
        assert_eq!(request_hash(b"foo"), 3_728_699_739_546_630_719);
    }
}
