//! Each server's requests per second for some traffic under any scheme, plain or with
//! bounded loads (Mirrokni, Thorup and Zadimoghaddam over the keys, most popular first:
//! [`crate::bounded`]), and how much of the traffic left its home server.

use super::traffic::Traffic;
use crate::bounded::{bounded_loads, probe, Probe};
use crate::partitioner::owners_of;
use crate::schemes::haproxy::Haproxy;
use crate::schemes::haproxy_bounded::Balancer;
use crate::{ConfigError, Partitioner};

/// Where the requests went.
#[derive(Debug, Clone, PartialEq)]
pub struct LoadReport {
    /// Requests per second on each server.
    pub loads: Vec<f64>,
    /// The server of each key (`None`: the scheme does not place it).
    pub placed: Vec<Option<usize>>,
    /// The most keys a server may hold (bounded loads by keys), else `None`.
    pub cap: Option<usize>,
    /// The most requests a second a server may take (bounded loads by requests), else
    /// `None`.
    pub cap_rate: Option<f64>,
    /// Keys, and their requests per second, that went somewhere other than home.
    pub pushed_keys: usize,
    pub pushed_requests: f64,
    /// Servers looked at per key: the mean and the most.
    pub mean_probes: f64,
    pub max_probes: usize,
}

impl LoadReport {
    /// The mean load over the servers.
    pub fn mean(&self) -> f64 {
        if self.loads.is_empty() {
            0.0
        } else {
            self.loads.iter().sum::<f64>() / self.loads.len() as f64
        }
    }

    /// The busiest server's load.
    pub fn max(&self) -> f64 {
        self.loads.iter().copied().fold(0.0, f64::max)
    }

    /// The busiest server over the mean.
    pub fn max_over_mean(&self) -> f64 {
        let mean = self.mean();
        if mean == 0.0 {
            0.0
        } else {
            self.max() / mean
        }
    }

    /// The share of requests whose server differs in `other` (the same keys): how much
    /// traffic a change of load or servers sends elsewhere. Servers are compared by name.
    pub fn moved_share(
        &self,
        mine: &dyn Partitioner,
        other: &LoadReport,
        theirs: &dyn Partitioner,
        traffic: &Traffic,
    ) -> f64 {
        let name = |p: &dyn Partitioner, s: Option<usize>| s.map(|i| p.servers()[i].name.clone());
        let moved: f64 = traffic
            .rates
            .iter()
            .zip(self.placed.iter().zip(&other.placed))
            .filter(|(_, (a, b))| name(mine, **a) != name(theirs, **b))
            .map(|(rate, _)| rate)
            .sum();
        let total = traffic.total();
        if total == 0.0 {
            0.0
        } else {
            moved / total
        }
    }
}

/// Plain placement: every key at its home.
///
/// ```
/// use ringlab_core::load::{report::plain, traffic::{Traffic, TrafficSpec}};
/// use ringlab_core::{build, numbered_servers, Options, SchemeKind};
/// let ring = build(SchemeKind::Ring, numbered_servers("s", 4), &Options::default()).unwrap();
/// let t = Traffic::new(TrafficSpec { keys: 100, zipf: 1.0, qps: 1000.0, hot_share: 0.0, seed: 1 }).unwrap();
/// let r = plain(ring.as_ref(), &t);
/// assert!((r.loads.iter().sum::<f64>() - 1000.0).abs() < 1e-9);
/// assert_eq!(r.pushed_keys, 0);
/// ```
pub fn plain(p: &dyn Partitioner, traffic: &Traffic) -> LoadReport {
    let homes = owners_of(p, &traffic.keys);
    at_home(&homes, traffic, p.servers().len())
}

/// Plain placement from every key's home already known (`homes`, in key order, over
/// `servers` servers): the loads summed, nothing pushed.
pub fn at_home(homes: &[Option<usize>], traffic: &Traffic, servers: usize) -> LoadReport {
    let mut loads = vec![0.0; servers];
    for (home, rate) in homes.iter().zip(&traffic.rates) {
        if let Some(s) = home.filter(|&s| s < servers) {
            loads[s] += rate;
        }
    }
    LoadReport {
        loads,
        placed: homes.to_vec(),
        cap: None,
        cap_rate: None,
        pushed_keys: 0,
        pushed_requests: 0.0,
        mean_probes: 1.0,
        max_probes: 1,
    }
}

/// Bounded loads with c = 1 + `epsilon`: no server holds more than ceil(c * K / n) keys,
/// the most popular keys placed first. A single key is never split: however hot, it lands
/// whole on one server.
pub fn bounded(
    p: &dyn Partitioner,
    traffic: &Traffic,
    epsilon: f64,
) -> Result<LoadReport, ConfigError> {
    let result = bounded_loads(p, &traffic.keys, 1.0 + epsilon)?;
    let mut loads = vec![0.0; p.servers().len()];
    let mut pushed_requests = 0.0;
    for ((to, home), rate) in result
        .assignment
        .iter()
        .zip(&result.home)
        .zip(&traffic.rates)
    {
        if let Some(s) = to {
            loads[*s] += rate;
        }
        if to != home {
            pushed_requests += rate;
        }
    }
    Ok(LoadReport {
        loads,
        placed: result.assignment,
        cap: Some(result.cap),
        cap_rate: None,
        pushed_keys: result.pushed,
        pushed_requests,
        mean_probes: result.mean_probes,
        max_probes: result.max_probes,
    })
}

