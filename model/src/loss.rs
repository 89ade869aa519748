//! Data loss when servers fail together: the figure the walkthrough's replication step and
//! the lab's durability figure share.

use ringlab_core::analysis::durability::{durability, LossOptions};
use ringlab_core::schemes::ring::HashRing;
use ringlab_core::{assign_racks, numbered_servers, Partitioner};

/// Data loss when three of sixteen servers fail at once, for a ring with `points` points per
/// server and three replicas: P(loss) with plain preference lists, and with rack-aware
/// lists over four racks of four.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Loss {
    pub distinct_sets: usize,
    pub plain: f64,
    pub rack_aware: f64,
}

/// Servers, replicas and failures of [`loss`].
pub const LOSS_SERVERS: usize = 16;
pub const LOSS_REPLICAS: usize = 3;
pub const LOSS_FAILURES: usize = 3;
/// The racks of [`loss`]'s rack-aware lists, server `i` in rack `i % 4`: four of four.
pub const LOSS_RACKS: [&str; 4] = ["a", "b", "c", "d"];

pub fn loss(points: u32) -> Option<Loss> {
    let mut servers = numbered_servers("s", LOSS_SERVERS);
    let racks: Vec<&str> = (0..LOSS_SERVERS)
        .map(|i| LOSS_RACKS[i % LOSS_RACKS.len()])
        .collect();
    assign_racks(&mut servers, &racks.join(",")).ok()?;
    let scheme = HashRing::new(servers.clone(), points).ok()?;
    let d = durability(
        scheme.ring()?,
        &servers,
        LOSS_REPLICAS,
        LOSS_FAILURES,
        &LossOptions::default(),
    )
    .ok()?;
    Some(Loss {
        distinct_sets: d.plain.distinct_sets,
        plain: d.plain.loss.probability,
        rack_aware: d.rack_aware.loss.probability,
    })
}
