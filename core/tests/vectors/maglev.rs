//! Maglev against the tables Envoy's own tests expect (there is no vector file).

#[cfg(target_arch = "wasm32")]
use wasm_bindgen_test::wasm_bindgen_test as test;

use ringlab_core::schemes::maglev::Maglev;
use ringlab_core::Server;

fn hosts(names: impl IntoIterator<Item = String>) -> Vec<Server> {
    names.into_iter().map(Server::new).collect()
}

/// Envoy's `maglev_lb_test.cc` tables for M = 7 (xxHash64 seeds 0 and 1).
#[test]
fn maglev_matches_envoy() {
    let addresses = hosts((90..96).map(|port| format!("127.0.0.1:{port}")));
    let maglev = Maglev::new(addresses, 7).unwrap();
    assert_eq!(maglev.table(), &[2, 4, 0, 1, 5, 0, 3]);

    let hostnames = hosts((90..96).map(|port| port.to_string()));
    let maglev = Maglev::new(hostnames, 7).unwrap();
    assert_eq!(maglev.table(), &[2, 5, 0, 3, 4, 1, 0]);
}
