//! The ringlab web app: a shell (header, URL state, sharing) around the views, which call
//! `ringlab-core` for every placement.
//!
//! Every view is one entry of [`registry::VIEWS`] and one line of `app/draw.rs`. The views' pure state (URL parameters,
//! reducers, geometry, prose) lives in the `ringlab-model` crate, which cannot reach the
//! browser; this crate holds the components and the few browser calls. Components are
//! mounted in headless Chromium by `tests/mount.rs` and driven end to end by `e2e/`.

pub mod app;
pub mod kit;
pub mod registry;
pub mod views;

/// Mounts the app on `<body>`.
pub fn start() {
    app::panic::install();
    yew::Renderer::<app::App>::new().render();
}
