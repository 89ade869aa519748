//! The counts: keys moved when a bucket is added, when a middle bucket is removed from
//! jump (which renumbers), and when MementoHash removes the same bucket.

use ringlab_core::hash::key_hash;
use ringlab_core::schemes::jump::jump_bucket;
use ringlab_core::schemes::memento::Memento;

use super::params::JumpParams;

/// The counted keys: `key-0`, `key-1`, ...
pub fn key_names(count: u64) -> Vec<String> {
    (0..count).map(|i| format!("key-{i}")).collect()
}

/// What one change moved, counted exactly over the keys.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Moved {
    pub keys: u64,
    pub moved: u64,
    /// The share theory expects to move.
    pub expected: f64,
}

impl Moved {
    /// The binomial spread of the count around `keys * expected`.
    pub fn spread(&self) -> f64 {
        (self.keys as f64 * self.expected * (1.0 - self.expected)).sqrt()
    }
}

/// All three changes, counted.
#[derive(Debug, Clone, PartialEq)]
pub struct Moves {
    pub n: u32,
    pub removed: u32,
    /// n to n + 1: the keys that go to the new bucket n.
    pub grow: Moved,
    /// Keys per bucket after growing, the new bucket last.
    pub grown_loads: Vec<u64>,
    /// Bucket `removed` taken out of jump: the servers after it renumbered.
    pub renumber: Moved,
    /// The same bucket removed by MementoHash.
    pub memento: Moved,
    /// Keys Memento moved that were not on the removed bucket (zero, by design).
    pub memento_strays: u64,
}

impl Moves {
    pub fn of(params: &JumpParams) -> Moves {
        let n = params.n as u32;
        let removed = (params.remove as u32).min(n.saturating_sub(1));
        let names = key_names(params.keys);
        let hashes: Vec<u64> = names.iter().map(|k| key_hash(k.as_bytes())).collect();
        let keys = params.keys;
        let bucket = |h: u64, n: u32| jump_bucket(h, n).unwrap_or(0);

        let mut grown_loads = vec![0u64; n as usize + 1];
        let mut grew = 0;
        for &h in &hashes {
            let after = bucket(h, n + 1);
            grown_loads[after as usize] += 1;
            grew += u64::from(after == n);
        }

        // Jump without bucket `removed`: n - 1 buckets, the servers after it one lower.
        let server_after = |position: u32| {
            if position >= removed {
                position + 1
            } else {
                position
            }
        };
        let renumbered = if n > 1 {
            hashes
                .iter()
                .filter(|&&h| bucket(h, n) != server_after(bucket(h, n - 1)))
                .count() as u64
        } else {
            0
        };

        let mut memento = Memento::new(n);
        let before: Vec<Option<u32>> = names.iter().map(|k| memento.bucket(k.as_bytes())).collect();
        let removable = n > 1 && memento.remove(removed).is_ok();
        let (mut moved, mut strays) = (0, 0);
        if removable {
            for (k, was) in names.iter().zip(&before) {
                if memento.bucket(k.as_bytes()) != *was {
                    moved += 1;
                    strays += u64::from(*was != Some(removed));
                }
            }
        }
        let share = |m: u32| if n > 1 { 1.0 / f64::from(m) } else { 0.0 };
        Moves {
            n,
            removed,
            grow: Moved {
                keys,
                moved: grew,
                expected: 1.0 / f64::from(n + 1),
            },
            grown_loads,
            renumber: Moved {
                keys,
                moved: renumbered,
                expected: renumber_expected(n, removed),
            },
            memento: Moved {
                keys,
                moved,
                expected: share(n),
            },
            memento_strays: strays,
        }
    }
}

/// The share of keys that change server when jump loses bucket `r` of `n`: every key of
/// the buckets after r moves (they are renumbered one lower), r's own keys move, and of
/// the last bucket's, those that land on the position its server now has stay.
pub fn renumber_expected(n: u32, r: u32) -> f64 {
    if n < 2 {
        return 0.0;
    }
    let n = f64::from(n);
    let r = f64::from(r);
    // Buckets r .. n - 1 hold (n - r) / n of the keys. Of those, the last bucket's keys
    // (1/n) land evenly on n - 1 positions, one of which (n - 2) is its server's own.
    if r == n - 1.0 {
        // The last bucket removed: jump's own shrink, only its keys move.
        return 1.0 / n;
    }
    (n - r) / n - 1.0 / (n * (n - 1.0))
}

#[cfg(test)]
mod tests {
    use super::*;
    use ringlab_core::schemes::memento::key_hash as memento_key_hash;

    #[test]
    fn growing_moves_about_one_in_n_plus_one_and_only_to_the_new_bucket() {
        let moves = Moves::of(&JumpParams::default());
        let grow = moves.grow;
        assert_eq!(grow.keys, 10_000);
        assert!((grow.expected - 1.0 / 11.0).abs() < 1e-12);
        let off = (grow.moved as f64 - 10_000.0 / 11.0).abs();
        assert!(off < 4.0 * grow.spread(), "{} moved", grow.moved);
        assert_eq!(moves.grown_loads[10], grow.moved);
        assert_eq!(moves.grown_loads.iter().sum::<u64>(), 10_000);
    }

    /// Bucket 3 of 10: about 1 - 3/10 of the keys change server under jump; Memento moves
    /// bucket 3's keys, about a tenth, and none other.
    #[test]
    fn removing_bucket_3_of_10() {
        let moves = Moves::of(&JumpParams::default());
        assert!((moves.renumber.expected - (0.7 - 1.0 / 90.0)).abs() < 1e-12);
        let share = moves.renumber.moved as f64 / 10_000.0;
        assert!((share - moves.renumber.expected).abs() < 0.02, "{share}");
        assert_eq!(moves.memento_strays, 0);
        // Memento moves exactly the keys it had put on bucket 3: jump's bucket of the key's
        // XXH64 (Memento's own key hash, not the jump view's), counted here. The e2e test
        // reads the same 986 on the page.
        let on_3 = key_names(10_000)
            .iter()
            .filter(|k| jump_bucket(memento_key_hash(k.as_bytes()), 10) == Some(3))
            .count() as u64;
        assert_eq!((moves.memento.moved, on_3), (986, 986));
        // The last bucket removed: jump's shrink, a tenth each way.
        let last = Moves::of(&JumpParams {
            remove: 9,
            ..JumpParams::default()
        });
        assert!((last.renumber.expected - 0.1).abs() < 1e-12);
        assert!((last.renumber.moved as f64 / 10_000.0 - 0.1).abs() < 0.015);
        // One bucket: nothing to remove.
        let one = Moves::of(&JumpParams {
            n: 1,
            remove: 0,
            ..JumpParams::default()
        });
        assert_eq!((one.renumber.moved, one.memento.moved), (0, 0));
    }
}
