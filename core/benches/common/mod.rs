//! What every bench file shares: the keys, the server lists and criterion's settings.
//!
//! Every implementation in a group is measured on the same keys: `KEYS` pre-generated
//! strings `"key:{i}"`, all looked up once per criterion iteration, so a reported time is
//! the time of `KEYS` lookups (criterion also reports it as elements per second).

#![allow(dead_code)] // each bench file uses its own part of this module

pub mod peers;

use std::time::Duration;

use criterion::{Criterion, Throughput};
use ringlab_core::{build, numbered_servers, Options, Partitioner, SchemeKind, Server};

use peers::address;

/// Keys looked up per iteration.
pub const KEYS: usize = 4096;

/// `"key:0"`, `"key:1"`, ... `"key:{n-1}"`.
pub fn keys(n: usize) -> Vec<String> {
    (0..n).map(|i| format!("key:{i}")).collect()
}

/// `n` 64-bit keys for the integer schemes (jump): XXH3 of the text keys, so they are
/// spread like hashes are and the same in every run.
pub fn u64_keys(n: usize) -> Vec<u64> {
    keys(n)
        .iter()
        .map(|k| ringlab_core::hash::key_hash(k.as_bytes()))
        .collect()
}

/// `n` servers named `host:port` (distinct IPv4 addresses, port 11211), the form nginx,
/// ketama and pingora-ketama hash.
pub fn address_servers(n: usize) -> Vec<Server> {
    (0..n)
        .map(|i| Server::new(address(i).to_string()))
        .collect()
}

/// The servers `s0`, `s1`, ... that the `ring` groups use.
pub fn names(n: usize) -> Vec<String> {
    numbered_servers("s", n)
        .into_iter()
        .map(|s| s.name)
        .collect()
}

/// ringlab's `ring` scheme with `vnodes` points per server.
pub fn ringlab_ring(servers: usize, vnodes: u32) -> Box<dyn Partitioner> {
    let options = Options {
        vnodes,
        ..Options::default()
    };
    build(SchemeKind::Ring, numbered_servers("s", servers), &options).expect("ring builds")
}

/// Settings that keep the whole suite to a few minutes on two cores.
pub fn config() -> Criterion {
    Criterion::default()
        .sample_size(20)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_millis(1500))
}

/// Throughput of one iteration that looks up `n` keys.
pub fn per_key(n: usize) -> Throughput {
    Throughput::Elements(n as u64)
}
