//! MementoHash (Coluzzi, Brocco, Antonucci and Leidi, "MementoHash: a stateful, minimal
//! memory, best performing consistent hash algorithm", 2023): jump hash that can remove
//! any bucket, not only the last, and still moves only that bucket's keys.
//!
//! Jump hash numbers its buckets 0 to n - 1 and can only drop the last. Memento keeps
//! jump's b-array of n buckets and remembers each removed bucket with two numbers: its
//! replacer (the size of the working set just after it left, which is also the bucket that
//! stands in for it) and the bucket removed before it.
//!
//! - A key goes to jump(h, n), h = XXH64(key, seed 0). If that bucket was removed, the key
//!   is hashed again with the bucket as the seed, XXH64(key, b), taken modulo the replacer
//!   (a bucket among those working when b left), and replacements are followed until a
//!   working bucket is reached.
//! - Removing the last bucket while nothing else is removed is jump's own shrink.
//! - Adding a bucket brings back the last one removed, or appends one.
//!
//! The hashes are the authors' reference implementation's (XXH64); the algorithm is the
//! paper's.
//!
//! ```
//! use ringlab_core::schemes::memento::{key_hash, Memento};
//! use ringlab_core::schemes::jump::jump_bucket;
//! let mut memento = Memento::new(10);
//! let key = b"user:42";
//! // With nothing removed, it is jump hash.
//! assert_eq!(memento.bucket(key), jump_bucket(key_hash(key), 10));
//! // Remove bucket 3: only its keys move.
//! let keys: Vec<String> = (0..1000).map(|i| format!("k{i}")).collect();
//! let before: Vec<u32> = keys.iter().map(|k| memento.bucket(k.as_bytes()).unwrap()).collect();
//! memento.remove(3).unwrap();
//! for (k, &was) in keys.iter().zip(&before) {
//!     let now = memento.bucket(k.as_bytes()).unwrap();
//!     assert!(now == was || was == 3);
//!     assert_ne!(now, 3);
//! }
//! assert_eq!(memento.working(), 9);
//! ```

use std::collections::BTreeMap;

use xxhash_rust::xxh64::xxh64;

use super::jump::jump_bucket;
use crate::ConfigError;

/// A key's 64-bit hash, jump's input: XXH64 with seed 0.
pub fn key_hash(key: &[u8]) -> u64 {
    xxh64(key, 0)
}

/// What Memento remembers of a removed bucket.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Removed {
    /// The working set's size just after the removal: the rehash's range.
    replacer: u32,
    /// The bucket removed before this one.
    previous: u32,
}

/// Buckets 0 to n - 1, some of them removed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Memento {
    /// n, the b-array's size.
    size: u32,
    removed: BTreeMap<u32, Removed>,
    /// The bucket the next [`Memento::add`] brings back (n when none is removed).
    last_removed: u32,
}

impl Memento {
    /// `buckets` working buckets, 0 to `buckets - 1` (at least 1).
    pub fn new(buckets: u32) -> Memento {
        let size = buckets.max(1);
        Memento {
            size,
            removed: BTreeMap::new(),
            last_removed: size,
        }
    }

    /// How many buckets work.
    pub fn working(&self) -> u32 {
        self.size - self.removed.len() as u32
    }

    /// The b-array's size: the working buckets and the removed ones below the largest.
    pub fn size(&self) -> u32 {
        self.size
    }

    /// Whether `bucket` works.
    pub fn works(&self, bucket: u32) -> bool {
        bucket < self.size && !self.removed.contains_key(&bucket)
    }

    fn replacer(&self, bucket: u32) -> Option<u32> {
        self.removed.get(&bucket).map(|r| r.replacer)
    }

    /// The working bucket `key` goes to.
    pub fn bucket(&self, key: &[u8]) -> Option<u32> {
        let mut b = jump_bucket(key_hash(key), self.size)?;
        let mut replacer = self.replacer(b);
        while let Some(range) = replacer {
            b = (xxh64(key, u64::from(b)) % u64::from(range)) as u32;
            // A removed bucket inside the range hands on to its own replacer, until a
            // working bucket, or one removed earlier (its replacer below the range).
            let mut next = self.replacer(b);
            while let Some(r) = next.filter(|&r| r >= range) {
                b = r;
                next = self.replacer(b);
            }
            replacer = next;
        }
        Some(b)
    }

    /// Removes a working bucket; the last working one stays.
    pub fn remove(&mut self, bucket: u32) -> Result<(), ConfigError> {
        if !self.works(bucket) {
            return Err(ConfigError::Invalid(format!(
                "bucket {bucket} is not a working bucket"
            )));
        }
        if self.working() == 1 {
            return Err(ConfigError::Invalid("the last working bucket stays".into()));
        }
        if self.removed.is_empty() && bucket == self.size - 1 {
            // Jump's own shrink.
            self.size -= 1;
            self.last_removed = self.size;
            return Ok(());
        }
        let replacer = self.working() - 1;
        self.removed.insert(
            bucket,
            Removed {
                replacer,
                previous: self.last_removed,
            },
        );
        self.last_removed = bucket;
        Ok(())
    }

    /// Adds a bucket: the last one removed comes back, or a new one is appended. Returns it.
    pub fn add(&mut self) -> u32 {
        let bucket = self.last_removed;
        self.last_removed = match self.removed.remove(&bucket) {
            Some(removed) => removed.previous,
            None => bucket + 1,
        };
        self.size = self.size.max(bucket + 1);
        bucket
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn removals_are_checked_and_adds_come_back_in_reverse() {
        let mut memento = Memento::new(5);
        assert!(memento.remove(5).is_err());
        memento.remove(1).unwrap();
        assert!(memento.remove(1).is_err(), "already removed");
        memento.remove(3).unwrap();
        assert_eq!(memento.working(), 3);
        assert_eq!(memento.add(), 3);
        assert_eq!(memento.add(), 1);
        assert_eq!(
            memento.add(),
            5,
            "nothing removed: a new bucket is appended"
        );
        assert_eq!((memento.working(), memento.size()), (6, 6));
        // Jump's own shrink, then the last working bucket stays.
        let mut two = Memento::new(2);
        two.remove(1).unwrap();
        assert_eq!(two.size(), 1);
        assert!(two.remove(0).is_err());
        assert_eq!(two.bucket(b"any"), Some(0));
    }
}
