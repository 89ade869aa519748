//! Request traces: the Mooncake JSONL format, one request per line, read with a clear
//! error for any line that is not one.
//!
//! A line is `{"timestamp": ms, "input_length": tokens, "output_length": tokens,
//! "hash_ids": [block, ...]}`, where `hash_ids` name the prompt's 512-token blocks in
//! order. A generated trace adds `"session_id": "s-12"` (a string or a whole number).
//!
//! ```
//! use ringlab_core::llm::trace::parse;
//! let trace = parse(r#"{"timestamp": 0, "input_length": 700, "output_length": 5, "hash_ids": [0, 14]}"#).unwrap();
//! assert_eq!(trace[0].blocks, [0, 14]);
//! assert_eq!(trace[0].prefix_key(1), "0");
//! let err = parse("{\"timestamp\": 0}\n").unwrap_err();
//! assert_eq!(err.to_string(), "line 1: no \"input_length\" (a whole number of tokens)");
//! ```

use std::io::BufRead;

use serde_json::Value;

/// Tokens per block in the Mooncake traces.
pub const BLOCK_TOKENS: u64 = 512;
/// The longest line read, in bytes: a request of 100,000 blocks fits.
pub const MAX_LINE_BYTES: usize = 1 << 20;
/// The latest arrival read, in ms: about 31 years.
pub const MAX_TIMESTAMP_MS: u64 = 1_000_000_000_000;
/// The most tokens a prompt or an answer has: a billion.
pub const MAX_TOKENS: u64 = 1_000_000_000;

/// One request of a trace.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Request {
    /// When it arrives, in ms from the trace's start.
    pub arrival_ms: u64,
    pub input_tokens: u64,
    pub output_tokens: u64,
    /// The ids of its prompt's blocks, in order.
    pub blocks: Vec<u64>,
    /// The conversation it belongs to, in traces that carry one.
    pub session: Option<String>,
}

impl Request {
    /// Its first `k` block ids in decimal, joined by commas: what a prefix router hashes.
    pub fn prefix_key(&self, k: usize) -> String {
        let ids: Vec<String> = self.blocks.iter().take(k).map(u64::to_string).collect();
        ids.join(",")
    }
}

/// Why a trace cannot be read: the line (from 1) and the reason.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TraceError {
    pub line: usize,
    pub why: String,
}

impl std::fmt::Display for TraceError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "line {}: {}", self.line, self.why)
    }
}

impl std::error::Error for TraceError {}

fn whole(object: &Value, field: &str, what: &str, most: u64) -> Result<u64, String> {
    match object.get(field) {
        None => Err(format!("no \"{field}\" ({what})")),
        Some(v) => match v.as_u64() {
            Some(n) if n <= most => Ok(n),
            Some(n) => Err(format!("\"{field}\" is {n}, above the most read, {most}")),
            None => Err(format!("\"{field}\" is {v}, not {what}")),
        },
    }
}

/// One line read as a request.
pub fn parse_line(line: &str) -> Result<Request, String> {
    let object: Value =
        serde_json::from_str(line).map_err(|e| format!("not a JSON object ({e})"))?;
    if !object.is_object() {
        return Err("not a JSON object".into());
    }
    let arrival_ms = whole(
        &object,
        "timestamp",
        "a whole number of ms",
        MAX_TIMESTAMP_MS,
    )?;
    let tokens = "a whole number of tokens";
    let input_tokens = whole(&object, "input_length", tokens, MAX_TOKENS)?;
    let output_tokens = whole(&object, "output_length", tokens, MAX_TOKENS)?;
    let blocks = match object.get("hash_ids") {
        None => return Err("no \"hash_ids\" (a list of block ids)".into()),
        Some(Value::Array(ids)) => ids
            .iter()
            .map(|id| {
                id.as_u64()
                    .ok_or_else(|| format!("a block id is {id}, not a whole number"))
            })
            .collect::<Result<Vec<u64>, String>>()?,
        Some(v) => return Err(format!("\"hash_ids\" is {v}, not a list of block ids")),
    };
    let session = match object.get("session_id") {
        None | Some(Value::Null) => None,
        Some(Value::String(s)) => Some(s.clone()),
        Some(v) if v.is_u64() => Some(v.to_string()),
        Some(v) => return Err(format!("\"session_id\" is {v}, not a string")),
    };
    Ok(Request {
        arrival_ms,
        input_tokens,
        output_tokens,
        blocks,
        session,
    })
}

