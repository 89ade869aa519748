//! The lab's runs, one slot a figure (or two figures: 1 and 2 share the busiest run):
//! starting one, cancelling it, Run all, and forgetting every result when the rings or the
//! seed change (dropping a run terminates its workers).

use ringlab_model::views::compare::schemes::Compared;
use ringlab_model::views::lab::agree::Pair;
use ringlab_model::views::lab::job::TrialKind;
use ringlab_model::views::lab::params::LabParams;
use yew::prelude::*;

use super::pool::Stages;
use super::run_all::{use_run_all, RunAll, Slot};

/// The busiest figures' runs: the Gamma model first (a second), then the rings.
pub const BUSIEST: &[TrialKind] = &[TrialKind::BusiestGamma, TrialKind::BusiestRing];
pub const CATCHER: &[TrialKind] = &[TrialKind::Catcher];
pub const LOSS: &[TrialKind] = &[TrialKind::Loss];
pub const SPEED: &[TrialKind] = &[
    TrialKind::Speed(Compared::Ring),
    TrialKind::Speed(Compared::Jump),
    TrialKind::Speed(Compared::Rendezvous),
    TrialKind::Speed(Compared::Maglev),
];
pub const BOUNDED: &[TrialKind] = &[TrialKind::Bounded];
pub const AGREE: &[TrialKind] = &[
    TrialKind::Agree(Pair::Kafka),
    TrialKind::Agree(Pair::Memcached),
    TrialKind::Agree(Pair::Django),
    TrialKind::Agree(Pair::Join),
];
pub const KEYS: &[TrialKind] = &[
    TrialKind::Keys(Compared::Ring),
    TrialKind::Keys(Compared::Ring1024),
    TrialKind::Keys(Compared::Jump),
    TrialKind::Keys(Compared::Rendezvous),
];

/// The slots, and what starts, stops and queues their runs.
pub struct LabRuns {
    pub busiest: Slot,
    pub catcher: Slot,
    pub loss: Slot,
    pub keys: Slot,
    pub speed: Slot,
    pub bounded: Slot,
    pub agree: Slot,
    pub run_all: RunAll,
    redraw: UseForceUpdateHandle,
    on_redraw: Callback<()>,
    params: LabParams,
}

impl LabRuns {
    /// Starts `kinds` in `slot`, replacing its run.
    pub fn start(&self, slot: &Slot, kinds: &'static [TrialKind]) -> Callback<()> {
        let (slot, on_redraw, redraw, p) = (
            slot.clone(),
            self.on_redraw.clone(),
            self.redraw.clone(),
            self.params.clone(),
        );
        Callback::from(move |()| {
            let run = Stages::start(kinds, p.rings, p.seed, p.workers, on_redraw.clone());
            *slot.borrow_mut() = Some(run);
            redraw.force_update();
        })
    }

    /// Cancels `slot`'s run; the rows it finished stay.
    pub fn cancel(&self, slot: &Slot) -> Callback<()> {
        let (slot, redraw) = (slot.clone(), self.redraw.clone());
        Callback::from(move |()| {
            if let Some(run) = slot.borrow().as_ref() {
                run.borrow_mut().cancel();
            }
            redraw.force_update();
        })
    }
}

/// The lab's runs for the link's settings `p`.
#[hook]
pub fn use_lab_runs(p: &LabParams) -> LabRuns {
    let redraw = use_force_update();
    let busiest: Slot = use_mut_ref(|| None);
    let catcher: Slot = use_mut_ref(|| None);
    let loss: Slot = use_mut_ref(|| None);
    let keys: Slot = use_mut_ref(|| None);
    let speed: Slot = use_mut_ref(|| None);
    let bounded: Slot = use_mut_ref(|| None);
    let agree: Slot = use_mut_ref(|| None);
    // Results belong to the link's rings and seed: a change of either forgets them, and
    // stops a run (dropping a run terminates its workers).
    {
        let slots = [
            busiest.clone(),
            catcher.clone(),
            loss.clone(),
            keys.clone(),
            speed.clone(),
            bounded.clone(),
            agree.clone(),
        ];
        let redraw = redraw.clone();
        use_effect_with((p.rings, p.seed), move |_| {
            let forgot = slots
                .iter()
                .fold(false, |any, slot| slot.borrow_mut().take().is_some() | any);
            if forgot {
                redraw.force_update();
            }
        });
    }
    let on_redraw = {
        let redraw = redraw.clone();
        Callback::from(move |()| redraw.force_update())
    };
    let run_all = use_run_all(
        vec![
            (busiest.clone(), BUSIEST),
            (catcher.clone(), CATCHER),
            (keys.clone(), KEYS),
            (speed.clone(), SPEED),
            (loss.clone(), LOSS),
            (bounded.clone(), BOUNDED),
            (agree.clone(), AGREE),
        ],
        p,
        on_redraw.clone(),
    );
    LabRuns {
        busiest,
        catcher,
        loss,
        keys,
        speed,
        bounded,
        agree,
        run_all,
        redraw,
        on_redraw,
        params: p.clone(),
    }
}
