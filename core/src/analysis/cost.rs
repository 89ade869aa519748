//! What a resize costs: objects and bytes moved, per-server traffic, and the hours the
//! slowest link needs, for `mod N` placement against a consistent hash ring.
//!
//! # The model
//!
//! A cluster of `N` servers holds `objects` objects of `object_bytes` bytes, each stored
//! `replicas` times, and grows or shrinks to `N'` servers. Every copy of a moved object
//! moves with it. Each server has a full-duplex link of `link_bytes_per_second` of which
//! the rebalance may use the `throttle` fraction; all servers transfer at once.
//!
//! - `mod N`: server `i` keeps the keys with `h mod N = h mod N' = i`, exactly `1/lcm` of
//!   the key space for each `i < min(N, N')` ([`theory::modulo_moved`]); everything else
//!   moves. Exact.
//! - The ring, with equal weights: only the newcomers' shares (or the leavers') move, in
//!   expectation evenly from (or to) everyone else. Exact in expectation; a particular
//!   ring's senders vary around it ([`super::failure`] has the exact split for one ring).
//!
//! # Why the wall-clock is the same
//!
//! On a join the newcomer starts empty and must receive its whole share, `1/N'` of the
//! stored bytes, through its one inbound link, whatever the scheme: that is the critical
//! path. `mod N` moves `N` times as many bytes when growing by one, but spreads them over
//! every server's links at once: each old server sends `1/N - 1/(N N') = 1/N'` of the data
//! and receives a little less, so no link carries more than the newcomer's. The ring
//! moves only what the newcomer must receive. The hours come out equal; the difference is
//! the total traffic (and the disk work, cache misses and risk that come with it), and
//! that `mod N` takes every server's bandwidth for the whole time. (Growing from 3 to 5
//! servers, `mod N` is slower too: each old server must send `4/15` against the
//! newcomers' `1/5`.) A leave is the mirror image: the leaver's outbound link is the
//! critical path.
//!
//! ```
//! use ringlab_core::analysis::cost::{resize_cost, Bottleneck, Role, Workload};
//! let workload = Workload {
//!     servers_before: 16,
//!     servers_after: 17,
//!     objects: 10_000_000_000,
//!     object_bytes: 1_088,
//!     replicas: 1,
//!     link_bytes_per_second: 125e6, // 1 Gbps
//!     throttle: 1.0,
//! };
//! let cost = resize_cost(&workload).unwrap();
//! let tb = 1e12;
//! assert!((cost.modulo.logical_bytes_moved / tb - 10.24).abs() < 0.01); // 16/17 of 10.88 TB
//! assert!((cost.ring.logical_bytes_moved / tb - 0.64).abs() < 0.01); // 1/17 of 10.88 TB
//! // Both are bound by the newcomer receiving 0.64 TB at 125 MB/s: 1.42 hours.
//! assert_eq!(cost.ring.bottleneck, Bottleneck::Inbound(Role::Newcomer));
//! assert_eq!(cost.modulo.bottleneck, Bottleneck::Inbound(Role::Newcomer));
//! assert!((cost.ring.hours - 5120.0 / 3600.0).abs() < 1e-9);
//! assert!((cost.modulo.hours - cost.ring.hours).abs() < 1e-9);
//! ```

use super::theory::{self, lcm, Fraction};
use crate::ConfigError;

/// A cluster and the resize it goes through.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Workload {
    pub servers_before: usize,
    pub servers_after: usize,
    pub objects: u64,
    pub object_bytes: u64,
    /// Copies of each object (1 for none).
    pub replicas: u32,
    /// Each server's link, one direction (125e6 for 1 Gbps).
    pub link_bytes_per_second: f64,
    /// The fraction of the link the rebalance may use, in (0, 1].
    pub throttle: f64,
}

impl Workload {
    /// The data without replicas: objects * size.
    pub fn logical_bytes(&self) -> f64 {
        self.objects as f64 * self.object_bytes as f64
    }

    /// Everything on disk: objects * size * replicas.
    pub fn stored_bytes(&self) -> f64 {
        self.logical_bytes() * self.replicas as f64
    }

