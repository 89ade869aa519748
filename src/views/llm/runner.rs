//! The replays, off the page's thread: the trace fetched once (only when the reader starts),
//! handed to each worker, and every router replayed on it, the one played back first.
//! A new fleet starts over; the router played back only picks another row.
//!
//! Once the reader has started, the page remembers it, the traces fetched and the last
//! finished replays, for as long as it is open: a preset's link (which draws the view anew)
//! shows its replays at once, without asking, fetching or replaying again when only the
//! router played changes.

use std::cell::{Cell, RefCell};
use std::collections::HashMap;
use std::rc::Rc;

use ringlab_core::llm::router::Router;
use ringlab_model::views::llm::params::{LlmParams, TraceName};
use ringlab_model::views::llm::run::{Job, RouterRun};
use wasm_bindgen::JsValue;
use yew::prelude::*;

use crate::kit::fetch_bytes::{fetch_bytes, Fetched, Fetching};
use crate::kit::workers::{worker_count, Pool, Status, Work};

thread_local! {
    /// Whether the reader has pressed "Replay the trace" since the page was opened.
    static STARTED: Cell<bool> = const { Cell::new(false) };
    /// The traces fetched, by file.
    static FETCHED: RefCell<HashMap<&'static str, js_sys::Uint8Array>> = RefCell::new(HashMap::new());
    /// The last replays started, kept across a redraw of the view.
    static LAST: RefCell<Option<Run>> = const { RefCell::new(None) };
}

/// Every router's replay of one trace by one fleet.
pub struct Replays {
    params: LlmParams,
    /// Routers in the order they are run: the one played back first.
    order: Vec<usize>,
    trace: Option<(TraceName, js_sys::Uint8Array)>,
    /// By router: `None` until answered, then its run (`None` when it cannot run).
    pub runs: Vec<Option<Option<RouterRun>>>,
}

impl Replays {
    /// Whether these are the replays of `p`'s fleet (any router played).
    pub fn is_for(&self, p: &LlmParams) -> bool {
        self.params == fleet_key(p)
    }
}

impl Work for Replays {
    fn jobs(&self) -> usize {
        self.order.len()
    }

    fn text(&self, job: usize) -> String {
        Job {
            router: self.order[job],
            params: self.params.clone(),
        }
        .to_text()
    }

    fn put(&mut self, job: usize, values: &[f64]) -> Result<bool, String> {
        let run = if values.is_empty() {
            None
        } else {
            Some(RouterRun::read(values).ok_or("a worker's replay did not fit its job")?)
        };
        self.runs[self.order[job]] = Some(run);
        Ok(true)
    }

    fn setup(&self) -> Option<JsValue> {
        let (name, bytes) = self.trace.as_ref()?;
        Some(js_sys::Array::of2(&JsValue::from_str(name.name()), bytes).into())
    }
}

pub type Run = Rc<RefCell<Pool<Replays>>>;

/// What the page shows of the replays.
pub struct Replaying {
    /// The download, while it lasts, or why it failed.
    pub fetch: Option<Fetched>,
    /// `None` until the reader has started and the trace is in.
    pub run: Option<Run>,
    pub start: Callback<()>,
    /// Fetches again after a failed download.
    pub retry: Callback<()>,
    pub started: bool,
}

/// The fleet's settings, without the router played back: a change of these starts over.
fn fleet_key(p: &LlmParams) -> LlmParams {
    LlmParams {
        router: 0,
        ..p.clone()
    }
}

/// Replays every router under `params` once `start` is called, and again whenever the
/// fleet changes.
#[hook]
pub fn use_replays(params: &LlmParams) -> Replaying {
    let redraw = use_force_update();
    let started = use_state(|| STARTED.with(Cell::get));
    let fetch = use_state(|| None::<Fetched>);
    let fetching = use_mut_ref(|| None::<Fetching>);
    let run = use_state(|| None::<Run>);
    // Bumped when a trace arrives, so that the run below starts.
    let arrived = use_state(|| 0u32);
    {
        let (run, fetch, fetching, arrived) = (
            run.clone(),
            fetch.clone(),
            fetching.clone(),
            arrived.clone(),
        );
        let played = params.router;
        use_effect_with(
            (fleet_key(params), *started, *arrived),
            move |(key, started, _)| {
                if !*started {
                    return;
                }
                // A download for another trace, or one that failed, is dropped (which
                // stops it): only this fleet's trace is wanted now.
                fetching.borrow_mut().take();
                fetch.set(None);
                let finished = LAST.with(|last| {
                    last.borrow().clone().filter(|last| {
                        let last = last.borrow();
                        last.work.params == *key && *last.status() == Status::Done
                    })
                });
                if let Some(finished) = finished {
                    run.set(Some(finished));
                    return;
                }
                let trace = key.trace;
                let given = match trace.file() {
                    None => None,
                    Some(file) => {
                        let held = FETCHED.with(|f| f.borrow().get(file).cloned());
                        match held {
                            Some(b) => Some((trace, b)),
                            None => {
                                // Fetched once; the run starts when it is in.
                                run.set(None);
                                let failed = fetch.clone();
                                let on = Callback::from(move |f: Fetched| {
                                    if let Fetched::Done(b) = &f {
                                        FETCHED.with(|f| f.borrow_mut().insert(file, b.clone()));
                                        fetch.set(None);
                                        arrived.set(*arrived + 1);
                                    } else {
                                        fetch.set(Some(f));
                                    }
                                });
                                match fetch_bytes(file, on) {
                                    Ok(handle) => *fetching.borrow_mut() = Some(handle),
                                    Err(why) => failed.set(Some(Fetched::Failed(why))),
                                }
                                return;
                            }
                        }
                    }
                };
                let mut order: Vec<usize> = (0..Router::NAMES.len()).collect();
                order.retain(|&r| r != played);
                order.insert(0, played.min(Router::NAMES.len() - 1));
                let work = Replays {
                    params: key.clone(),
                    order,
                    trace: given,
                    runs: vec![None; Router::NAMES.len()],
                };
                let on_change = Callback::from(move |()| redraw.force_update());
                let pool = Pool::start(work, worker_count(), on_change);
                LAST.with(|last| *last.borrow_mut() = Some(pool.clone()));
                run.set(Some(pool));
            },
        );
    }
    let start = {
        let started = started.clone();
        Callback::from(move |()| {
            STARTED.with(|s| s.set(true));
            started.set(true);
        })
    };
    let retry = Callback::from(move |()| arrived.set(*arrived + 1));
    Replaying {
        fetch: (*fetch).clone(),
        run: (*run).clone(),
        start,
        retry,
        started: *started,
    }
}
