//! Times building a 1000 x 1000 ring: `cargo run --release -p ringlab-core --example ring_build_timing`.
use ringlab_core::{numbered_servers, schemes::ring::HashRing};
use std::time::Instant;

fn main() {
    for (n, v) in [(16usize, 160u32), (1000, 160), (1000, 1000)] {
        let servers = numbered_servers("server-", n);
        let start = Instant::now();
        let ring = HashRing::new(servers, v).expect("valid");
        let took = start.elapsed();
        println!(
            "{n} x {v}: {:?} ({} points)",
            took,
            ring.vnodes() as usize * n
        );
    }
}
