//! What the load page shows, computed by the core: each server's requests a second,
//! plain or with bounded loads over requests, against the mean and the cap; the keys
//! pushed off home with where they walked to; the hot key, whole on one server; the fix's
//! cost.

use ringlab_core::load::fixes::{apply, HotFix, COPIES, FRONT_CACHE, FRONT_ENDS};
use ringlab_core::load::report::{at_home, bounded_requests_from, LoadReport};
use ringlab_core::load::traffic::{Traffic, TrafficSpec};
use ringlab_core::partitioner::owners_of;
use ringlab_core::schemes::ring::HashRing;
use ringlab_core::{Partitioner, Server};

use super::params::LoadParams;
use crate::geometry::{at_resolution, owner_arcs, Arc, RING_SLICES};
use crate::naming::server_name;

/// Requests a second, all keys together.
pub const QPS: f64 = 100_000.0;
/// The most pushed keys drawn walking.
pub const WALKERS: usize = 24;
/// The most ring points handed to the picture for ticks (beyond, it shows the owners'
/// arcs and the walks).
pub const DRAWN_POINTS: usize = 2_000;

/// A key pushed off its home server, and the way it walked.
#[derive(Debug, Clone, PartialEq)]
pub struct Walker {
    pub key: String,
    pub rate: f64,
    /// Where the key hashes, and the point of the server that took it, as fractions of a
    /// turn clockwise from the top.
    pub from: f64,
    pub to: f64,
    pub home: usize,
    pub server: usize,
}

/// The hot key (or, split, its busiest copy).
#[derive(Debug, Clone, PartialEq)]
pub struct Hot {
    pub key: String,
    pub rate: f64,
    pub at: f64,
    pub server: usize,
}

/// Everything the page draws and says.
#[derive(Debug, Clone, PartialEq)]
pub struct LoadScene {
    pub names: Vec<String>,
    /// Requests a second on each server.
    pub loads: Vec<f64>,
    pub mean: f64,
    /// The cap in requests a second, with bounded loads on.
    pub cap: Option<f64>,
    /// Requests a second reaching the ring, and those a front cache answered instead.
    pub ring_qps: f64,
    pub absorbed: f64,
    pub report: LoadReport,
    /// The hot key's share of the traffic as asked (0 for none).
    pub hot_share: f64,
    pub hot: Option<Hot>,
    /// The largest pushed keys, most requested first.
    pub walkers: Vec<Walker>,
    /// Who owns which stretch of the ring, at the picture's resolution: every point
    /// counted, however many.
    pub arcs: Vec<Arc>,
    /// The ring's points (server, fraction of a turn), when there are at most
    /// [`DRAWN_POINTS`]; else empty.
    pub points: Vec<(usize, f64)>,
    pub fix: HotFix,
}

impl LoadScene {
    /// Servers over the cap (with bounded loads) or over the mean times 1 + epsilon
    /// (without them: the same line, drawn for comparison).
    pub fn over(&self, line: f64) -> Vec<usize> {
        (0..self.loads.len())
            .filter(|&s| self.loads[s] > line * (1.0 + 1e-9))
            .collect()
    }

    /// The busiest server.
    pub fn busiest(&self) -> usize {
        (0..self.loads.len())
            .max_by(|&a, &b| self.loads[a].total_cmp(&self.loads[b]))
            .unwrap_or(0)
    }

    /// The share of the ring's requests that left their home server.
    pub fn pushed_share(&self) -> f64 {
        if self.ring_qps > 0.0 {
            self.report.pushed_requests / self.ring_qps
        } else {
            0.0
        }
    }

