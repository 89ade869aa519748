//! The follow-up on the power of two choices, and its widget's figures: `n` requests on
//! `n` servers, each to one server at random or to the less loaded of two, measured by
//! the core ([`ringlab_core::analysis::choices`]) over seeded runs. The busiest server is
//! quoted as measured counts with their range, the formulas beside them as growth rates.

use ringlab_core::analysis::choices::{
    busiest, histogram, loads, one_choice_growth, two_choice_growth, Busiest,
};

use super::follow_up::{FollowUp, Widget};
use super::interview::prompt;
use crate::format::grouped;

/// The sizes the widget offers, and the one the answer quotes.
pub const SIZES: [usize; 4] = [100, 1_000, 10_000, 100_000];
pub const ANSWER_SIZE: usize = 100_000;
/// Runs per measurement, and the answer's first seed (run `r` is seeded `seed + r`).
pub const RUNS: u32 = 20;
pub const SEED: u64 = 1;

/// The busiest server with one choice and with two, `RUNS` runs from `seed`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Measured {
    pub n: usize,
    pub one: Busiest,
    pub two: Busiest,
}

/// Measures `n` requests on `n` servers (a size outside [`SIZES`] is taken as the
/// nearest offered one, so a widget can never ask for a run that freezes the page).
pub fn measure(n: usize, seed: u64) -> Measured {
    let n = nearest_size(n);
    Measured {
        n,
        one: busiest(n, 1, RUNS, seed),
        two: busiest(n, 2, RUNS, seed),
    }
}

/// The offered size nearest to `n` (by ratio).
pub fn nearest_size(n: usize) -> usize {
    let distance = |s: usize| ((s as f64).ln() - (n.max(1) as f64).ln()).abs();
    SIZES
        .into_iter()
        .min_by(|a, b| distance(*a).total_cmp(&distance(*b)))
        .unwrap_or(ANSWER_SIZE)
}

/// "7.8 (7 to 9)": the mean busiest server and its range over the runs.
fn spread(b: &Busiest) -> String {
    format!("{:.1} ({} to {})", b.mean, b.min, b.max)
}

/// The widget's sentences: what was measured, then the formulas beside it.
pub fn readout(m: &Measured) -> Vec<String> {
    let n = grouped(m.n as u64);
    vec![
        format!(
            "{n} requests on {n} servers, {} runs. The busiest server, one random choice: \
             {}. The less loaded of two: {}.",
            m.one.runs,
            spread(&m.one),
            spread(&m.two),
        ),
        format!(
            "The formulas are growth rates, not predictions: ln n / ln ln n is {:.1} and \
             ln ln n / ln 2 is {:.1} here.",
            one_choice_growth(m.n),
            two_choice_growth(m.n),
        ),
    ]
}

/// One run's servers by load, one choice against two: `(load, servers with one choice,
/// servers with two)`, from no requests up to the busiest.
pub fn by_load(n: usize, seed: u64) -> Vec<(usize, usize, usize)> {
    let n = nearest_size(n);
    let balls = u32::try_from(n).unwrap_or(u32::MAX);
    let one = histogram(&loads(balls, n, 1, seed));
    let two = histogram(&loads(balls, n, 2, seed));
    (0..one.len().max(two.len()))
        .map(|k| {
            let at = |h: &[usize]| h.get(k).copied().unwrap_or(0);
            (k, at(&one), at(&two))
        })
        .collect()
}