    fn validate(&self) -> Result<(), ConfigError> {
        let out_of_range = |what, range: &str, value: String| ConfigError::OutOfRange {
            what,
            range: range.into(),
            value,
        };
        if self.servers_before == 0 {
            return Err(out_of_range("servers before", "at least 1", "0".into()));
        }
        if self.servers_after == 0 {
            return Err(out_of_range("servers after", "at least 1", "0".into()));
        }
        if self.replicas == 0 {
            return Err(out_of_range(
                "the replication factor",
                "at least 1",
                "0".into(),
            ));
        }
        let speed = self.link_bytes_per_second;
        if !(speed.is_finite() && speed > 0.0) {
            return Err(out_of_range(
                "the link speed",
                "a positive number",
                speed.to_string(),
            ));
        }
        let throttle = self.throttle;
        if !(throttle > 0.0 && throttle <= 1.0) {
            return Err(out_of_range(
                "the throttle",
                "in (0, 1]",
                throttle.to_string(),
            ));
        }
        Ok(())
    }
}

/// A scheme whose resize is costed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scheme {
    /// `h mod N`.
    Modulo,
    /// A consistent hash ring with equal weights.
    Ring,
}

/// Which servers a transfer concerns.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    /// A server there before and after.
    Existing,
    /// A server that joins.
    Newcomer,
    /// A server that leaves.
    Leaver,
}

/// The link that sets the wall-clock. When both sides carry the same bytes (as `mod N`
/// does on growth or shrink by one), the changed servers' side is named: the newcomers'
/// inbound links on growth, the leavers' outbound links on a shrink.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Bottleneck {
    /// Nothing moves.
    Nothing,
    /// The inbound link of a server with this role.
    Inbound(Role),
    /// The outbound link of a server with this role.
    Outbound(Role),
}

/// The cost of one resize under one scheme. Byte counts per server include replicas.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ResizeCost {
    pub scheme: Scheme,
    /// The fraction of keys that move, exactly.
    pub moved: Fraction,
    /// `moved` as a float.
    pub moved_fraction: f64,
    /// Objects moved (expected count: fraction * objects).
    pub objects_moved: f64,
    /// Bytes moved, one copy each: fraction * objects * size.
    pub logical_bytes_moved: f64,
    /// Bytes moved with every replica: `logical_bytes_moved * replicas`.
    pub replicated_bytes_moved: f64,
    /// How many servers send something.
    pub senders: usize,
    /// How many servers receive something.
    pub receivers: usize,
    /// What the busiest sender sends.
    pub max_send_bytes: f64,
    /// What the busiest receiver receives.
    pub max_receive_bytes: f64,
    /// The bytes on the critical path: the larger of the two.
    pub critical_bytes: f64,
    pub bottleneck: Bottleneck,
    /// `critical_bytes / (link * throttle)`, in hours.
    pub hours: f64,
}

/// The same resize under `mod N` and under the ring.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ResizeComparison {
    pub modulo: ResizeCost,
    pub ring: ResizeCost,
}

/// Costs a resize under both schemes; see the [module docs](self) for the model and the
/// worked 16 -> 17 example.
pub fn resize_cost(workload: &Workload) -> Result<ResizeComparison, ConfigError> {
    Ok(ResizeComparison {
        modulo: modulo_cost(workload)?,
        ring: ring_cost(workload)?,
    })
}

/// The resize under `mod N`, exactly.
pub fn modulo_cost(workload: &Workload) -> Result<ResizeCost, ConfigError> {
    workload.validate()?;
    let (n, m) = (workload.servers_before, workload.servers_after);
    // Every amount in units of 1/L of the stored data; server i < min(n, m) keeps 1 unit.
    let period = lcm(n as u64, m as u64);
    let (before, after) = (period / n as u128, period / m as u128);
    let both = n.min(m);
    let existing_send = before - 1;
    let existing_receive = after - 1;
    let (max_send, send_role) = if n > m {
        (before, Role::Leaver)
    } else {
        (existing_send, Role::Existing)
    };
    let (max_receive, receive_role) = if m > n {
        (after, Role::Newcomer)
    } else {
        (existing_receive, Role::Existing)
    };
    let flows = Flows {
        unit: period,
        max_send,
        send_role,
        senders: if existing_send > 0 { both } else { 0 } + n.saturating_sub(m),
        max_receive,
        receive_role,
        receivers: if existing_receive > 0 { both } else { 0 } + m.saturating_sub(n),
        shrinks: n > m,
    };
    Ok(flows.cost(Scheme::Modulo, theory::modulo_moved(n, m), workload))
}

