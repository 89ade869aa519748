//! The URL kit: every kind of parameter a view keeps in the URL hash, parsed one way.
//!
//! Parsing never fails. A value that is out of range, malformed or unknown is repaired,
//! and the repair is described by one note of one shape:
//! `name=given <what is wrong>: using <what is used>`, with the given text shortened to
//! [`SHORT`] characters and quoted when it is not a plain number. Views call these
//! functions from their `from_query` and write their state back with plain `to_string`s,
//! so a repaired link reads back as a fixed point with no notes (the property test in
//! `tests/url_properties.rs` checks that for every registered view).
//!
//! | kind | function | accepts |
//! |---|---|---|
//! | whole number | [`whole`] | `12`, `1e10`, `10_000`, `10,000`; rounds `2.5` with a note |
//! | decimal | [`decimal`] | any finite number, rounded to `places` decimals |
//! | flag | [`flag`] | `1/0`, `true/false`, `on/off`, `yes/no`, a bare `name`; written `1`/`0` |
//! | one of a set | [`choice`] | one of the names given |
//! | name | [`check_name`] | at most `max` characters, no comma, control or edge space |
//! | list | [`list`] | comma-separated items, trimmed, empty ones skipped |
//! | mark | [`mark`] | a whole number on a dial of `marks` marks |

use std::fmt::Display;

/// A view's parameters, decoded, in URL order.
pub type Query = Vec<(String, String)>;

/// Longest piece of user input quoted in a note, in characters.
pub const SHORT: usize = 40;

/// At most [`SHORT`] characters of user input, with `…` when cut.
pub fn shorten(text: &str) -> String {
    if text.chars().count() <= SHORT {
        text.to_string()
    } else {
        let mut short: String = text.chars().take(SHORT).collect();
        short.push('…');
        short
    }
}

/// The given text as a note shows it: plain when it looks like a number, quoted otherwise.
pub fn given(text: &str) -> String {
    let plain = !text.is_empty()
        && text
            .chars()
            .all(|c| c.is_ascii_digit() || matches!(c, '-' | '+' | '.' | 'e' | 'E' | '_' | ','));
    if plain {
        shorten(text)
    } else {
        format!("{:?}", shorten(text))
    }
}

/// The one shape of a repair note: `name=given why: using used`.
pub fn repaired(name: &str, text: &str, why: &str, used: impl Display) -> String {
    format!("{name}={} {why}: using {used}", given(text))
}

/// One of `names`, or `None` for `none`; anything else is noted and read as `none`.
/// `what` names a list's member ("a backend").
pub fn name_or_none<'a>(
    param: &str,
    text: &str,
    mut names: impl Iterator<Item = &'a str>,
    what: &str,
    notes: &mut Vec<String>,
) -> Option<String> {
    if text == "none" {
        None
    } else if names.any(|n| n == text) {
        Some(text.into())
    } else {
        notes.push(repaired(param, text, &format!("is not {what}"), "none"));
        None
    }
}

/// The note for a parameter the view does not know.
pub fn unknown(name: &str) -> String {
    format!("unknown parameter {:?} ignored", shorten(name))
}

/// Splits `a=1&b=x%20y` into decoded pairs; a bare `flag` is `("flag", "")`, empty
/// segments are skipped.
pub fn parse_query(query: &str) -> Query {
    query
        .split('&')
        .filter(|segment| !segment.is_empty())
        .map(|segment| match segment.split_once('=') {
            Some((key, value)) => (decode(key), decode(value)),
            None => (decode(segment), String::new()),
        })
        .collect()
}

/// Joins pairs into `a=1&b=x%20y`, percent-encoding what needs it.
pub fn write_query<'a>(pairs: impl IntoIterator<Item = (&'a str, &'a str)>) -> String {
    pairs
        .into_iter()
        .map(|(key, value)| format!("{}={}", encode(key), encode(value)))
        .collect::<Vec<_>>()
        .join("&")
}

