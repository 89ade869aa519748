//! What a reader has done in the walkthrough: steps finished, challenges ticked, the hook's
//! prediction, quiz answers checked, interview answers typed and points ticked, and the
//! check-up's answers before and after, the dry run's picks, the estimate and the timed
//! run's sittings. It lives in
//! the browser's localStorage as one query-like string ([`Progress::to_text`]) and is never
//! sent anywhere; text that does not parse is dropped, item by item.

use std::collections::{BTreeMap, BTreeSet};

use crate::reducer::Reducer;
use crate::urlkit::{list, parse_query, write_query};
use crate::views::learn::attempt::Attempt;
use crate::views::learn::history::{RunRecord, MAX_RUNS};

/// The longest typed answer kept, in characters.
pub const MAX_TYPED: usize = 4000;

/// Everything the walkthrough remembers.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Progress {
    /// Slugs of finished steps.
    pub steps: BTreeSet<String>,
    /// Ids of ticked challenges.
    pub challenges: BTreeSet<String>,
    /// Checked quiz answers: question index to the answer given, as typed or chosen.
    pub quiz: BTreeMap<usize, String>,
    /// Interview answers typed, by prompt index.
    pub typed: BTreeMap<usize, String>,
    /// Interview prompts whose model answer is shown.
    pub revealed: BTreeSet<usize>,
    /// Prompts where "I answered aloud" is ticked.
    pub aloud: BTreeSet<usize>,
    /// The attempt each prompt's reveal was earned by ([`crate::views::learn::attempt`]).
    pub tried: BTreeMap<usize, Attempt>,
    /// Listened-for points the reader ticked, as `prompt.point`.
    pub points: BTreeSet<String>,
    /// The check-up's answers before the walkthrough: skill index to answer.
    pub before: BTreeMap<usize, String>,
    /// The check-up's answers after the quiz.
    pub after: BTreeMap<usize, String>,
    /// The dry run's checked picks: trace step to the server named.
    pub dry: BTreeMap<usize, String>,
    /// The estimate last checked, as typed.
    pub estimate: Option<String>,
    /// The timed run's finished sittings, by their start.
    pub runs: BTreeMap<u64, RunRecord>,
}

/// One change to the progress.
#[derive(Debug, Clone, PartialEq)]
pub enum Action {
    FinishStep(String),
    Tick(String),
    /// A quiz answer checked.
    Answer(usize, String),
    /// The quiz started again: its answers forgotten.
    RetryQuiz,
    Type(usize, String),
    /// "I answered aloud" ticked (true) or not, for a prompt.
    Aloud(usize, bool),
    /// A prompt's model answer shown: only after an attempt, which it records.
    Reveal(usize),
    /// A listened-for point ticked (true) or unticked.
    Point(String, bool),
    /// A check-up answer checked: the sitting, the skill, the answer.
    CheckUp(Sitting, usize, String),
    /// A sitting of the check-up taken again: its answers forgotten.
    RetakeCheckUp(Sitting),
    /// A dry-run lookup checked: the trace step and the server picked.
    DryRun(usize, String),
    /// The dry run started again.
    RetryDryRun,
    /// An estimate checked, as typed.
    Estimate(String),
    /// A timed sitting finished, or its ticks changed: kept by its start.
    RecordRun(RunRecord),
    /// "Forget my progress".
    Forget,
    /// Everything replaced, as read from storage.
    Load(Box<Progress>),
}

impl Reducer for Progress {
    type Action = Action;

    fn apply(&mut self, action: Action) {
        match action {
            Action::FinishStep(slug) => {
                self.steps.insert(slug);
            }
            Action::Tick(id) => {
                self.challenges.insert(id);
            }
            Action::Answer(question, answer) => {
                self.quiz.insert(question, answer);
            }
            Action::RetryQuiz => self.quiz.clear(),
            Action::Type(prompt, text) => {
                let text: String = text.chars().take(MAX_TYPED).collect();
                if text.is_empty() {
                    self.typed.remove(&prompt);
                } else {
                    self.typed.insert(prompt, text);
                }
            }
            Action::Aloud(prompt, true) => {
                self.aloud.insert(prompt);
            }
            Action::Aloud(prompt, false) => {
                self.aloud.remove(&prompt);
            }
            Action::Reveal(prompt) => {
                if let Some(how) = self.attempt(prompt) {
                    self.revealed.insert(prompt);
                    self.tried.entry(prompt).or_insert(how);
                }
            }
            Action::Point(id, true) => {
                self.points.insert(id);
            }
            Action::Point(id, false) => {
                self.points.remove(&id);
            }
            Action::CheckUp(sitting, skill, answer) => {
                self.sitting(sitting).insert(skill, answer);
            }
            Action::RetakeCheckUp(sitting) => self.sitting(sitting).clear(),
            Action::DryRun(step, pick) => {
                self.dry.insert(step, pick);
            }
            Action::RetryDryRun => self.dry.clear(),
            Action::Estimate(text) => {
                self.estimate = Some(text.chars().take(MAX_TYPED).collect());
            }
            Action::RecordRun(run) => {
                self.runs.insert(run.started, run);
                while self.runs.len() > MAX_RUNS {
                    self.runs.pop_first();
                }
            }
            Action::Forget => *self = Progress::default(),
            Action::Load(progress) => *self = *progress,
        }
    }
}

