//! A cache cluster under live traffic, one second at a time: the model behind "break it".
//!
//! Cache nodes sit on a consistent-hash ring ([`HashRing`]) in front of a database. Every
//! request goes to its key's node. A warm cache answers a share [`Cluster::hit`] of them;
//! the rest miss and go on to the database. When a key moves to another node (a node
//! joins, or leaves the ring), it arrives cold there: its warmth starts at 0 and refills
//! towards 1 with time constant [`Cluster::refill`] seconds, so the hit rate dips after a
//! resize and climbs back.
//!
//! Nodes and the database have a capacity in requests a second; what is over it fails. A
//! node killed keeps its place on the ring for [`Cluster::detect`] seconds (the clients
//! have not noticed yet), and its requests fail meanwhile. A node that stays over its
//! capacity for [`Cluster::grace`] seconds in a row dies too, and its keys go wherever the
//! ring now sends them: that is how one hot node takes its neighbours down.
//!
//! The run is a pure function of the cluster, the scenario, the fix and the traffic's
//! seed: [`run`] gives the same seconds every time. The verdict ([`Status`]) is computed
//! from the requests that failed: none is Healthy, some but none at the end is Degraded,
//! still failing at the end is Down.

use super::fixes::apply;
use super::traffic::{Traffic, TrafficSpec};
use crate::partitioner::owners_of;
use crate::schemes::ring::HashRing;
use crate::{ConfigError, Server};

/// The cluster and the traffic it serves.
#[derive(Debug, Clone, PartialEq)]
pub struct Cluster {
    /// Nodes at the start, named `cache-1`, `cache-2`, ...
    pub nodes: usize,
    /// Requests a second a node can serve.
    pub capacity: f64,
    /// Requests a second the database can serve.
    pub db_capacity: f64,
    /// The share of requests a warm cache answers.
    pub hit: f64,
    /// Seconds for a moved key's cache to refill by a factor e (the time constant).
    pub refill: f64,
    /// Seconds over capacity, in a row, that kill a node.
    pub grace: u32,
    /// Seconds before clients stop sending to a killed node.
    pub detect: u32,
    /// Seconds in a run.
    pub seconds: u32,
    /// The traffic; its `hot_share` is the hot key's share once [`Event::HotKey`] fires.
    pub traffic: TrafficSpec,
}

/// Eight nodes serving 100,000 requests a second over 10,000 keys: each node can take
/// 30,000 (2.4 times its share of 12,500), the database 20,000 (four times the 5,000
/// misses of a warm 95% cache). A node dies after 3 seconds over capacity; clients notice a dead
/// node after 2.
pub const DEFAULT: Cluster = Cluster {
    nodes: 8,
    capacity: 30_000.0,
    db_capacity: 20_000.0,
    hit: 0.95,
    refill: 3.0,
    grace: 3,
    detect: 2,
    seconds: 30,
    traffic: TrafficSpec {
        keys: 10_000,
        zipf: 0.9,
        qps: 100_000.0,
        hot_share: 0.3,
        seed: 1,
    },
};

/// What happens at a second.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Event {
    /// A new node joins the ring.
    Join,
    /// Node `n` (0-based, in order of joining) is killed.
    Kill(usize),
    /// One key starts taking the traffic's hot share.
    HotKey,
}

/// One of the stepper's scenarios.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Scenario {
    pub name: &'static str,
    /// Virtual nodes per node.
    pub vnodes: u32,
    /// Events, by second.
    pub events: &'static [(u32, Event)],
}

/// The five scenarios, in the stepper's order.
pub const SCENARIOS: [Scenario; 5] = [
    Scenario {
        name: "Steady",
        vnodes: 150,
        events: &[],
    },
    Scenario {
        name: "Add a node",
        vnodes: 150,
        events: &[(5, Event::Join)],
    },
    Scenario {
        name: "A node dies",
        vnodes: 150,
        events: &[(5, Event::Kill(4))],
    },
    Scenario {
        name: "No virtual nodes",
        vnodes: 1,
        events: &[(5, Event::Kill(4))],
    },
    Scenario {
        name: "A hot key",
        vnodes: 150,
        events: &[(5, Event::HotKey)],
    },
];

pub use super::fixes::HotFix as Fix;

/// How a node left.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cause {
    Killed,
    /// Over capacity for [`Cluster::grace`] seconds.
    Overloaded,
}

/// A node's death.
#[derive(Debug, Clone, PartialEq)]
pub struct Death {
    pub second: u32,
    pub node: String,
    pub cause: Cause,
}

