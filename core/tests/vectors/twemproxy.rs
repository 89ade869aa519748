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
