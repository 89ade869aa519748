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
    /// A stepper opened from a link: the run shown whole, at its end.
    pub fn new(params: BreakParams, last: usize, notes: Vec<String>) -> Player {
        Player {
            params,
            t: last,
            last,
            playing: false,
            notes,
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
            }
            PlayerAction::Go { index, play } => {
                p.params.scenario = index.min(SCENARIOS.len() - 1);
                p.t = if play { 0 } else { p.last };
                p.playing = play;
            }
            PlayerAction::Fix(fix) => {
                p.params.fix = fix;
                p.t = p.last;
                p.playing = false;
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
        assert_eq!((p.t, p.playing), (29, false));
        p = p.reduce(PlayerAction::Toggle);
        assert_eq!((p.t, p.playing), (0, true));
        for _ in 0..40 {
            p = p.reduce(PlayerAction::Tick);
        }
        assert_eq!((p.t, p.playing), (29, false));
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
