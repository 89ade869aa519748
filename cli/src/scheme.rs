//! Building a partitioner from the command line's scheme flags and a server list.

use std::io::Write;

use ringlab_core::schemes::ring_hash::PointHash;
use ringlab_core::schemes::spymemcached::Algorithm;
use ringlab_core::schemes::twemproxy;
use ringlab_core::{
    build, parse_endpoint_list, parse_server_list, Options, Partitioner, SchemeKind, Server,
};

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
    // groupcache's replicas default to HTTPPool's, not the ring's 160.
    let defaults = Options::for_scheme(kind);
    let vnodes = defaults.vnodes;
    let hash = args.hash.as_deref();
    let spymemcached_hash = match (hash, kind) {
        (Some(name), SchemeKind::Spymemcached) => Algorithm::parse(name)
            .ok_or_else(|| unknown_hash(name, kind, Algorithm::ALL.iter().map(|a| a.name())))?,
        _ => defaults.spymemcached_hash,
    };
    let twemproxy_hash = match (hash, kind) {
        (Some(name), SchemeKind::Twemproxy) => {
            twemproxy::KeyHash::from_name(name).ok_or_else(|| {
                unknown_hash(name, kind, twemproxy::KeyHash::ALL.iter().map(|h| h.name()))
            })?
        }
        _ => defaults.twemproxy_hash,
    };
    let point_hash = match (hash, kind) {
        (Some(name), SchemeKind::EnvoyRing) => PointHash::from_name(name)
            .ok_or_else(|| unknown_hash(name, kind, PointHash::NAMES.iter().copied()))?,
        _ => defaults.point_hash,
    };
    let hash_tag = match &args.hash_tag {
        Some(tag) => match tag.as_bytes() {
            &[open, close] => Some([open, close]),
            _ => {
                return Err(CliError::new(format!(
                    "--hash-tag {} must be two characters, such as {{}}",
                    shorten(tag)
                )))
            }
        },
        None => None,
    };
    let options = Options {
        vnodes: args.vnodes.unwrap_or(vnodes),
        spymemcached_hash,
        // Set from the server list by the command (see `weights_given`).
        spymemcached_weighted: false,
        maglev_table: args.table.unwrap_or(defaults.maglev_table),
        cassandra_tokens: args.tokens.unwrap_or(defaults.cassandra_tokens),
        cassandra_seed: args.token_seed,
        twemproxy_hash,
        hash_tag,
        min_ring_size: args.min_ring_size,
        max_ring_size: args.max_ring_size,
        ring_size_cap: args.ring_size_cap,
        point_hash,
        envoy_localities: None,
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
        (
            "--hash",
            args.hash.is_some(),
            &[
                SchemeKind::Spymemcached,
                SchemeKind::EnvoyRing,
                SchemeKind::Twemproxy,
            ],
        ),
        (
            "--hash-tag",
            args.hash_tag.is_some(),
            &[SchemeKind::Twemproxy],
        ),
        (
            "--min-ring-size",
            args.min_ring_size.is_some(),
            &[SchemeKind::EnvoyRing, SchemeKind::GrpcRing],
        ),
        (
            "--max-ring-size",
            args.max_ring_size.is_some(),
            &[SchemeKind::EnvoyRing, SchemeKind::GrpcRing],
        ),
        (
            "--ring-size-cap",
            args.ring_size_cap.is_some(),
            &[SchemeKind::GrpcRing],
        ),
    ];
    for (flag, given, readers) in knobs {
        if given && !readers.contains(&kind) {
            let readers: Vec<&str> = readers.iter().map(|k| k.name()).collect();
            writeln!(
                err,
                "ringlab: note: {flag} is for --scheme {}; {kind} ignores it",
                readers.join(", ")
            )?;
        }
    }
    Ok((kind, options))
}

/// The message for a `--hash` the scheme does not have.
fn unknown_hash<'a>(
    name: &str,
    kind: SchemeKind,
    names: impl Iterator<Item = &'a str>,
) -> CliError {
    CliError::new(format!(
        "--hash {} is not a {kind} hash; use one of {}",
        shorten(name),
        names.collect::<Vec<_>>().join(", ")
    ))
}

/// True when a server list gives any weight (`name=weight`): spymemcached's locator is
/// weighted exactly when it is handed a weights map.
pub fn weights_given(list: &str) -> bool {
    list.split(',').any(|item| item.contains('='))
}

/// A server list as `name[=weight],...`; for `envoy-ring` and `grpc-ring` a list of
/// endpoints, where a name may repeat.
pub fn servers(list: &str, kind: SchemeKind) -> Result<Vec<Server>, CliError> {
    Ok(match kind {
        SchemeKind::EnvoyRing | SchemeKind::GrpcRing => parse_endpoint_list(list)?,
        _ => parse_server_list(list)?,
    })
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
