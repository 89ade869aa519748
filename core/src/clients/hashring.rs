//! hashring (npm) 3.2.0: `new HashRing(servers, 'md5', options).get(key)`.
//!
//! libketama's points and lookup, with two quirks of its own: each server's point count
//! is computed in doubles (7 equal servers get 39 vnodes each, as 1 / 7 * 40 * 7 is
//! 39.99999999999999), and port 11211 is hashed whole unless `'default port'` says so.
//!
//! ```
//! use ringlab_core::clients::hashring::vnodes_for;
//! assert_eq!(vnodes_for(1.0, 7.0, 40.0, 7), 39);
//! assert_eq!(vnodes_for(1.0, 6.0, 40.0, 6), 40);
//! ```

use super::circle::{md5_words, Circle, Lookup, Tie};
use super::{answer_index, json, Client, ClientKind, Placement};
use crate::ConfigError;
use serde_json::Value;

#[derive(Debug, Clone)]
struct Server {
    text: String,
    weight: f64,
    vnodes: Option<f64>,
}

#[derive(Debug, Clone)]
pub struct Hashring {
    servers: Vec<Server>,
    answers: Vec<String>,
    live: Vec<bool>,
    vnode_count: f64,
    replicas: usize,
    default_port: Option<f64>,
    circle: Circle<u32>,
}

/// `Math.floor(weight / total * vnodes * servers)`, in doubles, in that order.
pub fn vnodes_for(weight: f64, total: f64, vnodes: f64, servers: usize) -> u64 {
    (weight / total * vnodes * servers as f64).floor() as u64
}

/// The `'default port'` an options text sets, if it is a number (a string never matches).
///
/// ```
/// use ringlab_core::clients::hashring::default_port;
/// assert_eq!(default_port(r#"{"default port": 11211}"#), Some(11211.0));
/// assert_eq!(default_port(r#"{"default port": "11211"}"#), None);
/// assert_eq!(default_port("{x"), None);
/// ```
pub fn default_port(options: &str) -> Option<f64> {
    serde_json::from_str::<Value>(options)
        .ok()?
        .get("default port")?
        .as_f64()
}

/// JavaScript's `Number(text)` for the texts a port can be: empty is 0, junk is NaN.
fn js_number(text: &str) -> f64 {
    let t = text.trim();
    if t.is_empty() {
        0.0
    } else {
        t.parse().unwrap_or(f64::NAN)
    }
}

/// `Number(value)` with 0, NaN and missing made 1.
fn js_weight(value: Option<&Value>) -> f64 {
    let n = match value {
        Some(Value::Number(n)) => n.as_f64().unwrap_or(f64::NAN),
        Some(Value::String(s)) => js_number(s),
        Some(Value::Bool(b)) => f64::from(u8::from(*b)),
        _ => f64::NAN,
    };
    if n == 0.0 || n.is_nan() {
        1.0
    } else {
        n
    }
}

const MAX_POINTS: f64 = 1_000_000.0;

impl Hashring {
    pub fn build(config: &Value, options: &Value) -> Result<Hashring, ConfigError> {
        let lib = "hashring";
        let options = json::options(
            options,
            lib,
            &[
                "vnode count",
                "replicas",
                "compatibility",
                "default port",
                "max cache size",
            ],
        )?;
        let vnode_count = json::whole_or(options, "vnode count", 40, 1, 10_000)? as f64;
        let replicas = match options.get("compatibility") {
            Some(Value::String(s)) if s == "hash_ring" => 3,
            Some(v) if !v.is_null() => 4,
            _ => json::whole_or(options, "replicas", 4, 1, 4)? as usize,
        };
        // `===` on numbers: a string never equals a port.
        let default_port = options.get("default port").and_then(Value::as_f64);
        let servers = servers(config)?;
        let answers: Vec<String> = servers.iter().map(|s| s.text.clone()).collect();
        json::distinct(&answers, lib)?;
        let mut ring = Hashring {
            live: vec![true; servers.len()],
            servers,
            answers,
            vnode_count,
            replicas,
            default_port,
            circle: Circle::new(vec![], Lookup::AtOrAfter, Tie::FirstMade),
        };
        ring.circle = ring.continuum()?;
        Ok(ring)
    }

    /// `continuum()`: every live server's points, sorted (stable).
    fn continuum(&self) -> Result<Circle<u32>, ConfigError> {
        let live: Vec<usize> = (0..self.servers.len()).filter(|&i| self.live[i]).collect();
        let total: f64 = live.iter().map(|&i| self.servers[i].weight).sum();
        let mut points = Vec::new();
        for &i in &live {
            let server = &self.servers[i];
            let own = server.vnodes.filter(|&v| v != 0.0);
            let length = match own {
                // `for (j = 0; j < length; j++)`: a fraction counts up, a negative is none.
                Some(v) if v != self.vnode_count => v.ceil().max(0.0) as u64,
                _ => vnodes_for(
                    server.weight,
                    total,
                    own.unwrap_or(self.vnode_count),
                    live.len(),
                ),
            };
            if (points.len() as f64 + length as f64 * self.replicas as f64) > MAX_POINTS {
                return Err(json::invalid(format!(
                    "hashring: server {:?} would take the ring past {MAX_POINTS} points",
                    server.text
                )));
            }
            let name = self.hashed_name(&server.text);
            for k in 0..length {
                let point = format!("{name}-{k}");
                points.extend(md5_words(point.as_bytes(), self.replicas).map(|p| (p, i)));
            }
        }
        Ok(Circle::new(points, Lookup::AtOrAfter, Tie::FirstMade))
    }

