//! The load page's URL state.
//!
//! | parameter | meaning | range | default |
//! |---|---|---|---|
//! | `servers` | servers on the ring | 2 to 1,000 | 16 |
//! | `vnodes` | virtual nodes per server | 1 to 500 | 100 |
//! | `keys` | distinct keys | 100 to 100,000 | 2,000 |
//! | `zipf` | the Zipf exponent of popularity | 0 to 1.5 | 0.8 |
//! | `hot` | one hot key's share of all requests | 0 to 0.9 | 0 |
//! | `bounded` | bounded loads on (`1`) or the plain ring (`0`) | | 1 |
//! | `epsilon` | bounded loads' slack: the cap is 1 + epsilon times the mean | 0.05 to 2 | 0.25 |
//! | `fix` | a fix above the ring for the hot key: `none`, `cache`, `split` | | none |
//!
//! The ring may have at most [`MAX_POINTS`] points: more virtual nodes than that allows
//! are cut with a note.

use ringlab_core::load::fixes::HotFix;

use crate::urlkit::{
    choice, decimal, decimal_text, flag, flag_text, repaired, unknown, whole, Query,
};
use crate::view_state::ViewState;

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
    (1.0, "loose: almost no key moves"),
];

/// The fixes as the link names them.
pub const FIXES: [(&str, HotFix); 3] = [
    ("none", HotFix::None),
    ("cache", HotFix::FrontCache),
    ("split", HotFix::Split),
];

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

    /// The name of the fix in links.
    pub fn fix_name(fix: HotFix) -> &'static str {
        FIXES
            .iter()
            .find(|(_, f)| *f == fix)
            .map_or("none", |(n, _)| n)
    }
}

impl ViewState for LoadParams {
    fn from_query(query: &[(String, String)]) -> (Self, Vec<String>) {
        let mut p = LoadParams::default();
        let mut notes = Vec::new();
        let n = &mut notes;
        let d = LoadParams::default();
        for (name, value) in query {
            match name.as_str() {
                "servers" => p.servers = whole("servers", value, SERVERS, d.servers, n),
                "vnodes" => p.vnodes = whole("vnodes", value, VNODES, d.vnodes, n),
                "keys" => p.keys = whole("keys", value, KEYS, d.keys, n),
                "zipf" => p.zipf = decimal("zipf", value, ZIPF, 2, d.zipf, n),
                "hot" => p.hot = decimal("hot", value, HOT, 2, d.hot, n),
                "bounded" => p.bounded = flag("bounded", value, d.bounded, n),
                "epsilon" => p.epsilon = decimal("epsilon", value, EPSILON, 2, d.epsilon, n),
                "fix" => p.fix = choice("fix", value, &FIXES, d.fix, n),
                other => n.push(unknown(other)),
            }
        }
        let most = LoadParams::max_vnodes(p.servers);
        if p.vnodes > most {
            let why = format!(
                "with {} servers is more than {} ring points",
                p.servers,
                crate::format::grouped(u64::from(MAX_POINTS))
            );
            notes.push(repaired("vnodes", &p.vnodes.to_string(), &why, most));
            p.vnodes = most;
        }
        (p, notes)
    }

    fn to_query(&self) -> Query {
        [
            ("servers", self.servers.to_string()),
            ("vnodes", self.vnodes.to_string()),
            ("keys", self.keys.to_string()),
            ("zipf", decimal_text(self.zipf)),
            ("hot", decimal_text(self.hot)),
            ("bounded", flag_text(self.bounded).to_string()),
            ("epsilon", decimal_text(self.epsilon)),
            ("fix", LoadParams::fix_name(self.fix).to_string()),
        ]
        .into_iter()
        .map(|(k, v)| (k.to_string(), v))
        .collect()
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
