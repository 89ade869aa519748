//! "Hot keys and bounded loads" (`#/load`): per-server load bars against the mean and the
//! cap, the pushed keys walking on the ring, the hot key whole on its server, and the two
//! fixes. The pure side is `ringlab_model::views::load`; `view` is the page, `ring` the picture of
//! the walks; the bar chart is the shared one (`crate::kit::pictures::bars`).

mod controls;
mod numbers;
pub mod ring;
mod view;

pub use view::LoadView;
