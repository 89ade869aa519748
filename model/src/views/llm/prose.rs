//! The llm view's sentences, from the replay's numbers.

use ringlab_core::llm::router::Router;

use super::params::{FleetChange, LlmParams, TraceName};
use super::run::{ratio, RouterRun};
use crate::format::{grouped, percent};

/// Stretches on either side of the change that its sentence sums: a few minutes of the
/// real trace, thousands of blocks, not one noisy stretch.
pub const AROUND: usize = 3;

/// A router's name in the page.
pub fn label(router: usize, params: &LlmParams) -> String {
    let k = params.k;
    let blocks = if k == 1 {
        "block".to_string()
    } else {
        format!("{k} blocks")
    };
    match params.router_at(router) {
        Router::RoundRobin => "Round robin".into(),
        Router::Random { .. } => "Random".into(),
        Router::LeastLoaded => "Least loaded".into(),
        Router::Modulo => format!("Modulo on the first {blocks}"),
        Router::Ring { .. } => format!("A ring on the first {blocks}"),
        Router::RingBounded { c, .. } => {
            format!("A ring on the first {blocks}, bounded at c = {c}")
        }
        Router::CacheAware => "Cache-aware (SGLang)".into(),
        Router::Session => "Sessions on uhashring (vLLM)".into(),
    }
}

/// Why router `router` has no run on the trace.
pub fn not_run(router: usize, params: &LlmParams) -> String {
    match params.router_at(router) {
        Router::Session => format!(
            "The session router reads each request's session id, and {} carries none. Pick ringlab's generated trace to see it.",
            match params.trace {
                TraceName::Generated => "this trace",
                _ => "the Mooncake trace",
            }
        ),
        _ => "This router cannot run on this fleet.".into(),
    }
}

/// The headline: what the router found cached, against the most any router could, and
/// its busiest worker.
pub fn headline(run: &RouterRun, router: usize, params: &LlmParams) -> String {
    format!(
        "{} finds {} of the prompt blocks cached ({} of {}). The most any router could find is {}: every block seen before. Its busiest worker takes {:.2}× the mean of requests.",
        label(router, params),
        percent(run.reused_share()),
        grouped(run.reused),
        grouped(run.blocks),
        percent(run.best_share()),
        run.busiest_over_mean(),
    )
}

/// `m:ss` from the trace's start.
pub fn clock(ms: u64) -> String {
    let s = ms / 1000;
    format!("{}:{:02}", s / 60, s % 60)
}

/// Cached share of the stretches `from..to`.
fn share(run: &RouterRun, from: usize, to: usize) -> (u64, u64) {
    run.stretches[from..to]
        .iter()
        .fold((0, 0), |(r, b), s| (r + s.reused, b + s.blocks))
}

/// What the change did, in the minutes around it; `None` with no change.
pub fn change(run: &RouterRun, params: &LlmParams, at_ms: u64) -> Option<String> {
    let who = match params.change {
        FleetChange::None => return None,
        FleetChange::Join => format!("worker-{} joins", params.workers),
        FleetChange::Leave => format!("worker-{} leaves", params.workers - 1),
    };
    // The first stretch that ends after the change.
    let at = run
        .stretches
        .iter()
        .position(|s| s.end_ms > at_ms)
        .unwrap_or(run.stretches.len());
    let before = share(run, at.saturating_sub(AROUND), at);
    let after = share(
        run,
        at.min(run.stretches.len()),
        (at + AROUND).min(run.stretches.len()),
    );
    let pct = |(r, b): (u64, u64)| percent(ratio(r, b));
    Some(format!(
        "At {}, {who}. In the {AROUND} stretches before, {} of the blocks were found cached ({} of {}); in the {AROUND} after, {} ({} of {}).",
        clock(at_ms.saturating_sub(run.start_ms)),
        pct(before),
        grouped(before.0),
        grouped(before.1),
        pct(after),
        grouped(after.0),
        grouped(after.1),
    ))
}

