//! The check-up page's words around its questions: the intro with the number of
//! questions, what is missing before the gain shows, and the skills learned, slipped and
//! to read again. The questions, marking and gain are [`crate::views::learn::checkup`].

use crate::views::learn::checkup::{score, Gain, Sitting, Skill};
use crate::views::learn::progress::Progress;
use crate::views::learn::steps::find;

/// The paragraph above a sitting's `total` questions (a link follows it).
pub fn intro(sitting: Sitting, total: usize) -> String {
    match sitting {
        Sitting::Before => format!(
            "{total} questions, about two minutes. Guess if you must: this is where you \
             start, not a grade. The post-test asks the same skills in other words, so you \
             can see what you learned."
        ),
        Sitting::After => format!(
            "{total} questions on the skills the pre-test asked, in other words and \
             numbers. Take it after the walkthrough's quiz."
        ),
    }
}

/// The post-test's link to the quiz, with the quiz's number in the walkthrough.
pub fn quiz_step() -> String {
    let number = find("quiz").map_or(0, |index| index + 1);
    format!("The quiz is step {number}.")
}

/// Under the post-test before both are complete: how far the pre-test is.
pub fn gain_later(skills: &[Skill], progress: &Progress) -> String {
    let (_, before, total) = score(skills, Sitting::Before, progress);
    format!(
        "Your gain shows here once both tests are complete (pre-test: {before} of {total} \
         answered)."
    )
}

/// The lists under the gain, each a title and its skills: "Learned" and "Slipped", a
/// list only when it has a skill.
pub fn lists(gain: &Gain) -> Vec<(&'static str, String)> {
    [("Learned", &gain.learned), ("Slipped", &gain.slipped)]
        .into_iter()
        .filter(|(_, names)| !names.is_empty())
        .map(|(title, names)| (title, names.join(", ")))
        .collect()
}

/// The skills to read again (missed both times), each with the link to the step that
/// teaches it.
pub fn read_again(skills: &[Skill], gain: &Gain) -> Vec<(&'static str, String)> {
    gain.missed
        .iter()
        .map(|name| {
            let step = skills
                .iter()
                .find(|s| s.name == *name)
                .map_or("", |s| s.after.step);
            (*name, format!("#/learn/{step}"))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_numbers::assert_numbers;
    use crate::views::learn::checkup::{gain, skills};
    use crate::views::learn::quiz::{Kind, Question};

    /// An answer that is right, or one that is not.
    fn mark(q: &Question, right: bool) -> String {
        match (&q.kind, right) {
            (Kind::Choice { correct, .. }, true) => correct.to_string(),
            (Kind::Choice { correct, .. }, false) => ((correct + 1) % 4).to_string(),
            (Kind::Number { answer, .. }, true) => format!("{answer}"),
            (Kind::Number { answer, .. }, false) => format!("{}", answer * 3.0 + 1.0),
        }
    }

    #[test]
    fn the_intro_says_how_many_questions() {
        for total in [0, 1, 6] {
            for sitting in [Sitting::Before, Sitting::After] {
                assert_numbers(&intro(sitting, total), &[total as f64]);
            }
        }
    }

    /// The quiz's number: the steps up to it, counted here.
    #[test]
    fn the_quiz_link_numbers_the_quiz() {
        let steps = crate::views::learn::steps::STEPS;
        let mut number = 0;
        for step in steps {
            number += 1;
            if step.slug == "quiz" {
                break;
            }
        }
        assert_eq!(number, 13);
        assert_numbers(&quiz_step(), &[number as f64]);
    }

    /// None, one and several of the pre-test answered: the count of answers given, of six.
    #[test]
    fn the_missing_gain_says_how_far_the_pre_test_is() {
        let all = skills();
        for answered in [0, 1, 4, 6] {
            let mut progress = Progress::default();
            for (i, skill) in all.iter().enumerate().take(answered) {
                progress.before.insert(i, mark(&skill.before, i % 2 == 0));
            }
            let text = gain_later(&all, &progress);
            assert_numbers(&text, &[answered as f64, 6.0]);
            assert!(text.ends_with(" answered)."), "{text}");
        }
    }

    /// No skill, one and several in each list; an empty list is left out.
    #[test]
    fn the_lists_name_none_one_or_several_skills() {
        let gain = |learned: Vec<&'static str>, slipped: Vec<&'static str>| Gain {
            before: 0,
            after: 0,
            total: 6,
            learned,
            slipped,
            missed: Vec::new(),
        };
        assert_eq!(lists(&gain(vec![], vec![])), []);
        assert_eq!(
            lists(&gain(vec!["Hot keys"], vec![])),
            [("Learned", "Hot keys".to_string())]
        );
        assert_eq!(
            lists(&gain(vec![], vec!["A", "B", "C"])),
            [("Slipped", "A, B, C".to_string())]
        );
        assert_eq!(
            lists(&gain(vec!["A", "B"], vec!["C"])),
            [
                ("Learned", "A, B".to_string()),
                ("Slipped", "C".to_string())
            ]
        );
    }

    /// Both sittings answered by marks: each list holds the skills its marks say, in the
    /// skills' order, and each skill to read again links to its post-test's step.
    #[test]
    fn the_lists_follow_the_marks() {
        let all = skills();
        let cases: [([bool; 6], [bool; 6]); 3] = [
            ([true; 6], [true; 6]),
            (
                [false, true, true, true, true, true],
                [true, true, true, true, true, false],
            ),
            (
                [false, false, true, true, false, false],
                [true, true, false, false, false, true],
            ),
        ];
        for (before, after) in cases {
            let mut progress = Progress::default();
            for (i, skill) in all.iter().enumerate() {
                progress.before.insert(i, mark(&skill.before, before[i]));
                progress.after.insert(i, mark(&skill.after, after[i]));
            }
            let g = gain(&all, &progress).expect("both done");
            let names = |pick: fn(bool, bool) -> bool| -> Vec<&str> {
                (0..6)
                    .filter(|&i| pick(before[i], after[i]))
                    .map(|i| all[i].name)
                    .collect()
            };
            let mut expected = Vec::new();
            for (title, pick) in [
                ("Learned", (|b, a| !b && a) as fn(bool, bool) -> bool),
                ("Slipped", |b, a| b && !a),
            ] {
                let list = names(pick);
                if !list.is_empty() {
                    expected.push((title, list.join(", ")));
                }
            }
            assert_eq!(lists(&g), expected, "{before:?} {after:?}");
            let again: Vec<(&str, String)> = (0..6)
                .filter(|&i| !before[i] && !after[i])
                .map(|i| (all[i].name, format!("#/learn/{}", all[i].after.step)))
                .collect();
            assert_eq!(read_again(&all, &g), again, "{before:?} {after:?}");
        }
    }
}
