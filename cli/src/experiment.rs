//! `ringlab experiment busiest|catcher|keys|speed|durability|memory|bounded|agree`: the lab's
//! tables as TSV; for the ring experiments, an estimate up front for long runs and a
//! progress bar on standard error when it is a terminal.

use std::io::Write;
use std::ops::Range;

use ringlab_core::experiment::{
    grid, table_text, BiggestCatcher, Busiest, Method, Placement, Scratch, Setting, Trial,
};

use ringlab_model::views::lab::agree::{AgreeOutcome, Pair};
use ringlab_model::views::lab::csv::{
    agree_csv, bounded_csv, keys_csv, llm_csv, loss_csv, memory_csv, speed_csv,
};
use ringlab_model::views::lab::job::{BoundedOutcome, KeysOutcome, Speed, TrialKind};
use ringlab_model::views::lab::llm;
use ringlab_model::views::lab::runs::{run_here, KEYS_SCHEMES, SPEED_SCHEMES};
use ringlab_model::views::lab::series::{AgreeRow, BoundedRow, KeysRow, SpeedRow};
use ringlab_model::views::learn::figures::Loss;

use crate::args::{ExperimentArgs, ExperimentCommand, LlmSweep, MethodArg, PlacementArg};
use crate::limits::{self, count};
use crate::progress::Progress as Bar;
use crate::{input, CliError};

/// Work between two progress reports, per thread: about a tenth of a second.
const BATCH_WORK: u64 = 6_000_000;

pub fn busiest(args: &ExperimentArgs, out: &mut dyn Write, show: bool) -> Result<(), CliError> {
    let method = match args.method {
        MethodArg::Ring => Method::Ring,
        MethodArg::Gamma => Method::Gamma,
    };
    let trial = Busiest {
        seed: args.seed,
        method,
        placement: placement(args),
    };
    let plan = Plan::new(&trial, args, method == Method::Ring, 1)?;
    let rows = plan.run(&trial, show)?;
    out.write_all(table_text(&rows, '\t').as_bytes())?;
    Ok(())
}

pub fn catcher(args: &ExperimentArgs, out: &mut dyn Write, show: bool) -> Result<(), CliError> {
    if args.method == MethodArg::Gamma {
        return Err(CliError::new(
            "the catcher experiment needs real rings: use --method ring",
        ));
    }
    let trial = BiggestCatcher {
        seed: args.seed,
        placement: placement(args),
    };
    let plan = Plan::new(&trial, args, true, 2)?;
    let rows = plan.run(&trial, show)?;
    out.write_all(table_text(&rows, '\t').as_bytes())?;
    Ok(())
}

/// The lab's figures whose runs are whole rows (keys, speed, durability, memory,
/// bounded, agree), as TSV: the same jobs the lab's workers run, and the same columns and digits
/// as its CSV downloads.
pub fn lab(which: &ExperimentCommand, out: &mut dyn Write) -> Result<(), CliError> {
    let start = std::time::Instant::now();
    let clock = move || start.elapsed().as_secs_f64() * 1_000.0;
    let text = match which {
        ExperimentCommand::Keys => {
            let rows: Vec<KeysRow> = KEYS_SCHEMES
                .iter()
                .flat_map(|&scheme| {
                    run_here::<KeysOutcome>(TrialKind::Keys(scheme), &clock)
                        .into_iter()
                        .map(move |(setting, o)| (scheme, setting.servers, o))
                })
                .collect();
            keys_csv(&rows, '\t')
        }
        ExperimentCommand::Speed => {
            let rows: Vec<SpeedRow> = SPEED_SCHEMES
                .iter()
                .flat_map(|&scheme| {
                    run_here::<Speed>(TrialKind::Speed(scheme), &clock)
                        .into_iter()
                        .map(move |(setting, s)| (scheme, setting.servers, s.per_second))
                })
                .collect();
            speed_csv(&rows, '\t')
        }
        ExperimentCommand::Durability => {
            let rows: Vec<(u32, Loss)> = run_here::<Loss>(TrialKind::Loss, &clock)
                .into_iter()
                .map(|(setting, loss)| (setting.points, loss))
                .collect();
            loss_csv(&rows, '\t')
        }
        ExperimentCommand::Memory => memory_csv('\t'),
        ExperimentCommand::Bounded => {
            let rows: Vec<BoundedRow> = run_here::<BoundedOutcome>(TrialKind::Bounded, &clock)
                .into_iter()
                .map(|(setting, o)| (f64::from(setting.points) / 1_000.0, o))
                .collect();
            bounded_csv(&rows, '\t')
        }
        ExperimentCommand::Agree => {
            let rows: Vec<AgreeRow> = Pair::ALL
                .iter()
                .flat_map(|&pair| {
                    run_here::<AgreeOutcome>(TrialKind::Agree(pair), &clock)
                        .into_iter()
                        .map(move |(setting, o)| (pair, setting.servers, o))
                })
                .collect();
            agree_csv(&rows, '\t')
        }
        ExperimentCommand::Llm(args) => {
            let path = &args.trace;
            let file = std::fs::File::open(path)
                .map_err(|e| CliError::new(format!("cannot read {}: {e}", path.display())))?;
            let trace = ringlab_core::llm::trace::read_any(std::io::BufReader::new(file))
                .map_err(|e| CliError::new(format!("{} {e}", path.display())))?;
            let (rows, most) = (llm::rows(&trace), llm::most_reusable(&trace));
            let figure = match args.against {
                LlmSweep::K => llm::LlmFigure::Prefix,
                LlmSweep::C => llm::LlmFigure::Bound,
                LlmSweep::Cache => llm::LlmFigure::Cache,
            };
            llm_csv(&rows, most, figure, '\t')
        }
        ExperimentCommand::Busiest(_) | ExperimentCommand::Catcher(_) => String::new(),
    };
    out.write_all(text.as_bytes())?;
    Ok(())
}

