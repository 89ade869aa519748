//! The llm view's URL state.
//!
//! `#/llm` is the first preset: the real conversation trace, 8 workers of 20,000 cached
//! blocks, round robin. `router` picks the router the page plays back (every router is in
//! the table); `k` is the blocks a hashing router reads, `vnodes` the ring's points per
//! worker, `bound` the c of bounded loads; `change` has a worker join or leave halfway.

use ringlab_core::llm::replay::{Change, Event, Fleet};
use ringlab_core::llm::router::Router;
use ringlab_core::llm::trace::Request;

use crate::param_table::{Notes, Param};
use crate::view_state::ViewState;
use crate::{choice_field, decimal_field, named_choice, whole_field};

/// Workers at the start.
pub const WORKERS: (u64, u64) = (2, 16);
/// Blocks each worker caches.
pub const CACHE_BLOCKS: (u64, u64) = (100, 200_000);
/// Blocks a hashing router reads.
pub const PREFIX_BLOCKS: (u64, u64) = (1, 8);
/// The ring's points per worker.
pub const VNODES: (u64, u64) = (1, 500);
/// Bounded loads' c.
pub const BOUND: (f64, f64) = (1.05, 5.0);
/// The random router's seed.
pub const SEED: u64 = 0;

/// The trace replayed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TraceName {
    /// Mooncake's one hour of production chat (12,031 requests).
    Conversation,
    /// Mooncake's synthetic trace, built from public datasets (3,993 requests).
    Synthetic,
    /// ringlab's own generator (`ringlab trace`, its defaults): conversations with
    /// session ids, so the session router has something to read.
    Generated,
}

impl TraceName {
    pub const ALL: [TraceName; 3] = [
        TraceName::Conversation,
        TraceName::Synthetic,
        TraceName::Generated,
    ];

    pub fn name(self) -> &'static str {
        match self {
            TraceName::Conversation => "conversation",
            TraceName::Synthetic => "synthetic",
            TraceName::Generated => "generated",
        }
    }

    /// The words for it in the page.
    pub fn label(self) -> &'static str {
        match self {
            TraceName::Conversation => "Mooncake: one hour of production chat",
            TraceName::Synthetic => "Mooncake: synthetic, from public datasets",
            TraceName::Generated => "ringlab's generator: conversations with sessions",
        }
    }

    /// The gzipped file the page fetches, next to it in the release build; none for the
    /// generated trace, which the worker makes.
    pub fn file(self) -> Option<&'static str> {
        match self {
            TraceName::Conversation => Some("mooncake/conversation_trace.jsonl.gz"),
            TraceName::Synthetic => Some("mooncake/synthetic_trace.jsonl.gz"),
            TraceName::Generated => None,
        }
    }

    /// The file in the repository the command line reads (`-` for the generated trace,
    /// piped from `ringlab trace`).
    pub fn path(self) -> &'static str {
        match self {
            TraceName::Conversation => "data/mooncake/conversation_trace.jsonl",
            TraceName::Synthetic => "data/mooncake/synthetic_trace.jsonl",
            TraceName::Generated => "-",
        }
    }
}

/// A change to the fleet, halfway through the trace.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FleetChange {
    None,
    /// One more worker joins.
    Join,
    /// The last worker leaves.
    Leave,
}

pub const CHANGES: [(&str, FleetChange); 3] = [
    ("none", FleetChange::None),
    ("join", FleetChange::Join),
    ("leave", FleetChange::Leave),
];

/// The routers, by their command-line names.
pub const ROUTERS: [(&str, usize); 8] = [
    (Router::NAMES[0], 0),
    (Router::NAMES[1], 1),
    (Router::NAMES[2], 2),
    (Router::NAMES[3], 3),
    (Router::NAMES[4], 4),
    (Router::NAMES[5], 5),
    (Router::NAMES[6], 6),
    (Router::NAMES[7], 7),
];

#[derive(Debug, Clone, PartialEq)]
pub struct LlmParams {
    pub trace: TraceName,
    /// The router played back: an index into [`Router::NAMES`].
    pub router: usize,
    pub workers: u64,
    pub cache: u64,
    pub k: u64,
    pub vnodes: u64,
    pub bound: f64,
    pub change: FleetChange,
}

impl Default for LlmParams {
    fn default() -> Self {
        LlmParams {
            trace: TraceName::Conversation,
            router: 0,
            workers: 8,
            cache: 20_000,
            k: 1,
            vnodes: 160,
            bound: 1.25,
            change: FleetChange::None,
        }
    }
}

impl LlmParams {
    /// The router of index `router` ([`Router::NAMES`]) with this fleet's settings.
    pub fn router_at(&self, router: usize) -> Router {
        let name = Router::NAMES[router.min(Router::NAMES.len() - 1)];
        Router::named(name, self.vnodes as u32, self.bound, SEED)
            .expect("every name in Router::NAMES is a router")
    }