    /// The text hashed for a server's points: the host alone when its port is the
    /// `'default port'` option, else the whole text. connection-parse splits at `:`.
    fn hashed_name<'a>(&self, text: &'a str) -> &'a str {
        let mut parts = text.split(':');
        let host = parts.next().unwrap_or("");
        let port = parts.next().map(js_number);
        match (self.default_port, port) {
            (Some(d), Some(p)) if d == p => host,
            _ => text,
        }
    }

    /// Points per server, in the order of the configuration.
    pub fn point_counts(&self) -> Vec<usize> {
        self.circle.counts(self.servers.len())
    }
}

/// An array of `"host:port"`, or an object of server to weight or `{weight, vnodes}`.
fn servers(config: &Value) -> Result<Vec<Server>, ConfigError> {
    let lib = "hashring";
    let list = match config {
        Value::Array(list) => list
            .iter()
            .map(|v| {
                v.as_str()
                    .map(|s| Server {
                        text: s.to_string(),
                        weight: 1.0,
                        vnodes: None,
                    })
                    .ok_or_else(|| {
                        json::invalid(format!("hashring: {v} is not a server (a string)"))
                    })
            })
            .collect::<Result<Vec<_>, _>>()?,
        Value::String(s) => vec![Server {
            text: s.clone(),
            weight: 1.0,
            vnodes: None,
        }],
        Value::Object(map) => map
            .iter()
            .map(|(text, v)| {
                let (weight, vnodes) = match v {
                    Value::Object(o) => (
                        js_weight(o.get("weight")),
                        o.get("vnodes").and_then(Value::as_f64),
                    ),
                    other => (js_weight(Some(other)), None),
                };
                Server {
                    text: text.clone(),
                    weight,
                    vnodes,
                }
            })
            .collect(),
        _ => {
            return Err(json::invalid(
                "hashring takes a JSON array of servers or an object of servers",
            ))
        }
    };
    if list.iter().any(|s| !s.weight.is_finite() || s.weight < 0.0) {
        return Err(json::invalid(
            "hashring: a weight must be a positive number",
        ));
    }
    json::nonempty(list, lib)
}

impl Client for Hashring {
    fn name(&self) -> &'static str {
        ClientKind::Hashring.name()
    }
    fn answers(&self) -> &[String] {
        &self.answers
    }
    fn points(&self) -> Option<Vec<usize>> {
        Some(self.point_counts())
    }
    fn place(&self, key: &[u8]) -> Placement {
        let hash = md5_words(key, 1).next().unwrap_or(0);
        self.circle
            .owner(hash)
            .map_or(Placement::Nowhere, Placement::To)
    }
    /// `remove(server)`: the whole ring is rebuilt (every length depends on the total).
    fn fail(&mut self, answer: &str) -> Result<(), ConfigError> {
        let i = answer_index(&self.answers, answer)?;
        self.live[i] = false;
        self.circle = self.continuum()?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ring(config: Value, options: Value) -> Hashring {
        Hashring::build(&config, &options).unwrap()
    }

    #[test]
    fn seven_equal_servers_get_39_vnodes_through_doubles() {
        let names: Vec<String> = (1..=7).map(|i| format!("10.0.0.{i}:11211")).collect();
        assert_eq!(
            ring(serde_json::json!(names), serde_json::json!({})).point_counts(),
            vec![156; 7]
        );
        let weights = serde_json::json!({"a": 1, "b": 2, "c": 2, "d": 1, "e": 1, "f": 3, "g": 4});
        let counts = ring(weights, serde_json::json!({})).point_counts();
        assert_eq!(counts, [19, 39, 39, 19, 19, 60, 79].map(|v| v * 4));
    }

    #[test]
    fn the_default_port_option_must_be_a_number_to_match() {
        let r = |port: Value| {
            ring(
                serde_json::json!(["10.0.0.1:11211"]),
                serde_json::json!({"default port": port}),
            )
        };
        assert_eq!(
            r(serde_json::json!(11211)).hashed_name("10.0.0.1:11211"),
            "10.0.0.1"
        );
        assert_eq!(
            r(serde_json::json!("11211")).hashed_name("10.0.0.1:11211"),
            "10.0.0.1:11211"
        );
        let plain = ring(serde_json::json!(["10.0.0.1:11211"]), serde_json::json!({}));
        assert_eq!(plain.hashed_name("10.0.0.1:11211"), "10.0.0.1:11211");
    }

    #[test]
    fn hash_ring_compatibility_makes_three_points_per_digest() {
        let r = ring(
            serde_json::json!(["a", "b"]),
            serde_json::json!({"compatibility": "hash_ring"}),
        );
        assert_eq!(r.point_counts(), vec![120, 120]);
        let weightless = ring(serde_json::json!({"a": 0, "b": "x"}), serde_json::json!({}));
        assert_eq!(
            weightless.point_counts(),
            vec![160, 160],
            "0 and NaN weigh 1"
        );
    }

    #[test]
    fn the_public_checks() {
        let r = ring(
            serde_json::json!(["127.0.0.1:11211", "127.0.0.2:11212", "cache-p.local:11211"]),
            serde_json::json!({}),
        );
        assert_eq!(r.place(b"apple"), Placement::To(1));
        assert_eq!(
            r.place(b"127.0.0.1:11211-0"),
            Placement::To(0),
            "an exact hit stays"
        );
        let ties = ring(
            serde_json::json!(["t919", "t1742", "cache-x"]),
            serde_json::json!({}),
        );
        assert_eq!(ties.circle.owner(725036374), Some(0), "the first listed");
    }
}
