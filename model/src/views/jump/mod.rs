//! The jump hash view: one key's walk, the table of ch(k, n), what growing moves, what
//! removing a middle bucket costs jump, and MementoHash, which removes any bucket while
//! moving only that bucket's keys.
//!
//! `params` is the URL state; `walk` the key's jumps; `moves` the counted keys; `prose`
//! the sentences with figures. All pure, every number from
//! `ringlab_core::schemes::{jump, memento}`.

pub mod moves;
pub mod params;
pub mod prose;
pub mod walk;
