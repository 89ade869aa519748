//! mcrouter's hash functions (`HashRoute`'s `hash_func`), exact: which child a key goes
//! to. See `SPECS.md`, "mcrouter hash functions".
//!
//! - `Ch3` (the default): Facebook's furc hash, a jump-like walk over a stream of
//!   MurmurHash64A bits.
//! - `Rendezvous` and `WeightedRendezvous`: each child's tag scored against the key.
//! - `Crc32`: zlib's CRC-32 modulo the pool size.
//!
//! The functions take the key as routed ([`routing_key`]: the `/region/cluster/` prefix
//! and anything from `|#|` on taken off, the route's salt appended).
//!
//! mcrouter's own tests:
//!
//! ```
//! use ringlab_core::schemes::mcrouter::{ch3, crc32_index, rendezvous};
//! assert_eq!(ch3(b"sample", 100), 97);
//! assert_eq!(ch3(b"", 8_388_608), 6_173_600);
//! assert_eq!(crc32_index(b"sample", 100), 7);
//! let tags: Vec<String> = (0..3).map(|i| format!("xxx.{i}.yy")).collect();
//! assert_eq!(rendezvous(b"mykey", &tags), Some(1));
//! ```

use super::maglev_katran::mix;
use super::nginx::crc32;
use super::ranking::first_highest;
use super::ring_hash::murmur64a;
use super::spooky;

/// The seed of Ch3's bit stream and of the rendezvous tags' hashes.
const FURC_SEED: u64 = 4_193_360_111;
/// The seed of the key's hash in rendezvous.
const KEY_SEED: u64 = 2_718_281_828;
/// furc's shift between the bits it reads.
const FURC_SHIFT: u32 = 23;
/// furc's tries before it gives up and answers 0.
const MAX_TRIES: u32 = 32;
/// The largest pool Ch3 takes (`furc_maximum_pool_size()`).
pub const MAX_POOL: u32 = 1 << 23;

/// The bytes mcrouter hashes for `key`: without a leading `/region/cluster/`, cut before
/// the first `|#|`, with the route's `salt` appended.
///
/// ```
/// use ringlab_core::schemes::mcrouter::routing_key;
/// assert_eq!(routing_key(b"/east/main/user:1|#|extra", ""), b"user:1");
/// assert_eq!(routing_key(b"/notaprefix", "s"), b"/notaprefixs");
/// ```
pub fn routing_key(key: &[u8], salt: &str) -> Vec<u8> {
    let mut key = key;
    if key.first() == Some(&b'/') {
        let slashes: Vec<usize> = key
            .iter()
            .enumerate()
            .filter(|(_, &b)| b == b'/')
            .map(|(i, _)| i)
            .take(3)
            .collect();
        if slashes.len() == 3 {
            key = &key[slashes[2] + 1..];
        }
    }
    if let Some(stop) = key.windows(3).position(|w| w == b"|#|") {
        key = &key[..stop];
    }
    let mut out = key.to_vec();
    out.extend_from_slice(salt.as_bytes());
    out
}

/// The furc bit stream of a key: word j is MurmurHash64A of word j - 1's bytes.
struct Bits<'a> {
    key: &'a [u8],
    words: Vec<u64>,
}

impl Bits<'_> {
    fn bit(&mut self, index: u32) -> u32 {
        let word = (index >> 6) as usize;
        while self.words.len() <= word {
            let next = match self.words.last() {
                None => murmur64a(self.key, FURC_SEED),
                Some(previous) => murmur64a(&previous.to_le_bytes(), FURC_SEED),
            };
            self.words.push(next);
        }
        ((self.words[word] >> (index & 63)) & 1) as u32
    }
}

/// `Ch3`: furc_hash of `key` over `pool` children (at most [`MAX_POOL`]; 0 or 1 give 0).
pub fn ch3(key: &[u8], pool: u32) -> u32 {
    if pool <= 1 {
        return 0;
    }
    let pool = pool.min(MAX_POOL);
    let mut bits = Bits {
        key,
        words: Vec::new(),
    };
    let mut d = 32 - (pool - 1).leading_zeros();
    let mut a = d;
    for _ in 0..MAX_TRIES {
        while bits.bit(a) == 0 {
            d -= 1;
            if d == 0 {
                return 0;
            }
            a = d;
        }
        a += FURC_SHIFT;
        let mut num = 1u32;
        for _ in 0..d - 1 {
            num = (num << 1) | bits.bit(a);
            a += FURC_SHIFT;
        }
        if num < pool {
            return num;
        }
    }
    0
}

