//! Replica sets of a ring and the chance that simultaneous failures lose data.
//!
//! Each arc of the ring stores its keys on a preference list: the first `R` distinct
//! servers met walking clockwise from the arc's point (Dynamo's rule), or, rack-aware, the
//! first `R` servers in distinct racks ([`crate::rack_aware`]). The set of servers of a
//! list is a *replica set*. Data is lost when `f` servers fail together and some replica
//! set lies entirely inside the failed ones.
//!
//! With one point per server a ring has only about `N` replica sets (consecutive
//! neighbours), so a random failure of `R` servers rarely covers one. With many points per
//! server almost every `R`-subset becomes a replica set, and then almost any `R` failures
//! lose something, if only a sliver each time (Cidon et al., "Copysets", USENIX ATC 2013).
//! The expected share of the key space lost tells the other half of that story.
//!
//! [`loss_probability`] enumerates all `C(N, f)` failure sets when there are at most
//! [`LossOptions::exact_limit`] of them, and otherwise samples failure sets with a seeded
//! PCG; the result says which it did.

use std::collections::BTreeMap;

use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64;

use crate::{ConfigError, Partitioner, Ring, Server};

/// One replica set: the servers (sorted by index) holding some keys, and the share of the
/// key space they hold.
#[derive(Debug, Clone, PartialEq)]
pub struct ReplicaSet {
    pub servers: Vec<usize>,
    pub share: f64,
}

/// All replica sets of a ring for one replication factor.
#[derive(Debug, Clone, PartialEq)]
pub struct ReplicaSets {
    /// The distinct sets, sorted by their server lists; arcs with the same set are merged.
    pub sets: Vec<ReplicaSet>,
    /// The replication factor asked for.
    pub replicas: usize,
    /// Whether the lists were rack-aware.
    pub rack_aware: bool,
    /// The share of the key space whose rack-aware list ran out of racks and fell back to
    /// plain distinct servers (0 when not rack-aware).
    pub fell_back_share: f64,
    /// The share of the key space held on fewer than `replicas` servers because the ring
    /// has fewer distinct servers.
    pub short_share: f64,
}

/// The replica sets of `ring`, whose points index into `servers`, with `replicas` copies
/// per key, plain or rack-aware. Arcs of zero length hold no keys and are skipped.
///
/// ```
/// use ringlab_core::analysis::durability::replica_sets;
/// use ringlab_core::{numbered_servers, Partitioner, schemes::ring::HashRing};
/// let servers = numbered_servers("s", 6);
/// let ring = HashRing::new(servers.clone(), 1).unwrap();
/// let sets = replica_sets(ring.ring().unwrap(), &servers, 3, false);
/// assert_eq!(sets.sets.len(), 6); // one point each: six runs of three neighbours
/// let total: f64 = sets.sets.iter().map(|s| s.share).sum();
/// assert!((total - 1.0).abs() < 1e-12);
/// ```
pub fn replica_sets(
    ring: &Ring,
    servers: &[Server],
    replicas: usize,
    rack_aware: bool,
) -> ReplicaSets {
    let points = ring.points();
    let len = points.len();
    let racks = rack_ids(servers);
    let rack_count = racks.iter().max().map_or(0, |&r| r + 1);
    let on_ring = {
        let mut present = vec![false; servers.len()];
        points.iter().for_each(|p| present[p.server] = true);
        present.into_iter().filter(|&p| p).count()
    };
    let mut seen_server = vec![0usize; servers.len()];
    let mut seen_rack = vec![0usize; rack_count];
    let mut arcs: Vec<(Vec<usize>, u128)> = Vec::with_capacity(len);
    let (mut fell_back, mut short) = (0u128, 0u128);
    let mut order = Vec::new();
    for start in 0..len {
        let arc = ring.arc_length(start);
        if arc == 0 {
            continue;
        }
        // Distinct servers in walk order, far enough that the list is decided.
        let stamp = start + 1;
        order.clear();
        let mut racks_found = 0;
        for step in 0..len {
            let server = points[(start + step) % len].server;
            if seen_server[server] != stamp {
                seen_server[server] = stamp;
                order.push(server);
                let rack = racks[server];
                if seen_rack[rack] != stamp {
                    seen_rack[rack] = stamp;
                    racks_found += 1;
                }
            }
            let found = if rack_aware { racks_found } else { order.len() };
            if found >= replicas || order.len() == on_ring {
                break;
            }
        }
        let mut list = if rack_aware {
            // The first occurrences decide a rack-aware list, so this equals the list of
            // the whole walk.
            let list = crate::rack_aware(servers, order.iter().copied(), replicas);
            if list.fell_back {
                fell_back += arc;
            }
            list.servers
        } else {
            order.iter().copied().take(replicas).collect()
        };
        if list.len() < replicas {
            short += arc;
        }
        list.sort_unstable();
        arcs.push((list, arc));
    }
    arcs.sort_unstable();
    let space = ring.space() as f64;
    let mut sets: Vec<ReplicaSet> = Vec::new();
    let mut iter = arcs.into_iter().peekable();
    while let Some((list, mut arc)) = iter.next() {
        while iter.peek().is_some_and(|(next, _)| *next == list) {
            arc += iter.next().unwrap().1;
        }
        sets.push(ReplicaSet {
            servers: list,
            share: arc as f64 / space,
        });
    }
    ReplicaSets {
        sets,
        replicas,
        rack_aware,
        fell_back_share: fell_back as f64 / space,
        short_share: short as f64 / space,
    }
}

