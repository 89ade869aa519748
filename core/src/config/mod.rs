//! Configuration files of the real systems, read into the schemes that place keys as they
//! do: paste a config, see where your keys go.
//!
//! [`read`] recognises the text by its syntax: an HAProxy configuration, an nginx
//! `upstream`, a nutcracker (twemproxy) YAML file, an Envoy cluster, or else a plain
//! server list, placed by the system the caller names. Bad text gets a message with its
//! line number; lines read but not used are listed in [`Reading::ignored`].

pub mod envoy;
pub mod haproxy;
pub mod list;
pub mod mcrouter;
pub mod nginx;
pub mod nodetool;
pub mod nutcracker;
pub mod redis;
mod yaml;

use crate::{build, ConfigError, Options, Partitioner, SchemeKind, Server};

/// The syntax a text was recognised as.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    Haproxy,
    Nginx,
    Nutcracker,
    Envoy,
    /// An mcrouter config (JSON).
    Mcrouter,
    /// `redis-cli cluster nodes` output.
    RedisNodes,
    /// `redis-cli cluster slots` output.
    RedisSlots,
    /// Cassandra's `nodetool ring` output.
    NodetoolRing,
    /// A plain server list.
    List,
}

impl Format {
    /// How a person names the format.
    pub fn label(self) -> &'static str {
        match self {
            Format::Haproxy => "HAProxy configuration",
            Format::Nginx => "nginx upstream",
            Format::Nutcracker => "twemproxy (nutcracker) YAML",
            Format::Envoy => "Envoy cluster",
            Format::Mcrouter => "mcrouter config",
            Format::RedisNodes => "Redis CLUSTER NODES output",
            Format::RedisSlots => "Redis CLUSTER SLOTS output",
            Format::NodetoolRing => "nodetool ring output",
            Format::List => "server list",
        }
    }
}

/// What places the keys.
#[derive(Debug, Clone, PartialEq)]
pub enum Placement {
    /// A scheme over servers (for `envoy-ring` and `grpc-ring`, endpoints that may repeat).
    Scheme {
        kind: SchemeKind,
        servers: Vec<Server>,
        options: Options,
    },
    /// An HAProxy backend: servers with their ids.
    Haproxy(haproxy::Backend),
    /// A Cassandra ring: each node's tokens.
    Cassandra {
        nodes: Vec<Server>,
        tokens: Vec<Vec<i64>>,
    },
    /// An mcrouter hash route over a pool.
    Mcrouter(crate::schemes::mcrouter_route::McrouterRoute),
    /// A Redis Cluster's masters and the slot ranges each serves.
    Redis {
        masters: Vec<Server>,
        ranges: Vec<(u16, u16, usize)>,
        /// Each master's replicas, by address.
        replicas: Vec<Vec<String>>,
    },
}

/// A text read into a placement.
#[derive(Debug, Clone, PartialEq)]
pub struct Reading {
    pub format: Format,
    /// The backend, upstream, pool or cluster name; empty for a list.
    pub name: String,
    pub placement: Placement,
    /// Lines read but not used, each `line N: why`.
    pub ignored: Vec<String>,
}

