//! One router's replay of the trace, as the Web Worker runs it and the page reads it: the
//! job's line (`llm <router> <query>`), and what comes back, the totals for the table and
//! the trace cut into [`STEPS`] stretches of time for the playback.
//!
//! The answer travels as numbers ([`RouterRun::to_values`], [`RouterRun::read`]); a router
//! that cannot run on the trace (the session router on a trace without sessions) answers
//! with none.

use std::collections::HashSet;

use ringlab_core::llm::replay::{replay, Change, Fleet, Replay};
use ringlab_core::llm::router::{draw, Router};
use ringlab_core::llm::trace::Request;

use super::params::{FleetChange, LlmParams};
use super::traces::Traces;
use crate::urlkit::{parse_query, write_query};
use crate::view_state::ViewState;

/// Stretches of time the playback steps through.
pub const STEPS: usize = 60;
/// The colours of prompt families (requests with the same first two blocks).
pub const FAMILIES: usize = 6;
/// Requests drawn flying per stretch, at most.
pub const DOTS: usize = 24;
/// The job's first word.
const WORD: &str = "llm";

/// Replay the trace under router `router` (an index into [`Router::NAMES`]).
#[derive(Debug, Clone, PartialEq)]
pub struct Job {
    pub router: usize,
    pub params: LlmParams,
}

impl Job {
    pub fn to_text(&self) -> String {
        let query = self.params.to_query();
        format!(
            "{WORD} {} {}",
            Router::NAMES[self.router.min(Router::NAMES.len() - 1)],
            write_query(query.iter().map(|(k, v)| (k.as_str(), v.as_str())))
        )
    }

    /// The job a line says, if it is one.
    pub fn from_text(line: &str) -> Option<Job> {
        let mut parts = line.splitn(3, ' ');
        if parts.next()? != WORD {
            return None;
        }
        let name = parts.next()?;
        let router = Router::NAMES.iter().position(|&n| n == name)?;
        let (params, notes) = LlmParams::from_query(&parse_query(parts.next().unwrap_or("")));
        notes.is_empty().then_some(Job { router, params })
    }

    /// The worker's answer: the run's numbers ([`RouterRun::to_values`]), none when the
    /// router cannot run on the trace, or why the worker has no trace to run it on.
    pub fn answer(&self, traces: &mut Traces) -> Result<Vec<f64>, String> {
        let trace = traces.get(self.params.trace)?;
        Ok(self.run(trace).map_or_else(Vec::new, |run| run.to_values()))
    }

    /// The replay, cut into stretches; `None` when the router cannot run on `trace`.
    pub fn run(&self, trace: &[Request]) -> Option<RouterRun> {
        let fleet = self.params.fleet(self.router, trace);
        let out = replay(trace, &fleet).ok()?;
        Some(RouterRun::of(trace, &out, &fleet))
    }
}

/// One stretch of the trace's time: the requests that arrive after the last stretch's end,
/// up to its own.
#[derive(Debug, Clone, PartialEq)]
pub struct Stretch {
    /// When it ends, in ms.
    pub end_ms: u64,
    /// Prompt blocks of the requests that arrived in it, and those found cached.
    pub blocks: u64,
    pub reused: u64,
    /// Requests each worker took in it.
    pub requests: Vec<u64>,
    /// Blocks each worker's cache holds at its end (0 once a worker has left).
    pub held: Vec<u64>,
    /// Some of its requests, evenly picked: (worker, family colour).
    pub dots: Vec<(usize, usize)>,
}

impl Stretch {
    /// The share of its blocks found cached (0 with none).
    pub fn cached_share(&self) -> f64 {
        ratio(self.reused, self.blocks)
    }
}

