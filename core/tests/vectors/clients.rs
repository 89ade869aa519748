//! The client libraries against files their real packages wrote (uhashring, hashring,
//! hash_ring, pymemcache, python-memcached, kafka-python, KafkaJS, librdkafka,
//! consistent-hash, go-redis, buraksezer/consistent v1 and v0, stathat/consistent): each
//! built from the configuration in the file's first line, every row.

#[cfg(target_arch = "wasm32")]
use wasm_bindgen_test::wasm_bindgen_test as test;

use super::Vectors;
use ringlab_core::clients::{build, ClientKind};

/// Builds the client the header describes (`config=`, `options=`, `partitions=`, with
/// `config` and `options` given here where the header writes them otherwise) and checks
/// every row's answer.
fn check(
    text: &'static str,
    kind: ClientKind,
    config: Option<&str>,
    options: Option<&str>,
) -> usize {
    let vectors = Vectors::parse(text);
    let field = |name: &str| {
        let prefix = format!("{name}=");
        vectors
            .header
            .split(' ')
            .find_map(|p| p.strip_prefix(prefix.as_str()))
    };
    let config = config.or(field("config")).unwrap_or("");
    let options = options.or(field("options")).unwrap_or("{}");
    let partitions = field("partitions").map(|p| p.parse().expect("partitions"));
    let client = build(kind, config, options, partitions).expect("the client builds");
    for row in &vectors.rows {
        let placed = client.place(row[0].as_bytes());
        assert_eq!(
            placed.text(client.answers()),
            row[1],
            "{} key {:?}",
            kind.name(),
            row[0]
        );
    }
    vectors.rows.len()
}

#[test]
fn uhashring_public() {
    let text = include_str!("../data/clients_uhashring_public.tsv");
    assert_eq!(check(text, ClientKind::Uhashring, None, None), 10);
}

#[test]
fn hashring_public() {
    let text = include_str!("../data/clients_hashring_public.tsv");
    assert_eq!(check(text, ClientKind::Hashring, None, None), 10);
}

#[test]
fn hash_ring_public() {
    let text = include_str!("../data/clients_hash-ring_public.tsv");
    let nodes = r#"["10.9.8.1:11211", "10.9.8.2:11211", "10.9.8.3:11211"]"#;
    let weights = r#"{"weights": {"10.9.8.2:11211": 2}}"#;
    assert_eq!(
        check(text, ClientKind::HashRing, Some(nodes), Some(weights)),
        10
    );
}

#[test]
fn pymemcache_public() {
    let text = include_str!("../data/clients_pymemcache_public.tsv");
    let unicode = r#"{"allow_unicode_keys": true}"#;
    assert_eq!(check(text, ClientKind::Pymemcache, None, Some(unicode)), 10);
}

#[test]
fn python_memcached_public() {
    let text = include_str!("../data/clients_python-memcached_public.tsv");
    assert_eq!(check(text, ClientKind::PythonMemcached, None, None), 10);
}

#[test]
fn kafka_python_public() {
    let text = include_str!("../data/clients_kafka-python_public.tsv");
    assert_eq!(check(text, ClientKind::Kafka, None, None), 10);
}

#[test]
fn kafkajs_legacy_public() {
    let text = include_str!("../data/clients_kafkajs_public.tsv");
    assert_eq!(check(text, ClientKind::KafkajsLegacy, None, None), 10);
}

#[test]
fn librdkafka_public() {
    let text = include_str!("../data/clients_librdkafka_public.tsv");
    assert_eq!(check(text, ClientKind::Librdkafka, None, None), 10);
}

#[test]
fn consistent_hash_public() {
    let text = include_str!("../data/clients_consistent-hash_public.tsv");
    let nodes = r#"["cache-one", "cache-two", "cache-three"]"#;
    assert_eq!(
        check(text, ClientKind::ConsistentHash, Some(nodes), None),
        10
    );
}

#[test]
fn go_redis_ring_public() {
    let text = include_str!("../data/clients_go-redis-ring_public.tsv");
    assert_eq!(check(text, ClientKind::GoRedisRing, None, None), 10);
}

#[test]
fn buraksezer_consistent_public() {
    let text = include_str!("../data/clients_buraksezer-consistent_public.tsv");
    assert_eq!(check(text, ClientKind::Buraksezer, None, None), 10);
}

#[test]
fn buraksezer_consistent_v0_public() {
    let text = include_str!("../data/clients_buraksezer-consistent-v0_public.tsv");
    assert_eq!(check(text, ClientKind::BuraksezerV0, None, None), 10);
}

#[test]
fn stathat_consistent_public() {
    let text = include_str!("../data/clients_stathat-consistent_public.tsv");
    assert_eq!(check(text, ClientKind::Stathat, None, None), 10);
}

