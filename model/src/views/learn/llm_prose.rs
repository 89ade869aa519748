//! Step 11's section "Where rings route today": LLM serving fleets hash a prompt's first
//! blocks onto a ring so that a worker reuses its cache. Its figures are the lab's
//! figure 10 (the Mooncake conversation trace, shipped with the page and held to a fresh
//! replay by model/tests/lab_shipped.rs).

use crate::format::{grouped, percent};
use crate::views::lab::llm::{
    shipped, LlmFigure, LlmRouter, LlmRow, LLM_CACHE_BLOCKS, LLM_WORKERS,
};

fn ring_at(rows: &[LlmRow], k: f64) -> Option<&LlmRow> {
    rows.iter()
        .find(|r| r.figure == LlmFigure::Prefix && r.router == LlmRouter::Ring && r.x == k)
}

/// The section's paragraphs after its first: the first block, two blocks, and the bound.
pub fn where_rings_route() -> Vec<String> {
    let (rows, most) = shipped();
    let (Some(one), Some(two)) = (ring_at(&rows, 1.0), ring_at(&rows, 2.0)) else {
        return Vec::new();
    };
    // Every request on one worker carries all of them: N times its share.
    let outcome = if one.busiest_over_mean == LLM_WORKERS as f64 {
        format!(
            "every request lands on one worker, {:.2} times its fair share, while the others idle",
            one.busiest_over_mean
        )
    } else {
        format!(
            "the busiest worker carries {:.2} times its fair share",
            one.busiest_over_mean
        )
    };
    vec![
        format!(
            "On a real trace, an hour of chat requests replayed through {LLM_WORKERS} workers that cache {} blocks each, \
             every prompt starts with the same block: a shared system prompt. Hash only that block and {outcome}.",
            grouped(LLM_CACHE_BLOCKS as u64),
        ),
        format!(
            "Hash the first two blocks instead and the busiest worker carries {:.2} times its share. {} of the prompt \
             blocks are found in cache, {} of {}; no router could find more than {}, since every block is new the first \
             time it is seen.",
            two.busiest_over_mean,
            percent(two.share()),
            grouped(two.reused),
            grouped(two.blocks),
            percent(most.0 as f64 / most.1.max(1) as f64)
        ),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_numbers::assert_numbers;

    #[test]
    fn the_section_reads_the_shipped_rows() {
        let (rows, most) = shipped();
        let row = |k: f64| {
            rows.iter()
                .find(|r| r.figure == LlmFigure::Prefix && r.router == LlmRouter::Ring && r.x == k)
                .unwrap()
        };
        let text = where_rings_route();
        assert_eq!(text.len(), 2);
        assert_numbers(&text[0], &[8.0, 20_000.0, row(1.0).busiest_over_mean]);
        let two = row(2.0);
        assert_numbers(
            &text[1],
            &[
                two.busiest_over_mean,
                two.reused as f64 / two.blocks as f64,
                two.reused as f64,
                two.blocks as f64,
                most.0 as f64 / most.1 as f64,
            ],
        );
        // The trace's own figures, as the issue measured them.
        assert_eq!(
            (two.reused, two.blocks, most.0),
            (105_650, 288_500, 105_710)
        );
    }
}
