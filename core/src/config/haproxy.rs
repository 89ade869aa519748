//! An HAProxy configuration's consistent-hash backend, read from its text: the servers (in
//! config order, with `weight` and `id`), `hash-type consistent [function] [avalanche]`,
//! and what `balance` hashes. The first `backend` or `listen` section with servers is
//! used; `balance` and `hash-type` come from it, else from the `defaults` before it.
//!
//! Only what placement needs is read. Every line that matters and cannot be used gets a
//! message naming its line number; anything else (timeouts, `mode`, `option`s, server
//! options such as `check`) is ignored.

use crate::schemes::haproxy::{Function, Haproxy, KeyHash, MAX_WEIGHT};
use crate::{ConfigError, Server};

/// What a request's key is under `balance`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum KeySource {
    /// `balance url_param <name>`: the raw value of the first `<name>=` in the query.
    UrlParam(String),
    /// `balance hdr(<name>)`: the header's first comma-separated element, trimmed.
    Header(String),
    /// `balance uri`: the path (`whole`: with the query), maybe cut by `len` and `depth`.
    Uri {
        whole: bool,
        len: Option<usize>,
        depth: Option<usize>,
    },
}

/// The backend as HAProxy would place keys on it.
#[derive(Debug, Clone, PartialEq)]
pub struct Backend {
    /// The section's name.
    pub name: String,
    pub servers: Vec<Server>,
    /// Each server's explicit `id`, if any.
    pub ids: Vec<Option<u32>>,
    pub hash: KeyHash,
    pub key: KeySource,
    /// `hash-balance-factor`: 0 (off), or above 100, the bound as a percentage of the
    /// mean load (see [`crate::schemes::haproxy_bounded`]).
    pub balance_factor: u32,
}

impl Backend {
    /// The ring HAProxy builds for this backend.
    pub fn build(&self) -> Result<Haproxy, ConfigError> {
        Haproxy::new(self.servers.clone(), &self.ids, self.hash)
    }
}

/// Settings a section can give or inherit.
#[derive(Debug, Clone, Default)]
struct Settings {
    balance: Option<(usize, Vec<String>)>,
    hash_type: Option<(usize, Vec<String>)>,
    balance_factor: Option<(usize, Vec<String>)>,
}

/// A `backend` or `listen` section: its name, its own settings and its server lines
/// (line number and words).
struct Section {
    name: String,
    settings: Settings,
    servers: Vec<(usize, Vec<String>)>,
}

