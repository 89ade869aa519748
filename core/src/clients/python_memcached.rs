//! python-memcached 1.62: a CRC-32 modulo over buckets, not consistent hashing.
//!
//! The buckets are the servers in order, each repeated weight times. A key goes to bucket
//! `cmemcache_hash(key) % len(buckets)`, a 15-bit hash. When that server is dead the
//! client rehashes `str(hash) + str(i)` and tries again, up to ten times.
//!
//! ```
//! use ringlab_core::clients::python_memcached::cmemcache_hash;
//! assert_eq!(cmemcache_hash(b"apple"), 10542);
//! assert_eq!(cmemcache_hash(b"105420"), 28923);
//! ```

use super::kafka::crc32;
use super::{answer_index, json, Client, ClientKind, Placement};
use crate::ConfigError;
use serde_json::Value;

/// `((crc32(key) & 0xffffffff) >> 16) & 0x7fff`: 0 to 32767.
pub fn cmemcache_hash(key: &[u8]) -> u32 {
    (crc32(key) >> 16) & 0x7fff
}

#[derive(Debug, Clone)]
pub struct PythonMemcached {
    answers: Vec<String>,
    /// Server indices, each repeated weight times.
    buckets: Vec<usize>,
    dead: Vec<bool>,
    /// `server_max_key_length`: 250 unless set; 0 means no limit.
    max_key: u64,
}

/// `_get_server` makes this many tries.
const SERVER_RETRIES: u32 = 10;

impl PythonMemcached {
    pub fn build(config: &Value, options: &Value) -> Result<PythonMemcached, ConfigError> {
        let lib = "python-memcached";
        let options = json::options(
            options,
            lib,
            &[
                "dead_retry",
                "socket_timeout",
                "debug",
                "server_max_key_length",
            ],
        )?;
        let max_key = json::whole_or(options, "server_max_key_length", 250, 0, 1 << 20)?;
        let list = config
            .as_array()
            .ok_or_else(|| json::invalid("python-memcached takes a JSON list of servers"))?;
        let mut answers = Vec::new();
        let mut buckets = Vec::new();
        for item in list {
            let (text, weight) = match item {
                Value::String(s) => (s.clone(), 1),
                Value::Array(pair) if pair.len() == 2 && pair[0].is_string() => (
                    pair[0].as_str().unwrap_or_default().to_string(),
                    json::whole(&pair[1], "a weight", 0, 1000)?,
                ),
                other => {
                    return Err(json::invalid(format!(
                        "python-memcached: {other} is not \"host:port\" or [\"host:port\", weight]"
                    )))
                }
            };
            buckets.extend(std::iter::repeat(answers.len()).take(weight as usize));
            answers.push(text);
        }
        let answers = json::nonempty(answers, lib)?;
        json::distinct(&answers, lib)?;
        Ok(PythonMemcached {
            dead: vec![false; answers.len()],
            answers,
            buckets,
            max_key,
        })
    }
}

/// `check_key`: why a key is refused, if it is.
fn refusal(key: &[u8], max_key: u64) -> Option<&'static str> {
    // valid_key_chars_re = b'[\x21-\x7e\x80-\xff]+$'; `$` also matches before a final
    // newline.
    let body = key.strip_suffix(b"\n").unwrap_or(key);
    if key.is_empty() {
        Some("Control/space characters not allowed (the empty key)")
    } else if max_key != 0 && key.len() as u64 > max_key {
        Some("key length is over server_max_key_length")
    } else if body.is_empty() || body.iter().any(|&b| b < 0x21 || b == 0x7f) {
        Some("Control/space characters not allowed")
    } else {
        None
    }
}

impl Client for PythonMemcached {
    fn name(&self) -> &'static str {
        ClientKind::PythonMemcached.name()
    }
    fn answers(&self) -> &[String] {
        &self.answers
    }
    fn place(&self, key: &[u8]) -> Placement {
        if let Some(why) = refusal(key, self.max_key) {
            return Placement::Refused(why.to_string());
        }
        if self.buckets.is_empty() {
            return Placement::Nowhere;
        }
        let mut hash = cmemcache_hash(key);
        for i in 0..SERVER_RETRIES {
            let server = self.buckets[hash as usize % self.buckets.len()];
            if !self.dead[server] {
                return Placement::To(server);
            }
            hash = cmemcache_hash(format!("{hash}{i}").as_bytes());
        }
        Placement::Nowhere
    }
    /// The server is marked dead (for `dead_retry` seconds); the buckets stay as they are.
    fn fail(&mut self, answer: &str) -> Result<(), ConfigError> {
        let i = answer_index(&self.answers, answer)?;
        self.dead[i] = true;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pool() -> PythonMemcached {
        PythonMemcached::build(
            &serde_json::json!(["127.0.0.1:11211", ["127.0.0.1:11212", 2], "127.0.0.1:11213"]),
            &serde_json::json!({}),
        )
        .unwrap()
    }

    #[test]
    fn the_public_checks() {
        let mut p = pool();
        assert_eq!(p.buckets, vec![0, 1, 1, 2]);
        assert_eq!(p.place(b"apple"), Placement::To(1));
        p.fail("127.0.0.1:11212").unwrap();
        assert_eq!(p.place(b"apple"), Placement::To(2));
    }

    #[test]
    fn keys_are_checked_as_check_key_does() {
        let p = pool();
        for bad in [&b""[..], b"a b", b"a\tb", b"\x7f", b"\n"] {
            assert!(matches!(p.place(bad), Placement::Refused(_)), "{bad:?}");
        }
        assert!(matches!(p.place(&[b'x'; 251]), Placement::Refused(_)));
        assert!(
            matches!(p.place(b"apple\n"), Placement::To(_)),
            "`$` matches before a final newline"
        );
        assert!(matches!(p.place("café".as_bytes()), Placement::To(_)));
    }

    #[test]
    fn the_key_length_limit_is_an_option() {
        let config = serde_json::json!(["a:1"]);
        let long = [b'x'; 300];
        let limited = PythonMemcached::build(&config, &serde_json::json!({})).unwrap();
        assert!(matches!(limited.place(&long), Placement::Refused(_)));
        let open =
            PythonMemcached::build(&config, &serde_json::json!({"server_max_key_length": 0}))
                .unwrap();
        assert_eq!(open.place(&long), Placement::To(0));
    }

    #[test]
    fn every_server_dead_is_nowhere() {
        let mut p = pool();
        for s in ["127.0.0.1:11211", "127.0.0.1:11212", "127.0.0.1:11213"] {
            p.fail(s).unwrap();
        }
        assert_eq!(p.place(b"apple"), Placement::Nowhere);
    }
}
