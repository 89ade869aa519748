//! Lookup speed: ringlab's schemes against the crates people use for the same job, and
//! the real systems' placements against ringlab's own ring.
//!
//! Every implementation in a group looks up the same pre-generated keys (`common::KEYS`
//! strings `"key:{i}"`, or their 64-bit hashes for jump), all of them once per iteration;
//! see BENCHMARKS.md for the figures and how to run them.

mod common;

use std::hash::Hasher;
use std::hint::black_box;

use criterion::measurement::WallTime;
use criterion::{
    criterion_group, criterion_main, BenchmarkGroup, BenchmarkId, Criterion, SamplingMode,
};
use maglev::ConsistentHasher;
use ringlab_core::schemes::jump::jump_bucket;
use ringlab_core::{build, numbered_servers, Options, SchemeKind};

use common::peers::{address, hashring_nodes, pingora_continuum};
use common::{address_servers, keys, names, per_key, ringlab_ring, u64_keys, KEYS};

/// Keys per iteration in the rendezvous group, where a lookup costs one hash per server.
const RENDEZVOUS_KEYS: usize = 256;

/// Benches one implementation: `owner` maps a key to something derived from its owner,
/// summed so that no lookup can be optimised away.
fn bench_keys<K, F>(
    group: &mut BenchmarkGroup<'_, WallTime>,
    name: &str,
    parameter: &str,
    keys: &[K],
    owner: F,
) where
    F: Fn(&K) -> usize,
{
    group.bench_with_input(BenchmarkId::new(name, parameter), keys, |b, keys| {
        b.iter(|| {
            let mut sum = 0usize;
            for key in keys {
                sum = sum.wrapping_add(owner(black_box(key)));
            }
            sum
        })
    });
}

/// A server for `conhash`, which names its points `"<name>:<replica>"`.
#[derive(Debug, Clone)]
struct ConNode {
    index: usize,
    name: String,
}

impl conhash::Node for ConNode {
    fn name(&self) -> String {
        self.name.clone()
    }
}

/// `ring` (XXH3-64 points and keys, 2^64 circle) against the rings with virtual nodes:
/// `hashring` 0.3 (SipHash-2-4; also with XXH3 plugged in as its hasher, to compare the
/// search alone), `hash-rings` 1.x `consistent::Ring` (SipHash-1-3 in a BTreeMap) and
/// `conhash` 0.5 (MD5 in a BTreeMap).
fn ring_lookup(c: &mut Criterion) {
    let keys = keys(KEYS);
    let mut group = c.benchmark_group("ring_lookup");
    group.throughput(per_key(keys.len()));
    // conhash takes ~10 ms an iteration at 1000x1000: equal-sized samples fit the budget.
    group.sampling_mode(SamplingMode::Flat);
    for (servers, vnodes) in [(16usize, 160u32), (1000, 160), (1000, 1000)] {
        let parameter = format!("{servers}x{vnodes}");

        let ringlab = ringlab_ring(servers, vnodes);
        assert_eq!(
            ringlab.ring().unwrap().points().len(),
            servers * vnodes as usize
        );
        bench_keys(&mut group, "ringlab", &parameter, &keys, |k| {
            ringlab.lookup(k.as_bytes()).unwrap_or(0)
        });
        drop(ringlab);

        bench_peer_rings(&mut group, &parameter, &keys, servers, vnodes, true);
    }
    group.finish();
}

/// The peer crates with virtual nodes, one key at a time, at `servers` x `vnodes`:
/// `hashring` (with `hashring_xxh3` beside it when `with_xxh3`), `hash-rings`, `conhash`.
/// Each is built, timed and dropped before the next, so only one ring is in memory.
fn bench_peer_rings(
    group: &mut BenchmarkGroup<'_, WallTime>,
    parameter: &str,
    keys: &[String],
    servers: usize,
    vnodes: u32,
    with_xxh3: bool,
) {
    let mut sip = hashring::HashRing::new();
    sip.batch_add(hashring_nodes(servers, vnodes));
    bench_keys(group, "hashring", parameter, keys, |k| {
        sip.get(&k.as_str()).map_or(0, |n| n.server as usize)
    });
    drop(sip);

    if with_xxh3 {
        let mut xxh = hashring::HashRing::with_hasher(xxhash_rust::xxh3::Xxh3DefaultBuilder);
        xxh.batch_add(hashring_nodes(servers, vnodes));
        bench_keys(group, "hashring_xxh3", parameter, keys, |k| {
            xxh.get(&k.as_str()).map_or(0, |n| n.server as usize)
        });
        drop(xxh);
    }

    let server_names = names(servers);
    let mut rings = hash_rings::consistent::Ring::new();
    for name in &server_names {
        rings.insert_node(name, vnodes as usize);
    }
    bench_keys(group, "hash-rings", parameter, keys, |k| {
        rings.get_node(k).len()
    });
    drop(rings);

    let mut con = conhash::ConsistentHash::new();
    for (index, name) in server_names.iter().enumerate() {
        let node = ConNode {
            index,
            name: name.clone(),
        };
        con.add(&node, vnodes as usize);
    }
    bench_keys(group, "conhash", parameter, keys, |k| {
        con.get(k.as_bytes()).map_or(0, |n| n.index)
    });
}

