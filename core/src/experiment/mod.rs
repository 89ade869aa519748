//! The lab's experiments: many random rings per setting, measured exactly, summarised
//! into rows the app draws and the command line prints.
//!
//! A [`Setting`] is `N` servers with `V` points each, and how many rings to draw. Each
//! ring is independent and deterministic: its generator is seeded from the experiment's
//! seed and the ring's coordinates ([`ring_seed`]), so a row is the same whether rings run
//! one by one in the browser or in parallel on the command line.
//!
//! Two experiments implement [`Trial`]:
//!
//! - [`Busiest`]: how far above its fair share the busiest server is, and how spread the
//!   shares are. By the [`Method::Ring`] (place and sort the points, exact shares from
//!   the spacings) or the [`Method::Gamma`] shortcut (the shares' exact law,
//!   Dirichlet(V, ..., V)).
//! - [`BiggestCatcher`]: when a server leaves, how much of its load lands on the single
//!   survivor that catches the most.
//!
//! A [`Runner`] does one ring per [`Runner::step`] and reports [`Progress`], so a browser
//! can draw a progress bar between steps; [`run`] does everything at once (on all cores
//! with the `parallel` feature).
//!
//! ```
//! use ringlab_core::experiment::{run, Busiest, Method, Placement, Setting};
//! let trial = Busiest { seed: 1, method: Method::Gamma, placement: Placement::Uniform };
//! let settings = [Setting { servers: 100, points: 160, rings: 400 }];
//! let rows = run(&trial, &settings, None).unwrap();
//! assert!((rows[0].mean_busiest - 1.21).abs() < 0.02);
//! assert!((rows[0].spread_sqrt_points - 1.0).abs() < 0.05);
//! ```

mod busiest;
mod catcher;
mod chunks;
mod placement;
mod runner;
mod table;

pub use busiest::{Busiest, BusiestRing, BusiestRow};
pub use catcher::{BiggestCatcher, CatcherRing, CatcherRow};
pub use chunks::{chunks, Assembly, Chunk, Put};
pub use placement::{build_ring, hashed_server_name, ring_rng, ring_seed};
pub use runner::{run, run_sequential, Runner};
pub use table::{table_text, TableRow};

use crate::ConfigError;

/// One row of an experiment: `servers` servers with `points` points each, measured over
/// `rings` independent rings.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Setting {
    pub servers: usize,
    pub points: u32,
    pub rings: u32,
}

/// The most servers a setting may have.
pub const MAX_SERVERS: usize = 1 << 20;
/// The most points (servers * points) one ring may have: 2^27, a 1 GiB sort buffer.
pub const MAX_RING_POINTS: u64 = 1 << 27;

impl Setting {
    /// Points on one ring: `servers * points`.
    pub fn ring_points(&self) -> u64 {
        self.servers as u64 * self.points as u64
    }

    /// Checks the limits every experiment has: at least `min_servers` servers (and at most
    /// [`MAX_SERVERS`]), at least one point each, at most [`MAX_RING_POINTS`] on a ring.
    pub fn check(&self, min_servers: usize) -> Result<(), ConfigError> {
        if self.servers < min_servers || self.servers > MAX_SERVERS {
            return Err(ConfigError::OutOfRange {
                what: "servers",
                range: format!("{min_servers} to {MAX_SERVERS}"),
                value: self.servers.to_string(),
            });
        }
        if self.points == 0 {
            return Err(ConfigError::OutOfRange {
                what: "points per server",
                range: "at least 1".into(),
                value: "0".into(),
            });
        }
        if self.ring_points() > MAX_RING_POINTS {
            return Err(ConfigError::OutOfRange {
                what: "points on one ring (servers * points)",
                range: format!("at most {MAX_RING_POINTS}"),
                value: self.ring_points().to_string(),
            });
        }
        Ok(())
    }
}

/// Every combination of `servers` and `points` (servers outer), each with `rings` rings.
pub fn grid(servers: &[usize], points: &[u32], rings: u32) -> Vec<Setting> {
    servers
        .iter()
        .flat_map(|&servers| {
            points.iter().map(move |&points| Setting {
                servers,
                points,
                rings,
            })
        })
        .collect()
}

/// `1, 2, 4, ...` up to and including `max` when it is a power of two.
pub fn doubling(max: u32) -> Vec<u32> {
    std::iter::successors(Some(1u32), |&v| v.checked_mul(2))
        .take_while(|&v| v <= max)
        .collect()
}

/// The busiest-server table: `N = 10, 100, 1000` by `V = 1, 2, 4, ..., 1024`.
pub fn busiest_table(rings: u32) -> Vec<Setting> {
    grid(&[10, 100, 1000], &doubling(1024), rings)
}

