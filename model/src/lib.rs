//! The ringlab app's pure model: everything the views compute that is not drawing or DOM.
//! URL state ([`urlkit`], [`route`], each view's `params`), reducers ([`Reducer`]),
//! geometry and scenes, the prose's numbers ([`format`]), all computed by `ringlab-core`.
//!
//! This crate cannot reach the browser: it depends on nothing that can (see its
//! Cargo.toml), so the wall between logic and page is enforced by the build. Every module
//! is tested natively with `cargo test -p ringlab-model`.

pub mod chart;
pub mod embed_advice;
pub mod embed_code;
pub mod format;
pub mod geometry;
pub mod linked;
pub mod loss;
pub mod naming;
pub mod param_table;
pub mod preset;
pub mod reducer;
pub mod route;
pub mod shell;
#[cfg(test)]
pub(crate) mod test_numbers;
#[cfg(test)]
pub(crate) mod test_refs;
pub mod urlkit;
pub mod view_state;
pub mod views;
pub mod worker;

pub use reducer::Reducer;
pub use view_state::ViewState;
