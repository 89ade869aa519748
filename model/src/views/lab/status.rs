//! A lab run's progress in words: the share done and the time left while it runs, the
//! time it took once done, and where its rows come from before any run. The figure
//! renders them as they are.

use super::shipped::{RINGS, SEED};
use crate::format::grouped;

/// The whole percent of `jobs` that `done` make, rounded down so that a run shows 100%
/// only once every job is in. No jobs at all is all done.
pub fn percent_done(done: usize, jobs: usize) -> usize {
    if jobs == 0 {
        return 100;
    }
    done.min(jobs) * 100 / jobs
}

/// Seconds, for an estimate: "about 12 s", "under a second".
pub fn seconds(ms: f64) -> String {
    if ms < 1_000.0 {
        "under a second".into()
    } else {
        format!("about {:.0} s", ms / 1_000.0)
    }
}

/// A run under way: "40% done, about 12 s left.", or before the first answer (no pace
/// yet), "Starting the workers…".
pub fn running(done: usize, jobs: usize, remaining_ms: Option<f64>) -> String {
    match remaining_ms {
        Some(ms) => format!("{}% done, {} left.", percent_done(done, jobs), seconds(ms)),
        None => "Starting the workers…".into(),
    }
}

/// A run done: "Done in 21.7 s.", with each stage's time when there were several:
/// "Done in 21.7 s (the Gamma model 1.2 s, then the rings 20.5 s)."
pub fn finished(elapsed_ms: f64, stages: &[(&str, f64)]) -> String {
    let total = elapsed_ms / 1_000.0;
    if stages.len() < 2 {
        return format!("Done in {total:.1} s.");
    }
    let each: Vec<String> = stages
        .iter()
        .map(|(what, ms)| format!("{what} {:.1} s", ms / 1_000.0))
        .collect();
    format!("Done in {total:.1} s ({}).", each.join(", then "))
}

/// Where a figure's rows came from before the reader ran anything, and what Run does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Before {
    /// Shipped rows drawn with the shipped rings and seed.
    ShippedSeeded,
    /// Shipped rows that no ring or seed changes.
    ShippedExact,
    /// Shipped rows exist, for another number of rings or another seed than the link's.
    ShippedOther,
    /// Nothing ships: the figure measures the reader's machine.
    Machine,
}

/// A figure not run in this page yet, by where its rows come from.
pub fn before_running(before: Before) -> String {
    match before {
        Before::ShippedSeeded => format!(
            "Shipped with the page: {} rings per setting, seed {}, computed by this same engine. \
             Run it to reproduce them in your browser.",
            grouped(u64::from(RINGS)),
            SEED
        ),
        Before::ShippedExact => "Shipped with the page: exact, and the same for every number of \
             rings and every seed. Run it to reproduce them in your browser."
            .into(),
        Before::ShippedOther => format!(
            "Not run yet. The page ships results for {} rings per setting and seed {}; \
             these settings need a run.",
            grouped(u64::from(RINGS)),
            SEED
        ),
        Before::Machine => {
            "Not run yet. Lookups per second are your machine's own, so nothing ships: run it."
                .into()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_numbers::assert_numbers;

    /// The shipped rings and seed, read from the sentence against the constants.
    #[test]
    fn a_figure_before_its_run_says_where_its_rows_come_from() {
        let seeded = before_running(Before::ShippedSeeded);
        assert!(seeded.starts_with("Shipped with the page: "), "{seeded}");
        assert_numbers(&seeded, &[f64::from(RINGS), SEED as f64]);
        let other = before_running(Before::ShippedOther);
        assert!(other.starts_with("Not run yet. "), "{other}");
        assert_numbers(&other, &[f64::from(RINGS), SEED as f64]);
        assert!(before_running(Before::ShippedExact).starts_with("Shipped with the page: exact"));
        assert!(before_running(Before::Machine).starts_with("Not run yet. "));
    }

    /// The percent as the test counts it: the most whole percents p with p/100 of the
    /// jobs not more than those done.
    fn counted(done: usize, jobs: usize) -> usize {
        (0..=100).filter(|p| p * jobs <= done * 100).max().unwrap()
    }

    /// 0%, a first job of 250 (0.4%), 29 of 100 (where 0.29 × 100 falls short of 29 in
    /// floats), 99.6%, 100% and no jobs at all; the time left against ms / 1,000 written
    /// out, under a second below 1,000 ms.
    #[test]
    fn a_running_run_is_read_against_counts() {
        for (done, jobs, pct) in [
            (0, 250, 0),
            (1, 250, 0),
            (29, 100, 29),
            (249, 250, 99),
            (250, 250, 100),
            (0, 0, 100),
        ] {
            assert_eq!(counted(done, jobs), pct);
            assert_eq!(percent_done(done, jobs), pct);
            for ms in [0.0, 999.0, 1_000.0, 12_400.0, 12_600.0, 3_599_000.0] {
                let text = running(done, jobs, Some(ms));
                let share = pct as f64 / 100.0;
                if ms < 1_000.0 {
                    assert_eq!(text, format!("{pct}% done, under a second left."));
                    assert_numbers(&text, &[share]);
                } else {
                    assert!(text.ends_with(" s left."), "{text}");
                    assert_numbers(&text, &[share, ms / 1_000.0]);
                }
            }
            assert_eq!(running(done, jobs, None), "Starting the workers…");
        }
        assert_eq!(
            running(249, 250, Some(400.0)),
            "99% done, under a second left."
        );
    }

    /// A run done in one stage or none, and in two and three: the total and each stage's
    /// time against ms / 1,000 written out.
    #[test]
    fn a_finished_run_is_read_against_its_times() {
        for elapsed in [0.0, 49.0, 21_690.0, 125_050.0] {
            let alone = finished(elapsed, &[("the rings", elapsed)]);
            assert!(alone.starts_with("Done in ") && alone.ends_with(" s."));
            assert_numbers(&alone, &[elapsed / 1_000.0]);
            assert_numbers(&finished(elapsed, &[]), &[elapsed / 1_000.0]);
        }
        let two = [("the Gamma model", 1_234.0), ("the rings", 20_456.0)];
        let text = finished(21_690.0, &two);
        assert_eq!(
            text,
            "Done in 21.7 s (the Gamma model 1.2 s, then the rings 20.5 s)."
        );
        assert_numbers(&text, &[21.69, 1.234, 20.456]);
        let three = [
            ("the keys", 950.0),
            ("the rings", 10_049.0),
            ("the keys", 61.0),
        ];
        let text = finished(11_060.0, &three);
        assert!(text.starts_with("Done in 11.1 s (the keys "), "{text}");
        assert_numbers(&text, &[11.06, 0.95, 10.049, 0.061]);
    }
}
