//! The jump view's sentences with figures: the walk's heading, hash and picture label,
//! the table's caption, and the counts of growing and removing against theory. The view
//! renders them as they are.

use super::moves::{Moved, Moves};
use super::walk::{Walk, TABLE_BUCKETS};
use crate::format::{grouped, hash_hex, percent};

/// The walk's heading: "The walk of "photo42" over 10 buckets".
pub fn walk_heading(walk: &Walk) -> String {
    format!("The walk of {:?} over {} buckets", walk.key, walk.n)
}

/// The key's hash and how many buckets its walk visits.
pub fn hash_line(walk: &Walk) -> String {
    format!(
        "Its 64-bit hash (XXH3-64, seed 0): {}. It visits {} buckets.",
        hash_hex(walk.hash),
        walk.visits.len()
    )
}

/// The walk picture's name: the buckets visited so far.
pub fn walk_label(walk: &Walk) -> String {
    let buckets: Vec<String> = walk.visited().iter().map(u32::to_string).collect();
    format!("The walk of {:?}: buckets {}", walk.key, buckets.join(", "))
}

/// The ch(k, n) table's caption.
pub fn table_caption() -> String {
    format!("ch(k, n), the bucket of key k among n, for n = 1 to {TABLE_BUCKETS}")
}

/// A count against theory: "921 of 10,000 (9.2%); theory 909 ± 29 (9.1%)".
pub fn against(m: &Moved) -> String {
    let expected = m.keys as f64 * m.expected;
    format!(
        "{} of {} ({}); theory {} ± {:.0} ({})",
        grouped(m.moved),
        grouped(m.keys),
        percent(m.moved as f64 / m.keys as f64),
        grouped(expected.round() as u64),
        m.spread(),
        percent(m.expected)
    )
}

/// The growing part's heading: "10 buckets to 11".
pub fn grow_heading(moves: &Moves) -> String {
    format!("{} buckets to {}", moves.n, moves.n + 1)
}

/// What adding bucket n moved, against theory.
pub fn grow_sentence(moves: &Moves) -> String {
    let n = moves.n;
    format!(
        "Adding bucket {n} moved {}: each moved key went to bucket {n}, and none moved \
         between the others. The new bucket fills to its share straight away.",
        against(&moves.grow)
    )
}

/// The bars' name after growing.
pub fn grow_label(moves: &Moves) -> String {
    format!(
        "Keys per bucket after bucket {} is added, {} keys",
        moves.n,
        grouped(moves.grow.keys)
    )
}

/// The removing part's heading.
pub fn remove_heading(moves: &Moves) -> String {
    format!("Removing bucket {} of {}", moves.removed, moves.n)
}

/// What removing bucket r does to jump's numbering (n of at least 2).
pub fn renumbered(moves: &Moves) -> String {
    let (n, r) = (moves.n, moves.removed);
    if r + 1 == n {
        format!(
            "Bucket {r} is the last one: jump simply shrinks to {} buckets, and only its \
             keys move.",
            n - 1
        )
    } else {
        format!(
            "Jump numbers its buckets 0 to {}. Without bucket {r}, buckets {} to {} become \
             {r} to {}: their keys all land on other servers.",
            n - 1,
            r + 1,
            n - 1,
            n - 2
        )
    }
}

/// The removal table's caption.
pub fn removal_caption(moves: &Moves) -> String {
    format!(
        "Keys that change server when bucket {} of {} goes, of {} keys",
        moves.removed,
        moves.n,
        grouped(moves.grow.keys)
    )
}