/// Bounded loads over requests: the same rule with each key weighing its rate. No server
/// takes more than (1 + `epsilon`) times the mean rate; keys are placed most popular
/// first, each on the first server clockwise that still has room for the whole key. A key
/// that fits nowhere, like a hot key bigger than the cap, stays whole on its home server,
/// which then goes over the cap: bounded loads never split a key.
///
/// ```
/// use ringlab_core::load::{report::bounded_requests, traffic::{Traffic, TrafficSpec}};
/// use ringlab_core::{numbered_servers, schemes::ring::HashRing};
/// let ring = HashRing::new(numbered_servers("s", 8), 100).unwrap();
/// let t = Traffic::new(TrafficSpec { keys: 1000, zipf: 0.8, qps: 8000.0, hot_share: 0.0, seed: 1 }).unwrap();
/// let r = bounded_requests(&ring, &t, 0.25).unwrap();
/// let cap = r.cap_rate.unwrap(); // 1.25 times the mean of 1,000
/// assert!((cap - 1250.0).abs() < 1e-9);
/// assert!(r.loads.iter().all(|&l| l <= cap));
/// let hot = Traffic::new(TrafficSpec { hot_share: 0.3, ..TrafficSpec { keys: 1000, zipf: 0.8, qps: 8000.0, hot_share: 0.0, seed: 1 } }).unwrap();
/// let r = bounded_requests(&ring, &hot, 0.25).unwrap();
/// assert!(r.max() >= 2400.0); // the hot key's 2,400 stay together, over the cap
/// ```
pub fn bounded_requests(
    p: &dyn Partitioner,
    traffic: &Traffic,
    epsilon: f64,
) -> Result<LoadReport, ConfigError> {
    let homes = owners_of(p, &traffic.keys);
    bounded_requests_from(p, traffic, &homes, epsilon)
}

/// [`bounded_requests`] with every key's home (`p.lookup`, in key order) already known:
/// a page that keeps the homes while only epsilon or the rates change skips a lookup per
/// key.
pub fn bounded_requests_from(
    p: &dyn Partitioner,
    traffic: &Traffic,
    homes: &[Option<usize>],
    epsilon: f64,
) -> Result<LoadReport, ConfigError> {
    if epsilon.is_nan() || epsilon < 0.0 {
        return Err(ConfigError::OutOfRange {
            what: "epsilon",
            range: "0 or more".into(),
            value: epsilon.to_string(),
        });
    }
    let n = p.servers().len();
    let cap = (1.0 + epsilon) * traffic.total() / n.max(1) as f64;
    let mut loads = vec![0.0; n];
    let mut looked = vec![0usize; n];
    let mut placed = Vec::with_capacity(traffic.keys.len());
    let (mut pushed_keys, mut pushed_requests) = (0, 0.0);
    let (mut probes_total, mut max_probes, mut counted) = (0usize, 0usize, 0usize);
    // Most popular first; ties in key order.
    let mut order: Vec<usize> = (0..traffic.keys.len()).collect();
    order.sort_by(|&a, &b| traffic.rates[b].total_cmp(&traffic.rates[a]));
    placed.resize(traffic.keys.len(), None);
    for (stamp, &k) in order.iter().enumerate() {
        let rate = traffic.rates[k];
        // A relative 1e-12 of slack, so that sums rounded in f64 fit a cap they meet.
        let room = |s: usize| loads[s] + rate <= cap * (1.0 + 1e-12);
        let Probe {
            chosen,
            first,
            probes,
        } = probe(
            p,
            traffic.keys[k].as_bytes(),
            homes.get(k).is_some_and(Option::is_some),
            stamp + 1,
            &mut looked,
            room,
        );
        let Some(to) = chosen.or(first) else {
            continue;
        };
        loads[to] += rate;
        placed[k] = Some(to);
        if Some(to) != first {
            pushed_keys += 1;
            pushed_requests += rate;
        }
        probes_total += probes;
        max_probes = max_probes.max(probes);
        counted += 1;
    }
    Ok(LoadReport {
        loads,
        placed,
        cap: None,
        cap_rate: Some(cap),
        pushed_keys,
        pushed_requests,
        mean_probes: probes_total as f64 / counted.max(1) as f64,
        max_probes,
    })
}

