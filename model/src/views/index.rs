//! The index page's URL state (it has none; any parameter is unknown), and its sentences
//! with figures.

use crate::param_table::Param;
use crate::view_state::ViewState;
use crate::views::learn::steps::STEPS;

/// The index's path: `#/views`. A link to a view that does not exist opens it.
pub const INDEX_PATH: &str = "views";

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct IndexParams;

impl ViewState for IndexParams {
    const PARAMS: &'static [Param<Self>] = &[];
}

/// The walkthrough's way in, its steps counted from the walkthrough itself.
pub fn learn_way_in() -> String {
    format!(
        "{} short steps, from why hash mod N breaks to the five-minute interview answer.",
        STEPS.len()
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_numbers::assert_numbers;
    use crate::views::learn::steps::step_label;

    /// The count is the walkthrough's: its last step is labelled "Step N: ...".
    #[test]
    fn the_way_in_counts_the_walkthroughs_steps() {
        let last = STEPS.last().expect("steps");
        let label = step_label(last.slug);
        let n: f64 = label["Step ".len()..label.find(':').unwrap()]
            .parse()
            .unwrap();
        assert_numbers(&learn_way_in(), &[n]);
    }
}
