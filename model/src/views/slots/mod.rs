//! The Redis slots view, pure side: `params` (URL state), `scene` (the map, the keys'
//! slots, the masters' ranges and the prose, computed from `ringlab-core`) and `prose`
//! (the sentences and cells with figures the app used to build).

pub mod params;
pub mod prose;
pub mod scene;

#[cfg(test)]
mod tests;
