//! A trace replayed through a fleet: each request routed, its cached prefix counted, its
//! blocks touched, its time to first token modelled. Deterministic: the same trace and
//! fleet give the same placements, on any machine.
//!
//! ```
//! use ringlab_core::llm::replay::{replay, Fleet};
//! use ringlab_core::llm::router::Router;
//! use ringlab_core::llm::trace::parse;
//! let trace = parse(concat!(
//!     "{\"timestamp\": 0, \"input_length\": 1024, \"output_length\": 1, \"hash_ids\": [0, 1]}\n",
//!     "{\"timestamp\": 5, \"input_length\": 1536, \"output_length\": 1, \"hash_ids\": [0, 1, 2]}\n",
//! )).unwrap();
//! let fleet = Fleet { prefix_blocks: 2, ..Fleet::new(4, 100, Router::Ring { vnodes: 160 }) };
//! let out = replay(&trace, &fleet).unwrap();
//! // Both start with blocks 0 and 1: one worker, and the second finds them cached.
//! assert_eq!(out.placed[0].worker, out.placed[1].worker);
//! assert_eq!(out.placed[1].cached, 2);
//! assert_eq!(out.reused_blocks(), 2);
//! ```

use super::cache::PrefixCache;
use super::router::{self, Router};
use super::timing::{TimeModel, Worker};
use super::trace::{Request, BLOCK_TOKENS};
use crate::clients::{self, Client, ClientKind, Placement};
use crate::{build, ConfigError, Options, Partitioner, SchemeKind, Server};

/// A change to the fleet at a time in the trace.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Change {
    /// A new worker, the next number, joins.
    Join,
    /// The worker of this number leaves: it takes no more requests, finishes those it
    /// has, and its cache is gone.
    Leave(usize),
}

/// A change and when it happens, in ms from the trace's start.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Event {
    pub at_ms: u64,
    pub change: Change,
}

/// The fleet and how it routes.
#[derive(Debug, Clone, PartialEq)]
pub struct Fleet {
    /// Workers at the start, `worker-0` ... `worker-{N-1}`.
    pub workers: usize,
    /// Blocks each worker's cache holds.
    pub cache_blocks: usize,
    /// Blocks of the prompt a prefix router hashes, K.
    pub prefix_blocks: usize,
    pub router: Router,
    pub time: TimeModel,
    /// Changes, in time order.
    pub events: Vec<Event>,
}

impl Fleet {
    /// `workers` workers of `cache_blocks` blocks under `router`, hashing the first block,
    /// with the default time model and no changes.
    pub fn new(workers: usize, cache_blocks: usize, router: Router) -> Fleet {
        Fleet {
            workers,
            cache_blocks,
            prefix_blocks: 1,
            router,
            time: TimeModel::DEFAULT,
            events: Vec::new(),
        }
    }
}

/// Where one request went.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Placed {
    /// The worker's number: `worker-{worker}`.
    pub worker: usize,
    /// Its blocks already in that worker's cache, from the first.
    pub cached: usize,
    /// Its time to first token in the time model, µs.
    pub ttft_us: u64,
}

/// One worker over the whole trace.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WorkerTotals {
    pub requests: usize,
    /// Time with a request running, µs.
    pub busy_us: u64,
}

/// What a replay gives.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Replay {
    /// One per request, in trace order.
    pub placed: Vec<Placed>,
    /// One per worker that ever existed, by number.
    pub workers: Vec<WorkerTotals>,
    /// Blocks in all the requests.
    pub blocks: u64,
    /// Prompt tokens computed: the prompt less its cached blocks' tokens.
    pub prefill_tokens: u64,
    /// Prompt tokens in all.
    pub input_tokens: u64,
}

impl Replay {
    /// Blocks found cached.
    pub fn reused_blocks(&self) -> u64 {
        self.placed.iter().map(|p| p.cached as u64).sum()
    }

    /// The share of blocks found cached (0 with no blocks).
    pub fn reused_share(&self) -> f64 {
        if self.blocks == 0 {
            0.0
        } else {
            self.reused_blocks() as f64 / self.blocks as f64
        }
    }