/// Adds `request` (read from `line`) to `trace`, refusing one that arrives before the last.
fn push(trace: &mut Vec<Request>, request: Request, line: usize) -> Result<(), TraceError> {
    if let Some(last) = trace.last() {
        if request.arrival_ms < last.arrival_ms {
            return Err(TraceError {
                line,
                why: format!(
                    "timestamp {} is before the line above's {} (a trace is in arrival order)",
                    request.arrival_ms, last.arrival_ms
                ),
            });
        }
    }
    trace.push(request);
    Ok(())
}

/// Every request of `text`; blank lines are skipped.
pub fn parse(text: &str) -> Result<Vec<Request>, TraceError> {
    let mut trace = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.len() > MAX_LINE_BYTES {
            return Err(too_long(i + 1));
        }
        if line.trim().is_empty() {
            continue;
        }
        let request = parse_line(line).map_err(|why| TraceError { line: i + 1, why })?;
        push(&mut trace, request, i + 1)?;
    }
    Ok(trace)
}

fn too_long(line: usize) -> TraceError {
    TraceError {
        line,
        why: format!("longer than {} bytes: not a request line", MAX_LINE_BYTES),
    }
}

/// Every request of `reader`, line by line: a line past [`MAX_LINE_BYTES`] is refused
/// without being held whole.
pub fn read<R: BufRead>(mut reader: R) -> Result<Vec<Request>, TraceError> {
    let mut trace = Vec::new();
    let mut buffer = Vec::new();
    for line in 1.. {
        buffer.clear();
        let read = std::io::Read::take(&mut reader, MAX_LINE_BYTES as u64 + 1)
            .read_until(b'\n', &mut buffer)
            .map_err(|e| TraceError {
                line,
                why: format!("cannot be read ({e})"),
            })?;
        if read == 0 {
            break;
        }
        if buffer.last() != Some(&b'\n') && read > MAX_LINE_BYTES {
            return Err(too_long(line));
        }
        let text = std::str::from_utf8(&buffer).map_err(|_| TraceError {
            line,
            why: "not UTF-8 text".into(),
        })?;
        if text.trim().is_empty() {
            continue;
        }
        let request = parse_line(text.trim_end()).map_err(|why| TraceError { line, why })?;
        push(&mut trace, request, line)?;
    }
    Ok(trace)
}

/// Every request of a trace, gzipped or plain: gzip is told by its first two bytes (1f 8b)
/// and read as it streams, so its lines get the same limits and errors. A damaged gzip
/// stream is refused at the line it breaks in.
pub fn read_any<R: BufRead>(mut reader: R) -> Result<Vec<Request>, TraceError> {
    let gzipped = reader
        .fill_buf()
        .map_err(|e| TraceError {
            line: 1,
            why: format!("cannot be read ({e})"),
        })?
        .starts_with(&[0x1f, 0x8b]);
    if gzipped {
        // Every member, as `cat a.gz b.gz` or pigz writes them, not only the first.
        read(std::io::BufReader::new(
            flate2::bufread::MultiGzDecoder::new(reader),
        ))
    } else {
        read(reader)
    }
}

