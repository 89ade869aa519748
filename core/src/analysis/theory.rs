//! The closed forms: how unevenly a ring with `V` points per server shares its circle, how
//! many points a balance target needs, and how much of the key space moves on a resize.
//!
//! The ring model throughout is the one the experiments sample: `N` servers with `V`
//! points each at independent uniform positions. A server's share is then the sum of `V`
//! of the `N * V` spacings, which is Beta(V, (N - 1) V) distributed, and the shares of all
//! servers together are Dirichlet(V, ..., V).
//!
//! Functions here never panic: a count of zero gives the value the formula gives (often
//! infinite or NaN), documented on each function.

/// An exact fraction `numerator / denominator`, in lowest terms.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Fraction {
    pub numerator: u64,
    pub denominator: u64,
}

impl Fraction {
    /// The fraction `numerator / denominator` in lowest terms (`0/1` for a zero numerator;
    /// a zero denominator is kept as it is).
    pub fn new(numerator: u64, denominator: u64) -> Fraction {
        let divisor = gcd(numerator, denominator).max(1);
        Fraction {
            numerator: numerator / divisor,
            denominator: denominator / divisor,
        }
    }

    /// The value as a float.
    pub fn value(self) -> f64 {
        self.numerator as f64 / self.denominator as f64
    }
}

impl std::fmt::Display for Fraction {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.numerator, self.denominator)
    }
}

/// Greatest common divisor (`gcd(0, b) = b`).
pub fn gcd(mut a: u64, mut b: u64) -> u64 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// Least common multiple, as a `u128` so that it cannot overflow (`lcm(0, b) = 0`).
pub fn lcm(a: u64, b: u64) -> u128 {
    if a == 0 || b == 0 {
        return 0;
    }
    a as u128 / gcd(a, b) as u128 * b as u128
}

/// The exact coefficient of variation of one server's share, for `servers` servers with
/// `points` uniform points each: `sqrt((N - 1) / (N V + 1))`.
///
/// A share is Beta(V, (N - 1) V): its mean is `1/N` and its variance
/// `(N - 1) / (N^2 (N V + 1))`. For large `N` the CV is close to `1/sqrt(V)`, which is why
/// the experiments report `CV * sqrt(V)` and expect it near 1.
///
/// ```
/// use ringlab_core::analysis::theory::share_cv;
/// assert!((share_cv(100, 160) - (99.0f64 / 16001.0).sqrt()).abs() < 1e-15);
/// assert!((share_cv(1000, 100) * 10.0 - 1.0).abs() < 1e-3);
/// ```
pub fn share_cv(servers: usize, points: u32) -> f64 {
    let n = servers as f64;
    ((n - 1.0) / (n * points as f64 + 1.0)).sqrt()
}

/// The harmonic number `H_n = 1 + 1/2 + ... + 1/n` (`H_0 = 0`). Summed exactly (smallest
/// terms first) up to `n = 10^6`, by the asymptotic series beyond (error below 1e-15).
pub fn harmonic(n: u64) -> f64 {
    if n <= 1_000_000 {
        return (1..=n).rev().map(|k| 1.0 / k as f64).sum();
    }
    let x = n as f64;
    const EULER_GAMMA: f64 = 0.577_215_664_901_532_9;
    x.ln() + EULER_GAMMA + 1.0 / (2.0 * x) - 1.0 / (12.0 * x * x)
}

/// The expected busiest share over the fair share `1/N` when each of `N` servers has a
/// single uniform point: exactly `H_N`.
///
/// With one point each, the shares are the `N` spacings of `N` uniform points on a circle,
/// and the expected largest spacing is `H_N / N` (Rényi: the sorted spacings are sums of
/// exponentials). So 16 servers have a busiest server at 3.38 times its fair share on
/// average, 1000 servers at 7.49 times.
///
/// ```
/// use ringlab_core::analysis::theory::single_point_peak;
/// assert!((single_point_peak(16) - 3.3807).abs() < 1e-4);
/// assert!((single_point_peak(1000) - 7.4855).abs() < 1e-4);
/// ```
pub fn single_point_peak(servers: usize) -> f64 {
    harmonic(servers as u64)
}

/// The rule of thumb for the points per server that keep the busiest server within
/// `1 + epsilon` of the mean with high probability: `2 ln N / epsilon^2`.
///
/// It comes from a Chernoff bound on one share (relative spread about `1/sqrt(V)`) and a
/// union bound over the `N` servers; it is a sizing guide, not an exact quantile (the
/// experiments show the real busiest server). Zero or one server needs no points (0).
///
/// ```
/// use ringlab_core::analysis::theory::points_for_balance;
/// // 100 servers within 10% of the mean: about 921 points each.
/// assert_eq!(points_for_balance(100, 0.1).ceil(), 922.0);
/// ```
pub fn points_for_balance(servers: usize, epsilon: f64) -> f64 {
    if servers <= 1 {
        return 0.0;
    }
    2.0 * (servers as f64).ln() / (epsilon * epsilon)
}

