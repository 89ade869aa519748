//! Where the keys go under each scheme, made only by `ringlab-core`, and what a change of
//! server count moved, measured and in theory.
//!
//! Servers are named as the playground names `servers=<count>` (A, B, ..., Z, S27, ...),
//! so that a cell's link opens the same cluster there. A cell shows the server's number,
//! 0 to N − 1, as hash mod N and jump number them: server `n` is the playground's
//! `server_name(n)` (A is 0), and under modulo it holds the keys with `h mod N = n`.

use std::rc::Rc;

use ringlab_core::analysis::theory::{self, Fraction};
use ringlab_core::partitioner::owners_of;
use ringlab_core::{build, Options, Server};

use super::params::GridScheme;
use crate::format::percent;
use crate::format::{capitalized, grouped};
use crate::naming::server_name;

/// Each key's owner: a server index, 0-based, which is the number the cell shows.
pub type Owners = Rc<Vec<Option<u32>>>;

/// The servers of a cluster of `count`, named as the playground names them.
pub fn servers(count: u32) -> Vec<Server> {
    (0..count as usize)
        .map(|i| Server::new(server_name(i)))
        .collect()
}

/// The number a cell shows for server index `owner`: the index itself, from 0.
pub fn number(owner: Option<u32>) -> String {
    owner.map_or_else(|| "–".to_string(), |o| o.to_string())
}

/// The owners of `keys` under `scheme` on `count` servers (ring: `vnodes` points each).
pub fn place(scheme: GridScheme, count: u32, vnodes: u32, keys: &[String]) -> Owners {
    let options = Options {
        vnodes: vnodes.max(1),
        ..Options::default()
    };
    let owners = match build(scheme.kind(), servers(count), &options) {
        Ok(p) => owners_of(p.as_ref(), keys)
            .into_iter()
            .map(|o| o.map(|o| o as u32))
            .collect(),
        Err(_) => vec![None; keys.len()],
    };
    Rc::new(owners)
}

/// ringlab's key hash, the one all four schemes use.
pub fn key_hash(key: &str) -> u64 {
    ringlab_core::hash::key_hash(key.as_bytes())
}

/// The theory's moved share for `scheme` going from `before` to `after` servers:
/// modulo exactly (`1 - gcd/max`), the others in expectation (`|after - before| / max`).
pub fn theory(scheme: GridScheme, before: u32, after: u32) -> Fraction {
    match scheme {
        GridScheme::Modulo => theory::modulo_moved(before as usize, after as usize),
        _ => theory::ring_moved(before as usize, after as usize),
    }
}

/// One scheme's grid: the owners now, before the last change, and what moved.
#[derive(Debug, Clone, PartialEq)]
pub struct Grid {
    pub scheme: GridScheme,
    pub owners: Owners,
    /// The owners before the last change, with its server count.
    pub before: Option<(u32, Owners)>,
    pub servers: u32,
    /// For each key, true when its owner changed.
    pub lit: Rc<Vec<bool>>,
    pub moved: usize,
}

impl Grid {
    pub fn new(
        scheme: GridScheme,
        servers: u32,
        owners: Owners,
        before: Option<(u32, Owners)>,
    ) -> Grid {
        let lit: Vec<bool> = match &before {
            Some((_, old)) => owners.iter().zip(old.iter()).map(|(a, b)| a != b).collect(),
            None => vec![false; owners.len()],
        };
        let moved = lit.iter().filter(|&&l| l).count();
        Grid {
            scheme,
            owners,
            before,
            servers,
            lit: Rc::new(lit),
            moved,
        }
    }

    pub fn keys(&self) -> usize {
        self.owners.len()
    }

    /// The owner of key `key` before the last change.
    pub fn previous(&self, key: usize) -> Option<Option<u32>> {
        self.before
            .as_ref()
            .map(|(_, old)| old.get(key).copied().flatten())
    }

    /// The measured moved share (0 for no keys).
    pub fn fraction(&self) -> f64 {
        if self.keys() == 0 {
            0.0
        } else {
            self.moved as f64 / self.keys() as f64
        }
    }

