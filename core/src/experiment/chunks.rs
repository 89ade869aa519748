//! A run cut into chunks that can go to different workers and come back in any order.
//!
//! [`chunks`] cuts every setting's rings into contiguous ranges of about the same work;
//! [`Assembly`] takes each chunk's outcomes as they arrive and makes a setting's row, from
//! its outcomes in ring order, once all its chunks are in. Each ring depends only on its
//! coordinates, so the rows are exactly those of [`run_sequential`](super::run_sequential)
//! whatever the number of workers and the order they finish in.
//!
//! ```
//! use ringlab_core::experiment::{chunks, run_sequential, Assembly, Busiest, Method, Placement, Scratch, Setting, Trial};
//! let trial = Busiest { seed: 1, method: Method::Ring, placement: Placement::Uniform };
//! let settings = [Setting { servers: 10, points: 8, rings: 50 }];
//! let pieces = chunks(&trial, &settings, 2_000);
//! assert!(pieces.len() > 1);
//! let mut assembly = Assembly::new(&trial, &settings, pieces.clone());
//! let mut scratch = Scratch::default();
//! for (i, chunk) in pieces.iter().enumerate().rev() {
//!     let outcomes = chunk.rings.clone().map(|r| trial.outcome(&settings[chunk.setting], r, &mut scratch)).collect();
//!     assembly.put(i, outcomes);
//! }
//! assert_eq!(assembly.into_rows(), Some(run_sequential(&trial, &settings, None).unwrap()));
//! ```

use std::ops::Range;

use super::{Progress, Setting, Trial};

/// Rings `rings` of the setting at index `setting`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Chunk {
    pub setting: usize,
    pub rings: Range<u32>,
}

/// Every setting's rings, in order, cut into ranges of about `work` (in [`Trial::work`]
/// units) and at least one ring each. A setting with no rings has no chunk.
pub fn chunks<T: Trial>(trial: &T, settings: &[Setting], work: u64) -> Vec<Chunk> {
    let mut out = Vec::new();
    for (index, setting) in settings.iter().enumerate() {
        let per_ring = trial.work(setting).max(1);
        let step = u32::try_from((work / per_ring).max(1)).unwrap_or(u32::MAX);
        let mut from = 0u32;
        while from < setting.rings {
            let to = from.saturating_add(step).min(setting.rings);
            out.push(Chunk {
                setting: index,
                rings: from..to,
            });
            from = to;
        }
    }
    out
}

/// What [`Assembly::put`] did with a chunk.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Put {
    /// Taken; its setting still waits for other chunks.
    Taken,
    /// Taken, and it completed the row of this setting.
    Row(usize),
    /// Not taken: given twice, unknown, or the wrong number of outcomes.
    Refused,
}

/// Chunks' outcomes put back in order; see the [module](self).
pub struct Assembly<T: Trial> {
    trial: T,
    settings: Vec<Setting>,
    chunks: Vec<Chunk>,
    parts: Vec<Option<Vec<T::Outcome>>>,
    /// Which chunks are in (a part is taken once its setting's row is made).
    arrived: Vec<bool>,
    /// Chunks still missing, per setting.
    missing: Vec<usize>,
    rows: Vec<Option<T::Row>>,
    progress: Progress,
}

impl<T: Trial> Assembly<T> {
    /// An assembly waiting for every one of `chunks` (as [`chunks`] made them for
    /// `settings`). Settings with no rings have their row at once.
    pub fn new(trial: T, settings: &[Setting], chunks: Vec<Chunk>) -> Self {
        let mut missing = vec![0; settings.len()];
        let mut progress = Progress::default();
        for chunk in &chunks {
            if let Some(m) = missing.get_mut(chunk.setting) {
                *m += 1;
            }
        }
        for setting in settings {
            progress.total += u64::from(setting.rings);
            progress.work_total = progress
                .work_total
                .saturating_add(trial.work(setting).saturating_mul(u64::from(setting.rings)));
        }
        let rows = settings
            .iter()
            .zip(&missing)
            .map(|(setting, &m)| (m == 0).then(|| trial.row(setting, &[])))
            .collect();
        Assembly {
            parts: (0..chunks.len()).map(|_| None).collect(),
            arrived: vec![false; chunks.len()],
            trial,
            settings: settings.to_vec(),
            chunks,
            missing,
            rows,
            progress,
        }
    }

