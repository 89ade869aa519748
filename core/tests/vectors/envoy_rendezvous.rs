//! Envoy's rendezvous policy against the checks `SPECS.md` computed with Envoy's own
//! scoring code (Envoy's tests assert only ranges).

#[cfg(target_arch = "wasm32")]
use wasm_bindgen_test::wasm_bindgen_test as test;

use ringlab_core::schemes::envoy_rendezvous::{pick, request_hash, retry_hash, Host};

#[test]
fn envoy_rendezvous_checks() {
    let hosts: Vec<Host> = (90..96)
        .map(|p| Host::new(&format!("127.0.0.1:{p}"), 1.0))
        .collect();
    let name = |h: u64| hosts[pick(h, &hosts).unwrap()].name.clone();
    assert_eq!(name(0), "127.0.0.1:94");
    assert_eq!(name(retry_hash(0, 1)), "127.0.0.1:95");
    assert_eq!(name(retry_hash(0, 2)), "127.0.0.1:90");
    assert_eq!(name(request_hash(b"foo")), "127.0.0.1:94");
    assert_eq!(name(request_hash(b"")), "127.0.0.1:92");
    // HostWeightedDistribution's setup: weights 1, 2, 3 over 6,000 spread hashes.
    let weighted = [
        Host::new("127.0.0.1:90", 1.0),
        Host::new("127.0.0.1:91", 2.0),
        Host::new("127.0.0.1:92", 3.0),
    ];
    let step = u64::MAX / 6000;
    let mut counts = [0usize; 3];
    for i in 0..6000u64 {
        counts[pick(i * step, &weighted).unwrap()] += 1;
    }
    assert_eq!(counts, [989, 2048, 2963]);
}
