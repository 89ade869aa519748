//! The one tie rule of the schemes that score every server for a key (rendezvous in its
//! forms): the highest score wins, and of equal scores the server listed first. A lookup
//! ([`first_highest`]) and a ranking ([`ranking`]) both compare through [`higher_first`],
//! so a key's owner is always the first of its ranking.
//!
//! ```
//! use ringlab_core::schemes::ranking::{first_highest, ranking, ranking_from};
//! let scores = [0.5, 2.0, 2.0, 1.0];
//! assert_eq!(first_highest(scores), Some(1));
//! assert_eq!(ranking(&scores), vec![1, 2, 3, 0]);
//! // A system with its own pick puts it first and ranks the rest alike.
//! assert_eq!(ranking_from(Some(2), &scores), vec![2, 1, 3, 0]);
//! assert_eq!(first_highest([]), None);
//! ```

use std::cmp::Ordering;

/// Two scores in ranking order: the higher one first. Scores compare by value, so -0.0
/// equals 0.0 as it does for the systems' `>`; NaN, which no valid weight gives, ranks last.
pub fn higher_first(a: f64, b: f64) -> Ordering {
    b.partial_cmp(&a)
        .unwrap_or_else(|| a.is_nan().cmp(&b.is_nan()))
}

/// The index of the first highest score; `None` without scores.
pub fn first_highest(scores: impl IntoIterator<Item = f64>) -> Option<usize> {
    let mut best: Option<(usize, f64)> = None;
    for (i, score) in scores.into_iter().enumerate() {
        if best.map_or(true, |(_, top)| higher_first(score, top) == Ordering::Less) {
            best = Some((i, score));
        }
    }
    best.map(|(i, _)| i)
}

/// Every index by descending score, equal scores in index order. Its first is
/// [`first_highest`]'s.
pub fn ranking(scores: &[f64]) -> Vec<usize> {
    let mut order: Vec<usize> = (0..scores.len()).collect();
    order.sort_by(|&a, &b| higher_first(scores[a], scores[b]).then(a.cmp(&b)));
    order
}

/// `first` (the system's own pick, for a system with another tie rule), then the other
/// indices as [`ranking`] orders them. Without `first`, the ranking itself.
pub fn ranking_from(first: Option<usize>, scores: &[f64]) -> Vec<usize> {
    let mut order = ranking(scores);
    if let Some(at) = first.and_then(|f| order.iter().position(|&i| i == f)) {
        let pick = order.remove(at);
        order.insert(0, pick);
    }
    order
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zeros_of_either_sign_tie_and_nan_ranks_last() {
        assert_eq!(first_highest([0.0, -0.0]), Some(0));
        assert_eq!(first_highest([-0.0, 0.0]), Some(0));
        assert_eq!(ranking(&[-0.0, 0.0]), vec![0, 1]);
        assert_eq!(first_highest([f64::NAN, 1.0]), Some(1));
        assert_eq!(ranking(&[f64::NAN, 1.0, f64::NAN]), vec![1, 0, 2]);
    }

    #[test]
    fn the_first_of_a_ranking_is_the_first_highest() {
        let mut x = 7u64;
        for _ in 0..200 {
            // A few distinct values, so ties are common.
            let scores: Vec<f64> = (0..9)
                .map(|_| {
                    x = x.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
                    ((x >> 60) % 4) as f64
                })
                .collect();
            assert_eq!(
                ranking(&scores).first().copied(),
                first_highest(scores.clone())
            );
        }
    }
}