impl Reading {
    /// The scheme's name: `haproxy` or a [`SchemeKind`]'s.
    pub fn system(&self) -> &'static str {
        match &self.placement {
            Placement::Haproxy(_) => "haproxy",
            Placement::Redis { .. } => "redis",
            Placement::Cassandra { .. } => "cassandra",
            Placement::Mcrouter(route) => route.scheme(),
            Placement::Scheme { kind, .. } => kind.name(),
        }
    }

    /// The servers (endpoints) as read.
    pub fn servers(&self) -> &[Server] {
        match &self.placement {
            Placement::Haproxy(backend) => &backend.servers,
            Placement::Redis { masters, .. } => masters,
            Placement::Cassandra { nodes, .. } => nodes,
            Placement::Mcrouter(route) => route.servers(),
            Placement::Scheme { servers, .. } => servers,
        }
    }

    /// One line on what was read and what a key is.
    ///
    /// ```
    /// use ringlab_core::config::read;
    /// use ringlab_core::{Options, SchemeKind};
    /// let text = "backend web\n balance url_param k\n hash-type consistent sdbm\n server s1 10.0.0.1:80\n";
    /// let reading = read(text, SchemeKind::Ring, &Options::default()).unwrap();
    /// assert_eq!(
    ///     reading.summary(),
    ///     "HAProxy backend \"web\" (1 servers, hash-type consistent sdbm); each key is the bytes it hashes: the value of URL parameter k"
    /// );
    /// ```
    pub fn summary(&self) -> String {
        let name = format!("{:?}", self.name);
        let n = self.servers().len();
        match &self.placement {
            Placement::Haproxy(backend) => {
                let key = match &backend.key {
                    haproxy::KeySource::UrlParam(name) => {
                        format!("the value of URL parameter {name}")
                    }
                    haproxy::KeySource::Header(name) => format!("header {name}'s first element"),
                    haproxy::KeySource::Uri { .. } => "the request's URI".to_string(),
                };
                format!(
                    "HAProxy backend {name} ({n} servers, hash-type consistent {}{}); each key is the bytes it hashes: {key}",
                    backend.hash.function.name(),
                    if backend.hash.avalanche { " avalanche" } else { "" },
                )
            }
            Placement::Mcrouter(route) => format!(
                "mcrouter route over pool {name} ({n} servers, hash_func {}{}); each key is hashed without a /region/cluster/ prefix and anything from |#| on",
                route.func().name(),
                if route.salt().is_empty() {
                    String::new()
                } else {
                    format!(", salt {:?}", route.salt())
                }
            ),
            Placement::Cassandra { tokens, .. } => format!(
                "Cassandra ring of {n} nodes and {} tokens (Murmur3Partitioner); each key's token is Murmur3 of its partition key",
                tokens.iter().map(Vec::len).sum::<usize>()
            ),
            Placement::Redis {
                ranges, replicas, ..
            } => format!(
                "Redis Cluster of {n} masters and {} replicas serving their slots in {} ranges; each key's slot is CRC16 of its hash tag or the key",
                replicas.iter().map(Vec::len).sum::<usize>(),
                ranges.len()
            ),
            Placement::Scheme { kind, options, .. } => {
                let detail = match kind {
                    SchemeKind::Twemproxy => format!(
                        ", hash {}{}",
                        options.twemproxy_hash.name(),
                        options
                            .hash_tag
                            .map(|t| format!(", hash_tag {}", String::from_utf8_lossy(&t)))
                            .unwrap_or_default()
                    ),
                    _ => String::new(),
                };
                let what = match self.format {
                    Format::List => "server list".to_string(),
                    other => format!("{} {name}", other.label()),
                };
                format!("{what} ({n} servers, placed as {kind}{detail})")
            }
        }
    }

    /// The replicas of server `i` the text names (Redis replicas); empty otherwise.
    pub fn replicas_of(&self, i: usize) -> &[String] {
        match &self.placement {
            Placement::Redis { replicas, .. } => replicas.get(i).map_or(&[], Vec::as_slice),
            _ => &[],
        }
    }

    /// The partitioner that places keys as the system does.
    pub fn build(&self) -> Result<Box<dyn Partitioner>, ConfigError> {
        Ok(match &self.placement {
            Placement::Haproxy(backend) => Box::new(backend.build()?),
            Placement::Mcrouter(route) => Box::new(route.clone()),
            Placement::Cassandra { nodes, tokens } => Box::new(
                crate::schemes::cassandra::Cassandra::from_tokens(nodes.clone(), tokens.clone())?,
            ),
            Placement::Redis {
                masters, ranges, ..
            } => Box::new(crate::schemes::redis::RedisCluster::from_ranges(
                masters.clone(),
                ranges,
            )?),
            Placement::Scheme {
                kind,
                servers,
                options,
            } => build(*kind, servers.clone(), options)?,
        })
    }
}