/// The servers a scan of `keys` keys touches on average when each key's server is an
/// independent, even draw among `servers` (as hashing makes it, whatever the keys' order):
/// each server is missed by every key with probability `(1 - 1/N)^k`, so
/// `N (1 - (1 - 1/N)^k)`. No servers touch nothing (0).
///
/// ```
/// use ringlab_core::analysis::theory::servers_touched;
/// // 100 neighbouring keys on 10 servers: all ten, nearly surely.
/// assert!((servers_touched(10, 100) - 9.99973).abs() < 1e-5);
/// assert!((servers_touched(10, 1) - 1.0).abs() < 1e-12);
/// assert_eq!(servers_touched(10, 0), 0.0);
/// ```
pub fn servers_touched(servers: usize, keys: u64) -> f64 {
    if servers == 0 {
        return 0.0;
    }
    let n = servers as f64;
    n * (1.0 - (1.0 - 1.0 / n).powf(keys as f64))
}

/// The fraction of keys a ring moves when one server joins `servers` servers: `1/(N+1)`,
/// the newcomer's fair share, and nothing else moves.
pub fn join_moved(servers: usize) -> f64 {
    1.0 / (servers as f64 + 1.0)
}

/// The fraction of keys a ring moves when one of `servers` servers leaves: `1/N`, the
/// leaver's share.
pub fn leave_moved(servers: usize) -> f64 {
    1.0 / servers as f64
}

/// The fraction of keys a ring moves when `joining` servers join `servers` at once:
/// `k / (N + k)`, the newcomers' shares together.
pub fn batch_join_moved(servers: usize, joining: usize) -> f64 {
    joining as f64 / (servers + joining) as f64
}

/// The expected fraction of keys a ring with equal weights moves on any resize from
/// `before` to `after` servers: `|after - before| / max(before, after)`, exactly as a
/// [`Fraction`]. Only keys of the servers that come or go move.
pub fn ring_moved(before: usize, after: usize) -> Fraction {
    let (before, after) = (before as u64, after as u64);
    let largest = before.max(after);
    if largest == 0 {
        return Fraction::new(0, 1);
    }
    Fraction::new(before.abs_diff(after), largest)
}

/// The exact fraction of hashes `h` with `h mod N != h mod N'`: what `mod N` placement
/// moves when a cluster goes from `before = N` to `after = N'` servers, for a hash uniform
/// over a range that is a multiple of `lcm(N, N')` (for a 64-bit hash, up to an error
/// below `lcm / 2^64`).
///
/// Over one period of `L = lcm(N, N')` hashes, `h -> (h mod N, h mod N')` is one to one
/// onto the pairs `(a, b)` with `a ≡ b (mod gcd(N, N'))` (Chinese remainder theorem). A
/// hash stays exactly when `a = b`, and every `a < min(N, N')` gives one such pair, so
/// `min(N, N')` of the `L` hashes stay. The fraction that stays is
/// `min / lcm = gcd(N, N') / max(N, N')`, and the rest moves:
/// `1 - gcd(N, N') / max(N, N')`.
///
/// Growth by one keeps only `1/(N+1)`; doubling keeps exactly half. If either count is
/// zero, every key loses its home (`1/1`); equal counts move nothing.
///
/// ```
/// use ringlab_core::analysis::theory::{modulo_moved, Fraction};
/// assert_eq!(modulo_moved(16, 17), Fraction::new(16, 17));
/// assert_eq!(modulo_moved(10, 20), Fraction::new(1, 2));
/// assert_eq!(modulo_moved(6, 4), Fraction::new(2, 3)); // gcd 2 of max 6 stays
/// ```
pub fn modulo_moved(before: usize, after: usize) -> Fraction {
    let (before, after) = (before as u64, after as u64);
    if before == 0 || after == 0 {
        return Fraction::new(1, 1);
    }
    let largest = before.max(after);
    Fraction::new(largest - gcd(before, after), largest)
}

