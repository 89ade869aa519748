//! The rendezvous view: every node scores the key, the highest wins, the top R hold the
//! replicas; a node leaving moves only its own keys, each to its second choice.
//!
//! `params` is the URL state; `race` the scores, the ranking and the counted moves, all
//! from `ringlab_core::schemes::rendezvous_systems`; `prose` the sentences and cells with
//! figures.

pub mod params;
pub mod prose;
pub mod race;