/// The seed of WeightedCh3's SpookyHash.
const WEIGHTED_SEED: u32 = 0xface_2014;

/// `WeightedCh3`: Ch3, with a child of weight w (0 to 1) accepting a key with probability
/// w: up to 32 tries, each with the key salted afresh ("0", "1", ..., "9", "01", "11", ...:
/// a counter's digits reversed); after 32 refusals, the last child tried. A missing weight
/// counts as 0.5. Keys of any length: SpookyHash's long path takes keys (with their salt) of
/// 192 bytes or more.
///
/// ```
/// use ringlab_core::schemes::mcrouter::{ch3, weighted_ch3};
/// // Every weight 0: every try is refused, and the last child tried is the answer.
/// assert_eq!(weighted_ch3(b"sample", 100, &[0.0; 100]), 59);
/// // Every weight 1: Ch3 itself.
/// assert_eq!(weighted_ch3(b"sample", 100, &[1.0; 100]), ch3(b"sample", 100));
/// // A long key, through SpookyHash's long path: still one of the pool.
/// assert!(weighted_ch3(&[b'k'; 300], 100, &[0.5; 100]) < 100);
/// ```
pub fn weighted_ch3(key: &[u8], pool: u32, weights: &[f64]) -> u32 {
    let mut salted = key.to_vec();
    let mut index = 0;
    for attempt in 0..MAX_TRIES {
        if attempt > 0 {
            salted.truncate(key.len());
            let digits = (attempt - 1).to_string();
            salted.extend(digits.bytes().rev());
        }
        index = ch3(&salted, pool);
        let p = spooky::hash32(&salted, WEIGHTED_SEED);
        let weight = weights.get(index as usize).copied().unwrap_or(0.5);
        if u64::from(p) < (weight * 4_294_967_295.0) as u64 {
            return index;
        }
    }
    index
}

/// `Crc32`: (crc32(key) & 0x7fffffff) mod `pool` (0 for an empty pool).
pub fn crc32_index(key: &[u8], pool: u32) -> u32 {
    if pool == 0 {
        return 0;
    }
    (crc32(key) & 0x7fff_ffff) % pool
}

/// `ConstShard`: a key whose second `:`-separated field is a number below `pool` goes to
/// that child (`user:12:name` to 12); any other key goes where [`ch3`] puts it.
///
/// ```
/// use ringlab_core::schemes::mcrouter::{ch3, const_shard};
/// assert_eq!(const_shard(b"user:12:name", 100), 12);
/// assert_eq!(const_shard(b"user:120:name", 100), ch3(b"user:120:name", 100));
/// assert_eq!(const_shard(b"user:12", 100), ch3(b"user:12", 100));
/// ```
pub fn const_shard(key: &[u8], pool: u32) -> u32 {
    let shard = key
        .iter()
        .position(|&b| b == b':')
        .map(|first| &key[first + 1..])
        .and_then(|rest| rest.iter().position(|&b| b == b':').map(|end| &rest[..end]));
    let index = shard
        .filter(|s| !s.is_empty() && s.iter().all(u8::is_ascii_digit))
        .and_then(|s| std::str::from_utf8(s).ok()?.parse::<u64>().ok())
        .filter(|&i| i < u64::from(pool));
    match index {
        Some(i) => i as u32,
        None => ch3(key, pool),
    }
}

/// Each tag's mixed score against the key: `Mix(MurmurHash64A(tag), MurmurHash64A(key))`.
fn scores<'a>(key: &[u8], tags: &'a [String]) -> impl Iterator<Item = u64> + 'a {
    let k = murmur64a(key, KEY_SEED);
    tags.iter()
        .map(move |tag| mix(murmur64a(tag.as_bytes(), FURC_SEED), k))
}

/// `Rendezvous`'s scores as the doubles it compares, one per tag.
fn plain_scores<'a>(key: &[u8], tags: &'a [String]) -> impl Iterator<Item = f64> + 'a {
    scores(key, tags).map(|s| s as f64)
}

