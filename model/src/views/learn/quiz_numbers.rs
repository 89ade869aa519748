//! The quiz and the check-up as the reader sees them: every number in each question,
//! its options and its explanation, and each typed answer, against a value worked out
//! here from the formula or the core.

use ringlab_core::numbered_servers;
use ringlab_core::schemes::maglev::{Maglev, DEFAULT_TABLE_SIZE};

use super::checkup::skills;
use super::followups_numbers::busiest;
use super::interview_numbers::{biggest_catch, cv, loss};
use super::quiz::{questions, Kind, Question};
use crate::test_numbers::assert_numbers;
use crate::test_refs::crc16_xmodem;

/// A question's texts in the page's order: the prompt, each option, the explanation.
fn texts(q: &Question) -> Vec<&str> {
    let mut out = vec![q.prompt.as_str()];
    if let Kind::Choice { options, .. } = &q.kind {
        out.extend(options.iter().map(String::as_str));
    }
    out.push(q.explanation.as_str());
    out
}

/// Checks a question's texts, and its typed answer or right option.
#[track_caller]
fn check(q: &Question, expected: &[&[f64]], answer: f64) {
    let texts = texts(q);
    assert_eq!(texts.len(), expected.len(), "{texts:#?}");
    for (text, want) in texts.iter().zip(expected) {
        assert_numbers(text, want);
    }
    match &q.kind {
        Kind::Number { answer: got, .. } => {
            assert!(
                (got - answer).abs() < 1e-12 * answer.abs(),
                "{got} against {answer}"
            )
        }
        Kind::Choice { correct, .. } => assert_eq!(*correct as f64, answer, "{}", q.prompt),
    }
}

/// The hot key's owner over the mean: all `hot` of `total`, plus a share of the rest.
fn hot_ratio(total: f64, servers: f64, hot: f64) -> f64 {
    (hot + (total - hot) / servers) / (total / servers)
}

#[test]
fn the_quizs_figures() {
    // Redis's own example: somekey is slot 11058.
    assert_eq!(crc16_xmodem(b"somekey") % 16_384, 11_058);
    let slot = f64::from(crc16_xmodem(b"user:42") % 16_384);
    // Slots of Envoy's Maglev table that change when s8 joins s0..s7.
    let table = |n| Maglev::new(numbered_servers("s", n), DEFAULT_TABLE_SIZE).unwrap();
    let (eight, nine) = (table(8), table(9));
    let changed = eight
        .table()
        .iter()
        .zip(nine.table())
        .filter(|(a, b)| a != b)
        .count() as f64
        / DEFAULT_TABLE_SIZE as f64;
    // Jump without bucket 3 of 10: buckets 3 to 8 name the next server, and bucket 9's
    // keys stay only if they fall to bucket 8 (1 in 9).
    let renumbered = 6.0 / 10.0 + (1.0 / 10.0) * (8.0 / 9.0);
    let hot = hot_ratio(100_000.0, 16.0, 30_000.0);
    let all = questions();
    assert_eq!(all.len(), 14);
    // mod 8 and mod 9 agree on 8 of every lcm(8, 9) = 72 hashes.
    check(
        &all[0],
        &[
            &[8.0, 8.0, 9.0],
            &[1.0, 9.0, 1.0 / 9.0, 8.0, 9.0, 8.0, 72.0, 1.0, 9.0],
        ],
        1.0 / 9.0,
    );
    check(
        &all[1],
        &[&[16.0, 32.0], &[1.0, 2.0, 16.0, 16.0, 17.0, 16.0 / 17.0]],
        0.5,
    );
    check(
        &all[2],
        &[&[16.0], &[1.0, 17.0, 1.0 / 17.0, 1.0, 1.0]],
        1.0 / 17.0,
    );
    check(
        &all[3],
        &[
            &[16.0, 200.0],
            &[],
            &[],
            &[],
            &[],
            &[1.0 / 16.0, 200.0, biggest_catch(200), biggest_catch(1)],
        ],
        2.0,
    );
    check(
        &all[4],
        &[
            &[],
            &[],
            &[1.0],
            &[],
            &[],
            &[
                100.0,
                cv(100.0, 1.0),
                160.0,
                cv(100.0, 160.0),
                100.0,
                busiest(100),
            ],
        ],
        1.0,
    );
    check(
        &all[5],
        &[&[3.0], &[3.0], &[3.0], &[3.0], &[3.0], &[3.0]],
        3.0,
    );
    check(
        &all[6],
        &[
            &[],
            &[],
            &[],
            &[],
            &[],
            &[16.0, 200.0, 3.0, loss(200), 256.0 / 560.0],
        ],
        0.0,
    );
    check(
        &all[7],
        &[
            &[16.0, 3.0, 3.0],
            &[1.0],
            &[200.0],
            &[],
            &[200.0, loss(200), loss(1), 1.0, 16.0, 200.0, 3.0],
        ],
        1.0,
    );
    check(
        &all[8],
        &[
            &[],
            &[160.0],
            &[16.0, 16_384.0],
            &[],
            &[],
            &[16_384.0, 16.0, 16_384.0, 42.0, slot, 42.0, 42.0, slot],
        ],
        1.0,
    );
    check(
        &all[9],
        &[
            &[16.0, 200.0, cv(16.0, 200.0), 1.0],
            &[],
            &[],
            &[],
            &[],
            &[30_000.0, 100_000.0, 34_375.0, hot, 6_250.0],
        ],
        2.0,
    );
    check(
        &all[10],
        &[
            &[16.0, 100_000.0, 30_000.0],
            &[34_375.0, 30_000.0, 16.0, 70_000.0, hot, 6_250.0],
        ],
        30_000.0 + 70_000.0 / 16.0,
    );
    let cap = (1.25f64 * 1_000.0 / 10.0).ceil();
    check(
        &all[11],
        &[
            &[1.25, 1_000.0, 10.0],
            &[cap],
            &[0.25],
            &[0.25],
            &[1.25],
            &[cap, 1.25, 125.0],
        ],
        0.0,
    );
    check(
        &all[12],
        &[
            &[],
            &[],
            &[],
            &[],
            &[],
            &[8.0, 65_537.0, changed, 1.0 / 9.0],
        ],
        2.0,
    );
    check(
        &all[13],
        &[
            &[0.0, 1.0],
            &[],
            &[],
            &[],
            &[],
            &[1.0, 1.0, 1.0, 3.0, 10.0, renumbered],
        ],
        1.0,
    );
}