/// HAProxy's rule (`hash-balance-factor`, [`Balancer`]) over the traffic: `requests`
/// arrivals drawn from the keys' rates (deterministic for `seed`), with `in_flight`
/// requests outstanding at a time (each arrival, once that many are in flight, completes
/// the oldest first). A server's load is its share of the arrivals times the total rate;
/// a key's `placed` is the server its last request went to. HAProxy bounds requests in
/// flight, not keys, so `cap` is `None` and a hot key's requests do spread.
///
/// ```
/// use ringlab_core::load::{report::haproxy, traffic::{Traffic, TrafficSpec}};
/// use ringlab_core::schemes::haproxy::{Haproxy, KeyHash};
/// use ringlab_core::numbered_servers;
/// let backend = Haproxy::new(numbered_servers("s", 4), &[None; 4], KeyHash::default()).unwrap();
/// let t = Traffic::new(TrafficSpec { keys: 50, zipf: 1.0, qps: 1000.0, hot_share: 0.5, seed: 1 }).unwrap();
/// let off = haproxy(&backend, &t, 0, 16, 4000, 7).unwrap();
/// let on = haproxy(&backend, &t, 125, 16, 4000, 7).unwrap();
/// assert_eq!(off.pushed_keys, 0);
/// assert!(on.max_over_mean() < off.max_over_mean());
/// ```
pub fn haproxy(
    backend: &Haproxy,
    traffic: &Traffic,
    factor: u32,
    in_flight: usize,
    requests: usize,
    seed: u64,
) -> Result<LoadReport, ConfigError> {
    let mut balancer = Balancer::new(backend, factor)?;
    let n = backend.servers().len();
    let total = traffic.total();
    let mut cumulative = Vec::with_capacity(traffic.rates.len());
    let mut sum = 0.0;
    for rate in &traffic.rates {
        sum += rate;
        cumulative.push(sum);
    }
    let home = owners_of(backend, &traffic.keys);
    let mut placed = home.clone();
    let mut pushed = vec![false; traffic.keys.len()];
    let mut served = vec![0usize; n];
    let mut outstanding = std::collections::VecDeque::with_capacity(in_flight.max(1));
    let (mut pushed_arrivals, mut probes, mut max_probes) = (0usize, 0usize, 0usize);
    for i in 0..requests {
        let u = crate::hash::seeded_hash(&(i as u64).to_le_bytes(), seed) as f64
            / (u64::MAX as f64 + 1.0);
        let key = cumulative
            .partition_point(|&c| c <= u * total)
            .min(traffic.keys.len() - 1);
        if outstanding.len() >= in_flight.max(1) {
            if let Some(done) = outstanding.pop_front() {
                balancer.complete(done);
            }
        }
        let Some((server, steps)) = balancer.arrive_probing(traffic.keys[key].as_bytes()) else {
            continue;
        };
        outstanding.push_back(server);
        served[server] += 1;
        placed[key] = Some(server);
        probes += steps;
        max_probes = max_probes.max(steps);
        if Some(server) != home[key] {
            pushed_arrivals += 1;
            pushed[key] = true;
        }
    }
    let arrivals = served.iter().sum::<usize>().max(1) as f64;
    Ok(LoadReport {
        loads: served
            .iter()
            .map(|&c| total * c as f64 / arrivals)
            .collect(),
        placed,
        cap: None,
        cap_rate: None,
        pushed_keys: pushed.iter().filter(|p| **p).count(),
        pushed_requests: total * pushed_arrivals as f64 / arrivals,
        mean_probes: probes as f64 / arrivals,
        max_probes,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::load::traffic::TrafficSpec;
    use crate::{build, numbered_servers, Options, SchemeKind};

    fn traffic(hot_share: f64) -> Traffic {
        Traffic::new(TrafficSpec {
            keys: 2000,
            zipf: 0.8,
            qps: 100_000.0,
            hot_share,
            seed: 3,
        })
        .unwrap()
    }

    #[test]
    fn bounded_loads_cap_keys_and_a_hot_key_stays_whole() {
        let ring = build(
            SchemeKind::Ring,
            numbered_servers("s", 16),
            &Options::default(),
        )
        .unwrap();
        let t = traffic(0.3);
        let r = bounded(ring.as_ref(), &t, 0.25).unwrap();
        let cap = r.cap.unwrap();
        let mut counts = [0usize; 16];
        for s in r.placed.iter().flatten() {
            counts[*s] += 1;
        }
        assert!(counts.iter().all(|&c| c <= cap));
        // The hot key alone is 30% of the traffic: its server is over 4.8 times the mean
        // whatever epsilon is.
        assert!(r.max_over_mean() > 4.8, "{}", r.max_over_mean());
        // Epsilon to infinity is plain consistent hashing.
        let free = bounded(ring.as_ref(), &t, f64::INFINITY).unwrap();
        assert_eq!(free.placed, plain(ring.as_ref(), &t).placed);
        assert_eq!(free.pushed_keys, 0);
    }

    #[test]
    fn a_join_moves_about_one_share_of_the_requests() {
        let t = traffic(0.0);
        let before = build(
            SchemeKind::Ring,
            numbered_servers("s", 9),
            &Options::default(),
        )
        .unwrap();
        let after = build(
            SchemeKind::Ring,
            numbered_servers("s", 10),
            &Options::default(),
        )
        .unwrap();
        let (a, b) = (plain(before.as_ref(), &t), plain(after.as_ref(), &t));
        let moved = a.moved_share(before.as_ref(), &b, after.as_ref(), &t);
        assert!(moved > 0.0 && moved < 0.3, "{moved}");
        assert_eq!(a.moved_share(before.as_ref(), &a, before.as_ref(), &t), 0.0);
    }
}
