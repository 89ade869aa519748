//! "Break it" (`#/break`): a cache cluster changing shape under live traffic, five
//! scenarios forward and back, each verdict computed by the core's simulation. The pure
//! side is `ringlab_model::breakit`; `view` is the stepper, `plot` a time series with its
//! axes, `ring` the nodes' points.

mod plot;
mod ring;
mod view;

pub use view::BreakIt;
