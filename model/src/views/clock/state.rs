//! The clock example's state: the exercise, the reader's guesses and what has been
//! revealed. A pure reducer; the component only renders it and writes its query out.

use crate::ViewState;
use std::rc::Rc;

use crate::Reducer;

use super::model::{Change, Exercise, Stage};
use super::params::{ClockParams, Slot};

#[derive(Debug, Clone, PartialEq)]
pub struct ClockState {
    pub params: ClockParams,
    pub exercise: Rc<Exercise>,
    /// What was repaired in the link or in the last edit.
    pub notes: Vec<String>,
    /// The owner the reader predicts for each key (a server name), if any.
    pub owner_guess: Vec<Option<String>>,
    pub owners_revealed: bool,
    /// For each change, which keys the reader predicts to move.
    pub move_guess: [Vec<bool>; 2],
    pub moves_revealed: [bool; 2],
    /// The cluster on the clock.
    pub shown: Stage,
}

/// An edit of the exercise, as typed.
#[derive(Debug, Clone, PartialEq)]
pub enum Edit {
    ServerName(Slot, String),
    ServerMark(Slot, String),
    KeyName(usize, String),
    KeyMark(usize, String),
    Remove(String),
    AddServer,
    DropServer(usize),
    AddKey,
    DropKey(usize),
}

#[derive(Debug, Clone, PartialEq)]
pub enum Action {
    GuessOwner(usize, Option<String>),
    GuessMove(Change, usize, bool),
    RevealOwners,
    RevealMoves(Change),
    Show(Stage),
    Edit(Edit),
    /// Back to the default exercise.
    ResetExercise,
    /// Forget the guesses, keep the exercise.
    StartOver,
    DismissNotes,
}

impl ClockState {
    pub fn from_query(query: &[(String, String)]) -> ClockState {
        let (params, notes) = ClockParams::from_query(query);
        ClockState::new(params, notes)
    }

    pub fn new(params: ClockParams, notes: Vec<String>) -> ClockState {
        let keys = params.keys.len();
        ClockState {
            exercise: Rc::new(Exercise::new(&params)),
            params,
            notes,
            owner_guess: vec![None; keys],
            owners_revealed: false,
            move_guess: [vec![false; keys], vec![false; keys]],
            moves_revealed: [false; 2],
            shown: Stage::Start,
        }
    }

    pub fn query(&self) -> Vec<(String, String)> {
        self.params.to_query()
    }

    /// Whether the owners of `stage` may be shown: after the reveal that answers them.
    pub fn stage_revealed(&self, stage: Stage) -> bool {
        match stage {
            Stage::Start => self.owners_revealed,
            Stage::Joined => self.moves_revealed[0],
            Stage::Left => self.moves_revealed[1],
        }
    }

    /// How many owner guesses are right.
    pub fn owners_right(&self) -> usize {
        (0..self.params.keys.len())
            .filter(|&k| {
                self.owner_guess[k].as_deref() == Some(&self.exercise.owner(Stage::Start, k))
            })
            .count()
    }

    /// How many keys' move guesses (moves or stays) are right for `change`.
    pub fn moves_right(&self, change: Change) -> usize {
        (0..self.params.keys.len())
            .filter(|&k| {
                self.move_guess[change.index()][k] == self.exercise.key_move(change, k).moved()
            })
            .count()
    }
}

impl Reducer for ClockState {
    type Action = Action;