/// nginx's `hash ... consistent` ring: ringlab's `nginx` against Cloudflare's
/// `pingora-ketama` 0.9, which computes the same ring (checked here on every key before
/// timing), and ringlab's libmemcached `ketama` (MD5) beside them.
fn ketama_lookup(c: &mut Criterion) {
    let keys = keys(KEYS);
    let mut group = c.benchmark_group("ketama_lookup");
    group.throughput(per_key(keys.len()));
    for servers in [16usize, 1000] {
        let parameter = format!("{servers}x160");
        let list = address_servers(servers);

        let nginx = build(SchemeKind::Nginx, list.clone(), &Options::default()).unwrap();
        let pingora = pingora_continuum(servers);
        for key in &keys {
            let ours = nginx.lookup(key.as_bytes()).map(address);
            assert_eq!(
                ours,
                pingora.node(key.as_bytes()),
                "nginx ring differs for {key}"
            );
        }

        bench_keys(&mut group, "ringlab_nginx", &parameter, &keys, |k| {
            nginx.lookup(k.as_bytes()).unwrap_or(0)
        });
        bench_keys(&mut group, "pingora-ketama", &parameter, &keys, |k| {
            pingora.node(k.as_bytes()).map_or(0, |a| a.port() as usize)
        });

        let ketama = build(SchemeKind::Ketama, list, &Options::default()).unwrap();
        bench_keys(&mut group, "ringlab_ketama", &parameter, &keys, |k| {
            ketama.lookup(k.as_bytes()).unwrap_or(0)
        });
    }
    group.finish();
}

/// A `Hasher` that hands jumphash the 64-bit key as it is, so that all three jump
/// implementations start from the same key.
#[derive(Debug, Clone, Default)]
struct Identity(u64);

impl Hasher for Identity {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.0 = self.0 << 8 | u64::from(byte);
        }
    }
    fn write_u64(&mut self, value: u64) {
        self.0 = value;
    }
}

/// Jump consistent hash on the same 64-bit keys: ringlab's `jump_bucket` against
/// `jump-consistent-hash` 0.1 and `jumphash` 0.1 (with the key passed through unhashed).
fn jump(c: &mut Criterion) {
    let keys = u64_keys(KEYS);
    let mut group = c.benchmark_group("jump");
    group.throughput(per_key(keys.len()));
    let identity = jumphash::CustomJumpHasher::new(Identity::default());
    for buckets in [10u32, 1000, 100_000] {
        let parameter = buckets.to_string();
        for &key in &keys {
            let ours = jump_bucket(key, buckets).unwrap();
            assert_eq!(ours, jump_consistent_hash::hash(key, buckets as usize));
            assert_eq!(ours, identity.slot(&key, buckets));
        }
        bench_keys(&mut group, "ringlab", &parameter, &keys, |&k| {
            jump_bucket(k, buckets).unwrap_or(0) as usize
        });
        bench_keys(
            &mut group,
            "jump-consistent-hash",
            &parameter,
            &keys,
            |&k| jump_consistent_hash::hash(k, buckets as usize) as usize,
        );
        bench_keys(&mut group, "jumphash", &parameter, &keys, |&k| {
            identity.slot(&k, buckets) as usize
        });
    }
    group.finish();
}

/// Rendezvous (highest random weight): ringlab's weighted `rendezvous` (XXH3 scores)
/// against `rendezvous_hash` 0.3 (SipHash-1-3 scores, sorted) and `hash-rings` 1.x
/// `rendezvous::Ring` (SipHash-1-3, one replica per node). Every lookup scores every
/// server, so this group looks up `RENDEZVOUS_KEYS` keys per iteration.
fn rendezvous(c: &mut Criterion) {
    let keys = keys(RENDEZVOUS_KEYS);
    let mut group = c.benchmark_group("rendezvous_lookup");
    group.throughput(per_key(keys.len()));
    group.sampling_mode(SamplingMode::Flat);
    group.sample_size(10);
    for servers in [10usize, 100, 1000] {
        let parameter = servers.to_string();
        let server_names = names(servers);

        let ringlab = build(
            SchemeKind::Rendezvous,
            numbered_servers("s", servers),
            &Options::default(),
        )
        .unwrap();
        bench_keys(&mut group, "ringlab", &parameter, &keys, |k| {
            ringlab.lookup(k.as_bytes()).unwrap_or(0)
        });

        let mut nodes = rendezvous_hash::RendezvousNodes::default();
        for name in &server_names {
            nodes.insert(name.as_str());
        }
        bench_keys(&mut group, "rendezvous_hash", &parameter, &keys, |k| {
            nodes
                .calc_candidates(&k.as_str())
                .next()
                .map_or(0, |n| n.len())
        });

        let mut rings = hash_rings::rendezvous::Ring::new();
        for name in &server_names {
            rings.insert_node(name, 1);
        }
        bench_keys(&mut group, "hash-rings", &parameter, &keys, |k| {
            rings.get_node(k).len()
        });
    }
    group.finish();
}

