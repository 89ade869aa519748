//! Summaries of a share vector (or of any list of numbers): mean, max/mean, CV and
//! percentiles. Empty input gives NaN, never a panic.

/// The numbers the lab prints for a share vector.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Summary {
    /// How many values.
    pub count: usize,
    pub mean: f64,
    pub min: f64,
    pub max: f64,
    /// The busiest over the mean: for shares, the busiest server's load over its fair
    /// share `1/N`.
    pub max_over_mean: f64,
    /// Population standard deviation over the mean.
    pub cv: f64,
}

/// Summarises `values` (NaN fields for an empty slice).
///
/// ```
/// use ringlab_core::analysis::stats::summarize;
/// let s = summarize(&[0.1, 0.2, 0.3, 0.4]);
/// assert!((s.mean - 0.25).abs() < 1e-15);
/// assert!((s.max_over_mean - 1.6).abs() < 1e-12);
/// assert!((s.cv - 0.05f64.sqrt() * 2.0).abs() < 1e-12); // std 0.1118 over 0.25
/// ```
pub fn summarize(values: &[f64]) -> Summary {
    let mean = mean(values);
    let (min, max) = if values.is_empty() {
        (f64::NAN, f64::NAN)
    } else {
        values
            .iter()
            .fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), &v| {
                (lo.min(v), hi.max(v))
            })
    };
    Summary {
        count: values.len(),
        mean,
        min,
        max,
        max_over_mean: max / mean,
        cv: cv(values),
    }
}

/// The arithmetic mean (NaN when empty).
pub fn mean(values: &[f64]) -> f64 {
    values.iter().sum::<f64>() / values.len() as f64
}

/// The largest value over the mean (NaN when empty).
pub fn max_over_mean(values: &[f64]) -> f64 {
    values.iter().copied().fold(f64::NAN, f64::max) / mean(values)
}

/// The coefficient of variation: population standard deviation over the mean (NaN when
/// empty).
pub fn cv(values: &[f64]) -> f64 {
    let mean = mean(values);
    let variance =
        values.iter().map(|v| (v - mean) * (v - mean)).sum::<f64>() / values.len() as f64;
    variance.sqrt() / mean
}

/// The `p`-th percentile (`p` in 0..=100) by linear interpolation between the closest
/// ranks (the common "type 7" definition: the value at rank `p/100 * (n - 1)`). Sorts a
/// copy; NaN when empty. `p` outside 0..=100 is clamped.
///
/// ```
/// use ringlab_core::analysis::stats::percentile;
/// let values = [5.0, 1.0, 4.0, 2.0, 3.0];
/// assert_eq!(percentile(&values, 50.0), 3.0);
/// assert!((percentile(&values, 95.0) - 4.8).abs() < 1e-12);
/// assert_eq!(percentile(&values, 100.0), 5.0);
/// ```
pub fn percentile(values: &[f64], p: f64) -> f64 {
    let mut sorted = values.to_vec();
    sorted.sort_by(f64::total_cmp);
    percentile_of_sorted(&sorted, p)
}

/// [`percentile`] of values already sorted ascending.
pub fn percentile_of_sorted(sorted: &[f64], p: f64) -> f64 {
    match sorted.len() {
        0 => f64::NAN,
        1 => sorted[0],
        len => {
            let rank = (p.clamp(0.0, 100.0) / 100.0) * (len - 1) as f64;
            let below = rank.floor() as usize;
            let above = (below + 1).min(len - 1);
            let weight = rank - below as f64;
            sorted[below] + (sorted[above] - sorted[below]) * weight
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn empty_is_nan() {
        let s = summarize(&[]);
        assert_eq!(s.count, 0);
        assert!(s.mean.is_nan() && s.max.is_nan() && s.cv.is_nan());
        assert!(percentile(&[], 50.0).is_nan());
        assert!(max_over_mean(&[]).is_nan());
    }

    #[test]
    fn equal_shares_are_perfectly_balanced() {
        let shares = [0.25; 4];
        let s = summarize(&shares);
        assert_eq!(s.max_over_mean, 1.0);
        assert_eq!(s.cv, 0.0);
        assert_eq!(s.min, 0.25);
        assert_eq!(max_over_mean(&shares), 1.0);
    }

    #[test]
    fn percentile_interpolates_and_clamps() {
        let values = [10.0, 20.0];
        assert_eq!(percentile(&values, 0.0), 10.0);
        assert_eq!(percentile(&values, 25.0), 12.5);
        assert_eq!(percentile(&values, 150.0), 20.0);
        assert_eq!(percentile(&values, -5.0), 10.0);
        assert_eq!(percentile(&[7.0], 95.0), 7.0);
    }
}
