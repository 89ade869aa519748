//! The comparison cut into ranges of keys for Web Workers: what a worker is asked
//! ([`KeysChunk`], one line of text) and how it answers (a [`Tally`] as plain numbers).
//! The page adds the answers up; the sums are the same whatever the number of workers or
//! the order they answer in.

use std::ops::Range;

use super::params::CompareParams;
use super::run::{Comparison, Tally};
use crate::urlkit::{parse_query, write_query};
use crate::view_state::ViewState;

/// The first word of a chunk's line.
const WORD: &str = "compare";

/// Keys `keys` of the comparison `params`.
#[derive(Debug, Clone, PartialEq)]
pub struct KeysChunk {
    pub params: CompareParams,
    pub keys: Range<u64>,
}

impl KeysChunk {
    /// The comparison's keys in `pieces` ranges of about equal size, in key order (fewer
    /// when there are fewer keys).
    pub fn plan(params: &CompareParams, pieces: u64) -> Vec<KeysChunk> {
        let size = params.keys.div_ceil(pieces.max(1)).max(1);
        (0..params.keys)
            .step_by(size as usize)
            .map(|from| KeysChunk {
                params: params.clone(),
                keys: from..(from + size).min(params.keys),
            })
            .collect()
    }

    /// One line: `compare 0 50000 servers=1000&keys=100000&...`.
    pub fn to_text(&self) -> String {
        let query = self.params.to_query();
        let query = write_query(query.iter().map(|(k, v)| (k.as_str(), v.as_str())));
        format!("{WORD} {} {} {query}", self.keys.start, self.keys.end)
    }

    /// The chunk a line describes; `None` for anything else, including parameters the
    /// page would have noted and repaired (a worker runs only what the page showed).
    pub fn from_text(text: &str) -> Option<KeysChunk> {
        let mut words = text.split(' ');
        if words.next()? != WORD {
            return None;
        }
        let from = words.next()?.parse::<u64>().ok()?;
        let to = words.next()?.parse::<u64>().ok()?;
        let (params, notes) = CompareParams::from_query(&parse_query(words.next()?));
        let fits = words.next().is_none() && notes.is_empty() && from <= to && to <= params.keys;
        fits.then_some(KeysChunk {
            params,
            keys: from..to,
        })
    }

    /// Places the chunk's keys and answers with their tally ([`Tally::to_values`]).
    /// `built` keeps the schemes from one chunk to the next of the same comparison; a
    /// scheme that cannot be built is the error.
    pub fn run(&self, built: &mut Option<Comparison>) -> Result<Vec<f64>, String> {
        let comparison = match built {
            Some(c) if c.params == self.params => c,
            _ => built.insert(Comparison::new(&self.params)),
        };
        while !comparison.ready() {
            if comparison.step(0) {
                break;
            }
        }
        if let Some(why) = &comparison.failed {
            return Err(why.clone());
        }
        comparison.tally = Tally::new(&self.params);
        comparison.place(self.keys.clone());
        Ok(comparison.tally.to_values())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn small() -> CompareParams {
        CompareParams::small_for_tests()
    }

    /// A worker keeps the schemes it built for the next chunk of the same comparison; a
    /// chunk of another comparison builds its own, and answers as a fresh worker would.
    #[test]
    fn a_chunk_of_another_comparison_does_not_reuse_the_schemes() {
        let first = small();
        let other = CompareParams {
            servers: 13,
            ..small()
        };
        let chunk = |params: &CompareParams| KeysChunk {
            params: params.clone(),
            keys: 0..1_000,
        };
        let mut kept = None;
        let a = chunk(&first).run(&mut kept).unwrap();
        let b = chunk(&other).run(&mut kept).unwrap();
        assert_eq!(b, chunk(&other).run(&mut None).unwrap());
        assert_ne!(a, b);
        // And back: the first comparison's answer again, from schemes built anew.
        assert_eq!(chunk(&first).run(&mut kept).unwrap(), a);
    }

    #[test]
    fn a_chunk_round_trips_as_text_and_bad_lines_are_refused() {
        let chunk = KeysChunk {
            params: small(),
            keys: 10..2_000,
        };
        let text = chunk.to_text();
        assert!(
            text.starts_with("compare 10 2000 servers=12&keys=5003&"),
            "{text}"
        );
        assert_eq!(KeysChunk::from_text(&text), Some(chunk));
        for bad in [
            "",
            "compare",
            "compare 1 2",
            "busiest-ring 1 100 160 0 200",
            "compare 5 2 servers=12&keys=5003",
            "compare 0 9000 servers=12&keys=5003",
            "compare 0 10 servers=1&keys=5003",
            "compare 0 10 servers=12&keys=5003&schemes=chord",
            "compare 0 10 servers=12 extra",
        ] {
            assert_eq!(KeysChunk::from_text(bad), None, "{bad:?}");
        }
    }

    /// Chunks placed in any order, some by one worker and some by another, add up to the
    /// comparison placed in one go, count for count.
    #[test]
    fn chunks_add_up_to_the_whole_comparison() {
        let params = small();
        let mut whole = Comparison::new(&params);
        while !whole.step(1_000) {}
        for pieces in [1, 3, 7] {
            let mut chunks = KeysChunk::plan(&params, pieces);
            assert_eq!(chunks.first().unwrap().keys.start, 0);
            assert_eq!(chunks.last().unwrap().keys.end, params.keys);
            assert!(chunks.windows(2).all(|w| w[0].keys.end == w[1].keys.start));
            chunks.reverse();
            let (mut one, mut two) = (None, None);
            let mut tally = Tally::new(&params);
            for (i, chunk) in chunks.iter().enumerate() {
                let worker = if i % 2 == 0 { &mut one } else { &mut two };
                assert!(tally.add_values(&chunk.run(worker).unwrap()));
            }
            assert_eq!(tally, whole.tally, "{pieces} pieces");
            assert_eq!(tally.outcomes(&params), whole.outcomes());
        }
        let mut tally = Tally::new(&params);
        assert!(!tally.add_values(&[1.0, 2.0]));
        assert!(!tally.add_values(&vec![0.5; whole.tally.to_values().len()]));
        assert_eq!(tally, Tally::new(&params));
        assert!(tally.outcomes(&params).is_empty());
    }

    /// For many key counts and worker counts, the ranges cover every key exactly once,
    /// the last one included, in at most as many ranges as asked, none empty; and each
    /// range's line reads back as itself.
    #[test]
    fn the_ranges_cover_every_key_exactly_once() {
        for keys in [
            1_000, 1_001, 1_023, 1_999, 5_003, 7_919, 10_000, 65_537, 1_000_000,
        ] {
            let params = CompareParams { keys, ..small() };
            for pieces in [0, 1, 2, 3, 4, 7, 8, 16, 63, 999, 1_000, 1_001, 5_000] {
                let chunks = KeysChunk::plan(&params, pieces);
                let what = format!("{keys} keys in {pieces} pieces");
                assert!(chunks.len() as u64 <= pieces.max(1), "{what}");
                let mut seen = vec![0u8; keys as usize];
                for chunk in &chunks {
                    assert!(
                        chunk.keys.start < chunk.keys.end,
                        "{what}: {:?}",
                        chunk.keys
                    );
                    for key in chunk.keys.clone() {
                        seen[key as usize] += 1;
                    }
                    assert_eq!(KeysChunk::from_text(&chunk.to_text()).as_ref(), Some(chunk));
                }
                assert!(seen.iter().all(|&n| n == 1), "{what}");
                assert_eq!(chunks.last().map(|c| c.keys.end), Some(keys), "{what}");
            }
        }
    }
}
