//! The ring as the picture draws it: each server's arcs (consecutive points of one server
//! merged) as fractions of the circle, and where a key sits. Pure geometry; the view turns
//! it into SVG.

use ringlab_core::Partitioner;

use crate::geometry::{owner_arcs, push_owned, Arc};

/// The most arcs drawn: past this the circle is read at this many evenly spaced angles.
pub const MAX_ARCS: usize = 4096;

/// The owners' arcs of a ring partitioner, `None` for a scheme without a ring (Maglev).
///
/// ```
/// use ringlab_core::{build, numbered_servers, Options, SchemeKind};
/// use ringlab_model::views::systems::picture::arcs;
/// let p = build(SchemeKind::Nginx, numbered_servers("s", 3), &Options::default()).unwrap();
/// let arcs = arcs(p.as_ref()).unwrap();
/// let total: f64 = arcs.iter().map(|a| a.to - a.from).sum();
/// assert!((total - 1.0).abs() < 1e-9);
/// ```
pub fn arcs(p: &dyn Partitioner) -> Option<Vec<Arc>> {
    let ring = p.ring()?;
    let points = ring.points();
    if points.is_empty() {
        return Some(Vec::new());
    }
    let mut out: Vec<Arc> = Vec::new();
    if points.len() > MAX_ARCS {
        // Sampled: the owner at the middle of each of MAX_ARCS equal slices.
        let space = ring.space() as f64;
        for i in 0..MAX_ARCS {
            let from = i as f64 / MAX_ARCS as f64;
            let to = (i + 1) as f64 / MAX_ARCS as f64;
            let middle = ((from + to) / 2.0 * space) as u64;
            let server = ring.owner(middle).unwrap_or(0);
            push_owned(&mut out, from, to, server);
        }
        return Some(out);
    }
    if p.scheme() == "haproxy" {
        // HAProxy sends a key to the nearest point either way: a point owns from halfway
        // to the previous point to halfway to the next.
        let n = points.len();
        let at = |i: usize| ring.fraction(points[i].position);
        for (i, point) in points.iter().enumerate() {
            let previous = if i == 0 { at(n - 1) - 1.0 } else { at(i - 1) };
            let next = if i + 1 == n { at(0) + 1.0 } else { at(i + 1) };
            let from = (previous + at(i)) / 2.0;
            let to = (at(i) + next) / 2.0;
            push_owned(&mut out, from, to, point.server);
        }
        return Some(out);
    }
    Some(owner_arcs(&points_of(p)?))
}

/// Every point of a ring partitioner: (server, fraction of the circle).
pub fn points_of(p: &dyn Partitioner) -> Option<Vec<(usize, f64)>> {
    let ring = p.ring()?;
    Some(
        ring.points()
            .iter()
            .map(|point| (point.server, ring.fraction(point.position)))
            .collect(),
    )
}

/// Where key bytes sit on the ring (a fraction), for a ring partitioner.
pub fn key_position(p: &dyn Partitioner, key: &[u8]) -> Option<f64> {
    let ring = p.ring()?;
    let hash = p.key_hash(key)?;
    Some(ring.fraction(hash))
}

#[cfg(test)]
mod tests {
    use super::*;
    use ringlab_core::schemes::haproxy::{Haproxy, KeyHash};
    use ringlab_core::{build, numbered_servers, Options, SchemeKind};

    fn total(arcs: &[Arc]) -> f64 {
        arcs.iter().map(|a| a.to - a.from).sum()
    }

    #[test]
    fn arcs_cover_the_circle_once_for_every_ring() {
        let haproxy = Haproxy::new(
            numbered_servers("s", 3),
            &[None, None, None],
            KeyHash::default(),
        )
        .unwrap();
        assert!((total(&arcs(&haproxy).unwrap()) - 1.0).abs() < 1e-9);
        // Sampled when the ring has more points than are drawn.
        let big = build(
            SchemeKind::Nginx,
            numbered_servers("s", 40),
            &Options::default(),
        )
        .unwrap();
        let sampled = arcs(big.as_ref()).unwrap();
        assert!(sampled.len() <= MAX_ARCS);
        assert!((total(&sampled) - 1.0).abs() < 1e-9);
        let maglev = build(
            SchemeKind::Maglev,
            numbered_servers("s", 3),
            &Options::default(),
        )
        .unwrap();
        assert!(arcs(maglev.as_ref()).is_none());
    }
}