/// Rack numbers: named racks numbered in order of first appearance, then every server
/// without a rack label in a rack of its own.
fn rack_ids(servers: &[Server]) -> Vec<usize> {
    let mut named: BTreeMap<&str, usize> = BTreeMap::new();
    for server in servers {
        if let Some(rack) = &server.rack {
            let next = named.len();
            named.entry(rack.as_str()).or_insert(next);
        }
    }
    let mut own = named.len();
    servers
        .iter()
        .map(|server| match &server.rack {
            Some(rack) => named[rack.as_str()],
            None => {
                own += 1;
                own - 1
            }
        })
        .collect()
}

/// When to enumerate and how to sample.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LossOptions {
    /// Enumerate every failure set when there are at most this many.
    pub exact_limit: u64,
    /// Failure sets to sample otherwise.
    pub samples: u64,
    /// Seed of the sampler (a [`Pcg64`]).
    pub seed: u64,
}

impl Default for LossOptions {
    fn default() -> Self {
        LossOptions {
            exact_limit: 200_000,
            samples: 100_000,
            seed: 0,
        }
    }
}

/// How a loss probability was obtained.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Evaluation {
    /// Every one of the `failure_sets` failure sets was checked (or the answer was forced,
    /// as when `f` is smaller than every replica set). Saturates at `u64::MAX`.
    Exact { failure_sets: u64 },
    /// `samples` failure sets were drawn uniformly with this seed.
    Sampled { samples: u64, seed: u64 },
}

/// The chance that `failures` simultaneous failures lose data.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LossEstimate {
    pub failures: usize,
    /// P(some replica set lies entirely inside the failed servers), failure sets uniform.
    pub probability: f64,
    /// Standard error of `probability` (0 when exact).
    pub standard_error: f64,
    /// The expected share of the key space lost, always exact: the sum over replica sets
    /// of share * P(set inside the failed servers) = share * C(N - r, f - r) / C(N, f).
    pub expected_lost_share: f64,
    pub evaluation: Evaluation,
}

