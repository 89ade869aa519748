//! Places the comparison's keys a slice of about 8 ms at a time, the page free between
//! slices, and reports progress; a new link starts over, Cancel stops.

use std::cell::RefCell;
use std::rc::Rc;

use crate::browser::now;
use gloo::timers::callback::Timeout;
use ringlab_model::compare::params::CompareParams;
use ringlab_model::compare::run::Comparison;
use yew::prelude::*;

/// The longest slice, in ms: with the render after it, a task stays well under the 50 ms
/// that makes a page feel stuck, even on a phone four times slower than this machine.
const SLICE_MS: f64 = 8.0;
/// What one batch of keys should take, in ms: the batch grows or shrinks to it, so a slow
/// scheme at many servers (rendezvous scores every one) or a slow machine never makes a
/// slice run long.
const BATCH_MS: f64 = 2.0;

/// Where the run stands.
#[derive(Clone, Copy, PartialEq)]
pub enum Phase {
    Running,
    Done,
    Cancelled,
}

/// The run: the comparison (shared, mutated slice by slice; each slice renders the
/// view again), its phase, and Cancel.
pub struct Run {
    pub comparison: Rc<RefCell<Comparison>>,
    pub phase: Phase,
    pub cancel: Callback<()>,
}

/// Runs the comparison of `params`, starting over whenever they change.
#[hook]
pub fn use_comparison(params: &CompareParams) -> Run {
    let comparison = use_mut_ref(|| Comparison::new(params));
    // Keys per batch, carried from slice to slice.
    let batch = use_mut_ref(|| 16u64);
    let built_for = use_mut_ref(|| params.clone());
    let phase = use_state(|| Phase::Running);
    let slices = use_state(|| 0u64);
    {
        let (comparison, phase) = (comparison.clone(), phase.clone());
        use_effect_with(params.clone(), move |params| {
            if *built_for.borrow() != *params {
                *comparison.borrow_mut() = Comparison::new(params);
                *built_for.borrow_mut() = params.clone();
                phase.set(Phase::Running);
            }
        });
    }
    {
        let (comparison, phase_state, slices_state) =
            (comparison.clone(), phase.clone(), slices.clone());
        let batch = batch.clone();
        use_effect_with(
            (*phase, *slices, params.clone()),
            move |(phase, slices, _)| {
                let (phase, slices) = (*phase, *slices);
                let timer = (phase == Phase::Running).then(|| {
                    Timeout::new(0, move || {
                        let start = now();
                        let mut finished = false;
                        {
                            let mut c = comparison.borrow_mut();
                            while !finished && now() - start < SLICE_MS {
                                if !c.ready() {
                                    // One scheme built per slice.
                                    finished = c.step(0);
                                    break;
                                }
                                let size = *batch.borrow();
                                let began = now();
                                finished = c.step(size);
                                let took = now() - began;
                                let next = if took < BATCH_MS / 2.0 {
                                    size * 2
                                } else if took > BATCH_MS * 2.0 {
                                    size / 2
                                } else {
                                    size
                                };
                                *batch.borrow_mut() = next.clamp(1, 65_536);
                            }
                        }
                        if finished {
                            phase_state.set(Phase::Done);
                        }
                        slices_state.set(slices + 1);
                    })
                });
                move || drop(timer)
            },
        );
    }
    let cancel = {
        let phase = phase.clone();
        Callback::from(move |()| {
            if *phase == Phase::Running {
                phase.set(Phase::Cancelled);
            }
        })
    };
    Run {
        comparison,
        phase: *phase,
        cancel,
    }
}
