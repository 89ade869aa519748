//! The ring playground: a hash ring whose points you drag, keys that walk to their owners,
//! and the exact numbers next to the picture.
//!
//! Pure modules first, each tested natively: `params` (URL state), `placement` (keys on
//! servers, through `ringlab-core` only), `state` (the reducer), `walk` (a key's walk as a
//! function of time) and `scene` (geometry). Then the browser side: `draw` (the only code
//! touching the canvas), `view` (the component), `controls` and `shares`.

mod canvas;
pub mod controls;
pub mod draw;
mod frame_loop;
pub mod shares;
pub mod view;

pub use view::Playground;

// The pure side, in ringlab-model (no browser in reach).
pub use ringlab_model::views::ring::{labels, params, placement, scene, state, walk};
