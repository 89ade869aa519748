//! Cassandra's `nodetool ring` output: per datacenter, a header line (`Address Rack Status
//! State Load Owns Token`) and one line per token, the node's address first and the
//! token last. Each address is a node holding every token listed for it; a node that is
//! `Down` still owns its ranges (reads at ONE then fail), so it is kept, with a note.

use crate::{ConfigError, Server};

/// The ring as nodetool reports it.
#[derive(Debug, Clone, PartialEq)]
pub struct Ring {
    pub nodes: Vec<Server>,
    pub tokens: Vec<Vec<i64>>,
    pub ignored: Vec<String>,
}

/// True when a line is one nodetool writes: `Datacenter: ...` or the column header.
pub fn looks_like(line: &str) -> bool {
    let words: Vec<&str> = line.split_whitespace().collect();
    words.first() == Some(&"Datacenter:")
        || (words.first() == Some(&"Address") && words.last() == Some(&"Token"))
}

/// Reads the output.
///
/// ```
/// use ringlab_core::config::nodetool::parse;
/// let ring = parse("\
/// Datacenter: dc1
/// ==========
/// Address    Rack   Status State   Load       Owns   Token
///                                                    3074457345618258602
/// 10.0.0.1   rack1  Up     Normal  1.2 MiB    ?      -9223372036854775808
/// 10.0.0.2   rack1  Up     Normal  1.1 MiB    ?      -3074457345618258603
/// 10.0.0.3   rack1  Down   Normal  1.3 MiB    ?      3074457345618258602
/// ").unwrap();
/// assert_eq!(ring.nodes.len(), 3);
/// assert_eq!(ring.tokens[1], vec![-3074457345618258603]);
/// assert_eq!(ring.ignored.len(), 1); // 10.0.0.3 is down
/// ```
pub fn parse(text: &str) -> Result<Ring, ConfigError> {
    let mut nodes: Vec<Server> = Vec::new();
    let mut tokens: Vec<Vec<i64>> = Vec::new();
    let mut ignored = Vec::new();
    let mut seen_header = false;
    for (number, line) in text.lines().enumerate() {
        let line_no = number + 1;
        let words: Vec<&str> = line.split_whitespace().collect();
        if words.is_empty() || line.trim_start().starts_with('=') {
            continue;
        }
        if looks_like(line) {
            seen_header |= words[0] == "Address";
            continue;
        }
        // The lone token above each datacenter's lines repeats its last token.
        if words.len() == 1 && words[0].parse::<i64>().is_ok() {
            continue;
        }
        let at = |why: String| ConfigError::Invalid(format!("line {line_no}: {why}"));
        if !seen_header {
            return Err(at(
                "expected nodetool ring's header (Address ... Token) first".into(),
            ));
        }
        if words.len() < 3 {
            return Err(at(format!("{:?} is not a nodetool ring line", line.trim())));
        }
        let token: i64 = words[words.len() - 1]
            .parse()
            .map_err(|_| at(format!("{} is not a token", words[words.len() - 1])))?;
        let address = words[0];
        let node = match nodes.iter().position(|n| n.name == address) {
            Some(i) => i,
            None => {
                if words.contains(&"Down") {
                    ignored.push(format!(
                        "line {line_no}: {address} is Down; it still owns its ranges"
                    ));
                }
                nodes.push(Server::new(address));
                tokens.push(Vec::new());
                nodes.len() - 1
            }
        };
        tokens[node].push(token);
    }
    if nodes.is_empty() {
        return Err(ConfigError::Invalid(
            "no node lines under nodetool ring's header".into(),
        ));
    }
    Ok(Ring {
        nodes,
        tokens,
        ignored,
    })
}
