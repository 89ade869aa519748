//! The client libraries people run inside their applications, exactly: where each one puts
//! a key, given the configuration its constructor takes.
//!
//! A team that mixes languages on one cache pool or one Kafka topic mixes these. Each file
//! follows one library as `shared/references/SPECS.md` reads it, quirks included (a lookup
//! rule, a tie rule, a rounding), and is checked against files the real packages wrote.
//!
//! ```
//! use ringlab_core::clients::{build, ClientKind, Placement};
//! let kafka = build(ClientKind::Kafka, "", "{}", Some(6)).unwrap();
//! assert_eq!(kafka.place(b"apple"), Placement::To(1));
//! let legacy = build(ClientKind::KafkajsLegacy, "", "{}", Some(6)).unwrap();
//! assert_eq!(legacy.place(b"apple"), Placement::To(4));
//! assert_eq!(legacy.answers()[4], "4");
//! ```

pub mod agree;
pub mod buraksezer;
pub mod circle;
pub mod consistent_hash;
pub mod go_redis;
pub mod hash_ring;
pub mod hashring;
pub mod json;
pub mod kafka;
pub mod kind;
pub mod pymemcache;
pub mod python_memcached;
pub mod stathat;
pub mod uhashring;

pub use kind::ClientKind;

use crate::ConfigError;

/// Where a client sends one key.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Placement {
    /// To this answer: an index into [`Client::answers`].
    To(usize),
    /// To a server or partition the client picks at random (librdkafka's empty key).
    Random,
    /// The client refuses the key before placing it; the reason, in a sentence.
    Refused(String),
    /// Nowhere: no live server, or every try met a dead one.
    Nowhere,
}

impl Placement {
    /// The answer's text, as the command line prints it.
    pub fn text<'a>(&'a self, answers: &'a [String]) -> std::borrow::Cow<'a, str> {
        match self {
            Placement::To(i) => answers[*i].as_str().into(),
            Placement::Random => "(random)".into(),
            Placement::Refused(why) => format!("(refused: {why})").into(),
            Placement::Nowhere => "(none)".into(),
        }
    }
}

/// One client library, configured.
pub trait Client {
    /// The library's name (`--client NAME`), or the scheme's.
    fn name(&self) -> &'static str;
    /// Every answer it can give: the servers as the configuration writes them, or the
    /// partition numbers `0` to `N - 1`.
    fn answers(&self) -> &[String];
    /// Where the key goes. The key is the bytes the application passes (UTF-8 for text).
    fn place(&self, key: &[u8]) -> Placement;
    /// The client after `answer` fails, handled as the library handles a failure (a
    /// removal, a rehash past the dead bucket, ...). Its answers keep their indices.
    fn fail(&mut self, answer: &str) -> Result<(), ConfigError>;
    /// Points (virtual nodes) per answer, for the clients that keep a ring.
    fn points(&self) -> Option<Vec<usize>> {
        None
    }
}

/// Builds a client from the JSON its constructor takes (`config`) and its options or
/// keyword arguments (`options`, `{}` when none). `partitions` is for Kafka's partitioners,
/// which place keys on partition numbers rather than servers.
pub fn build(
    kind: ClientKind,
    config: &str,
    options: &str,
    partitions: Option<u32>,
) -> Result<Box<dyn Client>, ConfigError> {
    let options = json::parse(options, "--options")?;
    // The servers' clients read `config`; Kafka's partitioners place on partitions.
    let config = || -> Result<serde_json::Value, ConfigError> {
        if partitions.is_some() {
            return Err(ConfigError::Invalid(format!(
                "{} places keys on servers, not partitions: leave out --partitions",
                kind.name()
            )));
        }
        json::parse(config, "--config")
    };
    Ok(match kind {
        ClientKind::Kafka
        | ClientKind::KafkajsLegacy
        | ClientKind::Librdkafka
        | ClientKind::LibrdkafkaMurmur2 => {
            Box::new(kafka::Partitioner::build(kind, partitions, &options)?)
        }
        ClientKind::Uhashring => Box::new(uhashring::Uhashring::build(&config()?, &options)?),
        ClientKind::Hashring => Box::new(hashring::Hashring::build(&config()?, &options)?),
        ClientKind::HashRing => Box::new(hash_ring::HashRing::build(&config()?, &options)?),
        ClientKind::Pymemcache => Box::new(pymemcache::Pymemcache::build(&config()?, &options)?),
        ClientKind::PythonMemcached => Box::new(python_memcached::PythonMemcached::build(
            &config()?,
            &options,
        )?),
        ClientKind::ConsistentHash => Box::new(consistent_hash::ConsistentHash::build(
            &config()?,
            &options,
        )?),
        ClientKind::GoRedisRing => Box::new(go_redis::Ring::build(&config()?, &options)?),
        ClientKind::Buraksezer | ClientKind::BuraksezerV0 => {
            Box::new(buraksezer::Consistent::build(kind, &config()?, &options)?)
        }
        ClientKind::Stathat => Box::new(stathat::Consistent::build(&config()?, &options)?),
    })
}

/// The configuration a client's constructor takes for a server list ringlab writes
/// (`a,b=2,c`): a JSON list of names, or, where weights differ, the library's own way of
/// weighting (uhashring's and hashring's objects, python-memcached's pairs).
///
/// ```
/// use ringlab_core::clients::{config_for, ClientKind};
/// use ringlab_core::parse_server_list;
/// let servers = parse_server_list("a,b=2").unwrap();
/// assert_eq!(config_for(ClientKind::Uhashring, &servers).unwrap(), r#"{"a":1,"b":2}"#);
/// assert_eq!(config_for(ClientKind::PythonMemcached, &servers).unwrap(), r#"[["a",1],["b",2]]"#);
/// assert!(config_for(ClientKind::Pymemcache, &servers).is_err());
/// ```
pub fn config_for(kind: ClientKind, servers: &[crate::Server]) -> Result<String, ConfigError> {
    use serde_json::{json, Map, Value};
    let names: Vec<&str> = servers.iter().map(|s| s.name.as_str()).collect();
    if servers.iter().all(|s| s.weight == 1.0) {
        return Ok(json!(names).to_string());
    }
    let whole = |w: f64| -> Result<u64, ConfigError> {
        if w.fract() == 0.0 && w >= 0.0 {
            Ok(w as u64)
        } else {
            Err(json::invalid(format!(
                "{} takes whole weights, not {w}",
                kind.name()
            )))
        }
    };
    let value = match kind {
        ClientKind::Uhashring | ClientKind::Hashring => {
            let mut map = Map::new();
            for s in servers {
                map.insert(s.name.clone(), json!(whole(s.weight)?));
            }
            Value::Object(map)
        }
        ClientKind::PythonMemcached => Value::Array(
            servers
                .iter()
                .map(|s| Ok(json!([s.name, whole(s.weight)?])))
                .collect::<Result<_, ConfigError>>()?,
        ),
        _ => {
            return Err(json::invalid(format!(
                "{} takes no weights in its server list{}",
                kind.name(),
                if kind == ClientKind::HashRing {
                    " (give them as --options {\"weights\": {..}})"
                } else {
                    ""
                }
            )))
        }
    };
    Ok(value.to_string())
}

/// The index of `answer` among `answers`, or a clear refusal.
pub(crate) fn answer_index(answers: &[String], answer: &str) -> Result<usize, ConfigError> {
    answers
        .iter()
        .position(|a| a == answer)
        .ok_or_else(|| ConfigError::UnknownServer(answer.to_string()))
}
