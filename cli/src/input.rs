//! Where keys come from, and the parsing of the numbers and lists the commands take.

use std::io::BufRead;

use crate::CliError;

/// The keys of a command: its arguments, or else standard input one per line. Lines are
/// split on `\n` only and kept byte for byte, so an empty line is the empty key.
pub fn keys(arguments: &[String], stdin: &mut dyn BufRead) -> Result<Vec<Vec<u8>>, CliError> {
    if !arguments.is_empty() {
        return Ok(arguments.iter().map(|k| k.as_bytes().to_vec()).collect());
    }
    let mut keys = Vec::new();
    for line in stdin.split(b'\n') {
        keys.push(line.map_err(|e| CliError(format!("cannot read standard input: {e}")))?);
    }
    Ok(keys)
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
    parsed.map_err(|_| CliError(format!("{what} {text:?} is not an unsigned 64-bit integer")))
}

/// A comma-separated list of positive whole numbers. `...` continues the pattern of the
/// numbers before it, up to the number after it: `1,2,4,...,1024` doubles and
/// `10,20,...,50` steps by ten.
pub fn parse_counts(text: &str, what: &str, max: u64) -> Result<Vec<u64>, CliError> {
    let items: Vec<&str> = text.split(',').map(str::trim).collect();
    let mut counts: Vec<u64> = Vec::new();
    for (i, item) in items.iter().enumerate() {
        if *item == "..." {
            let end = items
                .get(i + 1)
                .ok_or_else(|| CliError(format!("{what}: a list cannot end with ...")))?;
            let end = parse_count(end, what, max)?;
            continue_pattern(&mut counts, end, what)?;
        } else {
            let value = parse_count(item, what, max)?;
            if counts.last() != Some(&value) {
                counts.push(value);
            }
        }
    }
    if counts.is_empty() {
        return Err(CliError(format!("{what}: the list is empty")));
    }
    Ok(counts)
}

fn parse_count(text: &str, what: &str, max: u64) -> Result<u64, CliError> {
    match text.parse::<u64>() {
        Ok(value) if (1..=max).contains(&value) => Ok(value),
        _ => Err(CliError(format!(
            "{what}: {text:?} is not a whole number from 1 to {max}"
        ))),
    }
}

/// Extends `counts` (which holds at least two numbers) up to `end`; `end` itself is
/// pushed by the caller. Three numbers before the `...` fix the pattern; with two, the
/// list doubles (or triples...) when that reaches `end` exactly, and steps evenly otherwise.
fn continue_pattern(counts: &mut Vec<u64>, end: u64, what: &str) -> Result<(), CliError> {
    let [.., a, b] = counts[..] else {
        return Err(CliError(format!(
            "{what}: ... needs two numbers before it to show the pattern"
        )));
    };
    if b <= a {
        return Err(CliError(format!("{what}: ... needs an increasing list")));
    }
    let geometric_step = |x: u64| (b % a == 0).then(|| x.checked_mul(b / a)).flatten();
    let arithmetic_step = |x: u64| x.checked_add(b - a);
    let geometric = match counts[..] {
        [.., z, a2, b2] if b2 - a2 == a2 - z => false,
        [.., _, _, _] => true,
        _ => {
            let mut x = b;
            while let Some(n) = geometric_step(x).filter(|&n| n < end) {
                x = n;
            }
            geometric_step(x) == Some(end)
        }
    };
    let step = |x: u64| {
        if geometric {
            geometric_step(x)
        } else {
            arithmetic_step(x)
        }
    };
    let mut x = b;
    while let Some(n) = step(x).filter(|&n| n < end) {
        counts.push(n);
        x = n;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

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

    #[test]
    fn stdin_keys_keep_empty_lines() {
        let mut input: &[u8] = b"a\n\nb\n";
        assert_eq!(
            keys(&[], &mut input).unwrap(),
            vec![b"a".to_vec(), vec![], b"b".to_vec()]
        );
    }

    #[test]
    fn u64_in_decimal_and_hex() {
        assert_eq!(parse_u64("0xDEAD10CC", "key").unwrap(), 0xDEAD10CC);
        assert_eq!(parse_u64("18446744073709551615", "key").unwrap(), u64::MAX);
        assert!(parse_u64("18446744073709551616", "key").is_err());
        assert!(parse_u64("-1", "key").is_err());
    }
}