    /// What the fix costs, in a sentence.
    pub fn fix_cost(&self) -> Option<String> {
        let hot = QPS * self.hot_share;
        if hot == 0.0 {
            return None;
        }
        let f = crate::format::grouped_rounded;
        match self.fix {
            HotFix::None => None,
            HotFix::FrontCache => {
                let stampede = ringlab_core::load::fixes::FrontCache {
                    single_flight: false,
                    ..FRONT_CACHE
                };
                Some(format!(
                    "{FRONT_ENDS} front-ends keep the hot key for a second and fetch it once when it expires: {} requests a second reach the ring instead of {}. The price: reads can be a second stale. Without single-flight, every request that arrives during a fetch goes through too: {} a second.",
                    f(FRONT_CACHE.ring_rate(hot)),
                    f(hot),
                    f(stampede.ring_rate(hot)),
                ))
            }
            HotFix::Split => Some(format!(
                "The hot key becomes {COPIES} keys, hot#0 to hot#{}: each takes {} reads a second, on whatever server the ring gives it. The price: every write goes to all {COPIES} copies, and each copy can go stale on its own.",
                COPIES - 1,
                f(hot / f64::from(COPIES)),
            )),
        }
    }
}

/// The page's picture and numbers for `params`.
///
/// ```
/// use ringlab_model::views::load::{params::LoadParams, scene::scene};
/// let s = scene(&LoadParams { servers: 16, hot: 0.3, ..LoadParams::default() });
/// let cap = s.cap.unwrap();
/// // The hot key's 30,000 a second stay whole: its server is past the cap.
/// assert_eq!(s.over(cap), vec![s.hot.as_ref().unwrap().server]);
/// ```
pub fn scene(params: &LoadParams) -> LoadScene {
    let ring = ring(params);
    let demand = demand(params);
    let homes = homes(&ring, &demand);
    scene_from(params, &ring, &demand, &homes)
}

/// The ring for the page's servers and virtual nodes. A page keeps it while only the
/// traffic or epsilon change.
pub fn ring(params: &LoadParams) -> HashRing {
    let servers = (0..params.servers as usize)
        .map(|i| Server::new(server_name(i)))
        .collect();
    let vnodes = params.vnodes.min(LoadParams::max_vnodes(params.servers));
    // The parameters are within range, so this always builds; the fallback keeps a page
    // alive if it ever did not.
    HashRing::new(servers, vnodes.max(1))
        .or_else(|_| HashRing::new(vec![Server::new("A")], 1))
        .expect("one server at one point always builds")
}

/// What the ring is asked for: the traffic with the fix applied, and the requests a
/// second asked of the whole system (the front cache answers some before the ring).
#[derive(Debug, Clone, PartialEq)]
pub struct Demand {
    pub traffic: Traffic,
    pub asked: f64,
}

/// The traffic for the page's keys, Zipf exponent, hot key and fix.
pub fn demand(params: &LoadParams) -> Demand {
    let spec = TrafficSpec {
        keys: params.keys as usize,
        zipf: params.zipf,
        qps: QPS,
        hot_share: params.hot,
        seed: 1,
    };
    let asked = Traffic::new(spec).unwrap_or_else(|_| {
        Traffic::new(TrafficSpec {
            hot_share: 0.0,
            zipf: 0.0,
            ..spec
        })
        .expect("uniform traffic without a hot key always builds")
    });
    let asked_total = asked.total();
    let (keys, rates) = apply(asked.keys, asked.rates, params.fix);
    Demand {
        traffic: Traffic { keys, rates },
        asked: asked_total,
    }
}

/// Every key's home server. Key names do not depend on the Zipf exponent, so a page keeps
/// these while only the rates or epsilon change.
pub fn homes(ring: &HashRing, demand: &Demand) -> Vec<Option<usize>> {
    owners_of(ring, &demand.traffic.keys)
}

