//! The lab's URL state.
//!
//! `#/lab?rings=400&seed=1&workers=2` is the default: the seed experiment's 400 rings per
//! setting, its seed, on two workers. `fig=3` shows one figure alone (for an embed).
//! Bad values are clamped, each with a note.

use crate::param_table::Param;
use crate::view_state::ViewState;
use crate::whole_field;

/// Rings per setting.
pub const RINGS: (u64, u64) = (1, 2_000);
/// Workers that run rings at once.
pub const WORKERS: (u64, u64) = (1, 4);
/// Figures on the page, from 1; `fig=0` shows them all.
pub const FIGURES: u64 = 12;

#[derive(Debug, Clone, PartialEq)]
pub struct LabParams {
    pub rings: u32,
    pub seed: u64,
    pub workers: u32,
    /// The one figure shown, from 1; 0 for all.
    pub fig: u64,
}

impl Default for LabParams {
    fn default() -> Self {
        LabParams {
            rings: 400,
            seed: 1,
            workers: 2,
            fig: 0,
        }
    }
}

impl ViewState for LabParams {
    const PARAMS: &'static [Param<Self>] = &[
        Param::new(
            "rings",
            "rings drawn per setting",
            whole_field!(RINGS, rings),
        ),
        Param::new(
            "seed",
            "the generator's seed (the command line's --seed)",
            whole_field!((0u64, u64::MAX), seed),
        ),
        Param::new(
            "workers",
            "workers running rings at once (the results are the same)",
            whole_field!(WORKERS, workers),
        ),
        Param::new(
            "fig",
            "the one figure shown, from 1 (0: all)",
            whole_field!((0, FIGURES), fig),
        )
        .unless_default(),
    ];
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::urlkit::{parse_query, write_query};

    #[test]
    fn the_default_round_trips_and_bad_values_are_noted() {
        let (params, notes) = LabParams::from_query(&parse_query("rings=400&seed=1&workers=2"));
        assert!(notes.is_empty(), "{notes:?}");
        assert_eq!(params, LabParams::default());
        let q = params.to_query();
        assert_eq!(
            write_query(q.iter().map(|(k, v)| (k.as_str(), v.as_str()))),
            "rings=400&seed=1&workers=2"
        );
        let (params, notes) =
            LabParams::from_query(&parse_query("rings=0&workers=9&fig=13&seed=x"));
        assert_eq!(
            (params.rings, params.workers, params.fig, params.seed),
            (1, 4, FIGURES, 1)
        );
        assert_eq!(notes.len(), 4, "{notes:#?}");
        let (params, notes) = LabParams::from_query(&parse_query("fig=6"));
        assert_eq!((params.fig, notes.len()), (6, 0));
    }
}