/// P(data loss | `failures` of `servers` servers fail at once, uniformly).
///
/// ```
/// use ringlab_core::analysis::durability::{
///     loss_probability, replica_sets, Evaluation, LossOptions,
/// };
/// use ringlab_core::{numbered_servers, Partitioner, schemes::ring::HashRing};
/// let servers = numbered_servers("s", 5);
/// let ring = HashRing::new(servers.clone(), 1).unwrap();
/// let sets = replica_sets(ring.ring().unwrap(), &servers, 3, false);
/// let loss = loss_probability(&sets, 5, 3, &LossOptions::default()).unwrap();
/// // 5 neighbour triples among the C(5, 3) = 10 ways to fail three servers.
/// assert_eq!(loss.probability, 0.5);
/// assert_eq!(loss.evaluation, Evaluation::Exact { failure_sets: 10 });
/// ```
pub fn loss_probability(
    sets: &ReplicaSets,
    servers: usize,
    failures: usize,
    options: &LossOptions,
) -> Result<LossEstimate, ConfigError> {
    if failures > servers {
        return Err(ConfigError::OutOfRange {
            what: "the number of failed servers",
            range: format!("at most the {servers} servers"),
            value: failures.to_string(),
        });
    }
    if let Some(bad) = sets
        .sets
        .iter()
        .flat_map(|s| &s.servers)
        .find(|&&s| s >= servers)
    {
        return Err(ConfigError::Invalid(format!(
            "a replica set names server {bad} of only {servers}"
        )));
    }
    let expected_lost_share = sets
        .sets
        .iter()
        .map(|set| set.share * inside_probability(set.servers.len(), servers, failures))
        .sum();
    let total = binomial(servers as u64, failures as u64);
    let smallest = sets.sets.iter().map(|s| s.servers.len()).min();
    let forced = match smallest {
        None => Some(0.0),
        Some(r) if r > failures => Some(0.0),
        Some(0) => Some(1.0),
        _ if failures == servers => Some(1.0),
        _ => None,
    };
    let exact = |probability| LossEstimate {
        failures,
        probability,
        standard_error: 0.0,
        expected_lost_share,
        evaluation: Evaluation::Exact {
            failure_sets: total.min(u64::MAX as u128) as u64,
        },
    };
    if let Some(probability) = forced {
        return Ok(exact(probability));
    }
    let checker = Checker::new(sets, servers, failures);
    let mut failed = vec![false; servers];
    if total <= options.exact_limit as u128 {
        let mut combination: Vec<usize> = (0..failures).collect();
        let mut lost = 0u64;
        loop {
            if checker.loses(&combination, &mut failed) {
                lost += 1;
            }
            if !next_combination(&mut combination, servers) {
                break;
            }
        }
        return Ok(exact(lost as f64 / total as f64));
    }
    let mut rng = Pcg64::seed_from_u64(options.seed);
    let mut deck: Vec<usize> = (0..servers).collect();
    let mut chosen = Vec::with_capacity(failures);
    let mut lost = 0u64;
    for _ in 0..options.samples {
        for i in 0..failures {
            let j = rng.random_range(i as u64..servers as u64) as usize;
            deck.swap(i, j);
        }
        chosen.clear();
        chosen.extend_from_slice(&deck[..failures]);
        chosen.sort_unstable();
        if checker.loses(&chosen, &mut failed) {
            lost += 1;
        }
    }
    let n = options.samples as f64;
    let probability = lost as f64 / n;
    Ok(LossEstimate {
        failures,
        probability,
        standard_error: (probability * (1.0 - probability) / n).sqrt(),
        expected_lost_share,
        evaluation: Evaluation::Sampled {
            samples: options.samples,
            seed: options.seed,
        },
    })
}

/// Checks failure sets against the replica sets, by whichever of two ways is cheaper:
/// scanning the sets whose smallest server failed, or looking up every subset of the
/// failed servers of a replica set's size.
struct Checker<'a> {
    sets: &'a [ReplicaSet],
    /// `first[s]..first[s + 1]`: the sets whose smallest server is `s`.
    first: Vec<usize>,
    /// The distinct set sizes, when looking subsets up is cheaper; empty to scan.
    lookup_sizes: Vec<usize>,
}

