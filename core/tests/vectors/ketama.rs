//! libmemcached's weighted ketama against real memcached servers: every row of both files.

#[cfg(target_arch = "wasm32")]
use wasm_bindgen_test::wasm_bindgen_test as test;

use super::Vectors;
use ringlab_core::schemes::ketama::Ketama;
use ringlab_core::Partitioner;

fn check(text: &'static str) {
    let vectors = Vectors::parse(text);
    assert!(vectors.header.starts_with("scheme=ketama "));
    let ketama = Ketama::new(vectors.servers()).expect("servers build");
    for row in &vectors.rows {
        let (key, expected) = (row[0], row[1]);
        let owner = ketama.lookup(key.as_bytes()).expect("an owner");
        assert_eq!(ketama.servers()[owner].name, expected, "key {key:?}");
    }
    vectors.check_batch(&ketama);
}

#[test]
fn ketama_public_equal3() {
    check(include_str!("../data/ketama_public_equal3.tsv"));
}

#[test]
fn ketama_public_weighted_defaultport() {
    check(include_str!(
        "../data/ketama_public_weighted_defaultport.tsv"
    ));
}