fn placement(args: &ExperimentArgs) -> Placement {
    match args.placement {
        PlacementArg::Uniform => Placement::Uniform,
        PlacementArg::Names => Placement::HashedNames,
    }
}

/// The settings of a run, checked against [`limits`], with their work and threads.
#[derive(Debug)]
struct Plan {
    settings: Vec<Setting>,
    /// One ring's work in each setting.
    ring_work: Vec<u64>,
    work: u64,
    threads: usize,
}

impl Plan {
    /// `places_points`: the rings are built point by point (not drawn by the gamma
    /// shortcut), so each must fit [`limits::MAX_RING_POINTS`]. `min_servers`: what the
    /// experiment needs (the catcher takes one server away).
    fn new<T: Trial>(
        trial: &T,
        args: &ExperimentArgs,
        places_points: bool,
        min_servers: u64,
    ) -> Result<Plan, CliError> {
        let servers =
            input::parse_counts(&args.servers, "--servers", limits::MAX_EXPERIMENT_SERVERS)?;
        if let Some(few) = servers.iter().find(|&&n| n < min_servers) {
            return Err(CliError::new(format!(
                "--servers: this experiment needs at least {min_servers} servers (one leaves), \
                 not {few}"
            )));
        }
        let points = input::parse_counts(&args.points, "--points", limits::MAX_EXPERIMENT_POINTS)?;
        let names = args.placement == PlacementArg::Names;
        let servers: Vec<usize> = servers.into_iter().map(|n| n as usize).collect();
        let points: Vec<u32> = points.into_iter().map(|v| v as u32).collect();
        Plan::of(trial, &servers, &points, args.rings, places_points, names)
    }

    fn of<T: Trial>(
        trial: &T,
        servers: &[usize],
        points: &[u32],
        rings: u32,
        places_points: bool,
        names: bool,
    ) -> Result<Plan, CliError> {
        let settings = servers.len().saturating_mul(points.len());
        if settings > limits::MAX_SETTINGS {
            return Err(CliError::new(format!(
                "{} server counts times {} point counts make {settings} settings; the limit \
                 is {}",
                servers.len(),
                points.len(),
                limits::MAX_SETTINGS
            )));
        }
        let settings = grid(servers, points, rings);
        let mut ring_work = Vec::with_capacity(settings.len());
        let mut work = 0u64;
        let mut largest_ring = 0u64;
        for setting in &settings {
            if places_points && setting.ring_points() > limits::MAX_RING_POINTS {
                return Err(CliError::new(format!(
                    "{} servers with {} points each make {} points on one ring; the limit is {}",
                    setting.servers,
                    setting.points,
                    count(setting.ring_points()),
                    count(limits::MAX_RING_POINTS)
                )));
            }
            trial.check(setting)?;
            let one = limits::experiment_ring_work(setting, places_points, names);
            work = work.saturating_add(one.saturating_mul(u64::from(setting.rings)));
            ring_work.push(one);
            if places_points {
                largest_ring = largest_ring.max(setting.ring_points());
            }
        }
        limits::check_work(
            work,
            "this experiment",
            "use fewer --rings, server counts or points",
        )?;
        Ok(Plan {
            settings,
            ring_work,
            work,
            threads: limits::experiment_threads(largest_ring),
        })
    }

