//! Numbers and words as people read them.

/// `n` with a comma between groups of three digits: `101,000`.
pub fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, digit) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(digit);
    }
    out
}

/// A measured amount rounded to a whole number and grouped: `-1,235` for -1234.6. Not a
/// number, or infinite, prints as Rust does.
pub fn grouped_rounded(value: f64) -> String {
    if !value.is_finite() {
        return value.to_string();
    }
    let rounded = value.abs().round();
    let digits = if rounded >= u64::MAX as f64 {
        format!("{rounded:.0}")
    } else {
        grouped(rounded as u64)
    };
    if value < 0.0 && rounded != 0.0 {
        format!("-{digits}")
    } else {
        digits
    }
}

/// `value` with `places` decimals and its whole part grouped: `6,553.7` for 6553.7 at one
/// place. Not a number, or infinite, prints as Rust does.
pub fn grouped_decimal(value: f64, places: usize) -> String {
    if !value.is_finite() {
        return value.to_string();
    }
    let text = format!("{:.places$}", value.abs());
    let (whole, fraction) = text.split_once('.').unwrap_or((&text, ""));
    let whole = whole
        .parse::<u64>()
        .map_or_else(|_| whole.to_string(), grouped);
    let sign = if value < 0.0 && text.chars().any(|c| c.is_ascii_digit() && c != '0') {
        "-"
    } else {
        ""
    };
    if fraction.is_empty() {
        format!("{sign}{whole}")
    } else {
        format!("{sign}{whole}.{fraction}")
    }
}

/// A measured, noisy amount to `figures` significant figures, grouped: a rate of
/// 12,345,678.9 lookups a second reads `12,300,000` at three, 0.031623 reads `0.032` at
/// two. Digits beyond what the measurement holds would be noise printed as fact.
pub fn significant(value: f64, figures: u32) -> String {
    if !value.is_finite() || value == 0.0 {
        return grouped_rounded(value);
    }
    let figures = figures.max(1) as i32;
    let magnitude = value.abs().log10().floor() as i32;
    let scale = 10f64.powi(figures - 1 - magnitude);
    let rounded = (value * scale).round() / scale;
    // Rounding up can add a digit (9.99 → 10): count the places from the rounded value.
    let magnitude = rounded.abs().log10().floor() as i32;
    let places = (figures - 1 - magnitude).max(0) as usize;
    grouped_decimal(rounded, places)
}

/// A 64-bit hash as the views show it: `0x` and sixteen hex digits, the same width for
/// every hash, never a 20-digit decimal beside grouped counts.
pub fn hash_hex(hash: u64) -> String {
    format!("0x{hash:016x}")
}

/// `text` with its first letter a capital, to start a sentence: "The ring moved ...".
/// ASCII only: every sentence it starts is ringlab's own, and the Unicode case tables
/// would cost every module several kilobytes.
pub fn capitalized(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or(String::new(), |first| {
        first.to_ascii_uppercase().to_string() + chars.as_str()
    })
}

/// A share as a percentage with one decimal ("12.5%"), or more decimals when tiny.
pub fn percent(share: f64) -> String {
    if !share.is_finite() {
        return "n/a".into();
    }
    let pct = share * 100.0;
    if pct != 0.0 && pct.abs() < 1.0 {
        format!("{pct:.3}%")
    } else {
        format!("{pct:.1}%")
    }
}

/// A share as a percentage with as many decimals as it takes to be exact, up to three
/// ("6.25%" for 1/16, "12.5%" for 1/8), else as [`percent`] writes it ("5.9%" for 1/17):
/// an exact fraction is never rounded to look like another.
pub fn percent_exact(share: f64) -> String {
    let pct = share * 100.0;
    (1..=3)
        .find(|&places| {
            let scale = 10f64.powi(places);
            ((pct * scale).round() - pct * scale).abs() < 1e-9
        })
        .map_or_else(
            || percent(share),
            |places| format!("{pct:.*}%", places as usize),
        )
}