/// The files made here with the real packages (`scripts/vectors/clients.py`,
/// `clients.mjs`, `librdkafka.sh`): weights, point counts the doubles decide, default
/// ports, hash_ring compatibility, Unicode keys, and each client after a server fails
/// (`dead=`), handled as the library handles it.
#[test]
fn ringlab_files_from_the_real_packages() {
    macro_rules! file {
        ($name:literal) => {
            ($name, include_str!(concat!("../data/", $name)))
        };
    }
    let files = [
        file!("clients_consistent-hash-random_ringlab.tsv"),
        file!("clients_consistent-hash-uniform-range_ringlab.tsv"),
        file!("clients_consistent-hash-uniform-removed_ringlab.tsv"),
        file!("clients_consistent-hash-uniform_ringlab.tsv"),
        file!("clients_hashring-compat_ringlab.tsv"),
        file!("clients_hashring-default-port_ringlab.tsv"),
        file!("clients_hashring-removed_ringlab.tsv"),
        file!("clients_hashring-seven_ringlab.tsv"),
        file!("clients_hashring-vnodes_ringlab.tsv"),
        file!("clients_hashring-weights_ringlab.tsv"),
        file!("clients_kafka-python-12_ringlab.tsv"),
        file!("clients_kafka-python-3_ringlab.tsv"),
        file!("clients_kafka-python-50_ringlab.tsv"),
        file!("clients_kafkajs-default-12_ringlab.tsv"),
        file!("clients_kafkajs-default-6_ringlab.tsv"),
        file!("clients_kafkajs-legacy-12_ringlab.tsv"),
        file!("clients_kafkajs-legacy-6_ringlab.tsv"),
        file!("clients_librdkafka-12_ringlab.tsv"),
        file!("clients_librdkafka-6_ringlab.tsv"),
        file!("clients_librdkafka-murmur2-12_ringlab.tsv"),
        file!("clients_librdkafka-murmur2-6_ringlab.tsv"),
        file!("clients_pymemcache-removed_ringlab.tsv"),
        file!("clients_pymemcache_ringlab.tsv"),
        file!("clients_python-memcached-dead_ringlab.tsv"),
        file!("clients_python-memcached_ringlab.tsv"),
        file!("clients_uhashring-default_ringlab.tsv"),
        file!("clients_uhashring-ketama-removed_ringlab.tsv"),
        file!("clients_uhashring-ketama-weights_ringlab.tsv"),
        file!("clients_uhashring-ketama_ringlab.tsv"),
        file!("clients_uhashring-removed_ringlab.tsv"),
        file!("clients_uhashring-weights_ringlab.tsv"),
    ];
    let mut kinds = std::collections::BTreeSet::new();
    let mut rows = 0;
    for (name, text) in files {
        let vectors = Vectors::parse(text);
        let field = |f: &str| {
            let prefix = format!("{f}=");
            vectors
                .header
                .split(' ')
                .find_map(|p| p.strip_prefix(prefix.as_str()))
        };
        let kind = field("client").and_then(ClientKind::from_name).expect(name);
        let partitions = field("partitions").map(|p| p.parse().expect("partitions"));
        let mut client = build(
            kind,
            field("config").unwrap_or(""),
            field("options").unwrap_or("{}"),
            partitions,
        )
        .unwrap_or_else(|e| panic!("{name}: {e}"));
        if let Some(dead) = field("dead") {
            client.fail(dead).unwrap_or_else(|e| panic!("{name}: {e}"));
        }
        for row in &vectors.rows {
            let placed = client.place(row[0].as_bytes());
            assert_eq!(
                placed.text(client.answers()),
                row[1],
                "{name} key {:?}",
                row[0]
            );
        }
        kinds.insert(kind);
        rows += vectors.rows.len();
    }
    assert_eq!(kinds.len(), 9, "{kinds:?}");
    assert!(rows > 7000, "{rows} rows");
}

/// Each file is checked by the client its header names, and no client is left without one.
#[test]
fn every_client_has_a_file() {
    let checked = [
        ClientKind::Uhashring,
        ClientKind::Hashring,
        ClientKind::HashRing,
        ClientKind::Pymemcache,
        ClientKind::PythonMemcached,
        ClientKind::Kafka,
        ClientKind::KafkajsLegacy,
        ClientKind::Librdkafka,
        ClientKind::ConsistentHash,
        ClientKind::GoRedisRing,
        ClientKind::Buraksezer,
        ClientKind::BuraksezerV0,
        ClientKind::Stathat,
    ];
    // librdkafka's murmur2_random is Java's murmur2, pinned with kafka-python's file.
    let murmur2 = build(ClientKind::LibrdkafkaMurmur2, "", "{}", Some(6)).unwrap();
    let java = build(ClientKind::Kafka, "", "{}", Some(6)).unwrap();
    let keys = Vectors::parse(include_str!("../data/clients_kafka-python_public.tsv"));
    for row in &keys.rows {
        assert_eq!(
            murmur2.place(row[0].as_bytes()),
            java.place(row[0].as_bytes())
        );
    }
    let all: Vec<ClientKind> = ClientKind::ALL
        .into_iter()
        .filter(|k| *k != ClientKind::LibrdkafkaMurmur2)
        .collect();
    assert_eq!(all, checked);
}

/// dgryski/go-maglev's table of three backends and 11 slots, slot by slot.
#[test]
fn go_maglev_public_3_11() {
    let vectors = Vectors::parse(include_str!("../data/go-maglev_public_3_11.tsv"));
    let names: Vec<String> = vectors.servers().into_iter().map(|s| s.name).collect();
    let table = ringlab_core::schemes::maglev_go::table(&names, 11, &[]).expect("the table builds");
    assert_eq!(vectors.rows.len(), 11);
    for row in &vectors.rows {
        let slot: usize = row[0].parse().expect("slot");
        assert_eq!(names[table[slot]], row[1], "slot {slot}");
    }
}
