//! The Redis slots view, pure side: `params` (URL state) and `scene` (the map, the keys'
//! slots, the masters' ranges and the prose, computed from `ringlab-core`).

pub mod params;
pub mod scene;

#[cfg(test)]
mod tests;
