//! The worked clock example, pure side: `params` (URL state), `model` (the exercise worked
//! out by `ringlab-core`) and `state` (the reducer).

pub mod dial;
pub mod model;
pub mod params;
pub mod state;