/// Reads the first backend with servers.
///
/// ```
/// use ringlab_core::config::haproxy::{parse, KeySource};
/// let backend = parse("
/// defaults
///     mode http
/// backend cache
///     balance url_param k
///     hash-type consistent sdbm
///     server s1 10.0.0.1:80 id 1 check
///     server s2 10.0.0.2:80 weight 2
/// ").unwrap();
/// assert_eq!(backend.name, "cache");
/// assert_eq!(backend.key, KeySource::UrlParam("k".into()));
/// assert_eq!(backend.ids, [Some(1), None]);
/// assert_eq!(backend.servers[1].weight, 2.0);
/// assert!(!backend.hash.avalanche);
/// ```
pub fn parse(text: &str) -> Result<Backend, ConfigError> {
    let mut defaults = Settings::default();
    let mut current: Option<Section> = None;
    let mut in_defaults = false;
    let mut found = None;
    for (number, raw) in text.lines().enumerate() {
        let line = number + 1;
        let words: Vec<String> = raw
            .split('#')
            .next()
            .unwrap_or("")
            .split_whitespace()
            .map(str::to_string)
            .collect();
        let Some(first) = words.first() else {
            continue;
        };
        match first.as_str() {
            "global" | "frontend" | "defaults" | "backend" | "listen" | "resolvers" | "peers"
            | "userlist" | "cache" | "program" | "http-errors" | "ring" => {
                if let Some(section) = current.take() {
                    if !section.servers.is_empty() {
                        found = Some(section);
                        break;
                    }
                }
                in_defaults = first == "defaults";
                if in_defaults {
                    defaults = Settings::default();
                }
                if first == "backend" || first == "listen" {
                    let name = words.get(1).cloned().unwrap_or_default();
                    current = Some(Section {
                        name,
                        settings: Settings::default(),
                        servers: Vec::new(),
                    });
                }
            }
            "balance" | "hash-type" | "hash-balance-factor" => {
                let target = if in_defaults {
                    Some(&mut defaults)
                } else {
                    current.as_mut().map(|c| &mut c.settings)
                };
                if let Some(settings) = target {
                    let value = Some((line, words[1..].to_vec()));
                    match first.as_str() {
                        "balance" => settings.balance = value,
                        "hash-type" => settings.hash_type = value,
                        _ => settings.balance_factor = value,
                    }
                }
            }
            "server" => {
                if let Some(section) = current.as_mut() {
                    section.servers.push((line, words));
                }
            }
            _ => {}
        }
    }
    let Section {
        name,
        settings: own,
        servers,
    } = match found.or(current) {
        Some(section) if !section.servers.is_empty() => section,
        _ => {
            return Err(ConfigError::Invalid(
                "no backend or listen section with server lines".into(),
            ))
        }
    };
    let balance = own.balance.or(defaults.balance).ok_or_else(|| {
        ConfigError::Invalid(format!(
            "backend {name} has no balance line: it does not hash keys"
        ))
    })?;
    let key = key_source(&balance.1).map_err(|why| at(balance.0, why))?;
    let hash_type = own.hash_type.or(defaults.hash_type).ok_or_else(|| {
        ConfigError::Invalid(format!(
            "backend {name} has no hash-type line: HAProxy then uses map-based hashing, which is not a ring (add hash-type consistent)"
        ))
    })?;
    let hash = key_hash(&hash_type.1).map_err(|why| at(hash_type.0, why))?;
    let balance_factor = match own.balance_factor.or(defaults.balance_factor) {
        None => 0,
        Some((line, words)) => match words.first().map(|w| w.parse::<u32>()) {
            Some(Ok(f)) if f == 0 || (101..=MAX_BALANCE_FACTOR).contains(&f) => f,
            _ => {
                return Err(at(
                    line,
                    format!(
                    "hash-balance-factor {} must be 0 (off) or from 101 to {MAX_BALANCE_FACTOR}",
                    words.join(" ")
                ),
                ))
            }
        },
    };
    let mut list = Vec::new();
    let mut ids = Vec::new();
    for (line, words) in &servers {
        let (server, id) = server(words).map_err(|why| at(*line, why))?;
        list.push(server);
        ids.push(id);
    }
    Ok(Backend {
        name,
        servers: list,
        ids,
        hash,
        key,
        balance_factor,
    })
}

/// The largest `hash-balance-factor` read (65535%: a bound 655 times the mean).
pub const MAX_BALANCE_FACTOR: u32 = 65_535;

fn at(line: usize, why: String) -> ConfigError {
    ConfigError::Invalid(format!("line {line}: {why}"))
}

fn key_source(words: &[String]) -> Result<KeySource, String> {
    let algorithm = words.first().map(String::as_str).unwrap_or("");
    if algorithm == "url_param" {
        return match words.get(1) {
            Some(name) => Ok(KeySource::UrlParam(name.clone())),
            None => Err("balance url_param needs a parameter name".into()),
        };
    }
    if let Some(name) = algorithm
        .strip_prefix("hdr(")
        .and_then(|rest| rest.strip_suffix(')'))
    {
        return if name.is_empty() {
            Err("balance hdr() needs a header name".into())
        } else {
            Ok(KeySource::Header(name.to_string()))
        };
    }
    if algorithm == "uri" {
        let mut source = (false, None, None);
        let mut rest = words[1..].iter();
        while let Some(word) = rest.next() {
            match word.as_str() {
                "whole" => source.0 = true,
                "len" | "depth" => {
                    let n = rest
                        .next()
                        .and_then(|n| n.parse::<usize>().ok())
                        .ok_or(format!("balance uri {word} needs a whole number"))?;
                    if word == "len" {
                        source.1 = Some(n);
                    } else {
                        source.2 = Some(n);
                    }
                }
                other => return Err(format!("balance uri: unknown option {other}")),
            }
        }
        return Ok(KeySource::Uri {
            whole: source.0,
            len: source.1,
            depth: source.2,
        });
    }
    Err(format!(
        "balance {algorithm} is not read here: use url_param, hdr(name) or uri"
    ))
}

fn key_hash(words: &[String]) -> Result<KeyHash, String> {
    match words.first().map(String::as_str) {
        Some("consistent") => {}
        Some(other) => {
            return Err(format!(
                "hash-type {other} is not a ring: only hash-type consistent places keys on one"
            ))
        }
        None => return Err("hash-type needs a method".into()),
    }
    match &words[1..] {
        // Plain `hash-type consistent`: sdbm with avalanche.
        [] => Ok(KeyHash::default()),
        [function] | [function, _] => {
            let function = Function::parse(function).ok_or(format!(
                "hash-type consistent {function}: the function is one of sdbm, djb2, wt6, crc32"
            ))?;
            let avalanche = match words.get(2).map(String::as_str) {
                None => false,
                Some("avalanche") => true,
                Some(other) => {
                    return Err(format!("hash-type consistent: unknown modifier {other}"))
                }
            };
            Ok(KeyHash {
                function,
                avalanche,
            })
        }
        _ => Err("hash-type consistent takes a function and avalanche at most".into()),
    }
}

