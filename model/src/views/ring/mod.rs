//! The ring playground's pure side: `params` (URL state), `placement` (keys on servers,
//! through `ringlab-core` only), `state` (the reducer), `walk` (a key's walk as a function
//! of time), `scene` (geometry) and `labels` (where the names go).

pub mod frame;
pub mod labels;
pub mod params;
pub mod placement;
pub mod scene;
pub mod state;
pub mod walk;