impl<'a> Checker<'a> {
    fn new(sets: &'a ReplicaSets, servers: usize, failures: usize) -> Self {
        let sets = &sets.sets[..];
        let mut first = vec![0usize; servers + 1];
        for set in sets {
            first[set.servers[0] + 1] += 1;
        }
        for s in 0..servers {
            first[s + 1] += first[s];
        }
        let mut sizes: Vec<usize> = sets.iter().map(|s| s.servers.len()).collect();
        sizes.sort_unstable();
        sizes.dedup();
        let scan_cost = sets.len() as f64 * failures as f64 / servers as f64 * 2.0;
        let lookup_cost: f64 = sizes
            .iter()
            .map(|&r| binomial(failures as u64, r as u64) as f64)
            .sum::<f64>()
            * (sets.len() as f64 + 1.0).log2();
        let lookup_sizes = if lookup_cost < scan_cost {
            sizes
        } else {
            Vec::new()
        };
        Checker {
            sets,
            first,
            lookup_sizes,
        }
    }

    /// Whether the failed servers (sorted, distinct) contain a whole replica set.
    fn loses(&self, failed_list: &[usize], failed: &mut [bool]) -> bool {
        if !self.lookup_sizes.is_empty() {
            return self
                .lookup_sizes
                .iter()
                .any(|&r| self.any_subset(failed_list, r));
        }
        failed_list.iter().for_each(|&s| failed[s] = true);
        let lost = failed_list.iter().any(|&s| {
            self.sets[self.first[s]..self.first[s + 1]]
                .iter()
                .any(|set| set.servers[1..].iter().all(|&t| failed[t]))
        });
        failed_list.iter().for_each(|&s| failed[s] = false);
        lost
    }

    fn any_subset(&self, failed_list: &[usize], r: usize) -> bool {
        if r > failed_list.len() {
            return false;
        }
        let mut pick: Vec<usize> = (0..r).collect();
        let mut subset = vec![0usize; r];
        loop {
            for (slot, &i) in subset.iter_mut().zip(&pick) {
                *slot = failed_list[i];
            }
            if self
                .sets
                .binary_search_by(|set| set.servers.as_slice().cmp(&subset))
                .is_ok()
            {
                return true;
            }
            if !next_combination(&mut pick, failed_list.len()) {
                return false;
            }
        }
    }
}

/// Advances `c` (strictly increasing, below `n`) to the next combination in lexicographic
/// order; false after the last.
fn next_combination(c: &mut [usize], n: usize) -> bool {
    let k = c.len();
    let Some(i) = (0..k).rev().find(|&i| c[i] < n - k + i) else {
        return false;
    };
    c[i] += 1;
    for j in i + 1..k {
        c[j] = c[j - 1] + 1;
    }
    true
}

/// `C(n, k)`, saturating at `u128::MAX`.
pub fn binomial(n: u64, k: u64) -> u128 {
    if k > n {
        return 0;
    }
    let k = k.min(n - k);
    let mut value: u128 = 1;
    for i in 0..k {
        // value * (n - i) / (i + 1) stays whole at every step.
        let Some(product) = value.checked_mul((n - i) as u128) else {
            return u128::MAX;
        };
        value = product / (i + 1) as u128;
    }
    value
}

/// P(a given set of `r` servers lies inside a uniform failure set of `f` of `n`):
/// `C(n - r, f - r) / C(n, f) = prod_{i < r} (f - i) / (n - i)`.
fn inside_probability(r: usize, n: usize, f: usize) -> f64 {
    if r > f {
        return 0.0;
    }
    (0..r).map(|i| (f - i) as f64 / (n - i) as f64).product()
}

