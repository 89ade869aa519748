//! Run all: every figure that runs, one after another, each on all the workers.
//!
//! The queue moves on after each render, once nothing is running; a second press stops the
//! run under way and empties the queue.

use std::cell::RefCell;
use std::rc::Rc;

use ringlab_model::views::lab::job::TrialKind;
use ringlab_model::views::lab::params::LabParams;
use yew::prelude::*;

use super::pool::{Run, Stages};
use crate::kit::workers::Status;

/// Where a figure's run lives: none until the reader runs it here.
pub type Slot = Rc<RefCell<Option<Rc<RefCell<Run>>>>>;

/// A figure's run waiting its turn: where it goes and what it runs.
pub type Queued = (Slot, &'static [TrialKind]);

/// Whether the run in `slot` is still going.
pub fn is_running(slot: &Slot) -> bool {
    slot.borrow()
        .as_ref()
        .is_some_and(|run| matches!(run.borrow().status(), Status::Running))
}

/// What the Run all button needs: its press, and whether it stops (something runs or waits).
pub struct RunAll {
    pub on_press: Callback<MouseEvent>,
    pub busy: bool,
}

/// The Run all queue over `figures`, started with `p`'s settings.
#[hook]
pub fn use_run_all(figures: Vec<Queued>, p: &LabParams, on_redraw: Callback<()>) -> RunAll {
    let redraw = use_force_update();
    let queue: Rc<RefCell<Vec<Queued>>> = use_mut_ref(Vec::new);
    let running = figures.iter().any(|(slot, _)| is_running(slot));
    {
        let (queue, redraw, p) = (queue.clone(), redraw.clone(), p.clone());
        use_effect(move || {
            if !running {
                let next = {
                    let mut q = queue.borrow_mut();
                    (!q.is_empty()).then(|| q.remove(0))
                };
                if let Some((slot, kinds)) = next {
                    *slot.borrow_mut() =
                        Some(Stages::start(kinds, p.rings, p.seed, p.workers, on_redraw));
                    redraw.force_update();
                }
            }
        });
    }
    let busy = running || !queue.borrow().is_empty();
    let on_press = Callback::from(move |_: MouseEvent| {
        if queue.borrow().is_empty() && !figures.iter().any(|(slot, _)| is_running(slot)) {
            *queue.borrow_mut() = figures.clone();
        } else {
            queue.borrow_mut().clear();
            for (slot, _) in &figures {
                if let Some(run) = slot.borrow().as_ref() {
                    run.borrow_mut().cancel();
                }
            }
        }
        redraw.force_update();
    });
    RunAll { on_press, busy }
}