/// The resize under a ring with equal weights, in expectation.
pub fn ring_cost(workload: &Workload) -> Result<ResizeCost, ConfigError> {
    workload.validate()?;
    let (n, m) = (workload.servers_before, workload.servers_after);
    // Units of 1/(n m): a newcomer receives 1/m = n units, a leaver sends 1/n = m units,
    // and the k = |m - n| servers' worth is spread as k units over each of the others.
    let unit = n as u128 * m as u128;
    let k = n.abs_diff(m) as u128;
    let flows = if m > n {
        Flows {
            unit,
            max_send: k,
            send_role: Role::Existing,
            senders: n,
            max_receive: n as u128,
            receive_role: Role::Newcomer,
            receivers: m - n,
            shrinks: false,
        }
    } else if n > m {
        Flows {
            unit,
            max_send: m as u128,
            send_role: Role::Leaver,
            senders: n - m,
            max_receive: k,
            receive_role: Role::Existing,
            receivers: m,
            shrinks: true,
        }
    } else {
        Flows {
            unit,
            max_send: 0,
            send_role: Role::Existing,
            senders: 0,
            max_receive: 0,
            receive_role: Role::Existing,
            receivers: 0,
            shrinks: false,
        }
    };
    Ok(flows.cost(Scheme::Ring, theory::ring_moved(n, m), workload))
}

/// The busiest sender and receiver, in units of `1/unit` of the stored data.
struct Flows {
    unit: u128,
    max_send: u128,
    send_role: Role,
    senders: usize,
    max_receive: u128,
    receive_role: Role,
    receivers: usize,
    /// Whether servers leave: breaks a tie between the two sides towards the leavers'
    /// outbound links (and towards the newcomers' inbound links otherwise).
    shrinks: bool,
}