/// How shares are obtained.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Method {
    /// Place all `N * V` points, sort them, and sum each server's spacings: the ring
    /// itself.
    Ring,
    /// Draw the shares from their exact law, `N` Gamma(V, 1) draws normalised, which is
    /// Dirichlet(V, ..., V): the same distribution as [`Method::Ring`] with
    /// [`Placement::Uniform`], at `N` draws per ring instead of a sort of `N * V` points.
    /// The result may differ in the last digits between platforms (it uses `ln` and
    /// `exp`); the ring method is bit-for-bit the same everywhere.
    Gamma,
}

/// Where the points go (for [`Method::Ring`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Placement {
    /// Independent uniform 64-bit positions from the ring's own [`ring_rng`].
    Uniform,
    /// The `ring` scheme's real XXH3 positions of names `"<seed>-<ring>-s<i>#<vnode>"`
    /// ([`hashed_server_name`]), so each ring has other server names.
    HashedNames,
}

/// How far a run has got: rings done of the total, and the same weighted by work (points
/// placed, or draws made), which is what a progress bar should show.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Progress {
    pub done: u64,
    pub total: u64,
    pub work_done: u64,
    pub work_total: u64,
}

impl Progress {
    /// The share of the work done, in [0, 1] (1 for an empty run).
    pub fn fraction(&self) -> f64 {
        if self.work_total == 0 {
            1.0
        } else {
            self.work_done as f64 / self.work_total as f64
        }
    }

    /// True when every ring is done.
    pub fn is_finished(&self) -> bool {
        self.done >= self.total
    }
}

/// Buffers one ring reuses from the last, so that running many rings allocates only
/// when a ring is bigger than any before.
#[derive(Debug, Default)]
pub struct Scratch {
    packed: Vec<u64>,
    spare: Vec<u64>,
    counts: Vec<u32>,
    coarse: Vec<u32>,
    arcs: Vec<u128>,
    shares: Vec<f64>,
    name: Vec<u8>,
}

/// One experiment: what one ring measures and how a setting's rings make a row.
pub trait Trial {
    /// What one ring gives.
    type Outcome: Send;
    /// What a setting's rings give together.
    type Row;

    /// Refuses settings this trial cannot run.
    fn check(&self, setting: &Setting) -> Result<(), ConfigError> {
        setting.check(1)
    }

    /// Runs ring `ring` of `setting`. Must depend on nothing else, so that rings can run
    /// in any order.
    fn outcome(&self, setting: &Setting, ring: u32, scratch: &mut Scratch) -> Self::Outcome;

    /// Summarises a setting's outcomes, in ring order.
    fn row(&self, setting: &Setting, outcomes: &[Self::Outcome]) -> Self::Row;

    /// The work of one ring, for [`Progress`]: by default its points.
    fn work(&self, setting: &Setting) -> u64 {
        setting.ring_points()
    }
}

impl<T: Trial + ?Sized> Trial for &T {
    type Outcome = T::Outcome;
    type Row = T::Row;
    fn check(&self, setting: &Setting) -> Result<(), ConfigError> {
        (**self).check(setting)
    }
    fn outcome(&self, setting: &Setting, ring: u32, scratch: &mut Scratch) -> Self::Outcome {
        (**self).outcome(setting, ring, scratch)
    }
    fn row(&self, setting: &Setting, outcomes: &[Self::Outcome]) -> Self::Row {
        (**self).row(setting, outcomes)
    }
    fn work(&self, setting: &Setting) -> u64 {
        (**self).work(setting)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grids_and_doubling() {
        assert_eq!(doubling(1024).len(), 11);
        assert_eq!(doubling(1000).last(), Some(&512));
        assert_eq!(doubling(0), Vec::<u32>::new());
        assert_eq!(doubling(u32::MAX).len(), 32);
        let table = busiest_table(400);
        assert_eq!(table.len(), 33);
        assert_eq!(
            table[0],
            Setting {
                servers: 10,
                points: 1,
                rings: 400
            }
        );
        assert_eq!(
            table[32],
            Setting {
                servers: 1000,
                points: 1024,
                rings: 400
            }
        );
    }

    #[test]
    fn settings_are_checked() {
        let ok = Setting {
            servers: 10,
            points: 4,
            rings: 1,
        };
        assert!(ok.check(1).is_ok());
        assert!(Setting { servers: 0, ..ok }.check(1).is_err());
        assert!(Setting { servers: 1, ..ok }.check(2).is_err());
        assert!(Setting { points: 0, ..ok }.check(1).is_err());
        assert!(Setting {
            servers: MAX_SERVERS + 1,
            ..ok
        }
        .check(1)
        .is_err());
        assert!(Setting {
            servers: 1 << 20,
            points: 1 << 10,
            rings: 1
        }
        .check(1)
        .is_err());
    }

    #[test]
    fn progress_fraction() {
        assert_eq!(Progress::default().fraction(), 1.0);
        let half = Progress {
            done: 1,
            total: 4,
            work_done: 50,
            work_total: 100,
        };
        assert_eq!(half.fraction(), 0.5);
        assert!(!half.is_finished());
    }
}
