//! The comparison's sentences and table cells with figures in them: the reading under
//! the progress, the seed experiment's note, the status line, the table's caption and
//! each row's figures. The view renders them as they are.

use super::params::{Change, CompareParams};
use super::run::Outcome;
use super::schemes::Compared;
use crate::format::{grouped, grouped_rounded, percent, significant};

/// A share with enough places for a tenth of a percent: 0.10%, 94.1%.
pub fn percent_fine(share: f64) -> String {
    if share < 0.01 {
        format!("{:.2}%", share * 100.0)
    } else {
        percent(share)
    }
}

/// The keys the figures are for: those placed so far, or the run's before any is
/// placed (the spread of no keys at all means nothing).
fn keys_read(p: &CompareParams, done: u64) -> u64 {
    if done == 0 {
        p.keys.max(1)
    } else {
        done
    }
}

/// What a fair change moves of `keys` keys: the share `p` of each key, so a binomial
/// count with mean K·p and standard deviation √(K·p·(1 − p)).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct FairMove {
    pub share: f64,
    pub mean: f64,
    pub sd: f64,
}

impl FairMove {
    pub fn new(p: &CompareParams, keys: u64) -> FairMove {
        let share = p.ideal();
        let k = keys as f64;
        FairMove {
            share,
            mean: k * share,
            sd: (k * share * (1.0 - share)).sqrt(),
        }
    }

    /// One standard deviation as written: whole from 10 up, else to two significant
    /// figures ("32", "3.2", "0.032"), so its last digit is the rounding.
    pub fn sd_text(&self) -> String {
        if self.sd >= 10.0 {
            grouped_rounded(self.sd)
        } else {
            significant(self.sd, 2)
        }
    }

    /// "100 ± 10": the mean count and one standard deviation.
    pub fn text(&self) -> String {
        format!("{} ± {}", grouped_rounded(self.mean), self.sd_text())
    }
}

/// The reading once `done` keys are placed: what a fair change moves (the share, the count
/// and its spread, an expectation that a scheme can fall below by chance), then the spread
/// of keys per server that chance alone gives, √(N/K), which is no floor either.
pub fn reading(p: &CompareParams, done: u64) -> String {
    let keys = keys_read(p, done);
    let fair = FairMove::new(p, keys);
    let who = match p.change {
        Change::Join => "a fair newcomer takes",
        _ => "the server's fair share is",
    };
    let chance = (p.servers as f64 / keys as f64).sqrt();
    format!(
        "When {}, {who} {} of the keys: {} of {} on average, give or take {} by chance. \
         That is an expectation, not a least: a scheme can move a few keys fewer. \
         With keys placed at random, the spread of keys per server is about √(N/K) = \
         {chance:.3}; a hash that spreads these names more evenly than chance comes in \
         under it.",
        p.change.label(p.servers),
        percent_fine(fair.share),
        grouped_rounded(fair.mean),
        grouped(keys),
        fair.sd_text(),
    )
}

/// What the seed experiment found, set against a fair join. Its 0.08% is the finding as
/// it was written down, one draw, not a figure computed here.
pub fn seed_finding() -> String {
    let seed = CompareParams::seed_experiment();
    let (n, k, v) = (seed.servers, seed.keys, seed.vnodes);
    format!(
        "The seed experiment found jump's spread at 1/√1000 = {:.3}, what chance gives, the \
         ring at 1,024 points at √(1/1024 + 1/1000) = {:.3}, and 0.08% of keys moved at 160 \
         points against a fair {}. That last figure is one draw: the newcomer's share of a \
         ring of 160 points varies by about 1/√160 of itself. Set this run's ring row \
         against it.",
        Compared::Jump.expected_spread(n, k, v),
        Compared::Ring1024.expected_spread(n, k, v),
        percent_fine(seed.ideal())
    )
}

/// The progress bar's value: the share of the keys placed, in whole percent.
pub fn progress_percent(done: u64, keys: u64) -> u32 {
    (done as f64 / keys.max(1) as f64 * 100.0).round() as u32
}

/// The status while keys are placed.
pub fn placing(done: u64, keys: u64) -> String {
    format!("Placing keys: {} of {}", grouped(done), grouped(keys))
}

/// The status after Cancel.
pub fn stopped(done: u64, keys: u64) -> String {
    format!(
        "Stopped after {} of {} keys: the figures are for those.",
        grouped(done),
        grouped(keys)
    )
}

/// The status once every key is placed, `seconds` after the start.
pub fn finished(keys: u64, seconds: f64, workers: u32) -> String {
    format!(
        "All {} keys placed in {seconds:.1} s on {workers} workers.",
        grouped(keys)
    )
}

/// The table's caption.
pub fn caption(p: &CompareParams, done: u64) -> String {
    format!(
        "{} servers, {} keys placed, {}",
        grouped(p.servers),
        grouped(done),
        p.change.label(p.servers)
    )
}

