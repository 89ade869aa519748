//! The candidate's progress through interview prep, part by part, as the page's summary
//! line says it: counts, never a ratio or a percentage of a handful of questions.

use crate::views::learn::checkup::{self, Sitting, Skill};
use crate::views::learn::dry_run::{self, lookups};
use crate::views::learn::followups::{grade_estimate, Estimate};
use crate::views::learn::history;
use crate::views::learn::interview::PROMPT_COUNT;
use crate::views::learn::progress::Progress;
use crate::views::prep::params::Part;

/// How many follow-ups there are (`followups::followups().len()`, which computes them).
pub const FOLLOWUP_COUNT: usize = 14;

/// Each part the candidate has something to show for, with what: "3 of 6 right".
pub fn summary(skills: &[Skill], progress: &Progress) -> Vec<(Part, String)> {
    let sitting = |s: Sitting| {
        let (right, answered, total) = checkup::score(skills, s, progress);
        match answered {
            0 => "not taken".to_string(),
            a if a < total => format!("{a} of {total} answered"),
            _ => format!("{right} of {total} right"),
        }
    };
    // Answered, then revealed: a reveal without an attempt does not count.
    let tried = progress.tried_in(PROMPT_COUNT..PROMPT_COUNT + FOLLOWUP_COUNT);
    let runs: Vec<_> = progress.runs.values().copied().collect();
    let (right, checked) = dry_run::score(&progress.dry);
    let estimate = match progress.estimate.as_deref().map(grade_estimate) {
        None | Some(Estimate::Unreadable) => "not tried".to_string(),
        Some(Estimate::Close { .. }) => "close enough".to_string(),
        Some(Estimate::Off { factor, .. }) if factor > 1.0 => "too high".to_string(),
        Some(Estimate::Off { .. }) => "too low".to_string(),
    };
    vec![
        (Part::Before, sitting(Sitting::Before)),
        (
            Part::Followups,
            format!("{tried} of {FOLLOWUP_COUNT} answered and revealed"),
        ),
        (Part::Timed, history::summary(&runs)),
        (Part::Estimate, estimate),
        (
            Part::DryRun,
            if checked == 0 {
                "not tried".to_string()
            } else {
                format!(
                    "{right} of {checked} right, {} lookups in all",
                    lookups().len()
                )
            },
        ),
        (Part::After, sitting(Sitting::After)),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::views::learn::followups::followups;

    #[test]
    fn the_summary_counts_what_was_done() {
        assert_eq!(followups().len(), FOLLOWUP_COUNT);
        let skills = checkup::skills();
        let mut p = Progress::default();
        let said = |p: &Progress| -> Vec<String> {
            summary(&skills, p).into_iter().map(|(_, s)| s).collect()
        };
        assert_eq!(
            said(&p),
            [
                "not taken",
                "0 of 14 answered and revealed",
                "not tried",
                "not tried",
                "not tried",
                "not taken"
            ]
        );
        p.before.insert(0, "1/6".into());
        // Revealed without an attempt (stored before the rule): not counted.
        p.revealed
            .extend([0, PROMPT_COUNT, PROMPT_COUNT + 9, PROMPT_COUNT + 1]);
        for i in [0, PROMPT_COUNT, PROMPT_COUNT + 9] {
            p.tried
                .insert(i, crate::views::learn::attempt::Attempt::Aloud);
        }
        p.runs.insert(
            7,
            history::RunRecord::new(7.0, 300.0, [true, true, false, false, false, false, false]),
        );
        p.estimate = Some("2".into());
        let first = lookups()[0];
        p.dry.insert(first, "B".into());
        p.dry.insert(lookups()[1], "C".into());
        assert_eq!(
            said(&p),
            [
                "1 of 6 answered",
                "2 of 14 answered and revealed",
                "1 sitting, 2 of 7 points",
                "too low",
                "1 of 2 right, 6 lookups in all",
                "not taken"
            ]
        );
        p.estimate = Some("about 7 h".into());
        assert_eq!(said(&p)[3], "close enough");
    }
}
