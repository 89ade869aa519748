//! spymemcached's `KetamaNodeLocator` (KETAMA_HASH, SPYMEMCACHED names, unweighted) against
//! a real run on Java 17: every row.

#[cfg(target_arch = "wasm32")]
use wasm_bindgen_test::wasm_bindgen_test as test;

use super::Vectors;
use ringlab_core::schemes::spymemcached::{Algorithm, Spymemcached};
use ringlab_core::{Partitioner, Server};

#[test]
fn spymemcached_public_ketama_named3() {
    let vectors = Vectors::parse(include_str!(
        "../data/spymemcached_public_ketama_named3.tsv"
    ));
    assert!(vectors
        .header
        .starts_with("scheme=spymemcached alg=KETAMA_HASH "));
    assert_eq!(vectors.header_field("weighted"), "no");
    // nodes=[label name weight|...]: the names spymemcached hashes, in list order; the
    // file answers with the labels.
    let nodes = vectors
        .header
        .split_once("nodes=[")
        .and_then(|(_, rest)| rest.split_once(']'))
        .map(|(nodes, _)| nodes)
        .expect("header nodes");
    let (labels, servers): (Vec<&str>, Vec<Server>) = nodes
        .split('|')
        .map(|node| {
            let fields: Vec<&str> = node.split(' ').collect();
            (fields[0], Server::new(fields[1]))
        })
        .unzip();
    assert_eq!(labels, ["mc-a", "mc-b", "mc-c"]);
    let locator = Spymemcached::new(servers, Algorithm::Ketama, false).expect("nodes build");
    for row in &vectors.rows {
        let (key, expected) = (row[0], row[1]);
        let owner = locator.lookup(key.as_bytes()).map(|i| labels[i]);
        assert_eq!(owner, Some(expected), "key {key:?}");
    }
}
