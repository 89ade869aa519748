//! Where the keys go under each scheme, made only by `ringlab-core`, and what a change of
//! server count moved, measured and in theory.
//!
//! Servers are named as the playground names `servers=<count>` (A, B, ..., Z, S27, ...),
//! so that a cell's link opens the same cluster there. A cell shows the server's number,
//! 1 to N: server number `n` is the playground's `server_name(n - 1)`, and under modulo
//! it holds the keys with `h mod N = n - 1`.

use std::rc::Rc;

use ringlab_core::analysis::theory::{self, Fraction};
use ringlab_core::{build, Options, Server};

use super::params::GridScheme;
use crate::format::percent;
use crate::format::{capitalized, grouped};
use crate::naming::server_name;

/// Each key's owner: a server index (0-based; the cell shows it plus one).
pub type Owners = Rc<Vec<Option<u32>>>;

/// The servers of a cluster of `count`, named as the playground names them.
pub fn servers(count: u32) -> Vec<Server> {
    (0..count as usize)
        .map(|i| Server::new(server_name(i)))
        .collect()
}

/// The number a cell shows for server index `owner`.
pub fn number(owner: Option<u32>) -> String {
    owner.map_or_else(|| "–".to_string(), |o| (o + 1).to_string())
}

/// The owners of `keys` under `scheme` on `count` servers (ring: `vnodes` points each).
pub fn place(scheme: GridScheme, count: u32, vnodes: u32, keys: &[String]) -> Owners {
    let options = Options {
        vnodes: vnodes.max(1),
        ..Options::default()
    };
    let owners = match build(scheme.kind(), servers(count), &options) {
        Ok(p) => keys
            .iter()
            .map(|k| p.lookup(k.as_bytes()).map(|o| o as u32))
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

/// A ratio in words: "8×", "2.5×".
fn times(ratio: f64) -> String {
    if ratio >= 10.0 {
        format!("{ratio:.0}×")
    } else {
        let text = format!("{ratio:.1}");
        format!("{}×", text.trim_end_matches(".0"))
    }
}

/// How `other` compares with `base` in words: "the ring moved 8× fewer keys than modulo".
pub fn compare(other: &Grid, base: &Grid) -> String {
    let (a, b) = (other.moved, base.moved);
    let (name, base_name) = (other.scheme.title(), base.scheme.title());
    match (a, b) {
        (0, 0) => format!("neither {name} nor {base_name} moved any key"),
        (0, b) => format!("{name} moved none, {base_name} moved {b}"),
        (a, 0) => format!("{name} moved {a} keys, {base_name} none"),
        (a, b) => {
            let ratio = b as f64 / a as f64;
            if (0.9..=1.1).contains(&ratio) {
                format!("{name} moved about as many keys as {base_name} ({a} and {b})")
            } else if ratio > 1.0 {
                format!("{name} moved {} fewer keys than {base_name}", times(ratio))
            } else {
                format!(
                    "{name} moved {} more keys than {base_name}",
                    times(1.0 / ratio)
                )
            }
        }
    }
}

/// The comparisons of every shown scheme with the first (modulo when it is shown), as
/// sentences: "The ring moved 8× fewer keys than modulo".
pub fn comparisons(grids: &[Grid]) -> Vec<String> {
    let Some(base) = grids.first() else {
        return Vec::new();
    };
    if base.before.is_none() {
        return Vec::new();
    }
    grids[1..]
        .iter()
        .map(|g| capitalized(&compare(g, base)))
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
    fn modulo_is_h_mod_n_and_numbers_are_one_based() {
        let keys = key_names(7, 50);
        let owners = place(GridScheme::Modulo, 8, 160, &keys);
        for (key, owner) in keys.iter().zip(owners.iter()) {
            assert_eq!(*owner, Some((key_hash(key) % 8) as u32));
        }
        assert_eq!(number(Some(0)), "1");
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
        let text = compare(&ring, &modulo);
        assert!(text.starts_with("the ring moved ") && text.ends_with("× fewer keys than modulo"));
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
            compare(&ring, &same),
            "neither the ring nor modulo moved any key"
        );
        let modulo = grid(GridScheme::Modulo, 5, 6, &keys);
        assert!(compare(&ring, &modulo).starts_with("the ring moved none, modulo moved "));
        assert!(compare(&modulo, &ring).ends_with("keys, the ring none"));
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
        assert!(comparisons(&[fresh.clone(), fresh]).is_empty());
        assert_eq!(times(8.04), "8×");
        assert_eq!(times(2.46), "2.5×");
        assert_eq!(times(12.6), "13×");
    }
}