/// MementoHash's removal: the keys it moved, and those not on the removed bucket.
pub fn memento_sentence(moves: &Moves) -> String {
    format!(
        "MementoHash (Coluzzi et al., 2023) is jump that can remove any bucket. It \
         remembers each removed bucket and sends its keys on to a replacement, so only \
         they move: here {} keys moved, and {} of them had not been on bucket {}.",
        grouped(moves.memento.moved),
        grouped(moves.memento_strays),
        moves.removed
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_numbers::assert_numbers;
    use crate::views::jump::params::JumpParams;
    use ringlab_core::hash::key_hash;
    use ringlab_core::schemes::jump::jump_bucket;
    use ringlab_core::schemes::memento::Memento;

    /// The settings read: (key, n, keys counted, bucket removed).
    const SETTINGS: [(&str, u64, u64, u64); 4] = [
        ("photo42", 10, 10_000, 3),
        ("user:17", 64, 2_000, 40),
        ("abc", 7, 3_001, 6),
        ("k", 2, 500, 0),
    ];

    fn params((key, n, keys, remove): (&str, u64, u64, u64)) -> JumpParams {
        JumpParams {
            key: Some(key.to_string()),
            n,
            keys,
            remove,
            ..JumpParams::default()
        }
    }

    /// The buckets a walk visits, found from ch(k, m) for m = 1 to n on the core: the
    /// walk lands on each bucket the key ever moves to as buckets are added.
    fn visits(hash: u64, n: u32) -> Vec<u32> {
        let mut out: Vec<u32> = Vec::new();
        for m in 1..=n {
            let b = jump_bucket(hash, m).unwrap();
            if out.last() != Some(&b) {
                out.push(b);
            }
        }
        out
    }

    #[test]
    fn the_walk_is_named_by_its_key_hash_and_visits() {
        for s in SETTINGS {
            let walk = Walk::of(&params(s));
            let (key, n) = (s.0, s.1 as u32);
            let hash = key_hash(key.as_bytes());
            let seen = visits(hash, n);
            let heading = walk_heading(&walk);
            assert!(heading.starts_with(&format!("The walk of \"{key}\" over")));
            // "photo42" and "user:17" carry digits of their own.
            let key_digits: Vec<f64> = crate::test_numbers::numbers(key)
                .iter()
                .map(|r| r.value)
                .collect();
            let mut expected = key_digits.clone();
            expected.push(f64::from(n));
            assert_numbers(&heading, &expected);
            // The hash exactly, in sixteen hex digits as the grids show it, then the count
            // (64 in "64-bit", 3 in "XXH3-64", 0 the seed).
            let line = hash_line(&walk);
            let hex = format!("0x{hash:016x}");
            assert!(line.contains(&format!(": {hex}. ")), "{line}");
            assert_numbers(
                &line.replace(&hex, "#"),
                &[64.0, 3.0, 64.0, 0.0, seen.len() as f64],
            );
            let mut expected = key_digits;
            expected.extend(seen.iter().map(|&b| f64::from(b)));
            assert_numbers(&walk_label(&walk), &expected);
        }
        // Part of the walk shown: only the buckets reached so far.
        let mut p = params(SETTINGS[0]);
        p.step = 3;
        let walk = Walk::of(&p);
        assert_numbers(&walk_label(&walk), &[42.0, 0.0, 1.0, 2.0]);
        // The hash line still counts the whole walk.
        let whole = visits(key_hash(b"photo42"), 10).len() as f64;
        let hex = format!("0x{:016x}", key_hash(b"photo42"));
        assert_numbers(
            &hash_line(&walk).replace(&hex, "#"),
            &[64.0, 3.0, 64.0, 0.0, whole],
        );
    }

    #[test]
    fn the_caption_says_the_columns() {
        let rows = crate::views::jump::walk::table(&[1]);
        assert_numbers(&table_caption(), &[1.0, rows[0].len() as f64]);
    }

    /// Growing, counted here on the core: the keys whose bucket among n + 1 is n, against
    /// 1/(n+1) of the keys and the binomial spread sqrt(K p (1 - p)).
    #[test]
    fn growing_is_read_against_a_count_and_one_in_n_plus_one() {
        for s in SETTINGS {
            let moves = Moves::of(&params(s));
            let (n, k) = (s.1 as u32, s.2);
            let went = (0..k)
                .filter(|i| jump_bucket(key_hash(format!("key-{i}").as_bytes()), n + 1) == Some(n))
                .count() as f64;
            let (nf, kf) = (f64::from(n), k as f64);
            let p = 1.0 / (nf + 1.0);
            let theory = [
                went,
                kf,
                went / kf,
                (kf * p).round(),
                (kf * p * (1.0 - p)).sqrt(),
            ];
            assert_numbers(&grow_heading(&moves), &[nf, nf + 1.0]);
            let mut expected = vec![nf];
            expected.extend(theory);
            expected.extend([p, nf]);
            assert_numbers(&grow_sentence(&moves), &expected);
            assert_numbers(&grow_label(&moves), &[nf, kf]);
        }
    }

    /// Removing, counted here on the core: a key changes server under jump when its bucket
    /// among n differs from the server its bucket among n - 1 now names (positions from r
    /// up name the next server); theory 1/n + (n-r-2)/n + (1/n)(n-2)/(n-1), or 1/n for the
    /// last bucket. Memento is run here, its moves counted, and its strays (none).
    #[test]
    fn removing_is_read_against_counts_on_the_core() {
        for s in SETTINGS {
            let moves = Moves::of(&params(s));
            let (n, k, r) = (s.1 as u32, s.2, s.3 as u32);
            let (nf, kf, rf) = (f64::from(n), k as f64, f64::from(r));
            let names: Vec<String> = (0..k).map(|i| format!("key-{i}")).collect();
            let jumped = names
                .iter()
                .filter(|name| {
                    let h = key_hash(name.as_bytes());
                    let after = jump_bucket(h, n - 1).unwrap();
                    let server = if after >= r { after + 1 } else { after };
                    jump_bucket(h, n).unwrap() != server
                })
                .count() as f64;
            let share = if r + 1 == n {
                1.0 / nf
            } else {
                1.0 / nf + (nf - rf - 2.0) / nf + (1.0 / nf) * ((nf - 2.0) / (nf - 1.0))
            };
            let mut memento = Memento::new(n);
            let before: Vec<_> = names.iter().map(|x| memento.bucket(x.as_bytes())).collect();
            memento.remove(r).unwrap();
            let mut moved = 0.0;
            let mut strays = 0.0;
            for (x, was) in names.iter().zip(&before) {
                if memento.bucket(x.as_bytes()) != *was {
                    moved += 1.0;
                    if *was != Some(r) {
                        strays += 1.0;
                    }
                }
            }
            assert_eq!(strays, 0.0);

            assert_numbers(&remove_heading(&moves), &[rf, nf]);
            if r + 1 == n {
                assert_numbers(&renumbered(&moves), &[rf, nf - 1.0]);
            } else {
                assert_numbers(
                    &renumbered(&moves),
                    &[0.0, nf - 1.0, rf, rf + 1.0, nf - 1.0, rf, nf - 2.0],
                );
            }
            assert_numbers(&removal_caption(&moves), &[rf, nf, kf]);
            let spread = |p: f64| (kf * p * (1.0 - p)).sqrt();
            assert_numbers(
                &against(&moves.renumber),
                &[
                    jumped,
                    kf,
                    jumped / kf,
                    (kf * share).round(),
                    spread(share),
                    share,
                ],
            );
            assert_numbers(
                &against(&moves.memento),
                &[
                    moved,
                    kf,
                    moved / kf,
                    (kf / nf).round(),
                    spread(1.0 / nf),
                    1.0 / nf,
                ],
            );
            // "2023" is the paper's year.
            assert_numbers(&memento_sentence(&moves), &[2023.0, moved, strays, rf]);
        }
    }
}
