//! gRPC's `ring_hash` (C-core, through Python grpcio 1.85.3) against a real run: every row.
//! Envoy's own ring tests are checked in `peer.rs`.

#[cfg(target_arch = "wasm32")]
use wasm_bindgen_test::wasm_bindgen_test as test;

use super::Vectors;
use ringlab_core::schemes::ring_hash::{RingHash, Sizes};
use ringlab_core::{Partitioner, Server};

#[test]
fn grpc_ringhash_public() {
    let vectors = Vectors::parse(include_str!("../data/grpc_ringhash_public.tsv"));
    assert!(vectors.header.starts_with("scheme=grpc-ring-hash "));
    // The target as the resolver listed it: a repeat is weight.
    let target: Vec<Server> = vectors
        .header_field("target")
        .split(',')
        .map(Server::new)
        .collect();
    assert_eq!(target.len(), 5);
    let size = |name: &str| vectors.header_field(name).parse::<u64>().unwrap();
    let sizes = Sizes {
        min: size("min_ring_size"),
        max: size("max_ring_size"),
        cap: Some(size("ring_size_cap")),
    };
    let ring = RingHash::grpc(target, sizes).expect("target builds");
    // The merged weights are the header's servers.
    let merged: Vec<(String, f64)> = ring
        .servers()
        .iter()
        .map(|s| (s.name.clone(), s.weight))
        .collect();
    let listed: Vec<(String, f64)> = vectors
        .servers()
        .into_iter()
        .map(|s| (s.name, s.weight))
        .collect();
    assert_eq!(merged, listed);
    for row in &vectors.rows {
        let (key, expected) = (row[0], row[1]);
        let owner = ring
            .lookup(key.as_bytes())
            .map(|i| ring.servers()[i].name.as_str());
        assert_eq!(owner, Some(expected), "key {key:?}");
    }
    vectors.check_batch(&ring);
}
