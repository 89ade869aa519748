//! Figure 10: LLM requests of a real trace (the Mooncake conversation trace, one hour of
//! production chat) routed by a hash of their first K blocks, against K: the share of
//! prompt blocks found cached, and the busiest worker's requests over the mean.
//!
//! The replays need the trace (3 MB), which the page does not load: the rows ship with
//! it (`llm.tsv`), written natively by the same engine and held to a fresh replay by
//! model/tests/lab_shipped.rs; `ringlab experiment llm --trace FILE` prints them again.

use ringlab_core::llm::replay::{replay, Fleet};
use ringlab_core::llm::router::Router;
use ringlab_core::llm::trace::Request;

/// The fleet: 8 workers of 20,000 cached blocks each.
pub const LLM_WORKERS: usize = 8;
pub const LLM_CACHE_BLOCKS: usize = 20_000;
/// The ring's points per worker.
pub const LLM_VNODES: u32 = 160;
/// The prefix lengths tried, in blocks.
pub const LLM_KS: [usize; 6] = [1, 2, 3, 4, 6, 8];

/// The routers of figure 10.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LlmRouter {
    Ring,
    Modulo,
    RoundRobin,
    CacheAware,
}

impl LlmRouter {
    pub const ALL: [LlmRouter; 4] = [
        LlmRouter::Ring,
        LlmRouter::Modulo,
        LlmRouter::RoundRobin,
        LlmRouter::CacheAware,
    ];

    /// As `ringlab route --router` names it.
    pub fn name(self) -> &'static str {
        self.router().name()
    }

    /// The legend's words.
    pub fn label(self) -> &'static str {
        match self {
            LlmRouter::Ring => "ring on the first K blocks",
            LlmRouter::Modulo => "modulo on the first K blocks",
            LlmRouter::RoundRobin => "round robin",
            LlmRouter::CacheAware => "cache-aware (SGLang)",
        }
    }

    pub fn router(self) -> Router {
        match self {
            LlmRouter::Ring => Router::Ring { vnodes: LLM_VNODES },
            LlmRouter::Modulo => Router::Modulo,
            LlmRouter::RoundRobin => Router::RoundRobin,
            LlmRouter::CacheAware => Router::CacheAware,
        }
    }

    fn named(name: &str) -> Option<LlmRouter> {
        LlmRouter::ALL.into_iter().find(|r| r.name() == name)
    }
}

/// One replay: the router, K, blocks found cached of all blocks, and the busiest
/// worker's requests over the mean.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LlmRow {
    pub router: LlmRouter,
    pub k: usize,
    pub reused: u64,
    pub blocks: u64,
    pub busiest_over_mean: f64,
}

impl LlmRow {
    pub fn share(&self) -> f64 {
        self.reused as f64 / self.blocks.max(1) as f64
    }
}

/// The most any router could reuse: every block but each distinct one's first sight.
pub fn most_reusable(trace: &[Request]) -> (u64, u64) {
    let mut seen = std::collections::HashSet::new();
    let mut blocks = 0u64;
    for r in trace {
        blocks += r.blocks.len() as u64;
        seen.extend(r.blocks.iter().copied());
    }
    (blocks - seen.len() as u64, blocks)
}

/// Every row of figure 10 for `trace`. Round robin and cache-aware do not read K: each
/// is replayed once and drawn flat.
pub fn rows(trace: &[Request]) -> Vec<LlmRow> {
    let mut out = Vec::new();
    for router in LlmRouter::ALL {
        let mut once = None;
        for k in LLM_KS {
            let fleet = Fleet {
                prefix_blocks: k,
                ..Fleet::new(LLM_WORKERS, LLM_CACHE_BLOCKS, router.router())
            };
            let reads_k = router.router().hashes_prefix();
            let result = match (&once, reads_k) {
                (Some(r), false) => Some(*r),
                _ => replay(trace, &fleet)
                    .ok()
                    .map(|r| (r.reused_blocks(), r.blocks, r.busiest_over_mean())),
            };
            if !reads_k {
                once = result;
            }
            if let Some((reused, blocks, busiest_over_mean)) = result {
                out.push(LlmRow {
                    router,
                    k,
                    reused,
                    blocks,
                    busiest_over_mean,
                });
            }
        }
    }
    out
}

const SHIPPED: &str = include_str!("llm.tsv");

/// The file's text for `rows` and the most reusable blocks: one line per row.
pub fn file_text(rows: &[LlmRow], most: (u64, u64)) -> String {
    let mut text = format!(
        "# Figure 10's rows: the Mooncake conversation trace, {LLM_WORKERS} workers of {LLM_CACHE_BLOCKS} blocks. Written by model/tests/lab_shipped.rs (RINGLAB_WRITE_SHIPPED=1); router, K, reused, blocks, busiest over mean.\nmost\t0\t{}\t{}\t0\n",
        most.0, most.1
    );
    for r in rows {
        text.push_str(&format!(
            "{}\t{}\t{}\t{}\t{:?}\n",
            r.router.name(),
            r.k,
            r.reused,
            r.blocks,
            r.busiest_over_mean
        ));
    }
    text
}

/// The shipped rows, and the most reusable blocks of the trace (reused, of all).
pub fn shipped() -> (Vec<LlmRow>, (u64, u64)) {
    let mut rows = Vec::new();
    let mut most = (0, 0);
    for line in SHIPPED.lines().filter(|l| !l.starts_with('#')) {
        let cells: Vec<&str> = line.split('\t').collect();
        let [name, k, reused, blocks, busiest] = cells[..] else {
            continue;
        };
        let (Ok(k), Ok(reused), Ok(blocks), Ok(busiest)) =
            (k.parse(), reused.parse(), blocks.parse(), busiest.parse())
        else {
            continue;
        };
        if name == "most" {
            most = (reused, blocks);
        } else if let Some(router) = LlmRouter::named(name) {
            rows.push(LlmRow {
                router,
                k,
                reused,
                blocks,
                busiest_over_mean: busiest,
            });
        }
    }
    (rows, most)
}

/// The shipped file as it stands.
pub fn shipped_text() -> &'static str {
    SHIPPED
}
