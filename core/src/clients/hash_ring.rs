//! hash_ring (Python 2) 1.3.1: `HashRing(nodes, weights).get_node(key)`.
//!
//! Three points per MD5 digest, 40 digests per node at equal weight, and `bisect_right`:
//! the first point strictly greater than the key's hash. An equal point keeps the node
//! written last.
//!
//! ```
//! use ringlab_core::clients::{build, ClientKind, Placement};
//! let nodes = r#"["10.9.8.1:11211", "10.9.8.2:11211", "10.9.8.3:11211"]"#;
//! let weights = r#"{"weights": {"10.9.8.2:11211": 2}}"#;
//! let ring = build(ClientKind::HashRing, nodes, weights, None).unwrap();
//! assert_eq!(ring.place(b"apple"), Placement::To(1));
//! assert_eq!(ring.place(b"10.9.8.1:11211-0"), Placement::To(1), "to the next point");
//! ```

use super::circle::{md5_words, Circle, Lookup, Tie};
use super::{answer_index, json, Client, ClientKind, Placement};
use crate::ConfigError;
use serde_json::Value;

#[derive(Debug, Clone)]
pub struct HashRing {
    answers: Vec<String>,
    weights: Vec<u64>,
    live: Vec<bool>,
    circle: Circle<u32>,
}

impl HashRing {
    pub fn build(config: &Value, options: &Value) -> Result<HashRing, ConfigError> {
        let lib = "hash_ring";
        let options = json::options(options, lib, &["weights"])?;
        let answers = json::names(config, lib)?;
        json::distinct(&answers, lib)?;
        let mut weights = vec![1; answers.len()];
        if let Some(given) = options.get("weights").filter(|v| !v.is_null()) {
            let given = given.as_object().ok_or_else(|| {
                json::invalid("hash_ring's weights are an object of node to weight")
            })?;
            for (node, w) in given {
                // Python 2 reads weights only for listed nodes.
                if let Some(i) = answers.iter().position(|a| a == node) {
                    weights[i] = json::whole(w, "a weight", 0, 10_000)?;
                }
            }
        }
        let mut ring = HashRing {
            live: vec![true; answers.len()],
            answers,
            weights,
            circle: Circle::new(vec![], Lookup::After, Tie::LastMade),
        };
        ring.circle = ring.generate_circle()?;
        Ok(ring)
    }

    /// `_generate_circle`: factor = floor(40 × N × weight / total) digests per node.
    fn generate_circle(&self) -> Result<Circle<u32>, ConfigError> {
        let live: Vec<usize> = (0..self.answers.len()).filter(|&i| self.live[i]).collect();
        let total: u64 = live.iter().map(|&i| self.weights[i]).sum();
        if total == 0 && !live.is_empty() {
            return Err(json::invalid(
                "hash_ring: the weights add up to 0 (Python 2 divides by zero)",
            ));
        }
        let mut points = Vec::new();
        for &i in &live {
            let factor = 40 * live.len() as u64 * self.weights[i] / total;
            for j in 0..factor {
                let name = format!("{}-{j}", self.answers[i]);
                points.extend(md5_words(name.as_bytes(), 3).map(|p| (p, i)));
            }
        }
        Ok(Circle::new(points, Lookup::After, Tie::LastMade))
    }

    /// Points per node, in the order of the list.
    pub fn point_counts(&self) -> Vec<usize> {
        self.circle.counts(self.answers.len())
    }
}

impl Client for HashRing {
    fn name(&self) -> &'static str {
        ClientKind::HashRing.name()
    }
    fn answers(&self) -> &[String] {
        &self.answers
    }
    fn points(&self) -> Option<Vec<usize>> {
        Some(self.point_counts())
    }
    fn place(&self, key: &[u8]) -> Placement {
        // A Python 2 `str`: the bytes as they are (UTF-8 here). A `unicode` key with
        // non-ASCII text would raise UnicodeEncodeError instead.
        let hash = md5_words(key, 1).next().unwrap_or(0);
        self.circle
            .owner(hash)
            .map_or(Placement::Nowhere, Placement::To)
    }
    /// hash_ring has no removal: an application builds the ring again without the node.
    fn fail(&mut self, answer: &str) -> Result<(), ConfigError> {
        let i = answer_index(&self.answers, answer)?;
        self.live[i] = false;
        self.circle = self.generate_circle()?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn weights_give_whole_factors() {
        let ring = HashRing::build(
            &serde_json::json!(["a", "b", "c"]),
            &serde_json::json!({"weights": {"a": 1, "b": 2, "c": 4}}),
        )
        .unwrap();
        assert_eq!(ring.point_counts(), vec![17 * 3, 34 * 3, 68 * 3]);
        let ties = HashRing::build(
            &serde_json::json!(["t919", "t1742", "cache-x"]),
            &serde_json::json!({}),
        )
        .unwrap();
        assert_eq!(ties.circle.owner(725036373), Some(1), "t1742, written last");
    }
}