impl Flows {
    fn cost(&self, scheme: Scheme, moved: Fraction, workload: &Workload) -> ResizeCost {
        let stored = workload.stored_bytes();
        let bytes = |units: u128| units as f64 / self.unit as f64 * stored;
        let (critical, bottleneck) = if self.max_send == 0 && self.max_receive == 0 {
            (0, Bottleneck::Nothing)
        } else if self.max_receive > self.max_send
            || (self.max_receive == self.max_send && !self.shrinks)
        {
            (self.max_receive, Bottleneck::Inbound(self.receive_role))
        } else {
            (self.max_send, Bottleneck::Outbound(self.send_role))
        };
        let fraction = moved.value();
        let critical_bytes = bytes(critical);
        let logical = fraction * workload.logical_bytes();
        ResizeCost {
            scheme,
            moved,
            moved_fraction: fraction,
            objects_moved: fraction * workload.objects as f64,
            logical_bytes_moved: logical,
            replicated_bytes_moved: logical * workload.replicas as f64,
            senders: self.senders,
            receivers: self.receivers,
            max_send_bytes: bytes(self.max_send),
            max_receive_bytes: bytes(self.max_receive),
            critical_bytes,
            bottleneck,
            hours: critical_bytes / (workload.link_bytes_per_second * workload.throttle) / 3600.0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Growing 2 → 10 under mod N: each old server keeps a tenth and sends 4/10 of all
    /// the data, a newcomer receives 1/10. The senders' links are the bottleneck, though
    /// servers join rather than leave.
    #[test]
    fn a_growth_can_be_bound_by_its_senders() {
        let cost = modulo_cost(&workload(2, 10)).unwrap();
        assert_eq!(cost.bottleneck, Bottleneck::Outbound(Role::Existing));
        assert!(cost.max_send_bytes > cost.max_receive_bytes);
        assert_eq!(cost.critical_bytes, cost.max_send_bytes);
        assert!((cost.max_send_bytes / cost.max_receive_bytes - 4.0).abs() < 1e-9);
    }

    fn workload(before: usize, after: usize) -> Workload {
        Workload {
            servers_before: before,
            servers_after: after,
            objects: 10_000_000_000,
            object_bytes: 1_088,
            replicas: 3,
            link_bytes_per_second: 125e6,
            throttle: 1.0,
        }
    }

    /// The worked workload: 16 -> 17 servers, 10 billion objects of 1,088 B, 1 Gbps.
    #[test]
    fn sixteen_to_seventeen() {
        let cost = resize_cost(&workload(16, 17)).unwrap();
        let tb = 1e12;
        assert_eq!(cost.modulo.moved, Fraction::new(16, 17));
        assert_eq!(cost.ring.moved, Fraction::new(1, 17));
        // "About 10.23 TB": exactly 16/17 of 10.88 TB = 10.24 TB.
        assert!((cost.modulo.logical_bytes_moved / tb - 10.23).abs() < 0.015);
        assert!((cost.modulo.logical_bytes_moved - 10.24e12).abs() < 1e3);
        assert!((cost.ring.logical_bytes_moved - 0.64e12).abs() < 1e3);
        assert!((cost.ring.replicated_bytes_moved - 1.92e12).abs() < 1e3);
        assert!((cost.modulo.objects_moved - 1e10 * 16.0 / 17.0).abs() < 1.0);
        // Three replicas: the newcomer receives 3 * 0.64 TB = 1.92 TB in 4.27 hours.
        for c in [cost.modulo, cost.ring] {
            assert_eq!(c.bottleneck, Bottleneck::Inbound(Role::Newcomer));
            assert!((c.critical_bytes - 1.92e12).abs() < 1e3);
            assert!((c.hours - 15360.0 / 3600.0).abs() < 1e-9);
        }
        assert_eq!((cost.modulo.senders, cost.modulo.receivers), (16, 17));
        assert_eq!((cost.ring.senders, cost.ring.receivers), (16, 1));
        // mod N: each old server sends exactly the newcomer's share.
        assert!((cost.modulo.max_send_bytes - 1.92e12).abs() < 1e3);
        assert!((cost.ring.max_send_bytes - 1.92e12 / 16.0).abs() < 1e3);
    }

    #[test]
    fn per_server_flows_add_up_to_the_moved_bytes() {
        for (n, m) in [(16, 17), (3, 5), (10, 20), (17, 16), (8, 3), (1, 4), (4, 1)] {
            let w = workload(n, m);
            let modulo = modulo_cost(&w).unwrap();
            let ring = ring_cost(&w).unwrap();
            // The ring: all senders send the same, all receivers receive the same.
            let sent = ring.senders as f64 * ring.max_send_bytes;
            let received = ring.receivers as f64 * ring.max_receive_bytes;
            assert!(
                (sent - ring.replicated_bytes_moved).abs() < 1e3,
                "{n} -> {m}"
            );
            assert!(
                (received - ring.replicated_bytes_moved).abs() < 1e3,
                "{n} -> {m}"
            );
            // mod N never beats the ring on the critical path.
            assert!(modulo.hours >= ring.hours - 1e-12, "{n} -> {m}");
            assert!(modulo.replicated_bytes_moved >= ring.replicated_bytes_moved);
        }
    }

    #[test]
    fn shapes_of_the_bottleneck() {
        let grow = modulo_cost(&workload(3, 5)).unwrap();
        assert_eq!(grow.bottleneck, Bottleneck::Outbound(Role::Existing));
        let shrink = ring_cost(&workload(17, 16)).unwrap();
        assert_eq!(shrink.bottleneck, Bottleneck::Outbound(Role::Leaver));
        let modulo_shrink = modulo_cost(&workload(17, 16)).unwrap();
        assert_eq!(modulo_shrink.bottleneck, Bottleneck::Outbound(Role::Leaver));
        let same = resize_cost(&workload(8, 8)).unwrap();
        for c in [same.modulo, same.ring] {
            assert_eq!(c.bottleneck, Bottleneck::Nothing);
            assert_eq!((c.hours, c.senders, c.receivers), (0.0, 0, 0));
        }
        let mut slow = workload(16, 17);
        slow.throttle = 0.5;
        let fast = ring_cost(&workload(16, 17)).unwrap().hours;
        assert!((ring_cost(&slow).unwrap().hours - 2.0 * fast).abs() < 1e-9);
    }

    #[test]
    fn bad_workloads_are_refused() {
        let good = workload(4, 5);
        for bad in [
            Workload {
                servers_before: 0,
                ..good
            },
            Workload {
                servers_after: 0,
                ..good
            },
            Workload {
                replicas: 0,
                ..good
            },
            Workload {
                link_bytes_per_second: 0.0,
                ..good
            },
            Workload {
                throttle: 0.0,
                ..good
            },
            Workload {
                throttle: 1.5,
                ..good
            },
            Workload {
                throttle: f64::NAN,
                ..good
            },
        ] {
            assert!(resize_cost(&bad).is_err(), "{bad:?}");
        }
    }
}
