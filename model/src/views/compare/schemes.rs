//! The schemes compared: how each is built, what its lookup keeps in memory, and what it
//! offers, with the condition under which to pick it.

use ringlab_core::analysis::memory::ring_bytes;
use ringlab_core::schemes::jump::Jump;
use ringlab_core::schemes::maglev::{Maglev, DEFAULT_TABLE_SIZE};
use ringlab_core::schemes::modulo::Modulo;
use ringlab_core::schemes::redis::{RedisCluster, SLOT_COUNT};
use ringlab_core::schemes::rendezvous::Rendezvous;
use ringlab_core::schemes::ring::HashRing;
use ringlab_core::{ConfigError, Partitioner, Server};

/// A column of the comparison.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Compared {
    Modulo,
    /// The ring at the chosen V.
    Ring,
    /// The ring at 1,024 points per server.
    Ring1024,
    Jump,
    Rendezvous,
    Maglev,
    Slots,
}

/// A server id in a lookup table, in bytes.
const ID_BYTES: u64 = 4;

impl Compared {
    pub const ALL: [Compared; 7] = [
        Compared::Modulo,
        Compared::Ring,
        Compared::Ring1024,
        Compared::Jump,
        Compared::Rendezvous,
        Compared::Maglev,
        Compared::Slots,
    ];

