//! The ringlab app's pure model: everything the views compute that is not drawing or DOM.
//! URL state ([`urlkit`], [`route`], each view's `params`), reducers ([`Reducer`]),
//! geometry and scenes, the prose's numbers ([`format`]), all computed by `ringlab-core`.
//!
//! This crate cannot reach the browser: it depends on nothing that can (see its
//! Cargo.toml), so the wall between logic and page is enforced by the build. Every module
//! is tested natively with `cargo test -p ringlab-model`.

pub mod breakit;
pub mod chart;
pub mod clock;
pub mod compare;
pub mod cost;
pub mod embed_advice;
pub mod embed_code;
pub mod format;
pub mod geometry;
pub mod grids;
pub mod index;
pub mod jump;
pub mod lab;
pub mod learn;
pub mod linked;
pub mod load;
pub mod loss;
pub mod maglev;
pub mod naming;
pub mod param_table;
pub mod playground;
pub mod prep;
pub mod reducer;
pub mod rendezvous;
pub mod route;
pub mod shell;
pub mod slots;
pub mod systems;
#[cfg(test)]
pub(crate) mod test_numbers;
#[cfg(test)]
pub(crate) mod test_refs;
pub mod urlkit;
pub mod view_state;
pub mod worker;

pub use reducer::Reducer;
pub use view_state::ViewState;
