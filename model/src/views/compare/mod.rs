//! The comparison: the same keys and the same change under modulo, the ring, jump,
//! rendezvous, Maglev and Redis slots, side by side.
//!
//! `params` is the URL state; `schemes` what each scheme is and when to pick it; `run` the
//! counts of a range of keys; `chunk` the ranges as the page's Web Workers get them and
//! answer them, so the page never freezes; `prose` the sentences and cells with figures; `picture` the keys moved as bars on a log scale. Every number comes from `ringlab_core`.

pub mod chunk;
pub mod params;
pub mod picture;
pub mod prose;
pub mod run;
pub mod schemes;