/// Percent-decoding; `+` is a space. A malformed escape is kept as it is, and bytes that
/// are not UTF-8 become U+FFFD: decoding never fails.
pub fn decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'+' => {
                out.push(b' ');
                i += 1;
            }
            b'%' => match (hex(bytes.get(i + 1)), hex(bytes.get(i + 2))) {
                (Some(high), Some(low)) => {
                    out.push(high * 16 + low);
                    i += 3;
                }
                _ => {
                    out.push(b'%');
                    i += 1;
                }
            },
            byte => {
                out.push(byte);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

fn hex(byte: Option<&u8>) -> Option<u8> {
    let byte = *byte?;
    (byte as char).to_digit(16).map(|digit| digit as u8)
}

/// Percent-encoding for a query key or value: letters, digits and `-._~,:@*!` stay as
/// they are (so lists like `a,b:11211` or `user:42@7` stay readable; a fragment may hold
/// `:` and `@` as they are), everything else is `%XX`.
pub fn encode(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for byte in text.bytes() {
        if byte.is_ascii_alphanumeric() || b"-._~,:@*!".contains(&byte) {
            out.push(byte as char);
        } else {
            out.push_str(&format!("%{byte:02X}"));
        }
    }
    out
}

/// `10_000` and `10,000` (commas in groups of three only) without their separators.
fn without_separators(text: &str) -> Option<String> {
    let text = text.replace('_', "");
    if !text.contains(',') {
        return Some(text);
    }
    let (sign, digits) = match text.strip_prefix('-') {
        Some(rest) => ("-", rest),
        None => ("", text.as_str()),
    };
    let mut groups = digits.split(',');
    let first = groups.next()?;
    let grouped = (1..=3).contains(&first.len())
        && first.chars().all(|c| c.is_ascii_digit())
        && groups.all(|g| g.len() == 3 && g.chars().all(|c| c.is_ascii_digit()));
    grouped.then(|| format!("{sign}{}", digits.replace(',', "")))
}

/// A whole number in `range`, from `12`, `1e10`, `10_000` or `10,000`. A fraction is
/// rounded, a value out of range is clamped, anything else gives `default`; each with a
/// note.
pub fn whole<T>(name: &str, text: &str, range: (T, T), default: T, notes: &mut Vec<String>) -> T
where
    T: Copy + Display + Into<i128> + TryFrom<i128>,
{
    let raw = text.trim();
    let (lo, hi): (i128, i128) = (range.0.into(), range.1.into());
    let clean = without_separators(raw);
    let digits = |s: &str| {
        let s = s.strip_prefix('-').unwrap_or(s);
        !s.is_empty() && s.chars().all(|c| c.is_ascii_digit())
    };
    let value: i128 = match clean.as_deref() {
        Some(s) if digits(s) => match s.parse::<i128>() {
            Ok(v) => v,
            // Longer than any i128: beyond the range on its side.
            Err(_) if s.starts_with('-') => i128::MIN,
            Err(_) => i128::MAX,
        },
        Some(s) => match s.parse::<f64>() {
            Ok(f) if f.is_finite() => {
                let rounded = f.round().clamp(i128::MIN as f64, i128::MAX as f64) as i128;
                if f.fract() != 0.0 {
                    let used = rounded.clamp(lo, hi);
                    notes.push(repaired(name, raw, "is not a whole number", used));
                    return narrow(used, default);
                }
                rounded
            }
            _ => {
                notes.push(repaired(name, raw, "is not a number", default));
                return default;
            }
        },
        None => {
            notes.push(repaired(name, raw, "is not a number", default));
            return default;
        }
    };
    if value < lo {
        notes.push(repaired(
            name,
            raw,
            &format!("is below {}", range.0),
            range.0,
        ));
        range.0
    } else if value > hi {
        notes.push(repaired(
            name,
            raw,
            &format!("is above {}", range.1),
            range.1,
        ));
        range.1
    } else {
        narrow(value, default)
    }
}

fn narrow<T: TryFrom<i128>>(value: i128, default: T) -> T {
    T::try_from(value).unwrap_or(default)
}

/// A number without a trailing `.0`, as decimals are written back.
pub fn decimal_text(value: f64) -> String {
    format!("{value}")
}

/// A finite decimal in `range`, rounded to `places` decimals; out of range is clamped,
/// anything else gives `default`; each with a note.
pub fn decimal(
    name: &str,
    text: &str,
    range: (f64, f64),
    places: i32,
    default: f64,
    notes: &mut Vec<String>,
) -> f64 {
    let raw = text.trim();
    let parsed = without_separators(raw).and_then(|s| s.parse::<f64>().ok());
    let Some(value) = parsed else {
        notes.push(repaired(
            name,
            raw,
            "is not a number",
            decimal_text(default),
        ));
        return default;
    };
    if !value.is_finite() {
        let why = "is not a finite number";
        notes.push(repaired(name, raw, why, decimal_text(default)));
        return default;
    }
    let scale = 10f64.powi(places);
    let rounded = (value * scale).round() / scale;
    if rounded < range.0 {
        let why = format!("is below {}", decimal_text(range.0));
        notes.push(repaired(name, raw, &why, decimal_text(range.0)));
        range.0
    } else if rounded > range.1 {
        let why = format!("is above {}", decimal_text(range.1));
        notes.push(repaired(name, raw, &why, decimal_text(range.1)));
        range.1
    } else {
        rounded
    }
}

/// An on/off flag: `1`, `true`, `on`, `yes` or a bare `name` are on; `0`, `false`, `off`,
/// `no` are off; anything else gives `default` with a note.
pub fn flag(name: &str, text: &str, default: bool, notes: &mut Vec<String>) -> bool {
    match text.trim().to_ascii_lowercase().as_str() {
        "" | "1" | "true" | "on" | "yes" => true,
        "0" | "false" | "off" | "no" => false,
        _ => {
            notes.push(repaired(name, text, "is not 1 or 0", flag_text(default)));
            default
        }
    }
}

/// The one spelling a flag is written back in.
pub fn flag_text(on: bool) -> &'static str {
    if on {
        "1"
    } else {
        "0"
    }
}

