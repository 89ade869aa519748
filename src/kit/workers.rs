//! A pool of Web Workers that run the lab's worker module (`lab-worker/`) off the page's
//! thread, shared by the lab and the comparison.
//!
//! The work is a list of jobs, each one line of text; the workers take them in order,
//! one at a time each, and answer each with its numbers (a `Float64Array`), which go back
//! to the [`Work`] with the job's index. A worker that cannot run its job answers with a
//! line of text: the run fails with it. Cancel terminates the workers: nothing is left
//! running.

use std::cell::RefCell;
use std::rc::{Rc, Weak};

use wasm_bindgen::prelude::*;
use web_sys::{ErrorEvent, MessageEvent, Worker};
use yew::Callback;

use crate::kit::browser::now;

/// The worker's loader, next to the page (Trunk's worker shim).
const WORKER_URL: &str = "./lab-worker_loader.js";
/// The least time between two progress redraws, in ms; a job that finishes a row, and
/// the end, always redraw.
const REDRAW_MS: f64 = 100.0;

/// Workers for the page: one per core the browser reports, two to four.
pub fn worker_count() -> u32 {
    let cores = web_sys::window().map_or(2.0, |w| w.navigator().hardware_concurrency());
    (cores as u32).clamp(2, 4)
}

/// What a run is doing.
#[derive(Debug, Clone, PartialEq)]
pub enum Status {
    Running,
    Done,
    Cancelled,
    Failed(String),
}

/// The jobs of a run and what becomes of their answers.
pub trait Work: 'static {
    /// How many jobs there are.
    fn jobs(&self) -> usize;
    /// Job `job` as the worker reads it.
    fn text(&self, job: usize) -> String;
    /// Job `job`'s numbers: `Ok(true)` when they finish something worth redrawing at
    /// once, an error when they do not fit the job.
    fn put(&mut self, job: usize, values: &[f64]) -> Result<bool, String>;
    /// A message each worker gets once it is ready, before its first job (the trace the
    /// LLM jobs read); none by default.
    fn setup(&self) -> Option<JsValue> {
        None
    }
}

thread_local! {
    /// The error handler of a worker that has been let go: a worker stopped while it is
    /// still loading its module reports that the load failed, which is no news.
    static QUIET: Closure<dyn FnMut(ErrorEvent)> =
        Closure::new(|event: ErrorEvent| event.prevent_default());
}

/// One worker and the job it is on.
struct Slot {
    worker: Worker,
    job: Option<usize>,
    _on_message: Closure<dyn FnMut(MessageEvent)>,
    _on_error: Closure<dyn FnMut(ErrorEvent)>,
}

/// A run under way, or finished; see the [module](self).
pub struct Pool<W: Work> {
    pub work: W,
    next: usize,
    done: usize,
    slots: Vec<Slot>,
    status: Status,
    started: f64,
    ended: Option<f64>,
    last_redraw: f64,
    on_change: Callback<()>,
}

