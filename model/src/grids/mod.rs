//! Modulo against the ring, pure side: `params` (URL state), `placement` (owners through
//! `ringlab-core` only, what moved, the theory and the words), `layout` (canvas cell
//! geometry and hit testing), `state` (the reducer).

pub mod layout;
pub mod params;
pub mod placement;
pub mod state;