/// What one router did with the trace.
#[derive(Debug, Clone, PartialEq)]
pub struct RouterRun {
    /// The first request's arrival, ms.
    pub start_ms: u64,
    /// When the fleet changes, if it does, ms.
    pub change_ms: Option<u64>,
    pub blocks: u64,
    pub reused: u64,
    /// Blocks that repeat one seen before anywhere: the most any router could find cached.
    pub repeats: u64,
    pub prefill_tokens: u64,
    pub input_tokens: u64,
    pub ttft_p50_us: u64,
    pub ttft_p95_us: u64,
    /// Requests each worker took, every worker that ever was.
    pub requests: Vec<u64>,
    pub stretches: Vec<Stretch>,
}

impl RouterRun {
    /// The run read off `out`, a replay of `trace` by `fleet`.
    pub fn of(trace: &[Request], out: &Replay, fleet: &Fleet) -> RouterRun {
        let joined = fleet
            .events
            .iter()
            .filter(|e| e.change == Change::Join)
            .count();
        let workers = fleet.workers + joined;
        let cache = fleet.cache_blocks as u64;
        // When each worker's cache is gone: the time it leaves.
        let mut leaves: Vec<Option<u64>> = vec![None; workers];
        for e in &fleet.events {
            if let Change::Leave(w) = e.change {
                if w < workers {
                    leaves[w] = Some(e.at_ms);
                }
            }
        }
        let families = families(trace);
        let start = trace.first().map_or(0, |r| r.arrival_ms);
        let span = (trace.last().map_or(0, |r| r.arrival_ms) - start).max(1);
        // A stretch holds the requests that arrive after the last one's end, up to its own.
        let ends: Vec<u64> = (0..STEPS)
            .map(|s| start + (span as u128 * (s as u128 + 1) / STEPS as u128) as u64)
            .collect();
        let mut in_step: Vec<Vec<usize>> = vec![Vec::new(); STEPS];
        let mut step = 0;
        for (i, request) in trace.iter().enumerate() {
            while step < STEPS - 1 && request.arrival_ms > ends[step] {
                step += 1;
            }
            in_step[step].push(i);
        }
        let mut seen_anywhere = HashSet::new();
        let mut repeats = 0;
        // The distinct blocks each worker was given: its cache holds as many, up to its
        // size (an LRU cache only drops a block to make room).
        let mut given: Vec<HashSet<u64>> = vec![HashSet::new(); workers];
        let mut stretches = Vec::with_capacity(STEPS);
        for (members, &end_ms) in in_step.iter().zip(&ends) {
            let mut stretch = Stretch {
                end_ms,
                blocks: 0,
                reused: 0,
                requests: vec![0; workers],
                held: vec![0; workers],
                dots: Vec::new(),
            };
            for &i in members {
                let (request, placed) = (&trace[i], &out.placed[i]);
                for &b in &request.blocks {
                    if !seen_anywhere.insert(b) {
                        repeats += 1;
                    }
                    given[placed.worker].insert(b);
                }
                stretch.blocks += request.blocks.len() as u64;
                stretch.reused += placed.cached as u64;
                stretch.requests[placed.worker] += 1;
            }
            let picks = members.len().min(DOTS);
            stretch.dots = (0..picks)
                .map(|j| {
                    let i = members[j * members.len() / picks];
                    (out.placed[i].worker, families[i])
                })
                .collect();
            for w in 0..workers {
                let gone = leaves[w].is_some_and(|at| at <= end_ms);
                stretch.held[w] = if gone {
                    0
                } else {
                    (given[w].len() as u64).min(cache)
                };
            }
            stretches.push(stretch);
        }
        RouterRun {
            start_ms: start,
            change_ms: fleet.events.first().map(|e| e.at_ms),
            blocks: out.blocks,
            reused: out.reused_blocks(),
            repeats,
            prefill_tokens: out.prefill_tokens,
            input_tokens: out.input_tokens,
            ttft_p50_us: out.ttft_quantile(0.5),
            ttft_p95_us: out.ttft_quantile(0.95),
            requests: out.workers.iter().map(|w| w.requests as u64).collect(),
            stretches,
        }
    }

    /// The share of blocks found cached (0 with none).
    pub fn reused_share(&self) -> f64 {
        ratio(self.reused, self.blocks)
    }

