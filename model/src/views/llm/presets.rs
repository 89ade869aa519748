//! The story, one link a step: round robin, then hashing one block and two, then bounded
//! loads and the cache-aware router, then a worker joining under modulo and under a ring.
//! Each sentence says what to look at; the numbers come from the replay, in the page.

pub use crate::preset::Preset;

pub const PRESETS: &[Preset] = &[
    Preset {
        name: "1. Round robin",
        says: "Each worker takes the next request in turn. The load is as even as it gets, but a conversation's next turn lands on a worker that has never seen its history, so little of its prompt is found cached.",
        query: "router=round-robin",
    },
    Preset {
        name: "2. Hash the first block",
        says: "Every request of this trace starts with the same block, a shared system prompt. Hash that block alone and every request goes to one worker: watch it take them all while the others idle.",
        query: "router=ring&k=1",
    },
    Preset {
        name: "3. Hash two blocks",
        says: "The second block tells the conversations apart. Hash two blocks and they spread over the ring, and each comes back to the worker that holds its history.",
        query: "router=ring&k=2",
    },
    Preset {
        name: "4. Bound the load",
        says: "Bounded loads walk a request on, clockwise, past any worker already running more than c times the mean. Even the hash of the first block alone now spreads over every worker. The price: a request walked on lands where its history is not, so less is found cached than with no bound.",
        query: "router=ring-bounded&k=1",
    },
    Preset {
        name: "5. Cache-aware",
        says: "SGLang's cache-aware router sends a request to the worker holding the longest part of its prompt, unless the loads have drifted apart; then it sends it to the least loaded.",
        query: "router=cache-aware",
    },
    Preset {
        name: "6. A worker joins: modulo",
        says: "Halfway through, a ninth worker joins. Modulo renumbers the workers of almost every prefix, so the caches miss until they refill.",
        query: "router=modulo&k=2&change=join",
    },
    Preset {
        name: "7. A worker joins: ring",
        says: "The same join on a ring: only the prefixes the newcomer takes over move, and the rest keep finding their history.",
        query: "router=ring&k=2&change=join",
    },
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::urlkit::parse_query;
    use crate::view_state::ViewState;
    use crate::views::llm::params::LlmParams;

    /// Each preset reads with no note, and no two are the same state.
    #[test]
    fn every_preset_reads_cleanly_and_once() {
        let states: Vec<LlmParams> = PRESETS
            .iter()
            .map(|preset| {
                let (p, notes) = LlmParams::from_query(&parse_query(preset.query));
                assert!(notes.is_empty(), "{}: {notes:?}", preset.name);
                p
            })
            .collect();
        for (i, a) in states.iter().enumerate() {
            assert!(!states[i + 1..].contains(a), "{} repeats", PRESETS[i].name);
        }
        // The first preset is the view's default.
        assert_eq!(states[0], LlmParams::default());
    }
}
