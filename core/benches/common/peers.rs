//! The peer crates' rings as the benchmarks build them, shared by the criterion benches
//! and by `tests/wasm_speed.rs`, which runs in wasm32 where criterion does not: nothing
//! here uses criterion.

#![allow(dead_code)] // each user takes its own part of this module

use std::net::{Ipv4Addr, SocketAddr};

/// The `i`-th server address: 10.0.0.1:11211 counting up.
pub fn address(i: usize) -> SocketAddr {
    let ip = Ipv4Addr::from(0x0a00_0001 + i as u32);
    SocketAddr::from((ip, 11211))
}

/// A virtual node for `hashring`, which has none of its own: the crate hashes whatever
/// value is put on the ring (with SipHash, through `Hash`), so each server is put there
/// `vnodes` times.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct VNode {
    pub server: u32,
    pub vnode: u32,
}

/// Every virtual node of `servers` servers with `vnodes` each, server by server.
pub fn hashring_nodes(servers: usize, vnodes: u32) -> Vec<VNode> {
    (0..servers as u32)
        .flat_map(|server| (0..vnodes).map(move |vnode| VNode { server, vnode }))
        .collect()
}

/// `pingora-ketama`'s buckets for the servers `10.0.0.1:11211` up, weight 1.
pub fn pingora_buckets(servers: usize) -> Vec<pingora_ketama::Bucket> {
    (0..servers)
        .map(|i| pingora_ketama::Bucket::new(address(i), 1))
        .collect()
}

/// `pingora-ketama`'s continuum over those buckets.
pub fn pingora_continuum(servers: usize) -> pingora_ketama::Continuum {
    pingora_ketama::Continuum::new(&pingora_buckets(servers))
}
