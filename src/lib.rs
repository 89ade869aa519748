//! The ringlab web app: a shell (header, URL state, sharing) around the views, which call
//! `ringlab-core` for every placement.
//!
//! Pure modules (`route`, `state`) are tested natively; the components are mounted in
//! headless Chromium by `tests/mount.rs` and driven end to end by `e2e/`.

pub mod app;
pub mod browser;
pub mod clock;
pub mod cost;
pub mod format;
pub mod grids;
pub mod notes;
pub mod panic;
pub mod playground;
pub mod route;
pub mod share;
pub mod state;
pub mod views;

/// Mounts the app on `<body>`.
pub fn start() {
    panic::install();
    yew::Renderer::<app::App>::new().render();
}
