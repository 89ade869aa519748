//! When a server leaves, who catches its keys.
//!
//! On a ring, each of the departed server's arcs goes whole to the next surviving point
//! clockwise, so its keys are split among the owners of those points. With one point per
//! server a single neighbour catches everything, doubling its load; with `V` points the
//! load spreads over up to `V` survivors. [`ring_catchers`] works this out exactly from the
//! ring's points; [`catchers_between`] compares any two partitioners (exactly, over the
//! union of arc boundaries, when both have rings).

use std::collections::BTreeMap;

use crate::{ConfigError, Partitioner, Ring};

/// How a [`Catchers`] was worked out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Basis {
    /// Exactly, from ring arcs: every position of the circle is accounted for.
    Arcs,
    /// From the load shares before and after: each survivor's net gain. Exact for schemes
    /// where survivors keep all their keys (jump, rendezvous); for others a survivor that
    /// also loses keys shows less than it caught.
    NetShares,
}

/// Where a departed server's keys went.
#[derive(Debug, Clone, PartialEq)]
pub struct Catchers {
    /// The departed server's index in the list before it left.
    pub departed: usize,
    /// The share of the key space it owned.
    pub departed_share: f64,
    /// The share of the whole key space each server caught from it, indexed like the list
    /// before (the departed server's own entry is 0).
    pub caught: Vec<f64>,
    /// The share of the key space that moved from one survivor to another, which a
    /// consistent ring never does (0). `None` when it cannot be known
    /// ([`Basis::NetShares`]).
    pub reshuffled: Option<f64>,
    pub basis: Basis,
}

impl Catchers {
    /// The survivor that caught the most, and how much of the whole key space (the lowest
    /// index on a tie). `None` when nobody caught anything.
    pub fn biggest(&self) -> Option<(usize, f64)> {
        let mut best: Option<(usize, f64)> = None;
        for (server, &share) in self.caught.iter().enumerate() {
            if share > 0.0 && best.map_or(true, |(_, top)| share > top) {
                best = Some((server, share));
            }
        }
        best
    }

    /// The fraction of the departed server's keys that the biggest catcher took: 1 when one
    /// neighbour takes everything, about `1/V` with many points. NaN when the departed
    /// server owned nothing.
    pub fn biggest_fraction(&self) -> f64 {
        self.biggest().map_or(0.0, |(_, share)| share) / self.departed_share
    }

    /// How many survivors caught a positive share.
    pub fn count(&self) -> usize {
        self.caught.iter().filter(|&&share| share > 0.0).count()
    }
}

/// Exactly who catches the keys of `departed` when it leaves `ring`, a ring of `servers`
/// servers: each of its arcs goes to the owner of the next surviving point clockwise.
///
/// ```
/// use ringlab_core::analysis::failure::ring_catchers;
/// use ringlab_core::{numbered_servers, Partitioner, schemes::ring::HashRing};
/// let ring = HashRing::new(numbered_servers("s", 10), 1).unwrap();
/// let catchers = ring_catchers(ring.ring().unwrap(), 10, 3);
/// assert_eq!(catchers.count(), 1); // one point each: one neighbour catches everything
/// assert!((catchers.biggest_fraction() - 1.0).abs() < 1e-12);
/// ```
pub fn ring_catchers(ring: &Ring, servers: usize, departed: usize) -> Catchers {
    let points = ring.points();
    let len = points.len();
    let mut caught = vec![0u128; servers];
    let mut departed_arcs = 0u128;
    if let Some(start) = points.iter().position(|p| p.server != departed) {
        // Walk counter-clockwise from a survivor, remembering the nearest survivor ahead.
        let mut ahead = points[start].server;
        for step in 1..len {
            let index = (start + len - step) % len;
            let point = points[index];
            if point.server == departed {
                let arc = ring.arc_length(index);
                caught[ahead] += arc;
                departed_arcs += arc;
            } else {
                ahead = point.server;
            }
        }
    } else {
        // Nobody survives: the departed server owned the whole circle, if anything.
        departed_arcs = (0..len).map(|i| ring.arc_length(i)).sum();
    }
    let space = ring.space() as f64;
    Catchers {
        departed,
        departed_share: departed_arcs as f64 / space,
        caught: caught.into_iter().map(|arc| arc as f64 / space).collect(),
        reshuffled: Some(0.0),
        basis: Basis::Arcs,
    }
}

