//! The parts the views share: browser calls, the store and setters, sharing and
//! embedding, workers, the pictures, form controls, and the custom hooks (`hooks`).

pub mod browser;
pub mod canvas_theme;
pub mod embed_height;
pub mod fetch_bytes;
pub mod fix_picker;
pub mod hooks;
pub mod leaver_select;
pub mod menu;
pub mod notes;
pub mod number_field;
pub mod pictures;
pub mod player;
pub mod png;
pub mod practice;
pub mod probe;
pub mod rate_meter;
pub mod setters;
pub mod share;
pub mod share_options;
pub mod slider;
pub mod store;
pub mod view_link;
pub mod view_props;
pub mod workers;
