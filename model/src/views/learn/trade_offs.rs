//! Step 12 ("Trade-offs"): the table of schemes on one join, its heading and the sentence
//! above it; what each scheme moves, from the core.

use ringlab_core::analysis::theory::{modulo_moved, ring_moved};
use ringlab_core::schemes::maglev::DEFAULT_TABLE_SIZE;
use ringlab_core::schemes::redis::SLOT_COUNT;

use super::figures::maglev_moved;
use crate::format::{grouped, percent};
use crate::views::compare::schemes::Compared;

/// One scheme's row.
#[derive(Debug, Clone, PartialEq)]
pub struct Row {
    pub name: &'static str,
    /// What it moves on the join.
    pub moved: String,
    pub lookup: &'static str,
    pub memory: String,
    pub when: &'static str,
}

/// Above the table: the join every row is read on, `servers` to one more.
pub fn intro(servers: usize) -> String {
    format!(
        "Each scheme buys something and pays for it. Here they are on the same {servers} to \
         {} join.",
        servers + 1
    )
}

/// The heading of the column of what moves.
pub fn moved_heading(servers: usize) -> String {
    format!("Moved, {servers} → {}", servers + 1)
}

/// The rows, each scheme on `servers` to one more.
pub fn rows(servers: usize) -> Vec<Row> {
    let (n, m) = (servers, servers + 1);
    let ring = percent(ring_moved(n, m).value());
    let row = |name, moved: String, lookup, memory: String, when| Row {
        name,
        moved,
        lookup,
        memory,
        when,
    };
    vec![
        row(
            "Modulo",
            percent(modulo_moved(n, m).value()),
            "One division",
            "Nothing".into(),
            Compared::Modulo.pick_when(),
        ),
        row(
            "Ring with virtual nodes",
            ring.clone(),
            "A binary search",
            "N × V points".into(),
            Compared::Ring.pick_when(),
        ),
        row(
            "Rendezvous",
            ring.clone(),
            "N hashes per key",
            "Nothing".into(),
            Compared::Rendezvous.pick_when(),
        ),
        row(
            "Jump",
            ring,
            "About ln N steps",
            "Nothing".into(),
            Compared::Jump.pick_when(),
        ),
        row(
            "Maglev",
            percent(maglev_moved(n, m)),
            "One array read",
            format!("M slots ({})", grouped(DEFAULT_TABLE_SIZE)),
            Compared::Maglev.pick_when(),
        ),
        row(
            "Redis slots",
            "the slots you move".into(),
            "One array read",
            format!("{} slots", grouped(SLOT_COUNT as u64)),
            Compared::Slots.pick_when(),
        ),
        row(
            "Ring with bounded loads",
            "the ring's, plus keys pushed on".into(),
            "A walk past full servers",
            "The ring, plus each server's load".into(),
            "requests, not stored data, are placed, and no server may go past (1 + ε) times the mean.",
        ),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_numbers::assert_numbers;
    use ringlab_core::numbered_servers;
    use ringlab_core::schemes::maglev::Maglev;

    /// Maglev's slots that change from `n` to `n + 1` backends s0, s1, ..., counted on
    /// the core's tables, and the table's length.
    fn maglev_changed(n: usize) -> (f64, usize) {
        let table = |k: usize| {
            Maglev::new(numbered_servers("s", k), DEFAULT_TABLE_SIZE)
                .unwrap()
                .table()
                .to_vec()
        };
        let (a, b) = (table(n), table(n + 1));
        let changed = a.iter().zip(&b).filter(|(x, y)| x != y).count();
        (changed as f64 / a.len() as f64, a.len())
    }

    /// Written out: modulo keeps 1 in n + 1 (gcd 1), the ring, rendezvous and jump move
    /// the newcomer's 1/(n + 1); Maglev counted; the memory read off the core's sizes.
    #[test]
    fn the_rows_read_the_formulas_and_the_counted_slots() {
        for n in [8usize, 4] {
            let nf = n as f64;
            assert_numbers(&intro(n), &[nf, nf + 1.0]);
            assert_numbers(&moved_heading(n), &[nf, nf + 1.0]);
            let rows = rows(n);
            let moved: Vec<&str> = rows.iter().map(|r| r.moved.as_str()).collect();
            assert_numbers(moved[0], &[nf / (nf + 1.0)]);
            for ring_like in &moved[1..4] {
                assert_numbers(ring_like, &[1.0 / (nf + 1.0)]);
            }
            let (maglev, slots) = maglev_changed(n);
            assert_numbers(moved[4], &[maglev]);
            assert_numbers(&rows[4].memory, &[slots as f64]);
            assert_numbers(&rows[5].memory, &[f64::from(1u32 << 14)]);
            // Every other cell holds no figure but the bound's 1.
            for row in &rows {
                assert_numbers(row.lookup, &[]);
            }
            assert_numbers(rows[6].when, &[1.0]);
            assert_eq!(rows.len(), 7);
        }
        assert_eq!(moved_heading(8), "Moved, 8 → 9");
    }
}
