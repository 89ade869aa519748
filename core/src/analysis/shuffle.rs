//! Shuffle sharding: each customer gets its own `k` of `n` workers, drawn at random, so a
//! customer that breaks its workers takes down only the customers whose whole set lies
//! inside those `k` (the AWS Builders' Library, "Workload isolation using shuffle
//! sharding"). Exact combinatorics: two sets of `k` drawn uniformly from `n`.

use super::durability::binomial;
use crate::hash::seeded_hash;

/// Customer `customer`'s shuffle shard: `k` of workers `0..n`, sorted, drawn by ranking
/// every worker by a hash of its number seeded with the customer (the worker's number as
/// 8 little-endian bytes, [`seeded_hash`]). Fixed for a customer, and independent between
/// customers. `k` above `n` gives all `n`.
///
/// ```
/// use ringlab_core::analysis::shuffle::shard;
/// assert_eq!(shard(8, 2, 1), shard(8, 2, 1));
/// assert_eq!(shard(8, 2, 1).len(), 2);
/// assert_eq!(shard(3, 5, 1), vec![0, 1, 2]);
/// ```
pub fn shard(n: u64, k: u64, customer: u64) -> Vec<u64> {
    let mut ranked: Vec<(u64, u64)> = (0..n)
        .map(|w| (seeded_hash(&w.to_le_bytes(), customer), w))
        .collect();
    ranked.sort_unstable();
    let mut chosen: Vec<u64> = ranked
        .into_iter()
        .take(k as usize)
        .map(|(_, w)| w)
        .collect();
    chosen.sort_unstable();
    chosen
}

/// How many shard sets of `k` workers `n` workers give: `C(n, k)`, saturating at
/// `u128::MAX` (0 when `k > n`).
///
/// ```
/// use ringlab_core::analysis::shuffle::shard_sets;
/// assert_eq!(shard_sets(8, 2), 28);
/// assert_eq!(shard_sets(2_048, 4), 730_862_190_080);
/// ```
pub fn shard_sets(n: u64, k: u64) -> u128 {
    binomial(n, k)
}

/// The chance that a second customer's `k` workers are exactly the first's: `1 / C(n, k)`.
/// Computed as the product `k/n · (k-1)/(n-1) · ...`, so it never overflows. NaN when
/// `k > n` (no such set); 1 when `k = 0`.
///
/// ```
/// use ringlab_core::analysis::shuffle::share_all;
/// assert!((share_all(8, 2) - 1.0 / 28.0).abs() < 1e-15);
/// ```
pub fn share_all(n: u64, k: u64) -> f64 {
    if k > n {
        return f64::NAN;
    }
    (0..k).map(|i| (k - i) as f64 / (n - i) as f64).product()
}

/// The chance that two customers share at least one worker: `1 - C(n-k, k) / C(n, k)`,
/// the product form again. 1 when `2k > n` (two sets that large must meet); 0 when
/// `k = 0`; NaN when `k > n`.
///
/// ```
/// use ringlab_core::analysis::shuffle::share_any;
/// assert!((share_any(8, 2) - 13.0 / 28.0).abs() < 1e-15);
/// ```
pub fn share_any(n: u64, k: u64) -> f64 {
    if k > n {
        return f64::NAN;
    }
    if 2 * k > n {
        return 1.0;
    }
    let apart: f64 = (0..k)
        .map(|i| (n - k - i) as f64 / (n - i) as f64)
        .product();
    1.0 - apart
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every pair of `k`-subsets of `n`, counted by brute force: how many pairs are equal,
    /// how many meet, and how many there are.
    fn enumerate(n: u32, k: u32) -> (u64, u64, u64) {
        let sets: Vec<u32> = (0u32..1 << n).filter(|s| s.count_ones() == k).collect();
        let (mut equal, mut meet) = (0, 0);
        for a in &sets {
            for b in &sets {
                equal += u64::from(a == b);
                meet += u64::from(a & b != 0);
            }
        }
        (equal, meet, (sets.len() * sets.len()) as u64)
    }

    #[test]
    fn the_formulas_match_brute_force_enumeration() {
        for n in 1..=10u32 {
            for k in 1..=n {
                let (equal, meet, pairs) = enumerate(n, k);
                let (n64, k64) = (u64::from(n), u64::from(k));
                let sets = shard_sets(n64, k64) as u64;
                assert_eq!(sets * sets, pairs, "n {n} k {k}");
                let all = equal as f64 / pairs as f64;
                let any = meet as f64 / pairs as f64;
                assert!((share_all(n64, k64) - all).abs() < 1e-12, "n {n} k {k}");
                assert!((share_any(n64, k64) - any).abs() < 1e-12, "n {n} k {k}");
            }
        }
    }

    #[test]
    fn a_shard_is_k_distinct_workers() {
        for customer in 0..50 {
            let s = shard(16, 4, customer);
            assert_eq!(s.len(), 4);
            assert!(s.windows(2).all(|w| w[0] < w[1]) && s.iter().all(|&w| w < 16));
        }
        // Customers get different sets: 50 customers, 1,820 sets, few collisions.
        let mut sets: Vec<Vec<u64>> = (0..50).map(|c| shard(16, 4, c)).collect();
        sets.sort();
        sets.dedup();
        assert!(sets.len() >= 45, "{}", sets.len());
        assert!(shard(0, 3, 1).is_empty());
    }

    #[test]
    fn edges_say_what_they_mean() {
        assert!(share_all(3, 4).is_nan() && share_any(3, 4).is_nan());
        assert_eq!(share_all(5, 0), 1.0);
        assert_eq!(share_any(5, 0), 0.0);
        assert_eq!(share_any(5, 3), 1.0);
        assert_eq!(shard_sets(3, 4), 0);
        // Route 53's 2,048 virtual name servers, four per domain.
        assert!((share_all(2_048, 4) * 730_862_190_080.0 - 1.0).abs() < 1e-9);
    }
}
