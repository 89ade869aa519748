//! Places the comparison's keys on Web Workers, off the page's thread: the keys cut into
//! ranges, each worker placing a range under every scheme and answering with its counts,
//! which add up here ([`Tally`]) to the same figures whatever the number of workers. A
//! new link starts over; Cancel stops the workers at once.

use std::cell::RefCell;
use std::rc::Rc;

use ringlab_model::views::compare::chunk::KeysChunk;
use ringlab_model::views::compare::params::CompareParams;
use ringlab_model::views::compare::run::Tally;
use yew::prelude::*;

use crate::kit::workers::{worker_count, Pool, Work};

/// Keys per range at most: about a second of a worker's time at 1,000 servers under
/// rendezvous (which scores every server for every key, before and after the change).
const MOST_KEYS_PER_RANGE: u64 = 25_000;
/// Ranges at least, so that progress moves in small steps and every worker has a share.
const LEAST_RANGES: u64 = 16;

/// The comparison's key ranges and their counts so far.
pub struct Placing {
    ranges: Vec<KeysChunk>,
    pub tally: Tally,
}

impl Work for Placing {
    fn jobs(&self) -> usize {
        self.ranges.len()
    }

    fn text(&self, job: usize) -> String {
        self.ranges[job].to_text()
    }

    fn put(&mut self, _job: usize, values: &[f64]) -> Result<bool, String> {
        if self.tally.add_values(values) {
            Ok(false)
        } else {
            Err("a worker's counts did not fit the comparison".into())
        }
    }
}

/// A comparison on the workers.
pub type Run = Rc<RefCell<Pool<Placing>>>;

/// The comparison under way, and Cancel.
pub struct Comparing {
    /// `None` until the first run has started.
    pub run: Option<Run>,
    pub cancel: Callback<()>,
}

/// Runs the comparison of `params` on the workers, starting over whenever they change
/// (the run of the old ones is dropped, which terminates its workers).
#[hook]
pub fn use_comparison(params: &CompareParams) -> Comparing {
    let redraw = use_force_update();
    let run = use_state(|| None::<Run>);
    {
        let (run, redraw) = (run.clone(), redraw.clone());
        use_effect_with(params.clone(), move |params| {
            let pieces = params.keys.div_ceil(MOST_KEYS_PER_RANGE).max(LEAST_RANGES);
            let work = Placing {
                ranges: KeysChunk::plan(params, pieces),
                tally: Tally::new(params),
            };
            let on_change = Callback::from(move |()| redraw.force_update());
            run.set(Some(Pool::start(work, worker_count(), on_change)));
        });
    }
    let cancel = {
        let run = (*run).clone();
        Callback::from(move |()| {
            if let Some(run) = &run {
                run.borrow_mut().cancel();
            }
            redraw.force_update();
        })
    };
    Comparing {
        run: (*run).clone(),
        cancel,
    }
}
