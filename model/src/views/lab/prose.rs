//! What a lab run found, in a sentence, from its rows: the figures the lessons quote,
//! read off this run.

use ringlab_core::analysis::durability::binomial;
use ringlab_core::analysis::memory::{gossip_full_state, gossip_per_change, ring_bytes};
use ringlab_core::analysis::theory::{points_for_balance, single_point_peak};
use ringlab_core::experiment::{BusiestRow, CatcherRow};

use super::agree::Pair;
use super::llm::{LlmFigure, LlmRouter, LlmRow, LLM_CACHE_BLOCKS, LLM_K, LLM_WORKERS};
use super::runs::{
    AGREE_SAID, BOUNDED_KEYS, BOUNDED_SERVERS, KEYS_PLACED, KEYS_POINTS, SEED_PYTHON_RATES,
};
use super::series::MEMORY_POINTS;
use super::series::{
    bounded_least_moved, keys_least_moved, AgreeRow, BoundedRow, KeysRow, SpeedRow,
};
use crate::format::{byte_size, grouped, percent, significant};
use crate::loss::{Loss, LOSS_FAILURES, LOSS_SERVERS};

fn at<R>(rows: &[R], servers: usize, points: u32, get: fn(&R) -> (usize, u32)) -> Option<&R> {
    rows.iter().find(|r| get(r) == (servers, points))
}

/// Figure 1: the busiest server at one point each against the theory, and at 160 and
/// 1,024 points.
pub fn busiest(rows: &[BusiestRow]) -> Option<String> {
    let get = |r: &BusiestRow| (r.servers, r.points);
    let mut parts = Vec::new();
    let ones: Vec<String> = [10, 100, 1_000]
        .iter()
        .filter_map(|&n| {
            at(rows, n, 1, get).map(|r| {
                format!(
                    "{:.2} at N = {n} (theory {:.2})",
                    r.mean_busiest,
                    single_point_peak(n)
                )
            })
        })
        .collect();
    if !ones.is_empty() {
        parts.push(format!(
            "with one point each, the busiest server carries {} times its fair share",
            ones.join(", ")
        ));
    }
    let many: Vec<String> = [100, 1_000]
        .iter()
        .filter_map(|&n| {
            at(rows, n, 160, get).map(|r| {
                format!(
                    "{:.2} at N = {n} (95th percentile {:.2})",
                    r.mean_busiest, r.p95_busiest
                )
            })
        })
        .collect();
    if !many.is_empty() {
        parts.push(format!("at 160 points, {}", many.join(" and ")));
    }
    if let Some(r) = at(rows, 1_000, 1_024, get) {
        // The rule of thumb for that same level, to set the measurement against.
        let rule = points_for_balance(1_000, r.mean_busiest - 1.0).ceil() as u64;
        parts.push(format!(
            "at 1024 points and N = 1000, {:.3}, a level for which the rule 2 ln N / ε² asks {} points",
            r.mean_busiest,
            grouped(rule)
        ));
    }
    (!parts.is_empty()).then(|| format!("This run: {}.", parts.join("; ")))
}

/// Figure 2: spread x sqrt(V) at the largest V measured, per N.
pub fn spread(rows: &[BusiestRow]) -> Option<String> {
    let last: Vec<String> = [10, 100, 1_000]
        .iter()
        .filter_map(|&n| {
            let r = rows
                .iter()
                .filter(|r| r.servers == n)
                .max_by_key(|r| r.points)?;
            Some(format!(
                "{:.2} at N = {n} (theory {:.2})",
                r.spread_sqrt_points, r.theory_spread_sqrt_points
            ))
        })
        .collect();
    (!last.is_empty()).then(|| {
        format!(
            "This run, at the most points measured: {}.",
            last.join(", ")
        )
    })
}

