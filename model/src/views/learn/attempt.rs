//! A model answer is earned by an attempt: text typed in the prompt's box, or "I answered
//! aloud" ticked. A reveal records which it was (`Progress::tried`), and the gates that
//! wait for every answer (the interview's whole answer, the cheat sheet) count those
//! recorded attempts (`Progress::attempt`, `Progress::tried_in`), not reveals: an answer revealed without one (stored before this
//! rule) still shows, but does not count.

/// How a prompt was answered before its model answer was revealed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Attempt {
    /// Words in the box.
    Typed,
    /// "I answered aloud" ticked.
    Aloud,
}

impl Attempt {
    /// Its letter in storage.
    pub fn code(self) -> char {
        match self {
            Attempt::Typed => 't',
            Attempt::Aloud => 'a',
        }
    }

    pub fn from_code(code: char) -> Option<Attempt> {
        match code {
            't' => Some(Attempt::Typed),
            'a' => Some(Attempt::Aloud),
            _ => None,
        }
    }
}

/// Under a reveal button that waits for an attempt.
pub const ANSWER_FIRST: &str =
    "Answer first: type in the box, or tick \u{201c}I answered aloud\u{201d}.";

/// The interview step's whole answer, before every prompt is tried: how many are.
pub fn whole_answer_later(tried: usize, total: usize) -> String {
    format!(
        "It opens when you have answered every prompt and revealed its model answer \
         ({tried} of {total} so far), so that you try each question first."
    )
}

/// The cheat sheet, before every prompt and follow-up is tried: how many are.
pub fn cheat_sheet_later(tried: usize, prompts: usize, followups: usize) -> String {
    format!(
        "It opens when you have answered every question and revealed its model answer: \
         the walkthrough's {prompts} interview prompts and the {followups} follow-ups \
         ({tried} of {} so far), so that you try each question first.",
        prompts + followups
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reducer::Reducer;
    use crate::test_numbers::assert_numbers;
    use crate::views::learn::progress::{Action, Progress};

    fn after(actions: Vec<Action>) -> Progress {
        let mut p = Progress::default();
        for action in actions {
            p.apply(action);
        }
        p
    }

    /// An empty box, or one of spaces, is no attempt: the reveal does nothing.
    #[test]
    fn no_attempt_no_reveal() {
        for actions in [
            vec![Action::Reveal(2)],
            vec![Action::Type(2, "   \n".into()), Action::Reveal(2)],
            vec![
                Action::Aloud(2, true),
                Action::Aloud(2, false),
                Action::Reveal(2),
            ],
            vec![Action::Type(3, "the next one".into()), Action::Reveal(2)],
        ] {
            let p = after(actions.clone());
            assert!(!p.revealed.contains(&2), "{actions:?}");
            assert_eq!(p.tried_in(0..20), 0, "{actions:?}");
        }
    }

    /// Typed words, or the tick, let the reveal through, and it records which.
    #[test]
    fn a_reveal_records_its_attempt() {
        let p = after(vec![
            Action::Type(2, "a ring".into()),
            Action::Reveal(2),
            Action::Aloud(5, true),
            Action::Reveal(5),
            Action::Type(7, "both".into()),
            Action::Aloud(7, true),
            Action::Reveal(7),
        ]);
        assert_eq!(p.revealed.iter().copied().collect::<Vec<_>>(), [2, 5, 7]);
        assert_eq!(p.tried.get(&2), Some(&Attempt::Typed));
        assert_eq!(p.tried.get(&5), Some(&Attempt::Aloud));
        assert_eq!(p.tried.get(&7), Some(&Attempt::Typed));
        assert_eq!(p.tried_in(0..20), 3);
        assert_eq!(p.tried_in(3..6), 1);
        // The attempt stays recorded when the box is emptied or the tick taken back.
        let mut q = p.clone();
        q.apply(Action::Type(2, String::new()));
        q.apply(Action::Aloud(5, false));
        assert_eq!(q.tried_in(0..20), 3);
        assert_eq!(q.attempt(2), None);
    }

    /// A reveal stored without an attempt (before the rule) still shows, but the gates
    /// do not count it; the recorded attempts survive storage.
    #[test]
    fn old_reveals_show_but_do_not_count() {
        let old = Progress::from_text("shown=0,1,2&t1=typed");
        assert_eq!(old.revealed.len(), 3);
        assert_eq!(old.tried_in(0..20), 0);
        let mut p = old.clone();
        p.apply(Action::Aloud(4, true));
        p.apply(Action::Reveal(4));
        let back = Progress::from_text(&p.to_text());
        assert_eq!(back, p);
        assert_eq!(back.tried_in(0..20), 1);
        // Damaged records are skipped, one by one.
        let damaged = Progress::from_text("tried=3t,x,4q,5,99999999999999999999a,6a&aloud=1,z");
        assert_eq!(damaged.tried.len(), 2);
        assert_eq!(damaged.tried.get(&6), Some(&Attempt::Aloud));
        assert_eq!(damaged.aloud.iter().copied().collect::<Vec<_>>(), [1]);
    }

    #[test]
    fn the_gates_say_how_many_are_tried() {
        for (tried, total) in [(0, 9), (1, 9), (8, 9)] {
            assert_numbers(
                &whole_answer_later(tried, total),
                &[tried as f64, total as f64],
            );
        }
        for (tried, prompts, followups) in [(0, 9, 10), (1, 9, 13), (18, 9, 10)] {
            assert_numbers(
                &cheat_sheet_later(tried, prompts, followups),
                &[
                    prompts as f64,
                    followups as f64,
                    tried as f64,
                    (prompts + followups) as f64,
                ],
            );
        }
    }
}
