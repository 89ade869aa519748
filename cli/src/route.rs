//! `ringlab route`: an LLM request trace replayed through a fleet of workers with prefix
//! caches, under one router. The summary, or one line per request.

use std::io::{BufRead, BufReader, Write};

use ringlab_core::llm::generate::{to_line, Settings};
use ringlab_core::llm::replay::{replay, Change, Event, Fleet, Replay};
use ringlab_core::llm::router::Router;
use ringlab_core::llm::timing::TimeModel;
use ringlab_core::llm::trace::{read_any, Request};
use ringlab_model::format::{grouped, percent};

use crate::args::{RouteArgs, TraceArgs};
use crate::CliError;

/// The trace of `--trace`, a file or standard input, gzipped or plain.
fn trace(args: &RouteArgs, stdin: &mut dyn BufRead) -> Result<Vec<Request>, CliError> {
    let path = &args.trace;
    let read_err =
        |e: ringlab_core::llm::trace::TraceError| CliError::new(format!("{} {e}", path.display()));
    if path.as_os_str() == "-" {
        return read_any(stdin).map_err(read_err);
    }
    let file = std::fs::File::open(path)
        .map_err(|e| CliError::new(format!("cannot read {}: {e}", path.display())))?;
    read_any(BufReader::new(file)).map_err(read_err)
}

/// `worker-3@60000` (or `3@60000`): worker 3 leaves at 60,000 ms.
fn leave(text: &str) -> Result<Event, CliError> {
    let bad = || {
        CliError::new(format!(
            "--leave {}: give worker-I@T, e.g. worker-3@60000 (worker 3 leaves at 60,000 ms)",
            crate::limits::shorten(text)
        ))
    };
    let (who, at) = text.split_once('@').ok_or_else(bad)?;
    let number = who.strip_prefix("worker-").unwrap_or(who);
    Ok(Event {
        at_ms: at.parse().map_err(|_| bad())?,
        change: Change::Leave(number.parse().map_err(|_| bad())?),
    })
}

/// `value` of `flag` if it is from `low` to `high`, else one line saying so.
fn within(flag: &str, value: f64, low: f64, high: f64) -> Result<f64, CliError> {
    if (low..=high).contains(&value) {
        Ok(value)
    } else {
        // Very large or small numbers as 1e300, not 300 digits.
        let shown = |v: f64| {
            if v == 0.0 || (1e-3..1e9).contains(&v.abs()) {
                v.to_string()
            } else {
                format!("{v:e}")
            }
        };
        Err(CliError::new(format!(
            "{flag} {}: give a number from {} to {}",
            shown(value),
            shown(low),
            shown(high)
        )))
    }
}

/// The fleet the arguments describe.
fn fleet(args: &RouteArgs) -> Result<Fleet, CliError> {
    within("--bound", args.bound, 1.0, 100.0)?;
    within("--prefill-rate", args.prefill_rate, 1.0, 1e9)?;
    within("--ms-per-token", args.ms_per_token, 0.0, 1e6)?;
    let router =
        Router::named(&args.router, args.vnodes, args.bound, args.seed).map_err(CliError::new)?;
    let mut events: Vec<Event> = args
        .join
        .iter()
        .map(|&at_ms| Event {
            at_ms,
            change: Change::Join,
        })
        .collect();
    for text in &args.leave {
        events.push(leave(text)?);
    }
    events.sort_by_key(|e| e.at_ms);
    Ok(Fleet {
        workers: args.workers as usize,
        cache_blocks: usize::try_from(args.cache_blocks).unwrap_or(usize::MAX),
        prefix_blocks: args.prefix_blocks as usize,
        router,
        time: TimeModel {
            prefill_tokens_per_s: args.prefill_rate,
            ms_per_output_token: args.ms_per_token,
            batch: args.batch as usize,
        },
        events,
    })
}

fn ms(us: u64) -> String {
    format!("{:.1} ms", us as f64 / 1e3)
}

/// The summary, as name<TAB>value lines, then one line per worker.
fn summary(fleet: &Fleet, trace: &[Request], out: &Replay) -> String {
    let router = match fleet.router {
        Router::Ring { vnodes } => format!(
            "ring, K = {}, {vnodes} points per worker",
            fleet.prefix_blocks
        ),
        Router::RingBounded { vnodes, c } => format!(
            "ring-bounded, K = {}, {vnodes} points per worker, c = {c}",
            fleet.prefix_blocks
        ),
        Router::Modulo => format!("modulo, K = {}", fleet.prefix_blocks),
        other => other.name().to_string(),
    };
    let t = &fleet.time;
    let mut text = String::new();
    let mut line = |name: &str, value: String| text.push_str(&format!("{name}\t{value}\n"));
    line("router", router);
    line("requests", grouped(trace.len() as u64));
    line(
        "blocks reused",
        format!(
            "{} of {} ({})",
            grouped(out.reused_blocks()),
            grouped(out.blocks),
            percent(out.reused_share())
        ),
    );
    line(
        "prefill tokens computed",
        format!(
            "{} of {} ({})",
            grouped(out.prefill_tokens),
            grouped(out.input_tokens),
            percent(out.prefill_tokens as f64 / out.input_tokens.max(1) as f64)
        ),
    );
    line(
        "busiest / mean requests",
        format!("{:.2}", out.busiest_over_mean()),
    );
    line("TTFT p50", ms(out.ttft_quantile(0.5)));
    line("TTFT p95", ms(out.ttft_quantile(0.95)));
    line(
        "time model",
        format!(
            "prefill {} tokens/s, {} ms per output token, {} at once (a model, not a measurement)",
            grouped(t.prefill_tokens_per_s as u64),
            t.ms_per_output_token,
            t.batch
        ),
    );
    text.push_str("worker\trequests\tbusy_s\n");
    for (i, w) in out.workers.iter().enumerate() {
        text.push_str(&format!(
            "worker-{i}\t{}\t{:.1}\n",
            w.requests,
            w.busy_us as f64 / 1e6
        ));
    }
    text
}

pub fn run(args: &RouteArgs, stdin: &mut dyn BufRead, out: &mut dyn Write) -> Result<(), CliError> {
    let fleet = fleet(args)?;
    let trace = trace(args, stdin)?;
    let result = replay(&trace, &fleet)?;
    // Everything is computed before anything is printed: an error prints nothing half.
    let text = if args.per_request {
        let mut text = String::with_capacity(trace.len() * 16);
        for (i, p) in result.placed.iter().enumerate() {
            text.push_str(&format!("{i}\tworker-{}\t{}\n", p.worker, p.cached));
        }
        text
    } else {
        summary(&fleet, &trace, &result)
    };
    out.write_all(text.as_bytes())?;
    Ok(())
}

/// `ringlab trace`: a made-up trace with sessions, one JSON request a line.
pub fn generate(args: &TraceArgs, out: &mut dyn Write) -> Result<(), CliError> {
    within("--zipf", args.zipf, 0.0, 10.0)?;
    within("--rate", args.rate, 0.001, 1e6)?;
    let trace = ringlab_core::llm::generate::generate(&Settings {
        requests: args.requests as usize,
        sessions: args.sessions as usize,
        prompts: args.prompts as usize,
        zipf: args.zipf,
        prompt_blocks: args.prompt_blocks as usize,
        rate: args.rate,
        seed: args.seed,
    });
    for request in &trace {
        writeln!(out, "{}", to_line(request))?;
    }
    Ok(())
}
