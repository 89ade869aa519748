//! The interview as the reader sees it: every number in every prompt (the question, the
//! model answer, the rubric, the senior and staff lines), the whole answer and the cheat
//! sheet, each against a value worked out here from the formula or the core's ring.

use std::collections::BTreeSet;

use ringlab_core::schemes::nginx::POINTS_PER_WEIGHT;
use ringlab_core::schemes::ring::HashRing;
use ringlab_core::{numbered_servers, Partitioner};

use super::followups_numbers::busiest;
use super::interview::{cheat_sheet, prompts, whole_answer};
use crate::test_numbers::assert_numbers;

/// H_N, the expected busiest of N single points over the mean.
pub(super) fn harmonic(n: u32) -> f64 {
    (1..=n).rev().map(|k| 1.0 / f64::from(k)).sum()
}

/// sqrt((N - 1) / (N V + 1)), the spread of one share.
pub(super) fn cv(n: f64, v: f64) -> f64 {
    ((n - 1.0) / (n * v + 1.0)).sqrt()
}

/// The positions and owners of the ring of 16 servers s0..s15 at `points` each.
fn ring(points: u32) -> (Vec<(f64, usize)>, f64) {
    let scheme = HashRing::new(numbered_servers("s", 16), points).unwrap();
    let ring = scheme.ring().unwrap();
    let circle = 2f64.powi(ring.bits() as i32);
    let points = ring
        .points()
        .iter()
        .map(|p| (p.position as f64, p.server))
        .collect();
    (points, circle)
}

/// When each server of that ring leaves, what its biggest catcher gains over a fair
/// share, on average: each of its arcs goes to the next point clockwise of another server.
pub(super) fn biggest_catch(points: u32) -> f64 {
    let (ring, circle) = ring(points);
    let len = ring.len();
    let arc = |i: usize| {
        let before = if i == 0 {
            ring[len - 1].0 - circle
        } else {
            ring[i - 1].0
        };
        ring[i].0 - before
    };
    let total: f64 = (0..16)
        .map(|gone| {
            let mut caught = [0.0f64; 16];
            for i in (0..len).filter(|&i| ring[i].1 == gone) {
                let next = (1..len).map(|k| ring[(i + k) % len].1).find(|&s| s != gone);
                caught[next.unwrap()] += arc(i);
            }
            caught.iter().copied().fold(0.0, f64::max) / circle * 16.0
        })
        .sum();
    total / 16.0
}

/// P(three of sixteen failing servers hold every copy of some key): the distinct sets of
/// the first three servers clockwise from each point, over the C(16, 3) = 560 trios.
pub(super) fn loss(points: u32) -> f64 {
    let (ring, _) = ring(points);
    let sets: BTreeSet<Vec<usize>> = (0..ring.len())
        .map(|i| {
            let mut set = Vec::new();
            for k in 0..ring.len() {
                let s = ring[(i + k) % ring.len()].1;
                if !set.contains(&s) {
                    set.push(s);
                }
                if set.len() == 3 {
                    break;
                }
            }
            set.sort();
            set
        })
        .collect();
    sets.len() as f64 / 560.0
}

