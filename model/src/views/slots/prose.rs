//! The slots view's sentences and cells with figures that were still built in the app: the
//! legend's slot counts, the masters table's cells, a key's slot cell and the CLUSTER
//! KEYSLOT answer, the slots each master gives up, and the moves finished earlier. The view
//! renders them as they are.

use super::params::{master_name, SlotsParams};
use super::scene::{range_text, KeyRow, MasterRow, Outgoing};
use crate::format::grouped;

/// A master in the legend: "A 127.0.0.1:7000 · 5,461 slots".
pub fn legend_line(m: &MasterRow) -> String {
    format!(
        "{} {} · {} slots",
        m.name,
        m.address,
        grouped(m.slots as u64)
    )
}

/// The masters table's slots cell: "5,461".
pub fn slots_cell(m: &MasterRow) -> String {
    grouped(m.slots as u64)
}

/// The masters table's ranges now: "0-5460, 11000-11099", or "none".
pub fn ranges_cell(m: &MasterRow) -> String {
    m.ranges_text()
}

/// The masters table's range `create` gave: "5461-10922".
pub fn created_cell(m: &MasterRow) -> String {
    range_text(m.created)
}

/// A key's slot cell, with the key it shares the slot with: "12182, as key 1".
pub fn slot_cell(k: &KeyRow) -> String {
    let shares = k
        .shares_with
        .map(|j| format!(", as key {}", j + 1))
        .unwrap_or_default();
    format!("{}{shares}", k.slot)
}

/// What CLUSTER KEYSLOT answers for a key, after the command.
pub fn keyslot_answer(k: &KeyRow) -> String {
    format!(
        " answers {}: CRC16 of \u{201c}{}\u{201d} is 0x{:04X} ({}), and Redis keeps its low 14 \
         bits (0x{:04X} & 0x3FFF).",
        k.slot,
        k.hashed,
        k.crc,
        grouped(u64::from(k.crc)),
        k.crc
    )
}

/// The slots one master gives up in the move: "From B: 11000-11099 (100 slots)".
pub fn outgoing_line(o: &Outgoing) -> String {
    format!(
        "From {}: {} ({} slots)",
        master_name(o.from),
        o.ranges
            .iter()
            .map(|&r| range_text(r))
            .collect::<Vec<_>>()
            .join(", "),
        grouped(o.slots as u64)
    )
}

