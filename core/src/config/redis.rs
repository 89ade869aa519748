//! `redis-cli cluster nodes` output (`CLUSTER NODES`): one line per node, `id ip:port@cport
//! flags master ping pong epoch link slots...`. Masters with slots are the servers, named
//! `ip:port`, each owning its ranges (`a-b` or a single slot); replicas and slots being
//! migrated (`[slot->-id]`) are listed as not used.

use crate::{ConfigError, Server};

/// The cluster as its nodes report it.
#[derive(Debug, Clone, PartialEq)]
pub struct Nodes {
    pub masters: Vec<Server>,
    /// `(first, last, master)` slot ranges.
    pub ranges: Vec<(u16, u16, usize)>,
    pub ignored: Vec<String>,
}

/// True when a line reads as a `CLUSTER NODES` line: a 40-hex-digit id, an address.
pub fn looks_like(line: &str) -> bool {
    let mut words = line.split_whitespace();
    let id = words.next().unwrap_or("");
    id.len() == 40
        && id.bytes().all(|b| b.is_ascii_hexdigit())
        && words.next().is_some_and(|a| a.contains(':'))
}

/// Reads the lines.
///
/// ```
/// use ringlab_core::config::redis::parse;
/// let nodes = parse("\
/// 07c37dfeb235213a872192d90877d0cd55635b91 127.0.0.1:30004@31004 slave e7d1eecce10fd6bb5eb35b9f99a514335d9ba9ca 0 1426238317239 4 connected
/// 67ed2db8d677e59ec4a4cefb06858cf2a1a89fa1 127.0.0.1:30002@31002 master - 0 1426238316232 2 connected 5461-10922
/// 292f8b365bb7edb5e285caf0b7e6ddc7265d2f4f 127.0.0.1:30003@31003 master - 0 1426238318243 3 connected 10923-16383
/// e7d1eecce10fd6bb5eb35b9f99a514335d9ba9ca 127.0.0.1:30001@31001 myself,master - 0 0 1 connected 0-5460
/// ").unwrap();
/// let names: Vec<&str> = nodes.masters.iter().map(|s| s.name.as_str()).collect();
/// assert_eq!(names, ["127.0.0.1:30002", "127.0.0.1:30003", "127.0.0.1:30001"]);
/// assert_eq!(nodes.ranges[2], (0, 5460, 2));
/// assert_eq!(nodes.ignored.len(), 1);
/// ```
pub fn parse(text: &str) -> Result<Nodes, ConfigError> {
    let mut masters = Vec::new();
    let mut ranges = Vec::new();
    let mut ignored = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let line_no = number + 1;
        if line.trim().is_empty() {
            continue;
        }
        let at = |why: String| ConfigError::Invalid(format!("line {line_no}: {why}"));
        if !looks_like(line) {
            return Err(at("not a CLUSTER NODES line (id address flags ...)".into()));
        }
        let words: Vec<&str> = line.split_whitespace().collect();
        if words.len() < 8 {
            return Err(at("a CLUSTER NODES line has at least 8 fields".into()));
        }
        let address = words[1].split(['@', ',']).next().unwrap_or(words[1]);
        let flags = words[2];
        let is_master = flags.split(',').any(|f| f == "master");
        let failed = flags.split(',').any(|f| f == "fail" || f == "noaddr");
        let slots = &words[8..];
        if !is_master || slots.is_empty() {
            ignored.push(format!(
                "line {line_no}: {address} ({flags}) serves no slots"
            ));
            continue;
        }
        if failed {
            ignored.push(format!(
                "line {line_no}: {address} is marked {flags}; its slots are still counted as its own"
            ));
        }
        let master = masters.len();
        masters.push(Server::new(address));
        for range in slots {
            if range.starts_with('[') {
                ignored.push(format!("line {line_no}: {range} is a slot being migrated"));
                continue;
            }
            let slot = |text: &str| {
                text.parse::<u16>()
                    .map_err(|_| at(format!("{range} is not a slot or a range of slots")))
            };
            let (first, last) = match range.split_once('-') {
                Some((a, b)) => (slot(a)?, slot(b)?),
                None => (slot(range)?, slot(range)?),
            };
            ranges.push((first, last, master));
        }
    }
    if masters.is_empty() {
        return Err(ConfigError::Invalid("no master serves any slot".into()));
    }
    Ok(Nodes {
        masters,
        ranges,
        ignored,
    })
}
