//! The jump view's URL state.
//!
//! `#/jump?n=10&keys=10000&remove=3` is the default: the walk of `photo42`
//! over ten buckets, then 10,000 keys for the counts, and bucket 3 removed. Bad values are
//! clamped or replaced, each with a note.

use crate::param_table::{Notes, Param};
use crate::view_state::ViewState;
use crate::{text_field, whole_field};

/// Buckets in the walk and the counts.
pub const BUCKETS: (u64, u64) = (1, 64);
/// Keys counted.
pub const KEYS: (u64, u64) = (100, 100_000);
/// The step that shows the whole walk, whatever n.
pub const ALL_STEPS: u64 = 64;
/// The key walked when none is typed.
pub const DEFAULT_KEY: &str = "photo42";
/// The longest key the link carries.
pub const KEY_CHARS: usize = 200;

#[derive(Debug, Clone, PartialEq)]
pub struct JumpParams {
    pub key: Option<String>,
    pub n: u64,
    /// How many jumps of the walk are shown ([`ALL_STEPS`]: all).
    pub step: u64,
    pub keys: u64,
    /// The bucket removed from the middle.
    pub remove: u64,
}

impl Default for JumpParams {
    fn default() -> Self {
        JumpParams {
            key: None,
            n: 10,
            step: ALL_STEPS,
            keys: 10_000,
            remove: 3,
        }
    }
}

impl JumpParams {
    /// The key walked.
    pub fn key(&self) -> &str {
        self.key.as_deref().unwrap_or(DEFAULT_KEY)
    }
}

impl ViewState for JumpParams {
    const PARAMS: &'static [Param<Self>] = &[
        Param::new("key", "the key walked", text_field!(KEY_CHARS, key)).unless_default(),
        Param::new("n", "buckets", whole_field!(BUCKETS, n)),
        Param::new(
            "step",
            "how many steps of the walk are shown (64: all)",
            whole_field!((0, ALL_STEPS), step),
        )
        .unless_default(),
        Param::new(
            "keys",
            "keys counted when buckets change",
            whole_field!(KEYS, keys),
        ),
        Param::new(
            "remove",
            "the bucket removed, from 0 (below n)",
            whole_field!((0, BUCKETS.1 - 1), remove),
        ),
    ];

    /// The removed bucket is one of the n.
    fn repair(&mut self, notes: &mut Notes) {
        if self.remove >= self.n {
            let used = self.n - 1;
            notes.push(format!(
                "remove: there are {} buckets, 0 to {used}: using {used}",
                self.n
            ));
            self.remove = used;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::urlkit::{parse_query, write_query};

    #[test]
    fn the_default_round_trips_and_bad_values_are_noted() {
        let (params, notes) = JumpParams::from_query(&parse_query("n=10&keys=10000&remove=3"));
        assert!(notes.is_empty(), "{notes:?}");
        assert_eq!(params, JumpParams::default());
        let q = params.to_query();
        assert_eq!(
            write_query(q.iter().map(|(k, v)| (k.as_str(), v.as_str()))),
            "n=10&keys=10000&remove=3"
        );
        let (params, notes) =
            JumpParams::from_query(&parse_query("n=0&keys=5&remove=99&step=x&key=abc"));
        assert_eq!((params.n, params.keys, params.remove), (1, 100, 0));
        assert_eq!(params.key(), "abc");
        assert_eq!(notes.len(), 5, "{notes:#?}");
    }
}
