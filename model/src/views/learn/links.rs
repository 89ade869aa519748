//! The links the walkthrough's and the lab's prose give to other views, each built from that view's
//! typed parameters, so a link cannot name a parameter or a value the view does not read.

use ringlab_core::schemes::cassandra::DEFAULT_NUM_TOKENS;

use crate::param_table::link;
use crate::views::compare::params::CompareParams;
use crate::views::lab::params::LabParams;
use crate::views::ring::params::{PlaygroundParams, Scheme};
use crate::views::systems::params::SystemsParams;
use crate::views::systems::system::System;

/// A Dynamo-style ring: 8 servers of 8 points each, 3 replicas.
pub fn dynamo_ring() -> String {
    let ring = PlaygroundParams {
        vnodes: 8,
        replicas: 3,
        ..PlaygroundParams::with_servers(8)
    };
    link("ring", &ring)
}

/// Cassandra's ring today: 12 nodes at its default number of tokens.
pub fn cassandra_ring() -> String {
    let ring = PlaygroundParams {
        vnodes: DEFAULT_NUM_TOKENS,
        ..PlaygroundParams::with_servers(12)
    };
    link("ring", &ring)
}

/// Four servers on the ring `scheme` builds.
pub fn scheme_ring(scheme: Scheme) -> String {
    let ring = PlaygroundParams {
        scheme,
        ..PlaygroundParams::with_servers(4)
    };
    link("ring", &ring)
}

/// The lab with only figure `fig` shown.
pub fn lab_figure(fig: u64) -> String {
    let lab = LabParams {
        fig,
        ..LabParams::default()
    };
    link("lab", &lab)
}

/// The comparison at the seed experiment's million keys.
pub fn compare_seed() -> String {
    link("compare", &CompareParams::seed_experiment())
}

/// The real-systems page with `system` picked.
pub fn system_page(system: System) -> String {
    let page = SystemsParams {
        system,
        ..SystemsParams::default()
    };
    link("systems", &page)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::urlkit::parse_query;
    use crate::ViewState;

    #[test]
    fn every_link_reads_back_with_no_note() {
        for (path, link) in [
            ("ring", dynamo_ring()),
            ("ring", cassandra_ring()),
            ("ring", scheme_ring(Scheme::Ketama)),
            ("ring", scheme_ring(Scheme::Nginx)),
            ("lab", lab_figure(1)),
            ("lab", lab_figure(3)),
            ("systems", system_page(System::Haproxy)),
            ("compare", compare_seed()),
        ] {
            let query = parse_query(link.strip_prefix(&format!("#/{path}?")).unwrap());
            let notes = match path {
                "ring" => PlaygroundParams::from_query(&query).1,
                "lab" => LabParams::from_query(&query).1,
                "compare" => {
                    let (params, notes) = CompareParams::from_query(&query);
                    assert_eq!(params, CompareParams::seed_experiment());
                    notes
                }
                _ => SystemsParams::from_query(&query).1,
            };
            assert!(notes.is_empty(), "{link}: {notes:?}");
        }
        assert!(cassandra_ring().contains(&format!("vnodes={DEFAULT_NUM_TOKENS}")));
        // What its comment says: 8 servers of 8 points each, 3 replicas.
        let dynamo = parse_query(dynamo_ring().strip_prefix("#/ring?").unwrap());
        let (ring, _) = PlaygroundParams::from_query(&dynamo);
        assert_eq!((ring.servers.len(), ring.vnodes, ring.replicas), (8, 8, 3));
        assert_eq!(system_page(System::Haproxy), "#/systems?system=haproxy");
    }
}
