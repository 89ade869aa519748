//! `ringlab load`: requests per second per server for Zipf traffic under a scheme, plain
//! or with bounded loads (`ringlab_core::load`).

use std::io::Write;

use ringlab_core::load::report::{bounded, haproxy, plain, LoadReport};
use ringlab_core::load::traffic::{Traffic, TrafficSpec};
use ringlab_core::schemes::haproxy::{Haproxy, KeyHash};
use ringlab_core::{Partitioner, SchemeKind};

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
    let (p, report) = if args.scheme.scheme.as_deref() == Some("haproxy") {
        haproxy_load(args, &traffic)?
    } else if args.balance_factor.is_some() {
        return Err(CliError::new(
            "--balance-factor is HAProxy's: use it with --scheme haproxy (--epsilon bounds any other scheme)",
        ));
    } else {
        scheme_load(args, &traffic, err)?
    };
    print(&report, p.as_ref(), &traffic, out)
}

/// HAProxy's `hash-type consistent` over the servers, with `hash-balance-factor`.
fn haproxy_load(
    args: &LoadArgs,
    traffic: &Traffic,
) -> Result<(Box<dyn Partitioner>, LoadReport), CliError> {
    if args.epsilon.is_some() {
        return Err(CliError::new(
            "--epsilon is not HAProxy's rule: give --balance-factor (125 is c = 1.25)",
        ));
    }
    let servers = scheme::servers(&args.servers, SchemeKind::Ring)?;
    let backend = Haproxy::new(servers, &[], KeyHash::default())?;
    let requests = (traffic.keys.len() * 10).clamp(100_000, 1_000_000);
    let report = haproxy(
        &backend,
        traffic,
        args.balance_factor.unwrap_or(0),
        args.in_flight,
        requests,
        args.seed,
    )?;
    Ok((Box::new(backend), report))
}

fn scheme_load(
    args: &LoadArgs,
    traffic: &Traffic,
    err: &mut dyn Write,
) -> Result<(Box<dyn Partitioner>, LoadReport), CliError> {
    let (kind, mut options) = scheme::kind_and_options(&args.scheme, err)?;
    options.spymemcached_weighted = scheme::weights_given(&args.servers);
    let servers = scheme::servers(&args.servers, kind)?;
    let p = scheme::partitioner(kind, servers, &options, err)?;
    let report = match &args.epsilon {
        None => plain(p.as_ref(), traffic),
        Some(e) => {
            let epsilon = number("--epsilon", e)?;
            if epsilon < 0.0 {
                return Err(CliError::new(format!(
                    "--epsilon {e} is below 0: bounded loads need c = 1 + epsilon of at least 1"
                )));
            }
            bounded(p.as_ref(), traffic, epsilon)?
        }
    };
    Ok((p, report))
}

fn print(
    report: &LoadReport,
    p: &dyn Partitioner,
    traffic: &Traffic,
    out: &mut dyn Write,
) -> Result<(), CliError> {
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
