//! Properties of the LLM routing engine (`ringlab_core::llm`): the prefix cache never
//! holds more than its capacity and always holds what it just touched; a replay is
//! deterministic, places every request on a worker the fleet has then (a join mid-trace
//! included), and reuses no block the trace shows for the first time.

use proptest::prelude::*;
use ringlab_core::llm::cache::PrefixCache;
use ringlab_core::llm::replay::{replay, Change, Event, Fleet};
use ringlab_core::llm::router::Router;
use ringlab_core::llm::trace::Request;

fn requests() -> impl Strategy<Value = Vec<Request>> {
    prop::collection::vec(
        (
            0u64..50,
            1u64..4_000,
            0u64..200,
            prop::collection::vec(0u64..40, 0..12),
        ),
        1..60,
    )
    .prop_map(|rows| {
        let mut t = 0;
        rows.into_iter()
            .enumerate()
            .map(|(i, (gap, input, output, blocks))| {
                t += gap;
                Request {
                    arrival_ms: t,
                    input_tokens: input,
                    output_tokens: output,
                    blocks,
                    session: Some(format!("s{}", i % 5)),
                }
            })
            .collect()
    })
}

fn routers() -> impl Strategy<Value = Router> {
    prop_oneof![
        Just(Router::RoundRobin),
        any::<u64>().prop_map(|seed| Router::Random { seed }),
        Just(Router::LeastLoaded),
        Just(Router::Modulo),
        (1u32..200).prop_map(|vnodes| Router::Ring { vnodes }),
        (1u32..200, 1.0f64..3.0).prop_map(|(vnodes, c)| Router::RingBounded { vnodes, c }),
        Just(Router::CacheAware),
        Just(Router::Session),
    ]
}

proptest! {
    #[test]
    fn the_cache_holds_at_most_its_capacity_and_what_it_just_touched(
        capacity in 1usize..30,
        touches in prop::collection::vec(prop::collection::vec(0u64..50, 0..20), 1..20),
    ) {
        let mut cache = PrefixCache::new(capacity);
        for blocks in &touches {
            cache.touch(blocks);
            prop_assert!(cache.len() <= capacity);
            let mut distinct = blocks.clone();
            distinct.sort_unstable();
            distinct.dedup();
            if distinct.len() <= capacity {
                // Touched last to first, every block of a request that fits stays.
                prop_assert_eq!(cache.cached_prefix(blocks), blocks.len());
            } else {
                // The first block is the last touched: it is always there.
                prop_assert!(cache.cached_prefix(blocks) >= 1);
            }
        }
    }

    #[test]
    fn a_replay_is_deterministic_and_reuses_no_first_sight(
        trace in requests(),
        router in routers(),
        workers in 1usize..6,
        cache_blocks in 1usize..50,
        k in 1usize..4,
        join in prop::option::of(0u64..500),
    ) {
        let mut fleet = Fleet { prefix_blocks: k, ..Fleet::new(workers, cache_blocks, router) };
        if let Some(at_ms) = join {
            fleet.events.push(Event { at_ms, change: Change::Join });
        }
        let out = replay(&trace, &fleet).unwrap();
        prop_assert_eq!(&out, &replay(&trace, &fleet).unwrap());
        prop_assert_eq!(out.placed.len(), trace.len());
        let mut seen = std::collections::HashSet::new();
        for (request, placed) in trace.iter().zip(&out.placed) {
            let before_join = join.is_none_or(|at| request.arrival_ms < at);
            prop_assert!(placed.worker < workers + usize::from(!before_join));
            prop_assert!(placed.cached <= request.blocks.len());
            // A block never seen before cannot be cached, so neither can any after it.
            if let Some(first_new) = request.blocks.iter().position(|b| !seen.contains(b)) {
                prop_assert!(placed.cached <= first_new);
            }
            seen.extend(request.blocks.iter().copied());
        }
        let requests: usize = out.workers.iter().map(|w| w.requests).sum();
        prop_assert_eq!(requests, trace.len());
        prop_assert!(out.prefill_tokens <= out.input_tokens);
    }

    #[test]
    fn round_robin_spreads_requests_within_one(trace in requests(), workers in 1usize..6) {
        let out = replay(&trace, &Fleet::new(workers, 10, Router::RoundRobin)).unwrap();
        let counts: Vec<usize> = out.workers.iter().map(|w| w.requests).collect();
        let (min, max) = (counts.iter().min().unwrap(), counts.iter().max().unwrap());
        prop_assert!(max - min <= 1, "{:?}", counts);
    }
}
