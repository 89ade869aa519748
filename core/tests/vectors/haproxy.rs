//! HAProxy `hash-type consistent sdbm` with `balance url_param k` against a real haproxy
//! 2.6.12: every row. The key column holds the exact bytes haproxy hashed.

#[cfg(target_arch = "wasm32")]
use wasm_bindgen_test::wasm_bindgen_test as test;

use super::Vectors;
use ringlab_core::schemes::haproxy::{Function, Haproxy, KeyHash};
use ringlab_core::Partitioner;

#[test]
fn haproxy_public_equal3() {
    let vectors = Vectors::parse(include_str!("../data/haproxy_public_equal3.tsv"));
    assert!(vectors.header.starts_with("scheme=haproxy "));
    assert_eq!(vectors.header_field("function"), "sdbm");
    assert_eq!(vectors.header_field("avalanche"), "no");
    let servers = vectors.servers();
    // ids=s1:1,s2:2,s3:3
    let ids: Vec<Option<u32>> = vectors
        .header_field("ids")
        .split(',')
        .zip(&servers)
        .map(|(pair, server)| {
            let (name, id) = pair.split_once(':').unwrap();
            assert_eq!(name, server.name);
            Some(id.parse().unwrap())
        })
        .collect();
    let hash = KeyHash {
        function: Function::Sdbm,
        avalanche: false,
    };
    let haproxy = Haproxy::new(servers, &ids, hash).expect("servers build");
    for row in &vectors.rows {
        let (key, expected) = (row[0], row[1]);
        let owner = haproxy
            .lookup(key.as_bytes())
            .map(|i| haproxy.servers()[i].name.as_str());
        assert_eq!(owner, Some(expected), "key {key:?}");
    }
}