    /// The share the best router could reach: every repeated block found.
    pub fn best_share(&self) -> f64 {
        ratio(self.repeats, self.blocks)
    }

    /// The busiest worker's requests over the mean of every worker that ever was.
    pub fn busiest_over_mean(&self) -> f64 {
        busiest_over_mean(&self.requests)
    }

    /// Whether worker `w` is in `params`' fleet at the end of stretch `step`: a newcomer
    /// from the change on, a leaver until it.
    pub fn live(&self, w: usize, step: usize, params: &LlmParams) -> bool {
        let end = self.stretches.get(step).map_or(u64::MAX, |s| s.end_ms);
        let changed = self.change_ms.is_some_and(|at| at <= end);
        let first = params.workers as usize;
        match params.change {
            FleetChange::None => w < first,
            FleetChange::Join => w < first || (w == first && changed),
            FleetChange::Leave => w < first && !(w + 1 == first && changed),
        }
    }

    /// The busiest worker's requests over the mean of the workers in `params`' fleet in
    /// stretch `step` (a newcomer before it joins, or a leaver after, is not counted).
    pub fn busiest_in(&self, step: usize, params: &LlmParams) -> f64 {
        let Some(s) = self.stretches.get(step) else {
            return 0.0;
        };
        let live: Vec<u64> = (0..self.workers())
            .filter(|&w| self.live(w, step, params) || s.requests[w] > 0)
            .map(|w| s.requests[w])
            .collect();
        busiest_over_mean(&live)
    }

    /// Workers that ever were.
    pub fn workers(&self) -> usize {
        self.requests.len()
    }

    /// As numbers for the worker's answer: the totals, the workers' requests, then each
    /// stretch (its end, blocks, reused, requests and held per worker, its dots).
    pub fn to_values(&self) -> Vec<f64> {
        let mut v = vec![
            self.start_ms as f64,
            self.change_ms.is_some() as u8 as f64,
            self.change_ms.unwrap_or(0) as f64,
            self.blocks as f64,
            self.reused as f64,
            self.repeats as f64,
            self.prefill_tokens as f64,
            self.input_tokens as f64,
            self.ttft_p50_us as f64,
            self.ttft_p95_us as f64,
            self.requests.len() as f64,
            self.stretches.len() as f64,
        ];
        v.extend(self.requests.iter().map(|&r| r as f64));
        for s in &self.stretches {
            v.extend([s.end_ms as f64, s.blocks as f64, s.reused as f64]);
            v.extend(s.requests.iter().map(|&r| r as f64));
            v.extend(s.held.iter().map(|&h| h as f64));
            v.push(s.dots.len() as f64);
            for &(w, f) in &s.dots {
                v.extend([w as f64, f as f64]);
            }
        }
        v
    }

