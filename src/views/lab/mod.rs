//! The lab (`#/lab`): the experiments behind the lessons, run live on Web Workers.
//!
//! `pool` runs a figure's trials on the workers; `run_all` queues every figure behind Run
//! all; `figure` draws one figure with its controls, plot, table and downloads; `export`
//! makes its plot a file; `tables` the figures' table twins; `view` is the page. The state
//! is `ringlab_model::views::lab`.

mod about;
mod export;
mod figure;
mod pool;
mod run_all;
mod runs;
mod tables;
mod view;

pub use view::LabView;
