//! consistent-hash (npm) 1.2.2: a ring of 100,003 positions and a 24-bit PJW hash.
//!
//! Its default points are drawn with `Math.random`, unseeded: every process builds a
//! different ring, and two servers running the same code disagree about most keys. So
//! ringlab takes that ring only with its points given; `distribution: 'uniform'` spreads
//! them evenly and is the same everywhere.
//!
//! ```
//! use ringlab_core::clients::consistent_hash::pjw24;
//! assert_eq!(pjw24("apple"), 6846245);
//! ```

use super::{answer_index, json, Client, ClientKind, Placement};
use crate::ConfigError;
use serde_json::Value;

/// The hash of `_hash`, before the shift: PJW over UTF-16 code units, kept below 2^24.
pub fn pjw24(key: &str) -> u32 {
    let mut h: u32 = 0;
    for c in key.encode_utf16() {
        h = (h << 4).wrapping_add(u32::from(c));
        let g = h & 0xff00_0000;
        if g != 0 {
            h &= !g;
            h ^= g >> 24;
        }
    }
    h
}

#[derive(Debug, Clone)]
pub struct ConsistentHash {
    answers: Vec<String>,
    range: u32,
    /// Points and their node, sorted by point; the node mapped last wins an equal point.
    points: Vec<(u32, usize)>,
}

const RANDOM: &str = "consistent-hash draws its default points with Math.random, unseeded: \
    every process builds a different ring. Give each node's points \
    ([{\"node\": \"a\", \"points\": [..]}, ..]) or use {\"distribution\": \"uniform\"}";

impl ConsistentHash {
    /// `config`: the nodes in add order, each a name or `{"node": name, "points": [..]}`.
    /// `options`: the constructor's (`range`, `weight` or `controlPoints`, `distribution`).
    pub fn build(config: &Value, options: &Value) -> Result<ConsistentHash, ConfigError> {
        let lib = "consistent-hash";
        let options = json::options(
            options,
            lib,
            &[
                "range",
                "weight",
                "controlPoints",
                "distribution",
                "orderNodes",
            ],
        )?;
        let range = json::whole_or(options, "range", 100_003, 2, 1 << 28)? as u32;
        let per_node = match options.get("controlPoints").filter(|v| !v.is_null()) {
            Some(v) => json::whole(v, "controlPoints", 1, 10_000)?,
            None => json::whole_or(options, "weight", 40, 1, 10_000)?,
        };
        let uniform = match options.get("distribution") {
            None | Some(Value::Null) => false,
            Some(Value::String(s)) if s == "uniform" => true,
            Some(other) => {
                return Err(json::invalid(format!(
                    "consistent-hash's distribution is \"uniform\" or left out, not {other}"
                )))
            }
        };
        let list = config
            .as_array()
            .ok_or_else(|| json::invalid("consistent-hash takes a JSON list of nodes"))?;
        let mut answers = Vec::new();
        let mut given: Vec<Option<Vec<u32>>> = Vec::new();
        for item in list {
            match item {
                Value::String(s) => {
                    answers.push(s.clone());
                    given.push(None);
                }
                Value::Object(o) => {
                    let name = o.get("node").and_then(Value::as_str).ok_or_else(|| {
                        json::invalid("consistent-hash: a node object needs \"node\": its name")
                    })?;
                    let points = match o.get("points") {
                        Some(Value::Array(ps)) => Some(
                            ps.iter()
                                .map(|p| {
                                    json::whole(p, "a point", 0, u64::from(range) - 1)
                                        .map(|p| p as u32)
                                })
                                .collect::<Result<Vec<_>, _>>()?,
                        ),
                        _ => None,
                    };
                    answers.push(name.to_string());
                    given.push(points);
                }
                other => {
                    return Err(json::invalid(format!(
                        "consistent-hash: {other} is not a node"
                    )))
                }
            }
        }
        let answers = json::nonempty(answers, lib)?;
        let given_points: u64 = given.iter().flatten().map(|p| p.len() as u64).sum();
        json::within_points(given_points + per_node * answers.len() as u64, lib)?;
        json::distinct(&answers, lib)?;
        // Uniform points are set at the first lookup for every node that has none yet.
        let pointless: Vec<usize> = (0..answers.len()).filter(|&i| given[i].is_none()).collect();
        if !uniform && !pointless.is_empty() {
            return Err(json::invalid(RANDOM));
        }
        let m = pointless.len() as f64;
        let step = f64::from(range) / (m * per_node as f64);
        let mut points = Vec::new();
        for (i, points_given) in given.iter().enumerate() {
            match points_given {
                Some(ps) => points.extend(ps.iter().map(|&p| (p, i))),
                None => {
                    let at = pointless.iter().position(|&p| p == i).unwrap_or(0) as f64;
                    for j in 0..per_node {
                        let x = step * at + step / 2.0 + (step * m) * j as f64;
                        // Math.round: halves up.
                        points.push(((x + 0.5).floor() as u32, i));
                    }
                }
            }
        }
        // The node mapped last keeps an equal point: sort stably, keep the last of a run.
        points.sort_by_key(|p| p.0);
        points.reverse();
        points.dedup_by_key(|p| p.0);
        points.reverse();
        Ok(ConsistentHash {
            answers,
            range,
            points,
        })
    }

