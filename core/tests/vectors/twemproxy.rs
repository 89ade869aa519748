//! twemproxy's `distribution: ketama` with the default `fnv1a_64` hash and weights 1, 2, 1
//! (one server aliased) against a real nutcracker 0.5.0: every row, non-ASCII keys included.

#[cfg(target_arch = "wasm32")]
use wasm_bindgen_test::wasm_bindgen_test as test;

use super::Vectors;
use ringlab_core::schemes::twemproxy::{KeyHash, Twemproxy};
use ringlab_core::Partitioner;

#[test]
fn twemproxy_public_fnv1a64_weighted3() {
    let vectors = Vectors::parse(include_str!(
        "../data/twemproxy_public_fnv1a64_weighted3.tsv"
    ));
    assert!(vectors
        .header
        .starts_with("scheme=twemproxy distribution=ketama hash=fnv1a_64 "));
    // servers= names each server as the answers do: the alias, else host:port.
    let pool = Twemproxy::new(vectors.servers(), KeyHash::Fnv1a64, None).expect("pool builds");
    assert_eq!(pool.points_per_server(), vec![120, 240, 120]);
    let mut non_ascii = 0;
    for row in &vectors.rows {
        let (key, expected) = (row[0], row[1]);
        non_ascii += usize::from(!key.is_ascii());
        let owner = pool
            .lookup(key.as_bytes())
            .map(|i| pool.servers()[i].name.as_str());
        assert_eq!(owner, Some(expected), "key {key:?}");
    }
    assert!(non_ascii > 0, "the file has keys with bytes above 0x7f");
}

/// The same pool written as the YAML the real run used, read by the config reader.
#[test]
fn twemproxy_public_pool_from_its_yaml() {
    let vectors = Vectors::parse(include_str!(
        "../data/twemproxy_public_fnv1a64_weighted3.tsv"
    ));
    let lines = vectors
        .header
        .split_once("config=[")
        .and_then(|(_, rest)| rest.split_once(']'))
        .map(|(lines, _)| lines)
        .expect("header config");
    let mut yaml =
        String::from("pool:\n  listen: 127.0.0.1:22121\n  distribution: ketama\n  servers:\n");
    for line in lines.split('|') {
        yaml.push_str(&format!("   - {line}\n"));
    }
    let reading = ringlab_core::config::read(
        &yaml,
        ringlab_core::SchemeKind::Ring,
        &ringlab_core::Options::default(),
    )
    .expect("the pool reads");
    assert_eq!(reading.format, ringlab_core::config::Format::Nutcracker);
    assert_eq!(reading.ignored.len(), 1, "listen: {:?}", reading.ignored);
    let pool = reading.build().expect("the pool builds");
    for row in &vectors.rows {
        let owner = pool
            .lookup(row[0].as_bytes())
            .map(|i| pool.servers()[i].name.as_str());
        assert_eq!(owner, Some(row[1]), "key {:?}", row[0]);
    }
}

/// Every hash function nutcracker offers, against a real nutcracker 0.5.0 in front of
/// three stand-in servers (weights 1, 2, 1): keys of every length from 1 to 24 bytes, so
/// every tail of every function is read, and keys with bytes above 0x7f.
#[test]
fn twemproxy_nutcracker_every_hash() {
    let vectors = Vectors::parse(include_str!("../data/twemproxy_nutcracker_hashes_3.tsv"));
    let mut seen = std::collections::BTreeMap::new();
    for &hash in KeyHash::ALL {
        let pool = Twemproxy::new(vectors.servers(), hash, None).expect("pool builds");
        for row in vectors.rows.iter().filter(|row| row[0] == hash.name()) {
            let (key, expected) = (row[1], row[2]);
            let owner = pool
                .lookup(key.as_bytes())
                .map(|i| pool.servers()[i].name.as_str());
            assert_eq!(owner, Some(expected), "{} key {key:?}", hash.name());
            *seen.entry(hash.name()).or_insert(0) += 1;
        }
    }
    assert_eq!(seen.len(), 12, "every hash has rows: {seen:?}");
    assert!(seen.values().all(|&n| n == 140), "{seen:?}");
}
