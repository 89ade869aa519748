//! Step 5 ("Virtual nodes"): its sentences with figures, the balance the challenge asks
//! for, and the maths under "Go deeper": one share's spread, the busiest server at one
//! point (H_N), the points a balance target needs (2 ln N / ε²) and ketama's busiest.

use ringlab_core::analysis::theory::{points_for_balance, share_cv, single_point_peak};

use super::challenges::BALANCE_TARGET;
use super::figures::{default_points, mean_busiest, RingSystem};
use crate::format::{grouped, percent};

/// The rings ketama's busiest server is averaged over, and the fleets it is read at.
pub const KETAMA_RINGS: u32 = 200;
pub const KETAMA_FLEETS: [usize; 2] = [100, 1000];

/// What the challenge asks: the busiest server under the target.
pub fn balance_goal() -> String {
    format!(
        "Raise the points per server until the busiest server owns less than \
         {BALANCE_TARGET} times its fair share. The line under the widget reads max/mean: \
         the busiest server's share of the ring over its fair share."
    )
}

/// One share's coefficient of variation at `servers` servers of `points` points.
pub fn spread(servers: usize, points: u32) -> String {
    format!(
        "With N servers of V points each, one share's coefficient of variation is exactly \
         sqrt((N - 1) / (NV + 1)). At N = {servers} and V = {points} that is {}. It falls \
         like 1/sqrt(V): four times the points halve the spread.",
        percent(share_cv(servers, points))
    )
}

/// The busiest server at one point each, H_N times its share, at two fleet sizes.
pub fn one_point_peak(small: usize, large: usize) -> String {
    format!(
        "At one point per server, the busiest server expects H_N times its fair share, the \
         N-th harmonic number: {:.2} at N = {small}, {:.2} at N = {large}.",
        single_point_peak(small),
        single_point_peak(large)
    )
}

/// The points per server that keep `servers` within `epsilon_percent`% of their share.
pub fn points_needed(servers: usize, epsilon_percent: u32) -> String {
    let epsilon = f64::from(epsilon_percent) / 100.0;
    format!(
        "To keep every server within ε of its share with good odds, you need about \
         2 ln N / ε² points each: {} for {servers} servers at ε = {epsilon_percent}%.",
        grouped(points_for_balance(servers, epsilon).ceil() as u64)
    )
}

/// Ketama's points per server and the mean busiest server they give, from the core's
/// busiest-server experiment (slow: computed once per page).
pub fn ketama_busiest() -> String {
    let points = default_points(RingSystem::Ketama);
    let [small, large] = KETAMA_FLEETS;
    let busiest = |n| mean_busiest(n, points as u32, KETAMA_RINGS);
    format!(
        "Memcached's ketama gives each server {points} points. Averaged over {KETAMA_RINGS} \
         random rings, the busiest server then carries {:.2} times its share at N = {small} \
         and {:.2} at N = {large}.",
        busiest(small),
        busiest(large)
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_numbers::{assert_numbers, numbers};
    use crate::views::learn::challenges::BALANCE;
    use ringlab_core::experiment::{run_sequential, Busiest, Method, Placement, Setting};

    /// The goal is the number in the challenge's own label.
    #[test]
    fn the_goal_is_the_challenges() {
        let label = numbers(BALANCE.label);
        assert_eq!(label.len(), 1);
        assert_numbers(&balance_goal(), &[label[0].value]);
    }

    /// sqrt((N-1)/(NV+1)) written out; H_N summed here; 2 ln N / ε² rounded up.
    #[test]
    fn the_closed_forms_read_the_formulas() {
        for (n, v) in [(100usize, 160u32), (12, 256)] {
            let (nf, vf) = (n as f64, f64::from(v));
            let cv = ((nf - 1.0) / (nf * vf + 1.0)).sqrt();
            assert_numbers(&spread(n, v), &[1.0, 1.0, nf, vf, cv, 1.0]);
        }
        let h = |n: usize| (1..=n).map(|k| 1.0 / k as f64).sum::<f64>();
        for (small, large) in [(4usize, 1000usize), (16, 100)] {
            assert_numbers(
                &one_point_peak(small, large),
                &[h(small), small as f64, h(large), large as f64],
            );
        }
        // 1 + 1/2 + 1/3 + 1/4 = 25/12.
        assert!((h(4) - 25.0 / 12.0).abs() < 1e-12);
        for (n, pct) in [(100usize, 10u32), (1000, 5)] {
            let eps = f64::from(pct) / 100.0;
            let points = (2.0 * (n as f64).ln() / (eps * eps)).ceil();
            assert_numbers(&points_needed(n, pct), &[2.0, points, n as f64, eps]);
        }
        // 2 ln 100 / 0.01 = 921.03...
        assert!(points_needed(100, 10).contains(": 922 for 100 servers"));
    }

    /// Ketama's 160 points are 40 MD5 digests of 4 points each. The busiest figures come
    /// from 200 Gamma-drawn rings: pinned at their published values, and checked against
    /// a smaller run of real rings (sorted uniform points, another seed) to within about
    /// four standard errors.
    #[test]
    fn ketamas_busiest_agrees_with_a_smaller_run_of_real_rings() {
        let text = ketama_busiest();
        let read = numbers(&text);
        assert_eq!(read.len(), 6, "{text}");
        assert_numbers(&text, &[40.0 * 4.0, 200.0, 1.21, 100.0, 1.28, 1000.0]);
        let rings = |servers: usize, rings: u32| {
            let trial = Busiest {
                seed: 7,
                method: Method::Ring,
                placement: Placement::Uniform,
            };
            let setting = Setting {
                servers,
                points: 160,
                rings,
            };
            run_sequential(&trial, &[setting], None).unwrap()[0].mean_busiest
        };
        // One ring's busiest strays about 0.04 at both sizes (its p95 sits 0.07 above).
        let small = rings(100, 20);
        assert!(
            (read[2].value - small).abs() < 0.04,
            "{small} against {text}"
        );
        let large = rings(1000, 8);
        assert!(
            (read[4].value - large).abs() < 0.05,
            "{large} against {text}"
        );
    }
}
