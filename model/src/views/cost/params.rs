//! The resize cost panel's URL state.
//!
//! `#/cost?before=16&after=17&objects=10000000000&size=1088&rf=3&gbps=1&throttle=100` is the
//! default: the worked workload. Bad values are clamped into range or replaced by the
//! default, each with a note; nothing fails.
//!
//! Its parameters are declared once, in [`CostParams::PARAMS`]; `docs/parameters.md` lists
//! them.

use crate::param_table::{self, input_bounds, Param};
use crate::view_state::ViewState;
use crate::{decimal_field, whole_field};
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

    /// The URL parameter: the field's row of [`CostParams::PARAMS`], which are in this
    /// order.
    pub fn key(self) -> &'static str {
        CostParams::PARAMS[self as usize].name
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
        input_bounds::<CostParams>(self.key()).expect("every cost field is a number")
    }
}

impl CostParams {
    /// The input's value as text.
    pub fn get(&self, field: Field) -> String {
        param_table::get(self, field.key()).unwrap_or_default()
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
    const PARAMS: &'static [Param<Self>] = &[
        Param::new(
            "before",
            "servers before the resize",
            whole_field!(SERVERS, before),
        ),
        Param::new(
            "after",
            "servers after the resize",
            whole_field!(SERVERS, after),
        ),
        Param::new("objects", "objects stored", whole_field!(OBJECTS, objects)),
        Param::new("size", "bytes per object", whole_field!(SIZE, size)),
        Param::new(
            "rf",
            "replication factor: copies of each object",
            whole_field!(REPLICAS, replicas),
        ),
        Param::new(
            "gbps",
            "each server's link, one direction, in Gbit/s",
            decimal_field!(GBPS, 2, gbps),
        ),
        Param::new(
            "throttle",
            "the share of the link the rebalance may use, in %",
            decimal_field!(THROTTLE, 1, throttle),
        ),
    ];
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