    /// The ring position of a key: `(pjw24(key) << 5) % range`.
    pub fn position(&self, key: &str) -> u32 {
        ((u64::from(pjw24(key)) << 5) % u64::from(self.range)) as u32
    }

    /// A node's points, sorted.
    pub fn points_of(&self, node: usize) -> Vec<u32> {
        self.points
            .iter()
            .filter(|p| p.1 == node)
            .map(|p| p.0)
            .collect()
    }
}

impl Client for ConsistentHash {
    fn name(&self) -> &'static str {
        ClientKind::ConsistentHash.name()
    }
    fn answers(&self) -> &[String] {
        &self.answers
    }
    fn points(&self) -> Option<Vec<usize>> {
        let mut counts = vec![0; self.answers.len()];
        self.points.iter().for_each(|p| counts[p.1] += 1);
        Some(counts)
    }
    fn place(&self, key: &[u8]) -> Placement {
        if self.points.is_empty() {
            return Placement::Nowhere;
        }
        let h = self.position(&String::from_utf8_lossy(key));
        let i = self.points.partition_point(|p| p.0 < h) % self.points.len();
        Placement::To(self.points[i].1)
    }
    /// `remove(node)`: its points go; the others keep theirs, leaving a gap.
    fn fail(&mut self, answer: &str) -> Result<(), ConfigError> {
        let i = answer_index(&self.answers, answer)?;
        self.points.retain(|p| p.1 != i);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_public_uniform_ring() {
        let ring = ConsistentHash::build(
            &serde_json::json!(["cache-one", "cache-two", "cache-three"]),
            &serde_json::json!({"distribution": "uniform"}),
        )
        .unwrap();
        assert_eq!(&ring.points_of(0)[..3], &[417, 2917, 5417]);
        assert_eq!(&ring.points_of(1)[..3], &[1250, 3750, 6250]);
        assert_eq!(ring.position("apple"), 73270);
        assert_eq!(ring.place(b"apple"), Placement::To(1));
    }

    #[test]
    fn random_points_are_refused_unless_given() {
        let e = ConsistentHash::build(&serde_json::json!(["a", "b"]), &serde_json::json!({}));
        assert!(e.unwrap_err().to_string().contains("Math.random"));
        let given = ConsistentHash::build(
            &serde_json::json!([{"node": "a", "points": [10, 500]}, {"node": "b", "points": [300]}]),
            &serde_json::json!({}),
        )
        .unwrap();
        assert_eq!(
            given.place(b""),
            Placement::To(0),
            "hash 0 goes to the first point"
        );
    }

    #[test]
    fn code_units_not_bytes() {
        assert_eq!(pjw24("é"), 0xe9);
        assert_eq!(pjw24("😀"), (0xd83d << 4) + 0xde00);
    }
}
