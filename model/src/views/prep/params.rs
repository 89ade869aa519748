//! Interview prep's URL state: the part shown. `#/prep/dry-run` (or `#/prep?part=dry-run`)
//! opens the dry run; a part that does not exist opens the pre-test, with a note.

use crate::param_table::{Kind, Param};
use crate::urlkit::repaired;
use crate::view_state::ViewState;

/// The query parameter the path below `#/prep/` stands for.
pub const PART: &str = "part";

/// One part of the page, in the order a candidate meets them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Part {
    /// The check-up before step 1.
    #[default]
    Before,
    Followups,
    Timed,
    Estimate,
    DryRun,
    /// The numbers worth remembering, printable on one page.
    Sheet,
    /// The check-up after the quiz, with the gain.
    After,
}

impl Part {
    pub const ALL: [Part; 7] = [
        Part::Before,
        Part::Followups,
        Part::Timed,
        Part::Estimate,
        Part::DryRun,
        Part::Sheet,
        Part::After,
    ];

    /// Its name in links.
    pub fn slug(self) -> &'static str {
        match self {
            Part::Before => "pre-test",
            Part::Followups => "follow-ups",
            Part::Timed => "timed",
            Part::Estimate => "estimate",
            Part::DryRun => "dry-run",
            Part::Sheet => "cheat-sheet",
            Part::After => "post-test",
        }
    }

    /// Its name on the page.
    pub fn title(self) -> &'static str {
        match self {
            Part::Before => "Pre-test",
            Part::Followups => "Follow-ups",
            Part::Timed => "Timed run",
            Part::Estimate => "Estimation",
            Part::DryRun => "Dry run",
            Part::Sheet => "Cheat sheet",
            Part::After => "Post-test",
        }
    }

    /// The link that opens it.
    pub fn link(self) -> String {
        format!("#/prep/{}", self.slug())
    }

    fn find(text: &str) -> Option<Part> {
        Part::ALL.into_iter().find(|p| p.slug() == text.trim())
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct PrepParams {
    pub part: Part,
}

impl ViewState for PrepParams {
    const PARAMS: &'static [Param<Self>] = &[Param::new(
        PART,
        "the part shown",
        Kind::Items {
            grammar: "`pre-test`, `follow-ups`, `timed`, `estimate`, `dry-run`, `cheat-sheet` or `post-test`",
            example: "dry-run",
            read: |params, text, notes| match Part::find(text) {
                Some(part) => params.part = part,
                None => notes.push(repaired(PART, text, "is not a part", Part::Before.slug())),
            },
            write: |params| Some(params.part.slug().to_string()),
        },
    )];
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(q: &[(&str, &str)]) -> (PrepParams, Vec<String>) {
        let q: Vec<(String, String)> = q
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        PrepParams::from_query(&q)
    }

    #[test]
    fn parts_by_slug_and_a_note_for_anything_else() {
        for part in Part::ALL {
            let (params, notes) = read(&[(PART, part.slug())]);
            assert_eq!((params.part, notes.len()), (part, 0));
            assert_eq!(
                params.to_query(),
                [(PART.to_string(), part.slug().to_string())]
            );
        }
        let (params, notes) = read(&[(PART, "quiz")]);
        assert_eq!(params.part, Part::Before);
        assert_eq!(notes, ["part=\"quiz\" is not a part: using pre-test"]);
    }
}
