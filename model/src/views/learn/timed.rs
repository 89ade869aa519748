//! The timed run: the opening question with five minutes on a visible clock, the
//! candidate's own answer, then the model answer and a rubric to tick against it, and how
//! a senior and a staff engineer would each answer. A pure state machine ([`Timed`]); the
//! page feeds it the clock (ms since the epoch, so a finished run's start is its date).
//! Before the bell, cues at [`CUES`] say how long is left; a finished run becomes a
//! `RunRecord` in the candidate's history (`learn::history`).

use crate::reducer::Reducer;

/// The time allowed, in seconds.
pub const SECONDS: f64 = 300.0;

/// The seconds left at which a cue warns that the end is near, in the order they come.
pub const CUES: [f64; 2] = [60.0, 30.0];

/// The question, as an interviewer opens.
pub const QUESTION: &str = "We run a cache on a fleet of servers that grows and shrinks. \
    Design how each key finds its server. You have five minutes.";

/// What a five-minute answer should cover, in the order it should come.
pub const RUBRIC: [&str; 7] = [
    "Asks or states the requirements: cache or store, how often servers change",
    "Says why hash mod N fails, with the share that moves",
    "The ring: the clockwise rule, and a join moving only 1/(N+1)",
    "Virtual nodes, with what they fix and cost",
    "Copies: the first R distinct servers clockwise, across racks",
    "A failure, and a hot key, handled",
    "Names a real system and a trade-off",
];

/// How a senior engineer answers in five minutes, and what a staff engineer adds.
pub const SENIOR: &str = "Covers the ring, virtual nodes and replication correctly, with \
    the core numbers, in a clear order.";
pub const STAFF: &str = "Starts from the requirements and lets them choose the design, \
    quantifies each claim, and spends the last minute on operations: how membership \
    changes reach clients, how data moves, and what they would measure.";

/// Where the run stands.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Phase {
    /// Not started: the question shows, the answer box waits.
    Ready,
    /// The clock runs from `started` (ms, the page's clock).
    Running { started: f64 },
    /// Over, after `took` seconds (the whole five minutes when the time ran out).
    Done { started: f64, took: f64 },
}

/// The run: its phase, the seconds left as last seen, the answer typed, and the rubric's
/// ticks.
#[derive(Debug, Clone, PartialEq)]
pub struct Timed {
    pub phase: Phase,
    pub left: f64,
    pub typed: String,
    pub ticked: [bool; RUBRIC.len()],
}

impl Default for Timed {
    fn default() -> Self {
        Timed {
            phase: Phase::Ready,
            left: SECONDS,
            typed: String::new(),
            ticked: [false; RUBRIC.len()],
        }
    }
}

/// One change to the run; times are the page's clock, in ms.
#[derive(Debug, Clone, PartialEq)]
pub enum Action {
    Start(f64),
    Tick(f64),
    /// "I'm done" before the time is up.
    Finish(f64),
    Type(String),
    /// A rubric point ticked (true) or not, once the run is over.
    Mark(usize, bool),
    /// Again, from the start.
    Reset,
}

impl Timed {
    /// The clock as people read it: `4:05`.
    pub fn clock(&self) -> String {
        let left = self.left.max(0.0).ceil() as u64;
        format!("{}:{:02}", left / 60, left % 60)
    }

    /// How the run ended, in words: "Time's up." or "Done in 1:30." (`None` before).
    pub fn ending(&self) -> Option<String> {
        match self.phase {
            Phase::Done { took, .. } if took >= SECONDS => Some("Time's up.".into()),
            Phase::Done { took, .. } => {
                let took = took.round() as u64;
                Some(format!("Done in {}:{:02}.", took / 60, took % 60))
            }
            _ => None,
        }
    }

    /// What the screen reader hears, and the reader sees, as the end nears: the last cue
    /// passed while the clock runs ("1 minute left."), then "Time's up." at the bell.
    /// Nothing before the first cue, or after "I'm done".
    pub fn cue(&self) -> Option<String> {
        match self.phase {
            Phase::Running { .. } => CUES
                .iter()
                .rev()
                .find(|&&cue| self.left <= cue)
                .map(|&cue| format!("{} left.", seconds_in_words(cue))),
            Phase::Done { took, .. } if took >= SECONDS => Some("Time's up.".into()),
            _ => None,
        }
    }

    /// Whether the clock is past the first cue: drawn as a warning.
    pub fn low(&self) -> bool {
        matches!(self.phase, Phase::Running { .. }) && self.left <= CUES[0]
    }

    /// Rubric points ticked.
    pub fn score(&self) -> usize {
        self.ticked.iter().filter(|&&t| t).count()
    }

    /// Words typed.
    pub fn words(&self) -> usize {
        self.typed.split_whitespace().count()
    }

    fn elapsed(started: f64, now: f64) -> f64 {
        ((now - started) / 1_000.0).clamp(0.0, SECONDS)
    }
}

/// A cue's time as said aloud: "1 minute", "2 minutes", "30 seconds".
fn seconds_in_words(seconds: f64) -> String {
    let whole = seconds.round() as u64;
    let (count, unit) = if whole >= 60 && whole % 60 == 0 {
        (whole / 60, "minute")
    } else {
        (whole, "second")
    };
    let plural = if count == 1 { "" } else { "s" };
    format!("{count} {unit}{plural}")
}

impl Reducer for Timed {
    type Action = Action;

