//! The follow-ups as the reader sees them: every number in every sentence (the question,
//! the model answer, the rubric, the senior and staff lines and the number to quote),
//! each against a value worked out here from the formula or from the core directly.

use ringlab_core::experiment::{run_sequential, Busiest, Method, Placement, Setting};
use ringlab_core::schemes::maglev::DEFAULT_TABLE_SIZE;
use ringlab_core::schemes::nginx::POINTS_PER_WEIGHT;
use ringlab_core::schemes::redis::SLOT_COUNT;

use super::followups::{estimation_question, estimation_working, followups, FollowUp};
use crate::test_numbers::assert_numbers;

/// Every text of a follow-up, in the order the page shows them.
fn texts(f: &FollowUp) -> Vec<&str> {
    let p = &f.prompt;
    let mut out = vec![p.ask.as_str()];
    out.extend(p.answer.iter().map(String::as_str));
    out.extend(p.points.iter().map(String::as_str));
    out.extend([p.senior.as_str(), p.staff.as_str(), f.number.as_str()]);
    out
}

/// Checks the follow-up on `topic`: text by text, the numbers `expected`.
#[track_caller]
fn check(topic: &str, expected: &[&[f64]]) {
    let all = followups();
    let f = all
        .iter()
        .find(|f| f.prompt.topic == topic)
        .unwrap_or_else(|| panic!("no follow-up {topic:?}"));
    let texts = texts(f);
    assert_eq!(texts.len(), expected.len(), "{topic}: {texts:#?}");
    for (text, want) in texts.iter().zip(expected) {
        assert_numbers(text, want);
    }
}

/// The mean busiest server over its fair share at 160 points, from the core's Gamma
/// model as the interview runs it (seed 1, 200 rings).
pub(super) fn busiest(servers: usize) -> f64 {
    let trial = Busiest {
        seed: 1,
        method: Method::Gamma,
        placement: Placement::Uniform,
    };
    let setting = Setting {
        servers,
        points: 160,
        rings: 200,
    };
    run_sequential(&trial, &[setting], None).unwrap()[0].mean_busiest
}

#[test]
fn how_many_points() {
    // sqrt((N - 1) / (N V + 1)) at N = 100, V = 160; 2 ln N / ε² at N = 1,000, ε = 0.1.
    let cv = (99.0f64 / 16_001.0).sqrt();
    let rule = (2.0 * 1_000f64.ln() / 0.01).ceil();
    let (b100, b1000) = (busiest(100), busiest(1_000));
    // The answer's "plan for 1.2 to 1.3 times the mean" holds for both.
    assert!(1.2 < b100 && b100 < b1000 && b1000 < 1.3, "{b100} {b1000}");
    check(
        "How many virtual nodes",
        &[
            &[],
            &[1.0, cv, 160.0, 100.0],
            &[2.0, 1.0, rule, 0.1, 1_000.0],
            &[160.0, b100, 100.0, b1000, 1_000.0, 1.2, 1.3],
            &[16.0],
            &[1.0],
            &[2.0],
            &[1.2, 1.3, 160.0],
            &[],
            &[1.0],
            &[],
            &[2.0, rule, 1_000.0, 0.1, 160.0, b100, b1000],
        ],
    );
}

#[test]
fn membership() {
    // 1,000 members, 200 tokens of 16 bytes: one member's tokens to the 999 others, or
    // the whole ring to each of them; 8 bits a byte on a 1 Gbps link.
    let ring = 1_000.0 * 200.0 * 16.0;
    let lean = 200.0 * 16.0 * 999.0;
    let full = ring * 999.0;
    let seconds = |bytes: f64| bytes * 8.0 / 1e9;
    check(
        "Membership changes",
        &[
            &[],
            &[],
            &[],
            &[
                1_000.0,
                200.0,
                lean,
                seconds(lean) * 1e3,
                1.0,
                full,
                seconds(full),
            ],
            &[],
            &[],
            &[],
            &[],
            &[],
            &[],
            &[1_000.0, 200.0, lean, full, ring],
        ],
    );
}

#[test]
fn moving_data() {
    // The cost view's cluster: 10 billion objects of 1,088 bytes, three copies, on 16
    // servers. A newcomer fills through its own 125 MB/s link with 1/m of all stored
    // bytes, m the servers after; joins at once fill in parallel.
    let stored = 1e10 * 1_088.0 * 3.0;
    let hours = |after: f64, throttle: f64| stored / after / (125e6 * throttle) / 3_600.0;
    let (fast, slow) = (hours(17.0, 1.0), hours(17.0, 0.3));
    let one_by_one = hours(17.0, 1.0) + hours(18.0, 1.0) + hours(19.0, 1.0);
    check(
        "Moving data safely",
        &[
            &[],
            &[],
            &[16.0, 1.088e13, 3.0, 1.0, fast, slow, 0.3, slow / fast],
            &[],
            &[hours(19.0, 1.0), one_by_one],
            &[],
            &[],
            &[],
            &[],
            &[],
            &[],
            &[16.0, 1.088e13, 3.0, 1.0, fast, slow, 0.3],
        ],
    );
}

