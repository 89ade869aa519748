//! The systems a person can pick, each with the text it reads and an example of it.

use ringlab_core::config::{Format, Placement, Reading};
use ringlab_core::SchemeKind;

/// A system whose placement the page reproduces.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum System {
    Haproxy,
    Nginx,
    Twemproxy,
    EnvoyRing,
    EnvoyMaglev,
    EnvoyRendezvous,
    GrpcRing,
    Libmemcached,
    Libketama,
    Spymemcached,
    Groupcache,
    Cassandra,
    Redis,
    Mcrouter,
}

impl System {
    pub const ALL: [System; 14] = [
        System::Haproxy,
        System::Nginx,
        System::Twemproxy,
        System::EnvoyRing,
        System::EnvoyMaglev,
        System::EnvoyRendezvous,
        System::GrpcRing,
        System::Libmemcached,
        System::Libketama,
        System::Spymemcached,
        System::Groupcache,
        System::Cassandra,
        System::Redis,
        System::Mcrouter,
    ];

    /// The URL's name.
    pub fn name(self) -> &'static str {
        match self {
            System::Haproxy => "haproxy",
            System::Nginx => "nginx",
            System::Twemproxy => "twemproxy",
            System::EnvoyRing => "envoy-ring",
            System::EnvoyMaglev => "envoy-maglev",
            System::EnvoyRendezvous => "envoy-rendezvous",
            System::GrpcRing => "grpc-ring",
            System::Libmemcached => "libmemcached",
            System::Libketama => "libketama",
            System::Spymemcached => "spymemcached",
            System::Groupcache => "groupcache",
            System::Cassandra => "cassandra",
            System::Redis => "redis",
            System::Mcrouter => "mcrouter",
        }
    }

    /// How the picker names it.
    pub fn label(self) -> &'static str {
        match self {
            System::Haproxy => "HAProxy (hash-type consistent)",
            System::Nginx => "nginx (hash … consistent)",
            System::Twemproxy => "twemproxy (distribution: ketama)",
            System::EnvoyRing => "Envoy / Istio ring hash",
            System::EnvoyMaglev => "Envoy Maglev",
            System::EnvoyRendezvous => "Envoy rendezvous hash",
            System::GrpcRing => "gRPC ring_hash",
            System::Libmemcached => "libmemcached ketama",
            System::Libketama => "libketama (Last.fm)",
            System::Spymemcached => "spymemcached (Java)",
            System::Groupcache => "Go groupcache",
            System::Cassandra => "Cassandra (Murmur3Partitioner)",
            System::Redis => "Redis Cluster (CLUSTER NODES)",
            System::Mcrouter => "mcrouter (PoolRoute, HashRoute)",
        }
    }

    /// The scheme that places a plain server list for this system; `None` for HAProxy and
    /// mcrouter, which only read their configurations.
    pub fn list_scheme(self) -> Option<SchemeKind> {
        match self {
            System::Haproxy | System::Mcrouter => None,
            System::Nginx => Some(SchemeKind::Nginx),
            System::Twemproxy => Some(SchemeKind::Twemproxy),
            System::EnvoyRing => Some(SchemeKind::EnvoyRing),
            System::EnvoyMaglev => Some(SchemeKind::Maglev),
            System::EnvoyRendezvous => Some(SchemeKind::EnvoyRendezvous),
            System::GrpcRing => Some(SchemeKind::GrpcRing),
            System::Libmemcached => Some(SchemeKind::Ketama),
            System::Libketama => Some(SchemeKind::Libketama),
            System::Spymemcached => Some(SchemeKind::Spymemcached),
            System::Groupcache => Some(SchemeKind::Groupcache),
            System::Cassandra => Some(SchemeKind::Cassandra),
            System::Redis => Some(SchemeKind::Redis),
        }
    }

    /// The system a reading is: a recognised config decides, a list keeps `picked`.
    pub fn of(reading: &Reading, picked: System) -> System {
        match (&reading.placement, reading.format) {
            (Placement::Haproxy(_), _) => System::Haproxy,
            (Placement::Redis { .. }, _) => System::Redis,
            (Placement::Cassandra { .. }, _) => System::Cassandra,
            (Placement::Mcrouter(_), _) => System::Mcrouter,
            (_, Format::List) => picked,
            (Placement::Scheme { kind, .. }, _) => match kind {
                SchemeKind::Nginx => System::Nginx,
                SchemeKind::Twemproxy => System::Twemproxy,
                SchemeKind::EnvoyRing => System::EnvoyRing,
                SchemeKind::Maglev => System::EnvoyMaglev,
                SchemeKind::EnvoyRendezvous => System::EnvoyRendezvous,
                _ => picked,
            },
        }
    }

    /// What the picture says for a system with no ring.
    pub fn no_ring(self) -> &'static str {
        match self {
            System::Redis => "Redis Cluster has 16,384 slots, not a ring: a key's slot is CRC16 of its hash tag (or of the whole key) mod 16384, and each master serves ranges of slots. The shares below are each master's slots.",
            System::Mcrouter => "mcrouter's hash functions keep no ring: Ch3 jumps through a stream of hash bits to a child's number, and Rendezvous scores every child's tag. The shares below are what each server can expect: 1/n, or its part of the weights under WeightedCh3 and WeightedRendezvous.",
            System::EnvoyRendezvous => "Rendezvous hashing has no ring: every host scores the request's hash and the highest score wins. The shares below are each host's weight over the total.",
            _ => "Maglev keeps a lookup table, not a ring: a key's hash picks a slot, and the table says whose it is. The shares below are each server's slots.",
        }
    }

    /// What a key is to this system, for the hint under the keys box.
    pub fn key_hint(self) -> &'static str {
        match self {
            System::Haproxy => "Each key is the bytes HAProxy hashes: the balance line says which (a url_param value, a header's first element, the URI).",
            System::Nginx => "Each key is the value of the hash key, such as the request URI.",
            System::EnvoyRing
            | System::EnvoyMaglev
            | System::EnvoyRendezvous
            | System::GrpcRing => {
                "Each key is one header value: its hash is XXH64 with seed 0."
            }
            System::Twemproxy
            | System::Libmemcached
            | System::Libketama
            | System::Spymemcached => "Each key is a memcached key, as the client sends it.",
            System::Groupcache => "Each key is a groupcache key.",
            System::Cassandra => "Each key is a partition key's bytes.",
            System::Redis => "Each key is a Redis key: a {hash tag} in it picks the slot.",
            System::Mcrouter => "Each key is a memcached key as mcrouter routes it: a /region/cluster/ prefix and anything from |#| on are not hashed.",
        }
    }

    /// The example text preloaded for this system.
    pub fn example(self) -> &'static str {
        match self {
            System::Haproxy => "# HAProxy 2.6 to 2.8: the value of ?user= picks the server.\nbackend app\n    balance url_param user\n    hash-type consistent\n    server web1 10.0.0.11:8080 check\n    server web2 10.0.0.12:8080 check\n    server web3 10.0.0.13:8080 weight 2 check\n",
            System::Nginx => "upstream cache {\n    hash $request_uri consistent;\n    server 10.0.0.21:80;\n    server 10.0.0.22:80;\n    server 10.0.0.23:80 weight=2;\n    keepalive 16;\n}\n",
            System::Twemproxy => "alpha:\n  listen: 127.0.0.1:22121\n  hash: fnv1a_64\n  distribution: ketama\n  auto_eject_hosts: true\n  servers:\n   - 10.0.0.31:11211:1\n   - 10.0.0.32:11211:1\n   - 10.0.0.33:11211:2 cache-c\n",
            System::EnvoyRing => "name: api\nlb_policy: RING_HASH\nring_hash_lb_config:\n  minimum_ring_size: 1024\nload_assignment:\n  cluster_name: api\n  endpoints:\n  - lb_endpoints:\n    - endpoint:\n        address:\n          socket_address: { address: 10.0.0.41, port_value: 8080 }\n    - endpoint:\n        address:\n          socket_address: { address: 10.0.0.42, port_value: 8080 }\n    - endpoint:\n        address:\n          socket_address: { address: 10.0.0.43, port_value: 8080 }\n      load_balancing_weight: 2\n",
            System::EnvoyMaglev => "name: api\nlb_policy: MAGLEV\nmaglev_lb_config:\n  table_size: 65537\nload_assignment:\n  cluster_name: api\n  endpoints:\n  - lb_endpoints:\n    - endpoint:\n        address:\n          socket_address: { address: 10.0.0.51, port_value: 8080 }\n    - endpoint:\n        address:\n          socket_address: { address: 10.0.0.52, port_value: 8080 }\n    - endpoint:\n        address:\n          socket_address: { address: 10.0.0.53, port_value: 8080 }\n",
            System::EnvoyRendezvous => "name: api\nload_balancing_policy:\n  policies:\n  - typed_extension_config:\n      name: envoy.load_balancing_policies.rendezvous_hash\n      typed_config:\n        \"@type\": type.googleapis.com/envoy.extensions.load_balancing_policies.rendezvous_hash.v3.RendezvousHash\nload_assignment:\n  cluster_name: api\n  endpoints:\n  - lb_endpoints:\n    - endpoint:\n        address:\n          socket_address: { address: 10.0.0.55, port_value: 8080 }\n    - endpoint:\n        address:\n          socket_address: { address: 10.0.0.56, port_value: 8080 }\n    - endpoint:\n        address:\n          socket_address: { address: 10.0.0.57, port_value: 8080 }\n      load_balancing_weight: 2\n",
            System::GrpcRing => "# gRPC ring_hash: the target's addresses in order.\n# A repeated address adds its weight.\n10.0.0.61:50051\n10.0.0.62:50051\n10.0.0.63:50051\n10.0.0.63:50051\n",
            System::Libmemcached => "# host:port weight, one per line\n10.0.0.71:11211 1\n10.0.0.72:11211 1\n10.0.0.73:11211 2\n",
            System::Libketama => "# host:port weight, one per line\n10.0.0.81:11211 1\n10.0.0.82:11211 1\n10.0.0.83:11211 1\n",
            System::Spymemcached => "# the node names spymemcached hashes\n10.0.0.91:11211\n10.0.0.92:11211\n10.0.0.93:11211\n",
            System::Groupcache => "# HTTPPool peers, in the order of Set\nhttp://10.0.1.1:8080\nhttp://10.0.1.2:8080\nhttp://10.0.1.3:8080\n",
            System::Cassandra => "# nodes, 16 evenly spaced tokens each\n10.0.1.11\n10.0.1.12\n10.0.1.13\n",
            System::Mcrouter => "{\n  // mcrouter: one pool of three memcached boxes, the third at half weight.\n  \"pools\": {\n    \"main\": {\n      \"servers\": [\"10.0.3.1:11211\", \"10.0.3.2:11211\", \"10.0.3.3:11211\"],\n      \"weights\": [1, 1, 0.5]\n    }\n  },\n  \"route\": {\n    \"type\": \"PoolRoute\",\n    \"pool\": \"main\",\n    \"hash\": { \"hash_func\": \"WeightedCh3\" }\n  }\n}\n",
            System::Redis => "07c37dfeb235213a872192d90877d0cd55635b91 10.0.2.4:6379@16379 slave e7d1eecce10fd6bb5eb35b9f99a514335d9ba9ca 0 1426238317239 4 connected\n67ed2db8d677e59ec4a4cefb06858cf2a1a89fa1 10.0.2.2:6379@16379 master - 0 1426238316232 2 connected 5461-10922\n292f8b365bb7edb5e285caf0b7e6ddc7265d2f4f 10.0.2.3:6379@16379 master - 0 1426238318243 3 connected 10923-16383\ne7d1eecce10fd6bb5eb35b9f99a514335d9ba9ca 10.0.2.1:6379@16379 myself,master - 0 0 1 connected 0-5460\n",
        }
    }
}

/// Keys to start with.
pub const EXAMPLE_KEYS: &str = "alice\nbob\ncarol\ndave\nerin\nfrank\n/index.html\n/img/logo.png\nuser:42\nuser:43\nsession:7f3a\ncart:1009\n";

#[cfg(test)]
mod tests {
    use super::*;
    use ringlab_core::config::read;
    use ringlab_core::Options;

    #[test]
    fn every_example_reads_as_its_own_system() {
        for system in System::ALL {
            let list = system.list_scheme().unwrap_or(SchemeKind::Ring);
            let reading = read(system.example(), list, &Options::for_scheme(list))
                .unwrap_or_else(|e| panic!("{}: {e}", system.name()));
            assert_eq!(System::of(&reading, system), system, "{}", system.name());
            let p = reading.build().unwrap();
            assert!(p.lookup(b"alice").is_some(), "{}", system.name());
        }
    }
}
