//! Choosing a scheme by name and building it: the one place that knows every scheme.

use crate::schemes;
use crate::{ConfigError, Partitioner, Server};

/// Every scheme the command line and the app can build.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SchemeKind {
    Ring,
    Ketama,
    Libketama,
    KetamaSpy,
    Nginx,
    Cassandra,
    Groupcache,
    Spymemcached,
    Twemproxy,
    EnvoyRing,
    GrpcRing,
    Modulo,
    Jump,
    Rendezvous,
    Maglev,
    Redis,
    EnvoyRendezvous,
}

impl SchemeKind {
    /// All schemes, in the order the help text lists them.
    pub const ALL: &'static [SchemeKind] = &[
        SchemeKind::Ring,
        SchemeKind::Ketama,
        SchemeKind::Libketama,
        SchemeKind::KetamaSpy,
        SchemeKind::Nginx,
        SchemeKind::Cassandra,
        SchemeKind::Groupcache,
        SchemeKind::Spymemcached,
        SchemeKind::Twemproxy,
        SchemeKind::EnvoyRing,
        SchemeKind::GrpcRing,
        SchemeKind::Modulo,
        SchemeKind::Jump,
        SchemeKind::Rendezvous,
        SchemeKind::Maglev,
        SchemeKind::Redis,
        SchemeKind::EnvoyRendezvous,
    ];

    /// The name the command line and URLs use.
    pub fn name(self) -> &'static str {
        match self {
            SchemeKind::Ring => "ring",
            SchemeKind::Ketama => "ketama",
            SchemeKind::Libketama => "libketama",
            SchemeKind::KetamaSpy => "ketama-spy",
            SchemeKind::Nginx => "nginx",
            SchemeKind::Cassandra => "cassandra",
            SchemeKind::Groupcache => "groupcache",
            SchemeKind::Spymemcached => "spymemcached",
            SchemeKind::Twemproxy => "twemproxy",
            SchemeKind::EnvoyRing => "envoy-ring",
            SchemeKind::GrpcRing => "grpc-ring",
            SchemeKind::Modulo => "modulo",
            SchemeKind::Jump => "jump",
            SchemeKind::Rendezvous => "rendezvous",
            SchemeKind::Maglev => "maglev",
            SchemeKind::Redis => "redis",
            SchemeKind::EnvoyRendezvous => "envoy-rendezvous",
        }
    }

    /// True for the schemes whose placement is a ring of points.
    pub fn is_ring(self) -> bool {
        matches!(
            self,
            SchemeKind::Ring
                | SchemeKind::Ketama
                | SchemeKind::Libketama
                | SchemeKind::KetamaSpy
                | SchemeKind::Nginx
                | SchemeKind::Cassandra
                | SchemeKind::Groupcache
                | SchemeKind::Spymemcached
                | SchemeKind::Twemproxy
                | SchemeKind::EnvoyRing
                | SchemeKind::GrpcRing
        )
    }
}

impl std::fmt::Display for SchemeKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for SchemeKind {
    type Err = ConfigError;
    /// Also reads `envoy-maglev`: ringlab's `maglev` is Envoy's `MAGLEV`.
    fn from_str(text: &str) -> Result<Self, ConfigError> {
        if text == "envoy-maglev" {
            return Ok(SchemeKind::Maglev);
        }
        SchemeKind::ALL
            .iter()
            .copied()
            .find(|kind| kind.name() == text)
            .ok_or_else(|| {
                let names: Vec<&str> = SchemeKind::ALL.iter().map(|k| k.name()).collect();
                ConfigError::UnknownScheme(text.to_string(), names.join(", "))
            })
    }
}

