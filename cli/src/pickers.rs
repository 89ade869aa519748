//! `ringlab lookup` for the systems that pick one server per key by a function, with no
//! ring or table to build, and no preference list:
//! - mcrouter's `HashRoute` hash functions: `mcrouter-ch3` (its default),
//!   `mcrouter-weighted-ch3` (weights 0 to 1), `mcrouter-rendezvous`, `mcrouter-weighted-rendezvous`, `mcrouter-crc32`. The servers
//!   are the route's children (and rendezvous' tags) in order. A key is the routing key and
//!   is hashed as given: mcrouter takes off a `/region/cluster/` prefix and cuts at `|#|`
//!   before it hashes, so pass keys that way.
//!
//! Envoy's rendezvous policy (`envoy-rendezvous`) is a scheme like the rings
//! (`ringlab_core::schemes::envoy_rendezvous`), with preference lists and Envoy's own
//! rule for weights (whole numbers from 1), so it is not here.

use std::io::{BufRead, Write};

use ringlab_core::schemes::mcrouter;

use crate::args::LookupArgs;
use crate::{input, limits, CliError};

/// The pickers, by the name `--scheme` gives them.
pub const SCHEMES: [&str; 5] = [
    "mcrouter-ch3",
    "mcrouter-weighted-ch3",
    "mcrouter-rendezvous",
    "mcrouter-weighted-rendezvous",
    "mcrouter-crc32",
];

/// Whether `--scheme` names one of the pickers (or looks like one of mcrouter's).
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
            "this scheme picks one server per key: no --config, --replicas or --racks",
        ));
    }
    let list = args
        .servers
        .as_deref()
        .ok_or_else(|| CliError::new(format!("lookup needs --servers with --scheme {scheme}")))?;
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
            "mcrouter-weighted-ch3" => mcrouter::weighted_ch3(key, pool, &weights) as usize,
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
    for (name, weight) in crate::input::name_weight_pairs(list)? {
        let value: f64 = weight
            .parse()
            .ok()
            .filter(|w: &f64| w.is_finite() && (0.0..=1e6).contains(w))
            .ok_or_else(|| {
                CliError::new(format!(
                    "server {} has weight {}: a weight here is a number from 0 to 1e6",
                    limits::shorten(name),
                    limits::shorten(weight)
                ))
            })?;
        tags.push(name.to_string());
        weights.push(value);
    }
    Ok((tags, weights))
}
