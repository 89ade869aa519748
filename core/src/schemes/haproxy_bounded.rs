//! HAProxy's bounded loads (`hash-balance-factor F`, `lb_chash.c`): consistent hashing that
//! never lets a server hold much more than its share of the requests in flight.
//!
//! A request finds the nearest point as plain `hash-type consistent` does. If that point's
//! server is full, the request steps to the next point clockwise (wrapping once) until a
//! server has room. A server has room when the requests it has in flight are fewer than
//! its slots. With T requests in flight (not counting the new one),
//! tot_slots = ceil((T + 1) * F / 100) is shared out by weight in config order: with
//! W = the sum of 16 * weight over the servers, r = tot_slots mod W and C the same sum
//! over the servers listed before this one,
//! slots = 16w * floor(tot_slots / W) + floor((C + 16w) * r / W) - floor(C * r / W),
//! and a server whose slots come to 0 has 1.
//!
//! So the placement depends on the order of arrivals and completions, and is
//! deterministic given that order: [`Balancer::arrive`] and [`Balancer::complete`] replay
//! it. With F = 0 the bound is off and every request goes to its nearest point.

use super::haproxy::Haproxy;
use crate::{ConfigError, Partitioner};

/// A backend's requests in flight, placed with bounded loads.
///
/// Three servers and factor 125: while one request is in flight on each, the slots are
/// 1, 1 and 1, so a second request for the same key walks on to the next server.
///
/// ```
/// use ringlab_core::schemes::haproxy::{Haproxy, KeyHash};
/// use ringlab_core::schemes::haproxy_bounded::Balancer;
/// use ringlab_core::{numbered_servers, Partitioner};
/// let backend = Haproxy::new(numbered_servers("s", 3), &[None, None, None], KeyHash::default()).unwrap();
/// let mut balancer = Balancer::new(&backend, 125).unwrap();
/// assert_eq!(balancer.slots(), vec![1, 1, 1]);
/// let first = balancer.arrive(b"hot").unwrap();
/// assert_eq!(Some(first), backend.lookup(b"hot"));
/// let second = balancer.arrive(b"hot").unwrap();
/// assert_ne!(second, first);
/// balancer.complete(first);
/// assert_eq!(balancer.in_flight().iter().sum::<u64>(), 1);
/// ```
#[derive(Debug, Clone)]
pub struct Balancer<'a> {
    backend: &'a Haproxy,
    factor: u32,
    /// 16 * weight of each server.
    units: Vec<u64>,
    served: Vec<u64>,
}

impl<'a> Balancer<'a> {
    /// `factor` is `hash-balance-factor`: 0 (off) or above 100.
    pub fn new(backend: &'a Haproxy, factor: u32) -> Result<Self, ConfigError> {
        if factor != 0 && factor <= 100 {
            return Err(ConfigError::OutOfRange {
                what: "hash-balance-factor",
                range: "0 (off) or above 100".into(),
                value: factor.to_string(),
            });
        }
        let units = backend
            .servers()
            .iter()
            .map(|s| 16 * s.weight.round().max(0.0) as u64)
            .collect();
        Ok(Balancer {
            backend,
            factor,
            units,
            served: vec![0; backend.servers().len()],
        })
    }

    /// Requests in flight on each server.
    pub fn in_flight(&self) -> &[u64] {
        &self.served
    }

    /// Each server's slots for the next request (empty bound: `u64::MAX` when F = 0).
    pub fn slots(&self) -> Vec<u64> {
        if self.factor == 0 {
            return vec![u64::MAX; self.units.len()];
        }
        let total: u64 = self.served.iter().sum();
        let tot_slots = ((total + 1) * u64::from(self.factor)).div_ceil(100);
        let w: u64 = self.units.iter().sum();
        if w == 0 {
            return vec![1; self.units.len()];
        }
        let (whole, r) = (tot_slots / w, tot_slots % w);
        let mut before = 0u64;
        self.units
            .iter()
            .map(|&units| {
                let slots = units * whole + (before + units) * r / w - before * r / w;
                before += units;
                slots.max(1)
            })
            .collect()
    }

    /// Places one arriving request and counts it in flight; `None` for an empty backend.
    pub fn arrive(&mut self, key: &[u8]) -> Option<usize> {
        self.arrive_probing(key).map(|(server, _)| server)
    }