/// The knobs some schemes have; each scheme reads only its own.
#[derive(Debug, Clone, PartialEq)]
pub struct Options {
    /// `ring`: virtual nodes per unit of weight. `groupcache`: points per node (its
    /// `replicas`; `HTTPPool` uses [`schemes::groupcache::HTTP_POOL_REPLICAS`]).
    pub vnodes: u32,
    /// `cassandra`: tokens per node (per unit of weight), `num_tokens`.
    pub cassandra_tokens: u32,
    /// `cassandra`: the seed of random tokens; `None` spaces them evenly.
    pub cassandra_seed: Option<u64>,
    /// `maglev`: the lookup table size M, a prime of at least the number of servers.
    pub maglev_table: u64,
    /// `spymemcached`: the hash algorithm (`KETAMA_HASH` by default).
    pub spymemcached_hash: schemes::spymemcached::Algorithm,
    /// `spymemcached`: a weights map was given, so points follow the servers' weights.
    pub spymemcached_weighted: bool,
    /// `twemproxy`: the pool's `hash:`.
    pub twemproxy_hash: schemes::twemproxy::KeyHash,
    /// `twemproxy`: the pool's `hash_tag`, two bytes.
    pub hash_tag: Option<[u8; 2]>,
    /// `envoy-ring`, `grpc-ring`: the ring sizes; `None` takes the system's default.
    pub min_ring_size: Option<u64>,
    /// See `min_ring_size`.
    pub max_ring_size: Option<u64>,
    /// `grpc-ring`: the cap on both sizes; `None` is gRPC's 4096.
    pub ring_size_cap: Option<u64>,
    /// `envoy-ring`: the hash of the points (`XX_HASH` or `MURMUR_HASH_2`).
    pub point_hash: schemes::ring_hash::PointHash,
    /// `envoy-ring` with locality weighting: each server's locality (an index) and that
    /// locality's weight, in server order.
    pub envoy_localities: Option<Vec<(usize, u32)>>,
}

impl Options {
    /// The ring sizes `envoy-ring` (`grpc == false`) or `grpc-ring` builds with.
    pub fn ring_sizes(&self, grpc: bool) -> schemes::ring_hash::Sizes {
        use schemes::ring_hash::Sizes;
        let defaults = if grpc { Sizes::GRPC } else { Sizes::ENVOY };
        Sizes {
            min: self.min_ring_size.unwrap_or(defaults.min),
            max: self.max_ring_size.unwrap_or(defaults.max),
            cap: if grpc {
                self.ring_size_cap.or(defaults.cap)
            } else {
                None
            },
        }
    }
}

impl Default for Options {
    fn default() -> Self {
        Options {
            vnodes: 160,
            cassandra_tokens: schemes::cassandra::DEFAULT_NUM_TOKENS,
            cassandra_seed: None,
            maglev_table: schemes::maglev::DEFAULT_TABLE_SIZE,
            spymemcached_hash: schemes::spymemcached::Algorithm::Ketama,
            spymemcached_weighted: false,
            twemproxy_hash: schemes::twemproxy::KeyHash::Fnv1a64,
            hash_tag: None,
            min_ring_size: None,
            max_ring_size: None,
            ring_size_cap: None,
            point_hash: schemes::ring_hash::PointHash::Xxhash,
            envoy_localities: None,
        }
    }
}

impl Options {
    /// The defaults as the system behind `kind` has them: `Options::default()`, except
    /// that groupcache takes `HTTPPool`'s 50 replicas per node, not the ring's 160.
    ///
    /// ```
    /// use ringlab_core::{Options, SchemeKind};
    /// assert_eq!(Options::for_scheme(SchemeKind::Groupcache).vnodes, 50);
    /// assert_eq!(Options::for_scheme(SchemeKind::Ring), Options::default());
    /// ```
    pub fn for_scheme(kind: SchemeKind) -> Options {
        let vnodes = match kind {
            SchemeKind::Groupcache => schemes::groupcache::HTTP_POOL_REPLICAS,
            _ => 160,
        };
        Options {
            vnodes,
            ..Options::default()
        }
    }
}

