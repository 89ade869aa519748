//! "Will they agree?": two client libraries (or a client and a system) over the same
//! servers, the keys they place differently, and why.
//!
//! `params` is the URL state; `side` the placements one can pick; `compare` places the
//! keys on both through `ringlab_core::clients` only; `why` reads the two configurations
//! for the reasons; `presets` are the real cases; `prose` the sentences with figures.

pub mod compare;
pub mod params;
pub mod presets;
pub mod prose;
pub mod side;
pub mod why;
