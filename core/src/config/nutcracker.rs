//! A twemproxy (nutcracker) YAML file: one or more pools, each a mapping with `servers:`
//! (`host:port:weight [alias]`), `hash:`, `hash_tag:` and `distribution:`. The first pool is
//! used unless one is named. Only `distribution: ketama` is a ring.

use yaml_rust2::Yaml;

use super::yaml::{line_of, load, scalar};
use crate::schemes::twemproxy::KeyHash;
use crate::{ConfigError, Server};

/// The pool as nutcracker places keys on it.
#[derive(Debug, Clone, PartialEq)]
pub struct Pool {
    pub name: String,
    /// Servers named as nutcracker answers: the alias, else `host:port`.
    pub servers: Vec<Server>,
    pub hash: KeyHash,
    pub hash_tag: Option<[u8; 2]>,
    /// What was read but not used, each `line N: why`.
    pub ignored: Vec<String>,
}

/// True when the text looks like a nutcracker file: a mapping of pools with `servers:`.
pub fn looks_like(doc: &Yaml) -> bool {
    doc.as_hash()
        .is_some_and(|pools| pools.values().any(|pool| !pool["servers"].is_badvalue()))
}

/// Reads pool `wanted` (the first pool with servers when `None`).
///
/// ```
/// use ringlab_core::config::nutcracker::parse;
/// let pool = parse("
/// alpha:
///   listen: 127.0.0.1:22121
///   hash: fnv1a_64
///   distribution: ketama
///   hash_tag: \"{}\"
///   servers:
///    - 127.0.0.1:11211:1
///    - 127.0.0.1:11212:2 cache-b
/// ", None).unwrap();
/// assert_eq!(pool.name, "alpha");
/// assert_eq!(pool.servers[1].name, "cache-b");
/// assert_eq!(pool.servers[1].weight, 2.0);
/// assert_eq!(pool.hash_tag, Some(*b"{}"));
/// ```
pub fn parse(text: &str, wanted: Option<&str>) -> Result<Pool, ConfigError> {
    let doc = load(text)?;
    let Some(pools) = doc.as_hash() else {
        return Err(ConfigError::Invalid(
            "a nutcracker file is a mapping of pool names to pools".into(),
        ));
    };
    let mut ignored = Vec::new();
    let mut chosen = None;
    for (name, pool) in pools {
        let name = scalar(name).unwrap_or_default();
        let usable = !pool["servers"].is_badvalue();
        let pick = match wanted {
            Some(w) => w == name,
            None => usable && chosen.is_none(),
        };
        if pick && chosen.is_none() {
            chosen = Some((name, pool));
        } else {
            ignored.push(format!(
                "line {}: pool {name} not used",
                line_of(text, &format!("{name}:"))
            ));
        }
    }
    let Some((name, pool)) = chosen else {
        return Err(ConfigError::Invalid(match wanted {
            Some(w) => format!("no pool named {w}"),
            None => "no pool has servers:".into(),
        }));
    };
    let at = |needle: &str, why: String| {
        ConfigError::Invalid(format!("line {}: {why}", line_of(text, needle)))
    };
    if let Some(distribution) = scalar(&pool["distribution"]) {
        if distribution != "ketama" {
            return Err(at(
                "distribution",
                format!("distribution: {distribution} is not a ring; ringlab reads distribution: ketama"),
            ));
        }
    } else {
        ignored.push(format!(
            "pool {name} names no distribution: nutcracker's default is ketama"
        ));
    }
    let hash = match scalar(&pool["hash"]) {
        None => KeyHash::Fnv1a64,
        Some(h) => KeyHash::from_name(&h).ok_or_else(|| {
            let names: Vec<&str> = KeyHash::ALL.iter().map(|k| k.name()).collect();
            at(
                "hash:",
                format!("hash: {h} is not one of {}", names.join(", ")),
            )
        })?,
    };
    let hash_tag = match scalar(&pool["hash_tag"]) {
        None => None,
        Some(tag) => match tag.as_bytes() {
            &[open, close] => Some([open, close]),
            _ => {
                return Err(at(
                    "hash_tag",
                    format!("hash_tag: {tag} must be two characters"),
                ))
            }
        },
    };
    let Some(lines) = pool["servers"].as_vec() else {
        return Err(at("servers", "servers: must be a list".into()));
    };
    let mut servers = Vec::new();
    for item in lines {
        let line = scalar(item).unwrap_or_default();
        servers.push(server(&line).map_err(|why| at(&line, why))?);
    }
    if servers.is_empty() {
        return Err(at("servers", "servers: is empty".into()));
    }
    crate::validate_servers(&servers).map_err(|e| at("servers", e.to_string()))?;
    for (key, _) in pool.as_hash().into_iter().flatten() {
        let key = scalar(key).unwrap_or_default();
        if !matches!(
            key.as_str(),
            "servers" | "hash" | "hash_tag" | "distribution"
        ) {
            ignored.push(format!(
                "line {}: {key} does not change placement",
                line_of(text, &format!("{key}:"))
            ));
        }
    }
    Ok(Pool {
        name,
        servers,
        hash,
        hash_tag,
        ignored,
    })
}

/// `host:port:weight [alias]`: the server named by its alias, else `host:port`.
fn server(line: &str) -> Result<Server, String> {
    let (address, alias) = match line.trim().rsplit_once(' ') {
        Some((address, alias)) => (address.trim(), Some(alias.trim())),
        None => (line.trim(), None),
    };
    let (host_port, weight) = address
        .rsplit_once(':')
        .ok_or(format!("server {line:?} is not host:port:weight"))?;
    let weight: u16 = weight.parse().ok().filter(|&w| w >= 1).ok_or(format!(
        "server {line:?}: the weight is a whole number from 1"
    ))?;
    if !host_port.contains(':') {
        return Err(format!("server {line:?} is not host:port:weight"));
    }
    let name = alias.unwrap_or(host_port);
    Ok(Server::new(name).with_weight(f64::from(weight)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pools_are_chosen_by_name_or_first() {
        let text = "a:\n  listen: x\nb:\n  servers:\n   - h:1:1\nc:\n  servers:\n   - h:2:1\n";
        assert_eq!(parse(text, None).unwrap().name, "b");
        assert_eq!(parse(text, Some("c")).unwrap().name, "c");
        assert!(parse(text, Some("z")).is_err());
    }

    #[test]
    fn errors_carry_line_numbers() {
        let cases = [
            (
                "p:\n  distribution: modula\n  servers:\n   - h:1:1\n",
                "line 2",
            ),
            ("p:\n  hash: sha1\n  servers:\n   - h:1:1\n", "line 2"),
            ("p:\n  servers:\n   - h:1:0\n", "line 3"),
            ("p:\n  servers:\n   - h:1\n", "line 3"),
            ("p:\n  servers: [\n", "line"),
        ];
        for (text, says) in cases {
            let err = parse(text, None).unwrap_err().to_string();
            assert!(err.contains(says), "{text:?}: {err}");
        }
    }
}