#[test]
fn every_prompt_reads_the_formulas_figures() {
    let (b100, b1000) = (busiest(100), busiest(1_000));
    let (catch_one, catch_many) = (biggest_catch(1), biggest_catch(200));
    // One point each: the one neighbour takes the leaver's whole share.
    assert!((catch_one - 1.0).abs() < 1e-9, "{catch_one}");
    let (loss_one, loss_many) = (loss(1), loss(200));
    // One point each: the 16 runs of three neighbours.
    assert!((loss_one - 16.0 / 560.0).abs() < 1e-12, "{loss_one}");
    let expected: Vec<(&str, Vec<Vec<f64>>)> = vec![
        ("Clarify requirements", vec![vec![]; 11]),
        ("The API", vec![vec![]; 9]),
        (
            "The naive answer",
            vec![
                vec![],
                vec![],
                // mod N keeps gcd / max: 1/9 and 1/101 stay.
                vec![1.0, 8.0, 9.0, 8.0 / 9.0, 100.0, 100.0 / 101.0, 1.0, 1.0],
                vec![],
                vec![16.0, 32.0, 1.0, 2.0],
                vec![1.0, 1.0],
                vec![],
                vec![],
                vec![],
                vec![],
            ],
        ),
        (
            "The ring",
            vec![
                vec![],
                vec![64.0],
                vec![1.0, 1.0, 1.0 / 17.0, 16.0, 17.0, 16.0 / 17.0],
                vec![],
                vec![],
                vec![],
                vec![1.0, 1.0],
                vec![],
                vec![1.0, 1.0],
                vec![],
            ],
        ),
        (
            "Virtual nodes",
            vec![
                vec![],
                vec![16.0, harmonic(16)],
                vec![3.0, 17.0, 1.0, 1.0, 1.0, cv(100.0, 160.0), 100.0, 160.0],
                vec![
                    100.0,
                    b100,
                    1_000.0,
                    b1000,
                    1_000.0 * 256.0 * 16.0,
                    1_000.0,
                    256.0,
                ],
                vec![],
                vec![],
                vec![1.0],
                vec![],
                vec![],
                vec![1.0],
                vec![],
            ],
        ),
        (
            "Replication",
            vec![
                vec![],
                vec![3.0],
                vec![],
                // Quorums of a majority of 3 overlap: 2 + 2 > 3.
                vec![3.0, 2.0, 2.0],
                vec![],
                vec![],
                vec![],
                vec![],
                vec![],
                vec![],
            ],
        ),
        (
            "A node failing",
            vec![
                vec![],
                vec![],
                vec![catch_one, 200.0, catch_many],
                vec![],
                vec![16.0, 3.0, 3.0, loss_one, 1.0, loss_many, 200.0],
                vec![],
                vec![],
                vec![],
                vec![],
                vec![],
                vec![],
            ],
        ),
        (
            "A hot key",
            vec![
                vec![1.0],
                vec![],
                // The owner: all 30,000 plus a 16th of the other 70,000.
                vec![
                    100_000.0,
                    16.0,
                    30_000.0,
                    30_000.0 + 70_000.0 / 16.0,
                    (30_000.0 + 70_000.0 / 16.0) / (100_000.0 / 16.0),
                    100_000.0 / 16.0,
                ],
                vec![],
                vec![1.25, 1_000.0, 10.0, (1.25f64 * 1_000.0 / 10.0).ceil()],
                vec![],
                vec![],
                vec![],
                vec![],
                vec![],
                vec![],
            ],
        ),
        (
            "Real systems",
            vec![
                vec![],
                vec![256.0, 4.0, 16.0],
                // ketama: 40 MD5 digests of 4 points each.
                vec![40.0 * 4.0, 5.0, f64::from(POINTS_PER_WEIGHT)],
                vec![16_384.0, 16.0, 16_384.0],
                vec![],
                vec![],
                vec![],
                vec![],
                vec![],
                vec![16.0],
            ],
        ),
    ];
    let all = prompts();
    assert_eq!(all.len(), expected.len());
    for (p, (topic, want)) in all.iter().zip(&expected) {
        assert_eq!(p.topic, *topic);
        let mut texts = vec![p.ask.as_str()];
        texts.extend(p.answer.iter().map(String::as_str));
        texts.extend(p.points.iter().map(String::as_str));
        texts.extend([p.senior.as_str(), p.staff.as_str()]);
        assert_eq!(texts.len(), want.len(), "{topic}: {texts:#?}");
        for (text, numbers) in texts.iter().zip(want) {
            assert_numbers(text, numbers);
        }
    }
}

#[test]
fn the_whole_answer_and_the_cheat_sheet_read_the_formulas_figures() {
    let (b100, b1000) = (busiest(100), busiest(1_000));
    let hot = (30_000.0 + 70_000.0 / 16.0) / (100_000.0 / 16.0);
    assert_numbers(
        &whole_answer(),
        &[
            8.0 / 9.0,
            8.0,
            9.0,
            1.0,
            1.0,
            160.0,
            100.0,
            b100,
            3.0,
            hot,
            16_384.0,
        ],
    );
    // With rack-aware lists at 200 points, every trio across three of the four racks of
    // four is a replica set: C(4, 3) 4³ = 256 of 560.
    let expected: [&[f64]; 17] = [
        &[8.0, 9.0, 1.0, 9.0, 1.0 / 9.0, 8.0, 9.0],
        &[16.0, 32.0, 1.0, 2.0],
        &[1.0, 1.0, 1.0, 17.0, 1.0 / 17.0, 16.0, 17.0],
        &[1.0, 1.0 / 16.0, 16.0],
        &[1.0, 1.0, 1.0, cv(100.0, 160.0), 100.0, 160.0],
        &[1.0, harmonic(16), 16.0],
        &[160.0, b100, 100.0, b1000, 1_000.0],
        &[2.0, 2.0 * 100f64.ln() / 0.01, 100.0, 0.1],
        &[16.0, 1_000.0 * 256.0 * 16.0, 1_000.0, 256.0],
        &[1.0, 1.0, biggest_catch(200), 200.0],
        &[30_000.0, 100_000.0, 16.0, 30_000.0 + 70_000.0 / 16.0, hot],
        // A given key's copies are one of the C(16, 3) = 560 ways three can fail; that
        // some key loses them all is 16 of 560 at one point each.
        &[
            3.0,
            16.0,
            3.0,
            1.0,
            560.0,
            1.0 / 560.0,
            16.0 / 560.0,
            1.0,
            loss(200),
            200.0,
            256.0 / 560.0,
        ],
        &[125.0, 1.25],
        &[16_384.0, 16.0, 16_384.0],
        &[256.0, 4.0, 16.0],
        &[40.0 * 4.0],
        &[f64::from(POINTS_PER_WEIGHT)],
    ];
    let sheet = cheat_sheet();
    assert_eq!(sheet.len(), expected.len());
    for ((label, value), want) in sheet.iter().zip(expected) {
        assert_numbers(&format!("{label}: {value}"), want);
    }
}
