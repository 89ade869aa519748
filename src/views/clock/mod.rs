//! The worked clock example: three servers and five keys on a 0..99 clock. The reader
//! predicts each key's owner, then which keys move when a server joins and when one
//! leaves, and sees the answer with the reason after each guess.
//!
//! Pure modules first, tested natively: `params` (URL state), `model` (the exercise worked
//! out by `ringlab-core`), `state` (the reducer), `dial` (the clock's geometry). Then the
//! component, `view`, which draws the clock as inline SVG.

pub mod view;

pub use view::ClockExample;

// The pure side, in ringlab-model (no browser in reach).
pub use ringlab_model::views::clock::{dial, model, params, prose, state};
