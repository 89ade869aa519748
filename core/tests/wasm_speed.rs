//! Lookups per second in wasm32, in headless Chromium: the ring one key at a time and in a
//! batch (`lookup_batch`) at the sizes of criterion's `batch_lookup` group, against the
//! fastest peer crates there (`pingora-ketama`, `hashring`) in the same page. A benchmark,
//! not a test: it asserts nothing about time, is ignored by `make test`, and
//! `make bench-browser` runs it in release mode and prints its table (see BENCHMARKS.md).
#![cfg(target_arch = "wasm32")]

use ringlab_core::{build, numbered_servers, Options, SchemeKind};
use wasm_bindgen_test::{console_log, wasm_bindgen_test};

// The peers' rings as criterion's groups build them.
#[path = "../benches/common/peers.rs"]
mod peers;
use peers::{hashring_nodes, pingora_continuum};

wasm_bindgen_test::wasm_bindgen_test_configure!(run_in_browser);

/// The page's clock, in ms.
fn now() -> f64 {
    js_sys::Date::now()
}

/// Lookups per second of `round` (which looks up `keys` keys) run for about `ms`.
fn rate(keys: usize, ms: f64, mut round: impl FnMut() -> usize) -> f64 {
    let mut sink = 0usize;
    // Warm up: caches and the first allocation of the batch's owners.
    sink = sink.wrapping_add(round());
    let start = now();
    let mut rounds = 0u64;
    while now() - start < ms {
        sink = sink.wrapping_add(round());
        rounds += 1;
    }
    let spent = now() - start;
    std::hint::black_box(sink);
    rounds as f64 * keys as f64 / (spent / 1000.0)
}

/// Millions of lookups a second, for the table.
fn millions(rate: f64) -> String {
    format!("{:.1} M/s", rate / 1e6)
}

#[wasm_bindgen_test]
#[ignore = "a benchmark: make bench-browser runs it"]
fn ring_lookups_per_second_single_and_batch() {
    let keys: Vec<String> = (0..4096).map(|i| format!("key:{i}")).collect();
    let bytes: Vec<&[u8]> = keys.iter().map(|k| k.as_bytes()).collect();
    console_log!(
        "| size | single | batch | pingora-ketama | hashring | single / fastest peer | batch / fastest peer |"
    );
    console_log!("|---|---|---|---|---|---|---|");
    for (servers, vnodes) in [(16usize, 160u32), (1000, 160), (1000, 1000), (10_000, 160)] {
        let options = Options {
            vnodes,
            ..Options::default()
        };
        let ring = build(SchemeKind::Ring, numbered_servers("s", servers), &options).unwrap();
        let single = rate(keys.len(), 1000.0, || {
            keys.iter()
                .map(|k| ring.lookup(k.as_bytes()).unwrap_or(0))
                .fold(0, usize::wrapping_add)
        });
        let mut owners = Vec::with_capacity(keys.len());
        let batch = rate(keys.len(), 1000.0, || {
            ring.lookup_batch(&bytes, &mut owners);
            owners.iter().flatten().fold(0, |s, &o| s.wrapping_add(o))
        });
        drop(ring);
        // pingora-ketama has nginx's 160 points per weight and no other count.
        let pingora = (vnodes == 160).then(|| {
            let continuum = pingora_continuum(servers);
            rate(keys.len(), 1000.0, || {
                keys.iter()
                    .map(|k| {
                        continuum
                            .node(k.as_bytes())
                            .map_or(0, |a| a.port() as usize)
                    })
                    .fold(0, usize::wrapping_add)
            })
        });
        let mut sip = hashring::HashRing::new();
        sip.batch_add(hashring_nodes(servers, vnodes));
        let hashring = rate(keys.len(), 1000.0, || {
            keys.iter()
                .map(|k| sip.get(&k.as_str()).map_or(0, |n| n.server as usize))
                .fold(0, usize::wrapping_add)
        });
        let fastest = pingora.unwrap_or(0.0).max(hashring);
        console_log!(
            "| {servers}x{vnodes} | {} | {} | {} | {} | {:.2} | {:.2} |",
            millions(single),
            millions(batch),
            pingora.map_or("–".to_string(), millions),
            millions(hashring),
            single / fastest,
            batch / fastest
        );
    }
}