/// Figure 3: the biggest catcher at 1, 16 and 160 points.
pub fn catcher(rows: &[CatcherRow]) -> Option<String> {
    let found: Vec<String> = [1, 16, 160]
        .iter()
        .filter_map(|&v| {
            let r = rows.iter().find(|r| r.points == v)?;
            Some(format!(
                "{:.2} at {v} point{}",
                r.mean_biggest_fraction,
                if v == 1 { "" } else { "s" }
            ))
        })
        .collect();
    (!found.is_empty()).then(|| {
        format!(
            "This run: the biggest catcher takes {} of the leaver's keys.",
            found.join(", ")
        )
    })
}

/// Figure 6: the loss at the fewest and the most points measured, against the number of
/// ways three servers can fail.
pub fn durability(rows: &[(u32, Loss)]) -> Option<String> {
    let (first, last) = (rows.first()?, rows.last()?);
    let ways = binomial(LOSS_SERVERS as u64, LOSS_FAILURES as u64);
    let mut text = format!(
        "This run: with one point each there are {} replica sets, so {} of the {ways} ways to lose {LOSS_FAILURES} of {LOSS_SERVERS} servers lose some key",
        first.1.distinct_sets,
        percent(first.1.plain)
    );
    if last.0 != first.0 {
        text.push_str(&format!(
            "; at {} points, {} replica sets and {} of them. One copy per rack: {}",
            last.0,
            last.1.distinct_sets,
            percent(last.1.plain),
            percent(last.1.rack_aware)
        ));
    }
    text.push('.');
    Some(text)
}

/// Figure 4: what a join moved at the largest N measured, for each scheme, against the
/// least possible, K/(N+1), and that count's own spread (the binomial's).
pub fn keys(rows: &[KeysRow]) -> Option<String> {
    let n = rows.iter().map(|r| r.1).max()?;
    let ideal = keys_least_moved(n);
    let spread = (ideal * (1.0 - 1.0 / (n as f64 + 1.0))).sqrt();
    let moved: Vec<String> = rows
        .iter()
        .filter(|r| r.1 == n)
        .map(|r| {
            format!(
                "{} {}",
                r.0.title(u64::from(KEYS_POINTS)),
                grouped(r.2.moved)
            )
        })
        .collect();
    Some(format!(
        "This run: when server {} joins {n}, of {} keys the least that must move is {:.0}, give or take {:.0}. Moved: {}.",
        n + 1,
        grouped(KEYS_PLACED),
        ideal,
        spread,
        moved.join(", ")
    ))
}

/// Figure 5: each scheme's lookups per second at the largest N measured, beside the
/// seed experiment's Python figures.
pub fn speed(rows: &[SpeedRow]) -> Option<String> {
    let n = rows.iter().map(|r| r.1).max()?;
    let here: Vec<String> = rows
        .iter()
        .filter(|r| r.1 == n)
        .map(|r| {
            format!(
                "{} {}",
                r.0.title(u64::from(KEYS_POINTS)),
                significant(r.2, 3)
            )
        })
        .collect();
    let seed: Vec<String> = SEED_PYTHON_RATES
        .iter()
        .map(|(scheme, rate)| {
            format!(
                "{} {}",
                scheme.title(u64::from(KEYS_POINTS)),
                grouped(*rate as u64)
            )
        })
        .collect();
    Some(format!(
        "This browser, at N = {}, one key at a time: {} lookups a second. The seed experiment's Python reported {}.",
        grouped(n as u64),
        here.join(", "),
        seed.join(", ")
    ))
}

/// Figure 8: the tightest and the loosest epsilon measured: the busiest, its cap, and
/// what a join moved against the least possible.
pub fn bounded(rows: &[BoundedRow]) -> Option<String> {
    let least = bounded_least_moved(BOUNDED_SERVERS);
    let say = |(epsilon, o): &BoundedRow| {
        format!(
            "at ε = {epsilon} the busiest holds {:.3} times the mean (its cap {:.3}), {} keys sit away from home, and a join moves {} keys, {:.1} times the least possible",
            o.max_over_mean,
            1.0 + epsilon,
            grouped(o.pushed),
            grouped(o.moved),
            o.moved as f64 / least
        )
    };
    let (first, last) = (rows.first()?, rows.last()?);
    let mut text = format!(
        "This run, {} keys on {BOUNDED_SERVERS} servers (a join must move at least {least:.0}): {}",
        grouped(BOUNDED_KEYS),
        say(first)
    );
    if rows.len() > 1 {
        text.push_str(&format!("; {}", say(last)));
    }
    text.push('.');
    Some(text)
}

