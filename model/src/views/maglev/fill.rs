//! The small table's story: each backend's permutation, the fill claim by claim, and what
//! one backend leaving changes. Every slot comes from `ringlab_core::schemes::maglev`.

use ringlab_core::schemes::maglev::{fill_trace, Claim, Preference};

use super::params::MaglevParams;

/// One backend's row: its permutation, with how far the fill has gone through it.
#[derive(Debug, Clone, PartialEq)]
pub struct Row {
    pub name: String,
    pub offset: u64,
    pub skip: u64,
    /// Its preference list: (offset + j * skip) mod M for j = 0 .. M - 1.
    pub permutation: Vec<u64>,
    /// What became of each preference so far (same order as `permutation`).
    pub marks: Vec<Mark>,
}

/// A preference, as far as the fill has gone.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mark {
    /// Not tried yet.
    Untried,
    /// Tried, but another backend already held it.
    Taken,
    /// Claimed by this backend.
    Claimed,
}

/// The fill after `shown` claims.
#[derive(Debug, Clone, PartialEq)]
pub struct Fill {
    pub m: u64,
    pub rows: Vec<Row>,
    /// Each slot's backend so far.
    pub table: Vec<Option<usize>>,
    pub claims: Vec<Claim>,
    /// How many claims are shown.
    pub shown: usize,
    /// The table once full.
    pub full: Vec<usize>,
}

/// The table with one backend gone, against the full one.
#[derive(Debug, Clone, PartialEq)]
pub struct Leave {
    /// The backend that left, by its index in the list before.
    pub gone: usize,
    /// The new table, as indices into the list before (so colours stay).
    pub table: Vec<usize>,
    /// Slots the leaver held: they had to change.
    pub forced: Vec<u64>,
    /// Slots that changed hands although their backend stayed.
    pub extra: Vec<u64>,
}

impl Fill {
    /// The fill of `params`' small table; `None` if the core refuses it (it cannot, after
    /// the params' repair).
    pub fn of(params: &MaglevParams) -> Option<Fill> {
        let m = params.m;
        let preferences: Vec<Preference> = params
            .backends
            .iter()
            .map(|b| Preference {
                offset: b.offset,
                skip: b.skip,
                weight: 1.0,
            })
            .collect();
        let (full, claims) = fill_trace(&preferences, m).ok()?;
        let shown = (params.shown_steps() as usize).min(claims.len());
        let mut table = vec![None; m as usize];
        let mut rows: Vec<Row> = params
            .backends
            .iter()
            .map(|b| Row {
                name: b.name.clone(),
                offset: b.offset,
                skip: b.skip,
                permutation: (0..m).map(|j| (b.offset + j * b.skip) % m).collect(),
                marks: vec![Mark::Untried; m as usize],
            })
            .collect();
        let mut tried = vec![0usize; rows.len()];
        for claim in &claims[..shown] {
            let row = &mut rows[claim.backend];
            for _ in &claim.taken {
                row.marks[tried[claim.backend]] = Mark::Taken;
                tried[claim.backend] += 1;
            }
            row.marks[tried[claim.backend]] = Mark::Claimed;
            tried[claim.backend] += 1;
            table[claim.slot as usize] = Some(claim.backend);
        }
        Some(Fill {
            m,
            rows,
            table,
            claims,
            shown,
            full,
        })
    }

    /// True when every slot is filled.
    pub fn done(&self) -> bool {
        self.shown == self.claims.len()
    }

    /// The claim shown last, if any.
    pub fn last(&self) -> Option<&Claim> {
        self.shown.checked_sub(1).map(|i| &self.claims[i])
    }

    /// The round of claim `i` (from 1): every backend takes one slot a round.
    pub fn round(&self, i: usize) -> usize {
        i / self.rows.len() + 1
    }

    /// What the last claim did, in words: "Round 2: B1 tries slot 0 (B2 has it), then 4
    /// (B3 has it), and takes 1."
    pub fn narration(&self) -> String {
        let Some(claim) = self.last() else {
            return format!(
                "An empty table of {} slots. The backends take turns: each claims the next \
                 free slot on its own list.",
                self.m
            );
        };
        let name = |b: usize| self.rows[b].name.as_str();
        let holder = |slot: u64| {
            self.claims[..self.shown]
                .iter()
                .find(|c| c.slot == slot)
                .map_or("", |c| name(c.backend))
        };
        let mut text = format!(
            "Round {}: {} ",
            self.round(self.shown - 1),
            name(claim.backend)
        );
        if claim.taken.is_empty() {
            text.push_str(&format!("takes slot {}, its next choice.", claim.slot));
        } else {
            let tries: Vec<String> = claim
                .taken
                .iter()
                .map(|&s| format!("{s} ({} has it)", holder(s)))
                .collect();
            text.push_str(&format!(
                "tries slot {}, and takes {}.",
                tries.join(", then "),
                claim.slot
            ));
        }
        if self.done() {
            text.push_str(" The table is full.");
        }
        text
    }

