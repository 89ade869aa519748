//! The fixed hash functions ringlab chooses where no real system fixes one.
//!
//! All of them hash explicit bytes (the UTF-8 of a text key, the little-endian bytes of an
//! integer), so a key lands in the same place on every platform, in the browser as natively.

use xxhash_rust::xxh3::{xxh3_64, xxh3_64_with_seed};

/// ringlab's key hash: XXH3-64 with seed 0 over the key's bytes. Used by `ring` (points
/// and keys), `modulo`, `jump` for text keys, `maglev` keys and `bounded`.
///
/// ```
/// assert_eq!(ringlab_core::hash::key_hash(b""), 0x2D06800538D394C2);
/// ```
pub fn key_hash(key: &[u8]) -> u64 {
    xxh3_64(key)
}

/// XXH3-64 with a seed, for schemes that need a family of hashes.
pub fn seeded_hash(key: &[u8], seed: u64) -> u64 {
    xxh3_64_with_seed(key, seed)
}

/// Maps a 64-bit hash into the open interval (0, 1): the top 52 bits, centred in their cell.
/// (52, not 53: `k + 0.5` is exact in f64 only for k below 2^52, and with 53 bits the top
/// hash would round up to exactly 1.)
///
/// ```
/// use ringlab_core::hash::unit_open;
/// assert!(unit_open(0) > 0.0 && unit_open(u64::MAX) < 1.0);
/// ```
pub fn unit_open(hash: u64) -> f64 {
    ((hash >> 12) as f64 + 0.5) / (1u64 << 52) as f64
}