/// Figure 9 at one N ("N = 6, ..."): the mixed pairs' lowest and highest agreement against 1/N, and
/// what the join kept against N/(N+1).
fn agree_at(rows: &[AgreeRow], n: usize) -> Option<String> {
    let here: Vec<&AgreeRow> = rows.iter().filter(|r| r.1 == n && r.2.keys > 0).collect();
    let mixed = || here.iter().filter(|r| r.0 != Pair::Join).map(|r| r.2);
    let low = mixed().min_by_key(|o| o.same);
    let high = mixed().max_by_key(|o| o.same);
    let mut parts = Vec::new();
    if let (Some(low), Some(high)) = (low, high) {
        let count = if low.same == high.same {
            grouped(low.same)
        } else {
            format!("{} to {}", grouped(low.same), grouped(high.same))
        };
        let share = if low.same == high.same {
            percent(low.share())
        } else {
            format!("{} to {}", percent(low.share()), percent(high.share()))
        };
        parts.push(format!(
            "two different clients agree on {count} of {} keys ({share}), where chance alone gives 1/{n}, {}",
            grouped(low.keys),
            percent(Pair::Kafka.expected(n))
        ));
    }
    if let Some(join) = here.iter().find(|r| r.0 == Pair::Join) {
        parts.push(format!(
            "one client after a server joins keeps {} in place ({}; {n}/{} is {})",
            grouped(join.2.same),
            percent(join.2.share()),
            n + 1,
            percent(Pair::Join.expected(n))
        ));
    }
    (!parts.is_empty()).then(|| format!("N = {n}, {}", parts.join("; ")))
}

/// Figure 9: the pairs at N = [`AGREE_SAID`] (the Kafka preset's six partitions) and at
/// the largest N run.
pub fn agree(rows: &[AgreeRow]) -> Option<String> {
    let largest = rows.iter().map(|r| r.1).max()?;
    let mut said: Vec<String> = [AGREE_SAID, largest]
        .iter()
        .filter_map(|&n| agree_at(rows, n))
        .collect();
    said.dedup();
    let mut text = format!("This run, at {}.", said.first()?);
    for more in &said[1..] {
        text.push_str(&format!(" At {more}."));
    }
    Some(text)
}

