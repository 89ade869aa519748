//! The stepper's URL state.
//!
//! | parameter | meaning | default |
//! |---|---|---|
//! | `scenario` | `steady`, `join`, `death`, `no-vnodes`, `hot-key` | `steady` |
//! | `fix` | above the ring, for the hot key: `none`, `cache`, `split` | `none` |
//! | `speed` | playback, simulated seconds per second: `1`, `2`, `4`, `8` | `4` |

use ringlab_core::load::cluster::{Fix, Scenario, SCENARIOS};

use crate::urlkit::{choice, unknown, Query};
use crate::view_state::ViewState;

/// The scenarios' names in links, in [`SCENARIOS`]' order.
pub const SLUGS: [&str; 5] = ["steady", "join", "death", "no-vnodes", "hot-key"];

/// Playback speeds.
pub const SPEEDS: [(&str, u32); 4] = [("1", 1), ("2", 2), ("4", 4), ("8", 8)];

const FIXES: [(&str, Fix); 3] = [
    ("none", Fix::None),
    ("cache", Fix::FrontCache),
    ("split", Fix::Split),
];

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

    pub fn fix_name(fix: Fix) -> &'static str {
        FIXES
            .iter()
            .find(|(_, f)| *f == fix)
            .map_or("none", |(n, _)| n)
    }
}

impl ViewState for BreakParams {
    fn from_query(query: &[(String, String)]) -> (Self, Vec<String>) {
        let mut p = BreakParams::default();
        let mut notes = Vec::new();
        let slugs: Vec<(&str, usize)> = SLUGS.iter().copied().zip(0..).collect();
        for (name, value) in query {
            match name.as_str() {
                "scenario" => p.scenario = choice("scenario", value, &slugs, 0, &mut notes),
                "fix" => p.fix = choice("fix", value, &FIXES, Fix::None, &mut notes),
                "speed" => p.speed = choice("speed", value, &SPEEDS, 4, &mut notes),
                other => notes.push(unknown(other)),
            }
        }
        (p, notes)
    }

    fn to_query(&self) -> Query {
        vec![
            ("scenario".into(), SLUGS[self.scenario.min(4)].into()),
            ("fix".into(), BreakParams::fix_name(self.fix).into()),
            ("speed".into(), self.speed.to_string()),
        ]
    }
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
