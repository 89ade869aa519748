//! The Maglev view: a small table filled turn by turn (the paper's M = 7 example first),
//! then the real sizes of the systems people run.
//!
//! `params` is the URL state; `fill` the small table's story, claim by claim; `real` the
//! shares and the slots a change moves at the systems' own sizes; `prose` the sentences
//! and names with figures. All pure, every number from `ringlab_core::schemes::maglev`
//! and `maglev_systems`.

pub mod fill;
pub mod params;
pub mod prose;
pub mod real;
