//! The Redis slots view: the 16,384 hash slots of Redis Cluster on a 128 x 128 map
//! coloured by master, a key's way through CRC16 and its hash tag to a slot, the ranges
//! `redis-cli --cluster create` gives, and resharding with what MOVED and ASK mean.
//!
//! The pure side (URL state, the scene and its prose) is `ringlab_model::views::slots`, tested
//! natively; `view` is the component, which puts together the cluster's controls, the map
//! (`map`, painted by `draw`), the keys' slots, the resharding and the map's text twin.

mod cluster;
pub mod draw;
mod keys;
mod map;
mod resharding;
mod twin;
pub mod view;

pub use view::Slots;

pub use ringlab_model::views::slots::{params, scene};
