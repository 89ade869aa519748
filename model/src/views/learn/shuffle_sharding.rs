//! The follow-up on shuffle sharding, and its widget's figures: two customers, each given
//! `k` of `n` workers at random, and the exact chance that they share all `k` or at least
//! one ([`ringlab_core::analysis::shuffle`]).

use ringlab_core::analysis::shuffle::{shard, shard_sets, share_all, share_any};

use super::follow_up::{FollowUp, Widget};
use super::interview::prompt;
use super::links;
use crate::format::{grouped, percent};

/// The answer's example, AWS's own: 8 workers, 2 for each customer.
pub const WORKERS: u64 = 8;
pub const SHARD: u64 = 2;
/// Route 53: each domain gets 4 of 2,048 virtual name servers.
pub const ROUTE53_WORKERS: u64 = 2_048;
pub const ROUTE53_SHARD: u64 = 4;
/// The widget's bounds: workers, and workers per customer.
pub const MAX_WORKERS: u64 = 64;
pub const MAX_SHARD: u64 = 8;

/// Workers and shard size as the widget allows them: 2 to 64 workers, 1 to 8 each and
/// never more than there are workers.
pub fn clamp(workers: u64, shard: u64) -> (u64, u64) {
    let n = workers.clamp(2, MAX_WORKERS);
    (n, shard.clamp(1, MAX_SHARD.min(n)))
}

/// The widget's sentences for `n` workers, `k` each (clamped first).
pub fn readout(workers: u64, shard: u64) -> Vec<String> {
    let (n, k) = clamp(workers, shard);
    let sets = shard_sets(n, k);
    vec![
        format!(
            "{n} workers, {k} for each customer: {} different shards.",
            grouped_sets(sets)
        ),
        format!(
            "Two customers share all {k} workers with chance 1 in {}{}. They share at least \
             one with chance {}.",
            grouped_sets(sets),
            readable_percent(share_all(n, k)),
            percent(share_any(n, k)),
        ),
    ]
}

/// Deal number `draw`: two customers' shards of `k` of `n` workers (clamped first),
/// customers `2 draw` and `2 draw + 1` of the core's [`shard`].
pub fn pair(workers: u64, shard_size: u64, draw: u64) -> (Vec<u64>, Vec<u64>) {
    let (n, k) = clamp(workers, shard_size);
    let first = draw.wrapping_mul(2);
    (shard(n, k, first), shard(n, k, first.wrapping_add(1)))
}

/// The dealt pair in words, workers numbered from 1 as the picture labels them.
pub fn pair_sentence(a: &[u64], b: &[u64]) -> String {
    let list = |s: &[u64]| {
        s.iter()
            .map(|w| (w + 1).to_string())
            .collect::<Vec<_>>()
            .join(", ")
    };
    let shared = a.iter().filter(|w| b.contains(w)).count();
    let verdict = match shared {
        0 => "no worker in common".to_string(),
        s if s == a.len() => "every worker: the same shard".to_string(),
        s => format!("{s} of {} workers", a.len()),
    };
    format!(
        "Customer A has workers {}; customer B has {}. They share {verdict}.",
        list(a),
        list(b)
    )
}

/// Below this a percentage reads as zeros; the "1 in" count says it alone.
pub const SMALLEST_PERCENT: f64 = 1e-5;

/// ": 3.6%" for a chance worth a percentage, nothing for one too small to print.
fn readable_percent(p: f64) -> String {
    if p >= SMALLEST_PERCENT {
        format!(": {}", percent(p))
    } else {
        String::new()
    }
}

/// A count of shard sets, grouped (they never reach `u64` in this widget or the answer).
fn grouped_sets(sets: u128) -> String {
    u64::try_from(sets).map_or_else(|_| sets.to_string(), grouped)
}