/// One second of the run.
#[derive(Debug, Clone, PartialEq)]
pub struct Second {
    /// Requests a second sent to each node, in order of joining (0 for one not yet
    /// joined, or off the ring).
    pub loads: Vec<f64>,
    /// Whether each node is alive (a node not yet joined is not).
    pub alive: Vec<bool>,
    /// Requests answered by a cache, over all requests.
    pub hit_rate: f64,
    /// Requests a second that reach the database.
    pub db_load: f64,
    /// Requests a second that fail: sent to a dead node, or over a capacity.
    pub failed: f64,
}

/// The verdict.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    /// No request failed.
    Healthy,
    /// Some requests failed, and by the end none does.
    Degraded,
    /// Requests still fail at the end.
    Down,
}

impl Status {
    pub fn name(self) -> &'static str {
        match self {
            Status::Healthy => "Healthy",
            Status::Degraded => "Degraded",
            Status::Down => "Down",
        }
    }
}

/// A whole run.
#[derive(Debug, Clone, PartialEq)]
pub struct Run {
    /// Every node that took part, in order of joining.
    pub nodes: Vec<String>,
    pub seconds: Vec<Second>,
    /// Deaths in order.
    pub deaths: Vec<Death>,
    /// Requests a second in all.
    pub qps: f64,
    pub status: Status,
}

impl Run {
    /// The most requests that failed in any one second, over all requests.
    pub fn worst_failed_share(&self) -> f64 {
        self.seconds.iter().map(|s| s.failed).fold(0.0, f64::max) / self.qps
    }

    /// The share of requests failing in the last second.
    pub fn final_failed_share(&self) -> f64 {
        self.seconds.last().map_or(0.0, |s| s.failed / self.qps)
    }

    /// The busiest any live node got, over its capacity.
    pub fn peak_node(&self, capacity: f64) -> f64 {
        let peak = self
            .seconds
            .iter()
            .flat_map(|s| s.loads.iter().zip(&s.alive).filter(|(_, a)| **a))
            .map(|(l, _)| *l)
            .fold(0.0, f64::max);
        peak / capacity
    }

    /// The lowest hit rate and the most database load of the run.
    pub fn dip(&self) -> (f64, f64) {
        let low = self.seconds.iter().map(|s| s.hit_rate).fold(1.0, f64::min);
        let db = self.seconds.iter().map(|s| s.db_load).fold(0.0, f64::max);
        (low, db)
    }

    /// Nodes alive at the end: every node that took part, less the dead (a node that
    /// dies in the last second counts as dead).
    pub fn alive_at_end(&self) -> usize {
        self.nodes.len().saturating_sub(self.deaths.len())
    }
}

/// The node names: `cache-1`, `cache-2`, ...
pub fn node_name(index: usize) -> String {
    format!("cache-{}", index + 1)
}

/// The state as the seconds go by.
struct Sim<'a> {
    cluster: &'a Cluster,
    vnodes: u32,
    keys: Vec<String>,
    /// Rates now (the hot key at 0 until it fires).
    rates: Vec<f64>,
    hot_rates: Vec<f64>,
    names: Vec<String>,
    alive: Vec<bool>,
    /// On the ring (a killed node stays until the clients notice).
    in_ring: Vec<bool>,
    killed_at: Vec<Option<u32>>,
    over: Vec<u32>,
    /// Each key's node, and how warm its cache is there.
    owner: Vec<Option<usize>>,
    warmth: Vec<f64>,
    deaths: Vec<Death>,
}