/// Builds a scheme over a server list. Names must be distinct, except for `envoy-ring`
/// and `grpc-ring`, where a repeated address is what the systems make of it.
///
/// ```
/// use ringlab_core::{build, numbered_servers, Options, SchemeKind};
/// let p = build(SchemeKind::Ring, numbered_servers("s", 3), &Options::default()).unwrap();
/// assert_eq!(p.scheme(), "ring");
/// assert!(p.lookup(b"k").is_some());
/// ```
pub fn build(
    kind: SchemeKind,
    servers: Vec<Server>,
    options: &Options,
) -> Result<Box<dyn Partitioner>, ConfigError> {
    if !matches!(kind, SchemeKind::EnvoyRing | SchemeKind::GrpcRing) {
        crate::validate_servers(&servers)?;
    }
    Ok(match kind {
        SchemeKind::Ring => Box::new(schemes::ring::HashRing::new(servers, options.vnodes)?),
        SchemeKind::Ketama => Box::new(schemes::ketama::Ketama::new(servers)?),
        SchemeKind::Libketama => Box::new(schemes::ketama::Libketama::new(servers)?),
        SchemeKind::KetamaSpy => Box::new(schemes::ketama_spy::KetamaSpy::new(servers)?),
        SchemeKind::Nginx => Box::new(schemes::nginx::Nginx::new(servers)?),
        SchemeKind::Cassandra => Box::new(schemes::cassandra::Cassandra::new(
            servers,
            options.cassandra_tokens,
            options.cassandra_seed,
        )?),
        SchemeKind::Groupcache => Box::new(schemes::groupcache::Groupcache::new(
            servers,
            options.vnodes,
        )?),
        SchemeKind::Spymemcached => Box::new(schemes::spymemcached::Spymemcached::new(
            servers,
            options.spymemcached_hash,
            options.spymemcached_weighted,
        )?),
        SchemeKind::Twemproxy => Box::new(schemes::twemproxy::Twemproxy::new(
            servers,
            options.twemproxy_hash,
            options.hash_tag,
        )?),
        SchemeKind::EnvoyRing => match &options.envoy_localities {
            Some(localities) if localities.len() == servers.len() => {
                // Hosts grouped locality by locality, in order of first appearance.
                let mut groups: Vec<(usize, u32, Vec<Server>)> = Vec::new();
                for (server, &(locality, weight)) in servers.into_iter().zip(localities) {
                    match groups.iter_mut().find(|(l, _, _)| *l == locality) {
                        Some((_, _, hosts)) => hosts.push(server),
                        None => groups.push((locality, weight, vec![server])),
                    }
                }
                Box::new(schemes::ring_hash::RingHash::envoy_localities(
                    groups.into_iter().map(|(_, w, hosts)| (w, hosts)).collect(),
                    options.ring_sizes(false),
                    options.point_hash,
                )?)
            }
            _ => Box::new(schemes::ring_hash::RingHash::envoy(
                servers,
                options.ring_sizes(false),
                options.point_hash,
            )?),
        },
        SchemeKind::GrpcRing => Box::new(schemes::ring_hash::RingHash::grpc(
            servers,
            options.ring_sizes(true),
        )?),
        SchemeKind::Modulo => Box::new(schemes::modulo::Modulo::new(servers)?),
        SchemeKind::Jump => Box::new(schemes::jump::Jump::new(servers)?),
        SchemeKind::Rendezvous => Box::new(schemes::rendezvous::Rendezvous::new(servers)?),
        SchemeKind::Maglev => {
            Box::new(schemes::maglev::Maglev::new(servers, options.maglev_table)?)
        }
        SchemeKind::Redis => Box::new(schemes::redis::RedisCluster::new(servers)?),
        SchemeKind::EnvoyRendezvous => {
            Box::new(schemes::envoy_rendezvous::EnvoyRendezvous::new(servers)?)
        }
    })
}