    /// "k of K keys moved (x%)", or `None` before any change.
    pub fn counter(&self) -> Option<String> {
        self.before.as_ref()?;
        Some(format!(
            "{} of {} keys moved ({})",
            grouped(self.moved as u64),
            grouped(self.keys() as u64),
            percent(self.fraction())
        ))
    }

    /// The theory next to the counter.
    pub fn theory_text(&self) -> Option<String> {
        let (from, _) = self.before.as_ref()?;
        let (from, to) = (*from, self.servers);
        let share = theory(self.scheme, from, to);
        let value = percent(share.value());
        Some(match self.scheme {
            _ if from == to => "theory: nothing moves when the count stays the same".into(),
            GridScheme::Modulo => format!(
                "theory: exactly {share} = {value} of hashes have h mod {from} ≠ h mod {to}"
            ),
            _ => {
                let formula = if to == from + 1 {
                    "1/(N+1)".to_string()
                } else if to + 1 == from {
                    "1/N".to_string()
                } else {
                    "|N′ − N| / max".to_string()
                };
                format!("theory: about {formula} = {share} = {value}")
            }
        })
    }
}

/// The keys a change moves in theory, with the spread chance gives: `(expected, standard
/// deviation)`. Every scheme's sample of keys is a binomial count; the ring adds its own
/// spread, since one ring's newcomer takes a share that strays by about 1/sqrt(vnodes) of
/// itself (the sum of `vnodes` random gaps).
pub fn expected_moves(grid: &Grid, vnodes: u32) -> Option<(f64, f64)> {
    let (from, _) = grid.before.as_ref()?;
    let p = theory(grid.scheme, *from, grid.servers).value();
    let n = grid.keys() as f64;
    let mut variance = n * p * (1.0 - p);
    if grid.scheme == GridScheme::Ring {
        variance += (n * p).powi(2) / f64::from(vnodes.max(1));
    }
    Some((n * p, variance.sqrt()))
}

/// A count's theory: " (theory 11 ± 3)", or nothing when the grid has no change.
fn theory_of(grid: &Grid, vnodes: u32) -> String {
    expected_moves(grid, vnodes).map_or(String::new(), |(mean, spread)| {
        format!(
            " (theory {} ± {})",
            grouped(mean.round() as u64),
            grouped(spread.round().max(1.0) as u64)
        )
    })
}

/// How `other` compares with `base`, as counts next to their theory and its spread, never
/// as a ratio of two small noisy counts: "the ring moved 6 keys (theory 11 ± 3), modulo 88
/// (theory 89 ± 3), of 100".
pub fn compare(other: &Grid, base: &Grid, vnodes: u32) -> String {
    let (name, base_name) = (other.scheme.title(), base.scheme.title());
    if other.moved == 0
        && base.moved == 0
        && other.before.as_ref().map(|b| b.0) == Some(other.servers)
    {
        return format!("neither {name} nor {base_name} moved any key: the count did not change");
    }
    format!(
        "{name} moved {} keys{}, {base_name} {}{}, of {}",
        grouped(other.moved as u64),
        theory_of(other, vnodes),
        grouped(base.moved as u64),
        theory_of(base, vnodes),
        grouped(base.keys() as u64)
    )
}

/// The comparisons of every shown scheme with the first (modulo when it is shown), as
/// sentences: "The ring moved 6 keys (theory 11 ± 3), modulo 88 (theory 89 ± 3), of 100".
pub fn comparisons(grids: &[Grid], vnodes: u32) -> Vec<String> {
    let Some(base) = grids.first() else {
        return Vec::new();
    };
    if base.before.is_none() {
        return Vec::new();
    }
    grids[1..]
        .iter()
        .map(|g| capitalized(&compare(g, base, vnodes)))
        .collect()
}