/// `WeightedRendezvous`'s scores, one per tag: `w / -ln(u)`, u the mixed score's low 53
/// bits as a fraction. A missing weight counts as 0.
fn weighted_scores<'a>(
    key: &[u8],
    tags: &'a [String],
    weights: &'a [f64],
) -> impl Iterator<Item = f64> + 'a {
    const LOW_53: u64 = (1 << 53) - 1;
    scores(key, tags).enumerate().map(move |(i, score)| {
        let u = (score & LOW_53) as f64 / (1u64 << 53) as f64;
        weights.get(i).copied().unwrap_or(0.0) * (1.0 / -u.ln())
    })
}

/// `Rendezvous`: the index of the tag whose score, as a double, is highest (a tie goes to
/// the higher index, mcrouter's own rule); `None` without tags.
pub fn rendezvous(key: &[u8], tags: &[String]) -> Option<usize> {
    let mut best: Option<(usize, f64)> = None;
    for (i, score) in plain_scores(key, tags).enumerate() {
        if best.map_or(true, |(_, top)| score >= top) {
            best = Some((i, score));
        }
    }
    best.map(|(i, _)| i)
}

/// `Rendezvous`'s scores, one per tag, as the doubles it compares.
pub fn rendezvous_scores(key: &[u8], tags: &[String]) -> Vec<f64> {
    plain_scores(key, tags).collect()
}

/// `WeightedRendezvous`'s scores, one per tag, as [`weighted_rendezvous`] compares them.
pub fn weighted_rendezvous_scores(key: &[u8], tags: &[String], weights: &[f64]) -> Vec<f64> {
    weighted_scores(key, tags, weights).collect()
}

/// `WeightedRendezvous`: mcrouter keeps the first strictly highest score, starting from
/// index 0 at score 0. Scores are never negative, so that is the first highest
/// ([`first_highest`]), and 0 without tags. `weights` has one per tag (missing ones count
/// as 0).
pub fn weighted_rendezvous(key: &[u8], tags: &[String], weights: &[f64]) -> usize {
    first_highest(weighted_scores(key, tags, weights)).unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tags(n: usize) -> Vec<String> {
        (0..n).map(|i| format!("xxx.{i}.yy")).collect()
    }

    #[test]
    fn ch3_stays_in_the_pool_and_moves_little_on_growth() {
        let mut moved = 0;
        for i in 0..2000 {
            let key = format!("k{i}");
            let before = ch3(key.as_bytes(), 10);
            let after = ch3(key.as_bytes(), 11);
            assert!(before < 10 && after < 11);
            if before != after {
                assert_eq!(after, 10, "{key} moved {before} -> {after}");
                moved += 1;
            }
        }
        // About 1/11 move, all to the newcomer.
        assert!((100..=280).contains(&moved), "{moved}");
    }

    #[test]
    fn equal_scores_follow_each_functions_tie_rule() {
        // A repeated tag scores alike: Rendezvous keeps the higher index, WeightedRendezvous
        // the lower.
        let twice = vec!["xxx.0.yy".to_string(); 2];
        for i in 0..20 {
            let key = format!("mykey:{i}");
            assert_eq!(rendezvous(key.as_bytes(), &twice), Some(1));
            assert_eq!(weighted_rendezvous(key.as_bytes(), &twice, &[1.0, 1.0]), 0);
        }
        // Every weight 0: every score is 0, and index 0 keeps the key.
        assert_eq!(weighted_rendezvous(b"k", &tags(3), &[0.0; 3]), 0);
    }

    #[test]
    fn weighted_rendezvous_with_equal_weights_is_rendezvous_shaped() {
        let t = tags(3);
        assert_eq!(weighted_rendezvous(b"sample", &t, &[1.0; 3]), 0);
        assert_eq!(weighted_rendezvous(b"", &t, &[1.0; 3]), 2);
        assert_eq!(weighted_rendezvous(b"mykey", &t, &[1.0; 3]), 1);
        // A weight-0 child never wins.
        for i in 0..200 {
            let key = format!("mykey:{i}");
            assert_ne!(weighted_rendezvous(key.as_bytes(), &t, &[1.0, 0.0, 0.5]), 1);
        }
        assert_eq!(rendezvous(b"x", &[]), None);
    }
}
