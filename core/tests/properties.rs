//! Property tests of the invariants every user of a partitioner relies on.
#![cfg(not(target_arch = "wasm32"))]

use proptest::prelude::*;
use ringlab_core::bounded::bounded_loads;
use ringlab_core::movement::{exact_moved_share_of, movement};
use ringlab_core::schemes::groupcache::Groupcache;
use ringlab_core::schemes::haproxy::{Function, Haproxy, KeyHash};
use ringlab_core::schemes::jump::jump_bucket;
use ringlab_core::schemes::maglev::Maglev;
use ringlab_core::schemes::redis::{key_slot, SLOT_COUNT};
use ringlab_core::schemes::ring_hash::{PointHash, RingHash, Sizes};
use ringlab_core::schemes::spymemcached::{Algorithm, Spymemcached};
use ringlab_core::schemes::twemproxy::{self, Twemproxy};
use ringlab_core::{build, numbered_servers, Options, Partitioner, SchemeKind, Server};

/// The schemes where a join or a leave moves only the keys it must.
const MINIMAL: &[&str] = &[
    "ring",
    "ketama",
    "libketama",
    "nginx",
    "cassandra",
    "groupcache",
    "spymemcached",
    "rendezvous",
];

fn kind(name: &str) -> SchemeKind {
    name.parse().expect("a known scheme")
}

fn options() -> Options {
    Options {
        vnodes: 40,
        cassandra_tokens: 8,
        // random tokens: evenly spaced ones are dealt again on every join
        cassandra_seed: Some(7),
        maglev_table: 251,
        ..Options::default()
    }
}

/// Names a scheme that hashes `host:port` accepts.
fn hosts(count: usize, salt: u32) -> Vec<Server> {
    (0..count)
        .map(|i| Server::new(format!("10.{salt}.0.{i}:{}", 11000 + i)))
        .collect()
}

fn keys(count: usize, salt: u32) -> Vec<String> {
    (0..count).map(|i| format!("k{salt}:{i}")).collect()
}

