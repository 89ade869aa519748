//! dgryski/go-maglev (Go): Maglev with SipHash-2-4 names, no weights, and a `Rebuild`
//! that skips dead backends only when their indices come in ascending order.
//!
//! ```
//! use ringlab_core::schemes::maglev_go::table;
//! let names = ["backend-0", "backend-1", "backend-2"].map(String::from);
//! assert_eq!(table(&names, 7, &[]).unwrap(), vec![1, 2, 0, 2, 0, 1, 0]);
//! assert_eq!(table(&names, 7, &[1]).unwrap(), vec![0, 2, 0, 2, 0, 2, 0]);
//! ```

use crate::ConfigError;
use siphasher::sip::SipHasher24;

/// go-maglev's `SmallM`, the size its examples use.
pub const SMALL_M: u64 = 65537;
/// The largest table built here (go-maglev's `BigM`).
pub const BIG_M: u64 = 655_373;

/// A backend's offset and skip: one SipHash-2-4 (k0 = 0xdeadbeefcafebabe, k1 = 0) of its
/// name gives both, `(h >> 32) % M` and `(h & 0xffffffff) % (M - 1) + 1`.
pub fn offset_and_skip(name: &str, m: u64) -> (u64, u64) {
    let h = SipHasher24::new_with_keys(0xdead_beef_cafe_babe, 0).hash(name.as_bytes());
    ((h >> 32) % m, (h & 0xffff_ffff) % (m - 1) + 1)
}

/// The table as `New(names, M)` then `Rebuild(dead)` fill it: rounds over the backends in
/// list order, each taking its next free preferred slot. `dead` is read as go-maglev
/// reads it, matching only the head of the list in each round, so `[3, 1]` skips 3 alone.
pub fn table(names: &[String], m: u64, dead: &[usize]) -> Result<Vec<usize>, ConfigError> {
    if !(2..=BIG_M).contains(&m) || !super::maglev::is_prime(m) {
        return Err(ConfigError::OutOfRange {
            what: "go-maglev's table size",
            range: format!("a prime from 2 to {BIG_M} (go-maglev loops forever on some others)"),
            value: m.to_string(),
        });
    }
    let skipped = |i: usize| {
        // The head-only test, replayed: follow the list while its head matches.
        let mut d = dead;
        for j in 0..=i {
            if d.first() == Some(&j) {
                if j == i {
                    return true;
                }
                d = &d[1..];
            }
        }
        false
    };
    let live: Vec<usize> = (0..names.len()).filter(|&i| !skipped(i)).collect();
    if live.is_empty() {
        return Err(ConfigError::Invalid(
            "go-maglev needs at least one live backend".into(),
        ));
    }
    let prefs: Vec<(u64, u64)> = names.iter().map(|n| offset_and_skip(n, m)).collect();
    let mut next = vec![0u64; names.len()];
    let mut entry = vec![usize::MAX; m as usize];
    let mut filled = 0;
    loop {
        for &i in &live {
            let (offset, skip) = prefs[i];
            let mut c = (offset + next[i] * skip) % m;
            while entry[c as usize] != usize::MAX {
                next[i] += 1;
                c = (offset + next[i] * skip) % m;
            }
            next[i] += 1;
            entry[c as usize] = i;
            filled += 1;
            if filled == m {
                return Ok(entry);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sip_hashes_give_the_public_offsets_and_skips() {
        assert_eq!(offset_and_skip("backend-0", 7), (2, 4));
        assert_eq!(offset_and_skip("web-a:80", 11), (7, 7));
        assert_eq!(offset_and_skip("web-b:80", 11), (8, 10));
        assert_eq!(offset_and_skip("web-c:80", 11), (9, 8));
        let h = SipHasher24::new_with_keys(0xdead_beef_cafe_babe, 0).hash(b"web-a:80");
        assert_eq!(h, 5454908479618165748);
    }

    #[test]
    fn dead_indices_out_of_order_skip_only_the_head() {
        let names: Vec<String> = (0..5).map(|i| format!("b{i}")).collect();
        let out_of_order = table(&names, 11, &[3, 1]).unwrap();
        assert!(out_of_order.contains(&1) && !out_of_order.contains(&3));
        let sorted = table(&names, 11, &[1, 3]).unwrap();
        assert!(!sorted.contains(&1) && !sorted.contains(&3));
        assert!(table(&names, 12, &[]).is_err());
        assert!(table(&names[..1], 7, &[0]).is_err());
    }
}