impl Progress {
    fn sitting(&mut self, sitting: Sitting) -> &mut BTreeMap<usize, String> {
        match sitting {
            Sitting::Before => &mut self.before,
            Sitting::After => &mut self.after,
        }
    }

    /// The stored form: `steps=a,b&ch=x,y&q0=...&t3=...&shown=1,2&pts=1.2,3.0`.
    pub fn to_text(&self) -> String {
        let join = |items: Vec<String>| items.join(",");
        let mut pairs: Vec<(String, String)> = Vec::new();
        let mut push = |key: &str, value: String| {
            if !value.is_empty() {
                pairs.push((key.to_string(), value));
            }
        };
        push("steps", join(self.steps.iter().cloned().collect()));
        push("ch", join(self.challenges.iter().cloned().collect()));
        push(
            "shown",
            join(self.revealed.iter().map(usize::to_string).collect()),
        );
        push("pts", join(self.points.iter().cloned().collect()));
        push("est", self.estimate.clone().unwrap_or_default());
        push(
            "aloud",
            join(self.aloud.iter().map(usize::to_string).collect()),
        );
        push(
            "tried",
            join(
                self.tried
                    .iter()
                    .map(|(prompt, how)| format!("{prompt}{}", how.code()))
                    .collect(),
            ),
        );
        for (question, answer) in &self.quiz {
            pairs.push((format!("q{question}"), answer.clone()));
        }
        for (prompt, text) in &self.typed {
            pairs.push((format!("t{prompt}"), text.clone()));
        }
        for (skill, answer) in &self.before {
            pairs.push((format!("b{skill}"), answer.clone()));
        }
        for (skill, answer) in &self.after {
            pairs.push((format!("a{skill}"), answer.clone()));
        }
        for (step, pick) in &self.dry {
            pairs.push((format!("d{step}"), pick.clone()));
        }
        for (started, run) in &self.runs {
            pairs.push((format!("r{started}"), run.to_value()));
        }
        write_query(pairs.iter().map(|(k, v)| (k.as_str(), v.as_str())))
    }

    /// Reads [`Progress::to_text`]'s form; anything unknown or malformed is skipped.
    pub fn from_text(text: &str) -> Progress {
        let mut progress = Progress::default();
        let names = |value: &str| -> BTreeSet<String> { list(value).map(String::from).collect() };
        for (key, value) in parse_query(text) {
            let index = |prefix: &str| key.strip_prefix(prefix)?.parse::<usize>().ok();
            match key.as_str() {
                "steps" => progress.steps = names(&value),
                "ch" => progress.challenges = names(&value),
                "pts" => progress.points = names(&value),
                "est" => progress.estimate = Some(value.chars().take(MAX_TYPED).collect()),
                "shown" => {
                    progress.revealed = list(&value).filter_map(|n| n.parse().ok()).collect()
                }
                "aloud" => progress.aloud = list(&value).filter_map(|n| n.parse().ok()).collect(),
                "tried" => progress.tried = list(&value).filter_map(read_attempt).collect(),
                _ => {
                    if let Some(q) = index("q") {
                        progress.quiz.insert(q, value);
                    } else if let Some(t) = index("t") {
                        let text: String = value.chars().take(MAX_TYPED).collect();
                        progress.typed.insert(t, text);
                    } else if let Some(b) = index("b") {
                        progress.before.insert(b, value);
                    } else if let Some(a) = index("a") {
                        progress.after.insert(a, value);
                    } else if let Some(d) = index("d") {
                        progress.dry.insert(d, value);
                    } else if let Some(run) = key
                        .strip_prefix('r')
                        .and_then(|started| RunRecord::from_value(started, &value))
                    {
                        progress.runs.insert(run.started, run);
                    }
                }
            }
        }
        while progress.runs.len() > MAX_RUNS {
            progress.runs.pop_first();
        }
        progress
    }
}

/// One stored attempt, `12a`: the prompt, then the attempt's letter.
fn read_attempt(item: &str) -> Option<(usize, Attempt)> {
    let code = item.chars().last()?;
    let prompt = item.strip_suffix(code)?.parse().ok()?;
    Some((prompt, Attempt::from_code(code)?))
}

/// Which of the two sittings.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Sitting {
    /// Before step 1.
    Before,
    /// After the quiz.
    After,
}

