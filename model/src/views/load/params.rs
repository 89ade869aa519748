//! The load page's URL state.
//!
//! The parameters are declared once, in [`LoadParams::PARAMS`]; `docs/parameters.md` lists
//! them with their ranges and defaults.
//!
//! The ring may have at most [`MAX_POINTS`] points: more virtual nodes than that allows
//! are cut with a note.

use ringlab_core::load::fixes::HotFix;

use crate::param_table::{Notes, Param};
use crate::urlkit::repaired;
use crate::view_state::ViewState;
use crate::{choice_field, decimal_field, flag_field, whole_field};

pub const SERVERS: (u32, u32) = (2, 1000);
pub const VNODES: (u32, u32) = (1, 500);
pub const KEYS: (u32, u32) = (100, 100_000);
pub const ZIPF: (f64, f64) = (0.0, 1.5);
pub const HOT: (f64, f64) = (0.0, 0.9);
pub const EPSILON: (f64, f64) = (0.05, 2.0);
/// The most ring points a link may ask for: 1,000 servers at 160 virtual nodes fit.
pub const MAX_POINTS: u32 = 200_000;
/// The epsilon marks and what each buys.
pub const MARKS: [(f64, &str); 3] = [
    (0.1, "tight balance, more keys pushed off home"),
    (0.25, "a common default"),
    (1.0, "loose: fewer keys pushed off home"),
];

/// The hot-key fixes, for the load page and break it alike: the name in links, the fix,
/// and the label of its control.
pub const FIXES: [(&str, HotFix, &str); 3] = [
    ("none", HotFix::None, "No fix"),
    ("cache", HotFix::FrontCache, "Front cache"),
    ("split", HotFix::Split, "Split the key"),
];

/// The name of a fix in links.
pub fn fix_name(fix: HotFix) -> &'static str {
    FIXES.iter().find(|f| f.1 == fix).map_or("none", |f| f.0)
}

/// The page's state.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LoadParams {
    pub servers: u32,
    pub vnodes: u32,
    pub keys: u32,
    pub zipf: f64,
    pub hot: f64,
    pub bounded: bool,
    pub epsilon: f64,
    pub fix: HotFix,
}

impl Default for LoadParams {
    fn default() -> Self {
        LoadParams {
            servers: 16,
            vnodes: 100,
            keys: 2000,
            zipf: 0.8,
            hot: 0.0,
            bounded: true,
            epsilon: 0.25,
            fix: HotFix::None,
        }
    }
}

impl LoadParams {
    /// The most virtual nodes `servers` may have within [`MAX_POINTS`].
    pub fn max_vnodes(servers: u32) -> u32 {
        (MAX_POINTS / servers.max(1)).clamp(VNODES.0, VNODES.1)
    }
}

impl ViewState for LoadParams {
    const PARAMS: &'static [Param<Self>] = &[
        Param::new(
            "servers",
            "servers on the ring",
            whole_field!(SERVERS, servers),
        ),
        Param::new(
            "vnodes",
            "virtual nodes per server",
            whole_field!(VNODES, vnodes),
        ),
        Param::new("keys", "distinct keys", whole_field!(KEYS, keys)),
        Param::new(
            "zipf",
            "the Zipf exponent of popularity",
            decimal_field!(ZIPF, 2, zipf),
        ),
        Param::new(
            "hot",
            "one hot key's share of all requests",
            decimal_field!(HOT, 2, hot),
        ),
        Param::new(
            "bounded",
            "bounded loads on (`1`) or the plain ring (`0`)",
            flag_field!(bounded),
        ),
        Param::new(
            "epsilon",
            "bounded loads' slack: the cap is 1 + epsilon times the mean",
            decimal_field!(EPSILON, 2, epsilon),
        ),
        Param::new(
            "fix",
            "a fix above the ring for the hot key",
            choice_field!(FIXES, fix),
        ),
    ];

    /// At most [`MAX_POINTS`] ring points: fewer virtual nodes, with a note.
    fn repair(&mut self, notes: &mut Notes) {
        let most = LoadParams::max_vnodes(self.servers);
        if self.vnodes > most {
            let why = format!(
                "with {} servers is more than {} ring points",
                self.servers,
                crate::format::grouped(u64::from(MAX_POINTS))
            );
            notes.push(repaired("vnodes", &self.vnodes.to_string(), &why, most));
            self.vnodes = most;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::urlkit::parse_query;

    #[test]
    fn a_link_round_trips_and_bad_values_are_noted() {
        let p = LoadParams {
            servers: 40,
            hot: 0.3,
            fix: HotFix::Split,
            ..LoadParams::default()
        };
        assert_eq!(LoadParams::from_query(&p.to_query()), (p, vec![]));
        let (p, notes) =
            LoadParams::from_query(&parse_query("servers=1000&vnodes=500&zipf=9&fix=magic&x=1"));
        assert_eq!((p.servers, p.vnodes, p.zipf), (1000, 200, 1.5));
        assert_eq!(p.fix, HotFix::None);
        assert_eq!(notes.len(), 4, "{notes:?}");
        assert!(
            notes[3].starts_with("vnodes=500 with 1000 servers is more than 200,000"),
            "{notes:?}"
        );
    }
}