/// Figures 10 to 12 in words: what the rows of `figure` show, with the bound on reuse.
pub fn llm(rows: &[LlmRow], most: (u64, u64), figure: LlmFigure) -> Option<String> {
    let of = |router: LlmRouter| {
        rows.iter()
            .filter(move |r| r.figure == figure && r.router == router)
    };
    let said = |r: &LlmRow| {
        format!(
            "{} ({} of {}), the busiest at {:.2} times the mean",
            percent(r.share()),
            grouped(r.reused),
            grouped(r.blocks),
            r.busiest_over_mean
        )
    };
    let bound = format!(
        "no router could reuse more than {} ({})",
        percent(most.0 as f64 / most.1.max(1) as f64),
        grouped(most.0)
    );
    match figure {
        LlmFigure::Prefix => {
            let one = of(LlmRouter::Ring).find(|r| r.x == 1.0)?;
            let best = of(LlmRouter::Ring)
                .max_by(|a, b| a.reused.cmp(&b.reused).then(b.x.total_cmp(&a.x)))?;
            let mut text = format!(
                "On this trace, {LLM_WORKERS} workers of {} blocks each: a ring on the first block reuses {} of the prompt blocks, and its busiest worker takes {:.2} times the mean. \
                 On the first {} it reuses {}; {bound}.",
                grouped(LLM_CACHE_BLOCKS as u64),
                percent(one.share()),
                one.busiest_over_mean,
                if best.x == 1.0 {
                    "block".to_string()
                } else {
                    format!("{} blocks", best.x)
                },
                said(best),
            );
            for router in [LlmRouter::RoundRobin, LlmRouter::CacheAware] {
                if let Some(r) = of(router).next() {
                    text.push_str(&format!(
                        " {} reuses {}, the busiest at {:.2} times the mean.",
                        crate::format::capitalized(router.label()),
                        percent(r.share()),
                        r.busiest_over_mean
                    ));
                }
            }
            Some(text)
        }
        LlmFigure::Bound => {
            let plain = of(LlmRouter::Ring).next()?;
            let (tight, loose) = (
                of(LlmRouter::RingBounded).next()?,
                of(LlmRouter::RingBounded).next_back()?,
            );
            Some(format!(
                "On the first {LLM_K} blocks, {LLM_WORKERS} workers of {} blocks: the plain ring reuses {}. \
                 Bounded at c = {}, it reuses {}; at c = {}, {}. {}.",
                grouped(LLM_CACHE_BLOCKS as u64),
                said(plain),
                tight.x,
                said(tight),
                loose.x,
                said(loose),
                crate::format::capitalized(&bound)
            ))
        }
        LlmFigure::Cache => {
            let mut parts = Vec::new();
            for router in [
                LlmRouter::Ring,
                LlmRouter::RoundRobin,
                LlmRouter::CacheAware,
            ] {
                let (small, big) = (of(router).next()?, of(router).next_back()?);
                let who = match router {
                    LlmRouter::Ring => "the ring",
                    other => other.label(),
                };
                parts.push(format!(
                    "{who} reuses {} with {} blocks a worker and {} with {}",
                    percent(small.share()),
                    grouped(small.x as u64),
                    percent(big.share()),
                    grouped(big.x as u64)
                ));
            }
            Some(format!(
                "Hashing the first {LLM_K} blocks, {LLM_WORKERS} workers: {}. {}.",
                parts.join("; "),
                crate::format::capitalized(&bound)
            ))
        }
    }
}

/// Figure 7: the ring and one change's gossip at N = 1,000 and V = 200, and how long the
/// gossip takes on a link of `link_bits_per_second`.
pub fn memory(link_bits_per_second: f64) -> String {
    let (n, v) = (1_000, MEMORY_POINTS);
    let lean = gossip_per_change(n, v).total_bytes;
    let full = gossip_full_state(n, v).total_bytes;
    let time = |bytes: u64| bytes as f64 * 8.0 / link_bits_per_second;
    format!(
        "At N = {n} and V = {v}, each member holds a {} ring. One join or leave sends {} in all when the member tells everyone its own tokens ({:.0} ms of a 1 Gbps link), and {} when it sends everyone the whole ring ({:.0} s).",
        byte_size(ring_bytes(n, v)),
        byte_size(lean),
        time(lean) * 1_000.0,
        byte_size(full),
        time(full)
    )
}

