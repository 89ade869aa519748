//! The power of two choices: `n` balls into `n` bins, each ball either into one bin drawn
//! at random or into the less loaded of two (Azar, Broder, Karlin and Upfal, "Balanced
//! Allocations", STOC 1994; Mitzenmacher, "The Power of Two Choices in Randomized Load
//! Balancing", 2001).
//!
//! With one choice the busiest bin holds about `ln n / ln ln n` balls; with two it holds
//! `ln ln n / ln 2 + O(1)`. Both are growth rates, not predictions: the constant terms
//! matter at any `n` a reader can try, so the lab measures the busiest bin and shows the
//! formulas beside the measurement, never instead of it.
//!
//! Every run draws from a PCG seeded by its caller, so a seed gives the same loads on
//! every platform.

use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64;

/// The loads of `bins` bins after `balls` balls, each placed in the least loaded of
/// `choices` bins drawn uniformly at random (with replacement; a tie goes to the bin drawn
/// first), from `seed`. `choices` below 1 counts as 1. No bins: an empty vector (no ball
/// can be placed).
///
/// ```
/// use ringlab_core::analysis::choices::loads;
/// let one = loads(1_000, 1_000, 1, 7);
/// let two = loads(1_000, 1_000, 2, 7);
/// assert_eq!(one.iter().sum::<u32>(), 1_000);
/// assert_eq!(two.iter().sum::<u32>(), 1_000);
/// // The same seed, the same loads.
/// assert_eq!(loads(1_000, 1_000, 2, 7), two);
/// assert_eq!(one.iter().max(), Some(&6));
/// assert_eq!(two.iter().max(), Some(&3));
/// ```
pub fn loads(balls: u32, bins: usize, choices: usize, seed: u64) -> Vec<u32> {
    let mut load = vec![0u32; bins];
    if bins == 0 {
        return load;
    }
    let mut rng = Pcg64::seed_from_u64(seed);
    let mut draw = || rng.random_range(0..bins as u64) as usize;
    for _ in 0..balls {
        let mut best = draw();
        for _ in 1..choices.max(1) {
            let other = draw();
            if load[other] < load[best] {
                best = other;
            }
        }
        load[best] += 1;
    }
    load
}

/// How many bins hold each load: `histogram(l)[k]` bins hold `k` balls.
pub fn histogram(loads: &[u32]) -> Vec<usize> {
    let top = loads.iter().copied().max().unwrap_or(0) as usize;
    let mut count = vec![0usize; top + 1];
    for &l in loads {
        count[l as usize] += 1;
    }
    count
}

/// The busiest bin over several runs: its mean, smallest and largest.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Busiest {
    pub runs: u32,
    pub mean: f64,
    pub min: u32,
    pub max: u32,
}

/// The busiest bin of `runs` runs of `n` balls into `n` bins with `choices` choices, run
/// `r` seeded `seed + r`. No runs or no bins: every figure zero.
///
/// ```
/// use ringlab_core::analysis::choices::busiest;
/// let one = busiest(10_000, 1, 10, 1);
/// let two = busiest(10_000, 2, 10, 1);
/// assert!(two.max < one.min, "at 10,000 bins two choices beat one in every run");
/// ```
pub fn busiest(n: usize, choices: usize, runs: u32, seed: u64) -> Busiest {
    let balls = u32::try_from(n).unwrap_or(u32::MAX);
    let maxima: Vec<u32> = (0..runs)
        .map(|r| {
            let l = loads(balls, n, choices, seed.wrapping_add(u64::from(r)));
            l.into_iter().max().unwrap_or(0)
        })
        .collect();
    if maxima.is_empty() {
        return Busiest {
            runs,
            mean: 0.0,
            min: 0,
            max: 0,
        };
    }
    Busiest {
        runs,
        mean: maxima.iter().map(|&m| f64::from(m)).sum::<f64>() / maxima.len() as f64,
        min: maxima.iter().copied().min().unwrap_or(0),
        max: maxima.iter().copied().max().unwrap_or(0),
    }
}

/// One choice's growth rate, `ln n / ln ln n`: NaN or infinite for `n` up to 3 (the
/// formula is asymptotic).
///
/// ```
/// use ringlab_core::analysis::choices::one_choice_growth;
/// assert!((one_choice_growth(1_000_000) - 5.26).abs() < 0.01);
/// ```
pub fn one_choice_growth(n: usize) -> f64 {
    let ln = (n as f64).ln();
    ln / ln.ln()
}

