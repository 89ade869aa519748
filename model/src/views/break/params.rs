//! The stepper's URL state.
//!
//! Its parameters are declared once, in [`BreakParams::PARAMS`]; `docs/parameters.md` lists
//! them.

use ringlab_core::load::cluster::{Fix, Scenario, SCENARIOS};

use crate::choice_field;
use crate::param_table::Param;
use crate::view_state::ViewState;
use crate::views::load::params::FIXES;

/// The scenarios' names in links, in [`SCENARIOS`]' order.
pub const SLUGS: [(&str, usize); 5] = [
    ("steady", 0),
    ("join", 1),
    ("death", 2),
    ("no-vnodes", 3),
    ("hot-key", 4),
];

/// Playback speeds.
pub const SPEEDS: [(&str, u32); 4] = [("1", 1), ("2", 2), ("4", 4), ("8", 8)];

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BreakParams {
    /// Index into [`SCENARIOS`].
    pub scenario: usize,
    pub fix: Fix,
    pub speed: u32,
}

impl Default for BreakParams {
    fn default() -> Self {
        BreakParams {
            scenario: 0,
            fix: Fix::None,
            speed: 4,
        }
    }
}

impl BreakParams {
    pub fn scenario(&self) -> &'static Scenario {
        &SCENARIOS[self.scenario.min(SCENARIOS.len() - 1)]
    }
}

impl ViewState for BreakParams {
    const PARAMS: &'static [Param<Self>] = &[
        Param::new(
            "scenario",
            "the scenario played",
            choice_field!(SLUGS, scenario),
        ),
        Param::new(
            "fix",
            "a fix above the ring, for the hot key",
            choice_field!(FIXES, fix),
        ),
        Param::new(
            "speed",
            "playback, simulated seconds per second",
            choice_field!(SPEEDS, speed),
        ),
    ];
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::urlkit::parse_query;

    #[test]
    fn links_round_trip_and_repair() {
        let p = BreakParams {
            scenario: 4,
            fix: Fix::Split,
            speed: 8,
        };
        assert_eq!(BreakParams::from_query(&p.to_query()), (p, vec![]));
        let (p, notes) = BreakParams::from_query(&parse_query("scenario=melt&speed=100"));
        assert_eq!(p, BreakParams::default());
        assert_eq!(notes.len(), 2);
        assert!(notes[0].starts_with("scenario=\"melt\" is not one of steady, join"));
    }
}
