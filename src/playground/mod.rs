//! The ring playground: a hash ring whose points you drag, keys that walk to their owners,
//! and the exact numbers next to the picture.
//!
//! Pure modules first, each tested natively: `params` (URL state), `placement` (keys on
//! servers, through `ringlab-core` only), `state` (the reducer), `walk` (a key's walk as a
//! function of time) and `scene` (geometry). Then the browser side: `draw` (the only code
//! touching the canvas), `view` (the component), `controls` and `shares`.

use std::rc::Rc;

use yew::prelude::*;

pub mod controls;
pub mod draw;
pub mod labels;
pub mod params;
pub mod placement;
pub mod scene;
pub mod shares;
pub mod state;
pub mod view;
pub mod walk;

pub use view::Playground;

/// What the shell hands the playground.
#[derive(Properties, PartialEq)]
pub struct PlaygroundProps {
    /// The view's parameters from the URL (without the shell's own, such as `embed`).
    pub query: Rc<Vec<(String, String)>>,
    /// The bare widget for an iframe.
    pub embed: bool,
    /// Called with the playground's parameters whenever its state changes.
    pub on_query: Callback<Vec<(String, String)>>,
}