/// Reads `text`: a config recognised by its syntax, or else a server list placed by
/// `list_scheme` with `options`.
///
/// ```
/// use ringlab_core::config::{read, Format};
/// use ringlab_core::{Options, SchemeKind};
/// let nginx = "upstream u { hash $request_uri consistent; server a:80; server b:80; }";
/// let reading = read(nginx, SchemeKind::Ketama, &Options::default()).unwrap();
/// assert_eq!(reading.format, Format::Nginx);
/// assert_eq!(reading.system(), "nginx");
/// let list = read("10.0.0.1:11211\n10.0.0.2:11211:2", SchemeKind::Ketama, &Options::default()).unwrap();
/// assert_eq!(list.format, Format::List);
/// assert_eq!(list.servers()[1].weight, 2.0);
/// assert!(list.build().unwrap().lookup(b"k").is_some());
/// ```
pub fn read(
    text: &str,
    list_scheme: SchemeKind,
    options: &Options,
) -> Result<Reading, ConfigError> {
    read_pool(text, list_scheme, options, None)
}

/// [`read`], with the nutcracker pool to use named (the first with servers otherwise).
pub fn read_pool(
    text: &str,
    list_scheme: SchemeKind,
    options: &Options,
    pool: Option<&str>,
) -> Result<Reading, ConfigError> {
    match recognise(text) {
        Format::Haproxy => {
            let backend = haproxy::parse(text)?;
            Ok(Reading {
                format: Format::Haproxy,
                name: backend.name.clone(),
                placement: Placement::Haproxy(backend),
                ignored: Vec::new(),
            })
        }
        Format::Nginx => {
            let upstream = nginx::parse(text)?;
            Ok(Reading {
                format: Format::Nginx,
                name: upstream.name,
                placement: Placement::Scheme {
                    kind: SchemeKind::Nginx,
                    servers: upstream.servers,
                    options: options.clone(),
                },
                ignored: upstream.ignored,
            })
        }
        Format::Nutcracker => {
            let pool = nutcracker::parse(text, pool)?;
            Ok(Reading {
                format: Format::Nutcracker,
                name: pool.name,
                placement: Placement::Scheme {
                    kind: SchemeKind::Twemproxy,
                    servers: pool.servers,
                    options: Options {
                        twemproxy_hash: pool.hash,
                        hash_tag: pool.hash_tag,
                        ..options.clone()
                    },
                },
                ignored: pool.ignored,
            })
        }
        Format::Mcrouter => {
            let route = mcrouter::parse(text)?;
            Ok(Reading {
                format: Format::Mcrouter,
                name: route.name,
                placement: Placement::Mcrouter(crate::schemes::mcrouter_route::McrouterRoute::new(
                    route.func,
                    route.servers,
                    route.tags,
                    &route.salt,
                )?),
                ignored: route.ignored,
            })
        }
        Format::Envoy => {
            let cluster = envoy::parse(text)?;
            let (kind, options) = match cluster.policy {
                envoy::Policy::RingHash { sizes, hash } => (
                    SchemeKind::EnvoyRing,
                    Options {
                        min_ring_size: Some(sizes.min),
                        max_ring_size: Some(sizes.max),
                        point_hash: hash,
                        envoy_localities: cluster.localities.clone(),
                        ..options.clone()
                    },
                ),
                envoy::Policy::Maglev { table } => (
                    SchemeKind::Maglev,
                    Options {
                        maglev_table: table,
                        ..options.clone()
                    },
                ),
                envoy::Policy::Rendezvous => (SchemeKind::EnvoyRendezvous, options.clone()),
            };
            Ok(Reading {
                format: Format::Envoy,
                name: cluster.name,
                placement: Placement::Scheme {
                    kind,
                    servers: cluster.endpoints,
                    options,
                },
                ignored: cluster.ignored,
            })
        }
        format @ (Format::RedisNodes | Format::RedisSlots) => {
            let nodes = if format == Format::RedisNodes {
                redis::parse(text)?
            } else {
                redis::parse_slots(text)?
            };
            Ok(Reading {
                format,
                name: String::new(),
                placement: Placement::Redis {
                    masters: nodes.masters,
                    ranges: nodes.ranges,
                    replicas: nodes.replicas,
                },
                ignored: nodes.ignored,
            })
        }
        Format::NodetoolRing => {
            let ring = nodetool::parse(text)?;
            Ok(Reading {
                format: Format::NodetoolRing,
                name: String::new(),
                placement: Placement::Cassandra {
                    nodes: ring.nodes,
                    tokens: ring.tokens,
                },
                ignored: ring.ignored,
            })
        }
        Format::List => {
            let servers = match list_scheme {
                // Endpoint lists keep their repeats.
                SchemeKind::EnvoyRing | SchemeKind::GrpcRing => {
                    let joined: Vec<&str> = text
                        .lines()
                        .map(str::trim)
                        .filter(|l| !l.is_empty() && !l.starts_with('#'))
                        .collect();
                    crate::parse_endpoint_list(&joined.join(","))?
                }
                _ => list::parse(text)?,
            };
            Ok(Reading {
                format: Format::List,
                name: String::new(),
                placement: Placement::Scheme {
                    kind: list_scheme,
                    servers,
                    options: options.clone(),
                },
                ignored: Vec::new(),
            })
        }
    }
}

