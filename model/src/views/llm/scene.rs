//! The llm view's ring: the ring router's ring over the workers in the fleet at a moment,
//! as arcs owned by worker numbers (the same ring `ringlab lookup --scheme ring` builds
//! over `worker-0` …).

use ringlab_core::{build, Options, Partitioner, SchemeKind, Server};

use crate::geometry::{at_resolution, owner_arcs, Arc, RING_SLICES};

/// The ring scheme over the `live` workers (by number), `vnodes` points each.
fn ring(live: &[usize], vnodes: u32) -> Option<Box<dyn Partitioner>> {
    let servers = live
        .iter()
        .map(|w| Server::new(format!("worker-{w}")))
        .collect();
    let options = Options {
        vnodes: vnodes.max(1),
        ..Options::for_scheme(SchemeKind::Ring)
    };
    build(SchemeKind::Ring, servers, &options).ok()
}

/// Every point of the ring: (worker number, turn).
fn points(live: &[usize], vnodes: u32) -> Vec<(usize, f64)> {
    let Some(scheme) = ring(live, vnodes) else {
        return Vec::new();
    };
    let Some(r) = scheme.ring() else {
        return Vec::new();
    };
    r.points()
        .iter()
        .map(|p| (live[p.server], r.fraction(p.position)))
        .collect()
}

/// The arcs each of the `live` workers owns with `vnodes` points each, at the picture's
/// resolution; none for an empty fleet.
pub fn ring_arcs(live: &[usize], vnodes: u32) -> Vec<Arc> {
    at_resolution(&owner_arcs(&points(live, vnodes)), RING_SLICES)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A key's turn on the ring falls in the arc of the worker the ring scheme gives it.
    #[test]
    fn the_arcs_are_the_ring_schemes_owners() {
        let live = [0, 1, 2, 4];
        let arcs = owner_arcs(&points(&live, 3));
        let scheme = ring(&live, 3).unwrap();
        let r = scheme.ring().unwrap();
        for k in 0..200 {
            let key = format!("0,{k}");
            let turn = r.fraction(scheme.key_hash(key.as_bytes()).unwrap());
            let owner = arcs
                .iter()
                // An arc runs from the point before (open) to its owner's point; the first
                // starts below 0, where the last point's wraps.
                .find(|a| [turn, turn - 1.0].iter().any(|&t| a.from < t && t <= a.to))
                .map(|a| a.owner);
            let placed = live[scheme.lookup(key.as_bytes()).unwrap()];
            assert_eq!(owner, Some(placed), "{key} at {turn}");
        }
        assert!(ring_arcs(&[], 3).is_empty());
    }
}
