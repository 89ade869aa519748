//! `ringlab load`: requests per second per server for Zipf traffic under a scheme, plain
//! or with bounded loads (`ringlab_core::load`).

use std::io::Write;

use ringlab_core::load::report::{bounded, plain};
use ringlab_core::load::traffic::{Traffic, TrafficSpec};

use crate::args::LoadArgs;
use crate::{scheme, CliError};

/// A number argument, or a message naming the flag.
fn number(flag: &str, text: &str) -> Result<f64, CliError> {
    text.trim()
        .parse::<f64>()
        .ok()
        .filter(|v| v.is_finite())
        .ok_or_else(|| {
            CliError::new(format!(
                "{flag} {} is not a number",
                crate::limits::shorten(text)
            ))
        })
}

pub fn run(args: &LoadArgs, out: &mut dyn Write, err: &mut dyn Write) -> Result<(), CliError> {
    let keys = crate::input::parse_u64(&args.keys, "--keys")?;
    let spec = TrafficSpec {
        keys: usize::try_from(keys).unwrap_or(usize::MAX),
        zipf: number("--zipf", &args.zipf)?,
        qps: number("--qps", &args.qps)?,
        hot_share: number("--hot-share", &args.hot_share)?,
        seed: args.seed,
    };
    let traffic = Traffic::new(spec)?;
    let (kind, mut options) = scheme::kind_and_options(&args.scheme, err)?;
    options.spymemcached_weighted = scheme::weights_given(&args.servers);
    let servers = scheme::servers(&args.servers, kind)?;
    let p = scheme::partitioner(kind, servers, &options, err)?;
    let report = match &args.epsilon {
        None => plain(p.as_ref(), &traffic),
        Some(e) => {
            let epsilon = number("--epsilon", e)?;
            if epsilon < 0.0 {
                return Err(CliError::new(format!(
                    "--epsilon {e} is below 0: bounded loads need c = 1 + epsilon of at least 1"
                )));
            }
            bounded(p.as_ref(), &traffic, epsilon)?
        }
    };
    writeln!(out, "server\tqps\tover_mean")?;
    let mean = report.mean();
    for (server, load) in p.servers().iter().zip(&report.loads) {
        writeln!(
            out,
            "{}\t{load:.1}\t{:.3}",
            server.name,
            load / mean.max(f64::MIN_POSITIVE)
        )?;
    }
    writeln!(out)?;
    writeln!(out, "qps\t{:.1}", traffic.total())?;
    writeln!(out, "mean\t{mean:.1}")?;
    writeln!(out, "max\t{:.1}", report.max())?;
    writeln!(out, "max_over_mean\t{:.3}", report.max_over_mean())?;
    if let Some(cap) = report.cap {
        writeln!(out, "cap_keys\t{cap}")?;
    }
    writeln!(out, "pushed_keys\t{}", report.pushed_keys)?;
    writeln!(
        out,
        "pushed_share\t{:.6}",
        report.pushed_requests / traffic.total()
    )?;
    writeln!(out, "mean_probes\t{:.3}", report.mean_probes)?;
    writeln!(out, "max_probes\t{}", report.max_probes)?;
    Ok(())
}
