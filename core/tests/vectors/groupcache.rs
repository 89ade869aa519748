//! Go groupcache's `consistenthash` as `HTTPPool` uses it (50 replicas, crc32) against a
//! real run: every row.

#[cfg(target_arch = "wasm32")]
use wasm_bindgen_test::wasm_bindgen_test as test;

use super::Vectors;
use ringlab_core::schemes::groupcache::Groupcache;
use ringlab_core::{Partitioner, Server};

#[test]
fn groupcache_public_http50_3() {
    let vectors = Vectors::parse(include_str!("../data/groupcache_public_http50_3.tsv"));
    assert!(vectors.header.starts_with("scheme=groupcache "));
    let replicas: u32 = vectors.header_field("replicas").parse().unwrap();
    // nodes=[a|b|c]: the peers' base URLs, in the order of the one Add call.
    let nodes = vectors.header_field("nodes");
    let nodes = nodes.trim_start_matches('[').trim_end_matches(']');
    let servers: Vec<Server> = nodes.split('|').map(Server::new).collect();
    assert_eq!(servers.len(), 3);
    let map = Groupcache::new(servers, replicas).expect("peers build");
    for row in &vectors.rows {
        let (key, expected) = (row[0], row[1]);
        let owner = map
            .lookup(key.as_bytes())
            .map(|i| map.servers()[i].name.as_str());
        assert_eq!(owner, Some(expected), "key {key:?}");
    }
    vectors.check_batch(&map);
}
