//! Where keys come from, and the parsing of the numbers and lists the commands take.

use std::io::{BufRead, Write};

use crate::args::KeyFormat;
use crate::limits::{shorten, MAX_KEY_BYTES, MAX_LIST_ITEMS};
use crate::CliError;

/// Calls `each` with the keys of a command: its arguments, or else standard input one per
/// line (with `-0`, one per NUL-terminated record), read as they come (a command in a pipe
/// answers line by line, and input larger than memory is fine). Lines are split on `\n`
/// only and kept byte for byte, so an empty line is the empty key; a line longer than
/// [`MAX_KEY_BYTES`] is refused. With `--hex` every key is written in hex and decoded.
pub fn each_key(
    arguments: &[String],
    format: KeyFormat,
    stdin: &mut dyn BufRead,
    each: &mut dyn FnMut(&[u8]) -> Result<(), CliError>,
) -> Result<(), CliError> {
    each_key_within(
        MAX_KEY_BYTES,
        arguments,
        format,
        stdin,
        each,
        &mut || Ok(()),
    )
}

/// What takes a batch of keys.
pub type Batch<'a> = dyn FnMut(&[Vec<u8>]) -> Result<(), CliError> + 'a;

/// Keys handed over at most this many at a time.
pub const BATCH: usize = 4096;

/// [`each_key`], with the keys handed over in batches for lookups that place many keys at
/// once: a batch ends after [`BATCH`] keys, or where standard input has nothing more
/// ready, so a command in a pipe still answers each line as it comes.
pub fn each_batch(
    arguments: &[String],
    format: KeyFormat,
    stdin: &mut dyn BufRead,
    batch: &mut Batch<'_>,
) -> Result<(), CliError> {
    let pending = std::cell::RefCell::new(Vec::<Vec<u8>>::new());
    let batch = std::cell::RefCell::new(batch);
    let flush = || -> Result<(), CliError> {
        let mut keys = pending.borrow_mut();
        if !keys.is_empty() {
            (batch.borrow_mut())(&keys)?;
            keys.clear();
        }
        Ok(())
    };
    each_key_within(
        MAX_KEY_BYTES,
        arguments,
        format,
        stdin,
        &mut |key| {
            pending.borrow_mut().push(key.to_vec());
            if pending.borrow().len() >= BATCH {
                flush()?;
            }
            Ok(())
        },
        &mut || flush(),
    )?;
    flush()
}

/// Reads the keys; `idle` is called whenever standard input's buffer has been used up,
/// before a read that may wait.
fn each_key_within(
    max_key_bytes: usize,
    arguments: &[String],
    format: KeyFormat,
    stdin: &mut dyn BufRead,
    each: &mut dyn FnMut(&[u8]) -> Result<(), CliError>,
    idle: &mut dyn FnMut() -> Result<(), CliError>,
) -> Result<(), CliError> {
    let mut decoded = Vec::new();
    let mut give = |key: &[u8], what: &dyn Fn() -> String| -> Result<(), CliError> {
        if !format.hex {
            return each(key);
        }
        decode_hex(key, &mut decoded).map_err(|why| CliError::new(format!("{} {why}", what())))?;
        each(&decoded)
    };
    if !arguments.is_empty() {
        for (number, key) in arguments.iter().enumerate() {
            give(key.as_bytes(), &|| format!("key {}", number + 1))?;
        }
        return Ok(());
    }
    let (end, unit) = if format.null {
        (b'\0', "record")
    } else {
        (b'\n', "line")
    };
    let too_long = |number: u64| {
        CliError::new(format!(
            "{unit} {number} of standard input is longer than {}; a key is one {unit}",
            bytes(max_key_bytes)
        ))
    };
    // The record read so far, and its number.
    let mut line = Vec::new();
    let mut number = 1u64;
    loop {
        let buffer = stdin
            .fill_buf()
            .map_err(|e| CliError::new(format!("cannot read standard input: {e}")))?;
        if buffer.is_empty() {
            // The end: a last record without its terminator is a record too.
            if !line.is_empty() {
                give(&line, &|| format!("{unit} {number} of standard input"))?;
            }
            return Ok(());
        }
        let mut rest = buffer;
        while let Some(at) = rest.iter().position(|&b| b == end) {
            line.extend_from_slice(&rest[..at]);
            if line.len() > max_key_bytes {
                return Err(too_long(number));
            }
            give(&line, &|| format!("{unit} {number} of standard input"))?;
            line.clear();
            number += 1;
            rest = &rest[at + 1..];
        }
        line.extend_from_slice(rest);
        if line.len() > max_key_bytes {
            return Err(too_long(number));
        }
        let used = buffer.len();
        stdin.consume(used);
        idle()?;
    }
}

