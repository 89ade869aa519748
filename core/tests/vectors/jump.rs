//! Jump consistent hash against the reference C code: every row of `jump.tsv`.

#[cfg(target_arch = "wasm32")]
use wasm_bindgen_test::wasm_bindgen_test as test;

use super::Vectors;
use ringlab_core::schemes::jump::jump_bucket;

/// Every row of the reference C code's answers: u64 key, buckets, bucket.
#[test]
fn jump_matches_the_reference_code() {
    let vectors = Vectors::parse(include_str!("../data/jump.tsv"));
    assert!(vectors.header.contains("scheme=jump"));
    for row in &vectors.rows {
        let key: u64 = row[0].parse().expect("u64 key");
        let buckets: u32 = row[1].parse().expect("bucket count");
        let bucket: u32 = row[2].parse().expect("bucket");
        assert_eq!(
            jump_bucket(key, buckets),
            Some(bucket),
            "key {key}, {buckets} buckets"
        );
    }
}

#[test]
fn jump_public_checks() {
    assert_eq!(jump_bucket(42, 57), Some(43));
    assert_eq!(jump_bucket(0xDEAD10CC, 666), Some(361));
    assert_eq!(jump_bucket(256, 1024), Some(520));
    assert_eq!(jump_bucket(0, 1000), Some(0));
}