/// Every request of a trace file's bytes, gzipped or plain ([`read_any`]).
pub fn decode(bytes: &[u8]) -> Result<Vec<Request>, TraceError> {
    read_any(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn gzip(text: &str) -> Vec<u8> {
        use std::io::Write;
        let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
        encoder.write_all(text.as_bytes()).unwrap();
        encoder.finish().unwrap()
    }

    /// The same trace gzipped or plain reads the same; a damaged gzip stream is refused with
    /// a line, never read as half a trace.
    #[test]
    fn gzipped_and_plain_traces_read_alike() {
        let text = concat!(
            "{\"timestamp\": 0, \"input_length\": 700, \"output_length\": 5, \"hash_ids\": [0, 14]}\n",
            "{\"timestamp\": 9, \"input_length\": 100, \"output_length\": 2, \"hash_ids\": [0]}\n",
        );
        let plain = decode(text.as_bytes()).unwrap();
        assert_eq!(plain.len(), 2);
        assert_eq!(decode(&gzip(text)).unwrap(), plain);
        let mut broken = gzip(text);
        let middle = broken.len() / 2;
        broken.truncate(middle);
        assert!(decode(&broken).is_err());
        // Two members, one after the other, read as one trace.
        let halves = [text.lines().next().unwrap(), text.lines().nth(1).unwrap()]
            .map(|line| gzip(&format!("{line}\n")))
            .concat();
        assert_eq!(decode(&halves).unwrap(), plain);
        // A bad line inside the gzip names its line, as a plain one does.
        let bad = format!("{text}{{\"timestamp\": 10}}\n");
        assert_eq!(
            decode(&gzip(&bad)).unwrap_err(),
            decode(bad.as_bytes()).unwrap_err()
        );
    }

    #[test]
    fn bad_lines_say_their_number_and_why() {
        let ok = r#"{"timestamp": 5, "input_length": 1, "output_length": 1, "hash_ids": [3]}"#;
        for (text, line, why) in [
            ("{", 1, "not a JSON object"),
            ("[1]", 1, "not a JSON object"),
            (
                r#"{"timestamp": -1, "input_length": 1, "output_length": 1, "hash_ids": []}"#,
                1,
                "\"timestamp\" is -1, not a whole number of ms",
            ),
            (
                &format!("{ok}\n{{\"timestamp\": 9, \"input_length\": 1, \"output_length\": 1}}"),
                2,
                "no \"hash_ids\"",
            ),
            (
                &format!("{ok}\n\n{}", ok.replace("5", "4")),
                3,
                "timestamp 4 is before the line above's 5",
            ),
            (
                r#"{"timestamp": 1, "input_length": 1, "output_length": 1, "hash_ids": [1.5]}"#,
                1,
                "a block id is 1.5",
            ),
            (
                r#"{"timestamp": 1, "input_length": 2000000000000000, "output_length": 1, "hash_ids": []}"#,
                1,
                "\"input_length\" is 2000000000000000, above the most read",
            ),
            (
                r#"{"timestamp": 18446744073709551615, "input_length": 1, "output_length": 1, "hash_ids": []}"#,
                1,
                "\"timestamp\" is 18446744073709551615, above the most read",
            ),
            (
                r#"{"timestamp": 1, "input_length": 1, "output_length": 1, "hash_ids": [], "session_id": [1]}"#,
                1,
                "\"session_id\" is [1]",
            ),
        ] {
            let err = parse(text).unwrap_err();
            assert_eq!(err.line, line, "{text}");
            assert!(err.why.starts_with(why), "{text}: {}", err.why);
            assert_eq!(read(text.as_bytes()).unwrap_err(), err, "{text}");
        }
    }

    #[test]
    fn a_line_too_long_is_refused_unread() {
        let long = format!("{}\n", " ".repeat(MAX_LINE_BYTES + 10));
        assert_eq!(read(long.as_bytes()).unwrap_err().line, 1);
        assert!(parse(&long).unwrap_err().why.starts_with("longer than"));
    }

    #[test]
    fn sessions_are_text_or_whole_numbers() {
        let t = read(
            "{\"timestamp\": 0, \"input_length\": 1, \"output_length\": 1, \"hash_ids\": [], \"session_id\": 7}\n\
             {\"timestamp\": 0, \"input_length\": 1, \"output_length\": 1, \"hash_ids\": [2, 30, 4], \"session_id\": \"a\"}\n"
                .as_bytes(),
        )
        .unwrap();
        assert_eq!(t[0].session.as_deref(), Some("7"));
        assert_eq!(t[1].session.as_deref(), Some("a"));
        assert_eq!(t[1].prefix_key(2), "2,30");
        assert_eq!(t[1].prefix_key(9), "2,30,4");
    }
}
