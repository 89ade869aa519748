//! Times the full busiest-server table (N = 10, 100, 1000; V = 1 ... 1024; 400 rings)
//! by the ring and the gamma methods, and the catcher figures, printing every row.
//!
//! ```text
//! cargo run --release -p ringlab-core --example experiment_timing --features parallel
//! ```
//!
//! Pass a number of rings to change the 400.

use std::time::Instant;

use ringlab_core::experiment::{
    busiest_table, grid, run, BiggestCatcher, Busiest, Method, Placement,
};

fn main() {
    let rings = std::env::args()
        .nth(1)
        .map_or(400, |arg| arg.parse().expect("a number of rings"));
    let settings = busiest_table(rings);
    println!("parallel feature: {}", cfg!(feature = "parallel"));
    for method in [Method::Gamma, Method::Ring] {
        let trial = Busiest {
            seed: 1,
            method,
            placement: Placement::Uniform,
        };
        let start = Instant::now();
        let rows = run(&trial, &settings, None).expect("valid settings");
        let seconds = start.elapsed().as_secs_f64();
        println!(
            "\n{method:?}: {} settings x {rings} rings in {seconds:.2} s",
            rows.len()
        );
        println!(
            "{:>6} {:>6} {:>8} {:>8} {:>8} {:>8}",
            "N", "V", "mean", "p95", "cv*rtV", "theory"
        );
        for r in &rows {
            println!(
                "{:>6} {:>6} {:>8.3} {:>8.3} {:>8.3} {:>8.3}",
                r.servers,
                r.points,
                r.mean_busiest,
                r.p95_busiest,
                r.spread_sqrt_points,
                r.theory_spread_sqrt_points
            );
        }
    }
    let trial = BiggestCatcher {
        seed: 1,
        placement: Placement::Uniform,
    };
    let start = Instant::now();
    let rows = run(&trial, &grid(&[100], &[1, 16, 160], rings), None).expect("valid settings");
    println!("\ncatchers in {:.2} s", start.elapsed().as_secs_f64());
    for r in &rows {
        println!(
            "N={} V={}: biggest catcher takes {:.3} (p95 {:.3}) of the departed keys, {:.1} catchers",
            r.servers, r.points, r.mean_biggest_fraction, r.p95_biggest_fraction, r.mean_catchers
        );
    }
}
