//! Figures 10 to 12: LLM requests of a real trace (the Mooncake conversation trace, one
//! hour of production chat) routed by a hash of their first K blocks: the share of prompt
//! blocks found cached, and the busiest worker's requests over the mean, against K
//! (figure 10), against the bound c of bounded loads (11) and against the cache's size (12).
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
/// Figures 11 and 12 hash this many blocks: the trace's best K.
pub const LLM_K: usize = 2;
/// Figure 11's bounds c.
pub const LLM_BOUNDS: [f64; 7] = [1.05, 1.1, 1.25, 1.5, 2.0, 3.0, 5.0];
/// Figure 12's cache sizes, in blocks per worker.
pub const LLM_CACHES: [usize; 7] = [1_000, 2_000, 5_000, 10_000, 20_000, 50_000, 100_000];

/// Which of the three figures a row belongs to, and what its x is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LlmFigure {
    /// x is K, the blocks hashed.
    Prefix,
    /// x is c, the bound (ring-bounded, K = [`LLM_K`]).
    Bound,
    /// x is the blocks each worker caches (K = [`LLM_K`]).
    Cache,
}

impl LlmFigure {
    pub const ALL: [LlmFigure; 3] = [LlmFigure::Prefix, LlmFigure::Bound, LlmFigure::Cache];

    /// The file's and the CSV's name for it, and for its x.
    pub fn name(self) -> &'static str {
        match self {
            LlmFigure::Prefix => "k",
            LlmFigure::Bound => "c",
            LlmFigure::Cache => "cache_blocks",
        }
    }

    /// The routers it draws.
    pub fn routers(self) -> &'static [LlmRouter] {
        match self {
            LlmFigure::Prefix => &LlmRouter::ALL[..4],
            LlmFigure::Bound => &[LlmRouter::RingBounded, LlmRouter::Ring],
            LlmFigure::Cache => &[
                LlmRouter::Ring,
                LlmRouter::RoundRobin,
                LlmRouter::CacheAware,
            ],
        }
    }

    /// Its settings: x, K, the bound and the cache.
    fn settings(self) -> Vec<(f64, usize, f64, usize)> {
        match self {
            LlmFigure::Prefix => LLM_KS
                .iter()
                .map(|&k| (k as f64, k, 1.25, LLM_CACHE_BLOCKS))
                .collect(),
            LlmFigure::Bound => LLM_BOUNDS
                .iter()
                .map(|&c| (c, LLM_K, c, LLM_CACHE_BLOCKS))
                .collect(),
            LlmFigure::Cache => LLM_CACHES
                .iter()
                .map(|&b| (b as f64, LLM_K, 1.25, b))
                .collect(),
        }
    }

    fn named(name: &str) -> Option<LlmFigure> {
        LlmFigure::ALL.into_iter().find(|f| f.name() == name)
    }
}

/// The routers of figure 10.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LlmRouter {
    Ring,
    Modulo,
    RoundRobin,
    CacheAware,
    RingBounded,
}

impl LlmRouter {
    pub const ALL: [LlmRouter; 5] = [
        LlmRouter::Ring,
        LlmRouter::Modulo,
        LlmRouter::RoundRobin,
        LlmRouter::CacheAware,
        LlmRouter::RingBounded,
    ];

    /// As `ringlab route --router` names it.
    pub fn name(self) -> &'static str {
        self.router(1.25).name()
    }

    /// The legend's words.
    pub fn label(self) -> &'static str {
        match self {
            LlmRouter::Ring => "ring on the first K blocks",
            LlmRouter::Modulo => "modulo on the first K blocks",
            LlmRouter::RoundRobin => "round robin",
            LlmRouter::CacheAware => "cache-aware (SGLang)",
            LlmRouter::RingBounded => "ring with bounded loads",
        }
    }

    /// The legend's words in `figure`, whose K is fixed but in figure 10.
    pub fn label_in(self, figure: LlmFigure) -> String {
        match figure {
            LlmFigure::Prefix => self.label().to_string(),
            _ => self
                .label()
                .replace("first K blocks", &format!("first {LLM_K} blocks")),
        }
    }

    /// The router, with the bound `c` where it takes one.
    pub fn router(self, c: f64) -> Router {
        match self {
            LlmRouter::Ring => Router::Ring { vnodes: LLM_VNODES },
            LlmRouter::RingBounded => Router::RingBounded {
                vnodes: LLM_VNODES,
                c,
            },
            LlmRouter::Modulo => Router::Modulo,
            LlmRouter::RoundRobin => Router::RoundRobin,
            LlmRouter::CacheAware => Router::CacheAware,
        }
    }

    fn named(name: &str) -> Option<LlmRouter> {
        LlmRouter::ALL.into_iter().find(|r| r.name() == name)
    }
}

/// One replay: its figure, the router, the figure's x, blocks found cached of all
/// blocks, and the busiest worker's requests over the mean.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LlmRow {
    pub figure: LlmFigure,
    pub router: LlmRouter,
    pub x: f64,
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

/// Every row of figures 10 to 12 for `trace`. A router that reads none of a figure's
/// settings (round robin and cache-aware against K, the plain ring against c) is
/// replayed once and drawn flat.
pub fn rows(trace: &[Request]) -> Vec<LlmRow> {
    let mut out = Vec::new();
    for figure in LlmFigure::ALL {
        for &router in figure.routers() {
            let mut once = None;
            for (x, k, c, cache) in figure.settings() {
                let flat = match figure {
                    LlmFigure::Prefix => !router.router(c).hashes_prefix(),
                    LlmFigure::Bound => router != LlmRouter::RingBounded,
                    LlmFigure::Cache => false,
                };
                let result = match once {
                    Some(r) if flat => Some(r),
                    _ => {
                        let fleet = Fleet {
                            prefix_blocks: k,
                            ..Fleet::new(LLM_WORKERS, cache, router.router(c))
                        };
                        replay(trace, &fleet)
                            .ok()
                            .map(|r| (r.reused_blocks(), r.blocks, r.busiest_over_mean()))
                    }
                };
                if flat {
                    once = result;
                }
                if let Some((reused, blocks, busiest_over_mean)) = result {
                    out.push(LlmRow {
                        figure,
                        router,
                        x,
                        reused,
                        blocks,
                        busiest_over_mean,
                    });
                }
            }
        }
    }
    out
}

const SHIPPED: &str = include_str!("llm.tsv");

/// The file's text for `rows` and the most reusable blocks: one line per row.
pub fn file_text(rows: &[LlmRow], most: (u64, u64)) -> String {
    let mut text = format!(
        "# Figures 10 to 12: the Mooncake conversation trace, {LLM_WORKERS} workers. Written by model/tests/lab_shipped.rs (RINGLAB_WRITE_SHIPPED=1); figure (its x), router, x, reused, blocks, busiest over mean.\nmost\t-\t0\t{}\t{}\t0\n",
        most.0, most.1
    );
    for r in rows {
        text.push_str(&format!(
            "{}\t{}\t{:?}\t{}\t{}\t{:?}\n",
            r.figure.name(),
            r.router.name(),
            r.x,
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
        let [figure, name, x, reused, blocks, busiest] = cells[..] else {
            continue;
        };
        let (Ok(x), Ok(reused), Ok(blocks), Ok(busiest)) =
            (x.parse(), reused.parse(), blocks.parse(), busiest.parse())
        else {
            continue;
        };
        if figure == "most" {
            most = (reused, blocks);
        } else if let (Some(figure), Some(router)) =
            (LlmFigure::named(figure), LlmRouter::named(name))
        {
            rows.push(LlmRow {
                figure,
                router,
                x,
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
