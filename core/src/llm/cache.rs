//! A worker's prefix cache: the blocks it holds, evicted least recently used first.
//!
//! Before a request is placed, its cached blocks are the leading run of its block ids
//! the cache holds. Then its blocks are touched from last to first, so the first block
//! is the most recent and a prompt's prefix outlives its tail.
//!
//! ```
//! use ringlab_core::llm::cache::PrefixCache;
//! let mut cache = PrefixCache::new(3);
//! cache.touch(&[1, 2, 3, 4]);
//! assert_eq!(cache.cached_prefix(&[1, 2, 9]), 2);
//! assert_eq!(cache.cached_prefix(&[1, 2, 3, 4]), 3, "4 went first");
//! assert_eq!(cache.cached_prefix(&[9, 1, 2]), 0, "a prefix starts at the first block");
//! ```

use std::collections::{BTreeMap, HashMap};

/// At most `capacity` blocks, each with the time it was last touched.
#[derive(Debug, Clone, Default)]
pub struct PrefixCache {
    capacity: usize,
    clock: u64,
    touched: HashMap<u64, u64>,
    by_time: BTreeMap<u64, u64>,
}

impl PrefixCache {
    pub fn new(capacity: usize) -> PrefixCache {
        PrefixCache {
            capacity,
            ..PrefixCache::default()
        }
    }

    /// How many of `blocks`, from the first, the cache holds in a row.
    pub fn cached_prefix(&self, blocks: &[u64]) -> usize {
        blocks
            .iter()
            .take_while(|b| self.touched.contains_key(b))
            .count()
    }

    /// Touches `blocks` from last to first: each becomes the most recent, inserted if
    /// absent, and the least recent leave past the capacity.
    pub fn touch(&mut self, blocks: &[u64]) {
        for &block in blocks.iter().rev() {
            self.clock += 1;
            if let Some(before) = self.touched.insert(block, self.clock) {
                self.by_time.remove(&before);
            }
            self.by_time.insert(self.clock, block);
            while self.touched.len() > self.capacity {
                let Some((_, oldest)) = self.by_time.pop_first() else {
                    break;
                };
                self.touched.remove(&oldest);
            }
        }
    }

    /// Blocks held.
    pub fn len(&self) -> usize {
        self.touched.len()
    }

    pub fn is_empty(&self) -> bool {
        self.touched.is_empty()
    }
}
