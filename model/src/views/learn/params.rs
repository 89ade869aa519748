//! The walkthrough's URL state: the step. `#/learn/virtual-nodes` (or `#/learn/5`, or
//! `#/learn?step=5`) opens step 5; the link is written with the step's slug. A step that
//! does not exist opens step 1, with a note.

use crate::param_table::{Kind, Param};
use crate::urlkit::repaired;
use crate::view_state::ViewState;
use crate::views::learn::steps::{find, STEPS};

/// The query parameter the path below `#/learn/` stands for.
pub const STEP: &str = "step";

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct LearnParams {
    /// The step shown, from 0.
    pub step: usize,
}

impl ViewState for LearnParams {
    const PARAMS: &'static [Param<Self>] = &[Param::new(
        STEP,
        "the step shown",
        Kind::Items {
            grammar: "a step's number (`1` to `14`) or its slug (`virtual-nodes`)",
            example: "virtual-nodes",
            read: |params, text, notes| match find(text) {
                Some(step) => params.step = step,
                None => notes.push(repaired(STEP, text, "is not a step", STEPS[0].slug)),
            },
            write: |params| Some(STEPS[params.step.min(STEPS.len() - 1)].slug.to_string()),
        },
    )];
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(q: &[(&str, &str)]) -> (LearnParams, Vec<String>) {
        let q: Vec<(String, String)> = q
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        LearnParams::from_query(&q)
    }

    #[test]
    fn steps_by_number_or_slug_and_a_note_for_anything_else() {
        assert_eq!(read(&[("step", "5")]).0.step, 4);
        assert_eq!(read(&[("step", "interview")]).0.step, 13);
        let (params, notes) = read(&[("step", "99")]);
        assert_eq!(params.step, 0);
        assert_eq!(notes, ["step=99 is not a step: using hook"]);
        assert_eq!(
            LearnParams { step: 4 }.to_query(),
            [("step".to_string(), "virtual-nodes".to_string())]
        );
    }
}