    /// Takes chunk `index`'s outcomes, in ring order. A chunk given twice, an unknown
    /// chunk or the wrong number of outcomes is [`Put::Refused`] and changes nothing.
    pub fn put(&mut self, index: usize, outcomes: Vec<T::Outcome>) -> Put {
        let Some(chunk) = self.chunks.get(index) else {
            return Put::Refused;
        };
        let rings = chunk.rings.end - chunk.rings.start;
        if self.arrived[index] || outcomes.len() != rings as usize {
            return Put::Refused;
        }
        self.arrived[index] = true;
        let setting = chunk.setting;
        self.parts[index] = Some(outcomes);
        self.progress.done += u64::from(rings);
        self.progress.work_done = self.progress.work_done.saturating_add(
            self.trial
                .work(&self.settings[setting])
                .saturating_mul(u64::from(rings)),
        );
        self.missing[setting] -= 1;
        if self.missing[setting] > 0 {
            return Put::Taken;
        }
        let mut all = Vec::with_capacity(self.settings[setting].rings as usize);
        for (chunk, part) in self.chunks.iter().zip(self.parts.iter_mut()) {
            if chunk.setting == setting {
                all.extend(part.take().into_iter().flatten());
            }
        }
        self.rows[setting] = Some(self.trial.row(&self.settings[setting], &all));
        Put::Row(setting)
    }

    /// Setting `setting`'s row, once all its rings are in.
    pub fn row(&self, setting: usize) -> Option<&T::Row> {
        self.rows.get(setting).and_then(Option::as_ref)
    }

    /// How far the assembly has got, by rings and by work.
    pub fn progress(&self) -> Progress {
        self.progress
    }

    /// Every row, once every chunk is in.
    pub fn into_rows(self) -> Option<Vec<T::Row>> {
        self.rows.into_iter().collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::experiment::{run_sequential, BiggestCatcher, Busiest, Method, Placement, Scratch};
    use proptest::prelude::*;

    fn settings() -> Vec<Setting> {
        vec![
            Setting {
                servers: 10,
                points: 4,
                rings: 37,
            },
            Setting {
                servers: 5,
                points: 2,
                rings: 0,
            },
            Setting {
                servers: 20,
                points: 8,
                rings: 11,
            },
        ]
    }

    fn assembled<T: Trial + Copy>(
        trial: T,
        settings: &[Setting],
        work: u64,
        order: &[usize],
    ) -> Option<Vec<T::Row>>
    where
        T::Outcome: Clone,
    {
        let pieces = chunks(&trial, settings, work);
        let mut assembly = Assembly::new(trial, settings, pieces.clone());
        let mut scratch = Scratch::default();
        let mut seen = vec![false; pieces.len()];
        let order = order
            .iter()
            .map(|i| i % pieces.len().max(1))
            .chain(0..pieces.len());
        for i in order {
            if std::mem::replace(&mut seen[i], true) {
                continue;
            }
            let chunk = &pieces[i];
            let outcomes: Vec<_> = chunk
                .rings
                .clone()
                .map(|r| trial.outcome(&settings[chunk.setting], r, &mut scratch))
                .collect();
            assert_ne!(assembly.put(i, outcomes.clone()), Put::Refused);
            assert!(
                assembly.put(i, outcomes) == Put::Refused,
                "a chunk twice is refused"
            );
        }
        assert!(assembly.progress().is_finished());
        assert_eq!(assembly.progress().fraction(), 1.0);
        assembly.into_rows()
    }

    #[test]
    fn chunks_cover_every_ring_once_in_order() {
        let trial = Busiest {
            seed: 1,
            method: Method::Ring,
            placement: Placement::Uniform,
        };
        let pieces = chunks(&trial, &settings(), 100);
        let mut next = [0u32; 3];
        for chunk in &pieces {
            assert_eq!(chunk.rings.start, next[chunk.setting]);
            assert!(chunk.rings.end > chunk.rings.start);
            next[chunk.setting] = chunk.rings.end;
        }
        assert_eq!(next, [37, 0, 11]);
        // 40 points a ring, 100 work a chunk: two rings a chunk.
        assert_eq!(pieces[0].rings, 0..2);
    }

    #[test]
    fn a_wrong_chunk_is_refused() {
        let trial = Busiest {
            seed: 1,
            method: Method::Gamma,
            placement: Placement::Uniform,
        };
        let s = settings();
        let pieces = chunks(&trial, &s, 1_000_000);
        let mut assembly = Assembly::new(trial, &s, pieces);
        assert_eq!(assembly.put(99, vec![]), Put::Refused);
        assert_eq!(assembly.put(0, vec![]), Put::Refused);
        assert!(assembly.row(1).is_some(), "no rings: its row at once");
        assert!(assembly.row(0).is_none());
        assert!(assembly.into_rows().is_none());
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(24))]
        #[test]
        fn any_order_and_size_gives_the_sequential_rows(
            work in 1u64..2_000,
            order in proptest::collection::vec(0usize..64, 0..64),
            seed in 0u64..1000,
        ) {
            let s = settings();
            for method in [Method::Ring, Method::Gamma] {
                let trial = Busiest { seed, method, placement: Placement::Uniform };
                let expected = run_sequential(&trial, &s, None).unwrap();
                prop_assert_eq!(format!("{:?}", assembled(trial, &s, work, &order)), format!("{:?}", Some(expected)));
            }
            let trial = BiggestCatcher { seed, placement: Placement::HashedNames };
            let expected = run_sequential(&trial, &s, None).unwrap();
            prop_assert_eq!(format!("{:?}", assembled(trial, &s, work, &order)), format!("{:?}", Some(expected)));
        }
    }
}
