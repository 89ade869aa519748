//! Experiment throughput: one ring of N = 1000 servers with V = 160 points each (160,000
//! points) per iteration, through the public experiment API (`experiment::run` with one
//! setting of one ring, single-threaded: the `parallel` feature is off here). Criterion's
//! element rate is points per second. See BENCHMARKS.md for the figures.

mod common;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use ringlab_core::experiment::{
    build_ring, run, BiggestCatcher, Busiest, Method, Placement, Setting,
};

const SERVERS: usize = 1000;
const POINTS: u32 = 160;

fn experiment(c: &mut Criterion) {
    let mut group = c.benchmark_group("experiment_ring");
    group.throughput(Throughput::Elements(SERVERS as u64 * POINTS as u64));
    group.sample_size(10);
    let parameter = format!("{SERVERS}x{POINTS}");
    // One setting of one ring: every iteration places, sorts and measures ring 0 again.
    let setting = [Setting {
        servers: SERVERS,
        points: POINTS,
        rings: 1,
    }];

    for (name, method, placement) in [
        ("busiest_ring_uniform", Method::Ring, Placement::Uniform),
        (
            "busiest_ring_hashed_names",
            Method::Ring,
            Placement::HashedNames,
        ),
        ("busiest_gamma", Method::Gamma, Placement::Uniform),
    ] {
        let trial = Busiest {
            seed: 1,
            method,
            placement,
        };
        group.bench_function(BenchmarkId::new(name, &parameter), |b| {
            b.iter(|| run(&trial, &setting, None).unwrap())
        });
    }

    let trial = BiggestCatcher {
        seed: 1,
        placement: Placement::Uniform,
    };
    group.bench_function(BenchmarkId::new("catcher_uniform", &parameter), |b| {
        b.iter(|| run(&trial, &setting, None).unwrap())
    });

    // The same ring through the general-purpose `Ring` (points sorted, lookup index
    // built) and its exact shares: what the experiment's packed path saves.
    group.bench_function(BenchmarkId::new("ring_new_and_shares", &parameter), |b| {
        b.iter(|| build_ring(Placement::Uniform, 1, SERVERS, POINTS, 0).shares(SERVERS))
    });
    group.finish();
}

criterion_group! {
    name = benches;
    config = common::config();
    targets = experiment
}
criterion_main!(benches);
