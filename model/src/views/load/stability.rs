//! Stability under bounded loads: when the load shifts, how much traffic changes server.
//! Pushed keys sit where there was room; when the hot key cools or a server joins, room
//! appears and some of them walk back home, and others move with them.

use ringlab_core::load::report::{bounded_requests_from, LoadReport};
use ringlab_core::load::traffic::{Traffic, TrafficSpec};
use ringlab_core::partitioner::owners_of;
use ringlab_core::schemes::ring::HashRing;
use ringlab_core::{Partitioner, Server};

use super::params::LoadParams;
use super::scene::{Demand, QPS};
use crate::naming::server_name;

/// What a shift does to the placement.
#[derive(Debug, Clone, PartialEq)]
pub struct Shift {
    /// The share of today's requests whose server changes.
    pub moved: f64,
    /// Keys pushed off home today that are at home after the shift.
    pub back_home: usize,
    /// Keys pushed off home after the shift.
    pub pushed_after: usize,
}

/// A shift to ask about: [`hot_key_cools`] or [`server_joins`].
pub type WhatIf =
    fn(&LoadParams, &HashRing, &Demand, &[Option<usize>], &LoadReport) -> Option<Shift>;

fn shift(
    ring: &HashRing,
    now: &LoadReport,
    homes: &[Option<usize>],
    after_ring: &HashRing,
    after: &LoadReport,
    after_homes: &[Option<usize>],
    traffic: &Traffic,
) -> Shift {
    // Pushed today, and placed at its home after.
    let back_home = (0..now.placed.len())
        .filter(|&k| now.placed[k] != homes[k] && after.placed[k] == after_homes[k])
        .count();
    Shift {
        moved: now.moved_share(ring, after, after_ring, traffic),
        back_home,
        pushed_after: after.pushed_keys,
    }
}

/// The hot key cools to nothing (the rest of the traffic takes its place, as if the hot
/// share were 0), the same keys on the same ring. `None` without bounded loads or a hot key.
pub fn hot_key_cools(
    params: &LoadParams,
    ring: &HashRing,
    demand: &Demand,
    homes: &[Option<usize>],
    now: &LoadReport,
) -> Option<Shift> {
    if !params.bounded || params.hot == 0.0 {
        return None;
    }
    let cool = Traffic::new(TrafficSpec {
        keys: params.keys as usize,
        zipf: params.zipf,
        qps: QPS,
        hot_share: 0.0,
        seed: 1,
    })
    .ok()?;
    // The same key list as today: the hot key (or its copies) at rate 0 in front.
    let extra = demand.traffic.keys.len().checked_sub(cool.keys.len())?;
    let rates = std::iter::repeat_n(0.0, extra).chain(cool.rates).collect();
    let cooled = Traffic {
        keys: demand.traffic.keys.clone(),
        rates,
    };
    let after = bounded_requests_from(ring, &cooled, homes, params.epsilon).ok()?;
    Some(shift(
        ring,
        now,
        homes,
        ring,
        &after,
        homes,
        &demand.traffic,
    ))
}

/// One server joins (the next name), the same traffic. `None` without bounded loads or at
/// the most servers.
pub fn server_joins(
    params: &LoadParams,
    ring: &HashRing,
    demand: &Demand,
    homes: &[Option<usize>],
    now: &LoadReport,
) -> Option<Shift> {
    if !params.bounded {
        return None;
    }
    let index = ring.servers().len();
    let joined = ring
        .with_server(index, Server::new(server_name(index)))
        .ok()?;
    let traffic = &demand.traffic;
    let after_homes = owners_of(&joined, &traffic.keys);
    let after = bounded_requests_from(&joined, traffic, &after_homes, params.epsilon).ok()?;
    Some(shift(
        ring,
        now,
        homes,
        &joined,
        &after,
        &after_homes,
        traffic,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::views::load::scene::{demand, homes, ring, scene_from};

    #[test]
    fn cooling_and_joining_move_some_traffic_and_bring_keys_home() {
        let p = LoadParams {
            hot: 0.3,
            epsilon: 0.1,
            ..LoadParams::default()
        };
        let (r, d) = (ring(&p), demand(&p));
        let h = homes(&r, &d);
        let now = scene_from(&p, &r, &d, &h).report;
        let cooled = hot_key_cools(&p, &r, &d, &h, &now).unwrap();
        assert!(cooled.moved > 0.0 && cooled.moved < 1.0, "{cooled:?}");
        assert!(cooled.back_home > 0, "{cooled:?}");
        let joined = server_joins(&p, &r, &d, &h, &now).unwrap();
        assert!(joined.moved > 0.0 && joined.moved < 1.0, "{joined:?}");
        // The plain ring has nothing to walk back.
        let plain = LoadParams {
            bounded: false,
            ..p
        };
        assert_eq!(hot_key_cools(&plain, &r, &d, &h, &now), None);
    }
}
