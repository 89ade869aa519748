//! Modulo against the ring, pure side: `params` (URL state), `placement` (owners through
//! `ringlab-core` only, what moved, the theory and the words), `prose` (a key's owner, a
//! cell's and a canvas's names), `layout` (canvas cell geometry and hit testing), `state`
//! (the reducer).

pub mod layout;
pub mod params;
pub mod placement;
pub mod prose;
pub mod state;
