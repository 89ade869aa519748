//! The line under the quiz and each check-up: how many answered so far, then how many
//! right once every question is answered.

/// "2 of 6 answered so far." until all `total` are answered, then "You got 4 of 6 right."
pub fn score_line(right: usize, answered: usize, total: usize) -> String {
    if answered == total {
        format!("You got {right} of {total} right.")
    } else {
        format!("{answered} of {total} answered so far.")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_numbers::assert_numbers;

    /// None, one and several answered of six, then all: the counts as given.
    #[test]
    fn the_line_counts_answers_then_right_ones() {
        for answered in [0, 1, 4] {
            let line = score_line(answered / 2, answered, 6);
            assert_numbers(&line, &[answered as f64, 6.0]);
            assert!(line.ends_with(" answered so far."), "{line}");
        }
        for right in [0, 1, 5, 6] {
            let line = score_line(right, 6, 6);
            assert_numbers(&line, &[right as f64, 6.0]);
            assert!(line.starts_with("You got "), "{line}");
        }
        assert_eq!(score_line(0, 0, 0), "You got 0 of 0 right.");
    }
}
