//! Step 10 ("What it does not fix"): its sentences with figures, the hot key's requests
//! on its owner, with the plain ring and with bounded loads.

use super::figures::hot;
use crate::format::{grouped, grouped_rounded};

/// The hot key's own requests over the mean: what is left on its owner once bounded
/// loads have pushed the owner's other keys away, as in the widget.
fn alone(hot_qps: u64) -> f64 {
    hot_qps as f64 / hot(hot_qps).mean
}

/// No placement spreads one key's `hot_qps` requests.
pub fn owner(hot_qps: u64) -> String {
    format!(
        "No placement fixes that: the hot key lives somewhere, and its owner takes all {} of \
         its requests on top of its share of the rest. More points per server do not help.",
        grouped(hot_qps)
    )
}

/// Bounded loads even out warm keys, not a key worth this many times the mean.
pub fn bounded(hot_qps: u64) -> String {
    format!(
        "Consistent hashing with bounded loads goes further. It caps every server at \
         (1 + ε) times the mean; a key whose owner is full walks on to the next server. That \
         evens out many warm keys, but a single key worth {:.1} times the mean still needs a \
         fix above the ring.",
        alone(hot_qps)
    )
}

/// What the widget shows: the owner with the hot key alone, against the plain ring.
pub fn in_widget(hot_qps: u64) -> String {
    format!(
        "In the widget bounded loads are on. The owner's other keys have walked on to its \
         neighbours, so it carries the hot key alone: {} requests a second, {:.1} times the \
         mean, where the plain ring gave it {}.",
        grouped(hot_qps),
        alone(hot_qps),
        grouped_rounded(hot(hot_qps).peak)
    )
}

/// Why dragging epsilon hardly changes what is pushed.
pub fn epsilon(hot_qps: u64) -> String {
    format!(
        "Drag Epsilon from 0.1 to 1.0 and read “Pushed off home”: it hardly falls. Most of \
         what is pushed is the owner's other keys, and no cap below {:.1} times the mean lets \
         them stay. The hot key's bar stays past the cap at every setting, because bounded \
         loads never split a key.",
        alone(hot_qps)
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_numbers::assert_numbers;
    use crate::views::learn::figures::{HOT, HOT_SERVERS, HOT_TOTAL};

    /// Written out: the mean is 100,000 / 16 requests a second; alone, the hot key is q
    /// over that; on the plain ring its owner also takes a 16th of the rest.
    #[test]
    fn the_hot_key_reads_the_arithmetic() {
        assert_eq!((HOT_TOTAL, HOT_SERVERS), (100_000.0, 16));
        assert_eq!(HOT.knob.default, 30_000);
        for q in [30_000u64, 50_000] {
            let qf = q as f64;
            let mean = 100_000.0 / 16.0;
            let alone = qf / mean;
            let plain = qf + (100_000.0 - qf) / 16.0;
            assert_numbers(&owner(q), &[qf]);
            assert_numbers(&bounded(q), &[1.0, alone]);
            assert_numbers(&in_widget(q), &[qf, alone, plain]);
            assert_numbers(&epsilon(q), &[0.1, 1.0, alone]);
        }
        // The widget's 34,375, as the scrubbed sentence above it says.
        assert!(
            in_widget(30_000).ends_with("4.8 times the mean, where the plain ring gave it 34,375.")
        );
    }
}
