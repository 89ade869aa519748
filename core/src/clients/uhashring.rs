//! uhashring (Python) 2.5: `HashRing(nodes, **kwargs).get_node(key)`.
//!
//! Its default ring hashes with all 128 bits of MD5; `hash_fn="ketama"` makes libketama's
//! points. Both take the first point strictly greater than the key's hash (`bisect_right`),
//! where libketama takes greater-or-equal, and an equal point keeps the node written last.
//!
//! ```
//! use ringlab_core::clients::{build, ClientKind, Placement};
//! let nodes = r#"["127.0.0.1:11211", "127.0.0.1:11212"]"#;
//! let ketama = build(ClientKind::Uhashring, nodes, r#"{"hash_fn": "ketama"}"#, None).unwrap();
//! assert_eq!(ketama.place(b"test"), Placement::To(0));
//! assert_eq!(ketama.place(b"apple"), Placement::To(1));
//! ```

use super::circle::{md5_words, Circle, Lookup, Tie};
use super::{answer_index, json, Client, ClientKind, Placement};
use crate::ConfigError;
use serde_json::Value;

/// One node: its name, weight and own vnodes (if it sets them).
#[derive(Debug, Clone, PartialEq)]
struct Node {
    name: String,
    weight: u64,
    vnodes: Option<u64>,
}

#[derive(Debug, Clone, PartialEq)]
enum Points {
    /// `MetaRing`: 128-bit MD5 points.
    Meta(Circle<u128>),
    /// `KetamaRing`: libketama's 32-bit words.
    Ketama(Circle<u32>),
}

#[derive(Debug, Clone)]
pub struct Uhashring {
    nodes: Vec<Node>,
    answers: Vec<String>,
    live: Vec<bool>,
    ketama: bool,
    vnodes: u64,
    replicas: u64,
    points: Points,
}

/// The 128-bit number `int(md5(text).hexdigest(), 16)`.
pub fn md5_128(text: &[u8]) -> u128 {
    use md5::{Digest, Md5};
    u128::from_be_bytes(Md5::digest(text).into())
}

const MAX_POINTS: u64 = 1_000_000;

impl Uhashring {
    pub fn build(config: &Value, options: &Value) -> Result<Uhashring, ConfigError> {
        let lib = "uhashring";
        let options = json::options(options, lib, &["hash_fn", "vnodes", "replicas"])?;
        let ketama = match options.get("hash_fn") {
            None | Some(Value::Null) => false,
            Some(Value::String(s)) if s == "ketama" => true,
            Some(other) => {
                return Err(json::invalid(format!(
                    "uhashring's hash_fn is ketama or left out (the default ring), not {other}"
                )))
            }
        };
        let vnodes = json::whole_or(options, "vnodes", if ketama { 40 } else { 160 }, 1, 10_000)?;
        let replicas = json::whole_or(options, "replicas", 4, 1, 4)?;
        let nodes = nodes(config)?;
        let names: Vec<String> = nodes.iter().map(|n| n.name.clone()).collect();
        json::distinct(&names, lib)?;
        let mut ring = Uhashring {
            live: vec![true; nodes.len()],
            nodes,
            answers: names,
            ketama,
            vnodes,
            replicas,
            points: Points::Meta(Circle::new(vec![], Lookup::After, Tie::LastMade)),
        };
        ring.points = ring.make_points()?;
        Ok(ring)
    }

