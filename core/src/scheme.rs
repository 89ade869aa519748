//! Choosing a scheme by name and building it: the one place that knows every scheme.

use crate::schemes;
use crate::{ConfigError, Partitioner, Server};

/// Every scheme the command line and the app can build.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SchemeKind {
    Ring,
    Ketama,
    Libketama,
    Nginx,
    Cassandra,
    Groupcache,
    Spymemcached,
    Modulo,
    Jump,
    Rendezvous,
    Maglev,
    Redis,
}

impl SchemeKind {
    /// All schemes, in the order the help text lists them.
    pub const ALL: &'static [SchemeKind] = &[
        SchemeKind::Ring,
        SchemeKind::Ketama,
        SchemeKind::Libketama,
        SchemeKind::Nginx,
        SchemeKind::Cassandra,
        SchemeKind::Groupcache,
        SchemeKind::Spymemcached,
        SchemeKind::Modulo,
        SchemeKind::Jump,
        SchemeKind::Rendezvous,
        SchemeKind::Maglev,
        SchemeKind::Redis,
    ];

    /// The name the command line and URLs use.
    pub fn name(self) -> &'static str {
        match self {
            SchemeKind::Ring => "ring",
            SchemeKind::Ketama => "ketama",
            SchemeKind::Libketama => "libketama",
            SchemeKind::Nginx => "nginx",
            SchemeKind::Cassandra => "cassandra",
            SchemeKind::Groupcache => "groupcache",
            SchemeKind::Spymemcached => "spymemcached",
            SchemeKind::Modulo => "modulo",
            SchemeKind::Jump => "jump",
            SchemeKind::Rendezvous => "rendezvous",
            SchemeKind::Maglev => "maglev",
            SchemeKind::Redis => "redis",
        }
    }

    /// True for the schemes whose placement is a ring of points.
    pub fn is_ring(self) -> bool {
        matches!(
            self,
            SchemeKind::Ring
                | SchemeKind::Ketama
                | SchemeKind::Libketama
                | SchemeKind::Nginx
                | SchemeKind::Cassandra
                | SchemeKind::Groupcache
                | SchemeKind::Spymemcached
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
    fn from_str(text: &str) -> Result<Self, ConfigError> {
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
        }
    }
}

/// Builds a scheme over a server list.
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
    crate::validate_servers(&servers)?;
    Ok(match kind {
        SchemeKind::Ring => Box::new(schemes::ring::HashRing::new(servers, options.vnodes)?),
        SchemeKind::Ketama => Box::new(schemes::ketama::Ketama::new(servers)?),
        SchemeKind::Libketama => Box::new(schemes::ketama::Libketama::new(servers)?),
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
        SchemeKind::Modulo => Box::new(schemes::modulo::Modulo::new(servers)?),
        SchemeKind::Jump => Box::new(schemes::jump::Jump::new(servers)?),
        SchemeKind::Rendezvous => Box::new(schemes::rendezvous::Rendezvous::new(servers)?),
        SchemeKind::Maglev => {
            Box::new(schemes::maglev::Maglev::new(servers, options.maglev_table)?)
        }
        SchemeKind::Redis => Box::new(schemes::redis::RedisCluster::new(servers)?),
    })
}