/// The format a text is written in, from its first telling line.
pub fn recognise(text: &str) -> Format {
    if redis::looks_like_slots(text) {
        return Format::RedisSlots;
    }
    if mcrouter::looks_like(text) {
        return Format::Mcrouter;
    }
    let words = |line: &str| -> Vec<String> {
        line.split('#')
            .next()
            .unwrap_or("")
            .split_whitespace()
            .map(str::to_string)
            .collect()
    };
    for line in text.lines() {
        if redis::looks_like(line) {
            return Format::RedisNodes;
        }
        if nodetool::looks_like(line) {
            return Format::NodetoolRing;
        }
        let w = words(line);
        match w.first().map(String::as_str) {
            Some("backend" | "listen" | "frontend" | "defaults" | "global") => {
                return Format::Haproxy
            }
            Some("upstream" | "http") => return Format::Nginx,
            Some("server") if !line.contains(';') && w.len() >= 3 => return Format::Haproxy,
            Some("server") => return Format::Nginx,
            _ => {}
        }
    }
    if text.contains(':') && text.lines().any(|l| l.trim_end().ends_with(':')) {
        if let Ok(doc) = yaml::load(text) {
            if envoy::looks_like(&doc) {
                return Format::Envoy;
            }
            if nutcracker::looks_like(&doc) {
                return Format::Nutcracker;
            }
        }
    }
    Format::List
}

