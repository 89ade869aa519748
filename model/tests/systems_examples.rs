//! Every system's built-in example on `#/systems` (its config and the example keys), owner
//! by owner against the core: the example read by `ringlab_core::config::read` as the
//! system reads it, built, and each key looked up, must be the table the page shows. For
//! HAProxy, the page's first example, the owners are also pinned by name, and checked
//! against a backend built directly with `hash-type consistent`'s rule (sdbm, avalanche).
#![cfg(not(target_arch = "wasm32"))]

use ringlab_core::config;
use ringlab_core::schemes::haproxy::{Haproxy, KeyHash};
use ringlab_core::{Options, Partitioner, SchemeKind, Server};
use ringlab_model::views::systems::outcome::{outcome, Outcome};
use ringlab_model::views::systems::params::SystemsParams;
use ringlab_model::views::systems::system::{System, EXAMPLE_KEYS};
use ringlab_model::ViewState;

/// The state of `#/systems?system=<name>`: the system's example, the example keys.
fn example(system: System) -> Outcome {
    let query = [("system".to_string(), system.name().to_string())];
    let (params, notes) = SystemsParams::from_query(&query);
    assert!(notes.is_empty(), "{notes:?}");
    assert_eq!(params.system, system);
    outcome(&params).unwrap_or_else(|e| panic!("{}: {e}", system.name()))
}

fn owner_of<'a>(p: &'a dyn Partitioner, key: &str) -> Option<&'a str> {
    p.lookup(key.as_bytes())
        .map(|i| p.servers()[i].name.as_str())
}

#[test]
fn every_examples_table_is_the_cores_owner_by_owner() {
    let keys: Vec<&str> = EXAMPLE_KEYS.lines().collect();
    assert_eq!(keys.len(), 12);
    for system in System::ALL {
        let name = system.name();
        let out = example(system);
        let list_scheme = system.list_scheme().unwrap_or(SchemeKind::Ring);
        let reading = config::read(
            system.example(),
            list_scheme,
            &Options::for_scheme(list_scheme),
        )
        .unwrap_or_else(|e| panic!("{name}: {e}"));
        let core = reading.build().unwrap();
        assert_eq!(out.system, system, "{name}");
        assert_eq!(out.reading, reading, "{name}");
        // The servers: names, weights and exact shares, and the keys each owns.
        assert_eq!(out.servers.len(), core.servers().len(), "{name}");
        for (i, (row, (server, share))) in out
            .servers
            .iter()
            .zip(core.servers().iter().zip(core.load_shares()))
            .enumerate()
        {
            assert_eq!(row.name, server.name, "{name}");
            assert_eq!(row.weight, server.weight, "{name}");
            assert_eq!(row.share, share, "{name}: {}", row.name);
            let owned = keys
                .iter()
                .filter(|k| core.lookup(k.as_bytes()) == Some(i))
                .count();
            assert_eq!(row.keys, owned, "{name}: {}", row.name);
        }
        // The keys: in order, each with the core's owner.
        assert_eq!(out.rows.len(), keys.len(), "{name}");
        for (row, key) in out.rows.iter().zip(&keys) {
            assert_eq!(row.key, *key, "{name}");
            let shown = row.owner.map(|i| out.servers[i].name.as_str());
            let expected = owner_of(core.as_ref(), key);
            assert!(expected.is_some(), "{name}: {key} has no owner");
            assert_eq!(shown, expected, "{name}: key {key}");
            assert_eq!(row.owner, core.lookup(key.as_bytes()), "{name}: key {key}");
        }
    }
}

/// `#/systems?system=haproxy`: web1, web2 (ids 1, 2) and web3 (id 3, weight 2) under plain
/// `hash-type consistent`, keys from `balance url_param user`. A Python transcription of
/// SPECS.md's rule, which gives all 185 of the real haproxy's default-hash answers
/// (`core/tests/data/haproxy_public_default_weighted4.tsv`), gives these too.
const HAPROXY_EXAMPLE: [(&str, &str); 12] = [
    ("alice", "web3"),
    ("bob", "web1"),
    ("carol", "web2"),
    ("dave", "web1"),
    ("erin", "web1"),
    ("frank", "web3"),
    ("/index.html", "web3"),
    ("/img/logo.png", "web2"),
    ("user:42", "web3"),
    ("user:43", "web1"),
    ("session:7f3a", "web2"),
    ("cart:1009", "web3"),
];

#[test]
fn the_haproxy_example_places_these_keys() {
    let out = example(System::Haproxy);
    let servers = vec![
        Server::new("web1"),
        Server::new("web2"),
        Server::new("web3").with_weight(2.0),
    ];
    let direct = Haproxy::new(servers, &[None, None, None], KeyHash::default()).unwrap();
    assert_eq!(direct.ids(), [1, 2, 3]);
    assert_eq!(out.rows.len(), HAPROXY_EXAMPLE.len());
    for (row, (key, owner)) in out.rows.iter().zip(HAPROXY_EXAMPLE) {
        assert_eq!(row.key, key);
        assert_eq!(
            row.owner.map(|i| out.servers[i].name.as_str()),
            Some(owner),
            "{key}"
        );
        assert_eq!(owner_of(&direct, key), Some(owner), "{key}");
    }
}

/// `#/systems?system=groupcache`: an `HTTPPool` has 50 replicas per peer
/// (`groupcache.defaultReplicas`), not the ring's 160: the page's example is a pool built
/// that way, key by key. (It once used 160; the e2e check against the CLI found it.)
#[test]
fn the_groupcache_example_is_an_http_pool_of_50_replicas() {
    use ringlab_core::schemes::groupcache::{Groupcache, HTTP_POOL_REPLICAS};
    assert_eq!(HTTP_POOL_REPLICAS, 50);
    let out = example(System::Groupcache);
    let peers: Vec<Server> = out
        .servers
        .iter()
        .map(|s| Server::new(s.name.clone()))
        .collect();
    let pool = Groupcache::new(peers.clone(), HTTP_POOL_REPLICAS).unwrap();
    let ring_default = Groupcache::new(peers, 160).unwrap();
    let mut differs = 0;
    for row in &out.rows {
        assert_eq!(
            row.owner,
            pool.lookup(row.key.as_bytes()),
            "key {}",
            row.key
        );
        differs += usize::from(row.owner != ring_default.lookup(row.key.as_bytes()));
    }
    assert!(
        differs > 0,
        "the example's keys cannot tell 50 replicas from 160"
    );
}
