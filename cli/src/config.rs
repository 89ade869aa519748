//! `lookup --config FILE`: a configuration file read into the placement it describes, by
//! `ringlab_core::config`: an HAProxy backend, an nginx upstream, a twemproxy pool, an
//! Envoy cluster, or a server list placed by `--scheme`.

use std::io::{Read, Write};
use std::path::Path;

use ringlab_core::config::{self, Format, Placement, Reading};
use ringlab_core::schemes::haproxy::POINTS_PER_WEIGHT;
use ringlab_core::{Options, SchemeKind};

use crate::args::{LookupArgs, SchemeArgs};
use crate::limits::{self, shorten};
use crate::{scheme, CliError};

/// The largest config file read (a real one is a few kilobytes).
pub const MAX_CONFIG_BYTES: u64 = 1 << 20;

/// The most ignored lines listed on stderr.
const IGNORED_SHOWN: usize = 5;

/// Reads FILE for `lookup`, with notes on stderr saying what was read, what was not
/// used, and which flags it replaces.
pub fn read(path: &Path, args: &LookupArgs, err: &mut dyn Write) -> Result<Reading, CliError> {
    let reading = read_file(path, &args.scheme, args.pool.as_deref(), err)?;
    if reading.format != Format::List {
        replaced_flags(args, err)?;
    }
    Ok(reading)
}

/// Reads FILE: a recognised config, or a server list placed by `scheme`'s `--scheme`, with
/// [`notes`] on stderr.
pub fn read_file(
    path: &Path,
    scheme_args: &SchemeArgs,
    pool: Option<&str>,
    err: &mut dyn Write,
) -> Result<Reading, CliError> {
    let reading = load(path, scheme_args, pool, err)?;
    notes(path, &reading, err)?;
    Ok(reading)
}

/// Reads FILE without the notes (a note on a list's scheme knobs aside).
pub fn load(
    path: &Path,
    scheme_args: &SchemeArgs,
    pool: Option<&str>,
    err: &mut dyn Write,
) -> Result<Reading, CliError> {
    let shown = shorten(&path.display().to_string());
    let mut text = String::new();
    std::fs::File::open(path)
        .and_then(|file| file.take(MAX_CONFIG_BYTES + 1).read_to_string(&mut text))
        .map_err(|e| CliError::new(format!("cannot read {shown}: {e}")))?;
    if text.len() as u64 > MAX_CONFIG_BYTES {
        return Err(CliError::new(format!(
            "{shown} is over {} bytes: not a config ringlab reads",
            limits::count(MAX_CONFIG_BYTES)
        )));
    }
    let format = config::recognise(&text);
    // A plain list is placed by the scheme named; a config names its own.
    let (list_scheme, options) = if format == Format::List {
        if scheme_args.scheme.is_none() {
            return Err(CliError::new(format!(
                "{shown} reads as a server list: name the system that places it with --scheme"
            )));
        }
        scheme::kind_and_options(scheme_args, err)?
    } else {
        (SchemeKind::Ring, Options::default())
    };
    let reading = config::read_pool(&text, list_scheme, &options, pool)
        .map_err(|e| CliError::new(format!("{shown} ({}): {e}", format.label())))?;
    check_size(&reading, &shown)?;
    Ok(reading)
}

/// The notes on what a file was read as and which of its lines were not used.
pub fn notes(path: &Path, reading: &Reading, err: &mut dyn Write) -> Result<(), CliError> {
    let shown = shorten(&path.display().to_string());
    writeln!(err, "ringlab: note: {shown}: {}", reading.summary())?;
    for line in reading.ignored.iter().take(IGNORED_SHOWN) {
        writeln!(err, "ringlab: note: not used: {line}")?;
    }
    if reading.ignored.len() > IGNORED_SHOWN {
        writeln!(
            err,
            "ringlab: note: and {} more lines not used",
            reading.ignored.len() - IGNORED_SHOWN
        )?;
    }
    Ok(())
}

/// Refuses a placement over the command line's limits.
fn check_size(reading: &Reading, shown: &str) -> Result<(), CliError> {
    match &reading.placement {
        Placement::Haproxy(backend) => {
            let points: u64 = backend
                .servers
                .iter()
                .map(|s| s.weight as u64 * u64::from(POINTS_PER_WEIGHT))
                .sum();
            if points > limits::MAX_RING_POINTS {
                return Err(CliError::new(format!(
                    "{shown}: {} ring points, over the limit of {}",
                    limits::count(points),
                    limits::count(limits::MAX_RING_POINTS)
                )));
            }
            Ok(())
        }
        Placement::Scheme {
            kind,
            servers,
            options,
        } => limits::check_servers(*kind, servers, options),
        // At most 16,384 masters: nothing to bound, but every slot must be served.
        // mcrouter's pools are bounded when read (at most 2^23 children).
        Placement::Redis { .. } | Placement::Cassandra { .. } | Placement::Mcrouter(_) => reading
            .build()
            .map(drop)
            .map_err(|e| CliError::new(format!("{shown}: {e}"))),
    }
}

/// Flags a config file sets itself get a note.
fn replaced_flags(args: &LookupArgs, err: &mut dyn Write) -> Result<(), CliError> {
    let s = &args.scheme;
    let ignored: Vec<&str> = [
        ("--scheme", s.scheme.is_some()),
        ("--servers", args.servers.is_some()),
        ("--vnodes", s.vnodes.is_some()),
        ("--table", s.table.is_some()),
        ("--tokens", s.tokens.is_some()),
        ("--token-seed", s.token_seed.is_some()),
        ("--hash", s.hash.is_some()),
        ("--hash-tag", s.hash_tag.is_some()),
        ("--min-ring-size", s.min_ring_size.is_some()),
        ("--max-ring-size", s.max_ring_size.is_some()),
        ("--ring-size-cap", s.ring_size_cap.is_some()),
    ]
    .into_iter()
    .filter_map(|(flag, given)| given.then_some(flag))
    .collect();
    if !ignored.is_empty() {
        writeln!(
            err,
            "ringlab: note: --config sets the placement; {} ignored",
            ignored.join(", ")
        )?;
    }
    Ok(())
}
