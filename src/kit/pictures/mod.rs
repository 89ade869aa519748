//! The pictures views share: the owner ring, the bar chart and the time-series plot.
//! Each lays out with `ringlab_model` (geometry, chart frames) and only draws.

pub mod bars;
pub mod owner_ring;
pub mod plot;
pub mod swatch;
pub mod xy_plot;