impl<W: Work> Pool<W> {
    /// Starts `work` on `workers` workers; `on_change` is called to redraw (at most every
    /// 100 ms, at every answer that finishes something, and at the end).
    pub fn start(work: W, workers: u32, on_change: Callback<()>) -> Rc<RefCell<Pool<W>>> {
        let pool = Rc::new(RefCell::new(Pool {
            work,
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
            .map(|i| spawn(Rc::downgrade(&pool), i))
            .collect();
        let mut this = pool.borrow_mut();
        match slots {
            Ok(slots) => this.slots = slots,
            Err(why) => this.finish(Status::Failed(why)),
        }
        if this.work.jobs() == 0 {
            this.finish(Status::Done);
        }
        drop(this);
        pool
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

    /// The jobs answered so far, and how many there are.
    pub fn counts(&self) -> (usize, usize) {
        (self.done, self.work.jobs())
    }

    /// When the run started, on the page's clock.
    pub fn started(&self) -> f64 {
        self.started
    }

    /// Time since the start, in ms (to the end once ended).
    pub fn elapsed_ms(&self) -> f64 {
        self.ended.unwrap_or_else(now) - self.started
    }

    /// The time left at the pace so far, in ms; `None` before the first answer.
    pub fn remaining_ms(&self) -> Option<f64> {
        (self.done > 0)
            .then(|| self.elapsed_ms() / self.done as f64 * (self.work.jobs() - self.done) as f64)
    }

    /// Hands worker `slot` the next job, if any.
    fn feed(&mut self, slot: usize) {
        if self.next >= self.work.jobs() {
            return;
        }
        let text = self.work.text(self.next);
        if let Some(slot) = self.slots.get_mut(slot) {
            if slot.worker.post_message(&JsValue::from_str(&text)).is_ok() {
                slot.job = Some(self.next);
                self.next += 1;
            }
        }
    }

    /// A worker's message: `ready`, a job's numbers, or why it could not run its job.
    /// Returns whether the page should redraw.
    fn take(&mut self, slot: usize, data: JsValue) -> bool {
        if self.status != Status::Running {
            return false;
        }
        let text = data.as_string();
        if text.as_deref() == Some("ready") {
            if let Some(message) = self.work.setup() {
                if let Some(slot) = self.slots.get(slot) {
                    if slot.worker.post_message(&message).is_err() {
                        self.finish(Status::Failed(
                            "the worker could not be given its trace".into(),
                        ));
                        return true;
                    }
                }
            }
            self.feed(slot);
            return false;
        }
        let job = self.slots.get_mut(slot).and_then(|s| s.job.take());
        let put = match (job, data.dyn_into::<js_sys::Float64Array>()) {
            (Some(job), Ok(values)) => self.work.put(job, &values.to_vec()),
            _ => Err(text.unwrap_or_else(|| "a worker's answer did not fit its job".into())),
        };
        let finished_something = match put {
            Ok(finished) => finished,
            Err(why) => {
                self.finish(Status::Failed(why));
                return true;
            }
        };
        self.done += 1;
        self.feed(slot);
        if self.done == self.work.jobs() {
            self.finish(Status::Done);
            return true;
        }
        let time = now();
        if finished_something || time - self.last_redraw >= REDRAW_MS {
            self.last_redraw = time;
            return true;
        }
        false
    }

    fn finish(&mut self, status: Status) {
        for slot in self.slots.drain(..) {
            slot.let_go();
        }
        self.status = status;
        self.ended = Some(now());
    }
}

impl<W: Work> Drop for Pool<W> {
    fn drop(&mut self) {
        for slot in &self.slots {
            slot.let_go();
        }
    }
}

impl Slot {
    /// Terminates the worker. Its handlers go first: they are dropped with the slot, and
    /// an event already on its way must not reach them.
    fn let_go(&self) {
        self.worker.set_onmessage(None);
        QUIET.with(|quiet| {
            self.worker
                .set_onerror(Some(quiet.as_ref().unchecked_ref()))
        });
        self.worker.terminate();
    }
}

/// Starts worker `index` of `pool`.
fn spawn<W: Work>(pool: Weak<RefCell<Pool<W>>>, index: usize) -> Result<Slot, String> {
    let worker =
        Worker::new(WORKER_URL).map_err(|_| "this page cannot start a Web Worker".to_string())?;
    let on_message = {
        let pool = pool.clone();
        Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
            let Some(pool) = pool.upgrade() else { return };
            // The borrow ends before the redraw, which reads the pool.
            let redraw = {
                let mut pool = pool.borrow_mut();
                pool.take(index, event.data())
                    .then(|| pool.on_change.clone())
            };
            if let Some(redraw) = redraw {
                redraw.emit(());
            }
        })
    };
    let on_error = Closure::<dyn FnMut(ErrorEvent)>::new(move |event: ErrorEvent| {
        let Some(pool) = pool.upgrade() else { return };
        let redraw = {
            let mut pool = pool.borrow_mut();
            pool.finish(Status::Failed(format!(
                "the worker stopped: {}",
                event.message()
            )));
            pool.on_change.clone()
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
