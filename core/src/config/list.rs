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
        // Prose pasted by mistake reads as host names: a long line of words without a
        // digit anywhere is not a server list.
        if words.len() >= PROSE_WORDS && !line.chars().any(|c| c.is_ascii_digit()) {
            return Err(at(format!(
                "{:?} reads like prose, not a server list (host:port, one or more a line)",
                shorten(line)
            )));
        }
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

/// Words in a line, none with a digit, from which a line is prose rather than names.
const PROSE_WORDS: usize = 6;

/// Characters of a host, a port, an IPv6 address or a URL (groupcache's peers).
fn address_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || "._-:/[]%@~+=?&".contains(c)
}

/// At most 40 characters of `text`, for a message.
fn shorten(text: &str) -> String {
    let mut short: String = text.chars().take(40).collect();
    if text.chars().count() > 40 {
        short.push('…');
    }
    short
}

fn server(word: &str, weight: Option<&str>) -> Result<Server, String> {
    if let Some(c) = word.chars().find(|&c| !address_char(c)) {
        return Err(format!(
            "{:?} is not a host:port (it has {c:?})",
            shorten(word)
        ));
    }
    if word.ends_with(':') {
        return Err(format!("{:?} has no port after its colon", shorten(word)));
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prose_and_json_are_refused_with_the_line() {
        let json = "{\n  \"json\": [1, 2]\n}\n";
        let err = parse(json).unwrap_err().to_string();
        assert!(
            err.contains("line 1") && err.contains("not a host:port"),
            "{err}"
        );
        let prose = "Consistent hashing maps keys onto a ring of servers\n";
        let err = parse(prose).unwrap_err().to_string();
        assert!(err.contains("reads like prose"), "{err}");
        let err = parse("json: 10.0.0.1:11211").unwrap_err().to_string();
        assert!(err.contains("no port"), "{err}");
    }

    #[test]
    fn real_lists_still_read() {
        for text in [
            "cache-a cache-b cache-c",
            "[::1]:11211 2\n10.0.0.2:11211",
            "http://10.0.1.1:8080\nhttp://10.0.1.2:8080",
            "web1:80:3, web2:80",
        ] {
            assert!(parse(text).is_ok(), "{text}");
        }
    }
}