    /// The busiest worker's requests over the mean of every worker the fleet had (one
    /// that joined late counts, with what it served).
    pub fn busiest_over_mean(&self) -> f64 {
        let served: Vec<usize> = self.workers.iter().map(|w| w.requests).collect();
        let max = served.iter().copied().max().unwrap_or(0);
        let mean = served.iter().sum::<usize>() as f64 / served.len().max(1) as f64;
        if mean == 0.0 {
            0.0
        } else {
            max as f64 / mean
        }
    }

    /// The `q` quantile (0 to 1, nearest rank) of the times to first token, µs.
    pub fn ttft_quantile(&self, q: f64) -> u64 {
        let mut times: Vec<u64> = self.placed.iter().map(|p| p.ttft_us).collect();
        if times.is_empty() {
            return 0;
        }
        times.sort_unstable();
        let rank = (q * times.len() as f64).ceil() as usize;
        times[rank.clamp(1, times.len()) - 1]
    }
}

/// The most workers a fleet has.
pub const MAX_WORKERS: usize = 1_024;

/// The router's own state over the live workers.
enum Placer {
    Scheme(Box<dyn Partitioner>),
    Client(Box<dyn Client>),
    None,
}

fn worker_name(i: usize) -> String {
    format!("worker-{i}")
}

fn placer(router: Router, live: &[usize]) -> Result<Placer, ConfigError> {
    let servers = || live.iter().map(|&i| Server::new(worker_name(i))).collect();
    Ok(match router {
        Router::Modulo => Placer::Scheme(build(
            SchemeKind::Modulo,
            servers(),
            &Options::for_scheme(SchemeKind::Modulo),
        )?),
        Router::Ring { vnodes } | Router::RingBounded { vnodes, .. } => {
            let options = Options {
                vnodes,
                ..Options::for_scheme(SchemeKind::Ring)
            };
            Placer::Scheme(build(SchemeKind::Ring, servers(), &options)?)
        }
        Router::Session => {
            let names: Vec<String> = live.iter().map(|&i| worker_name(i)).collect();
            let config = serde_json::to_string(&names).unwrap_or_default();
            Placer::Client(clients::build(ClientKind::Uhashring, &config, "{}", None)?)
        }
        _ => Placer::None,
    })
}

/// Checks a fleet and its `events` (in time order) before a replay: one clear reason for
/// the first thing wrong.
fn check(trace: &[Request], fleet: &Fleet, events: &[Event]) -> Result<(), ConfigError> {
    let out = |what, range: String, value: String| ConfigError::OutOfRange { what, range, value };
    if !(1..=MAX_WORKERS).contains(&fleet.workers) {
        return Err(out(
            "workers",
            format!("1 to {MAX_WORKERS}"),
            fleet.workers.to_string(),
        ));
    }
    if fleet.cache_blocks == 0 {
        return Err(out("cache blocks", "1 or more".into(), "0".into()));
    }
    if fleet.prefix_blocks == 0 {
        return Err(out("prefix blocks", "1 or more".into(), "0".into()));
    }
    if let Router::RingBounded { c, .. } = fleet.router {
        if !(c >= 1.0 && c.is_finite()) {
            return Err(out("the bound c", "1 or more".into(), c.to_string()));
        }
    }
    let t = &fleet.time;
    let rate_ok = t.prefill_tokens_per_s > 0.0 && t.prefill_tokens_per_s.is_finite();
    let token_ok = t.ms_per_output_token >= 0.0 && t.ms_per_output_token.is_finite();
    if !rate_ok || !token_ok || t.batch == 0 {
        return Err(ConfigError::Invalid(
            "the time model needs a positive prefill rate, a time per token of 0 or more and a batch of 1 or more".into(),
        ));
    }
    if fleet.router == Router::Session && trace.iter().all(|r| r.session.is_none()) {
        return Err(ConfigError::Invalid(
            "the session router needs session ids, and this trace has none (the Mooncake traces carry none; `ringlab trace` writes traces with them)".into(),
        ));
    }
    let mut workers = fleet.workers;
    let mut live = vec![true; workers];
    for e in events {
        match e.change {
            Change::Join => {
                workers += 1;
                live.push(true);
            }
            Change::Leave(w) => {
                if live.get(w) != Some(&true) {
                    return Err(ConfigError::Invalid(format!(
                        "worker-{w} cannot leave at {} ms: it is not in the fleet then",
                        e.at_ms
                    )));
                }
                live[w] = false;
                if !live.contains(&true) {
                    return Err(ConfigError::Invalid(format!(
                        "worker-{w} cannot leave at {} ms: it is the last worker",
                        e.at_ms
                    )));
                }
            }
        }
    }
    if workers > MAX_WORKERS {
        return Err(out(
            "workers",
            format!("1 to {MAX_WORKERS}"),
            workers.to_string(),
        ));
    }
    Ok(())
}