/// Decodes hex text (either case, whole bytes) into `out`.
fn decode_hex(text: &[u8], out: &mut Vec<u8>) -> Result<(), String> {
    out.clear();
    if text.len() % 2 == 1 {
        return Err("is not hex: it has an odd number of digits".to_string());
    }
    for pair in text.chunks_exact(2) {
        let digit = |d: u8| (d as char).to_digit(16);
        match (digit(pair[0]), digit(pair[1])) {
            (Some(high), Some(low)) => out.push((high * 16 + low) as u8),
            _ => {
                return Err(format!(
                    "is not hex: {} is not a hex digit pair",
                    shorten(&String::from_utf8_lossy(pair))
                ))
            }
        }
    }
    Ok(())
}

/// Writes one answer: the key (in hex with `--hex`), a tab, the answer, and the record's
/// end (NUL with `-0`, else a newline).
pub fn write_record(
    out: &mut dyn Write,
    key: &[u8],
    answer: &str,
    format: KeyFormat,
) -> Result<(), CliError> {
    if format.hex {
        for b in key {
            write!(out, "{b:02x}")?;
        }
    } else {
        out.write_all(key)?;
    }
    out.write_all(b"\t")?;
    out.write_all(answer.as_bytes())?;
    out.write_all(if format.null { b"\0" } else { b"\n" })?;
    Ok(())
}

/// A size as "64 MiB" or "100 bytes".
fn bytes(n: usize) -> String {
    if n >= 1 << 20 && n % (1 << 20) == 0 {
        format!("{} MiB", n >> 20)
    } else {
        format!("{n} bytes")
    }
}

/// An unsigned 64-bit integer, decimal or 0x-hexadecimal.
pub fn parse_u64(text: &str, what: &str) -> Result<u64, CliError> {
    let trimmed = text.trim();
    let parsed = match trimmed
        .strip_prefix("0x")
        .or_else(|| trimmed.strip_prefix("0X"))
    {
        Some(hex) => u64::from_str_radix(hex, 16),
        None => trimmed.parse::<u64>(),
    };
    parsed.map_err(|_| {
        CliError::new(format!(
            "{what} {} is not an unsigned 64-bit integer",
            shorten(text)
        ))
    })
}

/// A comma-separated list of whole numbers from 1 to `max`, at most [`MAX_LIST_ITEMS`] of
/// them. `...` continues the pattern of the numbers before it up to the number after it,
/// which must be on the pattern: `1,2,4,...,1024` doubles and `10,20,...,50` steps by ten.
pub fn parse_counts(text: &str, what: &str, max: u64) -> Result<Vec<u64>, CliError> {
    let items: Vec<&str> = text.split(',').map(str::trim).collect();
    let mut counts: Vec<u64> = Vec::new();
    let mut at = 0;
    while let Some(&item) = items.get(at) {
        if item == "..." {
            let end = items
                .get(at + 1)
                .ok_or_else(|| CliError::new(format!("{what}: a list cannot end with ...")))?;
            let end = parse_count(end, what, max)?;
            continue_pattern(&mut counts, end, what)?;
            at += 2;
        } else {
            let value = parse_count(item, what, max)?;
            if counts.last() != Some(&value) {
                push(&mut counts, value, what)?;
            }
            at += 1;
        }
    }
    if counts.is_empty() {
        return Err(CliError::new(format!("{what}: the list is empty")));
    }
    Ok(counts)
}

fn parse_count(text: &str, what: &str, max: u64) -> Result<u64, CliError> {
    match text.parse::<u64>() {
        Ok(value) if (1..=max).contains(&value) => Ok(value),
        _ => Err(CliError::new(format!(
            "{what}: {} is not a whole number from 1 to {max}",
            shorten(text)
        ))),
    }
}

fn push(counts: &mut Vec<u64>, value: u64, what: &str) -> Result<(), CliError> {
    if counts.len() >= MAX_LIST_ITEMS {
        return Err(CliError::new(format!(
            "{what}: the list would hold more than {MAX_LIST_ITEMS} numbers"
        )));
    }
    counts.push(value);
    Ok(())
}

/// How a `...` goes on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Step {
    Add(u64),
    Times(u64),
}

impl Step {
    fn next(self, x: u64) -> Option<u64> {
        match self {
            Step::Add(d) => x.checked_add(d),
            Step::Times(r) => x.checked_mul(r),
        }
    }