/// Replica sets and loss for one kind of preference list.
#[derive(Debug, Clone, PartialEq)]
pub struct DurabilityReport {
    /// The number of distinct replica sets.
    pub distinct_sets: usize,
    /// The share of the key space whose rack-aware list fell back (0 for plain lists).
    pub fell_back_share: f64,
    pub loss: LossEstimate,
}

/// Durability with plain and with rack-aware preference lists.
#[derive(Debug, Clone, PartialEq)]
pub struct Durability {
    pub replicas: usize,
    pub failures: usize,
    pub plain: DurabilityReport,
    pub rack_aware: DurabilityReport,
}

/// The replica sets and P(data loss | `failures` failures) of `ring` over `servers`, with
/// and without rack awareness (identical when no server has a rack label).
///
/// ```
/// use ringlab_core::analysis::durability::{durability, LossOptions};
/// use ringlab_core::{assign_racks, numbered_servers, Partitioner, schemes::ring::HashRing};
/// let mut servers = numbered_servers("s", 12);
/// assign_racks(&mut servers, "a,b,c,a,b,c,a,b,c,a,b,c").unwrap();
/// let ring = HashRing::new(servers.clone(), 16).unwrap();
/// let d = durability(ring.ring().unwrap(), &servers, 3, 3, &LossOptions::default()).unwrap();
/// assert_eq!(d.plain.fell_back_share, 0.0);
/// // Rack-aware: a loss needs one failed server in each of the three racks.
/// assert!(d.rack_aware.loss.probability <= 64.0 / 220.0);
/// ```
pub fn durability(
    ring: &Ring,
    servers: &[Server],
    replicas: usize,
    failures: usize,
    options: &LossOptions,
) -> Result<Durability, ConfigError> {
    if replicas == 0 {
        return Err(ConfigError::OutOfRange {
            what: "the replication factor",
            range: "at least 1".into(),
            value: "0".into(),
        });
    }
    if let Some(point) = ring.points().iter().find(|p| p.server >= servers.len()) {
        return Err(ConfigError::Invalid(format!(
            "the ring has a point of server {} of only {}",
            point.server,
            servers.len()
        )));
    }
    let report = |rack_aware| -> Result<DurabilityReport, ConfigError> {
        let sets = replica_sets(ring, servers, replicas, rack_aware);
        Ok(DurabilityReport {
            distinct_sets: sets.sets.len(),
            fell_back_share: sets.fell_back_share,
            loss: loss_probability(&sets, servers.len(), failures, options)?,
        })
    };
    Ok(Durability {
        replicas,
        failures,
        plain: report(false)?,
        rack_aware: report(true)?,
    })
}