/// The moves finished before this one; `None` when there are none.
pub fn finished_earlier(p: &SlotsParams) -> Option<String> {
    (!p.moves.is_empty()).then(|| {
        let moves: Vec<String> = p
            .moves
            .iter()
            .map(|m| {
                format!(
                    "{} to {}",
                    range_text((m.first, m.last)),
                    master_name(m.target)
                )
            })
            .collect();
        format!("Finished earlier: {}.", moves.join("; "))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_numbers::{assert_numbers, numbers};
    use crate::test_refs::{crc16_xmodem, hash_tag};
    use crate::views::slots::params::{Move, Phase};
    use crate::views::slots::scene::Scene;
    use ringlab_core::numbered_servers;
    use ringlab_core::schemes::redis::RedisCluster;

    /// The settings read: the default, and five masters after two moves with one under way.
    fn settings() -> Vec<SlotsParams> {
        vec![
            SlotsParams::default(),
            SlotsParams {
                masters: 5,
                keys: Some("user:{42}:cart\nfoo\nbar\n{42}x".into()),
                moves: vec![
                    Move {
                        first: 1280,
                        last: 1535,
                        target: 2,
                    },
                    Move {
                        first: 9000,
                        last: 9000,
                        target: 0,
                    },
                ],
                from: 3000,
                to: 7000,
                target: 4,
                phase: Phase::Migrating,
            },
        ]
    }

    /// The runs of slots each master holds in `owners`, in slot order.
    fn runs(owners: &[usize], master: usize) -> Vec<(f64, f64)> {
        let mut out: Vec<(f64, f64)> = Vec::new();
        for (slot, &o) in owners.iter().enumerate() {
            if o != master {
                continue;
            }
            let slot = slot as f64;
            match out.last_mut() {
                Some(run) if run.1 + 1.0 == slot => run.1 = slot,
                _ => out.push((slot, slot)),
            }
        }
        out
    }

    /// A range's numbers: "7" for one slot, "5461-10922" for more.
    fn range_numbers(runs: &[(f64, f64)]) -> Vec<f64> {
        let mut out = Vec::new();
        for &(a, b) in runs {
            out.push(a);
            if b != a {
                out.push(b);
            }
        }
        out
    }

    /// The masters table: slots and ranges counted on the map, the range `create` gave
    /// read off the core's freshly made cluster.
    #[test]
    fn the_masters_table_is_read_against_the_map_and_create() {
        for p in settings() {
            let scene = Scene::new(&p);
            let fresh = RedisCluster::new(numbered_servers("m", p.masters)).unwrap();
            assert_eq!(scene.masters.len(), p.masters);
            for (i, m) in scene.masters.iter().enumerate() {
                let held = scene.owners.iter().filter(|&&o| o == i).count() as f64;
                assert_numbers(&slots_cell(m), &[held]);
                let now = runs(&scene.owners, i);
                if now.is_empty() {
                    assert_eq!(ranges_cell(m), "none");
                }
                assert_numbers(&ranges_cell(m), &range_numbers(&now));
                let created = runs(fresh.owners(), i);
                assert_eq!(created.len(), 1, "create gives one range each");
                assert_numbers(&created_cell(m), &range_numbers(&created));
            }
        }
    }

    /// CRC16 (XMODEM) of the key, or of its hash tag, from the test's own reference.
    fn crc(key: &str) -> u16 {
        crc16_xmodem(hash_tag(key))
    }

    /// Each master's slots counted on the map; each key's CRC and slot computed here; the
    /// outgoing slots counted from their ranges; the finished moves as the test wrote them.
    #[test]
    fn the_slots_are_read_against_counts_and_crc16() {
        for p in settings() {
            let scene = Scene::new(&p);
            for (i, m) in scene.masters.iter().enumerate() {
                let held = scene.owners.iter().filter(|&&o| o == i).count() as f64;
                let line = legend_line(m);
                let (_, count) = line.split_once(" · ").unwrap();
                assert_numbers(count, &[held]);
            }
            let keys: Vec<&str> = p
                .keys_text()
                .lines()
                .filter(|k| !k.trim().is_empty())
                .collect();
            for (i, k) in scene.keys.iter().enumerate() {
                let c = crc(keys[i].trim());
                let slot = c & 0x3FFF;
                let first = scene.keys[..i].iter().position(|e| e.slot == slot);
                let mut expected = vec![f64::from(slot)];
                if let Some(j) = first {
                    expected.push(j as f64 + 1.0);
                }
                assert_numbers(&slot_cell(k), &expected);
                let answer = keyslot_answer(k);
                assert!(answer.starts_with(&format!(" answers {slot}:")), "{answer}");
                assert!(answer.contains(&format!("0x{c:04X} (")), "{answer}");
                let between = answer
                    .split(" (")
                    .nth(1)
                    .unwrap()
                    .split(')')
                    .next()
                    .unwrap();
                assert_numbers(between, &[f64::from(c)]);
            }
            for o in &scene.outgoing {
                let slots: u32 = o.ranges.iter().map(|&(a, b)| u32::from(b - a) + 1).sum();
                let mut expected: Vec<f64> = Vec::new();
                for &(a, b) in &o.ranges {
                    expected.push(f64::from(a));
                    if b != a {
                        expected.push(f64::from(b));
                    }
                }
                expected.push(f64::from(slots));
                assert_numbers(&outgoing_line(o), &expected);
            }
        }
        assert_eq!(finished_earlier(&settings()[0]), None);
        assert_eq!(
            finished_earlier(&settings()[1]).unwrap(),
            "Finished earlier: 1280-1535 to C; 9000 to A."
        );
        let read: Vec<f64> = numbers(&finished_earlier(&settings()[1]).unwrap())
            .iter()
            .map(|r| r.value)
            .collect();
        assert_eq!(read, [1280.0, 1535.0, 9000.0]);
    }
}