    /// Whether going on from `from` reaches `end` exactly.
    fn lands(self, from: u64, end: u64) -> bool {
        match self {
            Step::Add(d) => end >= from && (end - from) % d == 0,
            Step::Times(_) => {
                let mut x = from;
                // At most 64 steps: each at least doubles.
                while let Some(n) = self.next(x).filter(|&n| n <= end) {
                    if n == end {
                        return true;
                    }
                    x = n;
                }
                false
            }
        }
    }
}

/// Extends `counts` up to and including `end`. The last two numbers before the `...` set
/// the step: adding their difference or multiplying by their ratio. When a third before
/// them already added or multiplied, that decides (`1,2,4,...` doubles, `1,2,3,...` adds
/// one); otherwise the list multiplies when that lands on `end`, and adds when not.
/// Either way `end` must be on the pattern: `2,4,...,3` is an error, not 2, 4, 3.
fn continue_pattern(counts: &mut Vec<u64>, end: u64, what: &str) -> Result<(), CliError> {
    let [.., a, b] = counts[..] else {
        return Err(CliError::new(format!(
            "{what}: ... needs two numbers before it to show the pattern"
        )));
    };
    if b <= a {
        return Err(CliError::new(format!(
            "{what}: ... needs an increasing list ({a}, {b} is not)"
        )));
    }
    if end <= b {
        return Err(CliError::new(format!(
            "{what}: the number after ... ({end}) must be larger than the one before it ({b})"
        )));
    }
    let add = Step::Add(b - a);
    let times = (b % a == 0).then_some(Step::Times(b / a));
    let before = match counts[..] {
        [.., z, _, _] => Some(z),
        _ => None,
    };
    let (step, rule) = match (before, times) {
        (Some(z), _) if z < a && a - z == b - a => (add, format!("adding {}", b - a)),
        (Some(z), Some(times)) if z.checked_mul(b / a) == Some(a) => {
            (times, format!("multiplying by {}", b / a))
        }
        (_, Some(times)) if times.lands(b, end) => (times, String::new()),
        (_, Some(_)) => (add, format!("adding {} or multiplying by {}", b - a, b / a)),
        (_, None) => (add, format!("adding {}", b - a)),
    };
    if !step.lands(b, end) {
        return Err(CliError::new(format!(
            "{what}: {end} is not on the pattern {a}, {b}, ... ({rule} each time)"
        )));
    }
    let mut x = b;
    while x != end {
        x = step.next(x).unwrap_or(end);
        push(counts, x, what)?;
    }
    Ok(())
}

