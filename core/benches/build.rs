//! Build speed: making a ring from a server list, ringlab against its peers, and a server
//! taken out of or put into a ring of a million points, derived against built afresh
//! (`ring_edit`). Every routine ends with a ring ready for lookups; dropping the ring is
//! not timed. See BENCHMARKS.md for the figures.

mod common;

use criterion::{criterion_group, criterion_main, BatchSize, BenchmarkId, Criterion, SamplingMode};
use ringlab_core::{build, numbered_servers, Options, SchemeKind};

use common::peers::pingora_buckets;
use common::{address_servers, names};

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
        let buckets = pingora_buckets(servers);
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

/// A server out of or into a ring of a million points, as the playground's Fail, Remove,
/// Restore and Add buttons do it: `derive` makes the new scheme from the old one
/// (`Partitioner::derive_without`, `derive_with`: a filter of the points, or the new
/// server's points hashed, sorted and merged in), `build` builds the new server list
/// afresh (every point hashed and sorted). Both end with the same ring, lookup index laid
/// out; the build/derive ratio is the speed-up. `ring` is 1000 servers x 1000 points,
/// `nginx` 625 servers of weight 10 (1600 points each); the server taken out or put in is
/// the middle one.
fn ring_edit(c: &mut Criterion) {
    let mut group = c.benchmark_group("ring_edit");
    group.sampling_mode(SamplingMode::Flat);
    group.sample_size(10);
    let options = Options {
        vnodes: 1000,
        ..Options::default()
    };
    let nginx_servers: Vec<_> = address_servers(625)
        .into_iter()
        .map(|s| s.with_weight(10.0))
        .collect();
    for (kind, label, servers, per_server) in [
        (SchemeKind::Ring, "ring", numbered_servers("s", 1000), 1000),
        (SchemeKind::Nginx, "nginx", nginx_servers, 1600),
    ] {
        let middle = servers.len() / 2;
        let full = build(kind, servers.clone(), &options).unwrap();
        let size = format!("{}x{}", servers.len(), per_server);
        let mut fewer = servers.clone();
        let gone = fewer.remove(middle);
        let short = build(kind, fewer.clone(), &options).unwrap();
        // Out: from all the servers to all but the middle one; in: back again.
        for (edit, from, to) in [("out", &full, fewer), ("in", &short, servers)] {
            let parameter = format!("{label}_{edit}_{size}");
            let derived = match edit {
                "out" => from.derive_without(middle),
                _ => from.derive_with(middle, gone.clone()),
            }
            .expect("ring schemes derive");
            let built = build(kind, to.clone(), &options).unwrap();
            assert!(
                derived.ring() == built.ring(),
                "derive gives the built ring"
            );
            group.bench_function(BenchmarkId::new("derive", &parameter), |b| {
                b.iter_batched(
                    || gone.clone(),
                    |server| match edit {
                        "out" => from.derive_without(middle),
                        _ => from.derive_with(middle, server),
                    },
                    BatchSize::PerIteration,
                )
            });
            group.bench_function(BenchmarkId::new("build", &parameter), |b| {
                b.iter_batched(
                    || to.clone(),
                    |list| build(kind, list, &options).unwrap(),
                    BatchSize::PerIteration,
                )
            });
        }
    }
    group.finish();
}

criterion_group! {
    name = benches;
    config = common::config();
    targets = ring_build, ketama_build, ring_edit
}
criterion_main!(benches);
