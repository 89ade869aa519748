//! The estimation exercise's sentences with figures: the verdict on an estimate, with the
//! core's hours and how far off it was. The view renders it as it is.

use super::followups::{Estimate, ESTIMATE_FACTOR};
use super::quiz::times;

/// The verdict on a graded estimate: "Close enough: …", "… 3.37× too low.", or how to
/// write one.
pub fn verdict(graded: &Estimate) -> String {
    match *graded {
        Estimate::Unreadable => "Write a number of hours, such as 5 or 12.5.".into(),
        Estimate::Close { hours } => format!(
            "Close enough: the core's cost model says {hours:.1} hours (within {} either way counts).",
            times(ESTIMATE_FACTOR)
        ),
        Estimate::Off { hours, factor } if factor > 1.0 => format!(
            "The core's cost model says {hours:.1} hours: your estimate is {} too high.",
            times(factor)
        ),
        Estimate::Off { hours, factor } => format!(
            "The core's cost model says {hours:.1} hours: your estimate is {} too low.",
            times(1.0 / factor)
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_numbers::assert_numbers;
    use crate::views::cost::params::CostParams;
    use crate::views::learn::followups::{estimation_workload, grade_estimate, grade_estimate_at};
    use ringlab_core::analysis::cost::resize_cost;

    /// The exercise's cluster, and a bigger one with three copies on faster links.
    fn settings() -> Vec<CostParams> {
        vec![
            estimation_workload(),
            CostParams {
                before: 20,
                after: 24,
                objects: 2_000_000_000,
                size: 4_000,
                replicas: 3,
                gbps: 10.0,
                throttle: 50.0,
            },
        ]
    }

    /// Guesses around the core's hours, on both sides of the 1.25× boundary and far off:
    /// the hours read against the core's cost model called here, the factor against the
    /// guess over those hours, high or low by which side of them the guess is.
    #[test]
    fn verdicts_are_read_against_the_cost_model() {
        for p in settings() {
            let w = p.workload();
            let hours = resize_cost(&w).unwrap().ring.hours;
            for ratio in [1.0, 1.249, 1.0 / 1.249, 1.251, 1.0 / 1.251, 2.0, 0.3, 17.0] {
                let guess = hours * ratio;
                let text = verdict(&grade_estimate_at(&w, &format!("{guess}")));
                // The ratio as the test wrote it, away from the boundary by 0.001.
                if (1.0 / 1.25..=1.25).contains(&ratio) {
                    assert!(text.starts_with("Close enough: "), "{text}");
                    assert!(text.ends_with(" either way counts)."), "{text}");
                    assert_numbers(&text, &[hours, 1.25]);
                } else if guess > hours {
                    assert!(text.ends_with(" too high."), "{text}");
                    assert_numbers(&text, &[hours, guess / hours]);
                } else {
                    assert!(text.ends_with(" too low."), "{text}");
                    assert_numbers(&text, &[hours, hours / guess]);
                }
            }
        }
    }

    /// The exercise itself: 10 TB over 11 servers at 30% of 1 Gbps, written out, and the
    /// lines the reader sees for 2, "about 7 h" and a word.
    #[test]
    fn the_exercise_reads_its_hours_written_out() {
        let hours = 1e13 / 11.0 / (0.3 * 1e9 / 8.0) / 3600.0;
        let low = verdict(&grade_estimate("2"));
        assert_eq!(
            low,
            "The core's cost model says 6.7 hours: your estimate is 3.37× too low."
        );
        assert_numbers(&low, &[hours, hours / 2.0]);
        let close = verdict(&grade_estimate("about 7 h"));
        assert!(close.starts_with("Close enough: the core's cost model says 6.7 hours"));
        assert_numbers(&close, &[hours, 1.25]);
        let word = verdict(&grade_estimate("soon"));
        assert_eq!(word, "Write a number of hours, such as 5 or 12.5.");
    }
}
