//! The Maglev view's sentences and names with figures: the small table's heading, its
//! pictures' names, the preference lists' caption and rows, the big table's bars name
//! and a key's lookup. The view renders them as they are.

use super::fill::{Fill, Row};
use super::params::MaglevParams;
use super::real::{key_after_its_backend_leaves, lookup, Real};
use crate::format::{grouped, hash_hex};

/// The small table's heading.
pub fn fill_heading(p: &MaglevParams) -> String {
    format!("Filling a table of {} slots", p.m)
}

/// The lookup table picture's name, as far as the fill has gone.
pub fn table_label(fill: &Fill) -> String {
    format!("Lookup table, {} of {} slots filled", fill.shown, fill.m)
}

/// The heading over the table once backend `name` has left.
pub fn after_heading(name: &str) -> String {
    format!("After {name} leaves")
}

/// That table's picture name.
pub fn after_label(name: &str) -> String {
    format!("Lookup table after {name} leaves")
}

/// The preference lists' caption.
pub fn lists_caption(fill: &Fill) -> String {
    format!(
        "Preference lists: slot (offset + j × skip) mod {} for j = 0 to {}",
        fill.m,
        fill.m - 1
    )
}

/// What a backend's list is made of, beside its name: "offset 3, skip 4".
pub fn row_numbers(row: &Row) -> String {
    format!("offset {}, skip {}", row.offset, row.skip)
}

/// What the real-size part says in the moment before its tables are built.
pub fn building(p: &MaglevParams) -> String {
    format!(
        "Building the tables of {} slots for {} backends, before and after the change…",
        grouped(p.table),
        grouped(p.n)
    )
}

/// The big table's bars name; `system` is the system's label.
pub fn real_label(real: &Real, system: &str) -> String {
    format!(
        "Slots held by each of {} backends in {system}'s table of {} slots",
        real.names.len(),
        grouped(real.table)
    )
}

/// A key's lookup in Envoy's table, up to the owner (which the view shows in its
/// colour), and the owner's index; `None` for systems that hash packets, not keys.
pub fn lookup_sentence(p: &MaglevParams, real: &Real) -> Option<(String, usize)> {
    let (hash, slot, owner) = lookup(p, real)?;
    let text = format!(
        "Key {:?}: XXH64 = {}, and that mod {} = slot {}; the table says ",
        p.key(),
        hash_hex(hash),
        grouped(real.table),
        grouped(slot)
    );
    Some((text, owner))
}