/// How many of the `lcm(N, N')` hashes of one period keep their server under `mod N`
/// going from `before` to `after` servers: `min(N, N')`. The counting behind
/// [`modulo_moved`], for callers that want the period itself.
pub fn modulo_kept_per_period(before: usize, after: usize) -> (u128, u128) {
    let period = lcm(before as u64, after as u64);
    (before.min(after) as u128, period)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Past a million terms the asymptotic series takes over: it must agree with one more
    /// term added to the exact sum within the sum's own rounding (about 5e-14 here), closer
    /// than its last correction, 1/(12 n^2) = 8e-14, makes a difference of.
    #[test]
    fn the_harmonic_series_meets_the_exact_sum() {
        let exact = harmonic(1_000_000) + 1.0 / 1_000_001.0;
        let series = harmonic(1_000_001);
        assert!((series - exact).abs() < 1e-13, "{series} against {exact}");
    }

    /// N (1 - (1 - 1/N)^k): one key touches one server, none touch none, and no servers
    /// are touched by anything.
    #[test]
    fn servers_touched_at_the_edges() {
        assert!((servers_touched(10, 1) - 1.0).abs() < 1e-12);
        assert!((servers_touched(10, 2) - 1.9).abs() < 1e-12);
        assert_eq!(servers_touched(10, 0), 0.0);
        assert_eq!(servers_touched(0, 5), 0.0);
    }

    /// Counts the hashes of one period directly.
    fn brute_moved(before: u64, after: u64) -> Fraction {
        let period = lcm(before, after) as u64;
        let moved = (0..period).filter(|h| h % before != h % after).count() as u64;
        Fraction::new(moved, period)
    }

    #[test]
    fn modulo_moved_matches_counting_one_period() {
        for before in 1..=24 {
            for after in 1..=24 {
                assert_eq!(
                    modulo_moved(before as usize, after as usize),
                    brute_moved(before, after),
                    "{before} -> {after}"
                );
            }
        }
    }

    #[test]
    fn modulo_growth_by_one_keeps_one_over_n_plus_one_and_doubling_half() {
        for n in 1..200usize {
            let kept = 1.0 - modulo_moved(n, n + 1).value();
            assert!((kept - 1.0 / (n as f64 + 1.0)).abs() < 1e-15);
            assert_eq!(modulo_moved(n, 2 * n), Fraction::new(1, 2));
        }
        assert_eq!(modulo_moved(5, 5), Fraction::new(0, 1));
        assert_eq!(modulo_moved(0, 5), Fraction::new(1, 1));
        assert_eq!(modulo_kept_per_period(4, 6), (4, 12));
    }

    /// The grids' worked case: 8 -> 9 servers. mod N moves 8/9 (88.9%, the "89%"), the
    /// ring 1/9 (11.1%): eight times fewer keys.
    #[test]
    fn eight_to_nine() {
        assert_eq!(modulo_moved(8, 9), Fraction::new(8, 9));
        assert_eq!(format!("{:.1}", modulo_moved(8, 9).value() * 100.0), "88.9");
        assert_eq!(ring_moved(8, 9), Fraction::new(1, 9));
        assert_eq!(modulo_moved(8, 9).value() / ring_moved(8, 9).value(), 8.0);
        // Sixteen to seventeen: 16/17 against 1/17.
        assert_eq!(modulo_moved(16, 17), Fraction::new(16, 17));
        assert_eq!(ring_moved(16, 17), Fraction::new(1, 17));
    }

    #[test]
    fn ring_fractions() {
        assert_eq!(join_moved(16), 1.0 / 17.0);
        assert_eq!(leave_moved(16), 1.0 / 16.0);
        assert_eq!(batch_join_moved(10, 5), 5.0 / 15.0);
        assert_eq!(ring_moved(16, 17), Fraction::new(1, 17));
        assert_eq!(ring_moved(16, 12), Fraction::new(1, 4));
        assert_eq!(ring_moved(0, 0), Fraction::new(0, 1));
    }

    #[test]
    fn harmonic_numbers() {
        assert_eq!(harmonic(0), 0.0);
        assert_eq!(harmonic(1), 1.0);
        assert!((harmonic(4) - 25.0 / 12.0).abs() < 1e-15);
        // The series and the sum agree where they meet.
        let summed: f64 = (1..=2_000_000u64).rev().map(|k| 1.0 / k as f64).sum();
        assert!((harmonic(2_000_000) - summed).abs() < 1e-12);
    }

    #[test]
    fn cv_limits() {
        assert_eq!(share_cv(1, 10), 0.0);
        // One point each: a spacing of N uniform points has CV sqrt((N-1)/(N+1)).
        assert!((share_cv(3, 1) - 0.5f64.sqrt()).abs() < 1e-15);
        assert_eq!(points_for_balance(1, 0.1), 0.0);
    }

    #[test]
    fn fraction_basics() {
        assert_eq!(Fraction::new(6, 8), Fraction::new(3, 4));
        assert_eq!(Fraction::new(0, 8), Fraction::new(0, 1));
        assert_eq!(Fraction::new(3, 4).to_string(), "3/4");
        assert_eq!(gcd(0, 7), 7);
        assert_eq!(lcm(4, 6), 12);
        assert_eq!(lcm(0, 6), 0);
    }
}