/// Exactly what moves between two rings: for each elementary interval of the union of
/// both rings' arc boundaries, its owner before and after. `to_before[j]` is the index in
/// the first ring's server list of the second ring's server `j` (`None` for a server that
/// was not there before). Returns `(caught, reshuffled)`: the space each server of the
/// first list caught from `departed`, and the space moved between any other pair.
fn compare_rings(
    before: &Ring,
    after: &Ring,
    to_before: &[Option<usize>],
    servers: usize,
    departed: usize,
) -> (Vec<u128>, u128, u128) {
    let mut caught = vec![0u128; servers];
    let mut departed_space = 0u128;
    let mut reshuffled = 0u128;
    before.for_each_piece(after, |length, old, new| {
        // A ring without points owns nothing: nothing was caught.
        let Some(old) = old else {
            return;
        };
        let new = new.and_then(|j| to_before.get(j).copied().flatten());
        if old == departed {
            departed_space += length;
            if let Some(new) = new {
                caught[new] += length;
            }
        } else if new != Some(old) {
            reshuffled += length;
        }
    });
    (caught, departed_space, reshuffled)
}

/// Who caught the keys of `departed` (an index into `before.servers()`), given the
/// partitioner before it left and the partitioner after. Servers are matched by name.
///
/// When both have rings on the same circle the answer is exact ([`Basis::Arcs`]), and it
/// also reports any key space that moved between survivors. Otherwise it is each
/// survivor's net gain in load share ([`Basis::NetShares`]).
pub fn catchers_between(
    before: &dyn Partitioner,
    after: &dyn Partitioner,
    departed: usize,
) -> Catchers {
    let servers = before.servers().len();
    let index: BTreeMap<&str, usize> = before
        .servers()
        .iter()
        .enumerate()
        .map(|(i, s)| (s.name.as_str(), i))
        .collect();
    let to_before: Vec<Option<usize>> = after
        .servers()
        .iter()
        .map(|s| index.get(s.name.as_str()).copied())
        .collect();
    if let (Some(old), Some(new)) = (before.ring(), after.ring()) {
        if old.bits() == new.bits() {
            let (caught, departed_space, reshuffled) =
                compare_rings(old, new, &to_before, servers, departed);
            let space = old.space() as f64;
            return Catchers {
                departed,
                departed_share: departed_space as f64 / space,
                caught: caught.into_iter().map(|c| c as f64 / space).collect(),
                reshuffled: Some(reshuffled as f64 / space),
                basis: Basis::Arcs,
            };
        }
    }
    let old_shares = before.load_shares();
    let mut new_shares = vec![0.0; servers];
    for (j, share) in after.load_shares().into_iter().enumerate() {
        if let Some(Some(i)) = to_before.get(j) {
            new_shares[*i] = share;
        }
    }
    net_gains(&old_shares, &new_shares, departed)
}

/// Each survivor's net gain from the load shares before and after `departed` left:
/// `after` lists the survivors in the same order as `before` with the departed server
/// taken out. The basis is [`Basis::NetShares`].
///
/// ```
/// use ringlab_core::analysis::failure::catchers_from_shares;
/// let catchers = catchers_from_shares(&[0.5, 0.25, 0.25], &[0.75, 0.25], 1).unwrap();
/// assert_eq!(catchers.caught, vec![0.25, 0.0, 0.0]);
/// assert_eq!(catchers.biggest_fraction(), 1.0);
/// ```
pub fn catchers_from_shares(
    before: &[f64],
    after: &[f64],
    departed: usize,
) -> Result<Catchers, ConfigError> {
    if departed >= before.len() || after.len() + 1 != before.len() {
        return Err(ConfigError::Invalid(format!(
            "expected shares of {} servers after server {departed} of {} left, got {}",
            before.len().saturating_sub(1),
            before.len(),
            after.len()
        )));
    }
    let mut aligned = vec![0.0; before.len()];
    for (j, &share) in after.iter().enumerate() {
        aligned[if j < departed { j } else { j + 1 }] = share;
    }
    Ok(net_gains(before, &aligned, departed))
}

fn net_gains(before: &[f64], after_aligned: &[f64], departed: usize) -> Catchers {
    let caught = before
        .iter()
        .zip(after_aligned)
        .enumerate()
        .map(|(i, (old, new))| {
            if i == departed {
                0.0
            } else {
                (new - old).max(0.0)
            }
        })
        .collect();
    Catchers {
        departed,
        departed_share: before.get(departed).copied().unwrap_or(0.0),
        caught,
        reshuffled: None,
        basis: Basis::NetShares,
    }
}