/// Two choices' growth rate, `ln ln n / ln 2` (the `O(1)` term left out): NaN or negative
/// for `n` up to 2.
///
/// ```
/// use ringlab_core::analysis::choices::two_choice_growth;
/// assert!((two_choice_growth(1_000_000) - 3.79).abs() < 0.01);
/// ```
pub fn two_choice_growth(n: usize) -> f64 {
    (n as f64).ln().ln() / std::f64::consts::LN_2
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The growth rates at two points each, worked by hand: ln 10^6 = 13.8155,
    /// ln 13.8155 = 2.6257; ln 10^3 = 6.9078, ln 6.9078 = 1.9327.
    #[test]
    fn growth_rates_meet_their_formulas_at_two_points() {
        let close = |a: f64, b: f64| (a - b).abs() < 1e-3;
        assert!(
            close(one_choice_growth(1_000_000), 13.8155 / 2.6257),
            "{}",
            one_choice_growth(1_000_000)
        );
        assert!(close(one_choice_growth(1_000), 6.9078 / 1.9327));
        assert!(close(two_choice_growth(1_000_000), 2.6257 / 2f64.ln()));
        assert!(close(two_choice_growth(1_000), 1.9327 / 2f64.ln()));
    }

    #[test]
    fn reference_values_are_pinned() {
        let one = busiest(100_000, 1, 20, 1);
        let two = busiest(100_000, 2, 20, 1);
        assert_eq!((one.min, one.max), (7, 9), "{one:?}");
        assert!((one.mean - 7.75).abs() < 1e-12);
        assert_eq!((two.min, two.max), (3, 4), "{two:?}");
        assert!((two.mean - 3.45).abs() < 1e-12);
        assert_eq!(busiest(0, 2, 5, 1).max, 0);
        assert_eq!(busiest(10, 2, 0, 1).mean, 0.0);
    }

    #[test]
    fn the_histogram_counts_bins_by_load() {
        assert_eq!(histogram(&[0, 2, 2, 1, 0, 0]), vec![3, 1, 2]);
        assert_eq!(histogram(&[]), vec![0], "no bins: none at any load");
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig {
            cases: 64, .. proptest::prelude::ProptestConfig::default()
        })]

        /// Every ball lands in some bin, the busiest bin holds at least the mean, and a
        /// seed gives the same loads twice.
        #[test]
        fn every_ball_is_placed_once(
            balls in 0u32..3_000, bins in 1usize..500, choices in 0usize..5, seed in proptest::num::u64::ANY,
        ) {
            let l = loads(balls, bins, choices, seed);
            proptest::prop_assert_eq!(l.len(), bins);
            proptest::prop_assert_eq!(l.iter().map(|&x| u64::from(x)).sum::<u64>(), u64::from(balls));
            let top = l.iter().copied().max().unwrap_or(0) as usize;
            proptest::prop_assert!(top * bins >= balls as usize);
            proptest::prop_assert_eq!(&l, &loads(balls, bins, choices, seed));
            let h = histogram(&l);
            proptest::prop_assert_eq!(h.iter().sum::<usize>(), bins);
            proptest::prop_assert_eq!(h.iter().enumerate().map(|(k, c)| k * c).sum::<usize>(), balls as usize);
        }

        /// One choice is plain random placement: each ball where the seeded generator's
        /// next draw says, and zero choices mean one.
        #[test]
        fn one_choice_is_plain_random(balls in 0u32..2_000, bins in 1usize..300, seed in proptest::num::u64::ANY) {
            let mut rng = Pcg64::seed_from_u64(seed);
            let mut plain = vec![0u32; bins];
            for _ in 0..balls {
                plain[rng.random_range(0..bins as u64) as usize] += 1;
            }
            proptest::prop_assert_eq!(&loads(balls, bins, 1, seed), &plain);
            proptest::prop_assert_eq!(&loads(balls, bins, 0, seed), &plain);
        }

        /// The busiest-bin summary is the runs' own maxima.
        #[test]
        fn busiest_summarises_the_runs(n in 1usize..400, choices in 1usize..4, runs in 1u32..6, seed in 0u64..1_000) {
            let maxima: Vec<u32> = (0..runs)
                .map(|r| *loads(n as u32, n, choices, seed + u64::from(r)).iter().max().unwrap())
                .collect();
            let b = busiest(n, choices, runs, seed);
            proptest::prop_assert_eq!(b.min, *maxima.iter().min().unwrap());
            proptest::prop_assert_eq!(b.max, *maxima.iter().max().unwrap());
            let mean = maxima.iter().map(|&m| f64::from(m)).sum::<f64>() / f64::from(runs);
            proptest::prop_assert!((b.mean - mean).abs() < 1e-12);
        }
    }
}
