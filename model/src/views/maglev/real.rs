//! The big table at a system's own size: each backend's share of the slots, against the
//! ideal, and the slots one change moves, against the least it could move.

use ringlab_core::schemes::maglev::{key_hash, slot_counts};
use ringlab_core::schemes::maglev_systems::MaglevSystem;

use super::params::{Change, MaglevParams};
use crate::format::{grouped, grouped_decimal};

/// The table before and after the change, and what they say.
#[derive(Debug, Clone, PartialEq)]
pub struct Real {
    pub system: MaglevSystem,
    pub table: u64,
    /// The backends before the change.
    pub names: Vec<String>,
    /// Each slot's backend before the change (an index into `names`).
    pub before: Vec<usize>,
    /// Slots held by each backend before the change.
    pub slots: Vec<usize>,
    /// Slots held after the change, by the same names (a joiner's last).
    pub slots_after: Vec<usize>,
    pub change: Change,
    /// The backend that left or joined.
    pub changed: String,
    /// Slots whose backend differs after the change.
    pub moved: usize,
    /// The least a change can move: the leaver's slots, or the joiner's.
    pub necessary: usize,
}

impl Real {
    /// The tables of `params`, or the system's reason for refusing them.
    pub fn of(params: &MaglevParams) -> Result<Real, String> {
        let system = params.system;
        let names = params.names(params.n);
        let list = |names: &[String]| -> Vec<(String, u64)> {
            names.iter().map(|n| (n.clone(), 1)).collect()
        };
        let before = system
            .table(&list(&names), params.table)
            .map_err(|e| e.to_string())?;
        let (after_names, changed) = match params.change {
            Change::Leave => {
                let gone = (params.gone as usize).clamp(1, names.len()) - 1;
                let mut kept = names.clone();
                let changed = kept.remove(gone);
                (kept, changed)
            }
            Change::Join => {
                let all = params.names(params.n + 1);
                let changed = all[all.len() - 1].clone();
                (all, changed)
            }
        };
        let after = system
            .table(&list(&after_names), params.table)
            .map_err(|e| e.to_string())?;
        // Both tables as names, to compare slot by slot.
        let moved = before
            .iter()
            .zip(&after)
            .filter(|(&b, &a)| names[b] != after_names[a])
            .count();
        let slots = slot_counts(&before, names.len());
        let after_counts = slot_counts(&after, after_names.len());
        let slots_after = names
            .iter()
            .chain(std::iter::once(&changed).filter(|_| params.change == Change::Join))
            .map(|name| {
                after_names
                    .iter()
                    .position(|n| n == name)
                    .map_or(0, |i| after_counts[i])
            })
            .collect();
        let necessary = match params.change {
            Change::Leave => {
                let gone = names.iter().position(|n| *n == changed).unwrap_or(0);
                slots[gone]
            }
            Change::Join => after_counts[after_counts.len() - 1],
        };
        Ok(Real {
            system,
            table: params.table,
            names,
            before,
            slots,
            slots_after,
            change: params.change,
            changed,
            moved,
            necessary,
        })
    }

    /// M / N: each backend's fair share of slots.
    pub fn ideal(&self) -> f64 {
        self.table as f64 / self.names.len() as f64
    }

    /// The fewest and the most slots a backend holds.
    pub fn range(&self) -> (usize, usize) {
        let min = self.slots.iter().copied().min().unwrap_or(0);
        let max = self.slots.iter().copied().max().unwrap_or(0);
        (min, max)
    }

    /// The balance, in words.
    pub fn balance(&self) -> String {
        let (min, max) = self.range();
        format!(
            "Each of the {} backends holds {} to {} of the {} slots; the fair share is {}. \
             The most loaded holds {:.3} times the fair share.",
            self.names.len(),
            grouped(min as u64),
            grouped(max as u64),
            grouped(self.table),
            grouped_decimal(self.ideal(), 1),
            max as f64 / self.ideal()
        )
    }

    /// The change, in words: slots moved against the least possible.
    pub fn movement(&self) -> String {
        let extra = self.moved.saturating_sub(self.necessary);
        let what = match self.change {
            Change::Leave => format!("{} leaves", self.changed),
            Change::Join => format!("{} joins", self.changed),
        };
        let least = match self.change {
            Change::Leave => "its own slots",
            Change::Join => "the slots it takes",
        };
        format!(
            "{what}: {} of {} slots change backend ({:.3}%). The least possible is {least}, {}; \
             {} more moved between backends that stayed.",
            grouped(self.moved as u64),
            grouped(self.table),
            100.0 * self.moved as f64 / self.table as f64,
            grouped(self.necessary as u64),
            grouped(extra as u64)
        )
    }
}