/// The lookups per second measured here, to three significant figures (a timing is
/// noisy: more digits would be noise), if measured.
pub fn lookups_per_second(rate: Option<f64>) -> String {
    rate.map_or_else(|| "not measured".into(), |r| significant(r, 3))
}

/// A scheme's figures in its row of the table.
#[derive(Debug, Clone, PartialEq)]
pub struct Cells {
    /// Keys moved, and their share: "1,002 (0.10%)".
    pub moved: String,
    /// The count against a fair change's: "within chance of a fair share" when it lies
    /// within three standard deviations of it, else how many times it: "999× a fair share".
    pub versus: String,
    /// The busiest server over the mean.
    pub busiest: String,
    /// The spread, and what theory expects of it.
    pub spread: String,
    pub theory: String,
}

/// The figures of `o` once `done` keys are placed.
pub fn cells(p: &CompareParams, o: &Outcome, done: u64) -> Cells {
    let moved = o.moved as f64 / done.max(1) as f64;
    let theory = o.scheme.expected_spread(p.servers, done.max(1), p.vnodes);
    let fair = FairMove::new(p, done.max(1));
    let versus = if (o.moved as f64 - fair.mean).abs() <= 3.0 * fair.sd {
        "within chance of a fair share".to_string()
    } else {
        format!("{}× a fair share", significant(moved / fair.share, 2))
    };
    Cells {
        moved: format!("{} ({})", grouped(o.moved), percent_fine(moved)),
        versus,
        busiest: format!("{:.3}", o.max_over_mean),
        spread: format!("{:.3}", o.spread),
        theory: format!("theory {theory:.3}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_numbers::{assert_numbers, numbers};
    use crate::views::compare::params::Change;
    use crate::views::compare::run::Comparison;

    /// The settings read: (N, K, V, change).
    const SETTINGS: [(u64, u64, u64, Change); 5] = [
        (1_000, 1_000_000, 160, Change::Join),
        (5, 3_001, 20, Change::Join),
        (12, 5_003, 40, Change::MiddleLeaves),
        (10, 1_000, 100, Change::LastLeaves),
        (7, 2_048, 16, Change::Fails),
    ];

    fn params((servers, keys, vnodes, change): (u64, u64, u64, Change)) -> CompareParams {
        CompareParams {
            servers,
            keys,
            vnodes,
            change,
            ..CompareParams::default()
        }
    }

    /// The numbers the change's words hold, written here: "a server joins (N → N+1)",
    /// "server N/2+1 of N leaves" or "fails", none for the last server.
    fn change_numbers(n: u64, change: Change) -> Vec<f64> {
        let n = n as f64;
        match change {
            Change::Join => vec![n, n + 1.0],
            Change::LastLeaves => vec![],
            Change::MiddleLeaves | Change::Fails => vec![(n / 2.0).floor() + 1.0, n],
        }
    }

    /// The least share: 1/(N+1) of the keys for a join (the newcomer's fair share), 1/N
    /// when a server leaves or fails (its share).
    fn least(n: u64, change: Change) -> f64 {
        match change {
            Change::Join => 1.0 / (n as f64 + 1.0),
            _ => 1.0 / n as f64,
        }
    }

    /// A share under 1% is written with two decimals of a percent, others with one.
    fn assert_places(text: &str, index: usize, share: f64) {
        let half = if share < 0.01 { 0.00005 } else { 0.0005 };
        let read = numbers(text)[index];
        assert!(
            (read.half_step - half).abs() < 1e-12,
            "{text:?}: number {index} has half step {}",
            read.half_step
        );
    }

    /// Two places below 1%, one from 1% up: the switch is at exactly 1%.
    #[test]
    fn fine_percents_switch_at_one_percent() {
        assert_eq!(percent_fine(0.0099), "0.99%");
        assert_eq!(percent_fine(0.001), "0.10%");
        assert_eq!(percent_fine(0.01), "1.0%");
        assert_eq!(percent_fine(0.941), "94.1%");
    }

    /// One standard deviation of the binomial count of `keys` keys at share `p`.
    fn sd(p: f64, keys: u64) -> f64 {
        (keys as f64 * p * (1.0 - p)).sqrt()
    }

    #[test]
    fn the_reading_says_a_fair_share_its_spread_and_chances_spread() {
        for setting in SETTINGS {
            let p = params(setting);
            let (n, k, _, change) = setting;
            let fair = least(n, change);
            // Before any key is placed the figures are the run's, not those of no keys.
            for (done, read) in [(k, k), (k / 3, k / 3), (1, 1), (0, k)] {
                let text = reading(&p, done);
                let mut expected = change_numbers(n, change);
                expected.extend([
                    fair,
                    fair * read as f64,
                    read as f64,
                    sd(fair, read),
                    (n as f64 / read as f64).sqrt(),
                ]);
                assert_numbers(&text, &expected);
                assert_places(&text, expected.len() - 5, fair);
                assert!(text.contains("√(N/K) = "), "{text}");
                // Neither figure is called a least or a floor: schemes beat both by chance.
                assert!(
                    !text.contains("floor") && !text.contains("the least"),
                    "{text}"
                );
            }
        }
        // The wording the browser tests read.
        let text = reading(&CompareParams::seed_experiment(), 1_000_000);
        assert!(
            text.contains(
                "a fair newcomer takes 0.10% of the keys: 999 of 1,000,000 on average, \
                 give or take 32 by chance. That is an expectation, not a least"
            ),
            "{text}"
        );
    }

    /// The spread is written so that its last digit is its rounding.
    #[test]
    fn a_fair_moves_spread_is_written_to_its_rounding() {
        for (n, k) in [(1_000, 100_000), (1_000, 1_000_000), (10, 50), (5, 1)] {
            let p = params((n, k, 160, Change::Join));
            let fair = FairMove::new(&p, k);
            let share = 1.0 / (n as f64 + 1.0);
            assert_numbers(&fair.text(), &[k as f64 * share, sd(share, k)]);
        }
    }

    #[test]
    fn the_status_and_the_caption_say_the_keys_placed() {
        assert_numbers(&placing(250_000, 1_000_000), &[250_000.0, 1_000_000.0]);
        assert_numbers(&stopped(4_096, 5_003), &[4_096.0, 5_003.0]);
        assert!(stopped(1, 2).ends_with("keys: the figures are for those."));
        assert_numbers(&finished(1_000_000, 12.345, 4), &[1_000_000.0, 12.3, 4.0]);
        assert_eq!(
            finished(100_000, 0.96, 2),
            "All 100,000 keys placed in 1.0 s on 2 workers."
        );
        // A noisy rate to three significant figures.
        assert_eq!(lookups_per_second(Some(12_345_678.6)), "12,300,000");
        assert_eq!(lookups_per_second(None), "not measured");
        for (done, keys, percent) in [(0, 10, 0), (1, 3, 33), (2, 3, 67), (10, 10, 100), (0, 0, 0)]
        {
            assert_eq!(progress_percent(done, keys), percent, "{done} of {keys}");
        }
        for setting in SETTINGS {
            let (n, k, _, change) = setting;
            let mut expected = vec![n as f64, (k / 2) as f64];
            expected.extend(change_numbers(n, change));
            assert_numbers(&caption(&params(setting), k / 2), &expected);
        }
    }

    /// Each row's figures, on real runs at several settings, against the outcome's counts
    /// and the formulas: the share moved, whether it is within chance of a fair share (else
    /// its ratio to one), and theory's spread sqrt(1/V + N/K) for the ring (V = 1,024 for
    /// the second ring), sqrt(N/K) otherwise, K the keys placed so far.
    #[test]
    fn the_rows_read_the_outcomes_and_theory() {
        for setting in SETTINGS[1..].iter().copied() {
            let p = CompareParams {
                schemes: Compared::ALL.to_vec(),
                ..params(setting)
            };
            let (n, k, v, change) = setting;
            // Half the keys placed (the figures while the run goes on), then all.
            for placed in [k / 2, k] {
                let mut run = Comparison::new(&p);
                while !run.ready() {
                    run.step(0);
                }
                run.step(placed);
                assert_eq!(run.done, placed);
                let outcomes = run.outcomes();
                assert_eq!(outcomes.len(), Compared::ALL.len());
                for o in &outcomes {
                    let c = cells(&p, o, placed);
                    let share = o.moved as f64 / placed as f64;
                    assert_numbers(&c.moved, &[o.moved as f64, share]);
                    if share > 0.0 {
                        assert_places(&c.moved, 1, share);
                    }
                    // Within three binomial standard deviations of a fair count, the
                    // cell says so; beyond, how many times a fair share moved.
                    let fair = least(n, change);
                    let mean = placed as f64 * fair;
                    if (o.moved as f64 - mean).abs() <= 3.0 * sd(fair, placed) {
                        assert_eq!(c.versus, "within chance of a fair share");
                    } else {
                        assert_numbers(&c.versus, &[share / fair]);
                        assert!(c.versus.ends_with("× a fair share"), "{}", c.versus);
                    }
                    assert_numbers(&c.busiest, &[o.max_over_mean]);
                    assert_numbers(&c.spread, &[o.spread]);
                    let noise = n as f64 / placed as f64;
                    let theory = match o.scheme {
                        Compared::Ring => (1.0 / v as f64 + noise).sqrt(),
                        Compared::Ring1024 => (1.0 / 1_024.0 + noise).sqrt(),
                        _ => noise.sqrt(),
                    };
                    assert_numbers(&c.theory, &[theory]);
                }
            }
        }
    }
}