    /// Its name in links: `modulo`, `ring`, `ring1024`, ...
    pub fn name(self) -> &'static str {
        match self {
            Compared::Modulo => "modulo",
            Compared::Ring => "ring",
            Compared::Ring1024 => "ring1024",
            Compared::Jump => "jump",
            Compared::Rendezvous => "rendezvous",
            Compared::Maglev => "maglev",
            Compared::Slots => "slots",
        }
    }

    /// Its column heading.
    pub fn title(self, vnodes: u64) -> String {
        match self {
            Compared::Modulo => "mod N".into(),
            Compared::Ring => format!("Ring, {} points", crate::format::grouped(vnodes)),
            Compared::Ring1024 => "Ring, 1,024 points".into(),
            Compared::Jump => "Jump".into(),
            Compared::Rendezvous => "Rendezvous".into(),
            Compared::Maglev => "Maglev".into(),
            Compared::Slots => "Redis slots".into(),
        }
    }

    /// The scheme over `servers`. Each is built directly, not through
    /// `ringlab_core::build`, so a page that compares carries only these six schemes.
    pub fn build(
        self,
        servers: Vec<Server>,
        vnodes: u64,
    ) -> Result<Box<dyn Partitioner>, ConfigError> {
        Ok(match self {
            Compared::Modulo => Box::new(Modulo::new(servers)?),
            Compared::Ring => Box::new(HashRing::new(servers, vnodes as u32)?),
            Compared::Ring1024 => Box::new(HashRing::new(servers, 1024)?),
            Compared::Jump => Box::new(Jump::new(servers)?),
            Compared::Rendezvous => Box::new(Rendezvous::new(servers)?),
            Compared::Maglev => Box::new(Maglev::new(servers, DEFAULT_TABLE_SIZE)?),
            Compared::Slots => Box::new(RedisCluster::new(servers)?),
        })
    }

    /// What a lookup keeps in memory for `n` servers, in bytes: the ring's sorted points
    /// (16 bytes each), a table of 4-byte server ids, each server's 8-byte seed, or nothing
    /// beyond the count.
    pub fn memory(self, n: u64, vnodes: u64) -> u64 {
        match self {
            Compared::Modulo | Compared::Jump => 0,
            Compared::Ring => ring_bytes(n, vnodes),
            Compared::Ring1024 => ring_bytes(n, 1024),
            Compared::Rendezvous => n * 8,
            Compared::Maglev => DEFAULT_TABLE_SIZE * ID_BYTES,
            Compared::Slots => SLOT_COUNT as u64 * ID_BYTES,
        }
    }

    /// The spread of keys per server theory expects, as a share of the mean: the key noise
    /// sqrt(N/K), plus the ring's 1/V from its arcs.
    pub fn expected_spread(self, n: u64, keys: u64, vnodes: u64) -> f64 {
        let noise = n as f64 / keys as f64;
        match self {
            Compared::Ring => (1.0 / vnodes as f64 + noise).sqrt(),
            Compared::Ring1024 => (1.0 / 1024.0 + noise).sqrt(),
            _ => noise.sqrt(),
        }
    }

    /// Removing any server, not only the last, moves only its keys.
    pub fn arbitrary_removal(self) -> &'static str {
        match self {
            Compared::Modulo => "no: almost every key moves",
            Compared::Jump => "no: only the last bucket; others renumber",
            Compared::Maglev => "almost: a few more slots move",
            Compared::Slots => "yes, by moving its slots first",
            _ => "yes",
        }
    }

    pub fn weights(self) -> &'static str {
        match self {
            Compared::Modulo => "yes: a server listed weight times",
            Compared::Jump => "no",
            Compared::Ring | Compared::Ring1024 => "yes: points per server",
            Compared::Rendezvous => "yes: −w / ln(u), exact",
            Compared::Maglev => "yes: turns in the fill",
            Compared::Slots => "by hand: more slots",
        }
    }

    pub fn replicas(self) -> &'static str {
        match self {
            Compared::Modulo => "next servers, by convention",
            Compared::Ring | Compared::Ring1024 => "next distinct servers clockwise",
            Compared::Jump => "re-hash per replica",
            Compared::Rendezvous => "the top R scores",
            Compared::Maglev => "not built in",
            Compared::Slots => "replicas per master",
        }
    }

    /// When to pick it, as a condition.
    pub fn pick_when(self) -> &'static str {
        match self {
            Compared::Modulo => "the number of servers never changes, or moving every key on a change is fine.",
            Compared::Ring | Compared::Ring1024 => "servers join and leave anywhere and you want weights and replicas, with O(log N) lookups.",
            Compared::Jump => "the buckets are numbered shards that grow or shrink only at the end, and you want no memory and even shares.",
            Compared::Rendezvous => "there are tens or hundreds of nodes, or you want the top R for replicas with no tuning.",
            Compared::Maglev => "a load balancer must pick a backend with one memory read and near-perfect balance, and its table can be 100 times the backends.",
            Compared::Slots => "operators should see and move the map by hand, a slot range at a time.",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The floors the table and the lab's figure 4 draw, against their formula at several
    /// points: sqrt(N/K) for key noise alone, sqrt(1/V + N/K) for a ring of V points.
    #[test]
    fn the_spread_floors_follow_their_formula() {
        for (n, keys, v) in [
            (1_000u64, 1_000_000u64, 160u64),
            (100, 20_000, 40),
            (10, 100_000, 1),
        ] {
            let (nf, kf, vf) = (n as f64, keys as f64, v as f64);
            let close = |got: f64, want: f64| (got - want).abs() < 1e-12 * want;
            let noise = (nf / kf).sqrt();
            for s in [
                Compared::Modulo,
                Compared::Jump,
                Compared::Rendezvous,
                Compared::Maglev,
                Compared::Slots,
            ] {
                assert!(
                    close(s.expected_spread(n, keys, v), noise),
                    "{s:?} {n} {keys}"
                );
            }
            let ring = Compared::Ring.expected_spread(n, keys, v);
            assert!(
                close(ring, (1.0 / vf + nf / kf).sqrt()),
                "ring {n} {keys} {v}"
            );
            let ring1024 = Compared::Ring1024.expected_spread(n, keys, v);
            assert!(
                close(ring1024, (1.0 / 1_024.0 + nf / kf).sqrt()),
                "{n} {keys}"
            );
        }
        // The seed experiment's: jump 0.032, the ring at 1,024 points 0.044.
        assert_eq!(
            format!(
                "{:.3}",
                Compared::Jump.expected_spread(1_000, 1_000_000, 160)
            ),
            "0.032"
        );
        assert_eq!(
            format!(
                "{:.3}",
                Compared::Ring1024.expected_spread(1_000, 1_000_000, 160)
            ),
            "0.044"
        );
    }
}
