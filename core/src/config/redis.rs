//! What `redis-cli` prints for a cluster's layout:
//! - `CLUSTER NODES`: one line per node, `id ip:port@cport flags master ping pong epoch
//!   link slots...`. Masters with slots are the servers, named `ip:port`, each owning its
//!   ranges (`a-b` or a single slot); a replica line names its master's id. Slots being
//!   migrated (`[slot->-id]`) are listed as not used.
//! - `CLUSTER SLOTS`: numbered entries, each a range's first and last slot, then its
//!   master's address and port (then id, metadata and the replicas, not used).

use crate::{ConfigError, Server};

/// The cluster as its nodes report it.
#[derive(Debug, Clone, PartialEq)]
pub struct Nodes {
    pub masters: Vec<Server>,
    /// `(first, last, master)` slot ranges.
    pub ranges: Vec<(u16, u16, usize)>,
    /// Each master's replicas, by address.
    pub replicas: Vec<Vec<String>>,
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

/// True when the text starts as redis-cli prints `CLUSTER SLOTS`: `1) 1) (integer) N`.
pub fn looks_like_slots(text: &str) -> bool {
    let first = text.lines().find(|l| !l.trim().is_empty()).unwrap_or("");
    first.trim_start().starts_with("1) 1) (integer) ")
}

/// Reads redis-cli's `CLUSTER SLOTS` reply.
///
/// ```
/// use ringlab_core::config::redis::parse_slots;
/// let nodes = parse_slots(r#"1) 1) (integer) 0
///    2) (integer) 5460
///    3) 1) "127.0.0.1"
///       2) (integer) 30001
///       3) "09dbe9720cda62f7865eabc5fd8857c5d2678366"
///    4) 1) "127.0.0.1"
///       2) (integer) 30004
///       3) "821d8ca00d7ccf931ed3ffc7e3db0599d2271abf"
/// 2) 1) (integer) 5461
///    2) (integer) 16383
///    3) 1) "127.0.0.1"
///       2) (integer) 30002
///       3) "c9d93d9f2c0c524ff34cc11838c2003d8c29e013"
/// "#).unwrap();
/// let names: Vec<&str> = nodes.masters.iter().map(|s| s.name.as_str()).collect();
/// assert_eq!(names, ["127.0.0.1:30001", "127.0.0.1:30002"]);
/// assert_eq!(nodes.ranges, [(0, 5460, 0), (5461, 16383, 1)]);
/// assert_eq!(nodes.replicas[0], ["127.0.0.1:30004"]);
/// assert!(nodes.replicas[1].is_empty());
/// ```
pub fn parse_slots(text: &str) -> Result<Nodes, ConfigError> {
    // Entries start at the left margin with their number; values follow the last `N) `.
    let mut entries: Vec<(usize, Vec<String>)> = Vec::new();
    for (number, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        if line.starts_with(|c: char| c.is_ascii_digit()) {
            entries.push((number + 1, Vec::new()));
        }
        let Some((_, values)) = entries.last_mut() else {
            return Err(ConfigError::Invalid(format!(
                "line {}: expected a numbered CLUSTER SLOTS entry",
                number + 1
            )));
        };
        let mut rest = line.trim_start();
        while let Some((marker, after)) = rest.split_once(") ") {
            if marker.is_empty() || !marker.bytes().all(|b| b.is_ascii_digit()) {
                break;
            }
            rest = after;
        }
        values.push(rest.trim().to_string());
    }
    let mut masters: Vec<Server> = Vec::new();
    let mut replicas: Vec<Vec<String>> = Vec::new();
    let mut ranges = Vec::new();
    for (line, values) in entries {
        let at = |why: &str| ConfigError::Invalid(format!("line {line}: {why}"));
        let integer = |v: &String| {
            v.strip_prefix("(integer) ")
                .and_then(|n| n.parse::<u64>().ok())
        };
        let (Some(first), Some(last)) = (
            values.first().and_then(integer),
            values.get(1).and_then(integer),
        ) else {
            return Err(at(
                "an entry starts with its first and last slot, as (integer) values",
            ));
        };
        let host = values.get(2).map(|v| v.trim_matches('"').to_string());
        let port = values.get(3).and_then(integer);
        let (Some(host), Some(port)) = (host, port) else {
            return Err(at(
                "an entry names its master's address and port after its slots",
            ));
        };
        let (Ok(first), Ok(last)) = (u16::try_from(first), u16::try_from(last)) else {
            return Err(at("a slot is from 0 to 16383"));
        };
        let name = format!("{host}:{port}");
        let master = match masters.iter().position(|m| m.name == name) {
            Some(i) => i,
            None => {
                masters.push(Server::new(name));
                replicas.push(Vec::new());
                masters.len() - 1
            }
        };
        ranges.push((first, last, master));
        // After the master's id (and metadata): each replica, a quoted host and a port.
        for pair in values[4..].windows(2) {
            if let (Some(host), Some(port)) = (
                pair[0].strip_prefix('"').and_then(|h| h.strip_suffix('"')),
                integer(&pair[1]),
            ) {
                let replica = format!("{host}:{port}");
                if !replicas[master].contains(&replica) {
                    replicas[master].push(replica);
                }
            }
        }
    }
    if masters.is_empty() {
        return Err(ConfigError::Invalid("no CLUSTER SLOTS entries".into()));
    }
    Ok(Nodes {
        masters,
        ranges,
        replicas,
        ignored: Vec::new(),
    })
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
/// // 127.0.0.1:30004 replicates e7d1..., the third master.
/// assert_eq!(nodes.replicas[2], ["127.0.0.1:30004"]);
/// assert!(nodes.ignored.is_empty());
/// ```
pub fn parse(text: &str) -> Result<Nodes, ConfigError> {
    let mut masters = Vec::new();
    let mut ranges = Vec::new();
    let mut ignored = Vec::new();
    // Master ids, and replicas as (line, address, master id), matched at the end.
    let mut ids: Vec<String> = Vec::new();
    let mut replica_lines: Vec<(usize, String, String)> = Vec::new();
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
        if !is_master && words[3] != "-" {
            replica_lines.push((line_no, address.to_string(), words[3].to_string()));
            continue;
        }
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
        ids.push(words[0].to_string());
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
    let mut replicas = vec![Vec::new(); masters.len()];
    for (line, address, master_id) in replica_lines {
        match ids.iter().position(|id| *id == master_id) {
            Some(master) => replicas[master].push(address),
            None => ignored.push(format!(
                "line {line}: {address} replicates a node that serves no slots here"
            )),
        }
    }
    Ok(Nodes {
        masters,
        ranges,
        replicas,
        ignored,
    })
}