impl Sim<'_> {
    /// Places every key on the ring of nodes in it; a key whose node changed is cold.
    fn place(&mut self) {
        let members: Vec<usize> = (0..self.names.len()).filter(|&i| self.in_ring[i]).collect();
        let servers = members
            .iter()
            .map(|&i| Server::new(self.names[i].clone()))
            .collect();
        let homes = match HashRing::new(servers, self.vnodes) {
            Ok(ring) => owners_of(&ring, &self.keys),
            Err(_) => vec![None; self.keys.len()],
        };
        for (k, home) in homes.into_iter().enumerate() {
            let now = home.map(|s| members[s]);
            if now != self.owner[k] {
                self.owner[k] = now;
                self.warmth[k] = 0.0;
            }
        }
    }

    fn second(&mut self, t: u32, events: &[(u32, Event)]) -> Second {
        let mut moved = false;
        for (_, event) in events.iter().filter(|(at, _)| *at == t) {
            match *event {
                Event::Join => {
                    let n = self.names.len();
                    self.names.push(node_name(n));
                    self.alive.push(true);
                    self.in_ring.push(true);
                    self.killed_at.push(None);
                    self.over.push(0);
                    moved = true;
                }
                Event::Kill(n) => self.kill(n, t, Cause::Killed),
                Event::HotKey => self.rates.clone_from(&self.hot_rates),
            }
        }
        for n in 0..self.names.len() {
            let noticed = self.killed_at[n].is_some_and(|at| t >= at + self.cluster.detect);
            if self.in_ring[n] && noticed {
                self.in_ring[n] = false;
                moved = true;
            }
        }
        if moved {
            self.place();
        }

        let nodes = self.names.len();
        let (mut loads, mut misses) = (vec![0.0; nodes], vec![0.0; nodes]);
        let mut failed = 0.0;
        for (k, &rate) in self.rates.iter().enumerate() {
            match self.owner[k] {
                Some(n) => {
                    loads[n] += rate;
                    misses[n] += rate * (1.0 - self.warmth[k] * self.cluster.hit);
                }
                None => failed += rate,
            }
        }
        let total: f64 = self.rates.iter().sum();
        let (mut hits, mut db_load) = (0.0, 0.0);
        for n in 0..nodes {
            if loads[n] == 0.0 {
                continue;
            }
            if !self.alive[n] {
                failed += loads[n];
                continue;
            }
            // Over capacity, a node serves what it can, hits and misses alike.
            let served = (self.cluster.capacity / loads[n]).min(1.0);
            failed += loads[n] * (1.0 - served);
            hits += (loads[n] - misses[n]) * served;
            db_load += misses[n] * served;
        }
        failed += (db_load - self.cluster.db_capacity).max(0.0);
        let fill = 1.0 - (-1.0 / self.cluster.refill).exp();
        for (w, owner) in self.warmth.iter_mut().zip(&self.owner) {
            if owner.is_some_and(|n| self.alive[n]) {
                *w += (1.0 - *w) * fill;
            }
        }
        let second = Second {
            loads: loads.clone(),
            alive: self.alive.clone(),
            hit_rate: if total > 0.0 { hits / total } else { 0.0 },
            db_load,
            failed,
        };
        for (n, load) in loads.iter().enumerate() {
            if !self.alive[n] {
                continue;
            }
            self.over[n] = if *load > self.cluster.capacity {
                self.over[n] + 1
            } else {
                0
            };
            if self.over[n] >= self.cluster.grace {
                self.kill(n, t, Cause::Overloaded);
            }
        }
        second
    }

    fn kill(&mut self, n: usize, t: u32, cause: Cause) {
        if self.alive.get(n) == Some(&true) {
            self.alive[n] = false;
            self.killed_at[n] = Some(t);
            self.deaths.push(Death {
                second: t,
                node: self.names[n].clone(),
                cause,
            });
        }
    }
}

/// The keys, their rates before the hot key fires, and after.
type Rates = (Vec<String>, Vec<f64>, Vec<f64>);

/// The traffic's keys and rates, before and after the hot key fires, with the fix
/// applied to the hot key.
fn traffic(cluster: &Cluster, fix: Fix) -> Result<Rates, ConfigError> {
    let plain = Traffic::new(TrafficSpec {
        hot_share: 0.0,
        ..cluster.traffic
    })?;
    let hot = Traffic::new(cluster.traffic)?;
    let extra = hot.keys.len() - plain.keys.len();
    let before: Vec<f64> = std::iter::repeat(0.0)
        .take(extra)
        .chain(plain.rates)
        .collect();
    let (_, before) = apply(hot.keys.clone(), before, fix);
    let (keys, after) = apply(hot.keys, hot.rates, fix);
    Ok((keys, before, after))
}