/// The moment shown: stretch `step` (from 1; 0 is before the first request) in a sentence.
pub fn moment(run: &RouterRun, step: usize) -> String {
    let Some(s) = step.checked_sub(1).and_then(|i| run.stretches.get(i)) else {
        return "Before the first request: every cache is empty.".into();
    };
    let requests: u64 = s.requests.iter().sum();
    let busiest = s.requests.iter().copied().max().unwrap_or(0);
    format!(
        "Up to {}: {} requests in this stretch, {} of their blocks found cached; the busiest worker took {} of them.",
        clock(s.end_ms.saturating_sub(run.start_ms)),
        grouped(requests),
        percent(s.cached_share()),
        grouped(busiest),
    )
}

/// The download's progress.
pub fn fetching(loaded: f64, total: f64) -> String {
    let mb = |b: f64| format!("{:.2} MB", b / 1e6);
    if total > 0.0 {
        format!("Fetching the trace: {} of {}…", mb(loaded), mb(total))
    } else {
        format!("Fetching the trace: {}…", mb(loaded))
    }
}

/// The replays' progress.
pub fn replaying(done: usize, all: usize) -> String {
    format!("Replaying the trace in your browser: {done} of {all} routers done…")
}

/// The line under "Replay the trace": what pressing it does.
pub fn before_start(trace: TraceName) -> String {
    match trace.file() {
        Some(_) => "Fetches the trace once (under a megabyte) and replays it under all eight routers, in your browser, off the page's thread.".into(),
        None => "Makes the trace in your browser (ringlab trace's defaults) and replays it under all eight routers, off the page's thread.".into(),
    }
}

/// The intro's last sentence, for the trace chosen.
pub fn intro(trace: TraceName) -> String {
    match trace {
        TraceName::Conversation => "Here a real hour of chat requests runs through eight routers, and you watch what each finds cached.".into(),
        TraceName::Synthetic => "Here Mooncake's synthetic trace, built from public datasets, runs through eight routers, and you watch what each finds cached.".into(),
        TraceName::Generated => "Here a made-up trace of conversations, each with its session id, runs through eight routers, and you watch what each finds cached.".into(),
    }
}

/// The status once every router is done.
pub fn replayed() -> String {
    "All eight routers replayed.".into()
}