/// A finding read from the shipped rows: "The shipped run: …" where a run in the page
/// says "This run: …".
pub fn shipped(finding: Option<String>) -> Option<String> {
    finding.map(|f| match f.strip_prefix("This run") {
        Some(rest) => format!("The shipped run{rest}"),
        None => f,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shipped_rows_are_called_the_shipped_run() {
        assert_eq!(
            shipped(Some("This run, at the most points: 1.".into())).as_deref(),
            Some("The shipped run, at the most points: 1.")
        );
        assert_eq!(shipped(Some("Other.".into())).as_deref(), Some("Other."));
        assert_eq!(shipped(None), None);
    }
    use crate::views::compare::schemes::Compared;
    use crate::views::lab::job::KeysOutcome;

    fn row(servers: usize, points: u32, mean: f64) -> BusiestRow {
        BusiestRow {
            servers,
            points,
            rings: 1,
            mean_busiest: mean,
            p95_busiest: mean + 0.1,
            max_busiest: mean + 0.2,
            mean_spread: 0.0,
            spread_sqrt_points: 0.99,
            theory_spread_sqrt_points: 1.0,
        }
    }

    #[test]
    fn sentences_say_what_the_rows_hold() {
        assert_eq!(busiest(&[]), None);
        // 2 ln 1000 / 0.105² = 1,253.1 points for the level the rings reach at 1,024.
        assert!(busiest(&[row(1_000, 1_024, 1.105)])
            .unwrap()
            .ends_with("at 1024 points and N = 1000, 1.105, a level for which the rule 2 ln N / ε² asks 1,254 points."));
        assert_eq!(
            busiest(&[row(10, 1, 2.9), row(100, 160, 1.21)]).unwrap(),
            "This run: with one point each, the busiest server carries 2.90 at N = 10 (theory 2.93) times its fair share; at 160 points, 1.21 at N = 100 (95th percentile 1.31)."
        );
        assert_eq!(
            spread(&[row(10, 4, 1.0), row(10, 8, 1.0)]).unwrap(),
            "This run, at the most points measured: 0.99 at N = 10 (theory 1.00)."
        );
        let c = CatcherRow {
            servers: 100,
            points: 16,
            rings: 1,
            mean_biggest_fraction: 0.22,
            p95_biggest_fraction: 0.3,
            mean_catchers: 14.0,
        };
        let jump = (
            Compared::Jump,
            1000,
            KeysOutcome {
                moved: 97,
                max_over_mean: 1.1,
                spread: 0.1,
            },
        );
        assert_eq!(
            keys(&[jump]).unwrap(),
            "This run: when server 1001 joins 1000, of 100,000 keys the least that must move is 100, give or take 10. Moved: Jump 97."
        );
        assert_eq!(keys(&[]), None);
        let tight = crate::views::lab::job::BoundedOutcome {
            max_over_mean: 1.05,
            moved: 1_980,
            pushed: 3_000,
        };
        assert_eq!(
            bounded(&[(0.05, tight)]).unwrap(),
            "This run, 20,000 keys on 100 servers (a join must move at least 198): at ε = 0.05 the busiest holds 1.050 times the mean (its cap 1.050), 3,000 keys sit away from home, and a join moves 1,980 keys, 10.0 times the least possible."
        );
        assert_eq!(
            speed(&[(Compared::Jump, 10, 1e6), (Compared::Jump, 10_000, 12_345_678.9)]).unwrap(),
            "This browser, at N = 10,000, one key at a time: Jump 12,300,000 lookups a second. The seed experiment's Python reported Ring, 160 points 3,600,000, Jump 1,000,000, Rendezvous 6,000."
        );
        assert_eq!(
            memory(1e9),
            "At N = 1000 and V = 200, each member holds a 3.2 MB ring. One join or leave sends 3.2 MB in all when the member tells everyone its own tokens (26 ms of a 1 Gbps link), and 3.2 GB when it sends everyone the whole ring (26 s)."
        );
        let one = Loss {
            distinct_sets: 16,
            plain: 16.0 / 560.0,
            rack_aware: 0.0,
        };
        let many = Loss {
            distinct_sets: 500,
            plain: 1.0,
            rack_aware: 0.3,
        };
        assert_eq!(
            durability(&[(1, one), (512, many)]).unwrap(),
            "This run: with one point each there are 16 replica sets, so 2.9% of the 560 ways to lose 3 of 16 servers lose some key; at 512 points, 500 replica sets and 100.0% of them. One copy per rack: 30.0%."
        );
        assert_eq!(
            catcher(&[c]).unwrap(),
            "This run: the biggest catcher takes 0.22 at 16 points of the leaver's keys."
        );
    }

    /// Figure 4 from the shipped rows: a 1,001st server joins 1,000; of 100,000 keys a
    /// fair newcomer takes K/(N+1), give or take the binomial's sqrt(K p (1 - p)) with
    /// p = 1/(N+1). Only the sentence's numbers are read, not its words.
    #[test]
    fn figure_4_reads_the_newcomers_count_and_its_spread() {
        let text = keys(&crate::views::lab::shipped::keys_rows()).unwrap();
        let (n, k) = (1_000.0, 100_000.0);
        let p = 1.0 / (n + 1.0);
        let head = &text[..text.find("Moved").unwrap()];
        crate::test_numbers::assert_numbers(
            head,
            &[n + 1.0, n, k, k * p, (k * p * (1.0 - p)).sqrt()],
        );
    }
}
