//! Runs the lab's experiments on Web Workers, off the page's thread.
//!
//! A [`Run`] is one or more trials (stages), each cut into chunks of about 30 ms
//! (`ringlab_model::lab::runs::plan`). The workers take the chunks in order, one at a
//! time each; their answers go into each stage's [`Assembly`], which makes a setting's row
//! from its rings in order. So the rows are the same, bit for bit, on one worker or four.
//! Cancel terminates the workers: nothing is left running.

use std::cell::RefCell;
use std::rc::{Rc, Weak};

use ringlab_core::experiment::{
    Assembly, BiggestCatcher, Busiest, BusiestRing, BusiestRow, CatcherRing, CatcherRow, Chunk,
    Put, Setting,
};
use ringlab_model::lab::job::{BoundedOutcome, Flat, Job, KeysOutcome, Speed, TrialKind};
use ringlab_model::lab::runs;
use ringlab_model::lab::series::{BoundedRow, KeysRow, SpeedRow};
use ringlab_model::learn::figures::Loss;
use wasm_bindgen::prelude::*;
use web_sys::{ErrorEvent, MessageEvent, Worker};
use yew::Callback;

use crate::browser::now;

/// The worker's loader, next to the page (Trunk's worker shim).
const WORKER_URL: &str = "./lab-worker_loader.js";
/// The least time between two progress redraws, in ms; a finished row always redraws.
const REDRAW_MS: f64 = 100.0;

/// What a run is doing.
#[derive(Debug, Clone, PartialEq)]
pub enum Status {
    Running,
    Done,
    Cancelled,
    Failed(String),
}

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

/// One worker and the chunk it is on.
struct Slot {
    worker: Worker,
    job: Option<(usize, usize)>,
    _on_message: Closure<dyn FnMut(MessageEvent)>,
    _on_error: Closure<dyn FnMut(ErrorEvent)>,
}

/// A run under way, or finished; see the [module](self).
pub struct Run {
    stages: Vec<Stage>,
    /// Every (stage, chunk), in the order they are handed out.
    queue: Vec<(usize, usize)>,
    next: usize,
    done: usize,
    /// Chunks still out, per stage, and when each stage's last chunk came back.
    left: Vec<usize>,
    stage_ends: Vec<Option<f64>>,
    slots: Vec<Slot>,
    status: Status,
    started: f64,
    ended: Option<f64>,
    last_redraw: f64,
    on_change: Callback<()>,
}