#[test]
fn other_schemes() {
    // Bytes a lookup keeps for 1,000 servers: 16 per ring point, a 4-byte id per Maglev
    // entry or slot, an 8-byte seed per rendezvous server.
    check(
        "Other schemes",
        &[
            &[],
            &[],
            &[],
            &[],
            &[100.0],
            &[],
            &[],
            &[],
            &[],
            &[],
            &[],
            &[],
            &[
                1_000.0,
                160.0,
                1_000.0 * 160.0 * 16.0,
                DEFAULT_TABLE_SIZE as f64 * 4.0,
                SLOT_COUNT as f64 * 4.0,
                1_000.0 * 8.0,
            ],
        ],
    );
}

#[test]
fn unequal_machines() {
    check(
        "Unequal machines",
        &[
            &[],
            &[f64::from(POINTS_PER_WEIGHT), 2.0],
            &[],
            &[],
            &[],
            &[],
            &[],
            &[],
            &[],
            &[2.0, 1.0, 1.0, 2.0, 2.0 / (1.0 + 1.0 + 2.0)],
        ],
    );
}

#[test]
fn bounded_loads_and_hot_keys() {
    // The cap: c K / N rounded up. The hot key's owner: all of its 30,000 plus a 16th of
    // the other 70,000, over the mean, a 16th of 100,000.
    let cap = (1.25f64 * 1_000.0 / 10.0).ceil();
    let ratio = (30_000.0 + 70_000.0 / 16.0) / (100_000.0 / 16.0);
    check(
        "Bounded loads and hot keys",
        &[
            &[],
            &[1.25, 1_000.0, 10.0, cap],
            &[],
            &[30_000.0, 100_000.0, 16.0, ratio],
            &[],
            &[],
            &[],
            &[],
            &[],
            &[],
            &[],
            &[1.25, cap, 1_000.0, 10.0, ratio],
        ],
    );
}

#[test]
fn finding_the_node() {
    // Redis's own example: CLUSTER KEYSLOT somekey is 11058.
    check(
        "Finding the node",
        &[
            &[],
            &[],
            &[],
            &[16_384.0, 11_058.0],
            &[],
            &[],
            &[],
            &[],
            &[],
            &[11_058.0, 16_384.0],
        ],
    );
}

#[test]
fn range_queries() {
    // Each of 10 servers is missed by all 100 keys with probability 0.9^100.
    let touched = 10.0 * (1.0 - 0.9f64.powi(100));
    check(
        "Range queries",
        &[
            &[],
            &[],
            &[100.0, 10.0, touched],
            &[],
            &[],
            &[],
            &[],
            &[],
            &[],
            &[100.0, 10.0, touched],
        ],
    );
}

#[test]
fn what_consistent_means() {
    check(
        "What \"consistent\" means",
        &[
            &[],
            &[],
            &[1.0, 1.0, 1.0 / 17.0, 16.0, 17.0],
            &[],
            &[],
            &[],
            &[],
            &[],
            &[1.0, 17.0, 1.0 / 17.0, 16.0, 17.0],
        ],
    );
}

#[test]
fn when_not_to_use_it() {
    // mod 16 and mod 32 agree on gcd / max = 16/32 of the hashes: 1/2 moves.
    check(
        "When not to use it",
        &[
            &[],
            &[16.0, 32.0, 1.0, 2.0],
            &[],
            &[],
            &[],
            &[],
            &[],
            &[],
            &[],
            &[16.0, 32.0, 1.0, 2.0],
        ],
    );
}

#[test]
fn the_estimation_and_its_working() {
    // 10 TB on 10 servers, the 11th fills with 1/11 of it through 30% of 125 MB/s.
    let share = 1e13 / 11.0;
    let rate = 125.0 * 0.3;
    let seconds = share / (rate * 1e6);
    assert_numbers(&estimation_question(), &[10.0, 1e13, 11.0, 1.0, 0.3]);
    let working = estimation_working();
    assert_eq!(working.len(), 3);
    assert_numbers(&working[0], &[1.0, 11.0, 1e13, share]);
    assert_numbers(&working[1], &[1.0, 125.0, 0.3, rate]);
    assert_numbers(&working[2], &[share, rate, seconds, seconds / 3_600.0]);
}