/// One of `options` (name, value) by its name; anything else gives `default` with a
/// note listing the names.
pub fn choice<T: Copy + PartialEq>(
    name: &str,
    text: &str,
    options: &[(&str, T)],
    default: T,
    notes: &mut Vec<String>,
) -> T {
    let text = text.trim();
    if let Some(&(_, value)) = options.iter().find(|(n, _)| *n == text) {
        return value;
    }
    let names: Vec<&str> = options.iter().map(|(n, _)| *n).collect();
    let used = options
        .iter()
        .find(|(_, v)| *v == default)
        .map_or("the default", |(n, _)| n);
    let why = format!("is not one of {}", names.join(", "));
    notes.push(repaired(name, text, &why, used));
    default
}

/// Comma-separated items, trimmed, empty ones skipped.
pub fn list(text: &str) -> impl Iterator<Item = &str> {
    text.split(',')
        .map(str::trim)
        .filter(|item| !item.is_empty())
}

/// Why a name (a server, a key, a rack label) is refused, if it is: empty, longer than
/// `max` characters, holding a comma or a control character, or starting or ending with a
/// space.
pub fn check_name(text: &str, max: usize) -> Result<(), String> {
    if text.is_empty() {
        return Err("a name cannot be empty".into());
    }
    if text.chars().count() > max {
        return Err(format!("a name has at most {max} characters"));
    }
    if text.contains(',') || text.chars().any(char::is_control) {
        return Err("a name cannot contain a comma or control characters".into());
    }
    if text.trim() != text {
        return Err("a name cannot start or end with a space".into());
    }
    Ok(())
}

