//! One key's walk: the buckets it jumps to on the way to its bucket, step by step, and the
//! table of ch(k, n) that shows keys only ever moving to the newest bucket.

use ringlab_core::hash::key_hash;
use ringlab_core::schemes::jump::{jump_bucket, jump_walk};

use super::params::JumpParams;
use crate::format::grouped;

/// The walk of the params' key over n buckets, as far as `step` shows it.
#[derive(Debug, Clone, PartialEq)]
pub struct Walk {
    pub key: String,
    /// The key's 64-bit hash (XXH3-64, seed 0), jump's input.
    pub hash: u64,
    pub n: u32,
    /// Every bucket the walk visits, 0 first, the key's bucket last.
    pub visits: Vec<u32>,
    /// The first jump at or past n, where the walk stops.
    pub stop: Option<u64>,
    /// Steps shown: 1 is bucket 0; `visits.len() + 1` is the stop as well.
    pub shown: usize,
}

impl Walk {
    pub fn of(params: &JumpParams) -> Walk {
        let key = params.key().to_string();
        let hash = key_hash(key.as_bytes());
        let n = params.n as u32;
        let (visits, stop) = jump_walk(hash, n);
        let steps = visits.len() + 1;
        Walk {
            key,
            hash,
            n,
            visits,
            stop,
            shown: (params.step as usize).min(steps),
        }
    }

    /// Every step: the visits, then the stop.
    pub fn steps(&self) -> usize {
        self.visits.len() + 1
    }

    /// True when the whole walk is shown.
    pub fn done(&self) -> bool {
        self.shown == self.steps()
    }

    /// The key's bucket.
    pub fn bucket(&self) -> u32 {
        self.visits.last().copied().unwrap_or(0)
    }

    /// The visits shown so far.
    pub fn visited(&self) -> &[u32] {
        &self.visits[..self.shown.min(self.visits.len())]
    }

    /// What the step shown last did, in words.
    pub fn narration(&self) -> String {
        let n = self.n;
        match self.shown {
            0 => format!(
                "Every key starts in bucket 0. Its hash seeds a random sequence that says where \
                 it jumps next; {} buckets will stop the walk.",
                grouped(u64::from(n))
            ),
            1 => "Step 1: bucket 0, where every key starts.".to_string(),
            s if s <= self.visits.len() => format!(
                "Step {s}: jump from bucket {} to bucket {}.",
                self.visits[s - 2],
                self.visits[s - 1]
            ),
            _ => {
                let past = match self.stop {
                    Some(stop) => format!("bucket {}", grouped(stop)),
                    None => "beyond any bucket".to_string(),
                };
                format!(
                    "The next jump would land at {past}, past the last of the {} buckets: \
                     the walk stops, and {:?} belongs to bucket {}. With more buckets, the \
                     same walk would go on from there.",
                    grouped(u64::from(n)),
                    self.key,
                    self.bucket()
                )
            }
        }
    }
}

/// The table's keys: small integers as the reference C code takes them, so anyone can
/// check them.
pub const TABLE_KEYS: [u64; 6] = [1, 2, 3, 4, 5, 42];
/// The table's columns: n = 1 to 14.
pub const TABLE_BUCKETS: u32 = 14;

/// ch(k, n) for each of `keys` and n = 1 to [`TABLE_BUCKETS`].
pub fn table(keys: &[u64]) -> Vec<Vec<u32>> {
    keys.iter()
        .map(|&k| {
            (1..=TABLE_BUCKETS)
                .map(|n| jump_bucket(k, n).unwrap_or(0))
                .collect()
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The table against the reference C code (go-jump's test vectors, generated from it,
    /// give key 1 as below): a key either stays or moves to the newest bucket.
    #[test]
    fn the_table_only_ever_moves_keys_to_the_newest_bucket() {
        let rows = table(&TABLE_KEYS);
        assert_eq!(rows[0], [0, 0, 0, 0, 0, 0, 6, 6, 6, 6, 6, 6, 6, 6]);
        assert_eq!(rows[5][13], jump_bucket(42, 14).unwrap());
        for row in &rows {
            for n in 1..row.len() {
                assert!(row[n] == row[n - 1] || row[n] == n as u32, "{row:?}");
            }
        }
    }

    #[test]
    fn the_walk_is_told_step_by_step() {
        let mut params = JumpParams::default();
        let walk = Walk::of(&params);
        assert!(walk.done());
        assert_eq!(walk.hash, key_hash(b"photo42"));
        assert_eq!(
            (walk.visits.clone(), walk.stop),
            (vec![0, 1, 2, 6, 9], Some(16))
        );
        assert_eq!(Some(walk.bucket()), jump_bucket(walk.hash, 10));
        assert!(walk
            .narration()
            .contains(&format!("belongs to bucket {}", walk.bucket())));
        params.step = 0;
        assert!(Walk::of(&params)
            .narration()
            .starts_with("Every key starts in bucket 0"));
        params.step = 1;
        assert_eq!(
            Walk::of(&params).narration(),
            "Step 1: bucket 0, where every key starts."
        );
        params.step = 2;
        let walk = Walk::of(&params);
        if walk.visits.len() > 1 {
            assert_eq!(
                walk.narration(),
                format!("Step 2: jump from bucket 0 to bucket {}.", walk.visits[1])
            );
        }
    }
}
