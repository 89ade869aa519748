//! A memcached client's server list, as libmemcached, spymemcached and most clients take
//! it: servers separated by commas, spaces or lines, each `host:port`, `host:port:weight`
//! or, one per line, `host:port weight`. Lines starting with `#` are comments.

use crate::{ConfigError, Server};

/// Reads the list; messages name the line.
///
/// ```
/// use ringlab_core::config::list::parse;
/// let servers = parse("10.0.0.1:11211:2, 10.0.0.2:11211\n10.0.0.3:11211 5\n").unwrap();
/// let names: Vec<(&str, f64)> = servers.iter().map(|s| (s.name.as_str(), s.weight)).collect();
/// assert_eq!(names, [("10.0.0.1:11211", 2.0), ("10.0.0.2:11211", 1.0), ("10.0.0.3:11211", 5.0)]);
/// ```
pub fn parse(text: &str) -> Result<Vec<Server>, ConfigError> {
    let mut servers = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let line_no = number + 1;
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let at = |why: String| ConfigError::Invalid(format!("line {line_no}: {why}"));
        let words: Vec<&str> = line
            .split([',', ' ', '\t'])
            .filter(|w| !w.is_empty())
            .collect();
        // `host:port weight`: one server and a bare number.
        if let [address, weight] = words[..] {
            if weight.parse::<u32>().is_ok() {
                servers.push(server(address, Some(weight)).map_err(at)?);
                continue;
            }
        }
        for word in words {
            servers.push(server(word, None).map_err(at)?);
        }
    }
    if servers.is_empty() {
        return Err(ConfigError::NoServers);
    }
    crate::validate_servers(&servers)?;
    Ok(servers)
}

fn server(word: &str, weight: Option<&str>) -> Result<Server, String> {
    let parts: Vec<&str> = word.split(':').collect();
    let (name, weight) = match (parts.as_slice(), weight) {
        // A URL (groupcache's peers) is a name whatever its colons.
        (_, w) if word.contains("//") => (word.to_string(), w),
        ([host, port, w], None) => (format!("{host}:{port}"), Some(*w)),
        (_, w) => (word.to_string(), w),
    };
    let weight = match weight {
        None => 1.0,
        Some(w) => w
            .parse::<u32>()
            .ok()
            .filter(|&w| w >= 1)
            .map(f64::from)
            .ok_or(format!(
                "{word}: the weight {w} is not a whole number from 1"
            ))?,
    };
    if name.is_empty() || name.starts_with(':') {
        return Err(format!("{word:?} has no host"));
    }
    Ok(Server::new(name).with_weight(weight))
}