/// Replays `trace` through `fleet`.
pub fn replay(trace: &[Request], fleet: &Fleet) -> Result<Replay, ConfigError> {
    // In time order, whatever order they were given in (equal times keep theirs).
    let mut sorted = fleet.events.clone();
    sorted.sort_by_key(|e| e.at_ms);
    check(trace, fleet, &sorted)?;
    let time = &fleet.time;
    let mut caches: Vec<PrefixCache> = (0..fleet.workers)
        .map(|_| PrefixCache::new(fleet.cache_blocks))
        .collect();
    let mut workers: Vec<Worker> = vec![Worker::default(); fleet.workers];
    let mut requests = vec![0usize; fleet.workers];
    let mut live: Vec<usize> = (0..fleet.workers).collect();
    let mut placer = placer(fleet.router, &live)?;
    let mut events = sorted.iter().peekable();
    let mut placed = Vec::with_capacity(trace.len());
    let (mut blocks, mut prefill_tokens, mut input_tokens) = (0u64, 0u64, 0u64);
    for (index, request) in trace.iter().enumerate() {
        let mut changed = false;
        while let Some(e) = events.next_if(|e| e.at_ms <= request.arrival_ms) {
            match e.change {
                Change::Join => {
                    live.push(caches.len());
                    caches.push(PrefixCache::new(fleet.cache_blocks));
                    workers.push(Worker::default());
                    requests.push(0);
                }
                Change::Leave(w) => {
                    live.retain(|&i| i != w);
                    caches[w] = PrefixCache::new(fleet.cache_blocks);
                }
            }
            changed = true;
        }
        if changed {
            placer = self::placer(fleet.router, &live)?;
        }
        let t = request.arrival_ms.saturating_mul(1_000);
        for &w in &live {
            workers[w].advance(t, time);
        }
        let slot = choose(fleet, index, request, &live, &placer, &workers, &caches);
        let w = live[slot];
        let cached = caches[w].cached_prefix(&request.blocks);
        caches[w].touch(&request.blocks);
        let uncached = request
            .input_tokens
            .saturating_sub(cached as u64 * BLOCK_TOKENS);
        workers[w].arrive(index, t, uncached, request.output_tokens, time);
        requests[w] += 1;
        blocks += request.blocks.len() as u64;
        prefill_tokens += uncached;
        input_tokens += request.input_tokens;
        placed.push(Placed {
            worker: w,
            cached,
            ttft_us: 0,
        });
    }
    for worker in &mut workers {
        worker.finish(time);
        for &(index, ttft) in &worker.ttft {
            placed[index].ttft_us = ttft;
        }
    }
    Ok(Replay {
        placed,
        workers: workers
            .iter()
            .zip(&requests)
            .map(|(w, &requests)| WorkerTotals {
                requests,
                busy_us: w.busy_us,
            })
            .collect(),
        blocks,
        prefill_tokens,
        input_tokens,
    })
}