/// Maglev tables of the same size (M = 65537, the paper's): ringlab's `maglev` (xxHash64
/// permutations, XXH3 keys) against the `maglev` crate 0.2 (std's SipHash-1-3) and
/// `hash-rings` 1.x `maglev::Ring` (SipHash-2-4).
fn maglev(c: &mut Criterion) {
    let keys = keys(KEYS);
    let mut group = c.benchmark_group("maglev_lookup");
    group.throughput(per_key(keys.len()));
    for servers in [16usize, 1000] {
        let parameter = servers.to_string();
        let server_names = names(servers);
        let table = ringlab_core::schemes::maglev::DEFAULT_TABLE_SIZE;

        let ringlab = build(
            SchemeKind::Maglev,
            numbered_servers("s", servers),
            &Options::default(),
        )
        .unwrap();
        bench_keys(&mut group, "ringlab", &parameter, &keys, |k| {
            ringlab.lookup(k.as_bytes()).unwrap_or(0)
        });
        drop(ringlab);

        let crate_table =
            maglev::Maglev::with_capacity(server_names.iter().map(String::as_str), table as usize);
        assert_eq!(crate_table.capacity(), table as usize);
        bench_keys(&mut group, "maglev", &parameter, &keys, |k| {
            crate_table.get(k.as_str()).map_or(0, |n| n.len())
        });
        drop(crate_table);

        let rings = hash_rings::maglev::Ring::with_capacity_hint(
            server_names.iter().collect(),
            table as usize,
        );
        assert_eq!(rings.capacity(), table as usize);
        bench_keys(&mut group, "hash-rings", &parameter, &keys, |k| {
            rings.get_node(k).len()
        });
    }
    group.finish();
}

/// The placements of the systems people run behind proxies and caches (Envoy and gRPC
/// ring hash, twemproxy, spymemcached, groupcache, HAProxy). No published Rust crate
/// computes any of them, so they are measured against ringlab's own `ring` (XXH3, 160
/// points per server) in the same run: the ratio says what each system's hashing costs.
fn systems_lookup(c: &mut Criterion) {
    use ringlab_core::schemes::haproxy::{Haproxy, KeyHash};
    use ringlab_core::Partitioner;
    let keys = keys(KEYS);
    let mut group = c.benchmark_group("systems_lookup");
    group.throughput(per_key(keys.len()));
    for servers in [16usize, 1000] {
        let parameter = format!("{servers}");
        let list = address_servers(servers);
        let options = Options::default();
        let mut schemes: Vec<(&str, Box<dyn Partitioner>)> = [
            ("ringlab", SchemeKind::Ring),
            ("envoy-ring", SchemeKind::EnvoyRing),
            ("grpc-ring", SchemeKind::GrpcRing),
            ("twemproxy", SchemeKind::Twemproxy),
            ("spymemcached", SchemeKind::Spymemcached),
            ("groupcache", SchemeKind::Groupcache),
        ]
        .into_iter()
        .map(|(name, kind)| (name, build(kind, list.clone(), &options).unwrap()))
        .collect();
        let ids = vec![None; servers];
        schemes.push((
            "haproxy",
            Box::new(Haproxy::new(list.clone(), &ids, KeyHash::default()).unwrap()),
        ));
        for (name, scheme) in &schemes {
            bench_keys(&mut group, name, &parameter, &keys, |k| {
                scheme.lookup(k.as_bytes()).unwrap_or(0)
            });
        }
    }
    group.finish();
}

