//! The analysis behind the lab's pictures: closed forms, exact computations on a ring,
//! and the cost of resizing a cluster. Every function here is pure and deterministic (the
//! one sampled estimate, in [`durability`], takes its seed as an argument and says that it
//! sampled), so the app and the command line print the same numbers.
//!
//! - [`theory`]: the formulas (share spread, the one-point peak, points for a balance
//!   target, the fraction of keys that moves on a resize, for rings and for `mod N`).
//! - [`stats`]: max/mean, mean, CV and percentiles of a share vector.
//! - [`failure`]: who catches a departed server's keys, exactly from the ring.
//! - [`durability`]: replica sets of a ring and the chance that `f` failures lose data.
//! - [`cost`]: bytes and hours a resize costs, `mod N` against the ring.
//! - [`hot`]: what one hot key puts on its owner, however even the ring.
//! - [`memory`]: the ring's memory and the gossip a membership change costs.
//! - [`choices`]: the power of two choices, balls into bins measured from a seed.
//! - [`shuffle`]: shuffle sharding, the chance two customers share their workers.
//! - [`partitions`]: fixed partitions against `mod N`, what a new node moves.

pub mod choices;
pub mod cost;
pub mod durability;
pub mod failure;
pub mod hot;
pub mod memory;
pub mod partitions;
pub mod shuffle;
pub mod stats;
pub mod theory;
