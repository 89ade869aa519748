//! For tests: the numbers in a sentence as the reader reads them, and a check of each
//! against a value the test computed on its own.
//!
//! A number is digits, with commas between groups of three and a decimal point:
//! `1,382`, `0.91`, `-3`. A `%` right after it makes it a share (`10.0%` reads 0.1); a
//! size word after it scales it to bytes (`3.2 MB` reads 3,200,000). Words for numbers
//! ("one") are not read, nor superscripts (`ε²`).

/// One number as written: its value, and half a step of its last written digit (how far
/// the true value may lie from it, given the rounding).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Read {
    pub value: f64,
    pub half_step: f64,
}

/// The byte sizes [`crate::format::byte_size`] writes.
const SIZES: [(&str, f64); 5] = [
    ("bytes", 1.0),
    ("kB", 1e3),
    ("MB", 1e6),
    ("GB", 1e9),
    ("TB", 1e12),
];

/// Every number in `text`, in order.
pub fn numbers(text: &str) -> Vec<Read> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        if !chars[i].is_ascii_digit() {
            i += 1;
            continue;
        }
        // A minus sign counts only at the start of a word ("-3", not "weight-2").
        let negative = i > 0
            && matches!(chars[i - 1], '-' | '−')
            && (i == 1 || chars[i - 2].is_whitespace() || chars[i - 2] == '(');
        let mut digits = String::new();
        let mut places: Option<i32> = None;
        while i < chars.len() {
            let c = chars[i];
            let next_three = |from: usize| {
                (from..from + 3).all(|j| chars.get(j).is_some_and(char::is_ascii_digit))
                    && !chars.get(from + 3).is_some_and(char::is_ascii_digit)
            };
            if c.is_ascii_digit() {
                digits.push(c);
                places = places.map(|p| p + 1);
            } else if c == ',' && places.is_none() && next_three(i + 1) {
                // A group separator: skip it.
            } else if c == '.'
                && places.is_none()
                && chars.get(i + 1).is_some_and(char::is_ascii_digit)
            {
                digits.push('.');
                places = Some(0);
            } else {
                break;
            }
            i += 1;
        }
        let mut value: f64 = digits.parse().expect("digits");
        let mut half_step = 0.5 * 10f64.powi(-places.unwrap_or(0));
        if negative {
            value = -value;
        }
        if chars.get(i) == Some(&'%') {
            value /= 100.0;
            half_step /= 100.0;
        } else {
            let rest: String = chars[i..].iter().collect();
            let word = rest
                .trim_start_matches(' ')
                .split(|c: char| c.is_whitespace() || ",;:.)".contains(c))
                .next()
                .unwrap_or("");
            if chars.get(i) == Some(&' ') {
                if let Some((_, scale)) = SIZES.iter().find(|(w, _)| *w == word) {
                    value *= scale;
                    half_step *= scale;
                }
            }
        }
        out.push(Read { value, half_step });
    }
    out
}

/// Whether `expected` is what `read` says: within its rounding (and a hair more, for the
/// float arithmetic of the test's own value).
pub fn agrees(read: Read, expected: f64) -> bool {
    (read.value - expected).abs() <= read.half_step * (1.0 + 1e-9) + expected.abs() * 1e-12
}

/// Checks that `text` holds exactly the numbers `expected`, in order, each within the
/// rounding it is written with.
#[track_caller]
pub fn assert_numbers(text: &str, expected: &[f64]) {
    let read = numbers(text);
    let values: Vec<f64> = read.iter().map(|r| r.value).collect();
    assert_eq!(
        read.len(),
        expected.len(),
        "{text:?} reads {values:?}, expected {expected:?}"
    );
    for (k, (r, e)) in read.iter().zip(expected).enumerate() {
        assert!(
            agrees(*r, *e),
            "number {k} of {text:?} reads {} (± {}), expected {e}",
            r.value,
            r.half_step
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The values read, to nine significant digits (the scaling by a size is a product).
    fn values(text: &str) -> Vec<f64> {
        let round = |v: f64| format!("{v:.9e}").parse::<f64>().unwrap();
        numbers(text).iter().map(|r| round(r.value)).collect()
    }

    #[test]
    fn numbers_are_read_as_written() {
        assert_eq!(
            values("2 ln N / ε² = 1,382 points at N = 1,000, ε = 10.0%"),
            [2.0, 1_382.0, 1_000.0, 0.1]
        );
        assert_eq!(values("a weight-2 server, -3 and (−4)"), [2.0, -3.0, -4.0]);
        assert_eq!(
            values("3.2 MB, 262.1 kB and 512 bytes; 1 Gbps, 125 MB/s"),
            [3.2e6, 262.1e3, 512.0, 1.0, 125.0]
        );
        assert_eq!(
            values("1/17 = 5.9% at 16 → 17."),
            [1.0, 17.0, 0.059, 16.0, 17.0]
        );
        assert_eq!(
            values("1.21× and 1,2 and 10,00"),
            [1.21, 1.0, 2.0, 10.0, 0.0]
        );
        assert_eq!(values("no numbers"), Vec::<f64>::new());
    }

    #[test]
    fn a_number_agrees_within_its_rounding() {
        let read = numbers("12.4%")[0];
        assert!(agrees(read, 0.1244) && agrees(read, 0.1235));
        assert!(!agrees(read, 0.1246) && !agrees(read, 0.1234));
        let read = numbers("3.2 MB")[0];
        assert!(agrees(read, 3_196_800.0) && !agrees(read, 3_260_000.0));
        assert_numbers("1,382 at 1.21×", &[1_382.0, 1.2149]);
    }

    #[test]
    #[should_panic(expected = "expected")]
    fn a_wrong_number_fails() {
        assert_numbers("1,382 points", &[1_381.0]);
    }
}