/// Where the key goes once its own backend leaves (Envoy only): the slot stays, and the
/// table rebuilt without that backend names the slot's new owner.
pub fn after_its_backend_leaves(p: &MaglevParams, real: &Real) -> Option<String> {
    let (slot, gone, next) = key_after_its_backend_leaves(p, real)?;
    Some(format!(
        "If {gone} leaves, the key keeps slot {} and the rebuilt table gives that slot to {next}: {:?} goes to {next}.",
        grouped(slot),
        p.key()
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_numbers::{assert_numbers, numbers};
    use crate::views::maglev::params::{Change, SmallBackend, ALL_STEPS};
    use ringlab_core::schemes::maglev::{key_hash, Maglev};
    use ringlab_core::schemes::maglev_systems::MaglevSystem;
    use ringlab_core::Server;

    /// The small settings read: the paper's M = 7 at three steps, and 13 slots of four
    /// backends typed here, part filled and full.
    fn small() -> Vec<MaglevParams> {
        let paper = MaglevParams::default();
        let typed = MaglevParams {
            m: 13,
            backends: [("w", 2, 5), ("x", 0, 3), ("y", 7, 1), ("z", 11, 12)]
                .iter()
                .map(|&(name, offset, skip)| SmallBackend {
                    name: name.into(),
                    offset,
                    skip,
                })
                .collect(),
            ..MaglevParams::default()
        };
        let at = |p: &MaglevParams, step| MaglevParams { step, ..p.clone() };
        vec![
            paper.clone(),
            at(&paper, 0),
            at(&paper, 3),
            typed.clone(),
            at(&typed, 5),
            at(&typed, ALL_STEPS),
        ]
    }

    /// The slots filled counted in the test, M and M - 1 from the params, each row's
    /// offset and skip as typed, and both read again from its list: offset its first slot,
    /// skip the step to the next, mod M.
    #[test]
    fn the_small_table_is_read_against_its_fill() {
        for p in small() {
            let fill = Fill::of(&p).unwrap();
            let m = p.m as f64;
            let filled = fill.table.iter().filter(|s| s.is_some()).count() as f64;
            assert_eq!(filled, p.step.min(p.m) as f64);
            assert_numbers(&fill_heading(&p), &[m]);
            assert_numbers(&table_label(&fill), &[filled, m]);
            assert_numbers(&lists_caption(&fill), &[m, 0.0, m - 1.0]);
            for (row, typed) in fill.rows.iter().zip(&p.backends) {
                let text = row_numbers(row);
                assert_numbers(&text, &[typed.offset as f64, typed.skip as f64]);
                let first = row.permutation[0];
                let step = (row.permutation[1] + p.m - first) % p.m;
                assert_numbers(&text, &[first as f64, step as f64]);
            }
        }
        assert_eq!(after_heading("B2"), "After B2 leaves");
        assert_eq!(after_label("B2"), "Lookup table after B2 leaves");
    }

    /// The big settings read: Envoy at its 65,537 slots (one leaves) and at 251 (one
    /// joins), with two keys, and Cilium (no text key).
    fn big() -> Vec<MaglevParams> {
        let envoy = MaglevParams::default();
        vec![
            envoy.clone(),
            MaglevParams {
                table: 251,
                n: 7,
                change: Change::Join,
                key: Some("photo42".into()),
                ..envoy
            },
            MaglevParams {
                system: MaglevSystem::Cilium,
                table: MaglevSystem::Cilium.default_table_size(),
                n: 5,
                ..MaglevParams::default()
            },
        ]
    }

    /// The lookup against the core's own Maglev on the same names: the key's hash, the
    /// slot as the hash mod the size written out, and that slot's backend in the core's
    /// table. The bars' name against the backends asked for and the size.
    #[test]
    fn the_real_table_is_read_against_the_core() {
        for p in big() {
            let real = Real::of(&p).unwrap();
            assert_numbers(
                &real_label(&real, "Some system"),
                &[p.n as f64, p.table as f64],
            );
            let Some((text, owner)) = lookup_sentence(&p, &real) else {
                assert_ne!(p.system, MaglevSystem::Envoy);
                continue;
            };
            let servers = p.names(p.n).into_iter().map(Server::new).collect();
            let maglev = Maglev::new(servers, p.table).unwrap();
            let hash = key_hash(p.key().as_bytes());
            let slot = hash % p.table;
            assert_eq!(slot as usize, maglev.slot(p.key().as_bytes()));
            assert_eq!(owner, maglev.table()[slot as usize]);
            let mut expected: Vec<f64> = numbers(p.key()).iter().map(|r| r.value).collect();
            // The hash in sixteen hex digits, as every view shows a hash.
            let hex = format!("0x{hash:016x}");
            assert!(text.contains(&format!("= {hex}, and that mod")), "{text}");
            expected.extend([64.0, p.table as f64, slot as f64]);
            assert_numbers(&text.replace(&hex, "#"), &expected);
        }
    }

    #[test]
    fn building_names_the_table_and_the_backends() {
        let p = MaglevParams::default();
        let text = building(&p);
        assert_numbers(&text, &[p.table as f64, p.n as f64]);
        assert!(text.contains("65,537 slots for 10 backends"), "{text}");
    }

    /// Where the key goes when its backend leaves, against the core's own Maglev built
    /// without that backend: the key's slot from its hash, the leaver as the slot's owner
    /// before, the heir as the slot's owner after. Cilium has no text key, so no sentence.
    #[test]
    fn the_key_after_its_backend_leaves_is_read_against_the_core() {
        for p in big() {
            let real = Real::of(&p).unwrap();
            let Some(text) = after_its_backend_leaves(&p, &real) else {
                assert_ne!(p.system, MaglevSystem::Envoy);
                continue;
            };
            let names = p.names(p.n);
            let servers = names.iter().cloned().map(Server::new).collect();
            let before = Maglev::new(servers, p.table).unwrap();
            let slot = key_hash(p.key().as_bytes()) % p.table;
            let owner = before.table()[slot as usize];
            let mut kept = names.clone();
            let gone = kept.remove(owner);
            let servers = kept.iter().cloned().map(Server::new).collect();
            let after = Maglev::new(servers, p.table).unwrap();
            let heir = &kept[after.table()[slot as usize]];
            assert_ne!(heir, &gone);
            assert!(text.starts_with(&format!("If {gone} leaves, ")), "{text}");
            assert!(
                text.contains(&format!("keeps slot {} ", grouped(slot))),
                "{text}"
            );
            assert!(
                text.contains(&format!("gives that slot to {heir}: ")),
                "{text}"
            );
            assert!(
                text.ends_with(&format!("{:?} goes to {heir}.", p.key())),
                "{text}"
            );
            // The slot is the only figure besides the names and the key.
            let mut expected: Vec<f64> = numbers(&gone).iter().map(|r| r.value).collect();
            expected.push(slot as f64);
            expected.extend(numbers(heir).iter().map(|r| r.value));
            expected.extend(numbers(p.key()).iter().map(|r| r.value));
            expected.extend(numbers(heir).iter().map(|r| r.value));
            assert_numbers(&text, &expected);
        }
    }
}
