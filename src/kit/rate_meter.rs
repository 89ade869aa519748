//! Lookups per second, measured in this browser for a list of items (schemes, node
//! counts): each item's batch of lookups runs again and again in slices of about 8 ms, the
//! page free between them, until the item has had its time. Nothing freezes.

use std::cell::RefCell;
use std::rc::Rc;

use crate::kit::browser::now;
use gloo::timers::callback::Timeout;
use yew::prelude::*;

/// The longest stretch of lookups between two frames, in ms.
const SLICE_MS: f64 = 8.0;

/// One batch of lookups for item `index`; returns how many it did (0: the item is gone,
/// and the measurement stops).
pub type Batch = Rc<dyn Fn(usize) -> u64>;

/// A measurement under way: the item, lookups done and time spent on it.
#[derive(Clone, Copy, PartialEq)]
struct Step {
    index: usize,
    lookups: u64,
    spent: f64,
}

/// What the meter gives the view.
pub struct Meter {
    /// Lookups per second, one per item measured so far, in order.
    pub rates: Rc<Vec<f64>>,
    /// The item being measured.
    pub current: Option<usize>,
    /// Starts (again) from the first item.
    pub start: Callback<()>,
}

/// Measures `items` items for `per_item_ms` each by running `batch`; a new `epoch` (what
/// is measured changed) forgets the rates.
#[hook]
pub fn use_rate_meter(items: usize, per_item_ms: f64, batch: Batch, epoch: String) -> Meter {
    let rates = use_state(|| Rc::new(Vec::<f64>::new()));
    let step = use_state(|| None::<Step>);
    // The latest batch, for the timer that runs after this render.
    let latest = use_mut_ref(|| batch.clone());
    *latest.borrow_mut() = batch;
    {
        let (rates, step) = (rates.clone(), step.clone());
        use_effect_with(epoch, move |_| {
            rates.set(Rc::new(Vec::new()));
            step.set(None);
        });
    }
    {
        let (rates, step_state) = (rates.clone(), step.clone());
        use_effect_with(*step, move |current| {
            let timer = current.map(|mut s| {
                Timeout::new(0, move || {
                    let batch: Batch = latest.borrow().clone();
                    let start = now();
                    while now() - start < SLICE_MS {
                        let done = batch(s.index);
                        if done == 0 {
                            step_state.set(None);
                            return;
                        }
                        s.lookups += done;
                    }
                    s.spent += now() - start;
                    if s.spent < per_item_ms {
                        step_state.set(Some(s));
                        return;
                    }
                    let mut done = (**rates).clone();
                    done.push(s.lookups as f64 / (s.spent / 1000.0));
                    rates.set(Rc::new(done));
                    step_state.set((s.index + 1 < items).then_some(Step {
                        index: s.index + 1,
                        lookups: 0,
                        spent: 0.0,
                    }));
                })
            });
            move || drop(timer)
        });
    }
    let start = {
        let (rates, step) = (rates.clone(), step.clone());
        Callback::from(move |()| {
            rates.set(Rc::new(Vec::new()));
            step.set((items > 0).then_some(Step {
                index: 0,
                lookups: 0,
                spent: 0.0,
            }));
        })
    };
    Meter {
        rates: (*rates).clone(),
        current: step.map(|s| s.index),
        start,
    }
}

/// Keeps a value made for one item (a prepared picker) until another item asks.
pub struct PerItem<T>(RefCell<Option<(usize, Rc<T>)>>);

impl<T> Default for PerItem<T> {
    fn default() -> Self {
        PerItem(RefCell::new(None))
    }
}

impl<T> PerItem<T> {
    /// The value for `index`, made by `make` when the item changes.
    pub fn get(&self, index: usize, make: impl FnOnce() -> T) -> Rc<T> {
        let mut slot = self.0.borrow_mut();
        match &*slot {
            Some((i, value)) if *i == index => value.clone(),
            _ => {
                let value = Rc::new(make());
                *slot = Some((index, value.clone()));
                value
            }
        }
    }
}