    /// Runs every ring on [`Plan::threads`] threads, in batches between which the bar
    /// moves. Each ring depends only on its coordinates, so the rows are those of
    /// [`ringlab_core::experiment::run`].
    fn run<T: Trial + Sync>(&self, trial: &T, show: bool) -> Result<Vec<T::Row>, CliError> {
        let total_rings: u64 = self.settings.iter().map(|s| u64::from(s.rings)).sum();
        let settings = self.settings.len();
        let what = format!(
            "{} rings in {settings} setting{}",
            count(total_rings),
            if settings == 1 { "" } else { "s" }
        );
        if let Some(note) = limits::estimate_note(self.work, self.threads, &what) {
            eprintln!("ringlab: {note}");
        }
        let mut bar = Bar::new(show);
        let mut scratches: Vec<Scratch> = (0..self.threads).map(|_| Scratch::default()).collect();
        let (mut rings_done, mut work_done) = (0u64, 0u64);
        let mut rows = Vec::with_capacity(self.settings.len());
        for (setting, &one) in self.settings.iter().zip(&self.ring_work) {
            let per_thread = (BATCH_WORK / one.max(1)).max(1);
            let batch =
                u32::try_from(per_thread.saturating_mul(self.threads as u64)).unwrap_or(u32::MAX);
            let mut outcomes = Vec::with_capacity(setting.rings as usize);
            let mut ring = 0u32;
            while ring < setting.rings {
                let end = ring.saturating_add(batch).min(setting.rings);
                outcomes.extend(outcomes_of(trial, setting, ring..end, &mut scratches));
                rings_done += u64::from(end - ring);
                work_done = work_done.saturating_add(one.saturating_mul(u64::from(end - ring)));
                ring = end;
                let permille = (work_done as f64 / self.work.max(1) as f64 * 1000.0) as usize;
                bar.update(
                    permille.min(1000),
                    1000,
                    &format!("{rings_done} of {total_rings} rings"),
                );
            }
            rows.push(trial.row(setting, &outcomes));
        }
        bar.finish();
        Ok(rows)
    }
}

/// The outcomes of `rings` in order, split into one contiguous part per scratch (thread).
fn outcomes_of<T: Trial + Sync>(
    trial: &T,
    setting: &Setting,
    rings: Range<u32>,
    scratches: &mut [Scratch],
) -> Vec<T::Outcome> {
    if let [scratch] = scratches {
        return rings
            .map(|ring| trial.outcome(setting, ring, scratch))
            .collect();
    }
    let per = (rings.end - rings.start)
        .div_ceil(scratches.len() as u32)
        .max(1);
    std::thread::scope(|scope| {
        let parts: Vec<_> = scratches
            .iter_mut()
            .enumerate()
            .map(|(part, scratch)| {
                let from = rings
                    .start
                    .saturating_add((part as u32).saturating_mul(per))
                    .min(rings.end);
                let to = from.saturating_add(per).min(rings.end);
                scope.spawn(move || {
                    (from..to)
                        .map(|ring| trial.outcome(setting, ring, scratch))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        parts
            .into_iter()
            .flat_map(|part| part.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
            .collect()
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use ringlab_core::experiment::run_sequential;

    fn same_rows<T: Trial + Sync>(trial: &T, places_points: bool)
    where
        T::Row: std::fmt::Debug,
    {
        let mut plan = Plan::of(trial, &[2, 10], &[1, 3, 40], 9, places_points, false).unwrap();
        let expected = run_sequential(trial, &plan.settings, None).unwrap();
        for threads in [1, 2, 4] {
            plan.threads = threads;
            let rows = plan.run(trial, false).unwrap();
            assert_eq!(format!("{rows:?}"), format!("{expected:?}"), "{threads}");
        }
    }

    #[test]
    fn batched_threads_give_the_library_rows() {
        for method in [Method::Ring, Method::Gamma] {
            let trial = Busiest {
                seed: 3,
                method,
                placement: Placement::Uniform,
            };
            same_rows(&trial, method == Method::Ring);
        }
        let trial = BiggestCatcher {
            seed: 3,
            placement: Placement::HashedNames,
        };
        same_rows(&trial, true);
    }
}
