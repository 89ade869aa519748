//! Redis Cluster against a real redis-server: every row of `redis_slots.tsv` and
//! `redis_cluster_3.tsv`.

#[cfg(target_arch = "wasm32")]
use wasm_bindgen_test::wasm_bindgen_test as test;

use super::Vectors;
use ringlab_core::schemes::redis::{key_slot, slot_ranges, RedisCluster};
use ringlab_core::{Partitioner, Server};

/// Every row of real `CLUSTER KEYSLOT` answers.
#[test]
fn redis_slots_match_cluster_keyslot() {
    let vectors = Vectors::parse(include_str!("../data/redis_slots.tsv"));
    assert!(vectors.header.contains("scheme=redis"));
    for row in &vectors.rows {
        let slot: u16 = row[1].parse().expect("slot");
        assert_eq!(key_slot(row[0].as_bytes()), slot, "key {:?}", row[0]);
    }
}

/// The ranges and owners `redis-cli --cluster create` gave 3 masters, in order.
#[test]
fn redis_cluster_of_three_matches_cluster_create() {
    let vectors = Vectors::parse(include_str!("../data/redis_cluster_3.tsv"));
    let expected: Vec<(u16, u16, &str)> = vectors
        .rows
        .iter()
        .map(|row| {
            let first = row[0].parse().expect("first slot");
            let last = row[1].parse().expect("last slot");
            (first, last, row[2])
        })
        .collect();
    let ranges: Vec<(u16, u16)> = expected.iter().map(|&(f, l, _)| (f, l)).collect();
    assert_eq!(slot_ranges(expected.len()), ranges);

    let masters: Vec<Server> = expected
        .iter()
        .map(|&(_, _, name)| Server::new(name))
        .collect();
    let cluster = RedisCluster::new(masters).unwrap();
    let got: Vec<(u16, u16, &str)> = cluster
        .ranges()
        .into_iter()
        .map(|(f, l, owner)| (f, l, cluster.servers()[owner].name.as_str()))
        .collect();
    assert_eq!(got, expected);
}
