//! "Hot keys and bounded loads" (`#/load`): its URL state ([`params`]) and what the page
//! shows, computed by the core ([`scene`]); its sentences and cells with figures
//! ([`prose`]).

pub mod params;
pub mod prose;
pub mod scene;
pub mod stability;
