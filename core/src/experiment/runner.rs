//! Running an experiment ring by ring ([`Runner`]) or all at once ([`run`]).

use super::{Progress, Scratch, Setting, Trial};
use crate::ConfigError;

/// Runs a trial over settings one ring per [`step`](Runner::step), for callers that must
/// stay responsive (the browser draws its progress bar between steps). No threads, no
/// clock, no OS randomness.
///
/// ```
/// use ringlab_core::experiment::{Busiest, Method, Placement, Runner, Setting};
/// let trial = Busiest { seed: 3, method: Method::Ring, placement: Placement::Uniform };
/// let settings = vec![
///     Setting { servers: 10, points: 1, rings: 50 },
///     Setting { servers: 10, points: 64, rings: 50 },
/// ];
/// let mut runner = Runner::new(trial, settings).unwrap();
/// while !runner.is_finished() {
///     let progress = runner.step();
///     assert!(progress.fraction() <= 1.0); // draw the bar here
/// }
/// let rows = runner.into_rows();
/// assert_eq!(rows.len(), 2);
/// assert!(rows[0].mean_busiest > rows[1].mean_busiest);
/// ```
pub struct Runner<T: Trial> {
    trial: T,
    settings: Vec<Setting>,
    setting: usize,
    ring: u32,
    outcomes: Vec<T::Outcome>,
    rows: Vec<T::Row>,
    scratch: Scratch,
    progress: Progress,
}

impl<T: Trial> Runner<T> {
    /// Checks every setting and gets ready; nothing runs yet.
    pub fn new(trial: T, settings: Vec<Setting>) -> Result<Self, ConfigError> {
        let progress = plan(&trial, &settings)?;
        let mut runner = Runner {
            trial,
            settings,
            setting: 0,
            ring: 0,
            outcomes: Vec::new(),
            rows: Vec::new(),
            scratch: Scratch::default(),
            progress,
        };
        runner.finish_settings();
        Ok(runner)
    }

    /// Runs one ring (nothing once finished) and says how far the run has got.
    pub fn step(&mut self) -> Progress {
        if let Some(setting) = self.settings.get(self.setting).copied() {
            let outcome = self.trial.outcome(&setting, self.ring, &mut self.scratch);
            self.outcomes.push(outcome);
            self.ring += 1;
            self.progress.done += 1;
            self.progress.work_done += self.trial.work(&setting);
            self.finish_settings();
        }
        self.progress
    }

    /// Runs rings until at least `work` units of work (points placed, for most trials)
    /// are done or the run is finished; always at least one ring. A browser can tune
    /// `work` so that one call fills one frame.
    pub fn step_work(&mut self, work: u64) -> Progress {
        let goal = self.progress.work_done.saturating_add(work);
        loop {
            let progress = self.step();
            if progress.is_finished() || progress.work_done >= goal {
                return progress;
            }
        }
    }

    /// How far the run has got.
    pub fn progress(&self) -> Progress {
        self.progress
    }

    /// True when every ring of every setting is done.
    pub fn is_finished(&self) -> bool {
        self.setting >= self.settings.len()
    }

    /// The rows of the settings finished so far, in order.
    pub fn rows(&self) -> &[T::Row] {
        &self.rows
    }

    /// The rows of the settings finished so far.
    pub fn into_rows(self) -> Vec<T::Row> {
        self.rows
    }

    /// Turns every setting whose rings are all done into a row.
    fn finish_settings(&mut self) {
        while let Some(setting) = self.settings.get(self.setting) {
            if self.ring < setting.rings {
                break;
            }
            self.rows.push(self.trial.row(setting, &self.outcomes));
            self.outcomes.clear();
            self.setting += 1;
            self.ring = 0;
        }
    }
}

impl<T: Trial> Iterator for Runner<T> {
    type Item = Progress;

    /// One [`step`](Runner::step), or `None` once finished.
    fn next(&mut self) -> Option<Progress> {
        (!self.is_finished()).then(|| self.step())
    }
}

fn plan<T: Trial>(trial: &T, settings: &[Setting]) -> Result<Progress, ConfigError> {
    let mut progress = Progress::default();
    for setting in settings {
        trial.check(setting)?;
        progress.total += setting.rings as u64;
        progress.work_total = progress
            .work_total
            .saturating_add(trial.work(setting).saturating_mul(setting.rings as u64));
    }
    Ok(progress)
}

/// Runs a trial over all settings and returns one row per setting, calling `progress`
/// after each ring (after each setting with the `parallel` feature, which runs a
/// setting's rings on all cores). The rows are the same either way: every ring has its
/// own generator and rows are summarised in ring order.
pub fn run<T>(
    trial: &T,
    settings: &[Setting],
    progress: Option<&mut dyn FnMut(Progress)>,
) -> Result<Vec<T::Row>, ConfigError>
where
    T: Trial + Sync,
{
    #[cfg(feature = "parallel")]
    {
        run_parallel(trial, settings, progress)
    }
    #[cfg(not(feature = "parallel"))]
    {
        run_sequential(trial, settings, progress)
    }
}

