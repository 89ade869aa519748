//! The lab's experiments as work for the [workers](crate::kit::workers).
//!
//! A run is one or more trials (stages), each cut into chunks of about 30 ms
//! (`ringlab_model::views::lab::runs::plan`). The workers take the chunks in order; their answers
//! go into each stage's [`Assembly`], which makes a setting's row from its rings in order.
//! So the rows are the same, bit for bit, on one worker or four.

use std::cell::RefCell;
use std::rc::Rc;

use ringlab_core::experiment::{
    Assembly, BiggestCatcher, Busiest, BusiestRing, BusiestRow, CatcherRing, CatcherRow, Chunk,
    Put, Setting,
};
use ringlab_model::loss::Loss;
use ringlab_model::views::lab::agree::AgreeOutcome;
use ringlab_model::views::lab::job::{BoundedOutcome, Flat, Job, KeysOutcome, Speed, TrialKind};
use ringlab_model::views::lab::runs;
use ringlab_model::views::lab::series::{AgreeRow, BoundedRow, KeysRow, SpeedRow};
use yew::Callback;

use crate::kit::browser::now;
use crate::kit::workers::{Pool, Work};

/// A lab run on the workers.
pub type Run = Pool<Stages>;

/// A stage's rows as they are assembled.
enum Rows {
    Busiest(Assembly<Busiest>),
    Catcher(Assembly<BiggestCatcher>),
    /// One chunk per setting, whose numbers are the setting's whole row (durability,
    /// real keys), kept as they came and read by the stage's kind.
    Whole(Vec<Option<Vec<f64>>>),
}

struct Stage {
    kind: TrialKind,
    seed: u64,
    settings: Vec<Setting>,
    chunks: Vec<Chunk>,
    rows: Rows,
}

impl Stage {
    fn new(kind: TrialKind, rings: u32, seed: u64) -> Stage {
        let settings = runs::settings(kind, rings);
        let chunks = runs::plan(kind, seed, &settings);
        let rows = match kind.busiest(seed) {
            Some(trial) => Rows::Busiest(Assembly::new(trial, &settings, chunks.clone())),
            None if kind != TrialKind::Catcher => Rows::Whole(vec![None; settings.len()]),
            None => Rows::Catcher(Assembly::new(
                TrialKind::catcher(seed),
                &settings,
                chunks.clone(),
            )),
        };
        Stage {
            kind,
            seed,
            settings,
            chunks,
            rows,
        }
    }

    /// Takes chunk `chunk`'s numbers from a worker.
    fn put(&mut self, chunk: usize, values: &[f64]) -> Put {
        match &mut self.rows {
            Rows::Busiest(a) => {
                BusiestRing::read_all(values).map_or(Put::Refused, |o| a.put(chunk, o))
            }
            Rows::Catcher(a) => {
                CatcherRing::read_all(values).map_or(Put::Refused, |o| a.put(chunk, o))
            }
            Rows::Whole(rows) => match self.chunks.get(chunk).map(|c| c.setting) {
                Some(setting) if rows[setting].is_none() && !values.is_empty() => {
                    rows[setting] = Some(values.to_vec());
                    Put::Row(setting)
                }
                _ => Put::Refused,
            },
        }
    }
}

/// A run's stages and their rows; see the [module](self).
pub struct Stages {
    stages: Vec<Stage>,
    /// Every (stage, chunk), in the order they are handed out.
    queue: Vec<(usize, usize)>,
    /// Chunks still out, per stage, and when each stage's last chunk came back.
    left: Vec<usize>,
    stage_ends: Vec<Option<f64>>,
}

impl Work for Stages {
    fn jobs(&self) -> usize {
        self.queue.len()
    }

    fn text(&self, job: usize) -> String {
        let (stage, chunk) = self.queue[job];
        let s = &self.stages[stage];
        Job::of(s.kind, s.seed, &s.settings, &s.chunks[chunk]).to_text()
    }

    fn put(&mut self, job: usize, values: &[f64]) -> Result<bool, String> {
        let (stage, chunk) = self.queue[job];
        let put = self.stages[stage].put(chunk, values);
        if put == Put::Refused {
            return Err("a worker's answer did not fit its job".into());
        }
        self.left[stage] -= 1;
        if self.left[stage] == 0 {
            self.stage_ends[stage] = Some(now());
        }
        Ok(matches!(put, Put::Row(_)))
    }
}

impl Stages {
    /// Starts `kinds`, one after the other, with `rings` rings per setting, on `workers`
    /// workers; `on_change` is called to redraw.
    pub fn start(
        kinds: &[TrialKind],
        rings: u32,
        seed: u64,
        workers: u32,
        on_change: Callback<()>,
    ) -> Rc<RefCell<Run>> {
        let stages: Vec<Stage> = kinds.iter().map(|&k| Stage::new(k, rings, seed)).collect();
        let queue = stages
            .iter()
            .enumerate()
            .flat_map(|(s, stage)| (0..stage.chunks.len()).map(move |c| (s, c)))
            .collect();
        let left: Vec<usize> = stages.iter().map(|s| s.chunks.len()).collect();
        let work = Stages {
            stage_ends: vec![None; stages.len()],
            left,
            stages,
            queue,
        };
        Pool::start(work, workers, on_change)
    }

