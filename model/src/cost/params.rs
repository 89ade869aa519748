//! The resize cost panel's URL state.
//!
//! `#/cost?before=16&after=17&objects=10000000000&size=1088&rf=3&gbps=1&throttle=100` is the
//! default: the worked workload. Bad values are clamped into range or replaced by the
//! default, each with a note; nothing fails.
//!
//! | parameter | meaning | range |
//! |---|---|---|
//! | `before`, `after` | servers before and after the resize | 1 to 10,000 |
//! | `objects` | objects stored | 1 to 10^15 |
//! | `size` | bytes per object | 1 to 10^12 |
//! | `rf` | replication factor (copies of each object) | 1 to 10 |
//! | `gbps` | each server's link, one direction, in Gbit/s | 0.01 to 1,000 |
//! | `throttle` | the share of the link the rebalance may use, in % | 1 to 100 |

use crate::urlkit::{decimal, decimal_text, unknown, whole};
use crate::view_state::ViewState;
use ringlab_core::analysis::cost::Workload;

pub const SERVERS: (u64, u64) = (1, 10_000);
pub const OBJECTS: (u64, u64) = (1, 1_000_000_000_000_000);
pub const SIZE: (u64, u64) = (1, 1_000_000_000_000);
pub const REPLICAS: (u64, u64) = (1, 10);
pub const GBPS: (f64, f64) = (0.01, 1000.0);
pub const THROTTLE: (f64, f64) = (1.0, 100.0);

/// The inputs of the panel.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CostParams {
    pub before: u64,
    pub after: u64,
    pub objects: u64,
    pub size: u64,
    pub replicas: u64,
    /// Gbit/s, two decimals.
    pub gbps: f64,
    /// Percent of the link, one decimal.
    pub throttle: f64,
}

impl Default for CostParams {
    fn default() -> Self {
        CostParams {
            before: 16,
            after: 17,
            objects: 10_000_000_000,
            size: 1_088,
            replicas: 3,
            gbps: 1.0,
            throttle: 100.0,
        }
    }
}

/// One of the inputs, for edits.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Field {
    Before,
    After,
    Objects,
    Size,
    Replicas,
    Gbps,
    Throttle,
}

impl Field {
    pub const ALL: [Field; 7] = [
        Field::Before,
        Field::After,
        Field::Objects,
        Field::Size,
        Field::Replicas,
        Field::Gbps,
        Field::Throttle,
    ];

    /// The URL parameter.
    pub fn key(self) -> &'static str {
        match self {
            Field::Before => "before",
            Field::After => "after",
            Field::Objects => "objects",
            Field::Size => "size",
            Field::Replicas => "rf",
            Field::Gbps => "gbps",
            Field::Throttle => "throttle",
        }
    }

    /// The input's label (its accessible name).
    pub fn label(self) -> &'static str {
        match self {
            Field::Before => "Servers before",
            Field::After => "Servers after",
            Field::Objects => "Objects",
            Field::Size => "Object size (bytes)",
            Field::Replicas => "Replication factor",
            Field::Gbps => "Link speed (Gbps)",
            Field::Throttle => "Throttle (% of link)",
        }
    }

    /// `min`, `max` and `step` of the number input.
    pub fn bounds(self) -> (String, String, &'static str) {
        let whole = |(lo, hi): (u64, u64)| (lo.to_string(), hi.to_string(), "1");
        match self {
            Field::Before | Field::After => whole(SERVERS),
            Field::Objects => whole(OBJECTS),
            Field::Size => whole(SIZE),
            Field::Replicas => whole(REPLICAS),
            Field::Gbps => (decimal_text(GBPS.0), decimal_text(GBPS.1), "any"),
            Field::Throttle => (decimal_text(THROTTLE.0), decimal_text(THROTTLE.1), "any"),
        }
    }
}

impl CostParams {
    /// Parses the query pairs, clamping what is out of range, with one note per repair.
    pub fn from_query(query: &[(String, String)]) -> (CostParams, Vec<String>) {
        let mut params = CostParams::default();
        let mut notes = Vec::new();
        for (key, value) in query {
            match Field::ALL.into_iter().find(|f| f.key() == key) {
                Some(field) => params.set(field, value, &mut notes),
                None => notes.push(unknown(key)),
            }
        }
        (params, notes)
    }

