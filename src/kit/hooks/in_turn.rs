//! A heavy page drawn a part at a time: each render draws one more part, in a task of its
//! own, so that no single task at load draws them all (a long task blocks the reader's
//! first taps; Lighthouse counts it as blocking time).

use gloo::timers::callback::Timeout;
use yew::prelude::*;

/// How many of `parts` to draw now: one at first, then one more after each render, in a
/// task of its own, until all are.
#[hook]
pub fn use_in_turn(parts: u64) -> u64 {
    let drawn = use_state_eq(|| 1_u64.min(parts));
    {
        let drawn = drawn.clone();
        use_effect_with((*drawn, parts), move |&(now, parts)| {
            let next = (now < parts).then(|| Timeout::new(0, move || drawn.set(now + 1)));
            move || drop(next)
        });
    }
    *drawn
}