    /// As [`Balancer::arrive`], with the distinct servers looked at (1 when the nearest
    /// point's server had room).
    pub fn arrive_probing(&mut self, key: &[u8]) -> Option<(usize, usize)> {
        let start = self
            .backend
            .nearest_point(self.backend.key_hash_rule().position(key))?;
        let points = self.backend.ring().expect("HAProxy is a ring").points();
        let slots = self.slots();
        let mut seen: Vec<usize> = Vec::new();
        let server = (0..points.len())
            .map(|step| points[(start + step) % points.len()].server)
            .inspect(|s| {
                if !seen.contains(s) {
                    seen.push(*s);
                }
            })
            .find(|&s| self.served[s] < slots[s])?;
        self.served[server] += 1;
        Some((server, seen.len()))
    }

    /// One request on `server` completes.
    pub fn complete(&mut self, server: usize) {
        if let Some(n) = self.served.get_mut(server) {
            *n = n.saturating_sub(1);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::schemes::haproxy::KeyHash;
    use crate::{numbered_servers, Server};

    #[test]
    fn slots_share_the_total_by_weight_in_config_order() {
        let servers = vec![
            Server::new("a"),
            Server::new("b").with_weight(2.0),
            Server::new("c"),
        ];
        let backend = Haproxy::new(servers, &[None, None, None], KeyHash::default()).unwrap();
        let mut b = Balancer::new(&backend, 150).unwrap();
        // T = 0: tot_slots = 2 over W = 64: r = 2; C = 0, 16, 48.
        assert_eq!(b.slots(), vec![1, 1, 1]);
        b.served = vec![10, 20, 10];
        // T = 40: tot_slots = ceil(41 * 1.5) = 62 < W: 62 * 16 / 64 = 15, then
        // (48 * 62) / 64 - 15 = 46 - 15 = 31, then 62 - 46 = 16.
        assert_eq!(b.slots(), vec![15, 31, 16]);
        assert_eq!(b.slots().iter().sum::<u64>(), 62);
    }

    #[test]
    fn factor_zero_is_plain_consistent_hashing() {
        let backend =
            Haproxy::new(numbered_servers("s", 4), &[None; 4], KeyHash::default()).unwrap();
        let mut b = Balancer::new(&backend, 0).unwrap();
        for i in 0..100 {
            let key = format!("k{}", i % 3);
            assert_eq!(b.arrive(key.as_bytes()), backend.lookup(key.as_bytes()));
        }
        assert!(Balancer::new(&backend, 100).is_err());
    }

    /// A request whose home is full walks clockwise: it goes to the first server with room
    /// in the order the ring's points name them, and counts the servers it looked at.
    #[test]
    fn a_pushed_request_walks_clockwise() {
        let backend =
            Haproxy::new(numbered_servers("s", 5), &[None; 5], KeyHash::default()).unwrap();
        let mut b = Balancer::new(&backend, 125).unwrap();
        let mut pushed = 0;
        for i in 0..200 {
            // Seven keys for 200 requests: homes fill and requests are pushed.
            let key = format!("k{}", i % 7);
            let (slots, served) = (b.slots(), b.served.clone());
            // The ring's points clockwise from the key's, each server once.
            let mut order: Vec<usize> = Vec::new();
            for s in backend.candidates(key.as_bytes()) {
                if !order.contains(&s) {
                    order.push(s);
                }
            }
            let room = order.iter().position(|&s| served[s] < slots[s]).unwrap();
            let (got, probes) = b.arrive_probing(key.as_bytes()).unwrap();
            assert_eq!((got, probes), (order[room], room + 1), "request {i}");
            pushed += usize::from(room > 0);
        }
        assert!(pushed > 20, "only {pushed} requests were pushed");
    }

    #[test]
    fn no_server_goes_over_its_slots() {
        let backend =
            Haproxy::new(numbered_servers("s", 5), &[None; 5], KeyHash::default()).unwrap();
        let mut b = Balancer::new(&backend, 125).unwrap();
        for i in 0..500 {
            let slots = b.slots();
            let s = b.arrive(if i % 2 == 0 { b"hot" } else { b"cold" }).unwrap();
            assert!(b.served[s] <= slots[s]);
            if i % 3 == 0 {
                b.complete((i / 3) % 5);
            }
        }
    }
}