/// [`durability`] of a partitioner's ring; `None` for schemes without one.
pub fn durability_of(
    partitioner: &dyn Partitioner,
    replicas: usize,
    failures: usize,
    options: &LossOptions,
) -> Option<Result<Durability, ConfigError>> {
    partitioner
        .ring()
        .map(|ring| durability(ring, partitioner.servers(), replicas, failures, options))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::schemes::ring::HashRing;
    use crate::{assign_racks, numbered_servers, Point, Ties};

    fn ring_of(order: &[usize]) -> Ring {
        let points = order
            .iter()
            .enumerate()
            .map(|(i, &server)| Point {
                position: (i as u64 + 1) * 1000,
                server,
                vnode: 0,
            })
            .collect();
        Ring::new(points, 32, Ties::Keep)
    }

    /// Fewer failures than the smallest replica set lose nothing, and that is exact
    /// without looking at a failure set, however many there are (here far more than
    /// enumeration takes, which would otherwise sample).
    #[test]
    fn fewer_failures_than_any_set_lose_nothing_exactly() {
        let servers = numbered_servers("s", 2_000);
        let ring = HashRing::new(servers.clone(), 1).unwrap();
        let sets = replica_sets(ring.ring().unwrap(), &servers, 3, false);
        let loss = loss_probability(&sets, 2_000, 2, &LossOptions::default()).unwrap();
        assert_eq!(loss.probability, 0.0);
        assert_eq!(loss.standard_error, 0.0);
        assert_eq!(
            loss.evaluation,
            Evaluation::Exact {
                failure_sets: 1_999_000
            }
        );
    }

    #[test]
    fn binomials() {
        assert_eq!(binomial(5, 2), 10);
        assert_eq!(binomial(1000, 3), 166_167_000);
        assert_eq!(binomial(3, 5), 0);
        assert_eq!(binomial(10, 0), 1);
        assert_eq!(binomial(10_000, 5_000), u128::MAX);
        let mut c = vec![0, 1];
        let mut count = 1;
        while next_combination(&mut c, 4) {
            count += 1;
        }
        assert_eq!((count, c), (6, vec![2, 3]));
    }

    #[test]
    fn neighbour_triples_and_their_loss() {
        // Ring order 0 1 2 3 4 5 6: replica sets {i, i+1, i+2} around the circle.
        let servers = numbered_servers("s", 7);
        let ring = ring_of(&[0, 1, 2, 3, 4, 5, 6]);
        let sets = replica_sets(&ring, &servers, 3, false);
        assert_eq!(sets.sets.len(), 7);
        assert_eq!(sets.sets[0].servers, vec![0, 1, 2]);
        assert_eq!(sets.short_share, 0.0);
        let options = LossOptions::default();
        let three = loss_probability(&sets, 7, 3, &options).unwrap();
        assert!((three.probability - 7.0 / 35.0).abs() < 1e-15);
        // Expected loss: each set holds 1/7 and is inside with probability 1/35.
        assert!((three.expected_lost_share - 1.0 / 35.0).abs() < 1e-12);
        let two = loss_probability(&sets, 7, 2, &options).unwrap();
        assert_eq!((two.probability, two.expected_lost_share), (0.0, 0.0));
        let all = loss_probability(&sets, 7, 7, &options).unwrap();
        assert_eq!(all.probability, 1.0);
        assert!(loss_probability(&sets, 7, 8, &options).is_err());
        assert!(loss_probability(&sets, 5, 3, &options).is_err());
    }

    #[test]
    fn brute_force_agrees_with_both_checkers() {
        let servers = numbered_servers("n", 14);
        let ring = HashRing::new(servers.clone(), 3).unwrap();
        let sets = replica_sets(ring.ring().unwrap(), &servers, 3, false);
        for failures in 3..=8 {
            let loss = loss_probability(&sets, 14, failures, &LossOptions::default()).unwrap();
            let mut c: Vec<usize> = (0..failures).collect();
            let (mut lost, mut total) = (0u64, 0u64);
            loop {
                total += 1;
                if sets
                    .sets
                    .iter()
                    .any(|set| set.servers.iter().all(|s| c.contains(s)))
                {
                    lost += 1;
                }
                if !next_combination(&mut c, 14) {
                    break;
                }
            }
            assert_eq!(
                loss.probability,
                lost as f64 / total as f64,
                "f = {failures}"
            );
            let checker = Checker::new(&sets, 14, failures);
            let other = Checker {
                lookup_sizes: if checker.lookup_sizes.is_empty() {
                    vec![3]
                } else {
                    Vec::new()
                },
                ..Checker::new(&sets, 14, failures)
            };
            let mut failed = vec![false; 14];
            let mut c: Vec<usize> = (0..failures).collect();
            loop {
                assert_eq!(checker.loses(&c, &mut failed), other.loses(&c, &mut failed));
                if !next_combination(&mut c, 14) {
                    break;
                }
            }
        }
    }

    #[test]
    fn sampling_is_seeded_and_close_to_exact() {
        let servers = numbered_servers("n", 30);
        let ring = HashRing::new(servers.clone(), 2).unwrap();
        let sets = replica_sets(ring.ring().unwrap(), &servers, 3, false);
        let exact = loss_probability(&sets, 30, 5, &LossOptions::default()).unwrap();
        assert!(matches!(
            exact.evaluation,
            Evaluation::Exact {
                failure_sets: 142_506
            }
        ));
        let options = LossOptions {
            exact_limit: 1000,
            samples: 20_000,
            seed: 7,
        };
        let sampled = loss_probability(&sets, 30, 5, &options).unwrap();
        assert_eq!(
            sampled.evaluation,
            Evaluation::Sampled {
                samples: 20_000,
                seed: 7
            }
        );
        assert!((sampled.probability - exact.probability).abs() < 5.0 * sampled.standard_error);
        assert_eq!(sampled, loss_probability(&sets, 30, 5, &options).unwrap());
        assert_eq!(sampled.expected_lost_share, exact.expected_lost_share);
    }

    #[test]
    fn many_points_make_almost_every_triple_a_replica_set() {
        let servers = numbered_servers("n", 10);
        let ring = HashRing::new(servers.clone(), 200).unwrap();
        let d = durability(
            ring.ring().unwrap(),
            &servers,
            3,
            3,
            &LossOptions::default(),
        )
        .unwrap();
        assert!(d.plain.distinct_sets > 110, "{}", d.plain.distinct_sets); // of C(10,3) = 120
        assert!(d.plain.loss.probability > 0.9);
        // But each loss is a sliver: on average 1/120 of the key space.
        assert!((d.plain.loss.expected_lost_share - 1.0 / 120.0).abs() < 1e-12);
        assert_eq!(d.plain, d.rack_aware); // no racks: every server is its own rack
    }

    #[test]
    fn rack_aware_lists_span_racks_and_match_the_partitioner() {
        let mut servers = numbered_servers("n", 9);
        assign_racks(&mut servers, "a,a,a,b,b,b,c,c,c").unwrap();
        let ring = HashRing::new(servers.clone(), 8).unwrap();
        let sets = replica_sets(ring.ring().unwrap(), &servers, 3, true);
        assert_eq!(sets.fell_back_share, 0.0);
        for set in &sets.sets {
            let mut racks: Vec<usize> = set.servers.iter().map(|s| s / 3).collect();
            racks.dedup();
            assert_eq!(racks.len(), 3, "{:?}", set.servers);
        }
        // Each arc's list is the partitioner's own rack-aware list for a key in it.
        let r = ring.ring().unwrap();
        for point in r.points().iter().take(20) {
            let walk = r.walk_servers(point.position);
            let mut expected = crate::rack_aware(&servers, walk, 3).servers;
            expected.sort_unstable();
            assert!(sets.sets.iter().any(|s| s.servers == expected));
        }
        // Two racks for three replicas: every list falls back.
        let mut two = numbered_servers("n", 4);
        assign_racks(&mut two, "a,a,b,b").unwrap();
        let ring = HashRing::new(two.clone(), 4).unwrap();
        let sets = replica_sets(ring.ring().unwrap(), &two, 3, true);
        assert!((sets.fell_back_share - 1.0).abs() < 1e-12);
        assert!(sets.sets.iter().all(|s| s.servers.len() == 3));
    }

    #[test]
    fn small_clusters_are_short() {
        let servers = numbered_servers("n", 2);
        let ring = HashRing::new(servers.clone(), 5).unwrap();
        let sets = replica_sets(ring.ring().unwrap(), &servers, 3, false);
        assert_eq!(sets.sets.len(), 1);
        assert!((sets.short_share - 1.0).abs() < 1e-12);
        let loss = loss_probability(&sets, 2, 2, &LossOptions::default()).unwrap();
        assert_eq!(loss.probability, 1.0);
        assert!(durability(
            ring.ring().unwrap(),
            &servers,
            0,
            1,
            &LossOptions::default()
        )
        .is_err());
        assert!(durability_of(&ring, 2, 1, &LossOptions::default()).is_some());
    }
}
