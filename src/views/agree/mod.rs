//! "Will they agree?": two clients or systems over the same servers. The pure side is in
//! `ringlab_model::views::agree`; here the controls (`controls`), the grid of keys
//! (`grid`) and the component (`view`).

mod controls;
mod grid;
pub mod view;

pub use view::AgreeView;