    fn make_points(&self) -> Result<Points, ConfigError> {
        let live: Vec<(usize, &Node)> = self
            .nodes
            .iter()
            .enumerate()
            .filter(|(i, _)| self.live[*i])
            .collect();
        let weights: u64 = live.iter().map(|(_, n)| n.weight).sum();
        if self.ketama && weights == 0 && !live.is_empty() {
            return Err(json::invalid(
                "uhashring's ketama ring divides by the total weight, 0 here (ZeroDivisionError)",
            ));
        }
        let mut total = 0u64;
        for (i, node) in &live {
            let vnodes = node.vnodes.unwrap_or(self.vnodes);
            let count = if self.ketama {
                let weights: u64 = live.iter().map(|(_, n)| n.weight).sum();
                (vnodes * live.len() as u64 * node.weight)
                    .checked_div(weights)
                    .unwrap_or(0)
                    * self.replicas
            } else {
                vnodes * node.weight
            };
            total += count;
            if total > MAX_POINTS {
                return Err(json::invalid(format!(
                    "uhashring: node {:?} would take the ring past {MAX_POINTS} points",
                    self.answers[*i]
                )));
            }
        }
        Ok(if self.ketama {
            let weights: u64 = live.iter().map(|(_, n)| n.weight).sum();
            let mut points = Vec::new();
            for (i, node) in &live {
                let vnodes = node.vnodes.unwrap_or(self.vnodes);
                let ks = (vnodes * live.len() as u64 * node.weight)
                    .checked_div(weights)
                    .unwrap_or(0);
                for k in 0..ks {
                    let name = format!("{}-{k}", node.name);
                    points.extend(
                        md5_words(name.as_bytes(), self.replicas as usize).map(|p| (p, *i)),
                    );
                }
            }
            Points::Ketama(Circle::new(points, Lookup::After, Tie::LastMade))
        } else {
            let mut points = Vec::new();
            for (i, node) in &live {
                let count = node.vnodes.unwrap_or(self.vnodes) * node.weight;
                for k in 0..count {
                    points.push((md5_128(format!("{}-{k}", node.name).as_bytes()), *i));
                }
            }
            Points::Meta(Circle::new(points, Lookup::After, Tie::LastMade))
        })
    }

    /// Points per node, in the order of the configuration.
    pub fn point_counts(&self) -> Vec<usize> {
        match &self.points {
            Points::Meta(c) => c.counts(self.nodes.len()),
            Points::Ketama(c) => c.counts(self.nodes.len()),
        }
    }
}

/// The nodes: a list of names, or a dict of name to weight or to `{weight, vnodes, ...}`.
fn nodes(config: &Value) -> Result<Vec<Node>, ConfigError> {
    let lib = "uhashring";
    let plain = |name: &str| Node {
        name: name.to_string(),
        weight: 1,
        vnodes: None,
    };
    let nodes = match config {
        Value::Array(list) => list
            .iter()
            .map(|v| match v {
                Value::String(s) => Ok(plain(s)),
                Value::Number(n) => Ok(plain(&n.to_string())),
                other => Err(json::invalid(format!("uhashring: {other} is not a node name"))),
            })
            .collect::<Result<Vec<_>, _>>()?,
        Value::Object(map) => map
            .iter()
            .map(|(name, v)| match v {
                Value::Number(_) => Ok(Node { weight: json::whole(v, "weight", 0, 10_000)?, ..plain(name) }),
                Value::Object(conf) => {
                    for key in conf.keys() {
                        if !["weight", "vnodes", "hostname", "port", "instance"].contains(&key.as_str()) {
                            return Err(json::invalid(format!(
                                "uhashring: node {name:?} has an unknown field {key:?}"
                            )));
                        }
                    }
                    Ok(Node {
                        weight: json::whole_or(conf, "weight", 1, 0, 10_000)?,
                        vnodes: conf.get("vnodes").map(|v| json::whole(v, "vnodes", 0, 10_000)).transpose()?,
                        ..plain(name)
                    })
                }
                other => Err(json::invalid(format!(
                    "uhashring: node {name:?} has {other}: give a weight or {{\"weight\": .., \"vnodes\": ..}}"
                ))),
            })
            .collect::<Result<Vec<_>, _>>()?,
        _ => return Err(json::invalid("uhashring takes a JSON list of node names or an object of nodes")),
    };
    json::nonempty(nodes, lib)
}