/// Removes server `departed` from a copy of `partitioner` and reports who caught its keys
/// ([`catchers_between`]).
///
/// ```
/// use ringlab_core::analysis::failure::{catchers_on_removal, Basis};
/// use ringlab_core::{numbered_servers, schemes::ring::HashRing};
/// let ring = HashRing::new(numbered_servers("s", 20), 64).unwrap();
/// let catchers = catchers_on_removal(&ring, 7).unwrap();
/// assert_eq!(catchers.basis, Basis::Arcs);
/// assert_eq!(catchers.reshuffled, Some(0.0)); // only the departed server's keys move
/// let total: f64 = catchers.caught.iter().sum();
/// assert!((total - catchers.departed_share).abs() < 1e-12);
/// ```
pub fn catchers_on_removal<P: Partitioner + Clone>(
    partitioner: &P,
    departed: usize,
) -> Result<Catchers, ConfigError> {
    let name = partitioner
        .servers()
        .get(departed)
        .map(|s| s.name.clone())
        .ok_or_else(|| ConfigError::OutOfRange {
            what: "the departed server's index",
            range: format!("below {}", partitioner.servers().len()),
            value: departed.to_string(),
        })?;
    let mut after = partitioner.clone();
    after.remove(&name)?;
    Ok(catchers_between(partitioner, &after, departed))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::numbered_servers;
    use crate::schemes::ring::HashRing;

    //  0        100(A)   200(B)   300(C)   400(B)          2^32
    //  B leaves: (100, 200] -> C, (300, 400] -> A (wraps past the top to A at 100).
    #[test]
    fn arcs_go_to_the_next_survivor_clockwise() {
        let ring = Ring::on_32_bits(&[(100, 0), (200, 1), (300, 2), (400, 1)]);
        let catchers = ring_catchers(&ring, 3, 1);
        let space = 4294967296.0;
        assert_eq!(catchers.caught, vec![100.0 / space, 0.0, 100.0 / space]);
        assert_eq!(catchers.departed_share, 200.0 / space);
        assert_eq!(catchers.biggest(), Some((0, 100.0 / space)));
        assert_eq!(catchers.biggest_fraction(), 0.5);
        assert_eq!(catchers.count(), 2);
    }

    #[test]
    fn consecutive_departed_points_go_to_one_survivor() {
        // A's two arcs end at 200 and 300; both go to C at 400.
        let ring = Ring::on_32_bits(&[(100, 1), (200, 0), (300, 0), (400, 2)]);
        let catchers = ring_catchers(&ring, 3, 0);
        assert_eq!(catchers.count(), 1);
        assert_eq!(catchers.biggest().unwrap().0, 2);
        assert_eq!(catchers.biggest_fraction(), 1.0);
    }

    #[test]
    fn lone_server_leaving_has_no_catcher() {
        let ring = Ring::on_32_bits(&[(5, 0), (9, 0)]);
        let catchers = ring_catchers(&ring, 1, 0);
        assert_eq!(catchers.departed_share, 1.0);
        assert_eq!(catchers.biggest(), None);
        assert_eq!(catchers.biggest_fraction(), 0.0);
    }

    #[test]
    fn direct_walk_and_boundary_comparison_agree() {
        for vnodes in [1, 3, 40] {
            let ring = HashRing::new(numbered_servers("node", 12), vnodes).unwrap();
            for departed in [0, 5, 11] {
                let direct = ring_catchers(ring.ring().unwrap(), 12, departed);
                let compared = catchers_on_removal(&ring, departed).unwrap();
                assert_eq!(compared.basis, Basis::Arcs);
                assert_eq!(compared.reshuffled, Some(0.0));
                assert_eq!(direct.caught, compared.caught);
                assert_eq!(direct.departed_share, compared.departed_share);
                let share = ring.load_shares()[departed];
                assert!((direct.departed_share - share).abs() < 1e-15);
            }
        }
    }

    //  before: A(100) B(200) C(300)      after: A(100) B(350)      C leaves
    //  (200, 300] was C's and goes to B; (300, 350] was A's (wrapping) and goes to B too.
    #[test]
    fn boundary_comparison_sees_reshuffling() {
        let before = Ring::on_32_bits(&[(100, 0), (200, 1), (300, 2)]);
        let after = Ring::on_32_bits(&[(100, 0), (350, 1)]);
        let (caught, departed, reshuffled) =
            compare_rings(&before, &after, &[Some(0), Some(1)], 3, 2);
        assert_eq!(departed, 100);
        assert_eq!(caught, vec![0, 100, 0]);
        assert_eq!(reshuffled, 50);
    }

    #[test]
    fn shares_basis_checks_lengths() {
        assert!(catchers_from_shares(&[0.5, 0.5], &[0.5, 0.5], 0).is_err());
        assert!(catchers_from_shares(&[0.5, 0.5], &[1.0], 2).is_err());
        let c = catchers_from_shares(&[0.2, 0.3, 0.5], &[0.35, 0.65], 0).unwrap();
        assert_eq!(c.basis, Basis::NetShares);
        assert!((c.caught[1] - 0.05).abs() < 1e-15 && (c.caught[2] - 0.15).abs() < 1e-15);
        assert_eq!(c.reshuffled, None);
    }

    #[test]
    fn removal_of_an_unknown_index_is_an_error() {
        let ring = HashRing::new(numbered_servers("s", 3), 4).unwrap();
        assert!(catchers_on_removal(&ring, 3).is_err());
    }
}