    /// The run `values` say, if they are one ([`RouterRun::to_values`]); `None` for an
    /// empty answer (the router could not run) or numbers that do not fit.
    pub fn read(values: &[f64]) -> Option<RouterRun> {
        let mut it = values.iter().copied();
        let mut whole = || {
            let v = it.next()?;
            (v >= 0.0 && v.fract() == 0.0 && v < 9.0e15).then_some(v as u64)
        };
        let start_ms = whole()?;
        let change_ms = match (whole()?, whole()?) {
            (0, _) => None,
            (1, at) => Some(at),
            _ => return None,
        };
        let (blocks, reused, repeats) = (whole()?, whole()?, whole()?);
        let (prefill_tokens, input_tokens) = (whole()?, whole()?);
        let (ttft_p50_us, ttft_p95_us) = (whole()?, whole()?);
        let workers = whole()? as usize;
        let steps = whole()? as usize;
        if workers == 0 || workers > ringlab_core::llm::replay::MAX_WORKERS || steps != STEPS {
            return None;
        }
        let requests = (0..workers)
            .map(|_| whole())
            .collect::<Option<Vec<u64>>>()?;
        let mut stretches = Vec::with_capacity(steps);
        for _ in 0..steps {
            let (end_ms, blocks, reused) = (whole()?, whole()?, whole()?);
            let requests = (0..workers)
                .map(|_| whole())
                .collect::<Option<Vec<u64>>>()?;
            let held = (0..workers)
                .map(|_| whole())
                .collect::<Option<Vec<u64>>>()?;
            let dots = whole()? as usize;
            if dots > DOTS {
                return None;
            }
            let previous = stretches.last().map_or(start_ms, |s: &Stretch| s.end_ms);
            if end_ms < previous {
                return None;
            }
            let dots = (0..dots)
                .map(|_| Some((whole()? as usize, whole()? as usize)))
                .collect::<Option<Vec<(usize, usize)>>>()?;
            if dots.iter().any(|&(w, f)| w >= workers || f >= FAMILIES) {
                return None;
            }
            stretches.push(Stretch {
                end_ms,
                blocks,
                reused,
                requests,
                held,
                dots,
            });
        }
        it.next().is_none().then_some(RouterRun {
            start_ms,
            change_ms,
            blocks,
            reused,
            repeats,
            prefill_tokens,
            input_tokens,
            ttft_p50_us,
            ttft_p95_us,
            requests,
            stretches,
        })
    }
}

/// `a` over `b` (0 when `b` is 0).
pub fn ratio(a: u64, b: u64) -> f64 {
    if b == 0 {
        0.0
    } else {
        a as f64 / b as f64
    }
}

/// The busiest's count over the mean (0 when all are 0).
pub fn busiest_over_mean(counts: &[u64]) -> f64 {
    let max = counts.iter().copied().max().unwrap_or(0);
    let mean = counts.iter().sum::<u64>() as f64 / counts.len().max(1) as f64;
    if mean == 0.0 {
        0.0
    } else {
        max as f64 / mean
    }
}

