//! "Hot keys and bounded loads" (`#/load`): its URL state ([`params`]) and what the page
//! shows, computed by the core ([`scene`]).

pub mod params;
pub mod scene;
pub mod stability;