/// Runs `scenario` on `cluster` with `fix` above the ring: every second, and the verdict.
///
/// ```
/// use ringlab_core::load::cluster::{run, Fix, Status, DEFAULT, SCENARIOS};
/// let statuses: Vec<Status> = SCENARIOS
///     .iter()
///     .map(|s| run(&DEFAULT, s, Fix::None).unwrap().status)
///     .collect();
/// use Status::*;
/// assert_eq!(statuses, [Healthy, Healthy, Degraded, Down, Down]);
/// assert_eq!(run(&DEFAULT, &SCENARIOS[4], Fix::FrontCache).unwrap().status, Healthy);
/// ```
pub fn run(cluster: &Cluster, scenario: &Scenario, fix: Fix) -> Result<Run, ConfigError> {
    if cluster.nodes == 0 || scenario.vnodes == 0 {
        return Err(ConfigError::OutOfRange {
            what: "nodes and virtual nodes",
            range: "at least 1 each".into(),
            value: format!("{} and {}", cluster.nodes, scenario.vnodes),
        });
    }
    let (keys, rates, hot_rates) = traffic(cluster, fix)?;
    let count = keys.len();
    let mut sim = Sim {
        cluster,
        vnodes: scenario.vnodes,
        keys,
        rates,
        hot_rates,
        names: (0..cluster.nodes).map(node_name).collect(),
        alive: vec![true; cluster.nodes],
        in_ring: vec![true; cluster.nodes],
        killed_at: vec![None; cluster.nodes],
        over: vec![0; cluster.nodes],
        owner: vec![None; count],
        warmth: vec![0.0; count],
        deaths: Vec::new(),
    };
    sim.place();
    sim.warmth.iter_mut().for_each(|w| *w = 1.0);
    let mut seconds: Vec<Second> = (0..cluster.seconds)
        .map(|t| sim.second(t, scenario.events))
        .collect();
    // Every second lists every node that ever took part.
    let nodes = sim.names.len();
    for s in &mut seconds {
        s.loads.resize(nodes, 0.0);
        s.alive.resize(nodes, false);
    }
    let qps = cluster.traffic.qps;
    let tiny = qps * 1e-9;
    let status = if seconds.iter().all(|s| s.failed <= tiny) {
        Status::Healthy
    } else if seconds.last().is_some_and(|s| s.failed > tiny) {
        Status::Down
    } else {
        Status::Degraded
    };
    Ok(Run {
        nodes: sim.names,
        seconds,
        deaths: sim.deaths,
        qps,
        status,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn runs(fix: Fix) -> Vec<Run> {
        SCENARIOS
            .iter()
            .map(|s| run(&DEFAULT, s, fix).unwrap())
            .collect()
    }

    #[test]
    fn the_five_scenarios_give_their_verdicts() {
        let runs = runs(Fix::None);
        let statuses: Vec<Status> = runs.iter().map(|r| r.status).collect();
        use Status::*;
        assert_eq!(statuses, [Healthy, Healthy, Degraded, Down, Down]);
        // Adding a node: the hit rate dips and refills; nothing fails.
        let (low, db) = runs[1].dip();
        assert!(low < 0.9 && db < DEFAULT.db_capacity, "{low} {db}");
        assert!(runs[1].seconds.last().unwrap().hit_rate > 0.94);
        // A killed node with virtual nodes: only its own traffic fails, until noticed.
        assert_eq!(runs[2].deaths.len(), 1);
        assert_eq!(runs[2].final_failed_share(), 0.0);
        // Without virtual nodes: a cascade, one overloaded node after another.
        let cascade = &runs[3].deaths;
        assert!(cascade.len() >= 3, "{cascade:?}");
        assert_eq!(cascade[0].cause, Cause::Killed);
        assert!(cascade[1..].iter().all(|d| d.cause == Cause::Overloaded));
    }

    /// With virtual nodes, losing any one node is survivable; without them, which node
    /// dies decides: the scenario's (cache-5) hands its arc to the busiest node.
    #[test]
    fn with_virtual_nodes_any_single_death_is_survived() {
        for (vnodes, n) in [
            (150, 0),
            (150, 1),
            (150, 2),
            (150, 3),
            (150, 5),
            (150, 6),
            (150, 7),
            (1, 0),
        ] {
            let events: &'static [(u32, Event)] = Box::leak(Box::new([(5, Event::Kill(n))]));
            let scenario = Scenario {
                name: "kill",
                vnodes,
                events,
            };
            let r = run(&DEFAULT, &scenario, Fix::None).unwrap();
            assert_eq!(r.status, Status::Degraded, "{vnodes} {n}");
        }
    }

    #[test]
    fn both_fixes_bring_the_hot_key_back() {
        for fix in [Fix::FrontCache, Fix::Split] {
            let r = run(&DEFAULT, &SCENARIOS[4], fix).unwrap();
            assert_eq!(r.status, Status::Healthy, "{fix:?}");
            assert!(r.deaths.is_empty());
        }
    }

    #[test]
    fn deterministic_and_conserving() {
        let a = runs(Fix::None);
        assert_eq!(a, runs(Fix::None));
        // Before anything happens, every request is served and the hits are the warm rate.
        let first = &a[0].seconds[0];
        assert!((first.loads.iter().sum::<f64>() - DEFAULT.traffic.qps).abs() < 1e-6);
        assert!((first.hit_rate - DEFAULT.hit).abs() < 1e-9);
        assert!((first.db_load - 5_000.0).abs() < 1e-6);
    }
}
