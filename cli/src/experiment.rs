//! `ringlab experiment busiest|catcher`: the lab's tables as TSV, with a progress bar on
//! standard error when it is a terminal.

use std::io::Write;

use ringlab_core::experiment::{
    grid, run, BiggestCatcher, Busiest, Method, Placement, Progress, Setting, Trial,
};

use crate::args::{ExperimentArgs, MethodArg, PlacementArg};
use crate::progress::Progress as Bar;
use crate::{input, CliError};

/// Server counts and points per server above these would not fit in memory here.
const MAX_SERVERS: u64 = 100_000;
const MAX_POINTS: u64 = 100_000;
const MAX_RINGS: usize = 1_000_000;

pub fn busiest(args: &ExperimentArgs, out: &mut dyn Write, show: bool) -> Result<(), CliError> {
    let trial = Busiest {
        seed: args.seed,
        method: match args.method {
            MethodArg::Ring => Method::Ring,
            MethodArg::Gamma => Method::Gamma,
        },
        placement: placement(args),
    };
    let rows = run_with_bar(&trial, &settings(args)?, show)?;
    writeln!(
        out,
        "servers\tpoints\trings\tmean_busiest\tp95_busiest\tspread_sqrt_points"
    )?;
    for r in rows {
        writeln!(
            out,
            "{}\t{}\t{}\t{:.4}\t{:.4}\t{:.4}",
            r.servers, r.points, r.rings, r.mean_busiest, r.p95_busiest, r.spread_sqrt_points
        )?;
    }
    Ok(())
}

pub fn catcher(args: &ExperimentArgs, out: &mut dyn Write, show: bool) -> Result<(), CliError> {
    if args.method == MethodArg::Gamma {
        return Err(CliError(
            "the catcher experiment needs real rings: use --method ring".into(),
        ));
    }
    let trial = BiggestCatcher {
        seed: args.seed,
        placement: placement(args),
    };
    let rows = run_with_bar(&trial, &settings(args)?, show)?;
    writeln!(
        out,
        "servers\tpoints\trings\tmean_biggest_catcher\tp95_biggest_catcher\tmean_catchers"
    )?;
    for r in rows {
        writeln!(
            out,
            "{}\t{}\t{}\t{:.4}\t{:.4}\t{:.2}",
            r.servers,
            r.points,
            r.rings,
            r.mean_biggest_fraction,
            r.p95_biggest_fraction,
            r.mean_catchers
        )?;
    }
    Ok(())
}

fn placement(args: &ExperimentArgs) -> Placement {
    match args.placement {
        PlacementArg::Uniform => Placement::Uniform,
        PlacementArg::Names => Placement::HashedNames,
    }
}

fn settings(args: &ExperimentArgs) -> Result<Vec<Setting>, CliError> {
    let servers = input::parse_counts(&args.servers, "--servers", MAX_SERVERS)?;
    let points = input::parse_counts(&args.points, "--points", MAX_POINTS)?;
    if !(1..=MAX_RINGS).contains(&args.rings) {
        return Err(CliError(format!(
            "--rings must be from 1 to {MAX_RINGS}, not {}",
            args.rings
        )));
    }
    let servers: Vec<usize> = servers.into_iter().map(|n| n as usize).collect();
    let points: Vec<u32> = points.into_iter().map(|v| v as u32).collect();
    Ok(grid(&servers, &points, args.rings as u32))
}

fn run_with_bar<T: Trial + Sync>(
    trial: &T,
    settings: &[Setting],
    show: bool,
) -> Result<Vec<T::Row>, CliError> {
    let mut bar = Bar::new(show);
    let mut report = |p: Progress| {
        let done = (p.fraction() * 1000.0) as usize;
        bar.update(done, 1000, &format!("{} of {} rings", p.done, p.total));
    };
    let rows = run(trial, settings, Some(&mut report));
    bar.finish();
    Ok(rows?)
}
