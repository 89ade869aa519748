//! The busiest server: how far above its fair share, and how spread the shares are.

use super::placement::{arcs_from_sorted, gamma_draws, place_sorted, ring_rng};
use super::{Method, Placement, Scratch, Setting, Trial};
use crate::analysis::stats::{self, percentile_of_sorted};
use crate::analysis::theory::share_cv;

/// The busiest-server experiment.
///
/// Per ring: `busiest` = the largest share times `N` (the busiest server over its fair
/// share), `spread` = the CV of the shares. Per setting: their mean, 95th percentile and
/// maximum, and `spread_sqrt_points` = mean CV * sqrt(V), which theory puts near 1
/// ([`share_cv`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Busiest {
    pub seed: u64,
    pub method: Method,
    /// Used by [`Method::Ring`] only.
    pub placement: Placement,
}

/// One ring's measurements.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct BusiestRing {
    /// The busiest server's share over the fair share `1/N`.
    pub busiest: f64,
    /// The CV (population standard deviation over the mean) of the shares.
    pub spread: f64,
}

/// One setting's summary. Statistics over no rings are NaN.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct BusiestRow {
    pub servers: usize,
    pub points: u32,
    pub rings: u32,
    /// Mean over rings of busiest / fair.
    pub mean_busiest: f64,
    /// 95th percentile over rings of busiest / fair (linear interpolation).
    pub p95_busiest: f64,
    /// The largest busiest / fair seen.
    pub max_busiest: f64,
    /// Mean over rings of the shares' CV.
    pub mean_spread: f64,
    /// `mean_spread * sqrt(V)`.
    pub spread_sqrt_points: f64,
    /// The exact CV of one share times sqrt(V): `sqrt((N - 1) V / (N V + 1))`.
    pub theory_spread_sqrt_points: f64,
}

impl Trial for Busiest {
    type Outcome = BusiestRing;
    type Row = BusiestRow;

    fn outcome(&self, setting: &Setting, ring: u32, scratch: &mut Scratch) -> BusiestRing {
        let (servers, points) = (setting.servers, setting.points);
        match self.method {
            Method::Ring => {
                let bits = place_sorted(self.placement, self.seed, servers, points, ring, scratch);
                arcs_from_sorted(&scratch.packed, bits, servers, &mut scratch.arcs);
                let whole = 2f64.powi(64);
                scratch.shares.clear();
                scratch
                    .shares
                    .extend(scratch.arcs.iter().map(|&arc| arc as f64 / whole));
                let largest = scratch.arcs.iter().copied().max().unwrap_or(0);
                BusiestRing {
                    busiest: largest as f64 / whole * servers as f64,
                    spread: stats::cv(&scratch.shares),
                }
            }
            Method::Gamma => {
                let mut rng = ring_rng(self.seed, servers, points, ring);
                let total = gamma_draws(&mut rng, servers, points, &mut scratch.shares);
                let largest = scratch.shares.iter().copied().fold(0.0, f64::max);
                BusiestRing {
                    busiest: largest / total * servers as f64,
                    spread: stats::cv(&scratch.shares),
                }
            }
        }
    }

    fn row(&self, setting: &Setting, outcomes: &[BusiestRing]) -> BusiestRow {
        let mut busiest: Vec<f64> = outcomes.iter().map(|o| o.busiest).collect();
        busiest.sort_by(f64::total_cmp);
        let spreads: Vec<f64> = outcomes.iter().map(|o| o.spread).collect();
        let mean_spread = stats::mean(&spreads);
        let root = (setting.points as f64).sqrt();
        BusiestRow {
            servers: setting.servers,
            points: setting.points,
            rings: setting.rings,
            mean_busiest: stats::mean(&busiest),
            p95_busiest: percentile_of_sorted(&busiest, 95.0),
            max_busiest: busiest.last().copied().unwrap_or(f64::NAN),
            mean_spread,
            spread_sqrt_points: mean_spread * root,
            theory_spread_sqrt_points: share_cv(setting.servers, setting.points) * root,
        }
    }

