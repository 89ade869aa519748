//! The grids view's sentences with figures: a key's owner in the details ("h mod 9 = 4,
//! server 4 (E), moved from server 0 (A)"), a cell's name, and a canvas grid's name.
//! Servers are numbered from 0, as hash mod N and jump number them, with the letter the
//! playground gives them.
//! The view renders them as they are.

use super::params::GridScheme;
use super::placement::{number, Grid};
use crate::format::grouped;
use crate::naming::server_name;

/// "server 4 (E)", or "no server".
fn server_text(owner: Option<u32>) -> String {
    match owner {
        Some(o) => format!("server {o} ({})", server_name(o as usize)),
        None => "no server".into(),
    }
}

/// What one grid says about key `key` of hash `hash`: "h mod 9 = 4, server 4 (E), moved
/// from server 0 (A)" (the hash only under modulo; "unchanged" when it stayed).
pub fn owner_line(grid: &Grid, key: usize, hash: u64) -> String {
    let now = grid.owners.get(key).copied().flatten();
    let mut text = String::new();
    if grid.scheme == GridScheme::Modulo {
        text.push_str(&format!(
            "h mod {} = {}, ",
            grid.servers,
            hash % u64::from(grid.servers.max(1))
        ));
    }
    text.push_str(&server_text(now));
    if let Some(was) = grid.previous(key) {
        if was == now {
            text.push_str(", unchanged");
        } else {
            text.push_str(&format!(", moved from {}", server_text(was)));
        }
    }
    text
}

/// A cell's accessible name: "user:12 on server 4, moved from server 2" (the move only
/// when the cell is lit).
pub fn cell_label(grid: &Grid, key: usize, name: &str) -> String {
    let now = grid.owners.get(key).copied().flatten();
    let mut text = format!("{name} on server {}", number(now));
    if grid.lit.get(key).copied().unwrap_or(false) {
        if let Some(was) = grid.previous(key) {
            text.push_str(&format!(", moved from server {}", number(was)));
        }
    }
    text
}

/// A canvas grid's name: "Modulo (h mod N) grid of 10,000 keys on 9 servers: 8,884 of
/// 10,000 keys moved (88.8%). Arrow keys …".
pub fn canvas_label(grid: &Grid, keys: usize) -> String {
    format!(
        "{} grid of {} keys on {} servers{}. Arrow keys move the cursor, Enter walks its key \
         on the ring; the key details follow.",
        grid.scheme.heading(),
        grouped(keys as u64),
        grid.servers,
        grid.counter().map(|c| format!(": {c}")).unwrap_or_default(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::naming::key_names;
    use crate::test_numbers::{assert_numbers, numbers};
    use crate::views::grids::placement::{place, servers};
    use ringlab_core::hash::key_hash;
    use ringlab_core::{build, Options};

    /// The numbers in a server's name ("S27" holds 27, "E" none).
    fn digits(name: &str) -> Vec<f64> {
        numbers(name).iter().map(|r| r.value).collect()
    }

    /// Each key's owner on `count` servers, asked of a partitioner the test builds on the
    /// core: modulo is also checked against the core's hash mod N.
    fn owners(scheme: GridScheme, count: u32, keys: &[String]) -> Vec<Option<u32>> {
        let options = Options {
            vnodes: 160,
            ..Options::default()
        };
        let p = build(scheme.kind(), servers(count), &options).unwrap();
        keys.iter()
            .map(|k| {
                let o = p.lookup(k.as_bytes()).map(|o| o as u32);
                if scheme == GridScheme::Modulo {
                    assert_eq!(o, Some((key_hash(k.as_bytes()) % u64::from(count)) as u32));
                }
                o
            })
            .collect()
    }

    /// The figures of "server 4 (E)" for owner index `o`.
    fn server(o: u32) -> Vec<f64> {
        [vec![f64::from(o)], digits(&server_name(o as usize))].concat()
    }

    /// Growing 8 → 9, shrinking 9 → 8, 26 → 28 (names with digits) and no change yet,
    /// under modulo and the ring: each key's line and cell name against the core's hash
    /// and owners found in the test, the canvas name against the moved keys counted here.
    #[test]
    fn owners_and_names_are_read_against_the_core() {
        let keys = key_names(7, 300);
        for (from, to) in [(Some(8), 9), (Some(9), 8), (Some(26), 28), (None, 9)] {
            for scheme in [GridScheme::Modulo, GridScheme::Ring] {
                let before = from.map(|f| (f, place(scheme, f, 160, &keys)));
                let grid = Grid::new(scheme, to, place(scheme, to, 160, &keys), before);
                let now = owners(scheme, to, &keys);
                let was = from.map(|f| owners(scheme, f, &keys));
                let mut moved = 0;
                for (k, name) in keys.iter().enumerate() {
                    let hash = key_hash(name.as_bytes());
                    let o = now[k].unwrap();
                    let w = was.as_ref().map(|w| w[k].unwrap());
                    let moves = w.is_some_and(|w| w != o);
                    moved += usize::from(moves);

                    let line = owner_line(&grid, k, hash);
                    let mut expected = Vec::new();
                    if scheme == GridScheme::Modulo {
                        // h mod N, and the server that number names: the same number.
                        let h = (hash % u64::from(to)) as f64;
                        expected.extend([f64::from(to), h]);
                        assert_eq!(f64::from(o), h);
                    }
                    expected.extend(server(o));
                    match w {
                        Some(w) if moves => {
                            expected.extend(server(w));
                            assert!(line.contains(", moved from server "), "{line}");
                        }
                        Some(_) => assert!(line.ends_with(", unchanged"), "{line}"),
                        None => assert!(!line.contains("moved") && !line.contains("unchanged")),
                    }
                    assert_numbers(&line, &expected);

                    let label = cell_label(&grid, k, name);
                    let mut expected = digits(name);
                    expected.push(f64::from(o));
                    if let Some(w) = w.filter(|_| moves) {
                        expected.push(f64::from(w));
                    }
                    assert_eq!(label.contains(", moved from server "), moves, "{label}");
                    assert_numbers(&label, &expected);
                }
                let label = canvas_label(&grid, keys.len());
                assert!(label.starts_with(scheme.heading()), "{label}");
                let all = keys.len() as f64;
                // The heading's own figures ("h mod N" has none), keys, servers, then the
                // counter once there is a change.
                let mut expected = vec![all, f64::from(to)];
                if from.is_some() {
                    expected.extend([moved as f64, all, moved as f64 / all]);
                }
                assert_numbers(&label, &expected);
            }
        }
    }
}
