//! The client libraries by name, as the command line and the app's addresses write them.

/// A client library ringlab follows exactly.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum ClientKind {
    /// uhashring (Python): 128-bit MD5 points by default, or `hash_fn="ketama"`.
    Uhashring,
    /// hashring (npm): ketama points, lengths computed in doubles.
    Hashring,
    /// hash_ring (Python 2): three points per MD5, the first point strictly after the key.
    HashRing,
    /// pymemcache's `HashClient` (Python): rendezvous with its MurmurHash3.
    Pymemcache,
    /// python-memcached (Python): CRC-32 modulo over weighted buckets.
    PythonMemcached,
    /// Kafka's Java default partitioner, as kafka-python and KafkaJS's default compute it.
    Kafka,
    /// KafkaJS' legacy partitioner (its 1.x default): murmur2 in JavaScript doubles.
    KafkajsLegacy,
    /// librdkafka's default partitioner, `consistent_random`: CRC-32.
    Librdkafka,
    /// librdkafka's `murmur2_random`: Java's murmur2.
    LibrdkafkaMurmur2,
    /// consistent-hash (npm): a 24-bit PJW hash on a ring of 100,003 positions.
    ConsistentHash,
    /// go-redis' `Ring` (Go): rendezvous over the shard names with XXH64.
    GoRedisRing,
    /// buraksezer/consistent v1.0.0 (Go; Olric): partitions placed with bounded loads.
    Buraksezer,
    /// buraksezer/consistent v0.10.0, the version most users have.
    BuraksezerV0,
    /// stathat/consistent (Go): CRC-32 points, the first point strictly after the key.
    Stathat,
}

impl ClientKind {
    pub const ALL: [ClientKind; 14] = [
        ClientKind::Uhashring,
        ClientKind::Hashring,
        ClientKind::HashRing,
        ClientKind::Pymemcache,
        ClientKind::PythonMemcached,
        ClientKind::Kafka,
        ClientKind::KafkajsLegacy,
        ClientKind::Librdkafka,
        ClientKind::LibrdkafkaMurmur2,
        ClientKind::ConsistentHash,
        ClientKind::GoRedisRing,
        ClientKind::Buraksezer,
        ClientKind::BuraksezerV0,
        ClientKind::Stathat,
    ];

    /// The name the command line takes (`--client NAME`).
    pub fn name(self) -> &'static str {
        match self {
            ClientKind::Uhashring => "uhashring",
            ClientKind::Hashring => "hashring",
            ClientKind::HashRing => "hash_ring",
            ClientKind::Pymemcache => "pymemcache",
            ClientKind::PythonMemcached => "python-memcached",
            ClientKind::Kafka => "kafka",
            ClientKind::KafkajsLegacy => "kafkajs-legacy",
            ClientKind::Librdkafka => "librdkafka",
            ClientKind::LibrdkafkaMurmur2 => "librdkafka-murmur2",
            ClientKind::ConsistentHash => "consistent-hash",
            ClientKind::GoRedisRing => "go-redis-ring",
            ClientKind::Buraksezer => "buraksezer-consistent",
            ClientKind::BuraksezerV0 => "buraksezer-consistent-v0",
            ClientKind::Stathat => "stathat-consistent",
        }
    }

    /// The library by its name; `kafkajs` (KafkaJS' default) is Java's partitioner.
    pub fn from_name(name: &str) -> Option<ClientKind> {
        if name == "kafkajs" || name == "kafka-python" {
            return Some(ClientKind::Kafka);
        }
        ClientKind::ALL.into_iter().find(|k| k.name() == name)
    }

    /// Every name [`ClientKind::from_name`] takes, for a refusal's message.
    pub fn names() -> String {
        let mut names: Vec<&str> = ClientKind::ALL.iter().map(|k| k.name()).collect();
        names.insert(6, "kafkajs");
        names.join(", ")
    }

    /// The library as people know it, with its language.
    pub fn title(self) -> &'static str {
        match self {
            ClientKind::Uhashring => "uhashring (Python)",
            ClientKind::Hashring => "hashring (Node)",
            ClientKind::HashRing => "hash_ring (Python 2)",
            ClientKind::Pymemcache => "pymemcache HashClient (Python)",
            ClientKind::PythonMemcached => "python-memcached (Python)",
            ClientKind::Kafka => "Kafka's default partitioner (Java, kafka-python, KafkaJS 2)",
            ClientKind::KafkajsLegacy => "KafkaJS legacy partitioner (Node)",
            ClientKind::Librdkafka => "librdkafka default, consistent_random (C, confluent-kafka)",
            ClientKind::LibrdkafkaMurmur2 => "librdkafka murmur2_random (C, confluent-kafka)",
            ClientKind::ConsistentHash => "consistent-hash (Node)",
            ClientKind::GoRedisRing => "go-redis Ring (Go)",
            ClientKind::Buraksezer => "buraksezer/consistent v1.0.0 (Go, Olric)",
            ClientKind::BuraksezerV0 => "buraksezer/consistent v0.10.0 (Go, Olric)",
            ClientKind::Stathat => "stathat/consistent (Go)",
        }
    }

    /// True for Kafka's partitioners: they answer partition numbers, not servers.
    pub fn takes_partitions(self) -> bool {
        matches!(
            self,
            ClientKind::Kafka
                | ClientKind::KafkajsLegacy
                | ClientKind::Librdkafka
                | ClientKind::LibrdkafkaMurmur2
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_read_back() {
        for kind in ClientKind::ALL {
            assert_eq!(ClientKind::from_name(kind.name()), Some(kind));
        }
        assert_eq!(ClientKind::from_name("kafkajs"), Some(ClientKind::Kafka));
        assert_eq!(ClientKind::from_name("memcached"), None);
        assert!(ClientKind::names().contains("kafkajs, kafkajs-legacy"));
    }
}