/// The index into `live` of the worker `request` goes to.
fn choose(
    fleet: &Fleet,
    index: usize,
    request: &Request,
    live: &[usize],
    placer: &Placer,
    workers: &[Worker],
    caches: &[PrefixCache],
) -> usize {
    let loads: Vec<usize> = live.iter().map(|&w| workers[w].in_flight()).collect();
    let key = || request.prefix_key(fleet.prefix_blocks);
    match (fleet.router, placer) {
        (Router::RoundRobin, _) => index % live.len(),
        (Router::Random { seed }, _) => {
            (router::draw(seed, index as u64) % live.len() as u64) as usize
        }
        (Router::LeastLoaded, _) => router::least_loaded(&loads),
        (Router::RingBounded { c, .. }, Placer::Scheme(p)) => {
            let total: usize = loads.iter().sum();
            let cap = (c * (total + 1) as f64 / live.len() as f64).ceil() as usize;
            p.candidates(key().as_bytes())
                .find(|&i| loads[i] < cap)
                .unwrap_or_else(|| router::least_loaded(&loads))
        }
        (_, Placer::Scheme(p)) => p.lookup(key().as_bytes()).unwrap_or(0),
        (Router::Session, Placer::Client(c)) => match &request.session {
            Some(id) => match c.place(id.as_bytes()) {
                Placement::To(i) => i,
                _ => router::least_loaded(&loads),
            },
            None => router::least_loaded(&loads),
        },
        (Router::CacheAware, _) => {
            let matched: Vec<usize> = live
                .iter()
                .map(|&w| caches[w].cached_prefix(&request.blocks))
                .collect();
            let held: Vec<usize> = live.iter().map(|&w| caches[w].len()).collect();
            router::cache_aware(&loads, &matched, &held, request.blocks.len())
        }
        _ => router::least_loaded(&loads),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn same_start(n: usize) -> Vec<Request> {
        (0..n)
            .map(|_| Request {
                arrival_ms: 0,
                input_tokens: 512,
                output_tokens: 1_000,
                blocks: vec![7],
                session: None,
            })
            .collect()
    }

    /// Requests that all hash to one worker and all stay in flight: with c = 1 the cap is
    /// ceil((in flight + 1) / 2) on two workers, so the home worker takes the 1st, 3rd,
    /// 5th ... and the other the rest; the plain ring sends all home.
    #[test]
    fn bounded_loads_walk_past_a_full_worker() {
        let trace = same_start(6);
        let ring = replay(&trace, &Fleet::new(2, 10, Router::Ring { vnodes: 160 })).unwrap();
        let home = ring.placed[0].worker;
        assert!(ring.placed.iter().all(|p| p.worker == home));
        let bounded = Fleet::new(
            2,
            10,
            Router::RingBounded {
                vnodes: 160,
                c: 1.0,
            },
        );
        let got: Vec<usize> = replay(&trace, &bounded)
            .unwrap()
            .placed
            .iter()
            .map(|p| p.worker)
            .collect();
        let other = 1 - home;
        assert_eq!(got, [home, other, home, other, home, other]);
        // c = 2: the cap is in flight + 1, never reached: all home.
        let loose = Fleet::new(
            2,
            10,
            Router::RingBounded {
                vnodes: 160,
                c: 2.0,
            },
        );
        let got = replay(&trace, &loose).unwrap();
        assert!(got.placed.iter().all(|p| p.worker == home));
    }

    /// The summary's figures from their definitions: reuse, busiest over mean, quantiles.
    #[test]
    fn the_summary_reads_the_placements() {
        let trace = same_start(4);
        let out = replay(&trace, &Fleet::new(2, 10, Router::RoundRobin)).unwrap();
        let workers: Vec<usize> = out.placed.iter().map(|p| p.worker).collect();
        assert_eq!(workers, [0, 1, 0, 1]);
        // Each worker sees block 7 once before: the 3rd and 4th requests find it.
        assert_eq!(out.reused_blocks(), 2);
        assert_eq!(out.reused_share(), 0.5);
        assert_eq!(out.busiest_over_mean(), 1.0);
        // All start at once (a batch of 32): two prefills of 512 tokens at 10,000 a
        // second, two of none. Nearest rank: the 2nd of 4 is p50, the 3rd p75.
        assert_eq!(out.ttft_quantile(0.5), 0);
        assert_eq!(out.ttft_quantile(0.75), 51_200);
        // 0.6 of 4 is 2.4: rounded up to the 3rd.
        assert_eq!(out.ttft_quantile(0.6), 51_200);
        assert_eq!(out.ttft_quantile(1.0), 51_200);
        assert_eq!(out.prefill_tokens, 1_024);
    }
}
