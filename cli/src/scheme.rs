//! Building a partitioner from the command line's scheme flags and a server list.

use std::io::Write;

use ringlab_core::schemes::groupcache;
use ringlab_core::schemes::spymemcached::Algorithm;
use ringlab_core::{build, parse_server_list, Options, Partitioner, SchemeKind, Server};

use crate::args::SchemeArgs;
use crate::limits::{self, shorten};
use crate::CliError;

/// The scheme named by `--scheme`, with its knobs. A knob given to a scheme that does not
/// read it gets a note on `err`.
pub fn kind_and_options(
    args: &SchemeArgs,
    err: &mut dyn Write,
) -> Result<(SchemeKind, Options), CliError> {
    let Some(scheme) = args.scheme.as_deref() else {
        return Err(CliError::new("--scheme is required"));
    };
    let kind: SchemeKind = scheme.parse()?;
    let defaults = Options::default();
    // groupcache's replicas default to HTTPPool's, not the ring's 160.
    let vnodes = match kind {
        SchemeKind::Groupcache => groupcache::HTTP_POOL_REPLICAS,
        _ => defaults.vnodes,
    };
    let spymemcached_hash = match (&args.hash, kind) {
        (Some(name), SchemeKind::Spymemcached) => Algorithm::parse(name).ok_or_else(|| {
            let names: Vec<&str> = Algorithm::ALL.iter().map(|a| a.name()).collect();
            CliError::new(format!(
                "--hash {} is not a spymemcached hash; use one of {}",
                shorten(name),
                names.join(", ")
            ))
        })?,
        _ => defaults.spymemcached_hash,
    };
    let options = Options {
        vnodes: args.vnodes.unwrap_or(vnodes),
        spymemcached_hash,
        // Set from the server list by the command (see `weights_given`).
        spymemcached_weighted: false,
        maglev_table: args.table.unwrap_or(defaults.maglev_table),
        cassandra_tokens: args.tokens.unwrap_or(defaults.cassandra_tokens),
        cassandra_seed: args.token_seed,
    };
    let knobs = [
        (
            "--vnodes",
            args.vnodes.is_some(),
            &[SchemeKind::Ring, SchemeKind::Groupcache][..],
        ),
        ("--table", args.table.is_some(), &[SchemeKind::Maglev]),
        ("--tokens", args.tokens.is_some(), &[SchemeKind::Cassandra]),
        (
            "--token-seed",
            args.token_seed.is_some(),
            &[SchemeKind::Cassandra],
        ),
        ("--hash", args.hash.is_some(), &[SchemeKind::Spymemcached]),
    ];
    for (flag, given, readers) in knobs {
        let reader = readers[0];
        if given && !readers.contains(&kind) {
            writeln!(
                err,
                "ringlab: note: {flag} is for --scheme {reader}; {kind} ignores it"
            )?;
        }
    }
    Ok((kind, options))
}

/// True when a server list gives any weight (`name=weight`): spymemcached's locator is
/// weighted exactly when it is handed a weights map.
pub fn weights_given(list: &str) -> bool {
    list.split(',').any(|item| item.contains('='))
}

/// A server list as `name[=weight],...`.
pub fn servers(list: &str) -> Result<Vec<Server>, CliError> {
    Ok(parse_server_list(list)?)
}

/// Builds the scheme over these servers, within [`limits::check_servers`]. Servers that
/// come out owning nothing (a weight too small a share for ketama's or Maglev's whole
/// numbers) get a note on `err`.
pub fn partitioner(
    kind: SchemeKind,
    servers: Vec<Server>,
    options: &Options,
    err: &mut dyn Write,
) -> Result<Box<dyn Partitioner>, CliError> {
    limits::check_servers(kind, &servers, options)?;
    let p = build(kind, servers, options)?;
    let idle: Vec<&str> = p
        .load_shares()
        .iter()
        .zip(p.servers())
        .filter(|(&share, _)| share == 0.0)
        .map(|(_, s)| s.name.as_str())
        .collect();
    if let Some(first) = idle.first() {
        let others = match idle.len() {
            1 => String::new(),
            n => format!(" and {} other{}", n - 1, if n == 2 { "" } else { "s" }),
        };
        writeln!(
            err,
            "ringlab: note: server {}{others} own{} no key under {kind}: the weight is too \
             small a share",
            shorten(first),
            if idle.len() == 1 { "s" } else { "" }
        )?;
    }
    Ok(p)
}
