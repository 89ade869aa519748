//! go-redis v9 `Ring` (Go): rendezvous hashing over the shard NAMES with XXH64.
//!
//! The address is never hashed: renaming a shard moves keys, giving it another address
//! does not. Redis Cluster's hash tags apply: `{user1000}.following` hashes `user1000`.
//!
//! ```
//! use ringlab_core::clients::{build, ClientKind, Placement};
//! let addrs = r#"{"cache-p1": "localhost:7201", "cache-p2": "localhost:7202", "cache-p3": "localhost:7203"}"#;
//! let ring = build(ClientKind::GoRedisRing, addrs, "{}", None).unwrap();
//! assert_eq!(ring.place(b"apple"), Placement::To(2));
//! assert_eq!(ring.place(b"{apple}:pie"), Placement::To(2));
//! ```

use super::{answer_index, json, Client, ClientKind, Placement};
use crate::ConfigError;
use serde_json::Value;
use xxhash_rust::xxh64::xxh64;

/// go-rendezvous' `xorshiftMult64`.
pub fn mix64(mut x: u64) -> u64 {
    x ^= x >> 12;
    x ^= x << 25;
    x ^= x >> 27;
    x.wrapping_mul(2685821657736338717)
}

/// `hashtag.Key` is Redis Cluster's hash-tag rule, the same bytes `CLUSTER KEYSLOT` hashes.
pub use crate::schemes::redis::hash_tag as hashtag;

#[derive(Debug, Clone)]
pub struct Ring {
    answers: Vec<String>,
    name_hashes: Vec<u64>,
    live: Vec<bool>,
}

impl Ring {
    /// `Addrs`: a map of shard name to address (a list of names is taken too).
    pub fn build(config: &Value, options: &Value) -> Result<Ring, ConfigError> {
        let lib = "go-redis-ring";
        json::options(options, lib, &["HeartbeatFrequency"])?;
        let answers = match config {
            Value::Object(addrs) => addrs.keys().cloned().collect(),
            Value::Array(_) => json::names(config, lib)?,
            _ => {
                return Err(json::invalid(
                    "go-redis-ring takes its Addrs map as a JSON object of name to address",
                ))
            }
        };
        let answers = json::nonempty(answers, lib)?;
        json::distinct(&answers, lib)?;
        Ok(Ring {
            name_hashes: answers.iter().map(|n| xxh64(n.as_bytes(), 0)).collect(),
            live: vec![true; answers.len()],
            answers,
        })
    }
}

impl Client for Ring {
    fn name(&self) -> &'static str {
        ClientKind::GoRedisRing.name()
    }
    fn answers(&self) -> &[String] {
        &self.answers
    }
    fn place(&self, key: &[u8]) -> Placement {
        let kh = xxh64(hashtag(key), 0);
        let mut best: Option<(u64, usize)> = None;
        for (i, nh) in self
            .name_hashes
            .iter()
            .enumerate()
            .filter(|(i, _)| self.live[*i])
        {
            let score = mix64(kh ^ nh);
            if best.map_or(true, |(high, _)| score > high) {
                best = Some((score, i));
            }
        }
        best.map_or(Placement::Nowhere, |(_, i)| Placement::To(i))
    }
    /// After three failed heartbeats the shard is down and the hash is rebuilt over the
    /// live names: only its keys move.
    fn fail(&mut self, answer: &str) -> Result<(), ConfigError> {
        let i = answer_index(&self.answers, answer)?;
        self.live[i] = false;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hash_tags_follow_redis_cluster() {
        assert_eq!(hashtag(b"{user1000}.following"), b"user1000");
        assert_eq!(hashtag(b"foo{}{bar}"), b"foo{}{bar}");
        assert_eq!(hashtag(b"foo{{bar}}zap"), b"{bar");
        assert_eq!(hashtag(b"foo{bar}{zap}"), b"bar");
        assert_eq!(hashtag(b"no tag"), b"no tag");
    }

    #[test]
    fn the_public_scores() {
        assert_eq!(xxh64(b"apple", 0), 6379808199001010847);
        let kh = xxh64(b"apple", 0);
        let score = |name: &str| mix64(kh ^ xxh64(name.as_bytes(), 0));
        assert_eq!(score("cache-p1"), 4933535854875361166);
        assert_eq!(score("cache-p2"), 9147187807062822971);
        assert_eq!(score("cache-p3"), 11332589548231180202);
    }
}