/// Each request's prompt family's colour, 0 to [`FAMILIES`] − 1: its first two blocks,
/// mixed by a fixed function (SplitMix64), so that the requests of one conversation share
/// a colour wherever they go (two families may share one too).
pub fn families(trace: &[Request]) -> Vec<usize> {
    trace
        .iter()
        .map(|r| {
            let first = r.blocks.first().copied().unwrap_or(0);
            let second = r.blocks.get(1).copied().unwrap_or(u64::MAX);
            (draw(first, second) % FAMILIES as u64) as usize
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use ringlab_core::llm::cache::PrefixCache;
    use ringlab_core::llm::generate::{generate, Settings};
    use std::collections::HashMap;

    fn trace() -> Vec<Request> {
        generate(&Settings {
            requests: 600,
            sessions: 40,
            prompts: 5,
            ..Settings::default()
        })
    }

    fn params(query: &str) -> LlmParams {
        let (p, notes) = LlmParams::from_query(&parse_query(query));
        assert!(notes.is_empty(), "{notes:?}");
        p
    }

    #[test]
    fn a_job_reads_back_from_its_line_and_other_lines_are_not_jobs() {
        for router in 0..Router::NAMES.len() {
            let job = Job {
                router,
                params: params("workers=5&k=3&change=leave&bound=1.5&cache=300"),
            };
            assert_eq!(Job::from_text(&job.to_text()), Some(job));
        }
        for bad in [
            "",
            "llm",
            "llm nosuch workers=5",
            "llm ring workers=900",
            "catcher 1 2",
        ] {
            assert_eq!(Job::from_text(bad), None, "{bad:?}");
        }
    }

    /// The stretches add up to the replay's totals; each cache's size at each stretch's
    /// end equals a prefix cache fed the same requests in the same order, emptied when
    /// its worker leaves; the dots are requests of their stretch.
    #[test]
    fn the_stretches_add_up_and_hold_what_a_cache_fed_the_same_holds() {
        let trace = trace();
        for query in [
            "router=ring&k=2&cache=300",
            "router=modulo&change=join&cache=200",
            "router=round-robin&change=leave&workers=4&cache=150",
            "router=session&cache=500",
        ] {
            let p = params(query);
            let fleet = p.fleet(p.router, &trace);
            let out = replay(&trace, &fleet).unwrap();
            let run = Job {
                router: p.router,
                params: p.clone(),
            }
            .run(&trace)
            .unwrap();
            assert_eq!(run.stretches.len(), STEPS);
            assert_eq!(run.reused, out.reused_blocks(), "{query}");
            let sum = |f: &dyn Fn(&Stretch) -> u64| run.stretches.iter().map(f).sum::<u64>();
            assert_eq!(sum(&|s| s.reused), out.reused_blocks(), "{query}");
            assert_eq!(sum(&|s| s.blocks), out.blocks, "{query}");
            for w in 0..run.workers() {
                assert_eq!(
                    sum(&|s| s.requests[w]),
                    run.requests[w],
                    "{query} worker {w}"
                );
            }
            // The caches, fed request by request.
            let workers = run.workers();
            let mut caches: Vec<PrefixCache> = (0..workers)
                .map(|_| PrefixCache::new(p.cache as usize))
                .collect();
            let leave_at =
                (p.change == FleetChange::Leave).then(|| LlmParams::change_at_ms(&trace));
            let mut i = 0;
            for s in &run.stretches {
                while i < trace.len() && trace[i].arrival_ms <= s.end_ms {
                    caches[out.placed[i].worker].touch(&trace[i].blocks);
                    i += 1;
                }
                let held: Vec<u64> = caches
                    .iter()
                    .enumerate()
                    .map(|(w, c)| {
                        let gone = w == workers - 1 && leave_at.is_some_and(|at| at <= s.end_ms);
                        if gone {
                            0
                        } else {
                            c.len() as u64
                        }
                    })
                    .collect();
                assert_eq!(s.held, held, "{query}, stretch ending {}", s.end_ms);
                assert!(s.dots.len() <= DOTS);
            }
            assert_eq!(i, trace.len());
            // The encoded answer reads back whole; cut short or padded, it does not.
            let values = run.to_values();
            assert_eq!(RouterRun::read(&values), Some(run.clone()));
            assert_eq!(RouterRun::read(&values[..values.len() - 1]), None);
            let mut longer = values.clone();
            longer.push(0.0);
            assert_eq!(RouterRun::read(&longer), None);
            assert_eq!(RouterRun::read(&[]), None);
        }
    }

    /// The most any router could find: the blocks that repeat one seen before, counted
    /// here on their own; and a family's requests share a colour.
    #[test]
    fn repeats_and_families_are_counted_as_the_trace_says() {
        let trace = trace();
        let run = Job {
            router: 0,
            params: params("router=round-robin"),
        }
        .run(&trace)
        .unwrap();
        let all: Vec<u64> = trace
            .iter()
            .flat_map(|r| r.blocks.iter().copied())
            .collect();
        let distinct: HashSet<u64> = all.iter().copied().collect();
        assert_eq!(run.repeats, (all.len() - distinct.len()) as u64);
        // Requests with the same first two blocks share a colour.
        let families = families(&trace);
        let mut colour = HashMap::new();
        for (r, &f) in trace.iter().zip(&families) {
            assert!(f < FAMILIES);
            let key = (r.blocks.first().copied(), r.blocks.get(1).copied());
            assert_eq!(*colour.entry(key).or_insert(f), f, "{key:?}");
        }
    }

    /// A newcomer is live from the stretch the change falls in, a leaver until it; the
    /// others throughout. Each worker takes requests only while it is live.
    #[test]
    fn workers_are_live_as_the_change_says() {
        let trace = trace();
        for (query, changing) in [("change=join&workers=4", 4), ("change=leave&workers=4", 3)] {
            let p = params(query);
            let run = Job {
                router: 0,
                params: p.clone(),
            }
            .run(&trace)
            .unwrap();
            let at = run.change_ms.unwrap();
            assert_eq!(at, LlmParams::change_at_ms(&trace));
            for (step, s) in run.stretches.iter().enumerate() {
                let after = at <= s.end_ms;
                for w in 0..run.workers() {
                    let expected = if w == changing {
                        after == (p.change == FleetChange::Join)
                    } else {
                        true
                    };
                    assert_eq!(
                        run.live(w, step, &p),
                        expected,
                        "{query}: worker {w}, step {step}"
                    );
                    let before_start = step > 0 && at <= run.stretches[step - 1].end_ms;
                    if w == changing && p.change == FleetChange::Leave && before_start {
                        assert_eq!(s.requests[w], 0, "the leaver takes nothing after it left");
                    }
                    if w == changing && p.change == FleetChange::Join && !after {
                        assert_eq!(
                            s.requests[w], 0,
                            "the newcomer takes nothing before it joins"
                        );
                    }
                }
            }
        }
    }

    /// Answers that do not fit are refused, not read into a page that would index past
    /// them: too few stretches, or stretches that end before the one before.
    #[test]
    fn answers_out_of_shape_are_refused() {
        let trace = trace();
        let run = Job {
            router: 0,
            params: params("router=round-robin&workers=3"),
        }
        .run(&trace)
        .unwrap();
        let values = run.to_values();
        let mut fewer = values.clone();
        fewer[11] = (STEPS - 1) as f64;
        assert_eq!(RouterRun::read(&fewer), None);
        // The second stretch's end, set before the first's.
        let workers = run.workers();
        let second = 12 + workers + 3 + 2 * workers + 1 + 2 * run.stretches[0].dots.len();
        assert_eq!(values[second], run.stretches[1].end_ms as f64);
        let mut backwards = values.clone();
        backwards[second] = run.stretches[0].end_ms as f64 - 1.0;
        assert_eq!(RouterRun::read(&backwards), None);
    }

    /// A stretch's busiest over the mean counts the workers in the fleet then: before a
    /// join, the newcomer's empty column does not lower the mean.
    #[test]
    fn a_stretchs_busiest_counts_the_fleet_then() {
        let trace = trace();
        let p = params("router=round-robin&workers=4&change=join");
        let run = Job {
            router: 0,
            params: p.clone(),
        }
        .run(&trace)
        .unwrap();
        let first = &run.stretches[0];
        assert_eq!(first.requests[4], 0);
        assert_eq!(
            run.busiest_in(0, &p),
            busiest_over_mean(&first.requests[..4])
        );
        let last = STEPS - 1;
        assert_eq!(
            run.busiest_in(last, &p),
            busiest_over_mean(&run.stretches[last].requests)
        );
        assert_eq!(run.busiest_in(STEPS, &p), 0.0);
    }

    /// When one worker takes every request (a ring on a block every prompt starts with),
    /// each stretch's busiest is the whole fleet's count times the mean; and a stretch
    /// with many requests draws exactly [`DOTS`] of them.
    #[test]
    fn one_worker_taking_all_is_the_fleet_size_times_the_mean() {
        let trace: Vec<Request> = (0..3_000u64)
            .map(|i| Request {
                arrival_ms: i * 10,
                input_tokens: 1024,
                output_tokens: 1,
                blocks: vec![0, i],
                session: None,
            })
            .collect();
        let p = params("router=ring&k=1");
        let run = Job {
            router: 4,
            params: p.clone(),
        }
        .run(&trace)
        .unwrap();
        for step in 0..STEPS {
            assert_eq!(run.busiest_in(step, &p), 8.0, "stretch {step}");
            assert_eq!(run.stretches[step].dots.len(), DOTS, "stretch {step}");
        }
    }

    /// The session router has no run on a trace without sessions.
    #[test]
    fn the_session_router_needs_sessions() {
        let mut trace = trace();
        for r in &mut trace {
            r.session = None;
        }
        assert_eq!(
            Job {
                router: 7,
                params: params("router=session")
            }
            .run(&trace),
            None
        );
    }
}
