//! Lookups per second, measured in this browser for each scheme of the comparison: a tenth
//! of a second each, in slices, the page free between them.

use std::cell::RefCell;
use std::rc::Rc;

use gloo::timers::callback::Timeout;
use ringlab_model::compare::run::{key_name, Comparison};
use ringlab_model::compare::schemes::Compared;
use yew::prelude::*;

use super::runner::now;

const PER_SCHEME_MS: f64 = 100.0;
const SLICE_MS: f64 = 8.0;

/// A measurement under way: the scheme's index, lookups done, time spent.
#[derive(Clone, Copy, PartialEq)]
struct Step {
    index: usize,
    lookups: u64,
    spent: f64,
}

/// What the measurement gives the view.
pub struct Speed {
    /// Lookups per second by scheme, in the order measured.
    pub rates: Rc<Vec<(Compared, f64)>>,
    pub measuring: bool,
    /// Starts measuring.
    pub start: Callback<()>,
}

/// Lookups per second by scheme, measured on request; a new `epoch` (a new comparison)
/// forgets them.
#[hook]
pub fn use_speed(comparison: Rc<RefCell<Comparison>>, epoch: String) -> Speed {
    let rates = use_state(|| Rc::new(Vec::<(Compared, f64)>::new()));
    let step = use_state(|| None::<Step>);
    let keys = use_memo((), |_| {
        Rc::new((0..256u64).map(key_name).collect::<Vec<_>>())
    });
    {
        // A new comparison forgets the old rates.
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
                    let c = comparison.borrow();
                    let schemes = c.partitioners();
                    let Some(&(scheme, p)) = schemes.get(s.index) else {
                        step_state.set(None);
                        return;
                    };
                    let start = now();
                    let mut sink = 0usize;
                    while now() - start < SLICE_MS {
                        for k in keys.iter() {
                            sink = sink.wrapping_add(p.lookup(k.as_bytes()).unwrap_or(0));
                        }
                        s.lookups += keys.len() as u64;
                    }
                    let _ = std::hint::black_box(sink);
                    s.spent += now() - start;
                    if s.spent < PER_SCHEME_MS {
                        step_state.set(Some(s));
                        return;
                    }
                    let mut done = (**rates).clone();
                    done.push((scheme, s.lookups as f64 / (s.spent / 1000.0)));
                    rates.set(Rc::new(done));
                    step_state.set((s.index + 1 < schemes.len()).then_some(Step {
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
            step.set(Some(Step {
                index: 0,
                lookups: 0,
                spent: 0.0,
            }));
        })
    };
    Speed {
        rates: (*rates).clone(),
        measuring: step.is_some(),
        start,
    }
}