    /// The name of the router played back.
    pub fn router_name(&self) -> &'static str {
        Router::NAMES[self.router.min(Router::NAMES.len() - 1)]
    }

    /// When the change happens: halfway between the first and the last arrival.
    pub fn change_at_ms(trace: &[Request]) -> u64 {
        match (trace.first(), trace.last()) {
            (Some(first), Some(last)) => {
                first.arrival_ms + (last.arrival_ms - first.arrival_ms) / 2
            }
            _ => 0,
        }
    }

    /// The fleet that replays `trace` under router `router`.
    pub fn fleet(&self, router: usize, trace: &[Request]) -> Fleet {
        let at_ms = Self::change_at_ms(trace);
        let events = match self.change {
            FleetChange::None => Vec::new(),
            FleetChange::Join => vec![Event {
                at_ms,
                change: Change::Join,
            }],
            FleetChange::Leave => vec![Event {
                at_ms,
                change: Change::Leave(self.workers as usize - 1),
            }],
        };
        Fleet {
            prefix_blocks: self.k as usize,
            events,
            ..Fleet::new(
                self.workers as usize,
                self.cache as usize,
                self.router_at(router),
            )
        }
    }

    /// The command line that prints the same summary for router `router`; the change's
    /// time is `at_ms`.
    pub fn command(&self, router: usize, at_ms: u64) -> String {
        let mut cmd = String::new();
        if self.trace == TraceName::Generated {
            cmd.push_str("ringlab trace | ");
        }
        let r = self.router_at(router);
        cmd.push_str(&format!(
            "ringlab route --trace {} --workers {} --cache-blocks {} --router {}",
            self.trace.path(),
            self.workers,
            self.cache,
            r.name()
        ));
        if r.hashes_prefix() {
            cmd.push_str(&format!(" --prefix-blocks {}", self.k));
        }
        if matches!(r, Router::Ring { .. } | Router::RingBounded { .. }) {
            cmd.push_str(&format!(" --vnodes {}", self.vnodes));
        }
        if let Router::RingBounded { c, .. } = r {
            cmd.push_str(&format!(" --bound {c}"));
        }
        match self.change {
            FleetChange::None => {}
            FleetChange::Join => cmd.push_str(&format!(" --join {at_ms}")),
            FleetChange::Leave => {
                cmd.push_str(&format!(" --leave worker-{}@{at_ms}", self.workers - 1))
            }
        }
        cmd
    }
}

impl ViewState for LlmParams {
    const PARAMS: &'static [Param<Self>] = &[
        Param::new(
            "trace",
            "the trace replayed",
            named_choice!(TraceName::ALL, trace),
        ),
        Param::new(
            "router",
            "the router played back",
            choice_field!(ROUTERS, router),
        ),
        Param::new(
            "workers",
            "workers at the start",
            whole_field!(WORKERS, workers),
        ),
        Param::new(
            "cache",
            "blocks of 512 tokens each worker caches",
            whole_field!(CACHE_BLOCKS, cache),
        ),
        Param::new(
            "k",
            "blocks of the prompt a hashing router reads",
            whole_field!(PREFIX_BLOCKS, k),
        ),
        Param::new(
            "vnodes",
            "the ring's points per worker",
            whole_field!(VNODES, vnodes),
        )
        .unless_default(),
        Param::new(
            "bound",
            "bounded loads' c: no worker takes more than c times the mean in flight",
            decimal_field!(BOUND, 2, bound),
        )
        .unless_default(),
        Param::new(
            "change",
            "a worker joins or the last one leaves halfway",
            choice_field!(CHANGES, change),
        )
        .unless_default(),
    ];

    fn repair(&mut self, _notes: &mut Notes) {}
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::urlkit::parse_query;

    #[test]
    fn the_default_reads_back_and_bad_values_are_noted_and_clamped() {
        let (p, notes) = LlmParams::from_query(&LlmParams::default().to_query());
        assert!(notes.is_empty(), "{notes:?}");
        assert_eq!(p, LlmParams::default());
        let (p, notes) = LlmParams::from_query(&parse_query(
            "router=nosuch&workers=900&k=0&bound=0.5&cache=abc&trace=x",
        ));
        assert_eq!((p.workers, p.k, p.bound), (16, 1, 1.05));
        assert_eq!(p.cache, 20_000);
        assert_eq!(notes.len(), 6, "{notes:#?}");
    }

    /// The change comes halfway between the first arrival and the last.
    #[test]
    fn the_change_is_halfway_through_the_trace() {
        let request = |arrival_ms| Request {
            arrival_ms,
            input_tokens: 1,
            output_tokens: 1,
            blocks: vec![0],
            session: None,
        };
        let trace: Vec<Request> = [100, 150, 300].into_iter().map(request).collect();
        assert_eq!(LlmParams::change_at_ms(&trace), 200);
        assert_eq!(LlmParams::change_at_ms(&trace[..1]), 100);
        assert_eq!(LlmParams::change_at_ms(&[]), 0);
    }

    #[test]
    fn the_command_line_names_what_the_router_reads() {
        let (p, _) = LlmParams::from_query(&parse_query("router=ring-bounded&k=2&change=leave"));
        assert_eq!(
            p.command(5, 1_800_000),
            "ringlab route --trace data/mooncake/conversation_trace.jsonl --workers 8 --cache-blocks 20000 --router ring-bounded --prefix-blocks 2 --vnodes 160 --bound 1.25 --leave worker-7@1800000"
        );
        let (p, _) = LlmParams::from_query(&parse_query("trace=generated&change=join"));
        assert_eq!(
            p.command(0, 200),
            "ringlab trace | ringlab route --trace - --workers 8 --cache-blocks 20000 --router round-robin --join 200"
        );
    }
}
