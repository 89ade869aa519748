//! The biggest catcher: when a server leaves, how much of its load one survivor takes.

use super::placement::{owner_bits, place_sorted};
use super::{Placement, Scratch, Setting, Trial};
use crate::analysis::stats::{self, percentile_of_sorted};
use crate::ConfigError;

/// The biggest-catcher experiment, always on real rings ([`Method::Ring`]).
///
/// Per ring: server 0 leaves (every server is alike, so any one will do). Each of its
/// arcs goes to the owner of the next surviving point clockwise, exactly as
/// [`crate::analysis::failure::ring_catchers`] works it out. `biggest_fraction` is the
/// share of the departed server's keys that the single survivor catching the most takes:
/// exactly 1 with one point per server (its one arc goes whole to its one successor),
/// about 0.22 at 16 points and 0.05 at 160 points for 100 servers.
///
/// [`Method::Ring`]: super::Method::Ring
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BiggestCatcher {
    pub seed: u64,
    pub placement: Placement,
}

/// One ring's measurements.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CatcherRing {
    /// The biggest catcher's take over the departed server's share, in (0, 1].
    pub biggest_fraction: f64,
    /// How many survivors caught anything.
    pub catchers: u32,
}

/// One setting's summary. Statistics over no rings are NaN.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CatcherRow {
    pub servers: usize,
    pub points: u32,
    pub rings: u32,
    /// Mean over rings of the biggest catcher's fraction of the departed server's keys.
    pub mean_biggest_fraction: f64,
    /// Its 95th percentile over rings.
    pub p95_biggest_fraction: f64,
    /// Mean over rings of the number of survivors that catch anything.
    pub mean_catchers: f64,
}

impl Trial for BiggestCatcher {
    type Outcome = CatcherRing;
    type Row = CatcherRow;

    /// Needs a survivor: at least 2 servers.
    fn check(&self, setting: &Setting) -> Result<(), ConfigError> {
        setting.check(2)
    }

    fn outcome(&self, setting: &Setting, ring: u32, scratch: &mut Scratch) -> CatcherRing {
        let servers = setting.servers;
        let bits = place_sorted(
            self.placement,
            self.seed,
            servers,
            setting.points,
            ring,
            scratch,
        );
        debug_assert_eq!(bits, owner_bits(servers));
        let mask = (1u64 << bits) - 1;
        let packed = &scratch.packed;
        let caught = &mut scratch.arcs;
        caught.clear();
        caught.resize(servers, 0);
        let len = packed.len();
        let owner = |i: usize| (packed[i] & mask) as usize;
        let position = |i: usize| packed[i] & !mask;
        let Some(start) = (0..len).find(|&i| owner(i) != 0) else {
            return CatcherRing {
                biggest_fraction: f64::NAN,
                catchers: 0,
            };
        };
        // Counter-clockwise from a survivor, remembering the nearest survivor ahead.
        let mut ahead = owner(start);
        let mut departed = 0u128;
        for step in 1..len {
            let index = (start + len - step) % len;
            let here = owner(index);
            if here == 0 {
                let previous = (index + len - 1) % len;
                let arc = position(index).wrapping_sub(position(previous)) as u128;
                caught[ahead] += arc;
                departed += arc;
            } else {
                ahead = here;
            }
        }
        let biggest = caught.iter().copied().max().unwrap_or(0);
        CatcherRing {
            biggest_fraction: biggest as f64 / departed as f64,
            catchers: caught.iter().filter(|&&c| c > 0).count() as u32,
        }
    }

    fn row(&self, setting: &Setting, outcomes: &[CatcherRing]) -> CatcherRow {
        let mut fractions: Vec<f64> = outcomes.iter().map(|o| o.biggest_fraction).collect();
        fractions.sort_by(f64::total_cmp);
        let counts: Vec<f64> = outcomes.iter().map(|o| o.catchers as f64).collect();
        CatcherRow {
            servers: setting.servers,
            points: setting.points,
            rings: setting.rings,
            mean_biggest_fraction: stats::mean(&fractions),
            p95_biggest_fraction: percentile_of_sorted(&fractions, 95.0),
            mean_catchers: stats::mean(&counts),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::failure::ring_catchers;
    use crate::experiment::{build_ring, run};

    fn setting(servers: usize, points: u32, rings: u32) -> Setting {
        Setting {
            servers,
            points,
            rings,
        }
    }

    /// Published, for 100 servers: about 0.99 at 1 point (exactly 1: one neighbour takes
    /// the whole arc), 0.22 at 16 points, 0.05 at 160 points.
    #[test]
    fn published_catcher_figures() {
        let trial = BiggestCatcher {
            seed: 77,
            placement: Placement::Uniform,
        };
        let settings = [
            setting(100, 1, 200),
            setting(100, 16, 1000),
            setting(100, 160, 200),
        ];
        let rows = run(&trial, &settings, None).unwrap();
        assert_eq!(rows[0].mean_biggest_fraction, 1.0);
        assert!((rows[0].mean_biggest_fraction - 0.99).abs() < 0.0101);
        assert_eq!(rows[0].mean_catchers, 1.0);
        assert!(
            (rows[1].mean_biggest_fraction - 0.22).abs() < 0.01,
            "{:?}",
            rows[1]
        );
        assert!(
            (rows[2].mean_biggest_fraction - 0.05).abs() < 0.005,
            "{:?}",
            rows[2]
        );
        assert!(rows[2].mean_catchers > 70.0, "{:?}", rows[2]);
    }

    #[test]
    fn matches_the_exact_analysis_on_the_same_ring() {
        for placement in [Placement::Uniform, Placement::HashedNames] {
            let trial = BiggestCatcher { seed: 3, placement };
            for (servers, points) in [(2, 1), (5, 3), (40, 25)] {
                let s = setting(servers, points, 1);
                let outcome = trial.outcome(&s, 4, &mut Scratch::default());
                let ring = build_ring(placement, 3, servers, points, 4);
                let exact = ring_catchers(&ring, servers, 0);
                assert!((outcome.biggest_fraction - exact.biggest_fraction()).abs() < 1e-12);
                assert_eq!(outcome.catchers as usize, exact.count());
            }
        }
    }
}
