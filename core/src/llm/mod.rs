//! LLM request routing: a request trace replayed through a fleet of workers, each with a
//! prefix cache, under the routers serving fleets run today (round robin, least loaded,
//! a hash of the prompt's prefix on a ring, the ring with bounded loads, SGLang's
//! cache-aware rule, vLLM production-stack's session ring).
//!
//! [`trace`] reads the Mooncake JSONL traces, [`generate`] makes traces with sessions,
//! [`cache`] is a worker's prefix cache, [`timing`] the time model, [`router`] the
//! routers and [`replay`] puts them together.

pub mod cache;
pub mod generate;
pub mod replay;
pub mod router;
pub mod timing;
pub mod trace;
