//! Lookups per second, measured in this browser for each scheme of the comparison, on one
//! Web Worker (the lab's speed job: the same keys looked up one at a time for a quarter
//! of a second), so that nothing else competes with it and the page stays free.

use std::cell::RefCell;
use std::rc::Rc;

use ringlab_model::views::compare::params::CompareParams;
use ringlab_model::views::compare::schemes::Compared;
use ringlab_model::views::lab::job::{Flat, Job, Speed as Measured, TrialKind};
use yew::prelude::*;

use crate::kit::workers::{Pool, Status, Work};

/// One job per scheme, and the rates measured so far.
pub struct Measuring {
    jobs: Vec<(Compared, Job)>,
    rates: Vec<(Compared, f64)>,
}

impl Work for Measuring {
    fn jobs(&self) -> usize {
        self.jobs.len()
    }

    fn text(&self, job: usize) -> String {
        self.jobs[job].1.to_text()
    }

    fn put(&mut self, job: usize, values: &[f64]) -> Result<bool, String> {
        match Measured::read_all(values).as_deref() {
            Some([speed]) => {
                self.rates.push((self.jobs[job].0, speed.per_second));
                Ok(true)
            }
            _ => Err("a worker's measurement did not fit its job".into()),
        }
    }
}

/// What the measurement gives the view.
pub struct Speed {
    /// Lookups per second by scheme, in the order measured.
    pub rates: Vec<(Compared, f64)>,
    pub measuring: bool,
    /// Why the measurement stopped, if it failed.
    pub failed: Option<String>,
    /// Starts measuring.
    pub start: Callback<()>,
}

type Slot = Rc<RefCell<Option<Rc<RefCell<Pool<Measuring>>>>>>;

/// Lookups per second by scheme of `params`, measured on request; new parameters forget
/// them.
#[hook]
pub fn use_speed(params: &CompareParams) -> Speed {
    let redraw = use_force_update();
    let slot: Slot = use_mut_ref(|| None);
    {
        let slot = slot.clone();
        // Dropping the pool terminates its worker.
        use_effect_with(params.clone(), move |_| *slot.borrow_mut() = None);
    }
    let start = {
        let (slot, params, redraw) = (slot.clone(), params.clone(), redraw.clone());
        Callback::from(move |()| {
            let jobs = params
                .schemes
                .iter()
                .map(|&scheme| {
                    let job = Job {
                        kind: TrialKind::Speed(scheme),
                        seed: 0,
                        servers: params.servers as usize,
                        points: params.vnodes as u32,
                        rings: 0..1,
                    };
                    (scheme, job)
                })
                .collect();
            let work = Measuring {
                jobs,
                rates: Vec::new(),
            };
            let on_change = {
                let redraw = redraw.clone();
                Callback::from(move |()| redraw.force_update())
            };
            *slot.borrow_mut() = Some(Pool::start(work, 1, on_change));
            redraw.force_update();
        })
    };
    let (rates, status) = match slot.borrow().as_ref() {
        Some(pool) => {
            let pool = pool.borrow();
            (pool.work.rates.clone(), Some(pool.status().clone()))
        }
        None => (Vec::new(), None),
    };
    Speed {
        rates,
        measuring: status == Some(Status::Running),
        failed: match status {
            Some(Status::Failed(why)) => Some(why),
            _ => None,
        },
        start,
    }
}