    /// Sets one input from text, clamped; notes say what was changed.
    pub fn set(&mut self, field: Field, text: &str, notes: &mut Vec<String>) {
        let d = CostParams::default();
        let key = field.key();
        match field {
            Field::Before => self.before = whole(key, text, SERVERS, d.before, notes),
            Field::After => self.after = whole(key, text, SERVERS, d.after, notes),
            Field::Objects => self.objects = whole(key, text, OBJECTS, d.objects, notes),
            Field::Size => self.size = whole(key, text, SIZE, d.size, notes),
            Field::Replicas => self.replicas = whole(key, text, REPLICAS, d.replicas, notes),
            Field::Gbps => self.gbps = decimal(key, text, GBPS, 2, d.gbps, notes),
            Field::Throttle => self.throttle = decimal(key, text, THROTTLE, 1, d.throttle, notes),
        }
    }

    /// The input's value as text.
    pub fn get(&self, field: Field) -> String {
        match field {
            Field::Before => self.before.to_string(),
            Field::After => self.after.to_string(),
            Field::Objects => self.objects.to_string(),
            Field::Size => self.size.to_string(),
            Field::Replicas => self.replicas.to_string(),
            Field::Gbps => decimal_text(self.gbps),
            Field::Throttle => decimal_text(self.throttle),
        }
    }

    pub fn to_query(&self) -> Vec<(String, String)> {
        Field::ALL
            .into_iter()
            .map(|f| (f.key().to_string(), self.get(f)))
            .collect()
    }

    /// The workload ringlab-core costs: 1 Gbps is 125,000,000 bytes a second.
    pub fn workload(&self) -> Workload {
        Workload {
            servers_before: self.before as usize,
            servers_after: self.after as usize,
            objects: self.objects,
            object_bytes: self.size,
            replicas: self.replicas as u32,
            link_bytes_per_second: self.gbps * 1e9 / 8.0,
            throttle: self.throttle / 100.0,
        }
    }
}

impl ViewState for CostParams {
    fn from_query(query: &[(String, String)]) -> (CostParams, Vec<String>) {
        CostParams::from_query(query)
    }

    fn to_query(&self) -> Vec<(String, String)> {
        CostParams::to_query(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::urlkit::{parse_query, write_query};

    const DEFAULT: &str =
        "before=16&after=17&objects=10000000000&size=1088&rf=3&gbps=1&throttle=100";

    fn text(params: &CostParams) -> String {
        let q = params.to_query();
        write_query(q.iter().map(|(k, v)| (k.as_str(), v.as_str())))
    }

    #[test]
    fn the_default_round_trips() {
        let (params, notes) = CostParams::from_query(&parse_query(DEFAULT));
        assert!(notes.is_empty(), "{notes:?}");
        assert_eq!(params, CostParams::default());
        assert_eq!(text(&params), DEFAULT);
        assert_eq!(CostParams::from_query(&[]).0, CostParams::default());
        let odd = CostParams {
            before: 3,
            after: 5,
            objects: 123_456_789_012,
            size: 4096,
            replicas: 2,
            gbps: 2.5,
            throttle: 12.5,
        };
        let (again, notes) = CostParams::from_query(&parse_query(&text(&odd)));
        assert!(notes.is_empty(), "{notes:?}");
        assert_eq!(again, odd);
    }

    #[test]
    fn bad_values_are_clamped_with_notes() {
        let q = "before=0&after=99999&objects=1e10&size=-5&rf=x&gbps=0&throttle=250&bogus=1";
        let (params, notes) = CostParams::from_query(&parse_query(q));
        assert_eq!(params.before, 1);
        assert_eq!(params.after, 10_000);
        assert_eq!(params.objects, 10_000_000_000, "1e10 is a number");
        assert_eq!(params.size, 1);
        assert_eq!(params.replicas, 3);
        assert_eq!(params.gbps, 0.01);
        assert_eq!(params.throttle, 100.0);
        assert_eq!(notes.len(), 7, "{notes:?}");
        let (params, notes) =
            CostParams::from_query(&parse_query("objects=2.5&gbps=inf&throttle=50.04"));
        assert_eq!(params.objects, 3);
        assert_eq!(params.gbps, 1.0);
        assert_eq!(params.throttle, 50.0);
        assert_eq!(notes.len(), 2, "{notes:?}");
        let (params, _) = CostParams::from_query(&parse_query(
            "objects=99999999999999999999999999999999999999999",
        ));
        assert_eq!(params.objects, OBJECTS.1);
    }

    #[test]
    fn the_workload_is_in_bytes_per_second_and_a_fraction() {
        let w = CostParams::default().workload();
        assert_eq!(w.link_bytes_per_second, 125e6);
        assert_eq!(w.throttle, 1.0);
        assert_eq!(w.stored_bytes(), 32.64e12);
    }
}
