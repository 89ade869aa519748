//! The LLM routing engine against an independent replay (Python, `llm-replay.py`): every
//! request of the Mooncake conversation trace under a ring on two blocks, 8 workers of
//! 20,000 blocks: its worker and its cached blocks.

#[cfg(target_arch = "wasm32")]
use wasm_bindgen_test::wasm_bindgen_test as test;

use super::Vectors;
use ringlab_core::llm::replay::{replay, Fleet};
use ringlab_core::llm::router::Router;
use ringlab_core::llm::trace::parse;

#[test]
fn every_request_goes_where_the_independent_replay_put_it() {
    let vectors = Vectors::parse(include_str!("../data/llm_conversation_ring2.tsv"));
    assert!(vectors.header.contains("router=ring K=2 vnodes=160"));
    let trace = parse(include_str!(
        "../../../data/mooncake/conversation_trace.jsonl"
    ))
    .unwrap();
    let fleet = Fleet {
        prefix_blocks: 2,
        ..Fleet::new(8, 20_000, Router::Ring { vnodes: 160 })
    };
    let out = replay(&trace, &fleet).unwrap();
    assert_eq!(vectors.rows.len(), trace.len());
    for (row, placed) in vectors.rows.iter().zip(&out.placed) {
        assert_eq!(
            format!("worker-{}", placed.worker),
            row[1],
            "request {}",
            row[0]
        );
        assert_eq!(placed.cached.to_string(), row[2], "request {}", row[0]);
    }
    assert_eq!(out.reused_blocks(), 105_650);
    assert_eq!(out.blocks, 288_500);
}
