//! `ringlab lookup --scheme mcrouter-…`: the child mcrouter's `HashRoute` picks for each key,
//! with the hash function named: `mcrouter-ch3` (mcrouter's default), `mcrouter-rendezvous`,
//! `mcrouter-weighted-rendezvous` or `mcrouter-crc32`. The servers are the route's children
//! (and rendezvous' tags) in order. A key is the routing key and is hashed as given:
//! mcrouter takes off a `/region/cluster/` prefix and cuts at `|#|` before it hashes, so
//! pass keys that way.

use std::io::{BufRead, Write};

use ringlab_core::schemes::mcrouter;

use crate::args::LookupArgs;
use crate::{input, limits, CliError};

/// The hash functions, by the name `--scheme` gives them.
pub const SCHEMES: [&str; 4] = [
    "mcrouter-ch3",
    "mcrouter-rendezvous",
    "mcrouter-weighted-rendezvous",
    "mcrouter-crc32",
];

/// Whether `--scheme` names one of mcrouter's hash functions.
pub fn named(args: &LookupArgs) -> bool {
    args.scheme
        .scheme
        .as_deref()
        .is_some_and(|s| s.starts_with("mcrouter-"))
}

pub fn run(
    args: &LookupArgs,
    stdin: &mut dyn BufRead,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    let scheme = args.scheme.scheme.as_deref().unwrap_or_default();
    if !SCHEMES.contains(&scheme) {
        return Err(CliError::new(format!(
            "unknown scheme {}: mcrouter's are {}",
            limits::shorten(scheme),
            SCHEMES.join(", ")
        )));
    }
    if args.config.is_some() || args.replicas.is_some() || args.racks.is_some() {
        return Err(CliError::new(
            "mcrouter's hash functions pick one child: no --config, --replicas or --racks",
        ));
    }
    let list = args
        .servers
        .as_deref()
        .ok_or_else(|| CliError::new("lookup needs --servers with --scheme mcrouter-…"))?;
    let (tags, weights) = children(list)?;
    let pool = u32::try_from(tags.len())
        .ok()
        .filter(|&n| n <= mcrouter::MAX_POOL)
        .ok_or_else(|| {
            CliError::new(format!(
                "mcrouter's pools hold at most {} children",
                mcrouter::MAX_POOL
            ))
        })?;
    input::each_key(&args.keys, args.format, stdin, &mut |key| {
        let index = match scheme {
            "mcrouter-ch3" => mcrouter::ch3(key, pool) as usize,
            "mcrouter-crc32" => mcrouter::crc32_index(key, pool) as usize,
            "mcrouter-rendezvous" => mcrouter::rendezvous(key, &tags).unwrap_or(0),
            _ => mcrouter::weighted_rendezvous(key, &tags, &weights),
        };
        input::write_record(out, key, &tags[index], args.format)
    })
}

/// The children as `name[=weight]`, weights from 0 to 1e6 (1 when absent).
fn children(list: &str) -> Result<(Vec<String>, Vec<f64>), CliError> {
    let mut tags = Vec::new();
    let mut weights = Vec::new();
    for item in list.split(',').map(str::trim) {
        let (name, weight) = match item.rsplit_once('=') {
            Some((name, weight)) => (name.trim(), weight.trim()),
            None => (item, "1"),
        };
        if name.is_empty() {
            return Err(CliError::new("a server has an empty name"));
        }
        let value: f64 = weight
            .parse()
            .ok()
            .filter(|w: &f64| w.is_finite() && (0.0..=1e6).contains(w))
            .ok_or_else(|| {
                CliError::new(format!(
                    "server {} has weight {}: mcrouter's weights are numbers from 0 to 1e6",
                    limits::shorten(name),
                    limits::shorten(weight)
                ))
            })?;
        tags.push(name.to_string());
        weights.push(value);
    }
    Ok((tags, weights))
}
