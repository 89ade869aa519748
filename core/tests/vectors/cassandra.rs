//! Cassandra's Murmur3Partitioner tokens against the DataStax driver: every row.

#[cfg(target_arch = "wasm32")]
use wasm_bindgen_test::wasm_bindgen_test as test;

use super::Vectors;
use ringlab_core::schemes::cassandra::{murmur3_x64_128, token};

#[test]
fn cassandra_tokens() {
    let vectors = Vectors::parse(include_str!("../data/cassandra_tokens.tsv"));
    assert!(vectors.header.starts_with("scheme=cassandra "));
    let mut empty_seen = false;
    for row in &vectors.rows {
        let (key, expected) = (row[0], row[1].parse::<i64>().expect("an i64 token"));
        if key.is_empty() {
            // The driver hashes the empty key (Murmur3 of no bytes is 0); the partitioner
            // gives it the minimum token instead.
            assert_eq!(murmur3_x64_128(b"", 0).0 as i64, expected);
            assert_eq!(token(b""), i64::MIN);
            empty_seen = true;
        } else {
            assert_eq!(token(key.as_bytes()), expected, "key {key:?}");
        }
    }
    assert!(empty_seen, "the file has the empty key");
}
