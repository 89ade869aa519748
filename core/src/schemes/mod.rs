//! One module per scheme, each opening with the paper or system it follows, and
//! [`ranking`], the tie rule the scoring schemes share.

pub mod cassandra;
pub mod envoy_rendezvous;
pub mod groupcache;
pub mod haproxy;
pub mod haproxy_bounded;
pub mod jump;
pub mod ketama;
pub mod ketama_spy;
pub mod maglev;
pub mod maglev_cilium;
pub mod maglev_go;
pub mod maglev_katran;
pub mod maglev_systems;
pub mod mcrouter;
pub mod mcrouter_route;
pub mod memento;
pub mod modulo;
pub mod nginx;
pub mod ranking;
pub mod redis;
pub mod rendezvous;
pub mod rendezvous_systems;
pub mod ring;
pub mod ring_hash;
pub mod spooky;
pub mod spymemcached;
pub mod twemproxy;