impl Sitting {
    /// Its name on the page.
    pub fn title(self) -> &'static str {
        match self {
            Sitting::Before => "Before: the pre-test",
            Sitting::After => "After: the post-test",
        }
    }

    /// The reader's answers for this sitting.
    pub fn answers(self, progress: &Progress) -> &BTreeMap<usize, String> {
        match self {
            Sitting::Before => &progress.before,
            Sitting::After => &progress.after,
        }
    }
}

impl Progress {
    /// The attempt at prompt `index` so far: the typed words count first, then the tick.
    /// Blank text is no attempt.
    pub fn attempt(&self, index: usize) -> Option<Attempt> {
        let typed = self
            .typed
            .get(&index)
            .is_some_and(|text| !text.trim().is_empty());
        if typed {
            Some(Attempt::Typed)
        } else if self.aloud.contains(&index) {
            Some(Attempt::Aloud)
        } else {
            None
        }
    }

    /// The prompts in `prompts` answered, then revealed: what the gates count.
    pub fn tried_in(&self, prompts: std::ops::Range<usize>) -> usize {
        prompts.filter(|i| self.tried.contains_key(i)).count()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use std::rc::Rc;

    #[test]
    fn progress_survives_storage() {
        let mut p = Rc::new(Progress::default());
        for action in [
            Action::FinishStep("hook".into()),
            Action::Tick("add-server".into()),
            Action::Answer(0, "1/9".into()),
            Action::Type(2, "hash & mod, then = a ring? 100%".into()),
            Action::Reveal(2),
            Action::Point("2.1".into(), true),
            Action::CheckUp(Sitting::Before, 3, "1".into()),
            Action::CheckUp(Sitting::After, 0, "12/13".into()),
            Action::DryRun(3, "B".into()),
            Action::Estimate("about 7 h".into()),
            Action::Aloud(5, true),
            Action::Reveal(5),
            Action::RecordRun(RunRecord::new(1.7e12, 90.0, [true; 7])),
        ] {
            p = p.reduce(action);
        }
        assert_eq!(Progress::from_text(&p.to_text()), *p);
        assert_eq!(*p.clone().reduce(Action::Forget), Progress::default());
        assert!(p.clone().reduce(Action::RetryQuiz).quiz.is_empty());
        let retaken = p.clone().reduce(Action::RetakeCheckUp(Sitting::Before));
        assert!(retaken.before.is_empty() && retaken.after.len() == 1);
        assert!(p.clone().reduce(Action::RetryDryRun).dry.is_empty());
        let p = p.reduce(Action::Point("2.1".into(), false));
        assert!(p.points.is_empty());
    }

    /// A sitting recorded again (its ticks changed) replaces itself; past [`MAX_RUNS`]
    /// the oldest go, in the reducer and in storage.
    #[test]
    fn sittings_are_kept_by_start_and_capped() {
        let mut p = Progress::default();
        let run = |started: f64, points: usize| {
            let mut ticked = [false; 7];
            ticked.iter_mut().take(points).for_each(|t| *t = true);
            RunRecord::new(started, 300.0, ticked)
        };
        p.apply(Action::RecordRun(run(5.0, 0)));
        p.apply(Action::RecordRun(run(5.0, 3)));
        assert_eq!(p.runs.len(), 1);
        assert_eq!(p.runs[&5].points(), 3);
        for i in 0..MAX_RUNS + 3 {
            p.apply(Action::RecordRun(run(1_000.0 + i as f64, 1)));
        }
        assert_eq!(p.runs.len(), MAX_RUNS);
        assert_eq!(p.runs.keys().next(), Some(&1_003));
        let stored: String = (0..MAX_RUNS + 5).map(|i| format!("r{i}=60,1&")).collect();
        let back = Progress::from_text(&stored);
        assert_eq!(back.runs.len(), MAX_RUNS);
        assert_eq!(back.runs.keys().next(), Some(&5));
        // A damaged sitting is dropped alone.
        let back = Progress::from_text("r1=60,1&r2=999,1&rx=1,1&r=1,1&r3=30,3&steps=hook");
        assert_eq!(back.runs.keys().copied().collect::<Vec<_>>(), [1, 3]);
        assert_eq!(back.steps.len(), 1);
    }

    #[test]
    fn damaged_storage_keeps_what_it_can() {
        let p = Progress::from_text("steps=hook,,ring&qx=1&q3=7&%ZZ=1&t=2&nonsense");
        assert_eq!(p.steps.len(), 2);
        assert_eq!(p.quiz.get(&3).map(String::as_str), Some("7"));
        assert!(p.typed.is_empty());
    }

    proptest! {
        #[test]
        fn typed_text_round_trips(prompt in 0usize..20, text in "\\PC{0,60}") {
            let p = Rc::new(Progress::default()).reduce(Action::Type(prompt, text.clone()));
            let back = Progress::from_text(&p.to_text());
            prop_assert_eq!(back, (*p).clone());
        }
    }
}