#[test]
fn the_check_ups_figures() {
    let all = skills();
    let q: Vec<&Question> = all.iter().flat_map(|s| [&s.before, &s.after]).collect();
    assert_eq!(q.len(), 12);
    // mod 5 and mod 6 agree on gcd / max = 1/6 of the hashes; mod 12 and 13 on 1/13.
    check(q[0], &[&[5.0, 5.0, 6.0], &[1.0 / 6.0, 5.0, 6.0]], 1.0 / 6.0);
    check(
        q[1],
        &[&[12.0, 13.0], &[12.0, 13.0, 12.0 / 13.0, 1.0 / 13.0]],
        12.0 / 13.0,
    );
    check(q[2], &[&[9.0], &[1.0, 10.0, 0.1]], 0.1);
    check(q[3], &[&[24.0], &[1.0, 25.0, 0.04]], 0.04);
    // 85 is past every server: the walk wraps to A at 15. 60 is B's own position.
    check(
        q[4],
        &[
            &[0.0, 99.0, 15.0, 40.0, 70.0, 85.0],
            &[15.0],
            &[40.0],
            &[70.0],
            &[85.0, 99.0, 15.0],
        ],
        0.0,
    );
    check(
        q[5],
        &[
            &[0.0, 99.0, 25.0, 60.0, 90.0, 60.0],
            &[25.0],
            &[60.0],
            &[90.0],
            &[60.0],
        ],
        1.0,
    );
    check(
        q[6],
        &[
            &[50.0, 64.0, 256.0],
            &[],
            &[],
            &[],
            &[],
            &[
                1.0,
                50.0,
                cv(50.0, 64.0),
                cv(50.0, 256.0),
                cv(50.0, 64.0) / cv(50.0, 256.0),
            ],
        ],
        1.0,
    );
    check(
        q[7],
        &[&[100.0, 100.0], &[cv(100.0, 100.0), 1.0, 100.0, 160.0]],
        cv(100.0, 100.0),
    );
    check(
        q[8],
        &[
            &[50_000.0, 10.0, 10_000.0],
            &[
                14_000.0,
                10_000.0,
                10.0,
                40_000.0,
                hot_ratio(50_000.0, 10.0, 10_000.0),
                5_000.0,
            ],
        ],
        10_000.0 + 40_000.0 / 10.0,
    );
    check(
        q[9],
        &[
            &[
                25_000.0,
                100_000.0,
                20.0,
                hot_ratio(100_000.0, 20.0, 25_000.0),
            ],
            &[],
            &[],
            &[],
            &[1.25],
            &[],
        ],
        2.0,
    );
    check(
        q[10],
        &[&[], &[], &[], &[], &[], &[0.0, 1.0, 10.0, 11.0, 1.0 / 11.0]],
        1.0,
    );
    check(q[11], &[&[], &[], &[], &[], &[], &[21.0, 1.0 / 21.0]], 2.0);
}

/// No text has a run of spaces (a string broken across lines without its `\\`).
#[test]
fn no_text_holds_a_run_of_spaces() {
    let (quiz, skills) = (questions(), skills());
    let checkup = skills.iter().flat_map(|s| [&s.before, &s.after]);
    for q in quiz.iter().chain(checkup) {
        for text in texts(q) {
            assert!(!text.contains("  "), "{text:?}");
        }
    }
}
