//! The worked clock example, pure side: `params` (URL state), `model` (the exercise worked
//! out by `ringlab-core`), `state` (the reducer) and `prose` (the sentences with figures
//! the app used to build).

pub mod dial;
pub mod model;
pub mod params;
pub mod prose;
pub mod state;