    fn apply(&mut self, action: Action) {
        match (action, self.phase) {
            (Action::Start(now), Phase::Ready) => {
                self.phase = Phase::Running { started: now };
                self.left = SECONDS;
            }
            (Action::Tick(now), Phase::Running { started }) => {
                let elapsed = Timed::elapsed(started, now);
                self.left = SECONDS - elapsed;
                if elapsed >= SECONDS {
                    self.phase = Phase::Done {
                        started,
                        took: SECONDS,
                    };
                }
            }
            (Action::Finish(now), Phase::Running { started }) => {
                let took = Timed::elapsed(started, now);
                self.left = SECONDS - took;
                self.phase = Phase::Done { started, took };
            }
            // Typing counts only while the clock runs.
            (Action::Type(text), Phase::Running { .. }) => self.typed = text,
            (Action::Mark(point, on), Phase::Done { .. }) => {
                if let Some(t) = self.ticked.get_mut(point) {
                    *t = on;
                }
            }
            (Action::Reset, _) => *self = Timed::default(),
            // Anything else does not apply in this phase.
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::views::learn::history::RunRecord;

    #[test]
    fn the_clock_runs_five_minutes_then_stops() {
        let mut t = Timed::default();
        assert_eq!(t.clock(), "5:00");
        t.apply(Action::Type("too early".into()));
        assert_eq!(t.typed, "");
        t.apply(Action::Start(1_000.0));
        t.apply(Action::Tick(1_000.0 + 55_500.0));
        assert_eq!(t.clock(), "4:05");
        t.apply(Action::Type("Ask first: cache or store?".into()));
        assert_eq!(t.words(), 5);
        t.apply(Action::Tick(1_000.0 + 300_000.0));
        assert_eq!(
            t.phase,
            Phase::Done {
                started: 1_000.0,
                took: SECONDS
            }
        );
        assert_eq!(t.clock(), "0:00");
        assert_eq!(t.ending().as_deref(), Some("Time's up."));
        // After the bell, the answer stays as it was.
        t.apply(Action::Type("more".into()));
        assert_eq!(t.typed, "Ask first: cache or store?");
        t.apply(Action::Mark(1, true));
        t.apply(Action::Mark(99, true));
        assert_eq!(t.score(), 1);
        t.apply(Action::Reset);
        assert_eq!(t, Timed::default());
    }

    #[test]
    fn finishing_early_keeps_the_time_taken() {
        let mut t = Timed::default();
        t.apply(Action::Mark(0, true));
        assert_eq!(t.score(), 0, "no ticks before the answer");
        t.apply(Action::Finish(5.0));
        assert_eq!(t.phase, Phase::Ready);
        t.apply(Action::Start(0.0));
        t.apply(Action::Finish(90_000.0));
        assert_eq!(
            t.phase,
            Phase::Done {
                started: 0.0,
                took: 90.0
            }
        );
        assert_eq!(t.clock(), "3:30");
        assert_eq!(t.ending().as_deref(), Some("Done in 1:30."));
        assert_eq!(Timed::default().ending(), None);
        // A clock that goes backwards or far ahead is clamped.
        let mut t = Timed::default();
        t.apply(Action::Start(10_000.0));
        t.apply(Action::Tick(0.0));
        assert_eq!(t.clock(), "5:00");
        assert!(crate::views::learn::interview::whole_answer().contains("consistent hashing"));
    }

    /// The cues come at the times in [`CUES`], found here by ticking every quarter second
    /// through a run and noting when the words change; then the bell.
    #[test]
    fn cues_come_at_one_minute_and_thirty_seconds_then_the_bell() {
        let mut t = Timed::default();
        let start = 1_767_600_000_000.0;
        t.apply(Action::Start(start));
        assert_eq!(t.cue(), None);
        let mut heard: Vec<(f64, String)> = Vec::new();
        let mut ms = start;
        while matches!(t.phase, Phase::Running { .. }) {
            ms += 250.0;
            t.apply(Action::Tick(ms));
            let cue = t.cue().unwrap_or_default();
            if heard.last().map(|(_, c)| c) != Some(&cue) {
                heard.push(((ms - start) / 1_000.0, cue));
            }
        }
        let at = |left: f64| SECONDS - left;
        assert_eq!(
            heard,
            [
                (0.25, String::new()),
                (at(60.0), "1 minute left.".to_string()),
                (at(30.0), "30 seconds left.".to_string()),
                (SECONDS, "Time's up.".to_string()),
            ]
        );
        crate::test_numbers::assert_numbers(&heard[1].1, &[CUES[0] / 60.0]);
        crate::test_numbers::assert_numbers(&heard[2].1, &[CUES[1]]);
        // Warned, in colour too, from the first cue until the bell.
        let mut t = Timed::default();
        t.apply(Action::Start(0.0));
        t.apply(Action::Tick(239_000.0));
        assert!(!t.low());
        t.apply(Action::Tick(240_000.0));
        assert!(t.low());
        // Done early: no cue, no warning.
        t.apply(Action::Finish(250_000.0));
        assert_eq!((t.cue(), t.low()), (None, false));
        assert_eq!(seconds_in_words(120.0), "2 minutes");
        assert_eq!(seconds_in_words(1.0), "1 second");
    }

    /// A finished run is a record of its start, its length and its ticks; none before.
    #[test]
    fn a_finished_run_is_recorded() {
        let mut t = Timed::default();
        assert_eq!(RunRecord::of(&t), None);
        t.apply(Action::Start(1_767_600_000_000.0));
        assert_eq!(RunRecord::of(&t), None);
        t.apply(Action::Finish(1_767_600_000_000.0 + 91_400.0));
        t.apply(Action::Mark(2, true));
        t.apply(Action::Mark(6, true));
        let record = RunRecord::of(&t).expect("done");
        assert_eq!(record.started, 1_767_600_000_000);
        assert_eq!(record.took, 91);
        assert_eq!(record.points(), 2);
        assert!(record.ticked[2] && record.ticked[6]);
    }
}
