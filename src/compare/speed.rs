//! Lookups per second, measured in this browser for each scheme of the comparison: a tenth
//! of a second each, on the shared meter.

use std::cell::RefCell;
use std::rc::Rc;

use ringlab_model::compare::run::{key_name, Comparison};
use ringlab_model::compare::schemes::Compared;
use yew::prelude::*;

use crate::rate_meter::{use_rate_meter, Batch};

const PER_SCHEME_MS: f64 = 100.0;

/// What the measurement gives the view.
pub struct Speed {
    /// Lookups per second by scheme, in the order measured.
    pub rates: Vec<(Compared, f64)>,
    pub measuring: bool,
    /// Starts measuring.
    pub start: Callback<()>,
}

/// Lookups per second by scheme, measured on request; a new `epoch` (a new comparison)
/// forgets them.
#[hook]
pub fn use_speed(comparison: Rc<RefCell<Comparison>>, epoch: String) -> Speed {
    let keys = use_memo((), |_| {
        Rc::new((0..256u64).map(key_name).collect::<Vec<_>>())
    });
    let schemes: Vec<Compared> = comparison
        .borrow()
        .partitioners()
        .iter()
        .map(|(scheme, _)| *scheme)
        .collect();
    let batch: Batch = {
        let comparison = comparison.clone();
        Rc::new(move |index| {
            let c = comparison.borrow();
            let Some(&(_, p)) = c.partitioners().get(index) else {
                return 0;
            };
            let sink: usize = keys
                .iter()
                .map(|k| p.lookup(k.as_bytes()).unwrap_or(0))
                .fold(0, usize::wrapping_add);
            let _ = std::hint::black_box(sink);
            keys.len() as u64
        })
    };
    let meter = use_rate_meter(schemes.len(), PER_SCHEME_MS, batch, epoch);
    Speed {
        rates: schemes
            .iter()
            .copied()
            .zip(meter.rates.iter().copied())
            .collect(),
        measuring: meter.current.is_some(),
        start: meter.start,
    }
}