/// The partitioner of a reading after a change of its servers: HAProxy keeps explicit ids
/// (a server keeps its points), every other system builds again.
pub fn rebuild(
    reading: &Reading,
    servers: Vec<Server>,
) -> Result<Box<dyn Partitioner>, ConfigError> {
    let mut p = reading.build()?;
    p.rebuild(servers)?;
    Ok(p)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_format_is_recognised_by_its_syntax() {
        let cases = [
            (
                "backend b\n  balance uri\n  server s 10.0.0.1:80\n",
                Format::Haproxy,
            ),
            (
                "# cache\nupstream u {\n hash $k consistent;\n server a;\n}\n",
                Format::Nginx,
            ),
            ("alpha:\n  servers:\n   - a:1:1\n", Format::Nutcracker),
            (
                "name: c\nlb_policy: MAGLEV\nload_assignment:\n  endpoints: []\n",
                Format::Envoy,
            ),
            (
                "static_resources:\n  clusters:\n  - name: c\n    lb_policy: RING_HASH\n",
                Format::Envoy,
            ),
            ("10.0.0.1:11211\n10.0.0.2:11211 2\n", Format::List),
            ("http://10.0.0.1:8080, http://10.0.0.2:8080", Format::List),
            (
                "e7d1eecce10fd6bb5eb35b9f99a514335d9ba9ca 127.0.0.1:30001@31001 myself,master - 0 0 1 connected 0-16383\n",
                Format::RedisNodes,
            ),
            ("1) 1) (integer) 0\n   2) (integer) 16383\n", Format::RedisSlots),
            (
                "Datacenter: dc1\n==========\nAddress Rack Status State Load Owns Token\n10.0.0.1 r1 Up Normal 1 ? 0\n",
                Format::NodetoolRing,
            ),
        ];
        for (text, format) in cases {
            assert_eq!(recognise(text), format, "{text:?}");
        }
    }

    #[test]
    fn an_envoy_maglev_cluster_builds_envoys_table() {
        let text = "name: c\nlb_policy: MAGLEV\nmaglev_lb_config:\n  table_size: 7\nload_assignment:\n  endpoints:\n  - lb_endpoints:\n".to_string()
            + &(90..96)
                .map(|p| format!("    - endpoint:\n        address:\n          socket_address:\n            address: 127.0.0.1\n            port_value: {p}\n"))
                .collect::<String>();
        let reading = read(&text, SchemeKind::Ring, &Options::default()).unwrap();
        let p = reading.build().unwrap();
        // Envoy's Basic test: "foo" is slot 3, host :91.
        assert_eq!(p.servers()[p.lookup(b"foo").unwrap()].name, "127.0.0.1:91");
    }

    #[test]
    fn envoy_locality_weights_apply_only_when_enabled() {
        let host = |p: u32| {
            format!("    - endpoint:\n        address:\n          socket_address: {{ address: 127.0.0.1, port_value: {p} }}\n")
        };
        let mut text = String::from("name: c\nlb_policy: RING_HASH\nring_hash_lb_config:\n  minimum_ring_size: 1024\n  maximum_ring_size: 1024\nCOMMON\nload_assignment:\n  endpoints:\n  - load_balancing_weight: 127\n    lb_endpoints:\n");
        text.push_str(&host(0));
        text.push_str("  - load_balancing_weight: 1\n    lb_endpoints:\n");
        for p in 1..1024 {
            text.push_str(&host(p));
        }
        // Enabled: Envoy's lopsided-locality test.
        let on = text.replace(
            "COMMON",
            "common_lb_config:\n  locality_weighted_lb_config: {}",
        );
        let reading = read(&on, SchemeKind::Ring, &Options::default()).unwrap();
        let p = reading.build().unwrap();
        let points = p
            .ring()
            .unwrap()
            .points()
            .iter()
            .filter(|pt| pt.server == 0)
            .count();
        assert_eq!(points, 1016);
        // Not enabled: Envoy ignores the locality weights, and says so here.
        let off = text.replace("COMMON\n", "");
        let reading = read(&off, SchemeKind::Ring, &Options::default()).unwrap();
        assert!(
            reading.ignored[0].contains("Envoy ignores it"),
            "{:?}",
            reading.ignored
        );
        let p = reading.build().unwrap();
        assert_eq!(p.ring().unwrap().points().len(), 1024);
    }

    #[test]
    fn lists_keep_endpoint_repeats_for_grpc() {
        let reading = read("a:1\na:1\nb:1", SchemeKind::GrpcRing, &Options::default()).unwrap();
        assert_eq!(reading.servers().len(), 3);
        assert_eq!(reading.build().unwrap().servers()[0].weight, 2.0);
        assert!(read("a:1\na:1", SchemeKind::Ketama, &Options::default()).is_err());
    }
}
