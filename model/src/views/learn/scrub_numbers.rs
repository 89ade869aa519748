//! The walkthrough's scrubbable sentences at every value their knob can take: each
//! number the reader sees against its formula, worked out here.

use super::figures::{HOT, MODULO_KEEPS, RESIZE, VNODES};
use crate::test_numbers::assert_numbers;

/// Every value the knob steps through.
fn values(min: u64, max: u64, step: u64) -> impl Iterator<Item = u64> {
    (min..=max).step_by(step as usize)
}

#[test]
fn going_from_n_to_n_plus_one() {
    let k = RESIZE.knob;
    for n in values(k.min, k.max, k.step) {
        let n1 = n as f64 + 1.0;
        // mod N keeps gcd(N, N+1) / (N+1) = 1/(N+1) of the keys; the ring moves 1/(N+1).
        assert_numbers(&RESIZE.text(n), &[n as f64, n1, n as f64 / n1, 1.0 / n1]);
    }
    let k = MODULO_KEEPS.knob;
    for n in values(k.min, k.max, k.step) {
        let n1 = n as f64 + 1.0;
        assert_numbers(&MODULO_KEEPS.text(n), &[n as f64, 1.0, n1, 1.0 / n1]);
    }
}

#[test]
fn the_spread_at_v_and_at_100_v() {
    // sqrt((N - 1) / (N V + 1)) on 4 servers.
    let cv = |v: f64| (3.0 / (4.0 * v + 1.0)).sqrt();
    let k = VNODES.knob;
    for v in values(k.min, k.max, k.step) {
        let vf = v as f64;
        assert_numbers(&VNODES.text(v), &[vf, 4.0, cv(vf), 100.0, cv(100.0 * vf)]);
    }
}

#[test]
fn the_hot_keys_owner() {
    let k = HOT.knob;
    for q in values(k.min, k.max, k.step) {
        // All of the key's q, plus a 16th of the other requests; the mean is a 16th.
        let hot = q as f64;
        let peak = hot + (100_000.0 - hot) / 16.0;
        let mean = 100_000.0 / 16.0;
        assert_numbers(
            &HOT.text(q),
            &[hot, 100_000.0, 16.0, peak, peak / mean, mean],
        );
    }
}