/// The alternatives as the systems run them, each against ringlab's textbook version of
/// the same idea in the same run: rendezvous (ringlab's, mcrouter's two, Envoy's), jump
/// (ringlab's over text keys, MementoHash, mcrouter's Ch3) and Maglev tables (Envoy's, the
/// textbook here, Cilium's and katran's, all a table read after the key hash; Cilium and
/// katran hash packets, so their tables are read with ringlab's key hash).
fn alternatives_lookup(c: &mut Criterion) {
    use ringlab_core::hash::key_hash;
    use ringlab_core::schemes::maglev_systems::MaglevSystem;
    use ringlab_core::schemes::memento::Memento;
    use ringlab_core::schemes::rendezvous_systems::RendezvousSystem;
    use ringlab_core::schemes::{jump::Jump, mcrouter};
    use ringlab_core::Partitioner;
    let keys = keys(KEYS);
    let mut group = c.benchmark_group("alternatives_lookup");
    group.throughput(per_key(keys.len()));
    for servers in [16usize, 1000] {
        let parameter = format!("{servers}");
        let names: Vec<(String, f64)> = (0..servers)
            .map(|i| (format!("10.0.{}.{}:80", (i + 1) / 256, (i + 1) % 256), 1.0))
            .collect();
        for system in RendezvousSystem::ALL {
            let picker = system.prepare(&names);
            bench_keys(
                &mut group,
                &format!("rendezvous-{}", system.name()),
                &parameter,
                &keys,
                |k| picker.owner(k.as_bytes()).unwrap_or(0),
            );
        }
        let jump = Jump::new(address_servers(servers)).unwrap();
        bench_keys(&mut group, "jump", &parameter, &keys, |k| {
            jump.lookup(k.as_bytes()).unwrap_or(0)
        });
        let memento = Memento::new(servers as u32);
        bench_keys(&mut group, "memento", &parameter, &keys, |k| {
            memento.bucket(k.as_bytes()).unwrap_or(0) as usize
        });
        let pool = servers as u32;
        bench_keys(&mut group, "mcrouter-ch3", &parameter, &keys, |k| {
            mcrouter::ch3(k.as_bytes(), pool) as usize
        });
        for system in MaglevSystem::ALL {
            let list: Vec<(String, u64)> =
                (0..servers).map(|i| (system.example_name(i), 1)).collect();
            let table = system.table(&list, system.default_table_size()).unwrap();
            let m = table.len() as u64;
            bench_keys(
                &mut group,
                &format!("maglev-{}", system.name()),
                &parameter,
                &keys,
                |k| table[(key_hash(k.as_bytes()) % m) as usize],
            );
        }
    }
    group.finish();
}

/// Batch lookups (issue: lookups at the speed of memory): ringlab's `ring` one key at a
/// time and a whole batch at once (`lookup_batch`), against the peer crates one key at a
/// time, at the four sizes; `nginx` single and batch beside `pingora-ketama`, which builds
/// the same ring. Every implementation hashes the same text keys itself.
fn batch_lookup(c: &mut Criterion) {
    let keys = keys(KEYS);
    let bytes: Vec<&[u8]> = keys.iter().map(|k| k.as_bytes()).collect();
    let mut group = c.benchmark_group("batch_lookup");
    group.throughput(per_key(keys.len()));
    group.sampling_mode(SamplingMode::Flat);
    for (servers, vnodes) in [(16usize, 160u32), (1000, 160), (1000, 1000), (10_000, 160)] {
        let parameter = format!("{servers}x{vnodes}");
        let batch = |group: &mut BenchmarkGroup<'_, WallTime>,
                     name: &str,
                     p: &dyn ringlab_core::Partitioner| {
            let mut owners = Vec::with_capacity(bytes.len());
            group.bench_with_input(BenchmarkId::new(name, &parameter), &bytes, |b, bytes| {
                b.iter(|| {
                    p.lookup_batch(black_box(bytes), &mut owners);
                    owners
                        .iter()
                        .fold(0usize, |sum, o| sum.wrapping_add(o.unwrap_or(0)))
                })
            });
        };

        let ringlab = ringlab_ring(servers, vnodes);
        bench_keys(&mut group, "ringlab", &parameter, &keys, |k| {
            ringlab.lookup(k.as_bytes()).unwrap_or(0)
        });
        batch(&mut group, "ringlab_batch", ringlab.as_ref());
        drop(ringlab);

        let options = Options {
            vnodes,
            ..Options::default()
        };
        let list = address_servers(servers);
        let nginx = build(SchemeKind::Nginx, list, &options).unwrap();
        bench_keys(&mut group, "ringlab_nginx", &parameter, &keys, |k| {
            nginx.lookup(k.as_bytes()).unwrap_or(0)
        });
        batch(&mut group, "ringlab_nginx_batch", nginx.as_ref());
        drop(nginx);
        if vnodes == 160 {
            // pingora-ketama has nginx's 160 points per weight and no other count.
            let pingora = pingora_continuum(servers);
            bench_keys(&mut group, "pingora-ketama", &parameter, &keys, |k| {
                pingora.node(k.as_bytes()).map_or(0, |a| a.port() as usize)
            });
        }

        bench_peer_rings(&mut group, &parameter, &keys, servers, vnodes, false);
    }
    group.finish();
}

criterion_group! {
    name = benches;
    config = common::config();
    targets = ring_lookup, ketama_lookup, jump, rendezvous, maglev, systems_lookup, alternatives_lookup, batch_lookup
}
criterion_main!(benches);