pub fn followup() -> FollowUp {
    let (n, k) = (WORKERS, SHARD);
    let sets = grouped_sets(shard_sets(n, k));
    let big = grouped_sets(shard_sets(ROUTE53_WORKERS, ROUTE53_SHARD));
    FollowUp {
        prompt: prompt(
            "Shuffle sharding",
            "One customer's requests crash every worker that serves them. How do you stop \
             them taking everyone else down?",
            &[
                "Give each customer its own few workers, drawn at random: a shuffle shard. \
                 The bad customer breaks only its own shard, and another customer is fully \
                 down only if its shard is exactly the same."
                    .into(),
                format!(
                    "With {n} workers and {k} for each customer there are {sets} shards. \
                     Another customer has exactly the same {k} with chance 1 in {sets}, {}. \
                     It shares at least one worker with chance {}, but it still has a \
                     healthy worker to retry on.",
                    percent(share_all(n, k)),
                    percent(share_any(n, k)),
                ),
                format!(
                    "The count grows fast. Route 53 gives each domain {ROUTE53_SHARD} of {} \
                     virtual name servers: {big} shards, so two domains share all \
                     {ROUTE53_SHARD} with chance 1 in {big}.",
                    grouped(ROUTE53_WORKERS),
                ),
                "It needs clients that retry across their shard, and a check that no two \
                 large customers were dealt the same one."
                    .into(),
            ],
            &[
                "Each customer gets k of n workers, at random",
                "All shared: 1 / C(n, k); one shared is common and survivable with retries",
                "Counts the shards: C(n, k) grows fast",
                "Clients retry within their shard",
            ],
        )
        .with_levels(
            "Explains the isolation and computes 1 / C(n, k).",
            "Chooses k against each customer's capacity and the blast radius, and adds \
                per-customer limits and retries.",
        ),
        number: format!(
            "{n} workers, {k} each: {sets} shards; all {k} shared 1 in {sets} ({}), at least \
             one shared {}",
            percent(share_all(n, k)),
            percent(share_any(n, k)),
        ),
        see: (
            "The lab's figure 6: replica sets and what failures lose".into(),
            links::lab_figure(6),
        ),
        widget: Some(Widget::ShuffleSharding),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_numbers::assert_numbers;

    /// `C(n, k)` as a float, from factorials.
    fn choose(n: u64, k: u64) -> f64 {
        let fact = |m: u64| (1..=m).map(|i| i as f64).product::<f64>();
        fact(n) / (fact(k) * fact(n - k))
    }

    /// The chance two random `k`-sets of `n` meet, by the complement counted directly.
    fn meet(n: u64, k: u64) -> f64 {
        if 2 * k > n {
            return 1.0;
        }
        1.0 - choose(n - k, k) / choose(n, k)
    }

    #[test]
    fn the_answer_reads_the_exact_chances() {
        let f = followup();
        let p = &f.prompt;
        // 8 choose 2 is 28; 6 choose 2 is 15 of them apart.
        assert_eq!(choose(8, 2), 28.0);
        let (all, any) = (1.0 / 28.0, 13.0 / 28.0);
        assert_numbers(&p.answer[0], &[]);
        assert_numbers(&p.answer[1], &[8.0, 2.0, 28.0, 2.0, 1.0, 28.0, all, any]);
        // 2,048 * 2,047 * 2,046 * 2,045 / 24.
        let route53 = 2_048.0 * 2_047.0 * 2_046.0 * 2_045.0 / 24.0;
        assert_numbers(
            &p.answer[2],
            &[53.0, 4.0, 2_048.0, route53, 4.0, 1.0, route53],
        );
        assert_numbers(&p.answer[3], &[]);
        assert_numbers(&p.points[1], &[1.0]);
        assert_numbers(&f.number, &[8.0, 2.0, 28.0, 2.0, 1.0, 28.0, all, any]);
        for text in [&p.points[0], &p.points[2], &p.points[3], &p.ask, &p.staff] {
            assert_numbers(text, &[]);
        }
        assert_numbers(&p.senior, &[1.0]);
    }

    #[test]
    fn the_widget_reads_every_setting() {
        for n in 2..=MAX_WORKERS {
            for k in 1..=MAX_SHARD.min(n) {
                let lines = readout(n, k);
                let sets = choose(n, k);
                assert_numbers(&lines[0], &[n as f64, k as f64, sets]);
                let mut want = vec![k as f64, 1.0, sets];
                if 1.0 / sets >= 1e-5 {
                    want.push(1.0 / sets);
                }
                want.push(meet(n, k));
                assert_numbers(&lines[1], &want);
            }
        }
    }

    #[test]
    fn a_dealt_pair_is_told_worker_by_worker() {
        assert_eq!(
            pair_sentence(&[1, 4], &[4, 6]),
            "Customer A has workers 2, 5; customer B has 5, 7. They share 1 of 2 workers."
        );
        assert!(pair_sentence(&[1, 4], &[1, 4]).ends_with("every worker: the same shard."));
        assert!(pair_sentence(&[0], &[3]).ends_with("no worker in common."));
        let (a, b) = pair(1_000, 3, 5);
        assert_eq!((a.len(), b.len()), (3, 3));
        assert!(a.iter().chain(&b).all(|&w| w < MAX_WORKERS));
        assert_eq!(pair(8, 2, 5), pair(8, 2, 5));
        // Over many deals the pair shares everything about as often as 1 / C(8, 2).
        let same = (0..2_800)
            .filter(|&d| {
                let (a, b) = pair(8, 2, d);
                a == b
            })
            .count();
        assert!(
            (60..=140).contains(&same),
            "{same} of 2,800, expected about 100"
        );
    }

    #[test]
    fn out_of_range_settings_are_clamped() {
        assert_eq!(clamp(0, 0), (2, 1));
        assert_eq!(clamp(1_000, 1_000), (64, 8));
        assert_eq!(clamp(3, 8), (3, 3));
        assert_eq!(readout(3, 8), readout(3, 3));
    }
}
