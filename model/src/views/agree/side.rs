//! The placements the view compares: every client library ringlab follows, and the
//! servers' and proxies' schemes a team may run beside them.

use ringlab_core::clients::ClientKind;
use ringlab_core::SchemeKind;

/// One side of the comparison.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Side {
    Client(ClientKind),
    Scheme(SchemeKind),
}

/// Every side, clients first, in the order the pickers list them.
pub const SIDES: [Side; 22] = [
    Side::Client(ClientKind::Uhashring),
    Side::Client(ClientKind::Hashring),
    Side::Client(ClientKind::HashRing),
    Side::Client(ClientKind::Pymemcache),
    Side::Client(ClientKind::PythonMemcached),
    Side::Client(ClientKind::Kafka),
    Side::Client(ClientKind::KafkajsLegacy),
    Side::Client(ClientKind::Librdkafka),
    Side::Client(ClientKind::LibrdkafkaMurmur2),
    Side::Client(ClientKind::ConsistentHash),
    Side::Client(ClientKind::GoRedisRing),
    Side::Client(ClientKind::Buraksezer),
    Side::Client(ClientKind::BuraksezerV0),
    Side::Client(ClientKind::Stathat),
    Side::Scheme(SchemeKind::Ketama),
    Side::Scheme(SchemeKind::Libketama),
    Side::Scheme(SchemeKind::Twemproxy),
    Side::Scheme(SchemeKind::Nginx),
    Side::Scheme(SchemeKind::Spymemcached),
    Side::Scheme(SchemeKind::Groupcache),
    Side::Scheme(SchemeKind::Modulo),
    Side::Scheme(SchemeKind::Rendezvous),
];

impl Side {
    /// The name links and the command line use (`ringlab agree --a NAME`).
    pub fn name(self) -> &'static str {
        match self {
            Side::Client(kind) => kind.name(),
            Side::Scheme(kind) => kind.name(),
        }
    }

    /// The name as people know it.
    pub fn title(self) -> &'static str {
        match self {
            Side::Client(kind) => kind.title(),
            Side::Scheme(SchemeKind::Ketama) => "libmemcached ketama (C, PHP, twemproxy's kin)",
            Side::Scheme(SchemeKind::Libketama) => "libketama (Last.fm, C)",
            Side::Scheme(SchemeKind::Twemproxy) => "twemproxy ketama (proxy)",
            Side::Scheme(SchemeKind::Nginx) => "nginx hash consistent (proxy)",
            Side::Scheme(SchemeKind::Spymemcached) => "spymemcached (Java)",
            Side::Scheme(SchemeKind::Groupcache) => "groupcache (Go)",
            Side::Scheme(SchemeKind::Modulo) => "hash mod N (textbook)",
            Side::Scheme(SchemeKind::Rendezvous) => "rendezvous (textbook)",
            Side::Scheme(kind) => kind.name(),
        }
    }

    /// True when the side answers partition numbers (Kafka's partitioners).
    pub fn partitions(self) -> bool {
        matches!(self, Side::Client(kind) if kind.takes_partitions())
    }

    /// The options the view gives a client when none are typed: what makes it build at
    /// all (consistent-hash's random ring and buraksezer's missing hasher would refuse).
    pub fn default_options(self) -> &'static str {
        match self {
            Side::Client(ClientKind::ConsistentHash) => r#"{"distribution":"uniform"}"#,
            Side::Client(ClientKind::Buraksezer | ClientKind::BuraksezerV0) => {
                r#"{"PartitionCount":271,"ReplicationFactor":20,"Load":1.25,"Hasher":"xxhash.Sum64"}"#
            }
            Side::Client(ClientKind::Pymemcache) => r#"{"allow_unicode_keys":true}"#,
            _ => "{}",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_client_is_a_side_and_names_are_distinct() {
        for kind in ClientKind::ALL {
            assert!(SIDES.contains(&Side::Client(kind)), "{kind:?}");
        }
        let names: std::collections::BTreeSet<&str> = SIDES.iter().map(|s| s.name()).collect();
        assert_eq!(names.len(), SIDES.len());
        for side in SIDES {
            assert!(!side.title().is_empty());
        }
    }
}