/// Why a doubling splits each modulo server with exactly one new one, when the change was
/// one (`from` to `2 from`, or back).
pub fn doubling_text(from: u32, to: u32) -> Option<String> {
    if to == from * 2 {
        Some(format!(
            "Doubling {from} → {to}: h mod {to} is either h mod {from} or h mod {from} + {from}, \
             so under modulo every key either stays on its server n or moves to server n + \
             {from}: exactly half of all hashes move, and each old server splits with exactly \
             one new one. The ring's newcomers take pieces of every old server instead."
        ))
    } else if from == to * 2 {
        Some(format!(
            "Halving {from} → {to}: h mod {to} is h mod {from} or h mod {from} − {to}, so under \
             modulo server n + {to} gives all its keys back to server n: exactly half of all \
             hashes move."
        ))
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::naming::key_names;

    fn grid(scheme: GridScheme, from: u32, to: u32, keys: &[String]) -> Grid {
        let before = place(scheme, from, 160, keys);
        let after = place(scheme, to, 160, keys);
        Grid::new(scheme, to, after, Some((from, before)))
    }

    #[test]
    fn modulo_is_h_mod_n_and_numbers_are_from_zero() {
        let keys = key_names(7, 50);
        let owners = place(GridScheme::Modulo, 8, 160, &keys);
        for (key, owner) in keys.iter().zip(owners.iter()) {
            assert_eq!(*owner, Some((key_hash(key) % 8) as u32));
        }
        // The number a cell shows is h mod N itself.
        for (key, owner) in keys.iter().zip(owners.iter()) {
            assert_eq!(number(*owner), (key_hash(key) % 8).to_string());
        }
        assert_eq!(number(Some(0)), "0");
        assert_eq!(number(None), "–");
        assert_eq!(servers(27)[26].name, "S27");
    }

    #[test]
    fn eight_to_nine_moves_eight_ninths_under_modulo_and_a_ninth_on_the_ring() {
        let keys = key_names(7, 10_000);
        let modulo = grid(GridScheme::Modulo, 8, 9, &keys);
        assert_eq!(theory(GridScheme::Modulo, 8, 9), Fraction::new(8, 9));
        assert_eq!(percent(theory(GridScheme::Modulo, 8, 9).value()), "88.9%");
        assert!(
            (modulo.fraction() - 8.0 / 9.0).abs() < 0.02,
            "{}",
            modulo.fraction()
        );
        // The measured count agrees with counting h mod 8 != h mod 9 directly.
        let direct = keys
            .iter()
            .filter(|k| key_hash(k) % 8 != key_hash(k) % 9)
            .count();
        assert_eq!(modulo.moved, direct);
        for scheme in [GridScheme::Ring, GridScheme::Jump, GridScheme::Rendezvous] {
            let g = grid(scheme, 8, 9, &keys);
            assert_eq!(theory(scheme, 8, 9), Fraction::new(1, 9));
            assert!(
                (g.fraction() - 1.0 / 9.0).abs() < 0.03,
                "{scheme:?} {}",
                g.fraction()
            );
            // A join moves keys only onto the newcomer (server index 8).
            for (k, &lit) in g.lit.iter().enumerate() {
                if lit {
                    assert_eq!(g.owners[k], Some(8), "{scheme:?}");
                }
            }
        }
        let ring = grid(GridScheme::Ring, 8, 9, &keys);
        let text = compare(&ring, &modulo, 160);
        let (ring_mean, ring_spread) = expected_moves(&ring, 160).unwrap();
        assert!((ring_mean - 10_000.0 / 9.0).abs() < 1e-9);
        let binomial = 10_000.0f64 / 9.0 * 8.0 / 9.0;
        let ring_share = (10_000.0f64 / 9.0).powi(2) / 160.0;
        assert!((ring_spread - (binomial + ring_share).sqrt()).abs() < 1e-9);
        assert_eq!(
            text,
            format!(
                "the ring moved {} keys (theory 1,111 ± 93), modulo {} (theory 8,889 ± 31), of 10,000",
                grouped(ring.moved as u64),
                grouped(modulo.moved as u64)
            )
        );
        // The sample agrees with its theory within four spreads.
        assert!(
            (ring.moved as f64 - ring_mean).abs() < 4.0 * ring_spread,
            "{} {ring_mean} {ring_spread}",
            ring.moved
        );
        assert!(modulo
            .theory_text()
            .unwrap()
            .contains("exactly 8/9 = 88.9% of hashes have h mod 8 ≠ h mod 9"));
        assert_eq!(
            ring.theory_text().unwrap(),
            "theory: about 1/(N+1) = 1/9 = 11.1%"
        );
        let leave = grid(GridScheme::Ring, 9, 8, &keys);
        assert_eq!(
            leave.theory_text().unwrap(),
            "theory: about 1/N = 1/9 = 11.1%"
        );
    }

    #[test]
    fn doubling_sixteen_to_thirty_two_splits_each_modulo_server_with_one_new_one() {
        let keys = key_names(7, 10_000);
        let modulo = grid(GridScheme::Modulo, 16, 32, &keys);
        assert_eq!(theory(GridScheme::Modulo, 16, 32), Fraction::new(1, 2));
        let (_, before) = modulo.before.clone().unwrap();
        let mut targets = vec![std::collections::BTreeSet::new(); 16];
        for k in 0..keys.len() {
            let (old, new) = (before[k].unwrap(), modulo.owners[k].unwrap());
            assert!(new == old || new == old + 16, "{old} -> {new}");
            assert_eq!(modulo.lit[k], new == old + 16);
            targets[old as usize].insert(new);
        }
        // Every old server i now shares its keys with exactly server i + 16.
        for (i, t) in targets.iter().enumerate() {
            let i = i as u32;
            assert_eq!(t.iter().copied().collect::<Vec<_>>(), vec![i, i + 16]);
        }
        assert!((modulo.fraction() - 0.5).abs() < 0.02);
        // The exact count over a full period of lcm(16, 32) = 32 hashes is half.
        assert_eq!((0u64..32).filter(|h| h % 16 != h % 32).count(), 16);
        assert!(doubling_text(16, 32).unwrap().contains("h mod 16 + 16"));
        assert!(doubling_text(32, 16).is_some());
        assert!(doubling_text(8, 9).is_none());
        // The ring's newcomers take keys from many old servers.
        let ring = grid(GridScheme::Ring, 16, 32, &keys);
        let (_, old) = ring.before.clone().unwrap();
        let givers: std::collections::BTreeSet<u32> = (0..keys.len())
            .filter(|&k| ring.owners[k] == Some(16))
            .map(|k| old[k].unwrap())
            .collect();
        assert!(givers.len() > 2, "{givers:?}");
    }

    #[test]
    fn comparisons_never_divide_by_zero() {
        let keys = key_names(3, 20);
        let same = grid(GridScheme::Modulo, 5, 5, &keys);
        let ring = grid(GridScheme::Ring, 5, 5, &keys);
        assert_eq!(same.moved, 0);
        assert_eq!(same.counter().unwrap(), "0 of 20 keys moved (0.0%)");
        assert_eq!(
            compare(&ring, &same, 160),
            "neither the ring nor modulo moved any key: the count did not change"
        );
        let modulo = grid(GridScheme::Modulo, 5, 6, &keys);
        let ring = grid(GridScheme::Ring, 5, 6, &keys);
        assert_eq!(
            compare(&ring, &modulo, 160),
            format!(
                "the ring moved {} keys (theory 3 ± 2), modulo {} (theory 17 ± 2), of 20",
                ring.moved, modulo.moved
            )
        );
        assert_eq!(
            same.theory_text().unwrap(),
            "theory: nothing moves when the count stays the same"
        );
        let fresh = Grid::new(
            GridScheme::Ring,
            5,
            place(GridScheme::Ring, 5, 160, &keys),
            None,
        );
        assert_eq!(fresh.counter(), None);
        assert!(comparisons(&[fresh.clone(), fresh], 160).is_empty());
    }
}
