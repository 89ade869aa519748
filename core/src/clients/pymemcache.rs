//! pymemcache 4.0.0's `HashClient` (Python): rendezvous hashing with its own MurmurHash3.
//!
//! Node `n` scores key `k` with `murmur3_32(f"{n}-{k}")`, and the highest score wins. The
//! hash reads the text's code points, each taken mod 256, not its UTF-8 bytes: "é" is the
//! byte E9 and "日" is E5.
//!
//! ```
//! use ringlab_core::clients::pymemcache::murmur3_32;
//! assert_eq!(murmur3_32("hello"), 613153351);
//! assert_eq!(murmur3_32("é"), 1153881266);
//! ```

use super::{answer_index, json, Client, ClientKind, Placement};
use crate::ConfigError;
use serde_json::Value;

/// pymemcache's `murmur3_32(data, seed=0)`: MurmurHash3 x86_32 over the code points of
/// `text`, each mod 256.
pub fn murmur3_32(text: &str) -> u32 {
    let bytes: Vec<u8> = text.chars().map(|c| (c as u32 & 0xff) as u8).collect();
    const C1: u32 = 0xcc9e_2d51;
    const C2: u32 = 0x1b87_3593;
    let mut h: u32 = 0;
    let mut blocks = bytes.chunks_exact(4);
    for block in &mut blocks {
        let mut k = u32::from_le_bytes([block[0], block[1], block[2], block[3]]);
        k = k.wrapping_mul(C1).rotate_left(15).wrapping_mul(C2);
        h ^= k;
        h = h.rotate_left(13).wrapping_mul(5).wrapping_add(0xe654_6b64);
    }
    let tail = blocks.remainder();
    if !tail.is_empty() {
        let mut k = 0u32;
        for (i, &b) in tail.iter().enumerate() {
            k ^= u32::from(b) << (8 * i);
        }
        h ^= k.wrapping_mul(C1).rotate_left(15).wrapping_mul(C2);
    }
    h ^= bytes.len() as u32;
    h ^= h >> 16;
    h = h.wrapping_mul(0x85eb_ca6b);
    h ^= h >> 13;
    h = h.wrapping_mul(0xc2b2_ae35);
    h ^ (h >> 16)
}

#[derive(Debug, Clone)]
pub struct Pymemcache {
    /// The servers as the configuration writes them.
    answers: Vec<String>,
    /// The node names the hasher scores (`normalize_server_spec`, `_make_client_key`).
    nodes: Vec<String>,
    live: Vec<bool>,
    allow_unicode_keys: bool,
}

/// The options of `HashClient` that move no key; `allow_unicode_keys` decides which keys
/// are refused.
const OPTIONS: &[&str] = &[
    "allow_unicode_keys",
    "retry_attempts",
    "retry_timeout",
    "dead_timeout",
    "use_pooling",
    "ignore_exc",
    "connect_timeout",
    "timeout",
    "no_delay",
    "encoding",
    "default_noreply",
    "max_pool_size",
    "pool_idle_timeout",
    "socket_keepalive",
];

/// `normalize_server_spec` then `_make_client_key`: the node's name.
pub fn node_name(spec: &Value) -> Result<String, ConfigError> {
    let port_text = |p: &Value| match p {
        Value::Number(n) => Ok(n.to_string()),
        Value::String(s) => Ok(s.clone()),
        other => Err(json::invalid(format!("pymemcache: {other} is not a port"))),
    };
    match spec {
        Value::Array(pair) if pair.len() == 2 => {
            let host = pair[0]
                .as_str()
                .ok_or_else(|| json::invalid("pymemcache: a host is a string"))?;
            Ok(format!("{host}:{}", port_text(&pair[1])?))
        }
        Value::String(s) => {
            if let Some(path) = s.strip_prefix("unix:") {
                return Ok(path.to_string());
            }
            if s.starts_with('/') {
                return Ok(s.clone());
            }
            let (host, port) = match s.rsplit_once(':') {
                Some((host, port)) if !s.ends_with(']') => (host, port),
                _ => (s.as_str(), "11211"),
            };
            let port: u32 = port.trim().parse().map_err(|_| {
                json::invalid(format!("pymemcache: {s:?} has no whole port (int() fails)"))
            })?;
            let host = if host.starts_with('[') {
                host.trim_matches(|c| c == '[' || c == ']')
            } else {
                host
            };
            Ok(format!("{host}:{port}"))
        }
        other => Err(json::invalid(format!("pymemcache: unknown server {other}"))),
    }
}

impl Pymemcache {
    pub fn build(config: &Value, options: &Value) -> Result<Pymemcache, ConfigError> {
        let lib = "pymemcache";
        let options = json::options(options, lib, OPTIONS)?;
        let allow_unicode_keys = match options.get("allow_unicode_keys") {
            None | Some(Value::Null) => false,
            Some(Value::Bool(b)) => *b,
            Some(other) => {
                return Err(json::invalid(format!(
                    "allow_unicode_keys is true or false, not {other}"
                )))
            }
        };
        let list = config
            .as_array()
            .ok_or_else(|| json::invalid("pymemcache takes a JSON list of servers"))?;
        let nodes = json::nonempty(
            list.iter().map(node_name).collect::<Result<Vec<_>, _>>()?,
            lib,
        )?;
        json::distinct(&nodes, lib)?;
        let answers = list
            .iter()
            .map(|v| match v {
                Value::String(s) => s.clone(),
                other => other.to_string(),
            })
            .collect();
        Ok(Pymemcache {
            live: vec![true; nodes.len()],
            nodes,
            answers,
            allow_unicode_keys,
        })
    }