    /// The time of each finished part of a run that started at `started`, in ms, named
    /// as its stages are ([`TrialKind::what`]; neighbouring stages of one name are one
    /// part): from the end of the part before (or the start) to the return of its last
    /// chunk. Workers go on to the next part's chunks while the last of a part are out, so
    /// on several workers the split is approximate.
    pub fn stage_times(&self, started: f64) -> Vec<(&'static str, f64)> {
        let mut parts: Vec<(&'static str, f64)> = Vec::new();
        for (stage, end) in self.stages.iter().zip(&self.stage_ends) {
            let Some(end) = *end else { break };
            match parts.last_mut() {
                Some((what, last)) if *what == stage.kind.what() => *last = last.max(end),
                _ => parts.push((stage.kind.what(), end)),
            }
        }
        let mut from = started;
        for (_, end) in &mut parts {
            let at = (*end).max(from);
            *end = at - from;
            from = at;
        }
        parts
    }

    /// The finished rows of the busiest stage of `kind`, in the table's order.
    pub fn busiest_rows(&self, kind: TrialKind) -> Vec<BusiestRow> {
        self.stages
            .iter()
            .filter(|s| s.kind == kind)
            .flat_map(|s| match &s.rows {
                Rows::Busiest(a) => (0..s.settings.len())
                    .filter_map(|i| a.row(i).copied())
                    .collect(),
                Rows::Catcher(_) | Rows::Whole(_) => Vec::new(),
            })
            .collect()
    }

    /// The finished rows of the catcher stage.
    pub fn catcher_rows(&self) -> Vec<CatcherRow> {
        self.stages
            .iter()
            .flat_map(|s| match &s.rows {
                Rows::Catcher(a) => (0..s.settings.len())
                    .filter_map(|i| a.row(i).copied())
                    .collect(),
                Rows::Busiest(_) | Rows::Whole(_) => Vec::new(),
            })
            .collect()
    }

    /// The finished whole rows of every stage, with the stage's kind and the setting,
    /// each read as one `R`.
    fn whole_rows<R: Flat + Copy>(&self) -> Vec<(TrialKind, Setting, R)> {
        let mut out = Vec::new();
        for stage in &self.stages {
            if let Rows::Whole(rows) = &stage.rows {
                for (setting, row) in stage.settings.iter().zip(rows) {
                    if let Some([one]) = row.as_deref().and_then(R::read_all).as_deref() {
                        out.push((stage.kind, *setting, *one));
                    }
                }
            }
        }
        out
    }

    /// The finished rows of the durability stage: points per server and the loss.
    pub fn loss_rows(&self) -> Vec<(u32, Loss)> {
        self.whole_rows::<Loss>()
            .into_iter()
            .filter(|(kind, _, _)| *kind == TrialKind::Loss)
            .map(|(_, setting, loss)| (setting.points, loss))
            .collect()
    }

    /// The finished rows of the real-keys stages: the scheme, the server count, the keys.
    pub fn keys_rows(&self) -> Vec<KeysRow> {
        self.whole_rows::<KeysOutcome>()
            .into_iter()
            .filter_map(|(kind, setting, keys)| match kind {
                TrialKind::Keys(scheme) => Some((scheme, setting.servers, keys)),
                _ => None,
            })
            .collect()
    }

    /// The finished rows of the lookup-speed stages: the scheme, the server count, the
    /// lookups per second measured.
    pub fn speed_rows(&self) -> Vec<SpeedRow> {
        self.whole_rows::<Speed>()
            .into_iter()
            .filter_map(|(kind, setting, speed)| match kind {
                TrialKind::Speed(scheme) => Some((scheme, setting.servers, speed.per_second)),
                _ => None,
            })
            .collect()
    }

    /// The finished rows of the agreement stages: the pair, the server count, the keys
    /// alike.
    pub fn agree_rows(&self) -> Vec<AgreeRow> {
        self.whole_rows::<AgreeOutcome>()
            .into_iter()
            .filter_map(|(kind, setting, outcome)| match kind {
                TrialKind::Agree(pair) => Some((pair, setting.servers, outcome)),
                _ => None,
            })
            .collect()
    }

    /// The finished rows of the bounded-loads stage: epsilon and what it gave.
    pub fn bounded_rows(&self) -> Vec<BoundedRow> {
        self.whole_rows::<BoundedOutcome>()
            .into_iter()
            .filter(|(kind, _, _)| *kind == TrialKind::Bounded)
            .map(|(_, setting, outcome)| (f64::from(setting.points) / 1_000.0, outcome))
            .collect()
    }
}
