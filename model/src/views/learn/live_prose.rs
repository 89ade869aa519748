//! Step 4 ("The same thing, live"): its sentences with figures, the preset's size and
//! what adding a server to it moves, against the newcomer's fair share.

use ringlab_core::analysis::theory::join_moved;

use super::figures::RingPreset;
use crate::format::percent;
use crate::naming::list_names;

/// The preset's servers and keys.
pub fn intro(preset: &RingPreset) -> String {
    format!(
        "Now the real thing: {} servers and {} keys, placed by 64-bit hashes of their names.",
        preset.servers, preset.keys
    )
}

/// What "Add server" moves on the preset, against the newcomer's fair share; `None` if
/// the preset cannot be placed.
pub fn join(preset: &RingPreset) -> Option<String> {
    let join = preset.join()?;
    Some(format!(
        "{} lands on one arc and takes the keys on it: here {} of the {} keys ({}), all from \
         {}. Its fair share would be {}. With one point per server, a newcomer takes whatever \
         its arc happens to hold; the next step evens that out.",
        join.name,
        join.moved,
        join.keys,
        percent(join.moved as f64 / join.keys.max(1) as f64),
        list_names(&join.from),
        percent(join_moved(preset.servers))
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_numbers::assert_numbers;
    use crate::urlkit::parse_query;
    use crate::views::learn::steps::LIVE_RING;
    use crate::views::ring::state::{Action, PlaygroundState};
    use crate::Reducer;

    /// The preset as the playground's query writes it.
    fn playground(preset: &RingPreset) -> PlaygroundState {
        let query = format!(
            "servers={}&vnodes={}&keys={}&seed={}",
            preset.servers, preset.vnodes, preset.keys, preset.seed
        );
        PlaygroundState::from_query(&parse_query(&query))
    }

    /// Read against the playground's own "Add server": the keys it moves, counted, and
    /// the servers they came from; the fair share is 1/(N+1).
    #[test]
    fn the_join_reads_what_the_playground_moves() {
        let other = RingPreset {
            servers: 6,
            keys: 40,
            seed: 3,
            ..LIVE_RING
        };
        for preset in [LIVE_RING, other] {
            let n = preset.servers as f64;
            assert_numbers(&intro(&preset), &[n, preset.keys as f64, 64.0]);
            let mut state = playground(&preset);
            state.apply(Action::AddServer(None));
            let change = state.change.as_ref().expect("a join");
            let moved = change.movement.moved.len() as f64;
            let keys = change.movement.keys as f64;
            assert_eq!(keys, preset.keys as f64);
            let text = join(&preset).unwrap();
            assert_numbers(&text, &[moved, keys, moved / keys, 1.0 / (n + 1.0)]);
            let newcomer = &state.params.servers.last().unwrap().name;
            assert!(text.starts_with(&format!("{newcomer} lands")), "{text}");
            let mut from: Vec<&str> = change
                .movement
                .moved
                .iter()
                .filter_map(|m| m.from.as_deref())
                .collect();
            from.sort();
            from.dedup();
            for name in &from {
                assert!(text.contains(&format!(" {name}")), "{name} in {text}");
            }
            if from.len() == 1 {
                assert!(text.contains(&format!("all from {}.", from[0])), "{text}");
            }
        }
    }
}
