//! nginx `hash $arg_k consistent` against a real nginx: every row.

#[cfg(target_arch = "wasm32")]
use wasm_bindgen_test::wasm_bindgen_test as test;

use super::Vectors;
use ringlab_core::schemes::nginx::Nginx;
use ringlab_core::Partitioner;

#[test]
fn nginx_public_weighted3() {
    let vectors = Vectors::parse(include_str!("../data/nginx_public_weighted3.tsv"));
    assert!(vectors.header.starts_with("scheme=nginx "));
    let nginx = Nginx::new(vectors.servers()).expect("servers build");
    for row in &vectors.rows {
        let (key, expected) = (row[0], row[1]);
        let owner = nginx
            .lookup(key.as_bytes())
            .map(|i| nginx.servers()[i].name.as_str());
        assert_eq!(owner, Some(expected), "key {key:?}");
    }
    vectors.check_batch(&nginx);
}