    /// The table once `gone` has left (the others keep their permutations).
    pub fn without(&self, params: &MaglevParams, gone: usize) -> Option<Leave> {
        let kept: Vec<usize> = (0..self.rows.len()).filter(|&b| b != gone).collect();
        let preferences: Vec<Preference> = kept
            .iter()
            .map(|&b| Preference {
                offset: params.backends[b].offset,
                skip: params.backends[b].skip,
                weight: 1.0,
            })
            .collect();
        let (after, _) = fill_trace(&preferences, self.m).ok()?;
        let table: Vec<usize> = after.iter().map(|&i| kept[i]).collect();
        let (mut forced, mut extra) = (Vec::new(), Vec::new());
        for slot in 0..self.m {
            let (before, now) = (self.full[slot as usize], table[slot as usize]);
            if before == gone {
                forced.push(slot);
            } else if before != now {
                extra.push(slot);
            }
        }
        Some(Leave {
            gone,
            table,
            forced,
            extra,
        })
    }
}

impl Leave {
    /// What the leave did, in words.
    pub fn summary(&self, fill: &Fill) -> String {
        let name = |b: usize| fill.rows[b].name.as_str();
        let gone = name(self.gone);
        let forced = match self.forced.len() {
            1 => "its 1 slot".to_string(),
            n => format!("its {n} slots"),
        };
        let extra = match self.extra[..] {
            [] => "No other slot changed: here the disruption was minimal.".to_string(),
            [slot] => format!(
                "One more slot changed hands although its backend stayed: slot {slot}, {} → {}. \
                 Maglev puts balance first; disruption is only almost minimal.",
                name(fill.full[slot as usize]),
                name(self.table[slot as usize])
            ),
            _ => format!(
                "{} more slots changed hands although their backends stayed ({}). Maglev puts \
                 balance first; disruption is only almost minimal.",
                self.extra.len(),
                self.extra
                    .iter()
                    .map(|s| s.to_string())
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        };
        format!("{gone} leaves: {forced} go to the others. {extra}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::views::maglev::params::ALL_STEPS;

    fn names(fill: &Fill, table: &[usize]) -> String {
        table
            .iter()
            .map(|&b| fill.rows[b].name.as_str())
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// The paper's figures (section 3.4, table 1): permutations, the full table, and the
    /// table after B2 leaves, with slot 6 the one extra change.
    #[test]
    fn the_papers_example() {
        let params = MaglevParams::default();
        let fill = Fill::of(&params).unwrap();
        assert_eq!(fill.rows[0].permutation, [3, 0, 4, 1, 5, 2, 6]);
        assert_eq!(fill.rows[1].permutation, [0, 2, 4, 6, 1, 3, 5]);
        assert_eq!(fill.rows[2].permutation, [3, 4, 5, 6, 0, 1, 2]);
        assert_eq!(names(&fill, &fill.full), "B2 B1 B2 B1 B3 B3 B1");
        assert!(fill.done());
        assert_eq!(
            fill.narration(),
            "Round 3: B1 tries slot 5 (B3 has it), then 2 (B2 has it), and takes 6. The table is full."
        );
        let leave = fill.without(&params, 1).unwrap();
        assert_eq!(names(&fill, &leave.table), "B1 B1 B1 B1 B3 B3 B3");
        assert_eq!(
            (leave.forced.clone(), leave.extra.clone()),
            (vec![0, 2], vec![6])
        );
        assert_eq!(
            leave.summary(&fill),
            "B2 leaves: its 2 slots go to the others. One more slot changed hands although its \
             backend stayed: slot 6, B1 → B3. Maglev puts balance first; disruption is only \
             almost minimal."
        );
    }

    #[test]
    fn the_fill_steps_through_its_claims() {
        let mut params = MaglevParams {
            step: 0,
            ..MaglevParams::default()
        };
        let fill = Fill::of(&params).unwrap();
        assert!(fill.table.iter().all(Option::is_none));
        assert!(fill.narration().starts_with("An empty table of 7 slots"));
        params.step = 3;
        let fill = Fill::of(&params).unwrap();
        assert_eq!(
            fill.table,
            [Some(1), None, None, Some(0), Some(2), None, None]
        );
        assert_eq!(
            fill.rows[2].marks[..3],
            [Mark::Taken, Mark::Claimed, Mark::Untried]
        );
        assert_eq!(
            fill.narration(),
            "Round 1: B3 tries slot 3 (B1 has it), and takes 4."
        );
        params.step = 1;
        assert_eq!(
            Fill::of(&params).unwrap().narration(),
            "Round 1: B1 takes slot 3, its next choice."
        );
        params.step = ALL_STEPS;
        params.m = 13;
        assert_eq!(Fill::of(&params).unwrap().shown, 13);
    }
}
