//! `lookup --config FILE`: a configuration file read into the placement it describes.
//! Today that is HAProxy's: its first backend with `hash-type consistent`.

use std::io::{Read, Write};
use std::path::Path;

use ringlab_core::config::haproxy::{self, Backend, KeySource};
use ringlab_core::schemes::haproxy::POINTS_PER_WEIGHT;

use crate::args::LookupArgs;
use crate::limits::{self, shorten};
use crate::CliError;

/// The largest config file read (a real one is a few kilobytes).
pub const MAX_CONFIG_BYTES: u64 = 1 << 20;

/// Reads FILE's backend, with a note on stderr saying what was read and which flags it
/// replaces.
pub fn read(path: &Path, args: &LookupArgs, err: &mut dyn Write) -> Result<Backend, CliError> {
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
    let backend = haproxy::parse(&text).map_err(|e| {
        CliError::new(format!(
            "{shown}: {e} (ringlab reads HAProxy configs with a hash-type consistent backend)"
        ))
    })?;
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
    let s = &args.scheme;
    let ignored: Vec<&str> = [
        ("--scheme", s.scheme.is_some()),
        ("--servers", args.servers.is_some()),
        ("--vnodes", s.vnodes.is_some()),
        ("--table", s.table.is_some()),
        ("--tokens", s.tokens.is_some()),
        ("--token-seed", s.token_seed.is_some()),
        ("--hash", s.hash.is_some()),
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
    let key = match &backend.key {
        KeySource::UrlParam(name) => format!("the value of URL parameter {name}"),
        KeySource::Header(name) => format!("header {name}'s first element"),
        KeySource::Uri { .. } => "the request's URI".to_string(),
    };
    writeln!(
        err,
        "ringlab: note: HAProxy backend {} ({} servers, hash-type consistent {}{}); each KEY is the bytes it hashes: {key}",
        shorten(&backend.name),
        backend.servers.len(),
        backend.hash.function.name(),
        if backend.hash.avalanche { " avalanche" } else { "" },
    )?;
    Ok(backend)
}
