//! The ringlab web app: a shell (header, URL state, sharing) around the views, which call
//! `ringlab-core` for every placement.
//!
//! Every view is one entry of [`registry::VIEWS`] and one line of `app/draw.rs`. The views' pure state (URL parameters,
//! reducers, geometry, prose) lives in the `ringlab-model` crate, which cannot reach the
//! browser; this crate holds the components and the few browser calls. Components are
//! mounted in headless Chromium by `tests/mount.rs` and driven end to end by `e2e/`.

pub mod app;
pub mod breakit;
pub mod browser;
pub mod canvas_theme;
pub mod clock;
pub mod compare;
pub mod cost;
pub mod element_width;
pub mod embed_height;
pub mod fix_picker;
pub mod grids;
pub mod header;
pub mod in_turn;
pub mod index;
pub mod jump;
pub mod lab;
pub mod learn;
pub mod leaver_select;
pub mod load;
pub mod maglev;
pub mod menu;
pub mod notes;
pub mod number_field;
pub mod panic;
pub mod pictures;
pub mod player;
pub mod playground;
pub mod png;
pub mod prep;
pub mod probe;
pub mod rate_meter;
pub mod registry;
pub mod rendezvous;
pub mod scheme;
pub mod setters;
pub mod share;
pub mod share_options;
pub mod slider;
pub mod slots;
pub mod store;
pub mod systems;
pub mod url_out;
pub mod view_link;
pub mod view_props;
pub mod visible;
pub mod workers;

/// Mounts the app on `<body>`.
pub fn start() {
    panic::install();
    yew::Renderer::<app::App>::new().render();
}
