//! "Break it" (`#/break`): a cache cluster changing shape under live traffic, five
//! scenarios forward and back, each verdict computed by the core's simulation. The pure
//! side is `ringlab_model::views::r#break`; `view` is the stepper, `ring` the nodes' ring; its
//! charts are the shared pictures (`crate::kit::pictures`).

mod controls;
mod figures;
mod ring;
mod view;

pub use view::BreakIt;