    /// `check_key_helper`: why a key is refused, if it is.
    fn refusal(&self, key: &str) -> Option<String> {
        if !self.allow_unicode_keys && !key.is_ascii() {
            return Some("non-ASCII key (allow_unicode_keys is off)".to_string());
        }
        let bytes = key.as_bytes();
        let space = |b: &u8| b" \t\n\r\x0b\x0c".contains(b);
        // `key.split()` finds more than one part, or one part that is not the whole key.
        let parts = bytes.split(space).filter(|p| !p.is_empty()).count();
        if bytes.len() > 250 {
            Some("key is too long (over 250 bytes)".to_string())
        } else if parts > 1 || (parts == 1 && bytes.iter().any(space)) {
            Some("key contains whitespace".to_string())
        } else if bytes.contains(&0) {
            Some("key contains null".to_string())
        } else {
            None
        }
    }
}

impl Client for Pymemcache {
    fn name(&self) -> &'static str {
        ClientKind::Pymemcache.name()
    }
    fn answers(&self) -> &[String] {
        &self.answers
    }
    fn place(&self, key: &[u8]) -> Placement {
        let key = String::from_utf8_lossy(key);
        if let Some(why) = self.refusal(&key) {
            return Placement::Refused(why);
        }
        let mut best: Option<(u32, usize)> = None;
        for (i, name) in self.nodes.iter().enumerate().filter(|(i, _)| self.live[*i]) {
            let score = murmur3_32(&format!("{name}-{key}"));
            best = match best {
                Some((high, _)) if score < high => best,
                // An equal score: the greater name wins, whatever the order.
                Some((high, w)) if score == high && self.nodes[w] > *name => best,
                _ => Some((score, i)),
            };
        }
        best.map_or(Placement::Nowhere, |(_, i)| Placement::To(i))
    }
    /// After `retry_attempts` failures the node leaves the hasher: only its keys move.
    /// Named as written or as its node name (`cache-e` or `cache-e:11211`).
    fn fail(&mut self, answer: &str) -> Result<(), ConfigError> {
        let i = answer_index(&self.answers, answer)
            .or_else(|e| self.nodes.iter().position(|n| n == answer).ok_or(e))?;
        self.live[i] = false;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn client(config: Value, options: Value) -> Pymemcache {
        Pymemcache::build(&config, &options).unwrap()
    }

    #[test]
    fn node_names_are_normalised() {
        let names = |v: Value| client(v, serde_json::json!({})).nodes;
        assert_eq!(
            names(serde_json::json!([
                "[fd00::5]:11211",
                "cache-e",
                "unix:/tmp/mc.sock",
                ["h", 1]
            ])),
            vec!["fd00::5:11211", "cache-e:11211", "/tmp/mc.sock", "h:1"]
        );
        assert!(Pymemcache::build(&serde_json::json!(["h:x"]), &serde_json::json!({})).is_err());
        // The answers are the servers as written; a failure may name either.
        let mut c = client(serde_json::json!(["cache-e", "h:1"]), serde_json::json!({}));
        assert_eq!(c.answers, vec!["cache-e", "h:1"]);
        c.fail("cache-e:11211").unwrap();
        assert!(!c.live[0]);
    }

    #[test]
    fn the_public_checks() {
        let c = client(
            serde_json::json!([
                "mc-p1.example:11211",
                "mc-p2.example:11211",
                "mc-p3.example:11311"
            ]),
            serde_json::json!({"allow_unicode_keys": true}),
        );
        assert_eq!(murmur3_32("mc-p1.example:11211-apple"), 2069332091);
        assert_eq!(murmur3_32("mc-p3.example:11311-apple"), 348566892);
        assert_eq!(c.place(b"apple"), Placement::To(1));
        assert_eq!(c.place("über".as_bytes()), Placement::To(1));
    }

    #[test]
    fn keys_are_checked_as_check_key_helper_does() {
        let strict = client(serde_json::json!(["a"]), serde_json::json!({}));
        let refused = |k: &str| matches!(strict.place(k.as_bytes()), Placement::Refused(_));
        assert!(refused("café"));
        assert!(refused("a b"));
        assert!(refused(" a"));
        assert!(refused("a\u{0}b"));
        assert!(refused(&"x".repeat(251)));
        assert!(!refused(&"x".repeat(250)));
        assert!(!refused(""), "the empty key scores f\"{{n}}-\"");
        assert!(
            !refused("  "),
            "all whitespace splits into no parts and passes"
        );
    }

    /// Two nodes that score "k" alike (found by search, checked against pymemcache 4.0.0's
    /// own `hasher.get_node("k")`, which answers n25116:11211 in either order).
    #[test]
    fn an_equal_score_goes_to_the_greater_name_in_either_order() {
        assert_eq!(murmur3_32("n24773:11211-k"), 889003192);
        assert_eq!(murmur3_32("n25116:11211-k"), 889003192);
        for order in [
            ["n24773:11211", "n25116:11211"],
            ["n25116:11211", "n24773:11211"],
        ] {
            let c = client(serde_json::json!(order), serde_json::json!({}));
            let Placement::To(i) = c.place(b"k") else {
                panic!("placed")
            };
            assert_eq!(c.answers[i], "n25116:11211", "{order:?}");
        }
    }

    #[test]
    fn failures_move_only_their_keys() {
        let mut c = client(
            serde_json::json!(["a:1", "b:1", "c:1"]),
            serde_json::json!({}),
        );
        let before: Vec<Placement> = (0..200)
            .map(|i| c.place(format!("k{i}").as_bytes()))
            .collect();
        c.fail("b:1").unwrap();
        for (i, was) in before.iter().enumerate() {
            let now = c.place(format!("k{i}").as_bytes());
            if *was != Placement::To(1) {
                assert_eq!(&now, was);
            } else {
                assert_ne!(now, Placement::To(1));
            }
        }
    }
}