/// A mark on a dial of `marks` marks (0 to `marks - 1`), typed or linked: a whole number,
/// clamped. `None` (with a note) for text that is not a number at all. `what` names the
/// item the mark belongs to, as in `server "A"`.
pub fn mark(what: &str, text: &str, marks: u32, notes: &mut Vec<String>) -> Option<u32> {
    let text = text.trim();
    let top = marks.saturating_sub(1);
    match text.parse::<i64>() {
        Ok(v) if v < 0 => {
            notes.push(format!("{what}: mark {v} is below 0: using 0"));
            Some(0)
        }
        Ok(v) if v > top as i64 => {
            notes.push(format!("{what}: mark {v} is above {top}: using {top}"));
            Some(top)
        }
        Ok(v) => Some(v as u32),
        Err(_) => match text.parse::<f64>() {
            Ok(f) if f.is_finite() => {
                let rounded = f.round().clamp(0.0, top as f64) as u32;
                notes.push(format!(
                    "{what}: mark {} is not a whole number from 0 to {top}: using {rounded}",
                    shorten(text)
                ));
                Some(rounded)
            }
            _ => {
                notes.push(format!("{what}: mark {:?} is not a number", shorten(text)));
                None
            }
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn whole_numbers_are_clamped_into_range_with_a_note() {
        let mut notes = Vec::new();
        assert_eq!(whole("keys", " 12 ", (1u32, 100), 8, &mut notes), 12);
        assert!(notes.is_empty());
        assert_eq!(whole("keys", "0", (1u32, 100), 8, &mut notes), 1);
        assert_eq!(whole("keys", "101", (1u32, 100), 8, &mut notes), 100);
        // Too long for any type, or negative for an unsigned one: still out of range.
        let huge = "9".repeat(60);
        assert_eq!(whole("keys", &huge, (1u32, 100), 8, &mut notes), 100);
        assert_eq!(whole("keys", "-4", (1u32, 100), 8, &mut notes), 1);
        assert_eq!(whole("keys", "x", (1u32, 100), 8, &mut notes), 8);
        assert_eq!(notes.len(), 5, "{notes:?}");
        assert_eq!(notes[0], "keys=0 is below 1: using 1");
        assert_eq!(notes[1], "keys=101 is above 100: using 100");
        assert!(notes[2].starts_with("keys=9999") && notes[2].contains('…'));
        assert_eq!(notes[4], "keys=\"x\" is not a number: using 8");
    }

    #[test]
    fn whole_numbers_may_be_written_as_people_write_them() {
        let mut notes = Vec::new();
        let range = (0u64, u64::MAX);
        assert_eq!(whole("n", "1e10", range, 0, &mut notes), 10_000_000_000);
        assert_eq!(whole("n", "10_000", range, 0, &mut notes), 10_000);
        assert_eq!(whole("n", "10,000", range, 0, &mut notes), 10_000);
        assert_eq!(whole("n", "1,234,567", range, 0, &mut notes), 1_234_567);
        assert!(notes.is_empty(), "{notes:?}");
        assert_eq!(whole("n", "1,5", range, 0, &mut notes), 0);
        assert_eq!(whole("n", "2.5", range, 0, &mut notes), 3);
        assert_eq!(
            notes,
            [
                "n=1,5 is not a number: using 0",
                "n=2.5 is not a whole number: using 3"
            ]
        );
    }

    #[test]
    fn decimals_are_rounded_and_clamped() {
        let mut notes = Vec::new();
        assert_eq!(decimal("g", "2.345", (0.1, 10.0), 2, 1.0, &mut notes), 2.35);
        assert_eq!(decimal("g", "0", (0.1, 10.0), 2, 1.0, &mut notes), 0.1);
        assert_eq!(decimal("g", "inf", (0.1, 10.0), 2, 1.0, &mut notes), 1.0);
        assert_eq!(decimal("g", "abc", (0.1, 10.0), 2, 1.0, &mut notes), 1.0);
        assert_eq!(notes[0], "g=0 is below 0.1: using 0.1");
        assert_eq!(notes[2], "g=\"abc\" is not a number: using 1");
    }

    #[test]
    fn flags_have_many_spellings_and_one_written_form() {
        let mut notes = Vec::new();
        for on in ["1", "true", "on", "yes", "", "TRUE"] {
            assert!(flag("f", on, false, &mut notes), "{on}");
        }
        for off in ["0", "false", "off", "no"] {
            assert!(!flag("f", off, true, &mut notes), "{off}");
        }
        assert!(notes.is_empty());
        assert!(!flag("f", "maybe", false, &mut notes));
        assert_eq!(notes, ["f=\"maybe\" is not 1 or 0: using 0"]);
        assert_eq!(flag_text(true), "1");
    }

    #[test]
    fn choices_name_the_options() {
        let mut notes = Vec::new();
        let options = [("ring", 1), ("ketama", 2)];
        assert_eq!(choice("scheme", "ketama", &options, 1, &mut notes), 2);
        assert_eq!(choice("scheme", "x", &options, 1, &mut notes), 1);
        assert_eq!(
            notes,
            ["scheme=\"x\" is not one of ring, ketama: using ring"]
        );
    }

    #[test]
    fn names_are_checked() {
        assert!(check_name("A", 40).is_ok());
        assert!(check_name("", 40).is_err());
        assert!(check_name("a,b", 40).is_err());
        assert!(check_name(" a", 40).is_err());
        assert!(check_name(&"x".repeat(41), 40).is_err());
    }

    #[test]
    fn marks_are_clamped_to_the_dial() {
        let mut notes = Vec::new();
        assert_eq!(mark("key", "120", 100, &mut notes), Some(99));
        assert_eq!(mark("key", "-3", 100, &mut notes), Some(0));
        assert_eq!(mark("key", "x", 100, &mut notes), None);
        assert_eq!(notes[0], "key: mark 120 is above 99: using 99");
    }

    #[test]
    fn long_input_is_shortened_and_quoted() {
        let note = repaired("servers", &"<".repeat(500), "is not a list", 4);
        assert!(note.chars().count() < 80, "{note}");
        assert!(note.contains('…'));
        assert_eq!(unknown("bogus"), "unknown parameter \"bogus\" ignored");
    }

    #[test]
    fn decoding_never_fails() {
        assert_eq!(decode("a%20b+c"), "a b c");
        assert_eq!(decode("100%"), "100%");
        assert_eq!(decode("%zz%4"), "%zz%4");
        assert_eq!(decode("%E2%9C%93"), "✓");
        assert_eq!(decode("%FF"), "\u{FFFD}");
        assert_eq!(decode("%3Cimg%20src%3Dx%3E"), "<img src=x>");
    }

    #[test]
    fn encoding_keeps_server_lists_readable() {
        assert_eq!(encode("a,b:11211"), "a,b:11211");
        assert_eq!(encode("user:42@7"), "user:42@7");
        assert_eq!(encode("a b&c=d#e%f+g"), "a%20b%26c%3Dd%23e%25f%2Bg");
        assert_eq!(encode("✓"), "%E2%9C%93");
    }
}