/// `server <name> <address> [weight W] [id N] ...`.
fn server(words: &[String]) -> Result<(Server, Option<u32>), String> {
    let name = words.get(1).ok_or("server needs a name")?;
    let mut weight = 1.0;
    let mut id = None;
    let mut i = 3;
    while i < words.len() {
        let value = words.get(i + 1);
        match words[i].as_str() {
            "weight" => {
                weight = value
                    .and_then(|v| v.parse::<u32>().ok())
                    .filter(|&w| (1.0..=MAX_WEIGHT).contains(&f64::from(w)))
                    .ok_or(format!("server {name}: weight must be a whole number from 1 to {MAX_WEIGHT} (0 takes no keys and is not modelled)"))?
                    .into();
                i += 2;
            }
            "id" => {
                id = Some(
                    value
                        .and_then(|v| v.parse::<u32>().ok())
                        .filter(|&n| n >= 1)
                        .ok_or(format!(
                            "server {name}: id must be a whole number, at least 1"
                        ))?,
                );
                i += 2;
            }
            _ => i += 1,
        }
    }
    Ok((Server::new(name.clone()).with_weight(weight), id))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Partitioner;

    #[test]
    fn plain_consistent_is_sdbm_with_avalanche_and_defaults_are_inherited() {
        let backend = parse(
            "defaults\n  balance hdr(X-Key)\n  hash-type consistent\nbackend b\n  server a 1.1.1.1:1\n",
        )
        .unwrap();
        assert_eq!(backend.hash, KeyHash::default());
        assert_eq!(backend.key, KeySource::Header("X-Key".into()));
        let backend = parse("listen l\n balance uri whole len 8\n hash-type consistent wt6 avalanche\n server a x\n").unwrap();
        assert_eq!(backend.hash.function, Function::Wt6);
        assert!(backend.hash.avalanche);
        assert_eq!(
            backend.key,
            KeySource::Uri {
                whole: true,
                len: Some(8),
                depth: None
            }
        );
    }

    #[test]
    fn the_real_haproxy_check_places_as_haproxy_did() {
        let backend = parse(
            "backend web\n balance url_param k\n hash-type consistent sdbm\n server s1 127.0.0.1:9001 id 1\n server s2 127.0.0.1:9002 id 2\n server s3 127.0.0.1:9003 id 3\n",
        )
        .unwrap();
        let p = backend.build().unwrap();
        let owner = |key: &str| p.servers()[p.lookup(key.as_bytes()).unwrap()].name.clone();
        assert_eq!(owner("hello"), "s1");
        assert_eq!(owner("foo"), "s2");
        assert_eq!(owner(""), "s3");
    }

    #[test]
    fn what_cannot_be_used_is_named_with_its_line() {
        let err = |text: &str| parse(text).unwrap_err().to_string();
        assert!(err("global\n maxconn 10\n").contains("no backend"));
        assert!(err("backend b\n server a x\n").contains("no balance line"));
        assert!(err("backend b\n balance roundrobin\n server a x\n")
            .starts_with("line 2: balance roundrobin"));
        assert!(err("backend b\n balance uri\n server a x\n").contains("map-based"));
        assert!(
            err("backend b\n balance uri\n hash-type map-based\n server a x\n")
                .contains("line 3: hash-type map-based is not a ring")
        );
        assert!(
            err("backend b\n balance uri\n hash-type consistent md5\n server a x\n")
                .contains("sdbm, djb2, wt6, crc32")
        );
        assert!(
            err("backend b\n balance uri\n hash-type consistent\n server a x weight 300\n")
                .starts_with("line 4: server a: weight")
        );
        assert!(
            err("backend b\n balance uri\n hash-type consistent\n server a x id zero\n")
                .contains("id must be")
        );
    }

    #[test]
    fn the_first_backend_with_servers_is_read() {
        let backend = parse(
            "backend empty\n balance uri\nbackend full # the one\n balance url_param id\n hash-type consistent djb2\n server a x weight 3\n server b y\nbackend later\n server c z\n",
        )
        .unwrap();
        assert_eq!(backend.name, "full");
        assert_eq!(backend.servers.len(), 2);
        assert_eq!(backend.hash.function, Function::Djb2);
    }
}