pub fn followup() -> FollowUp {
    let m = measure(ANSWER_SIZE, SEED);
    let n = grouped(m.n as u64);
    FollowUp {
        prompt: prompt(
            "Two choices",
            "Requests go to servers at random. How do you cut the load on the busiest one \
             without a central balancer?",
            &[
                "Look at two servers at random and send the request to the less loaded. \
                 That one extra look collapses the tail: the busiest server grows like \
                 ln ln n / ln 2 instead of ln n / ln ln n."
                    .into(),
                format!(
                    "Measured over {} runs of {n} requests on {n} servers: with one random \
                     choice the busiest server held {} requests on average ({} to {}); with \
                     two choices, {} ({} to {}).",
                    m.one.runs,
                    format_args!("{:.1}", m.one.mean),
                    m.one.min,
                    m.one.max,
                    format_args!("{:.1}", m.two.mean),
                    m.two.min,
                    m.two.max,
                ),
                format!(
                    "The formulas give the shape, not the count: at this size they say {:.1} \
                     and {:.1}. Quote the measurement, and that one choice keeps growing \
                     with n while two barely does.",
                    one_choice_growth(m.n),
                    two_choice_growth(m.n),
                ),
                "Envoy's least-request balancer and NGINX's random two least_conn do this. \
                 It works with stale load figures too, where sending everything to the least \
                 loaded server makes a herd."
                    .into(),
            ],
            &[
                "Two random choices, the less loaded wins",
                "The tail falls from ln n / ln ln n to ln ln n / ln 2",
                "Quotes measured counts with their spread, not a ratio",
                "Stale loads: two choices still help, the global minimum herds",
            ],
        )
        .with_levels(
            "Knows the trick and where it runs: Envoy, NGINX.",
            "Asks how fresh the load figures are and what a probe costs, and measures the \
                tail before and after.",
        ),
        number: format!(
            "{n} requests on {n} servers, {} runs: the busiest holds {} with one choice, {} \
             with two",
            m.one.runs,
            spread(&m.one),
            spread(&m.two),
        ),
        see: (
            "Hot keys and bounded loads: another cap on the busiest".into(),
            "#/load".into(),
        ),
        widget: Some(Widget::TwoChoices),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_numbers::assert_numbers;

    /// The busiest of `runs` runs, worked out here from the core's loads.
    fn maxima(n: usize, choices: usize) -> (f64, f64, f64) {
        let m: Vec<f64> = (0..RUNS)
            .map(|r| {
                let l = loads(n as u32, n, choices, SEED + u64::from(r));
                f64::from(*l.iter().max().unwrap())
            })
            .collect();
        let mean = m.iter().sum::<f64>() / m.len() as f64;
        (
            mean,
            m.iter().copied().fold(f64::MAX, f64::min),
            m.iter().copied().fold(0.0, f64::max),
        )
    }

    #[test]
    fn the_answer_reads_the_measured_counts() {
        let n = ANSWER_SIZE as f64;
        let (o, omin, omax) = maxima(ANSWER_SIZE, 1);
        let (t, tmin, tmax) = maxima(ANSWER_SIZE, 2);
        // The answer's own reading: at 100,000 every run with two choices came out below
        // every run with one.
        assert!(tmax < omin, "{tmax} {omin}");
        let growth1 = n.ln() / n.ln().ln();
        let growth2 = n.ln().ln() / 2f64.ln();
        let f = followup();
        let p = &f.prompt;
        assert_numbers(&p.answer[0], &[2.0]);
        assert_numbers(&p.answer[1], &[20.0, n, n, o, omin, omax, t, tmin, tmax]);
        assert_numbers(&p.answer[2], &[growth1, growth2]);
        assert_numbers(&p.answer[3], &[]);
        assert_numbers(&f.number, &[n, n, 20.0, o, omin, omax, t, tmin, tmax]);
        assert_numbers(&p.points[1], &[2.0]);
        for text in [
            &p.points[0],
            &p.points[2],
            &p.points[3],
            &p.ask,
            &p.senior,
            &p.staff,
        ] {
            assert_numbers(text, &[]);
        }
    }

    #[test]
    fn the_widget_reads_each_size() {
        for n in SIZES {
            let (o, omin, omax) = maxima(n, 1);
            let (t, tmin, tmax) = maxima(n, 2);
            let x = n as f64;
            let lines = readout(&measure(n, SEED));
            assert_numbers(&lines[0], &[x, x, 20.0, o, omin, omax, t, tmin, tmax]);
            assert_numbers(
                &lines[1],
                &[x.ln() / x.ln().ln(), 2.0, x.ln().ln() / 2f64.ln()],
            );
        }
    }

    #[test]
    fn odd_sizes_fall_back_to_an_offered_one() {
        assert_eq!(nearest_size(0), 100);
        assert_eq!(nearest_size(usize::MAX), 100_000);
        assert_eq!(nearest_size(3_000), 1_000);
        assert_eq!(measure(7, SEED).n, 100);
    }

    #[test]
    fn the_picture_counts_every_server_once() {
        let rows = by_load(1_000, SEED);
        assert_eq!(rows.iter().map(|r| r.1).sum::<usize>(), 1_000);
        assert_eq!(rows.iter().map(|r| r.2).sum::<usize>(), 1_000);
        assert_eq!(rows.iter().map(|r| r.0 * r.1).sum::<usize>(), 1_000);
        // Two choices leave fewer servers idle and none at the top.
        assert!(rows[0].2 < rows[0].1);
        assert_eq!(rows.last().unwrap().2, 0);
    }
}