    fn work(&self, setting: &Setting) -> u64 {
        match self.method {
            Method::Ring => setting.ring_points(),
            Method::Gamma => setting.servers as u64,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::theory::single_point_peak;
    use crate::experiment::{build_ring, run};

    fn rows(method: Method, settings: &[Setting]) -> Vec<BusiestRow> {
        let trial = Busiest {
            seed: 2024,
            method,
            placement: Placement::Uniform,
        };
        run(&trial, settings, None).unwrap()
    }

    fn setting(servers: usize, points: u32, rings: u32) -> Setting {
        Setting {
            servers,
            points,
            rings,
        }
    }

    /// The seed experiment's figures the lab's figures 1 and 2 quote, with its seed (1)
    /// and 400 rings: at one point each, by the rings, 2.90, 5.12 and 7.47 (the seed's own
    /// digits); at 1,024 points and N = 1000, 1.105 (here by the Gamma model, the rings'
    /// exact law: a million points a ring is too slow for a debug test); the spread times
    /// sqrt(V) 0.98 to 1.00 for N = 100 and 1000 and 0.93 for N = 10.
    #[test]
    fn the_seed_experiments_figures() {
        let seed_rows = |method, settings: &[Setting]| {
            let trial = Busiest {
                seed: 1,
                method,
                placement: Placement::Uniform,
            };
            run(&trial, settings, None).unwrap()
        };
        let ones = seed_rows(
            Method::Ring,
            &[
                setting(10, 1, 400),
                setting(100, 1, 400),
                setting(1000, 1, 400),
            ],
        );
        for (row, seed) in ones.iter().zip([2.90, 5.12, 7.47]) {
            assert!(
                (row.mean_busiest - seed).abs() < 0.005,
                "{row:?} against {seed}"
            );
        }
        let many = seed_rows(
            Method::Gamma,
            &[
                setting(10, 1024, 400),
                setting(100, 1024, 400),
                setting(1000, 1024, 400),
            ],
        );
        assert!(
            (many[2].mean_busiest - 1.105).abs() < 0.005,
            "{:?}",
            many[2]
        );
        assert!(
            (many[0].spread_sqrt_points - 0.93).abs() < 0.01,
            "{:?}",
            many[0]
        );
        for row in &many[1..] {
            assert!((0.98..=1.0).contains(&row.spread_sqrt_points), "{row:?}");
        }
    }

    /// Figure 1 draws the Gamma model beside the rings: within 0.03 of them once V is 16 or
    /// more (at one point each, two means of 400 rings differ by their noise alone, up to
    /// 0.06 at N = 100).
    #[test]
    fn the_gamma_model_lies_within_three_hundredths_of_the_rings() {
        let settings: Vec<Setting> = [10, 100]
            .iter()
            .flat_map(|&n| [16, 32, 64].map(|v| setting(n, v, 400)))
            .collect();
        let ring = rows(Method::Ring, &settings);
        let gamma = rows(Method::Gamma, &settings);
        for (r, g) in ring.iter().zip(&gamma) {
            assert!(
                (r.mean_busiest - g.mean_busiest).abs() < 0.03,
                "{r:?} {g:?}"
            );
        }
    }

    /// The published figures at V = 160: mean busiest 1.21 and 1.28, p95 1.28 and 1.34.
    #[test]
    fn published_figures_at_160_points() {
        let got = rows(
            Method::Gamma,
            &[setting(100, 160, 2000), setting(1000, 160, 1000)],
        );
        assert!((got[0].mean_busiest - 1.21).abs() < 0.01, "{:?}", got[0]);
        assert!((got[0].p95_busiest - 1.28).abs() < 0.015, "{:?}", got[0]);
        assert!((got[1].mean_busiest - 1.28).abs() < 0.01, "{:?}", got[1]);
        assert!((got[1].p95_busiest - 1.34).abs() < 0.015, "{:?}", got[1]);
        for row in &got {
            assert!((row.spread_sqrt_points - row.theory_spread_sqrt_points).abs() < 0.01);
        }
    }

    /// The same figures by the ring method itself, at a size a debug build runs in
    /// seconds (the published runs, 1,000 and 400 rings, take half a minute in debug):
    /// V = 160 for N = 100 over 300 rings and N = 1000 over 80, and N = 1000 at V = 1 (H_N).
    ///
    /// The tolerances come from these rings' own spread: the mean within four standard
    /// errors (the ring-to-ring standard deviation over the root of the rings) plus the
    /// figures' rounding (0.005); the 95th percentile between the order statistics three
    /// binomial standard deviations either side of its rank, a distribution-free interval.
    /// Each tolerance is also asserted small, so the check stays a check.
    #[test]
    fn published_figures_at_160_points_by_the_ring_method() {
        let trial = Busiest {
            seed: 2024,
            method: Method::Ring,
            placement: Placement::Uniform,
        };
        for (servers, points, rings, mean, p95, widest) in [
            (100, 160, 300, 1.21, Some(1.28), 0.02),
            (1000, 160, 80, 1.28, None, 0.025),
            (1000, 1, 2000, single_point_peak(1000), None, 0.15),
        ] {
            let s = setting(servers, points, rings);
            let mut scratch = Scratch::default();
            let outcomes: Vec<BusiestRing> = (0..rings)
                .map(|ring| trial.outcome(&s, ring, &mut scratch))
                .collect();
            let row = trial.row(&s, &outcomes);
            let mut busiest: Vec<f64> = outcomes.iter().map(|o| o.busiest).collect();
            busiest.sort_by(f64::total_cmp);
            let sd = stats::cv(&busiest) * stats::mean(&busiest);
            let tolerance = 0.005 + 4.0 * sd / f64::from(rings).sqrt();
            assert!(tolerance < widest, "{tolerance} for {row:?}");
            assert!(
                (row.mean_busiest - mean).abs() < tolerance,
                "{row:?}: mean {mean} within {tolerance}"
            );
            if let Some(p95) = p95 {
                let n = f64::from(rings);
                let rank = 0.95 * n;
                let spread = 3.0 * (n * 0.95 * 0.05).sqrt();
                let low = busiest[(rank - spread).floor() as usize];
                let high = busiest[((rank + spread).ceil() as usize).min(busiest.len() - 1)];
                assert!(high - low < 0.1, "{low}..{high}");
                assert!(
                    (low - 0.005..=high + 0.005).contains(&p95),
                    "{row:?}: p95 {p95} outside {low}..{high}"
                );
            }
        }
    }

    /// The published runs themselves, release only (half a minute in debug); the test
    /// above checks the same figures by the same method at a smaller size in every run.
    /// `cargo test --release -p ringlab-core -- --ignored published`.
    #[test]
    #[ignore = "release-only: slow in debug; published_figures_at_160_points_by_the_ring_method runs always"]
    fn published_figures_at_160_points_by_the_ring_method_at_full_size() {
        let got = rows(
            Method::Ring,
            &[setting(100, 160, 1000), setting(1000, 160, 400)],
        );
        assert!((got[0].mean_busiest - 1.21).abs() < 0.01, "{:?}", got[0]);
        assert!((got[0].p95_busiest - 1.28).abs() < 0.02, "{:?}", got[0]);
        assert!((got[1].mean_busiest - 1.28).abs() < 0.01, "{:?}", got[1]);
        assert!((got[1].p95_busiest - 1.34).abs() < 0.02, "{:?}", got[1]);
        let peak = rows(Method::Ring, &[setting(1000, 1, 2000)]);
        assert!((peak[0].mean_busiest - 7.49).abs() < 0.1, "{:?}", peak[0]);
    }

    /// One point each: the busiest server averages H_N times its fair share.
    #[test]
    fn one_point_peaks_at_the_harmonic_number() {
        let got = rows(
            Method::Gamma,
            &[setting(16, 1, 40_000), setting(1000, 1, 2000)],
        );
        assert!((got[0].mean_busiest - 3.38).abs() < 0.03, "{:?}", got[0]);
        assert!((got[0].mean_busiest - single_point_peak(16)).abs() < 0.03);
        assert!((got[1].mean_busiest - 7.49).abs() < 0.1, "{:?}", got[1]);
        let ring = rows(Method::Ring, &[setting(16, 1, 20_000)]);
        assert!((ring[0].mean_busiest - 3.38).abs() < 0.04, "{:?}", ring[0]);
    }

    /// Ring and gamma are two ways of drawing the same distribution.
    #[test]
    fn ring_and_gamma_agree() {
        let settings = [
            setting(10, 1, 3000),
            setting(10, 32, 2000),
            setting(100, 16, 400),
        ];
        let ring = rows(Method::Ring, &settings);
        let gamma = rows(Method::Gamma, &settings);
        for (r, g) in ring.iter().zip(&gamma) {
            let tolerance = 0.02 * r.mean_busiest;
            assert!(
                (r.mean_busiest - g.mean_busiest).abs() < tolerance,
                "{r:?} {g:?}"
            );
            assert!(
                (r.spread_sqrt_points - g.spread_sqrt_points).abs() < 0.03,
                "{r:?} {g:?}"
            );
        }
        let hashed = Busiest {
            seed: 5,
            method: Method::Ring,
            placement: Placement::HashedNames,
        };
        let hashed = run(&hashed, &settings[1..2], None).unwrap();
        let tolerance = 0.02 * gamma[1].mean_busiest;
        assert!((hashed[0].mean_busiest - gamma[1].mean_busiest).abs() < tolerance);
    }

    #[test]
    fn ring_outcome_matches_the_library_ring() {
        let trial = Busiest {
            seed: 11,
            method: Method::Ring,
            placement: Placement::Uniform,
        };
        let s = setting(30, 20, 1);
        let outcome = trial.outcome(&s, 0, &mut Scratch::default());
        let shares = build_ring(Placement::Uniform, 11, 30, 20, 0).shares(30);
        let summary = stats::summarize(&shares);
        assert!((outcome.busiest - summary.max * 30.0).abs() < 1e-12);
        assert!((outcome.spread - summary.cv).abs() < 1e-12);
    }

    #[test]
    fn deterministic_per_seed_and_different_across_seeds() {
        let settings = [setting(50, 8, 20)];
        assert_eq!(rows(Method::Ring, &settings), rows(Method::Ring, &settings));
        let other = Busiest {
            seed: 1,
            method: Method::Ring,
            placement: Placement::Uniform,
        };
        assert_ne!(
            run(&other, &settings, None).unwrap(),
            rows(Method::Ring, &settings)
        );
    }

    #[test]
    fn one_server_owns_everything() {
        for method in [Method::Ring, Method::Gamma] {
            let got = rows(method, &[setting(1, 3, 2)]);
            assert!((got[0].mean_busiest - 1.0).abs() < 1e-12);
            assert!(got[0].mean_spread.abs() < 1e-12);
        }
    }
}