impl Client for Uhashring {
    fn name(&self) -> &'static str {
        ClientKind::Uhashring.name()
    }
    fn answers(&self) -> &[String] {
        &self.answers
    }
    fn points(&self) -> Option<Vec<usize>> {
        Some(self.point_counts())
    }
    fn place(&self, key: &[u8]) -> Placement {
        let owner = match &self.points {
            Points::Meta(c) => c.owner(md5_128(key)),
            Points::Ketama(c) => c.owner(md5_words(key, 1).next().unwrap_or(0)),
        };
        owner.map_or(Placement::Nowhere, Placement::To)
    }
    /// `remove_node`: the ring becomes the one built without the node (with ketama every
    /// node's point count changes, as N and the total weight do).
    fn fail(&mut self, answer: &str) -> Result<(), ConfigError> {
        let i = answer_index(&self.answers, answer)?;
        self.live[i] = false;
        self.points = self.make_points()?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::super::build;
    use super::*;

    #[test]
    fn the_public_checks() {
        assert_eq!(md5_128(b"test"), 0x098f6bcd4621d373cade4e832627b4f6);
        let nodes = r#"["127.0.0.1:11211", "127.0.0.1:11212"]"#;
        let ring = Uhashring::build(
            &serde_json::from_str(nodes).unwrap(),
            &serde_json::json!({"hash_fn": "ketama"}),
        )
        .unwrap();
        assert_eq!(ring.point_counts(), vec![160, 160]);
    }

    #[test]
    fn ketama_weights_are_integer_shares_of_the_whole() {
        // SPECS: weights 1, 2, 1, 2, 1 give ks = 28, 57, 28, 57, 28.
        let config = r#"{"a": 1, "b": 2, "c": 1, "d": 2, "e": 1}"#;
        let ring = Uhashring::build(
            &serde_json::from_str(config).unwrap(),
            &serde_json::json!({"hash_fn": "ketama"}),
        )
        .unwrap();
        assert_eq!(ring.point_counts(), vec![112, 228, 112, 228, 112]);
    }

    #[test]
    fn a_key_named_like_a_point_goes_to_the_next_point() {
        let nodes = r#"["http://192.168.7.21:8000", "http://192.168.7.22:8000", "http://192.168.7.23:8000"]"#;
        let ring = build(ClientKind::Uhashring, nodes, "{}", None).unwrap();
        assert_eq!(ring.place(b"http://192.168.7.21:8000-1"), Placement::To(2));
        assert_eq!(ring.place(b"apple"), Placement::To(0));
    }

    #[test]
    fn ties_go_to_the_node_written_last() {
        let ring = Uhashring::build(
            &serde_json::json!(["t919", "t1742", "cache-x"]),
            &serde_json::json!({"hash_fn": "ketama"}),
        )
        .unwrap();
        // 725036374 is word 2 of MD5("t919-20") and of MD5("t1742-0"). A hash just below
        // it goes to it: the dict kept t1742, written after t919.
        let Points::Ketama(circle) = &ring.points else {
            panic!("a ketama ring")
        };
        assert_eq!(circle.owner(725036373), Some(1));
    }

    #[test]
    fn removing_a_node_is_building_without_it() {
        let mut three = build(ClientKind::Uhashring, r#"["a", "b", "c"]"#, "{}", None).unwrap();
        three.fail("b").unwrap();
        let two = build(ClientKind::Uhashring, r#"["a", "c"]"#, "{}", None).unwrap();
        for key in ["k1", "k2", "k3", "apple", "pear", "x"] {
            let name = |c: &dyn Client| c.place(key.as_bytes()).text(c.answers()).into_owned();
            assert_eq!(name(three.as_ref()), name(two.as_ref()), "{key}");
        }
        assert!(three.fail("zz").is_err());
    }

    #[test]
    fn bad_configs_are_refused_with_a_sentence() {
        let refuse = |config: &str, options: &str| {
            build(ClientKind::Uhashring, config, options, None)
                .err()
                .map(|e| e.to_string())
        };
        assert!(refuse("[]", "{}").unwrap().contains("empty"));
        assert!(refuse(r#"{"a": -1}"#, "{}").is_some());
        assert!(refuse(r#"["a"]"#, r#"{"hash_fn": "sha1"}"#)
            .unwrap()
            .contains("hash_fn"));
        assert!(refuse(r#"["a", "a"]"#, "{}").unwrap().contains("twice"));
        assert!(refuse(r#"["a"]"#, "{}").is_none());
    }
}
