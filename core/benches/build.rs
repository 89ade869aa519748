//! Build speed: making a ring from a server list, ringlab against its peers. Every
//! routine starts from the server list and ends with a ring ready for lookups; dropping
//! the ring is not timed. See BENCHMARKS.md for the figures.

mod common;

use criterion::{criterion_group, criterion_main, BatchSize, BenchmarkId, Criterion, SamplingMode};
use ringlab_core::{build, numbered_servers, Options, SchemeKind};

use common::{address, address_servers, names};

/// `ring` (names `"s<i>#<v>"` hashed with XXH3-64, sorted, lookup index laid out) against
/// `hashring` 0.3 (each server added `vnodes` times as a (server, vnode) pair, SipHash-2-4,
/// sorted) and `hash-rings` 1.x `consistent::Ring` (SipHash-1-3 into a BTreeMap).
fn ring_build(c: &mut Criterion) {
    let mut group = c.benchmark_group("ring_build");
    group.sampling_mode(SamplingMode::Flat);
    for (servers, vnodes) in [(16usize, 160u32), (1000, 160)] {
        let parameter = format!("{servers}x{vnodes}");
        let list = numbered_servers("s", servers);
        let options = Options {
            vnodes,
            ..Options::default()
        };
        group.bench_function(BenchmarkId::new("ringlab", &parameter), |b| {
            b.iter_batched(
                || list.clone(),
                |list| build(SchemeKind::Ring, list, &options).unwrap(),
                BatchSize::PerIteration,
            )
        });
        group.bench_function(BenchmarkId::new("hashring", &parameter), |b| {
            b.iter_batched(
                || (),
                |()| {
                    let mut ring = hashring::HashRing::new();
                    ring.batch_add(
                        (0..servers as u32)
                            .flat_map(|s| (0..vnodes).map(move |v| (s, v)))
                            .collect(),
                    );
                    ring
                },
                BatchSize::PerIteration,
            )
        });
        let server_names = names(servers);
        group.bench_function(BenchmarkId::new("hash-rings", &parameter), |b| {
            b.iter_batched(
                || (),
                |()| {
                    let mut ring = hash_rings::consistent::Ring::new();
                    for name in &server_names {
                        ring.insert_node(name, vnodes as usize);
                    }
                    ring
                },
                BatchSize::PerIteration,
            )
        });
    }
    group.finish();
}

/// nginx's ring (160 CRC32 points per server, sorted, repeats dropped): ringlab's `nginx`
/// against `pingora-ketama` 0.9.
fn ketama_build(c: &mut Criterion) {
    let mut group = c.benchmark_group("ketama_build");
    for servers in [16usize, 1000] {
        let parameter = format!("{servers}x160");
        let list = address_servers(servers);
        let buckets: Vec<pingora_ketama::Bucket> = (0..servers)
            .map(|i| pingora_ketama::Bucket::new(address(i), 1))
            .collect();
        group.bench_function(BenchmarkId::new("ringlab_nginx", &parameter), |b| {
            b.iter_batched(
                || list.clone(),
                |list| build(SchemeKind::Nginx, list, &Options::default()).unwrap(),
                BatchSize::PerIteration,
            )
        });
        group.bench_function(BenchmarkId::new("pingora-ketama", &parameter), |b| {
            b.iter_batched(
                || (),
                |()| pingora_ketama::Continuum::new(&buckets),
                BatchSize::PerIteration,
            )
        });
    }
    group.finish();
}

criterion_group! {
    name = benches;
    config = common::config();
    targets = ring_build, ketama_build
}
criterion_main!(benches);