impl Run {
    /// Starts `kinds`, one after the other, with `rings` rings per setting, on `workers`
    /// workers; `on_change` is called (at most every 100 ms, and at every finished row and
    /// at the end) to redraw.
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
        let run = Rc::new(RefCell::new(Run {
            stage_ends: vec![None; stages.len()],
            left,
            stages,
            queue,
            next: 0,
            done: 0,
            slots: Vec::new(),
            status: Status::Running,
            started: now(),
            ended: None,
            last_redraw: 0.0,
            on_change,
        }));
        let slots: Result<Vec<Slot>, String> = (0..workers.max(1) as usize)
            .map(|i| spawn(Rc::downgrade(&run), i))
            .collect();
        let mut this = run.borrow_mut();
        match slots {
            Ok(slots) => this.slots = slots,
            Err(why) => this.fail(why),
        }
        if this.queue.is_empty() {
            this.finish(Status::Done);
        }
        drop(this);
        run
    }

    /// Stops every worker at once.
    pub fn cancel(&mut self) {
        if self.status == Status::Running {
            self.finish(Status::Cancelled);
        }
    }

    pub fn status(&self) -> &Status {
        &self.status
    }

    /// The share of the chunks done, in [0, 1].
    pub fn fraction(&self) -> f64 {
        if self.queue.is_empty() {
            1.0
        } else {
            self.done as f64 / self.queue.len() as f64
        }
    }

    /// Time since the start, in ms (to the end once ended).
    pub fn elapsed_ms(&self) -> f64 {
        self.ended.unwrap_or_else(now) - self.started
    }

    /// The time left at the pace so far, in ms; `None` before the first chunk is back.
    pub fn remaining_ms(&self) -> Option<f64> {
        (self.done > 0)
            .then(|| self.elapsed_ms() / self.done as f64 * (self.queue.len() - self.done) as f64)
    }

    /// The time of each finished part of the run, in ms, named as its stages are
    /// ([`TrialKind::what`]; neighbouring stages of one name are one part): from the end of
    /// the part before (or the start) to the return of its last chunk. Workers go on to the
    /// next part's chunks while the last of a part are out, so on several workers the split
    /// is approximate.
    pub fn stage_times(&self) -> Vec<(&'static str, f64)> {
        let mut parts: Vec<(&'static str, f64)> = Vec::new();
        for (stage, end) in self.stages.iter().zip(&self.stage_ends) {
            let Some(end) = *end else { break };
            match parts.last_mut() {
                Some((what, last)) if *what == stage.kind.what() => *last = last.max(end),
                _ => parts.push((stage.kind.what(), end)),
            }
        }
        let mut from = self.started;
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

    /// The finished rows of the bounded-loads stage: epsilon and what it gave.
    pub fn bounded_rows(&self) -> Vec<BoundedRow> {
        self.whole_rows::<BoundedOutcome>()
            .into_iter()
            .filter(|(kind, _, _)| *kind == TrialKind::Bounded)
            .map(|(_, setting, outcome)| (f64::from(setting.points) / 1_000.0, outcome))
            .collect()
    }

    /// Hands worker `slot` the next chunk, if any.
    fn feed(&mut self, slot: usize) {
        let Some(&(stage, chunk)) = self.queue.get(self.next) else {
            return;
        };
        let s = &self.stages[stage];
        let text = Job::of(s.kind, s.seed, &s.settings, &s.chunks[chunk]).to_text();
        if let Some(slot) = self.slots.get_mut(slot) {
            if slot.worker.post_message(&JsValue::from_str(&text)).is_ok() {
                slot.job = Some((stage, chunk));
                self.next += 1;
            }
        }
    }

    /// A worker's message: `ready`, `refused`, or a chunk's numbers. Returns whether the
    /// page should redraw.
    fn take(&mut self, slot: usize, data: JsValue) -> bool {
        if self.status != Status::Running {
            return false;
        }
        if data.as_string().as_deref() == Some("ready") {
            self.feed(slot);
            return false;
        }
        let job = self.slots.get_mut(slot).and_then(|s| s.job.take());
        let (Some((stage, chunk)), Ok(values)) = (job, data.dyn_into::<js_sys::Float64Array>())
        else {
            self.fail("a worker refused its job".into());
            return true;
        };
        let put = self.stages[stage].put(chunk, &values.to_vec());
        if put == Put::Refused {
            self.fail("a worker's answer did not fit its job".into());
            return true;
        }
        self.done += 1;
        self.left[stage] -= 1;
        if self.left[stage] == 0 {
            self.stage_ends[stage] = Some(now());
        }
        self.feed(slot);
        if self.done == self.queue.len() {
            self.finish(Status::Done);
            return true;
        }
        let time = now();
        if matches!(put, Put::Row(_)) || time - self.last_redraw >= REDRAW_MS {
            self.last_redraw = time;
            return true;
        }
        false
    }

    fn fail(&mut self, why: String) {
        self.finish(Status::Failed(why));
    }

    fn finish(&mut self, status: Status) {
        for slot in self.slots.drain(..) {
            slot.worker.terminate();
        }
        self.status = status;
        self.ended = Some(now());
    }
}

impl Drop for Run {
    fn drop(&mut self) {
        for slot in &self.slots {
            slot.worker.terminate();
        }
    }
}

/// Starts worker `index` of `run`.
fn spawn(run: Weak<RefCell<Run>>, index: usize) -> Result<Slot, String> {
    let worker =
        Worker::new(WORKER_URL).map_err(|_| "this page cannot start a Web Worker".to_string())?;
    let on_message = {
        let run = run.clone();
        Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
            let Some(run) = run.upgrade() else { return };
            // The borrow ends before the redraw, which reads the run.
            let redraw = {
                let mut run = run.borrow_mut();
                run.take(index, event.data()).then(|| run.on_change.clone())
            };
            if let Some(redraw) = redraw {
                redraw.emit(());
            }
        })
    };
    let on_error = Closure::<dyn FnMut(ErrorEvent)>::new(move |event: ErrorEvent| {
        let Some(run) = run.upgrade() else { return };
        let redraw = {
            let mut run = run.borrow_mut();
            run.fail(format!("the lab's worker stopped: {}", event.message()));
            run.on_change.clone()
        };
        redraw.emit(());
    });
    worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
    Ok(Slot {
        worker,
        job: None,
        _on_message: on_message,
        _on_error: on_error,
    })
}