/// A comma-separated `name[=weight]` list as (name, weight text) pairs, trimmed, the weight
/// "1" when absent; an empty name is refused. Each system parses its own weights.
pub fn name_weight_pairs(list: &str) -> Result<Vec<(&str, &str)>, CliError> {
    list.split(',')
        .map(str::trim)
        .map(|item| {
            let (name, weight) = match item.rsplit_once('=') {
                Some((name, weight)) => (name.trim(), weight.trim()),
                None => (item, "1"),
            };
            if name.is_empty() {
                return Err(CliError::new("a server has an empty name"));
            }
            Ok((name, weight))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn ellipsis_doubles_or_steps() {
        assert_eq!(
            parse_counts("1,2,4,...,1024", "points", 1 << 20).unwrap(),
            vec![1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024]
        );
        assert_eq!(
            parse_counts("10,20,...,50", "n", 100).unwrap(),
            vec![10, 20, 30, 40, 50]
        );
        assert_eq!(
            parse_counts("10,100,1000", "n", 10_000).unwrap(),
            vec![10, 100, 1000]
        );
        assert_eq!(
            parse_counts("1,2,3,...,6", "n", 10).unwrap(),
            vec![1, 2, 3, 4, 5, 6]
        );
        assert_eq!(
            parse_counts("1,10,...,1000", "n", 1000).unwrap(),
            vec![1, 10, 100, 1000]
        );
    }

    #[test]
    fn bad_lists_are_refused() {
        assert!(parse_counts("", "n", 10).is_err());
        assert!(parse_counts("0", "n", 10).is_err());
        assert!(parse_counts("1,...", "n", 10).is_err());
        assert!(parse_counts("...,8", "n", 10).is_err());
        assert!(parse_counts("4,2,...,1", "n", 10).is_err());
        assert!(parse_counts("11", "n", 10).is_err());
    }

    fn keys(arguments: &[String], mut input: &[u8]) -> Result<Vec<Vec<u8>>, CliError> {
        let mut keys = Vec::new();
        each_key(arguments, KeyFormat::default(), &mut input, &mut |key| {
            keys.push(key.to_vec());
            Ok(())
        })?;
        Ok(keys)
    }

    #[test]
    fn stdin_keys_keep_empty_lines() {
        assert_eq!(
            keys(&[], b"a\n\nb\n").unwrap(),
            vec![b"a".to_vec(), vec![], b"b".to_vec()]
        );
        assert_eq!(
            keys(&[], b"a\nb").unwrap(),
            vec![b"a".to_vec(), b"b".to_vec()]
        );
        assert_eq!(keys(&[], b"\n").unwrap(), vec![Vec::<u8>::new()]);
        assert!(keys(&[], b"").unwrap().is_empty());
        assert_eq!(keys(&["x".into()], b"a\n").unwrap(), vec![b"x".to_vec()]);
    }

    /// Batches end where the input has nothing more ready: a reader that hands over one
    /// line at a time (a command answering a pipe) gets an answer for each line before the
    /// next is read.
    #[test]
    fn batches_end_where_the_input_waits() {
        struct Trickle(Vec<&'static [u8]>);
        impl std::io::Read for Trickle {
            fn read(&mut self, out: &mut [u8]) -> std::io::Result<usize> {
                unreachable!("read through fill_buf: {}", out.len())
            }
        }
        impl BufRead for Trickle {
            fn fill_buf(&mut self) -> std::io::Result<&[u8]> {
                Ok(self.0.first().copied().unwrap_or(b""))
            }
            fn consume(&mut self, used: usize) {
                assert_eq!(used, self.0[0].len());
                self.0.remove(0);
            }
        }
        let mut input = Trickle(vec![b"a\nb", b"c\n", b"d\n\ne\n", b"f"]);
        let mut batches = Vec::new();
        each_batch(&[], KeyFormat::default(), &mut input, &mut |keys| {
            batches.push(
                keys.iter()
                    .map(|k| String::from_utf8(k.clone()).unwrap())
                    .collect::<Vec<_>>(),
            );
            Ok(())
        })
        .unwrap();
        assert_eq!(
            batches,
            [vec!["a"], vec!["bc"], vec!["d", "", "e"], vec!["f"]]
        );
    }

    #[test]
    fn a_line_longer_than_the_limit_is_refused() {
        let within = |mut input: &[u8]| {
            let mut keys = Vec::new();
            each_key_within(
                100,
                &[],
                KeyFormat::default(),
                &mut input,
                &mut |key| {
                    keys.push(key.len());
                    Ok(())
                },
                &mut || Ok(()),
            )
            .map(|()| keys)
        };
        let mut long = vec![b'k'; 100];
        assert_eq!(within(&long).unwrap(), vec![100]);
        long.push(b'\n');
        assert_eq!(within(&long).unwrap(), vec![100]);
        long.insert(0, b'k');
        let Err(CliError::Message(m)) = within(&long) else {
            panic!("a 101-byte line passed")
        };
        assert_eq!(
            m,
            "line 1 of standard input is longer than 100 bytes; a key is one line"
        );
        assert_eq!(bytes(MAX_KEY_BYTES), "64 MiB");
    }

    #[test]
    fn an_end_off_the_pattern_is_refused() {
        for bad in [
            "2,4,...,3",
            "2,4,...,7",
            "1,2,4,...,1000",
            "10,20,...,55",
            "3,5,...,4",
            "1,2,...,...,8",
            "1,2,...,100000",
        ] {
            assert!(parse_counts(bad, "n", 1 << 20).is_err(), "{bad}");
        }
        assert_eq!(
            parse_counts("2,4,...,10,20,...,50", "n", 100).unwrap(),
            vec![2, 4, 6, 8, 10, 20, 30, 40, 50]
        );
        assert_eq!(
            parse_counts("1,5,6,...,8", "n", 100).unwrap(),
            vec![1, 5, 6, 7, 8]
        );
        assert_eq!(
            parse_counts("3,9,...,81", "n", 100).unwrap(),
            vec![3, 9, 27, 81]
        );
    }

    proptest! {
        /// Any text: no panic, and a list only of numbers from 1 to max, at most
        /// MAX_LIST_ITEMS of them; without `...`, exactly the numbers written, in order (a
        /// number written twice in a row once). A third of the texts are plain lists, so
        /// lists are read, not only refused.
        #[test]
        fn lists_stay_within_bounds(
            text in prop_oneof![
                "[0-9,. ]{0,60}",
                "\\PC{0,40}",
                prop::collection::vec(1..300u64, 1..12).prop_map(|v| {
                    v.iter().map(u64::to_string).collect::<Vec<_>>().join(", ")
                }),
            ],
            max in 1..200_000u64,
        ) {
            if let Ok(counts) = parse_counts(&text, "n", max) {
                prop_assert!(!counts.is_empty() && counts.len() <= MAX_LIST_ITEMS);
                prop_assert!(counts.iter().all(|&c| (1..=max).contains(&c)));
                if !text.contains("...") {
                    let mut written: Vec<u64> =
                        text.split(',').map(|w| w.trim().parse().unwrap()).collect();
                    written.dedup();
                    prop_assert_eq!(counts, written);
                }
            }
        }

        /// Numbers from 1 to max with blanks around the commas: read, exactly those numbers;
        /// one past max anywhere, or a zero, and the list is refused.
        #[test]
        fn plain_lists_are_read_and_numbers_out_of_range_refused(
            numbers in prop::collection::vec((1..200_000u64, " {0,2}", " {0,2}"), 1..MAX_LIST_ITEMS),
            headroom in 0..1000u64,
            at in any::<prop::sample::Index>(),
        ) {
            let max = numbers.iter().map(|(n, _, _)| *n).max().unwrap() + headroom;
            let items: Vec<String> =
                numbers.iter().map(|(n, before, after)| format!("{before}{n}{after}")).collect();
            let mut expected: Vec<u64> = numbers.iter().map(|(n, _, _)| *n).collect();
            expected.dedup();
            prop_assert_eq!(parse_counts(&items.join(","), "n", max).ok(), Some(expected));
            for bad in [max + 1, 0] {
                let mut items = items.clone();
                items[at.index(numbers.len())] = bad.to_string();
                prop_assert!(parse_counts(&items.join(","), "n", max).is_err(), "{}", bad);
            }
        }

        /// Three numbers fix an arithmetic pattern; the end must be on it.
        #[test]
        fn arithmetic_ends_must_be_on_the_pattern(
            a in 1..1000u64, d in 1..1000u64, k in 2..2000u64, off in 0..1000u64,
        ) {
            let end = a + k * d + off % d;
            let text = format!("{a},{},{},...,{end}", a + d, a + 2 * d);
            let parsed = parse_counts(&text, "n", u64::MAX);
            if off % d != 0 {
                prop_assert!(parsed.is_err(), "{}", text);
            } else if k as usize + 1 > MAX_LIST_ITEMS {
                prop_assert!(parsed.is_err(), "{}", text);
            } else {
                let expected: Vec<u64> = (0..=k).map(|i| a + i * d).collect();
                prop_assert_eq!(parsed.ok(), Some(expected));
            }
        }

        /// Two numbers whose ratio is whole multiply when that lands on the end.
        #[test]
        fn geometric_ends_must_be_on_the_pattern(
            a in 1..100u64, r in 2..10u64, k in 2..12u32, off in 0..3u64,
        ) {
            let end = a * r.pow(k) + off;
            let text = format!("{a},{},...,{end}", a * r);
            let parsed = parse_counts(&text, "n", u64::MAX);
            let expected: Vec<u64> = (0..=k).map(|i| a * r.pow(i)).collect();
            if off == 0 {
                prop_assert_eq!(parsed.ok(), Some(expected));
            } else if (end - a * r) % (a * r - a) != 0 {
                // Off the doubling and off the steps of r*a - a.
                prop_assert!(parsed.is_err(), "{}", text);
            }
        }

        /// Standard input's lines are the keys, byte for byte.
        #[test]
        fn stdin_lines_are_the_keys(lines in prop::collection::vec(prop::collection::vec(any::<u8>().prop_filter("no newline", |&b| b != b'\n'), 0..20), 0..20)) {
            let mut text = lines.join(&b'\n');
            if !lines.is_empty() {
                text.push(b'\n');
            }
            let got = keys(&[], &text).unwrap();
            prop_assert_eq!(got, lines);
        }
    }

    #[test]
    fn u64_in_decimal_and_hex() {
        assert_eq!(parse_u64("0xDEAD10CC", "key").unwrap(), 0xDEAD10CC);
        assert_eq!(parse_u64("18446744073709551615", "key").unwrap(), u64::MAX);
        assert!(parse_u64("18446744073709551616", "key").is_err());
        assert!(parse_u64("-1", "key").is_err());
    }
}