/// [`run`] on the calling thread, whatever the features, calling `progress` after each
/// ring. Gives the same rows as [`run`].
pub fn run_sequential<T: Trial>(
    trial: &T,
    settings: &[Setting],
    mut progress: Option<&mut dyn FnMut(Progress)>,
) -> Result<Vec<T::Row>, ConfigError> {
    let mut runner = Runner::new(trial, settings.to_vec())?;
    while !runner.is_finished() {
        let now = runner.step();
        if let Some(report) = progress.as_mut() {
            report(now);
        }
    }
    Ok(runner.into_rows())
}

#[cfg(feature = "parallel")]
fn run_parallel<T>(
    trial: &T,
    settings: &[Setting],
    mut progress: Option<&mut dyn FnMut(Progress)>,
) -> Result<Vec<T::Row>, ConfigError>
where
    T: Trial + Sync,
{
    use rayon::prelude::*;
    let mut now = plan(trial, settings)?;
    let mut rows = Vec::with_capacity(settings.len());
    // One contiguous run of rings per thread, each with buffers kept across settings
    // (rings of a setting cost the same, so an even split balances).
    let threads = rayon::current_num_threads().max(1);
    let mut scratches: Vec<Scratch> = (0..threads).map(|_| Scratch::default()).collect();
    for setting in settings {
        let rings = setting.rings;
        let per = rings.div_ceil(threads as u32).max(1);
        let parts: Vec<Vec<T::Outcome>> = scratches
            .par_iter_mut()
            .enumerate()
            .map(|(part, scratch)| {
                let from = (part as u32).saturating_mul(per).min(rings);
                let to = from.saturating_add(per).min(rings);
                (from..to)
                    .map(|ring| trial.outcome(setting, ring, scratch))
                    .collect()
            })
            .collect();
        let outcomes: Vec<T::Outcome> = parts.into_iter().flatten().collect();
        rows.push(trial.row(setting, &outcomes));
        now.done += setting.rings as u64;
        now.work_done += trial.work(setting) * setting.rings as u64;
        if let Some(report) = progress.as_mut() {
            report(now);
        }
    }
    Ok(rows)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::experiment::{BiggestCatcher, Busiest, Method, Placement};

    fn settings() -> Vec<Setting> {
        vec![
            Setting {
                servers: 10,
                points: 4,
                rings: 3,
            },
            Setting {
                servers: 5,
                points: 2,
                rings: 0,
            },
            Setting {
                servers: 20,
                points: 8,
                rings: 2,
            },
        ]
    }

    #[test]
    fn steps_report_progress_and_skip_empty_settings() {
        let trial = Busiest {
            seed: 9,
            method: Method::Ring,
            placement: Placement::Uniform,
        };
        let mut runner = Runner::new(trial, settings()).unwrap();
        assert_eq!(runner.progress().total, 5);
        assert_eq!(runner.progress().work_total, 3 * 40 + 2 * 160);
        let seen: Vec<Progress> = runner.by_ref().collect();
        assert_eq!(seen.len(), 5);
        assert_eq!(seen[2].done, 3);
        assert_eq!(seen[2].work_done, 120);
        assert!(seen[4].is_finished() && seen[4].fraction() == 1.0);
        assert_eq!(runner.rows().len(), 3);
        assert_eq!(runner.rows()[1].rings, 0);
        assert!(runner.rows()[1].mean_busiest.is_nan());
        assert_eq!(runner.step(), seen[4]); // finished: nothing more happens
    }

    #[test]
    fn step_work_runs_at_least_one_ring() {
        let trial = Busiest {
            seed: 9,
            method: Method::Ring,
            placement: Placement::Uniform,
        };
        let mut runner = Runner::new(trial, settings()).unwrap();
        assert_eq!(runner.step_work(0).done, 1);
        // 40 points a ring: 80, 120, then 280 passes the goal of 140.
        assert_eq!(runner.step_work(100).done, 4);
        assert!(runner.step_work(u64::MAX).is_finished());
    }

    #[test]
    fn run_equals_stepping_and_reports_to_the_end() {
        for method in [Method::Ring, Method::Gamma] {
            let trial = Busiest {
                seed: 4,
                method,
                placement: Placement::Uniform,
            };
            let mut last = Progress::default();
            let mut report = |p: Progress| last = p;
            let rows = run(&trial, &settings(), Some(&mut report)).unwrap();
            assert!(last.is_finished());
            let stepped = Runner::new(trial, settings()).unwrap().collect::<Vec<_>>();
            assert_eq!(stepped.len(), 5);
            let sequential = run_sequential(&trial, &settings(), None).unwrap();
            assert_eq!(format!("{rows:?}"), format!("{sequential:?}"));
        }
        let trial = BiggestCatcher {
            seed: 4,
            placement: Placement::HashedNames,
        };
        let rows = run(&trial, &settings(), None).unwrap();
        let sequential = run_sequential(&trial, &settings(), None).unwrap();
        assert_eq!(format!("{rows:?}"), format!("{sequential:?}"));
    }

    #[test]
    fn bad_settings_are_refused_before_running() {
        let trial = BiggestCatcher {
            seed: 1,
            placement: Placement::Uniform,
        };
        let bad = vec![Setting {
            servers: 1,
            points: 4,
            rings: 3,
        }];
        assert!(Runner::new(trial, bad.clone()).is_err());
        assert!(run(&trial, &bad, None).is_err());
    }
}
