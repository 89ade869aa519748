//! The stepper's playback as a pure reducer: which scenario, which second, playing or not.

use std::rc::Rc;

use ringlab_core::load::cluster::{Fix, SCENARIOS};

use super::params::BreakParams;
use crate::Reducer;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Player {
    pub params: BreakParams,
    /// The second shown.
    pub t: usize,
    /// The run's last second.
    pub last: usize,
    pub playing: bool,
    /// The reader has reached the run's last second (by playing, dragging, or asking for
    /// the run whole): until then the picture shows no second after `t` and no verdict.
    pub seen_end: bool,
    /// Notes from the link, until dismissed.
    pub notes: Vec<String>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PlayerAction {
    /// One simulated second on; playing stops at the end.
    Tick,
    /// Play or pause; playing from the end starts again at 0.
    Toggle,
    Seek(usize),
    /// Scenario `index`, from second 0 playing, or (reduced motion) shown at its end.
    Go {
        index: usize,
        play: bool,
    },
    Fix(Fix),
    Speed(u32),
    Dismiss,
}

impl Player {
    /// A stepper opened from a link: at second 0, paused, its future not shown until the
    /// reader plays or drags to it.
    pub fn new(params: BreakParams, last: usize, notes: Vec<String>) -> Player {
        Player {
            params,
            t: 0,
            last,
            playing: false,
            seen_end: false,
            notes,
        }
    }

    /// The same stepper at the run's end, everything told: for a page that offers no
    /// controls to play it.
    pub fn shown_whole(self) -> Player {
        Player {
            t: self.last,
            seen_end: true,
            ..self
        }
    }
}

impl Reducer for Player {
    type Action = PlayerAction;

    fn apply(&mut self, action: PlayerAction) {
        let p = self;
        match action {
            PlayerAction::Tick if p.playing => {
                p.t = (p.t + 1).min(p.last);
                p.playing = p.t < p.last;
                p.seen_end |= p.t == p.last;
            }
            PlayerAction::Tick => {}
            PlayerAction::Toggle => {
                if !p.playing && p.t >= p.last {
                    p.t = 0;
                }
                p.playing = !p.playing;
            }
            PlayerAction::Seek(t) => {
                p.t = t.min(p.last);
                p.playing = false;
                p.seen_end |= p.t == p.last;
            }
            PlayerAction::Go { index, play } => {
                p.params.scenario = index.min(SCENARIOS.len() - 1);
                p.t = if play { 0 } else { p.last };
                p.playing = play;
                p.seen_end = !play;
            }
            PlayerAction::Fix(fix) => {
                p.params.fix = fix;
                p.t = p.last;
                p.playing = false;
                p.seen_end = true;
            }
            PlayerAction::Speed(speed) => p.params.speed = speed,
            PlayerAction::Dismiss => p.notes.clear(),
        }
    }

    /// A tick while paused keeps the same state, so nothing draws again.
    fn reduce(self: Rc<Self>, action: PlayerAction) -> Rc<Self> {
        if action == PlayerAction::Tick && !self.playing {
            return self;
        }
        let mut next = (*self).clone();
        next.apply(action);
        Rc::new(next)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plays_to_the_end_and_steps_through_scenarios() {
        let mut p = Rc::new(Player::new(BreakParams::default(), 29, vec![]));
        assert_eq!(
            (p.t, p.playing, p.seen_end),
            (0, false, false),
            "nothing told yet"
        );
        p = p.reduce(PlayerAction::Seek(12));
        assert!(!p.seen_end);
        p = p.reduce(PlayerAction::Toggle);
        assert_eq!((p.t, p.playing), (12, true));
        for _ in 0..40 {
            p = p.reduce(PlayerAction::Tick);
        }
        assert_eq!((p.t, p.playing, p.seen_end), (29, false, true));
        p = p.reduce(PlayerAction::Toggle);
        assert_eq!(
            (p.t, p.playing),
            (0, true),
            "played from the end: again from 0"
        );
        p = p.reduce(PlayerAction::Go {
            index: 9,
            play: true,
        });
        assert_eq!((p.params.scenario, p.t, p.playing), (4, 0, true));
        p = p.reduce(PlayerAction::Seek(99));
        assert_eq!((p.t, p.playing), (29, false));
        p = p.reduce(PlayerAction::Go {
            index: 1,
            play: false,
        });
        assert_eq!((p.params.scenario, p.t), (1, 29));
    }
}