/// The scene from a ring, its demand and every key's home ([`homes`]).
pub fn scene_from(
    params: &LoadParams,
    ring: &HashRing,
    demand: &Demand,
    homes: &[Option<usize>],
) -> LoadScene {
    let traffic = &demand.traffic;
    let names: Vec<String> = ring.servers().iter().map(|s| s.name.clone()).collect();
    let ring_qps = traffic.total();
    let unbounded = || at_home(homes, traffic, names.len());
    let report = if params.bounded {
        bounded_requests_from(ring, traffic, homes, params.epsilon).unwrap_or_else(|_| unbounded())
    } else {
        unbounded()
    };
    let hot = (params.hot > 0.0)
        .then(|| {
            let k = (0..traffic.keys.len())
                .filter(|&k| traffic.keys[k].starts_with("hot"))
                .max_by(|&a, &b| traffic.rates[a].total_cmp(&traffic.rates[b]))?;
            Some(Hot {
                key: traffic.keys[k].clone(),
                rate: traffic.rates[k],
                at: position(ring, &traffic.keys[k]),
                server: report.placed[k]?,
            })
        })
        .flatten();
    let walkers = walkers(ring, traffic, &report, homes);
    let r = ring.ring().expect("a hash ring has a ring");
    let every_point: Vec<(usize, f64)> = r
        .points()
        .iter()
        .map(|p| (p.server, r.fraction(p.position)))
        .collect();
    let arcs = at_resolution(&owner_arcs(&every_point), RING_SLICES);
    let points = if every_point.len() <= DRAWN_POINTS {
        every_point
    } else {
        Vec::new()
    };
    LoadScene {
        arcs,
        mean: ring_qps / names.len() as f64,
        names,
        loads: report.loads.clone(),
        cap: report.cap_rate,
        ring_qps,
        absorbed: demand.asked - ring_qps,
        report,
        hot_share: params.hot,
        hot,
        walkers,
        points,
        fix: params.fix,
    }
}

/// Where `key` hashes, as a fraction of a turn.
fn position(ring: &HashRing, key: &str) -> f64 {
    let r = ring.ring().expect("a hash ring has a ring");
    r.fraction(ring.key_hash(key.as_bytes()).unwrap_or(0))
}

/// The most requested pushed keys: from their hash to the first point of the server
/// that took them.
fn walkers(
    ring: &HashRing,
    traffic: &Traffic,
    report: &LoadReport,
    homes: &[Option<usize>],
) -> Vec<Walker> {
    let r = ring.ring().expect("a hash ring has a ring");
    let mut out: Vec<Walker> = Vec::new();
    for (k, key) in traffic.keys.iter().enumerate() {
        let (Some(server), Some(home)) = (report.placed[k], homes[k]) else {
            continue;
        };
        if server == home {
            continue;
        }
        let hash = ring.key_hash(key.as_bytes()).unwrap_or(0);
        let Some(point) = r.walk(hash).find(|&i| r.points()[i].server == server) else {
            continue;
        };
        out.push(Walker {
            key: key.clone(),
            rate: traffic.rates[k],
            from: r.fraction(hash),
            to: r.fraction(r.points()[point].position),
            home,
            server,
        });
    }
    out.sort_by(|a, b| b.rate.total_cmp(&a.rate));
    out.truncate(WALKERS);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn epsilon_trades_balance_for_movement() {
        let at = |epsilon: f64| {
            scene(&LoadParams {
                epsilon,
                ..LoadParams::default()
            })
        };
        let (tight, loose) = (at(0.1), at(1.0));
        assert!(tight.report.pushed_keys > loose.report.pushed_keys);
        for s in [&tight, &loose] {
            assert!(s.over(s.cap.unwrap()).is_empty());
            assert!((s.loads.iter().sum::<f64>() - QPS).abs() < 1e-6);
        }
        assert!(!tight.walkers.is_empty());
        assert!(tight.walkers.iter().all(|w| w.server != w.home));
    }

    #[test]
    fn a_hot_key_is_past_the_cap_at_any_epsilon_and_each_fix_brings_it_back() {
        for epsilon in [0.1, 0.25, 1.0, 2.0] {
            let p = LoadParams {
                hot: 0.3,
                epsilon,
                ..LoadParams::default()
            };
            let s = scene(&p);
            assert_eq!(s.over(s.cap.unwrap()).len(), 1, "{epsilon}");
            for fix in [HotFix::FrontCache, HotFix::Split] {
                let fixed = scene(&LoadParams { fix, ..p });
                assert!(
                    fixed.over(fixed.cap.unwrap()).is_empty(),
                    "{epsilon} {fix:?}"
                );
                assert!(fixed.fix_cost().is_some());
            }
        }
        // The front cache answers almost all of the hot key's 30,000.
        let cached = scene(&LoadParams {
            hot: 0.3,
            fix: HotFix::FrontCache,
            ..LoadParams::default()
        });
        assert!((cached.absorbed - (30_000.0 - 20.0)).abs() < 1e-6);
    }
}
