//! stathat/consistent (Go): CRC-32 points named by an index PREFIX ("0cacheA"), a map
//! from point to member, and the first point strictly greater than the key's hash.
//!
//! ```
//! use ringlab_core::clients::{build, ClientKind, Placement};
//! let ring = build(ClientKind::Stathat, r#"["cacheA", "cacheB", "cacheC"]"#, "{}", None).unwrap();
//! assert_eq!(ring.place(b"user_bunny"), Placement::To(2));
//! assert_eq!(ring.place(b"0cacheA"), Placement::To(1), "past its own point to the next");
//! ```

use super::kafka::crc32;
use super::{answer_index, json, Client, ClientKind, Placement};
use crate::ConfigError;
use serde_json::Value;
use std::collections::BTreeMap;

#[derive(Debug, Clone)]
pub struct Consistent {
    answers: Vec<String>,
    replicas: u64,
    fnv: bool,
    /// `circle`: point to member; an equal point belongs to the member written last.
    circle: BTreeMap<u32, usize>,
}

/// FNV-1a 32 (Go's `hash/fnv` New32a).
pub fn fnv1a_32(key: &[u8]) -> u32 {
    key.iter().fold(0x811c_9dc5u32, |h, &b| {
        (h ^ u32::from(b)).wrapping_mul(0x0100_0193)
    })
}

impl Consistent {
    /// `New()`, the fields of `--options` set, then `Add` for each name in order.
    pub fn build(config: &Value, options: &Value) -> Result<Consistent, ConfigError> {
        let lib = "stathat-consistent";
        let options = json::options(options, lib, &["NumberOfReplicas", "UseFnv"])?;
        let replicas = json::whole_or(options, "NumberOfReplicas", 20, 1, 10_000)?;
        let fnv = match options.get("UseFnv") {
            None | Some(Value::Null) => false,
            Some(Value::Bool(b)) => *b,
            Some(other) => {
                return Err(json::invalid(format!(
                    "UseFnv is true or false, not {other}"
                )))
            }
        };
        // Adding a name twice writes its points again: the answers list it once.
        let mut answers: Vec<String> = Vec::new();
        let mut ring = Consistent {
            answers: Vec::new(),
            replicas,
            fnv,
            circle: BTreeMap::new(),
        };
        let names = json::names(config, lib)?;
        json::within_points(replicas * names.len() as u64, lib)?;
        for name in names {
            let i = answers.iter().position(|a| *a == name).unwrap_or_else(|| {
                answers.push(name.clone());
                answers.len() - 1
            });
            for p in ring.points_of(&name) {
                ring.circle.insert(p, i);
            }
        }
        ring.answers = answers;
        Ok(ring)
    }

    fn hash(&self, key: &[u8]) -> u32 {
        if self.fnv {
            fnv1a_32(key)
        } else {
            crc32(key)
        }
    }

    /// `eltKey`: strconv.Itoa(i) + name, for i below NumberOfReplicas.
    fn points_of(&self, name: &str) -> Vec<u32> {
        (0..self.replicas)
            .map(|i| self.hash(format!("{i}{name}").as_bytes()))
            .collect()
    }
}

impl Client for Consistent {
    fn name(&self) -> &'static str {
        ClientKind::Stathat.name()
    }
    fn answers(&self) -> &[String] {
        &self.answers
    }
    fn points(&self) -> Option<Vec<usize>> {
        let mut counts = vec![0; self.answers.len()];
        self.circle.values().for_each(|&m| counts[m] += 1);
        Some(counts)
    }
    fn place(&self, key: &[u8]) -> Placement {
        let h = self.hash(key);
        let next = self.circle.range(h.saturating_add(1)..).next();
        let next = if h == u32::MAX { None } else { next };
        match next.or_else(|| self.circle.iter().next()) {
            Some((_, &i)) => Placement::To(i),
            None => Placement::Nowhere,
        }
    }
    /// `Remove(name)` deletes the map entries of the name's point values, whoever owns
    /// them now.
    fn fail(&mut self, answer: &str) -> Result<(), ConfigError> {
        answer_index(&self.answers, answer)?;
        for p in self.points_of(answer) {
            self.circle.remove(&p);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::super::build;
    use super::*;

    fn name(c: &dyn Client, key: &str) -> String {
        c.place(key.as_bytes()).text(c.answers()).into_owned()
    }

    #[test]
    fn the_packages_own_examples() {
        let abc = r#"["cacheA", "cacheB", "cacheC"]"#;
        let ring = build(ClientKind::Stathat, abc, "{}", None).unwrap();
        for (key, to) in [
            ("user_mcnulty", "cacheA"),
            ("user_bunk", "cacheA"),
            ("user_omar", "cacheA"),
            ("user_bunny", "cacheC"),
            ("user_stringer", "cacheC"),
        ] {
            assert_eq!(name(ring.as_ref(), key), to, "{key}");
        }
        let five = build(
            ClientKind::Stathat,
            r#"["cacheA", "cacheB", "cacheC", "cacheD", "cacheE"]"#,
            "{}",
            None,
        )
        .unwrap();
        for (key, to) in [
            ("user_mcnulty", "cacheE"),
            ("user_bunk", "cacheA"),
            ("user_omar", "cacheA"),
            ("user_bunny", "cacheE"),
            ("user_stringer", "cacheE"),
        ] {
            assert_eq!(name(five.as_ref(), key), to, "{key}");
        }
        let mut removed = build(ClientKind::Stathat, abc, "{}", None).unwrap();
        removed.fail("cacheC").unwrap();
        assert_eq!(name(removed.as_ref(), "user_bunny"), "cacheB");
        assert_eq!(name(removed.as_ref(), "user_stringer"), "cacheB");
    }

    #[test]
    fn a_removal_takes_points_another_member_owns() {
        assert_eq!(crc32(b"11node"), 1184814020);
        let mut ring = Consistent::build(
            &serde_json::json!(["node", "1node", "cache-x"]),
            &serde_json::json!({}),
        )
        .unwrap();
        assert_eq!(
            ring.circle.get(&1184814020),
            Some(&1),
            "1node, written last"
        );
        ring.fail("node").unwrap();
        assert_eq!(
            ring.circle.get(&1184814020),
            None,
            "deleted with node's points"
        );
        assert!(
            ring.circle.values().any(|&i| i == 1),
            "1node keeps its other points"
        );
        assert!(ring.fail("nobody").is_err());
        assert_eq!(fnv1a_32(b"apple"), 280767167);
        let fnv = build(
            ClientKind::Stathat,
            r#"["a", "b"]"#,
            r#"{"UseFnv": true}"#,
            None,
        );
        assert!(fnv.is_ok());
    }
}