/// What the caches hold at the end of stretch `step` (from 1; 0: before the first request).
pub fn caches(run: &RouterRun, step: usize, cache: u64) -> String {
    let Some(s) = step.checked_sub(1).and_then(|i| run.stretches.get(i)) else {
        return "Every cache is empty.".into();
    };
    let total: u64 = s.held.iter().sum();
    let full = s.held.iter().filter(|&&h| h >= cache).count();
    let (fullest, most) = s
        .held
        .iter()
        .copied()
        .enumerate()
        .max_by_key(|&(w, h)| (h, std::cmp::Reverse(w)))
        .unwrap_or((0, 0));
    if full == s.held.len() {
        return format!(
            "Every cache is full: {} blocks each, {} in all.",
            grouped(cache),
            grouped(total)
        );
    }
    format!(
        "The caches hold {} blocks in all; the fullest, worker-{fullest}, holds {} of {}.",
        grouped(total),
        grouped(most),
        grouped(cache)
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_numbers::assert_numbers;
    use crate::urlkit::parse_query;
    use crate::view_state::ViewState;
    use crate::views::llm::run::{Job, STEPS};
    use ringlab_core::llm::generate::{generate, Settings};
    use ringlab_core::llm::replay::replay;

    #[test]
    fn the_headline_says_the_replays_numbers() {
        let trace = generate(&Settings {
            requests: 500,
            ..Settings::default()
        });
        let (p, _) = LlmParams::from_query(&parse_query("router=ring&k=2&cache=400"));
        let run = Job {
            router: 4,
            params: p.clone(),
        }
        .run(&trace)
        .unwrap();
        let out = replay(&trace, &p.fleet(4, &trace)).unwrap();
        let blocks: usize = trace.iter().map(|r| r.blocks.len()).sum();
        let mut seen = std::collections::HashSet::new();
        let repeats = trace
            .iter()
            .flat_map(|r| &r.blocks)
            .filter(|b| !seen.insert(**b))
            .count();
        let reused: usize = out.placed.iter().map(|x| x.cached).sum();
        let mut per = [0u64; 8];
        for x in &out.placed {
            per[x.worker] += 1;
        }
        let busiest = *per.iter().max().unwrap() as f64 / (500.0 / 8.0);
        assert_numbers(
            &headline(&run, 4, &p),
            &[
                2.0,
                reused as f64 / blocks as f64,
                reused as f64,
                blocks as f64,
                repeats as f64 / blocks as f64,
                busiest,
            ],
        );
    }

    #[test]
    fn the_change_sentence_sums_the_stretches_around_it() {
        let trace = generate(&Settings {
            requests: 900,
            ..Settings::default()
        });
        let (p, _) = LlmParams::from_query(&parse_query("router=modulo&k=2&change=join&cache=400"));
        let run = Job {
            router: 3,
            params: p.clone(),
        }
        .run(&trace)
        .unwrap();
        let at = LlmParams::change_at_ms(&trace);
        let text = change(&run, &p, at).unwrap();
        // Summed here from the requests themselves, by arrival time.
        let out = replay(&trace, &p.fleet(3, &trace)).unwrap();
        let ends: Vec<u64> = run.stretches.iter().map(|s| s.end_ms).collect();
        let first_after = ends.iter().position(|&e| e > at).unwrap();
        // (cached, blocks, requests per worker) of the requests in stretches from..to.
        let window = |from: usize, to: usize| {
            let lo = if from == 0 { 0 } else { ends[from - 1] + 1 };
            let hi = ends[to - 1];
            let (mut r, mut b, mut per) = (0, 0, vec![0u64; 9]);
            for (i, q) in trace.iter().enumerate() {
                if q.arrival_ms >= lo && q.arrival_ms <= hi {
                    r += out.placed[i].cached;
                    b += q.blocks.len();
                    per[out.placed[i].worker] += 1;
                }
            }
            (r as f64, b as f64, per)
        };
        let (rb, bb, _) = window(first_after - AROUND, first_after);
        let (ra, ba, _) = window(first_after, first_after + AROUND);
        let minutes = (at / 1000 / 60) as f64;
        let seconds = (at / 1000 % 60) as f64;
        assert_numbers(
            &text,
            &[
                minutes,
                seconds,
                8.0,
                AROUND as f64,
                rb / bb,
                rb,
                bb,
                AROUND as f64,
                ra / ba,
                ra,
                ba,
            ],
        );
        // The moment after the change: that stretch's own counts.
        let (r, b, per) = window(first_after, first_after + 1);
        let end = run.stretches[first_after].end_ms - run.start_ms;
        assert_numbers(
            &moment(&run, first_after + 1),
            &[
                (end / 60_000) as f64,
                (end / 1000 % 60) as f64,
                per.iter().sum::<u64>() as f64,
                r / b,
                *per.iter().max().unwrap() as f64,
            ],
        );
        assert_eq!(
            moment(&run, 0),
            "Before the first request: every cache is empty."
        );
        let (none, _) = LlmParams::from_query(&parse_query("router=modulo"));
        assert_eq!(change(&run, &none, at), None);
    }

    #[test]
    fn the_caches_line_reads_the_stretch() {
        let trace = generate(&Settings {
            requests: 400,
            ..Settings::default()
        });
        let (p, _) = LlmParams::from_query(&parse_query("router=ring&k=2&cache=100"));
        let run = Job {
            router: 4,
            params: p.clone(),
        }
        .run(&trace)
        .unwrap();
        assert_eq!(caches(&run, 0, 100), "Every cache is empty.");
        let first = &run.stretches[0];
        let total: u64 = first.held.iter().sum();
        let most = *first.held.iter().max().unwrap();
        let text = caches(&run, 1, 100);
        if first.held.iter().all(|&h| h >= 100) {
            assert_numbers(&text, &[100.0, total as f64]);
        } else {
            let fullest = first.held.iter().position(|&h| h == most).unwrap();
            assert_numbers(&text, &[total as f64, fullest as f64, most as f64, 100.0]);
        }
        // Round robin on the default generated trace (2,000 requests) fills every cache
        // of 100 blocks.
        let trace = generate(&Settings::default());
        let run = Job {
            router: 0,
            params: p.clone(),
        }
        .run(&trace)
        .unwrap();
        let last = run.stretches.last().unwrap();
        assert!(last.held.iter().all(|&h| h == 100), "{:?}", last.held);
        assert_eq!(
            caches(&run, STEPS, 100),
            "Every cache is full: 100 blocks each, 800 in all."
        );
    }
}