fn placed(p: &dyn Partitioner) -> impl Fn(&str) -> Option<String> + '_ {
    move |key| {
        p.lookup(key.as_bytes())
            .map(|i| p.servers()[i].name.clone())
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, .. ProptestConfig::default() })]

    #[test]
    fn a_join_moves_keys_only_onto_the_newcomer(
        scheme in prop::sample::select(MINIMAL),
        n in 1usize..8,
        salt in 0u32..1000,
    ) {
        let before_servers = hosts(n, salt);
        let mut after_servers = before_servers.clone();
        let newcomer = Server::new(format!("10.{salt}.9.9:12000"));
        after_servers.push(newcomer.clone());
        let before = build(kind(scheme), before_servers, &options()).unwrap();
        let after = build(kind(scheme), after_servers, &options()).unwrap();
        let m = movement(before.as_ref(), after.as_ref(), &keys(300, salt));
        for mv in &m.moved {
            prop_assert_eq!(mv.to.as_deref(), Some(newcomer.name.as_str()));
        }
    }

    #[test]
    fn a_leave_moves_only_the_leavers_keys(
        scheme in prop::sample::select(MINIMAL),
        n in 2usize..8,
        leaver in 0usize..8,
        salt in 0u32..1000,
    ) {
        let leaver = leaver % n;
        let before = build(kind(scheme), hosts(n, salt), &options()).unwrap();
        let mut after = build(kind(scheme), hosts(n, salt), &options()).unwrap();
        let gone = after.remove(&before.servers()[leaver].name).unwrap();
        let m = movement(before.as_ref(), after.as_ref(), &keys(300, salt));
        for mv in &m.moved {
            prop_assert_eq!(mv.from.as_deref(), Some(gone.name.as_str()));
        }
    }

    #[test]
    fn a_join_moves_about_one_in_n_plus_one(n in 2usize..12, salt in 0u32..1000) {
        let options = Options { vnodes: 200, ..Options::default() };
        let before = build(SchemeKind::Ring, numbered_servers(&format!("s{salt}-"), n), &options).unwrap();
        let mut after = build(SchemeKind::Ring, numbered_servers(&format!("s{salt}-"), n), &options).unwrap();
        after.add(Server::new("newcomer")).unwrap();
        let exact = exact_moved_share_of(before.as_ref(), after.as_ref()).unwrap();
        let theory = 1.0 / (n as f64 + 1.0);
        // V = 200 points: a share's relative spread is about 1/sqrt(200) = 7%; allow 5 sigma.
        prop_assert!((exact / theory - 1.0).abs() < 0.35, "exact {} theory {}", exact, theory);
        // and the exact share is the newcomer's arc share
        let share = after.load_shares()[n];
        prop_assert!((exact - share).abs() < 1e-9);
        // measured on keys, within sampling error of the exact share
        let m = movement(before.as_ref(), after.as_ref(), &keys(4000, salt));
        prop_assert!((m.fraction() - exact).abs() < 0.04, "measured {} exact {}", m.fraction(), exact);
    }

    #[test]
    fn preference_lists_are_distinct_and_rack_distinct_when_possible(
        scheme in prop::sample::select(&["ring", "ketama", "libketama", "nginx", "cassandra",
            "rendezvous", "maglev", "jump", "modulo", "redis"][..]),
        n in 1usize..9,
        racks in 1usize..5,
        r in 1usize..6,
        salt in 0u32..1000,
    ) {
        let mut servers = hosts(n, salt);
        for (i, s) in servers.iter_mut().enumerate() {
            s.rack = Some(format!("rack{}", i % racks));
        }
        let p = build(kind(scheme), servers, &options()).unwrap();
        for key in keys(40, salt) {
            let plain = p.preference_list(key.as_bytes(), r);
            prop_assert_eq!(plain.len(), r.min(n));
            let mut sorted = plain.clone();
            sorted.sort_unstable();
            sorted.dedup();
            prop_assert_eq!(sorted.len(), plain.len(), "distinct servers");
            prop_assert_eq!(Some(plain[0]), p.lookup(key.as_bytes()), "the owner comes first");

            let racked = p.rack_aware_preference_list(key.as_bytes(), r);
            prop_assert_eq!(racked.servers.len(), r.min(n));
            let distinct_racks = racks.min(n);
            let rack_of = |i: usize| p.servers()[i].rack.clone();
            let head: Vec<_> = racked.servers.iter().take(distinct_racks).map(|&i| rack_of(i)).collect();
            let mut unique = head.clone();
            unique.sort();
            unique.dedup();
            prop_assert_eq!(unique.len(), head.len(), "racks distinct while racks last");
            prop_assert_eq!(racked.fell_back, r.min(n) > distinct_racks);
        }
    }

    #[test]
    fn every_scheme_is_deterministic(
        scheme in prop::sample::select(&["ring", "ketama", "libketama", "nginx", "cassandra",
            "rendezvous", "maglev", "jump", "modulo", "redis"][..]),
        n in 1usize..9,
        salt in 0u32..1000,
    ) {
        let a = build(kind(scheme), hosts(n, salt), &options()).unwrap();
        let b = build(kind(scheme), hosts(n, salt), &options()).unwrap();
        let (place_a, place_b) = (placed(a.as_ref()), placed(b.as_ref()));
        for key in keys(100, salt) {
            prop_assert_eq!(place_a(&key), place_b(&key));
        }
        prop_assert_eq!(a.load_shares(), b.load_shares());
        let total: f64 = a.load_shares().iter().sum();
        prop_assert!((total - 1.0).abs() < 1e-9, "shares sum to one, not {}", total);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, .. ProptestConfig::default() })]

    #[test]
    fn jump_stays_in_range_and_moves_keys_only_to_the_new_bucket(
        key in any::<u64>(),
        buckets in 1u32..5000,
    ) {
        let before = jump_bucket(key, buckets).unwrap();
        prop_assert!(before < buckets);
        let after = jump_bucket(key, buckets + 1).unwrap();
        prop_assert!(after == before || after == buckets, "{} -> {}", before, after);
    }

    #[test]
    fn rendezvous_moves_only_a_removed_servers_keys(
        n in 2usize..12,
        leaver in 0usize..12,
        salt in 0u32..1000,
    ) {
        let servers = numbered_servers(&format!("r{salt}-"), n);
        let name = servers[leaver % n].name.clone();
        let before = build(SchemeKind::Rendezvous, servers.clone(), &options()).unwrap();
        let mut after = build(SchemeKind::Rendezvous, servers, &options()).unwrap();
        after.remove(&name).unwrap();
        let m = movement(before.as_ref(), after.as_ref(), &keys(500, salt));
        prop_assert!(m.moved.iter().all(|mv| mv.from.as_deref() == Some(name.as_str())));
        let owned = keys(500, salt)
            .iter()
            .filter(|k| placed(before.as_ref())(k).as_deref() == Some(name.as_str()))
            .count();
        prop_assert_eq!(m.moved.len(), owned, "every key of the leaver moves");
    }

    #[test]
    fn bounded_loads_never_exceed_the_cap(
        scheme in prop::sample::select(&["ring", "ketama", "rendezvous", "maglev"][..]),
        n in 1usize..10,
        m in 0usize..400,
        epsilon in 0.0f64..1.0,
        salt in 0u32..1000,
    ) {
        let p = build(kind(scheme), hosts(n, salt), &options()).unwrap();
        let c = 1.0 + epsilon;
        let result = bounded_loads(p.as_ref(), &keys(m, salt), c).unwrap();
        let cap = (c * m as f64 / n as f64).ceil() as usize;
        prop_assert!(result.cap <= cap.max(1));
        prop_assert!(result.loads.iter().all(|&load| load <= result.cap));
        prop_assert_eq!(result.loads.iter().sum::<usize>(), m);
    }

    #[test]
    fn the_maglev_table_is_full(n in 1usize..20, salt in 0u32..1000) {
        let table_size = [23u64, 101, 251, 65537][salt as usize % 4].max(n as u64 + 2);
        let table_size = (table_size..).find(|&t| ringlab_core::schemes::maglev::is_prime(t)).unwrap();
        let maglev = Maglev::new(numbered_servers(&format!("m{salt}-"), n), table_size).unwrap();
        prop_assert_eq!(maglev.table().len() as u64, table_size);
        prop_assert!(maglev.table().iter().all(|&backend| backend < n));
        for backend in 0..n {
            prop_assert!(maglev.table().contains(&backend), "every backend has a slot");
        }
    }

    #[test]
    fn groupcache_joins_and_leaves_move_only_what_they_must(
        n in 1usize..8,
        leaver in 0usize..8,
        replicas in 1u32..60,
        salt in 0u32..1000,
    ) {
        let peers: Vec<Server> = (0..n)
            .map(|i| Server::new(format!("http://10.{salt}.0.{i}:8080")))
            .collect();
        let before = Groupcache::new(peers.clone(), replicas).unwrap();
        // A join is a later Add: its points win every tie, and it takes keys only.
        let newcomer = format!("http://10.{salt}.9.9:8080");
        let mut joined = peers.clone();
        joined.push(Server::new(newcomer.clone()));
        let after = Groupcache::new(joined, replicas).unwrap();
        let m = movement(&before, &after, &keys(300, salt));
        prop_assert!(m.moved.iter().all(|mv| mv.to.as_deref() == Some(newcomer.as_str())));
        // A leave gives away the leaver's keys and nothing else.
        let mut left = peers.clone();
        let gone = left.remove(leaver % n).name;
        let after = Groupcache::new(left, replicas).unwrap();
        let m = movement(&before, &after, &keys(300, salt));
        prop_assert!(m.moved.iter().all(|mv| mv.from.as_deref() == Some(gone.as_str())));
    }

    #[test]
    fn spymemcached_joins_and_leaves_move_only_what_they_must(
        algorithm in prop::sample::select(Algorithm::ALL.to_vec()),
        n in 1usize..6,
        leaver in 0usize..6,
        salt in 0u32..1000,
    ) {
        let nodes = hosts(n, salt);
        let before = Spymemcached::new(nodes.clone(), algorithm, false).unwrap();
        // A node added at the end of the list wins every tie, and takes keys only.
        let newcomer = format!("10.{salt}.9.9:12000");
        let mut joined = nodes.clone();
        joined.push(Server::new(newcomer.clone()));
        let after = Spymemcached::new(joined, algorithm, false).unwrap();
        let m = movement(&before, &after, &keys(300, salt));
        prop_assert!(m.moved.iter().all(|mv| mv.to.as_deref() == Some(newcomer.as_str())));
        let mut left = nodes.clone();
        let gone = left.remove(leaver % n).name;
        let after = Spymemcached::new(left, algorithm, false).unwrap();
        let m = movement(&before, &after, &keys(300, salt));
        prop_assert!(m.moved.iter().all(|mv| mv.from.as_deref() == Some(gone.as_str())));
    }

    #[test]
    fn haproxy_with_explicit_ids_moves_only_what_it_must(
        function in prop::sample::select(Function::ALL.to_vec()),
        avalanche in any::<bool>(),
        weights in prop::collection::vec(1u32..5, 1..6),
        leaver in 0usize..6,
        salt in 0u32..1000,
    ) {
        let hash = KeyHash { function, avalanche };
        let servers: Vec<Server> = weights
            .iter()
            .enumerate()
            .map(|(i, &w)| Server::new(format!("s{i}")).with_weight(f64::from(w)))
            .collect();
        let ids: Vec<Option<u32>> = (0..servers.len()).map(|i| Some(salt + i as u32 + 1)).collect();
        let before = Haproxy::new(servers.clone(), &ids, hash).unwrap();
        let shares: f64 = before.load_shares().iter().sum();
        prop_assert!((shares - 1.0).abs() < 1e-9);
        // A join: keys move only onto the newcomer, whose points are all new.
        let mut joined = servers.clone();
        joined.push(Server::new("new"));
        let mut joined_ids = ids.clone();
        joined_ids.push(Some(salt + 100));
        let after = Haproxy::new(joined, &joined_ids, hash).unwrap();
        let m = movement(&before, &after, &keys(300, salt));
        prop_assert!(m.moved.iter().all(|mv| mv.to.as_deref() == Some("new")));
        // A leave, ids kept: only the leaver's keys move.
        let mut after = before.clone();
        let gone = after.remove(&servers[leaver % servers.len()].name).unwrap().name;
        let m = movement(&before, &after, &keys(300, salt));
        prop_assert!(m.moved.iter().all(|mv| mv.from.as_deref() == Some(gone.as_str())));
    }

    #[test]
    fn a_fixed_ring_size_gives_that_many_points_or_one_more(
        weights in prop::collection::vec(1u32..20, 1..12),
        size in 1u64..3000,
        murmur in any::<bool>(),
    ) {
        let endpoints: Vec<Server> = weights
            .iter()
            .enumerate()
            .map(|(i, &w)| Server::new(format!("10.0.0.{i}:80")).with_weight(f64::from(w)))
            .collect();
        let hash = if murmur { PointHash::Murmur2 } else { PointHash::Xxhash };
        let sizes = Sizes { min: size, max: size, cap: None };
        let ring = RingHash::envoy(endpoints, sizes, hash).unwrap();
        // The running sums reach size, give or take the doubles' last bit.
        let total = ring.ring().points().len() as u64;
        prop_assert!(total == size || total == size + 1, "{total} points for {size}");
    }

    #[test]
    fn grpc_merges_a_repeated_address_into_its_weight(
        repeats in prop::collection::vec(1u32..4, 1..6),
        salt in 0u32..1000,
    ) {
        let name = |i: usize| format!("10.{salt}.0.{i}:443");
        let listed: Vec<Server> = repeats
            .iter()
            .enumerate()
            .flat_map(|(i, &r)| (0..r).map(move |_| Server::new(name(i))))
            .collect();
        let weighted: Vec<Server> = repeats
            .iter()
            .enumerate()
            .map(|(i, &r)| Server::new(name(i)).with_weight(f64::from(r)))
            .collect();
        let a = RingHash::grpc(listed, Sizes::GRPC).unwrap();
        let b = RingHash::grpc(weighted, Sizes::GRPC).unwrap();
        prop_assert_eq!(a.ring(), b.ring());
        prop_assert_eq!(a.servers(), b.servers());
    }

    #[test]
    fn twemproxy_ignores_the_order_of_the_yaml(
        n in 2usize..7,
        rotate in 0usize..7,
        hash in prop::sample::select(twemproxy::KeyHash::ALL.to_vec()),
        salt in 0u32..1000,
    ) {
        let pool = hosts(n, salt);
        let mut turned = pool.clone();
        turned.rotate_left(rotate % n);
        let a = Twemproxy::new(pool, hash, None).unwrap();
        let b = Twemproxy::new(turned, hash, None).unwrap();
        for key in keys(200, salt) {
            prop_assert_eq!(placed(&a)(&key), placed(&b)(&key));
        }
    }

    #[test]
    fn twemproxy_equal_weights_move_only_what_they_must(
        n in 1usize..6,
        salt in 0u32..1000,
    ) {
        // Equal weights give every server 160 points however many there are.
        let pool = hosts(n, salt);
        let before = Twemproxy::new(pool.clone(), twemproxy::KeyHash::Fnv1a64, None).unwrap();
        let mut joined = pool;
        joined.push(Server::new("newcomer"));
        let after = Twemproxy::new(joined, twemproxy::KeyHash::Fnv1a64, None).unwrap();
        let m = movement(&before, &after, &keys(300, salt));
        prop_assert!(m.moved.iter().all(|mv| mv.to.as_deref() == Some("newcomer")));
    }

    #[test]
    fn a_hash_tag_sends_every_key_with_that_tag_to_one_server(
        tag in "[a-z0-9]{1,8}",
        prefixes in prop::collection::vec("[a-z:]{0,6}", 1..20),
    ) {
        let pool = Twemproxy::new(hosts(5, 1), twemproxy::KeyHash::Murmur, Some(*b"{}")).unwrap();
        let home = placed(&pool)(&format!("{{{tag}}}"));
        for prefix in prefixes {
            prop_assert_eq!(placed(&pool)(&format!("{prefix}{{{tag}}}:x")), home.clone());
        }
    }

    #[test]
    fn an_haproxy_config_is_read_or_refused_never_a_panic(
        lines in prop::collection::vec(
            prop_oneof![
                Just("backend b".to_string()),
                Just("defaults".to_string()),
                Just(" balance url_param k".to_string()),
                Just(" balance uri len".to_string()),
                Just(" hash-type consistent".to_string()),
                Just(" hash-type consistent crc32 avalanche".to_string()),
                "server [a-c]{1,2} x( weight [0-9]{1,3})?( id [0-9]{1,2})?",
                ".{0,30}",
            ],
            0..12,
        ),
    ) {
        let text = lines.join("\n");
        if let Ok(backend) = ringlab_core::config::haproxy::parse(&text) {
            prop_assert_eq!(backend.servers.len(), backend.ids.len());
            // A backend read whole either builds or says why.
            if let Ok(p) = backend.build() {
                let _ = p.lookup(b"k");
            }
        }
    }

    #[test]
    fn any_pasted_text_is_read_or_refused_in_one_line(
        lines in prop::collection::vec(
            prop_oneof![
                Just("upstream u {".to_string()),
                Just("  hash $request_uri consistent;".to_string()),
                Just("}".to_string()),
                "  server [a-c]:[0-9]{1,2}( weight=[0-9]{1,3})?( down)?;",
                Just("pool:".to_string()),
                Just("  hash: fnv1a_64".to_string()),
                Just("  distribution: ketama".to_string()),
                Just("  servers:".to_string()),
                "   - [a-c]:[0-9]{1,2}:[0-9]( alias)?",
                Just("lb_policy: RING_HASH".to_string()),
                Just("load_assignment:".to_string()),
                "[a-c]:[0-9]{2}(:[0-9])?",
                "[0-9a-f]{40} 10\\.0\\.0\\.[1-3]:6379@16379 (myself,)?(master|slave) - 0 0 1 connected( [0-9]{1,5}(-[0-9]{1,5})?){0,2}",
                "[0-9]\\) 1\\) \\(integer\\) [0-9]{1,5}",
                "   [0-9]\\) (\\(integer\\) [0-9]{1,5}|\"10\\.0\\.0\\.1\")",
                ".{0,20}",
            ],
            0..14,
        ),
        list_scheme in prop::sample::select(SchemeKind::ALL.to_vec()),
    ) {
        let text = lines.join("\n");
        match ringlab_core::config::read(&text, list_scheme, &options()) {
            Ok(reading) => {
                if let Ok(p) = reading.build() {
                    let _ = p.lookup(b"k");
                }
            }
            Err(e) => {
                let message = e.to_string();
                prop_assert!(!message.is_empty() && !message.contains('\n'), "{message:?}");
            }
        }
    }

    #[test]
    fn haproxy_bounded_loads_keep_every_server_within_its_slots(
        weights in prop::collection::vec(1u32..4, 1..6),
        factor in 101u32..400,
        events in prop::collection::vec((0u8..6, any::<bool>()), 1..200),
    ) {
        use ringlab_core::schemes::haproxy_bounded::Balancer;
        let servers: Vec<Server> = weights
            .iter()
            .enumerate()
            .map(|(i, &w)| Server::new(format!("s{i}")).with_weight(f64::from(w)))
            .collect();
        let ids = vec![None; servers.len()];
        let backend = Haproxy::new(servers, &ids, KeyHash::default()).unwrap();
        let mut balancer = Balancer::new(&backend, factor).unwrap();
        let mut placed: Vec<usize> = Vec::new();
        for (key, completes) in events {
            if completes && !placed.is_empty() {
                balancer.complete(placed.remove(0));
                continue;
            }
            let slots = balancer.slots();
            // The slots always share out at least one free place.
            let total: u64 = balancer.in_flight().iter().sum();
            prop_assert!(slots.iter().sum::<u64>() > total);
            let server = balancer.arrive(&[key]).unwrap();
            prop_assert!(balancer.in_flight()[server] <= slots[server]);
            placed.push(server);
        }
    }

    #[test]
    fn load_bounds_hold_for_any_traffic(
        n in 1usize..12,
        keys in 1usize..400,
        zipf in 0.0f64..1.5,
        hot in 0.0f64..0.9,
        epsilon in 0.0f64..2.0,
        seed in 0u64..1000,
    ) {
        use ringlab_core::load::report::{bounded, plain};
        use ringlab_core::load::traffic::{Traffic, TrafficSpec};
        let spec = TrafficSpec { keys, zipf, qps: 10_000.0, hot_share: hot, seed };
        let traffic = Traffic::new(spec).unwrap();
        prop_assert_eq!(&traffic, &Traffic::new(spec).unwrap());
        prop_assert!((traffic.total() - 10_000.0).abs() < 1e-6);
        let ring = build(kind("ring"), hosts(n, seed as u32), &options()).unwrap();
        let r = bounded(ring.as_ref(), &traffic, epsilon).unwrap();
        // No server holds more keys than the cap.
        let mut counts = vec![0usize; n];
        for s in r.placed.iter().flatten() {
            counts[*s] += 1;
        }
        prop_assert!(counts.iter().all(|&c| c <= r.cap.unwrap()));
        // A key is never split: every key's whole rate is on one server.
        let total: f64 = r.loads.iter().sum();
        prop_assert!((total - traffic.total()).abs() < 1e-6);
        // Epsilon to infinity is the plain ring.
        let free = bounded(ring.as_ref(), &traffic, f64::INFINITY).unwrap();
        prop_assert_eq!(&free.placed, &plain(ring.as_ref(), &traffic).placed);

        // Bounded by requests: keys whole, the total kept, infinity the plain ring, and
        // no server over the cap while every key is at most epsilon times the mean (a
        // key that fit nowhere would find every server above the mean).
        use ringlab_core::load::report::bounded_requests;
        let r = bounded_requests(ring.as_ref(), &traffic, epsilon).unwrap();
        let total: f64 = r.loads.iter().sum();
        prop_assert!((total - traffic.total()).abs() < 1e-6);
        let cap = r.cap_rate.unwrap();
        let mean = traffic.total() / n as f64;
        let biggest = traffic.rates.iter().copied().fold(0.0, f64::max);
        if biggest <= epsilon * mean {
            prop_assert!(r.loads.iter().all(|&l| l <= cap * (1.0 + 1e-9)), "{:?} over {}", r.loads, cap);
        }
        let free = bounded_requests(ring.as_ref(), &traffic, f64::INFINITY).unwrap();
        prop_assert_eq!(&free.placed, &plain(ring.as_ref(), &traffic).placed);
    }

    #[test]
    fn slots_are_below_16384(key in prop::collection::vec(any::<u8>(), 0..40)) {
        prop_assert!(key_slot(&key) < SLOT_COUNT as u16);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 32, .. ProptestConfig::default() })]

    /// Random servers, weights and virtual nodes, then random edits (a server out, a new one
    /// in anywhere), each derived from the scheme before it (`derive_without`,
    /// `derive_with`, or `remove` and `add`, which derive too): every scheme so made is the
    /// one a build of its server list gives, ring, servers, shares and lookups alike.
    #[test]
    fn derived_rings_are_built_rings(
        scheme in prop::sample::select(&["ring", "nginx"][..]),
        tenths in prop::collection::vec(1u32..40, 0..8),
        vnodes in 1u32..60,
        edits in prop::collection::vec((any::<bool>(), any::<usize>(), 1u32..40), 1..10),
        salt in 0u32..1000,
    ) {
        let options = Options { vnodes, ..options() };
        let server = |i: usize, tenths: u32| {
            Server::new(format!("10.{salt}.{}.{}:11211", i / 256, i % 256))
                .with_weight(f64::from(tenths) / 10.0)
        };
        let mut servers: Vec<Server> =
            tenths.iter().enumerate().map(|(i, &t)| server(i, t)).collect();
        let mut made = servers.len();
        let mut derived = build(kind(scheme), servers.clone(), &options).unwrap();
        for (step, &(out, at, tenths)) in edits.iter().enumerate() {
            if out && !servers.is_empty() {
                let index = at % servers.len();
                let gone = servers.remove(index);
                if at % 2 == 0 {
                    derived = derived.derive_without(index).expect("ring schemes derive");
                } else {
                    prop_assert_eq!(derived.remove(&gone.name).unwrap(), gone);
                }
            } else {
                let index = at % (servers.len() + 1);
                let newcomer = server(made, tenths);
                made += 1;
                servers.insert(index, newcomer.clone());
                if index == servers.len() - 1 && at % 2 == 1 {
                    derived.add(newcomer).unwrap();
                } else {
                    derived = derived.derive_with(index, newcomer).expect("ring schemes derive");
                }
            }
            let built = build(kind(scheme), servers.clone(), &options).unwrap();
            prop_assert_eq!(derived.servers(), built.servers(), "step {}", step);
            prop_assert_eq!(derived.ring(), built.ring(), "step {}", step);
            prop_assert_eq!(derived.load_shares(), built.load_shares(), "step {}", step);
            for key in keys(50, salt) {
                prop_assert_eq!(derived.lookup(key.as_bytes()), built.lookup(key.as_bytes()));
            }
        }
        // A name already there, or an index past the end, is not derived.
        if let Some(first) = servers.first().cloned() {
            prop_assert!(derived.derive_with(0, first).is_none());
        }
        prop_assert!(derived.derive_with(servers.len() + 1, server(made, 10)).is_none());
        prop_assert!(derived.derive_without(servers.len()).is_none());
    }
}

#[test]
fn schemes_without_a_faster_way_do_not_derive() {
    for &scheme in SchemeKind::ALL {
        let p = build(scheme, hosts(3, 1), &options()).unwrap();
        let derives = p.derive_without(0).is_some();
        assert_eq!(
            derives,
            matches!(scheme, SchemeKind::Ring | SchemeKind::Nginx),
            "{scheme}"
        );
        let derives = p.derive_with(1, Server::new("10.9.9.9:1")).is_some();
        assert_eq!(
            derives,
            matches!(scheme, SchemeKind::Ring | SchemeKind::Nginx),
            "{scheme}"
        );
    }
}
