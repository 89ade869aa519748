//! What each of the lab's runs computes: its settings, how it is cut for the workers, and
//! the command line that prints the same table.

use ringlab_core::experiment::{busiest_table, chunks, doubling, grid, Chunk, Scratch, Setting};

use super::job::{Flat, Job, TrialKind};
use crate::loss::LOSS_SERVERS;

pub use super::sizes::*;

/// A chunk's work, in points placed and sorted: about 30 ms in a browser, so a progress
/// bar moves smoothly and Cancel has little to wait for. Gamma draws cost more each.
const CHUNK_POINTS: u64 = 1_000_000;
const CHUNK_DRAWS: u64 = 200_000;

/// A run's settings.
pub fn settings(kind: TrialKind, rings: u32) -> Vec<Setting> {
    match kind {
        TrialKind::BusiestRing | TrialKind::BusiestGamma => busiest_table(rings),
        TrialKind::Catcher => grid(&[CATCHER_SERVERS], &doubling(MOST_POINTS), rings),
        // One ring per V: the ring of the walkthrough's sixteen named servers.
        TrialKind::Loss => grid(&[LOSS_SERVERS], &doubling(MOST_LOSS_POINTS), 1),
        TrialKind::Keys(_) => grid(&KEYS_SERVERS, &[KEYS_POINTS], 1),
        TrialKind::Speed(_) => grid(&SPEED_SERVERS, &[KEYS_POINTS], 1),
        TrialKind::Bounded => grid(&[BOUNDED_SERVERS], &BOUNDED_EPSILON_MILLIS, 1),
        TrialKind::Agree(_) => grid(&AGREE_SERVERS, &[AGREE_POINTS], 1),
    }
}

/// A run cut into chunks for the workers.
pub fn plan(kind: TrialKind, seed: u64, settings: &[Setting]) -> Vec<Chunk> {
    match kind.busiest(seed) {
        Some(trial) if kind == TrialKind::BusiestGamma => chunks(&trial, settings, CHUNK_DRAWS),
        Some(trial) => chunks(&trial, settings, CHUNK_POINTS),
        None if kind != TrialKind::Catcher => settings
            .iter()
            .enumerate()
            .map(|(setting, _)| Chunk {
                setting,
                rings: 0..1,
            })
            .collect(),
        None => chunks(&TrialKind::catcher(seed), settings, CHUNK_POINTS),
    }
}

/// The command that prints the same table (as TSV) on the command line; `None` where the
/// command line has no such experiment. The lab's whole-row figures take no settings, so
/// their commands have none.
pub fn command(kind: TrialKind, rings: u32, seed: u64) -> Option<String> {
    let servers = match kind {
        TrialKind::Catcher => CATCHER_SERVERS.to_string(),
        _ => BUSIEST_SERVERS.map(|n| n.to_string()).join(","),
    };
    let (experiment, method) = match kind {
        TrialKind::BusiestRing => ("busiest", " --method ring"),
        TrialKind::BusiestGamma => ("busiest", " --method gamma"),
        TrialKind::Catcher => ("catcher", ""),
        TrialKind::Loss => return Some("ringlab experiment durability".into()),
        TrialKind::Keys(_) => return Some("ringlab experiment keys".into()),
        TrialKind::Speed(_) => return Some("ringlab experiment speed".into()),
        TrialKind::Bounded => return Some("ringlab experiment bounded".into()),
        TrialKind::Agree(_) => return Some("ringlab experiment agree".into()),
    };
    Some(format!(
        "ringlab experiment {experiment} --servers {servers} --points 1,2,4,...,{MOST_POINTS} \
         --rings {rings} --seed {seed}{method}"
    ))
}

/// Every row of `kind`'s run computed here, one job after another, each read as one `R`:
/// what the command line prints for the figures whose chunks are whole rows (the same
/// jobs the lab's workers run). `clock` reads a clock in ms, for the speed jobs.
pub fn run_here<R: Flat + Copy>(kind: TrialKind, clock: &dyn Fn() -> f64) -> Vec<(Setting, R)> {
    let settings = settings(kind, 1);
    let mut scratch = Scratch::default();
    plan(kind, 0, &settings)
        .iter()
        .filter_map(|chunk| {
            let values = Job::of(kind, 0, &settings, chunk).run(&mut scratch, clock);
            Some((settings[chunk.setting], *R::read_all(&values)?.first()?))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_runs_are_the_seed_experiments() {
        assert_eq!(settings(TrialKind::BusiestRing, 400).len(), 33);
        assert_eq!(settings(TrialKind::Catcher, 400).len(), 11);
        assert_eq!(settings(TrialKind::Loss, 400).len(), 10);
        assert_eq!(
            plan(TrialKind::Loss, 1, &settings(TrialKind::Loss, 400)).len(),
            10
        );
        assert_eq!(
            command(TrialKind::Loss, 400, 1).unwrap(),
            "ringlab experiment durability"
        );
        assert_eq!(
            command(TrialKind::BusiestRing, 400, 1).unwrap(),
            "ringlab experiment busiest --servers 10,100,1000 --points 1,2,4,...,1024 --rings 400 --seed 1 --method ring"
        );
        assert_eq!(
            command(TrialKind::Catcher, 40, 7).unwrap(),
            "ringlab experiment catcher --servers 100 --points 1,2,4,...,1024 --rings 40 --seed 7"
        );
        // The biggest ring (1,000 x 1,024 points) is one ring a chunk.
        let s = settings(TrialKind::BusiestRing, 400);
        let pieces = plan(TrialKind::BusiestRing, 1, &s);
        assert_eq!(pieces.last().unwrap().rings.len(), 1);
        assert!(pieces.len() > 400);
    }
}
