//! The real cases, one link each: what teams mixing clients actually run into.

pub use crate::preset::Preset;

pub const PRESETS: &[Preset] = &[
    Preset {
        name: "Kafka: Java and librdkafka",
        says: "A Java service and a Python service on confluent-kafka (librdkafka) produce to one topic of 6 partitions. librdkafka's default hashes keys with CRC-32, Java with murmur2: most keys go to different partitions, and their order per key is lost.",
        query: "a=kafka&b=librdkafka&keys=600",
    },
    Preset {
        name: "Kafka: Java and KafkaJS 1.x",
        says: "KafkaJS before 2.0 (its LegacyPartitioner) runs Java's murmur2 in JavaScript doubles, and reads a key's last partial block twice. The same formula, computed differently: most keys still disagree.",
        query: "a=kafka&b=kafkajs-legacy&keys=600",
    },
    Preset {
        name: "memcached: Python uhashring and Node hashring",
        says: "A Python service (uhashring) and a Node service (hashring) share one memcached pool. uhashring's default ring hashes with all of MD5, hashring with ketama's first 4 bytes: most reads miss what the other wrote.",
        query: "a=uhashring&b=hashring",
    },
    Preset {
        name: "memcached: libmemcached and hashring",
        says: "PHP or C through libmemcached and Node's hashring both speak ketama, yet part on most keys: libmemcached names port 11211 servers by host alone.",
        query: "a=ketama&b=hashring",
    },
    Preset {
        name: "memcached: libmemcached and hashring, told the port",
        says: "The same pair with hashring's 'default port' option set to 11211: the same point names, the same keys everywhere.",
        query: "a=ketama&b=hashring&bopt=%7B%22default%20port%22%3A11211%7D",
    },
    Preset {
        name: "Seven servers: libketama and hashring",
        says: "With 7 equal servers hashring gives each 39 vnodes, not 40, through floating point: 1 / 7 × 40 × 7 is 39.99999999999999.",
        query: "a=libketama&b=hashring&servers=10.0.0.1:11211,10.0.0.2:11211,10.0.0.3:11211,10.0.0.4:11211,10.0.0.5:11211,10.0.0.6:11211,10.0.0.7:11211",
    },
    Preset {
        name: "Django: python-memcached to pymemcache",
        says: "Django's memcached backend moved from python-memcached (CRC-32 modulo) to pymemcache (rendezvous). Switch in one step and most reads miss until the cache fills again.",
        query: "a=python-memcached&b=pymemcache",
    },
    Preset {
        name: "One server fails: uhashring",
        says: "The same client before and after 10.0.0.2 fails. uhashring's default ring gives every server its own points, so only the failed server's keys move.",
        query: "a=uhashring&b=uhashring&dead=10.0.0.2:11211",
    },
    Preset {
        name: "One server fails: python-memcached",
        says: "python-memcached rehashes a key that meets a dead server, up to ten tries, until it finds a live one: only the dead server's keys move, but a rehashed key may land on any live server.",
        query: "a=python-memcached&b=python-memcached&dead=10.0.0.2:11211",
    },
    Preset {
        name: "Olric: buraksezer/consistent v0.10 to v1.0",
        says: "buraksezer/consistent v1.0.0 names its points 0:node1, 1:node1, … where v0.10 wrote node10, node11, …: other points, other partition owners. Upgrading moves most keys between the same members.",
        query: "a=buraksezer-consistent-v0&b=buraksezer-consistent&servers=node1,node2,node3,node4,node5",
    },
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::urlkit::parse_query;
    use crate::view_state::ViewState;
    use crate::views::agree::compare::Comparison;
    use crate::views::agree::params::AgreeParams;

    /// Every preset reads without a note and shows what its sentence says.
    #[test]
    fn presets_show_what_they_say() {
        for preset in PRESETS {
            let (p, notes) = AgreeParams::from_query(&parse_query(preset.query));
            assert!(notes.is_empty(), "{}: {notes:?}", preset.name);
            let c = Comparison::of(&p);
            assert!(c.built(), "{}: {:?} {:?}", preset.name, c.a, c.b);
            let share = c.same as f64 / c.keys.len() as f64;
            let says_most = preset.says.contains("most");
            let says_all = preset.says.contains("the same keys everywhere");
            if says_most {
                assert!(share < 0.5, "{}: {share}", preset.name);
            }
            if says_all {
                assert_eq!(c.same, c.keys.len(), "{}", preset.name);
            }
            if preset.query.contains("dead=") {
                assert!(
                    share > 0.55 && share < 0.8,
                    "{}: one of three servers: {share}",
                    preset.name
                );
            }
        }
    }
}