    fn apply(&mut self, action: Action) {
        match action {
            Action::GuessOwner(key, guess) => {
                if let Some(slot) = self.owner_guess.get_mut(key) {
                    *slot = guess;
                }
                self.shown = Stage::Start;
            }
            Action::GuessMove(change, key, moves) => {
                if let Some(slot) = self.move_guess[change.index()].get_mut(key) {
                    *slot = moves;
                }
                self.shown = change.stages().1;
            }
            Action::RevealOwners => {
                self.owners_revealed = true;
                self.shown = Stage::Start;
            }
            Action::RevealMoves(change) => {
                self.moves_revealed[change.index()] = true;
                self.shown = change.stages().1;
            }
            Action::Show(stage) => self.shown = stage,
            Action::Edit(edit) => {
                let mut params = self.params.clone();
                let notes = match edit {
                    Edit::ServerName(slot, name) => params.rename_server(slot, &name),
                    Edit::ServerMark(slot, mark) => params.move_server(slot, &mark),
                    Edit::KeyName(key, name) => params.rename_key(key, &name),
                    Edit::KeyMark(key, mark) => params.move_key(key, &mark),
                    Edit::Remove(name) => params.set_remove(&name),
                    Edit::AddServer => params.add_server(),
                    Edit::DropServer(i) => params.drop_server(i),
                    Edit::AddKey => params.add_key(),
                    Edit::DropKey(i) => params.drop_key(i),
                };
                let shown = self.shown;
                if params != self.params {
                    // A new exercise: the old guesses no longer apply.
                    *self = ClockState::new(params, notes);
                    self.shown = shown;
                } else {
                    self.notes = notes;
                }
            }
            Action::ResetExercise => *self = ClockState::new(ClockParams::default(), Vec::new()),
            Action::StartOver => *self = ClockState::new(self.params.clone(), Vec::new()),
            Action::DismissNotes => self.notes.clear(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn act(state: ClockState, action: Action) -> ClockState {
        (*Rc::new(state).reduce(action)).clone()
    }

    #[test]
    fn owner_guesses_are_graded_after_the_reveal() {
        let mut s = ClockState::from_query(&[]);
        for (key, guess) in ["A", "B", "B", "C", "C"].into_iter().enumerate() {
            s = act(s, Action::GuessOwner(key, Some(guess.into())));
        }
        assert!(!s.stage_revealed(Stage::Start));
        s = act(s, Action::RevealOwners);
        assert!(s.stage_revealed(Stage::Start));
        // order:19 is C's and post:88 wraps to A.
        assert_eq!(s.owners_right(), 3);
    }

    #[test]
    fn move_guesses_follow_the_change_and_show_its_cluster() {
        let mut s = ClockState::from_query(&[]);
        s = act(s, Action::GuessMove(Change::Join, 2, true));
        assert_eq!(s.shown, Stage::Joined);
        assert_eq!(s.moves_right(Change::Join), 5);
        s = act(s, Action::GuessMove(Change::Leave, 2, true));
        assert_eq!(s.shown, Stage::Left);
        // Wrong twice: order:19 stays, cart:7 moves.
        assert_eq!(s.moves_right(Change::Leave), 3);
        s = act(s, Action::RevealMoves(Change::Leave));
        assert!(s.stage_revealed(Stage::Left) && !s.stage_revealed(Stage::Joined));
    }

    #[test]
    fn an_edit_is_a_new_exercise_and_notes_say_what_was_repaired() {
        let mut s = ClockState::from_query(&[]);
        s = act(s, Action::GuessOwner(0, Some("A".into())));
        s = act(s, Action::RevealOwners);
        s = act(s, Action::Edit(Edit::KeyMark(0, "120".into())));
        assert_eq!(s.params.keys[0].at, 99);
        assert!(!s.owners_revealed);
        assert_eq!(s.owner_guess[0], None);
        assert_eq!(s.notes.len(), 1);
        assert!(s.query()[1].1.starts_with("user:42@99,"));
        // A mark that is not a number changes nothing but says so.
        let before = s.params.clone();
        s = act(s, Action::Edit(Edit::ServerMark(Slot::Added, "x".into())));
        assert_eq!(s.params, before);
        assert_eq!(s.notes.len(), 1);
        s = act(s, Action::DismissNotes);
        assert!(s.notes.is_empty());
        s = act(s, Action::ResetExercise);
        assert_eq!(s.params, ClockParams::default());
    }
}