/// A key's lookup in Envoy's table: its XXH64 hash, its slot, its backend's index.
/// Cilium and katran hash a packet's addresses and ports, and go-maglev a number its
/// caller hashed, not a text key: `None`.
pub fn lookup(params: &MaglevParams, real: &Real) -> Option<(u64, u64, usize)> {
    if real.system != MaglevSystem::Envoy {
        return None;
    }
    let hash = key_hash(params.key().as_bytes());
    let slot = hash % real.table;
    Some((hash, slot, *real.before.get(slot as usize)?))
}

/// Where a key goes when its own backend leaves: its slot, the backend it is on now and
/// the one that holds the slot in the table rebuilt without it. `None` for systems that
/// hash packets, not keys, and for a single backend (nothing is left to go to).
pub fn key_after_its_backend_leaves(
    params: &MaglevParams,
    real: &Real,
) -> Option<(u64, String, String)> {
    let (_, slot, owner) = lookup(params, real)?;
    let mut kept = real.names.clone();
    let gone = kept.remove(owner);
    if kept.is_empty() {
        return None;
    }
    let list: Vec<(String, u64)> = kept.iter().map(|n| (n.clone(), 1)).collect();
    let after = real.system.table(&list, real.table).ok()?;
    let next = kept.get(*after.get(slot as usize)?)?.clone();
    Some((slot, gone, next))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::views::maglev::params::MaglevParams;
    use ringlab_core::schemes::maglev::Maglev;
    use ringlab_core::Server;

    #[test]
    fn envoys_default_table_balances_and_moves_little_more_than_it_must() {
        let params = MaglevParams::default();
        let real = Real::of(&params).unwrap();
        assert_eq!(real.slots.iter().sum::<usize>(), 65_537);
        let (min, max) = real.range();
        assert!(min >= 6_553 && max <= 6_554, "{min}..{max}");
        assert_eq!(real.changed, "10.0.0.1:80");
        assert_eq!(real.necessary, real.slots[0]);
        assert!(real.moved >= real.necessary);
        assert!(real.moved < real.necessary * 2, "{} moved", real.moved);
        assert_eq!(real.slots_after[0], 0);
        assert_eq!(real.slots_after.iter().sum::<usize>(), 65_537);
        assert!(real.movement().starts_with("10.0.0.1:80 leaves: "));
        // The lookup is Envoy's: the same table as the core's Maglev, the same slot.
        let servers = params.names(10).into_iter().map(Server::new).collect();
        let maglev = Maglev::new(servers, 65_537).unwrap();
        assert_eq!(real.before, maglev.table());
        let (_, slot, owner) = lookup(&params, &real).unwrap();
        assert_eq!(slot as usize, maglev.slot(b"user:42"));
        assert_eq!(owner, maglev.table()[slot as usize]);
    }

    /// The balance sentence, read against counts made here: the backends, the fewest and
    /// most slots held, the table, the fair share 65,537 / 10 (grouped like the counts
    /// beside it, "6,553.7") and the most loaded over it.
    #[test]
    fn the_balance_reads_the_slots_counted() {
        let real = Real::of(&MaglevParams::default()).unwrap();
        let text = real.balance();
        let counts: Vec<usize> = (0..10)
            .map(|b| real.before.iter().filter(|&&o| o == b).count())
            .collect();
        let (min, max) = (
            *counts.iter().min().unwrap() as f64,
            *counts.iter().max().unwrap() as f64,
        );
        let fair = 65_537.0 / 10.0;
        crate::test_numbers::assert_numbers(&text, &[10.0, min, max, 65_537.0, fair, max / fair]);
        assert!(text.contains("the fair share is 6,553.7."), "{text}");
    }

    #[test]
    fn every_system_builds_and_a_join_takes_about_its_share() {
        for system in MaglevSystem::ALL {
            let params = MaglevParams {
                system,
                table: system.default_table_size(),
                change: Change::Join,
                ..MaglevParams::default()
            };
            let real = Real::of(&params).unwrap();
            assert_eq!(real.slots_after.len(), 11);
            assert_eq!(real.necessary, real.slots_after[10]);
            let share = real.necessary as f64 / real.table as f64;
            assert!((share - 1.0 / 11.0).abs() < 0.01, "{system:?} {share}");
            assert_eq!(
                lookup(&params, &real).is_some(),
                system == MaglevSystem::Envoy
            );
        }
    }
}