/// A round top for a plot's axis: 1, 2, 2.5 or 5 times a power of ten, at or above
/// `value` (1 for nothing to show).
///
/// ```
/// use ringlab_model::format::nice_top;
/// assert_eq!(nice_top(6_250.0), 10_000.0);
/// assert_eq!(nice_top(34_375.0), 50_000.0);
/// assert_eq!(nice_top(2_000.0), 2_000.0);
/// assert_eq!(nice_top(0.0), 1.0);
/// ```
pub fn nice_top(value: f64) -> f64 {
    if !(value.is_finite() && value > 0.0) {
        return 1.0;
    }
    let power = 10f64.powf(value.log10().floor());
    [1.0, 2.0, 2.5, 5.0, 10.0]
        .iter()
        .map(|m| m * power)
        .find(|top| *top >= value * (1.0 - 1e-12))
        .unwrap_or(10.0 * power)
}

/// A size in bytes for a table: "none", "512 bytes", "262.1 kB", "2.6 MB" (decimal units).
///
/// ```
/// use ringlab_model::format::byte_size;
/// assert_eq!(byte_size(0), "none");
/// assert_eq!(byte_size(8_000), "8.0 kB");
/// assert_eq!(byte_size(65_537 * 4), "262.1 kB");
/// assert_eq!(byte_size(2_560_000), "2.6 MB");
/// ```
pub fn byte_size(value: u64) -> String {
    let v = value as f64;
    match value {
        0 => "none".into(),
        1..=999 => format!("{value} bytes"),
        1_000..=999_999 => format!("{:.1} kB", v / 1e3),
        1_000_000..=999_999_999 => format!("{:.1} MB", v / 1e6),
        _ => format!("{:.1} GB", v / 1e9),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn groups_of_three() {
        assert_eq!(grouped(0), "0");
        assert_eq!(grouped(999), "999");
        assert_eq!(grouped(1000), "1,000");
        assert_eq!(grouped(101_000), "101,000");
        assert_eq!(grouped(1_000_000), "1,000,000");
        assert_eq!(grouped(u64::MAX), "18,446,744,073,709,551,615");
    }

    #[test]
    fn sentences_start_with_a_capital() {
        assert_eq!(
            capitalized("the ring moved 8× fewer"),
            "The ring moved 8× fewer"
        );
        // ASCII only: another first letter is left as it is.
        assert_eq!(capitalized("élan"), "élan");
        assert_eq!(capitalized(""), "");
    }

    #[test]
    fn rounded_amounts_keep_their_sign() {
        assert_eq!(grouped_rounded(10_240_000_000_000.0), "10,240,000,000,000");
        assert_eq!(grouped_rounded(-1234.6), "-1,235");
        assert_eq!(grouped_rounded(-0.2), "0");
        assert_eq!(grouped_rounded(f64::NAN), "NaN");
    }

    #[test]
    fn decimals_are_grouped_too() {
        assert_eq!(grouped_decimal(65_537.0 / 10.0, 1), "6,553.7");
        assert_eq!(grouped_decimal(-1_234.56, 2), "-1,234.56");
        assert_eq!(grouped_decimal(-0.04, 1), "0.0");
        assert_eq!(grouped_decimal(999.96, 1), "1,000.0");
        assert_eq!(grouped_decimal(7.0, 0), "7");
    }

    #[test]
    fn noisy_amounts_keep_their_significant_figures() {
        assert_eq!(significant(12_345_678.9, 3), "12,300,000");
        assert_eq!(significant(9.99, 2), "10");
        assert_eq!(significant(0.031623, 2), "0.032");
        assert_eq!(significant(1_234.0, 2), "1,200");
        assert_eq!(significant(0.0, 3), "0");
        assert_eq!(significant(-45.67, 3), "-45.7");
    }

    #[test]
    fn hashes_are_sixteen_hex_digits() {
        assert_eq!(hash_hex(255), "0x00000000000000ff");
        assert_eq!(hash_hex(u64::MAX), "0xffffffffffffffff");
    }

    #[test]
    fn exact_fractions_keep_their_digits() {
        assert_eq!(percent_exact(1.0 / 16.0), "6.25%");
        assert_eq!(percent_exact(1.0 / 8.0), "12.5%");
        assert_eq!(percent_exact(0.5), "50.0%");
        assert_eq!(percent_exact(1.0 / 17.0), "5.9%");
        assert_eq!(percent_exact(1.0 / 32.0), "3.125%");
    }

    #[test]
    fn percentages() {
        assert_eq!(percent(0.125), "12.5%");
        assert_eq!(percent(0.0), "0.0%");
        assert_eq!(percent(0.00012), "0.012%");
        assert_eq!(percent(0.001), "0.100%");
        assert_eq!(percent(f64::NAN), "n/a");
    }
}
