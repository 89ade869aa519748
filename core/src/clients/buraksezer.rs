//! buraksezer/consistent (Go; Olric's) v1.0.0 and v0.10.0: keys hash to one of
//! `PartitionCount` partitions, and the partitions are placed on a ring with bounded loads.
//!
//! The two versions disagree on most keys: v0.10.0 names points `name` + `i` with no
//! separator (so `node1` + `12` is `node11` + `2`) and divides integers before applying
//! `Load`.
//!
//! ```
//! use ringlab_core::clients::{build, ClientKind, Placement};
//! let members = r#"["node1.olric.com", "node2.olric.com"]"#;
//! let cfg = r#"{"PartitionCount": 7, "ReplicationFactor": 20, "Load": 1.25, "Hasher": "xxhash.Sum64"}"#;
//! let v1 = build(ClientKind::Buraksezer, members, cfg, None).unwrap();
//! let v0 = build(ClientKind::BuraksezerV0, members, cfg, None).unwrap();
//! assert_eq!(v1.place(b"my-key"), Placement::To(1), "the README: node2.olric.com");
//! assert_eq!(v1.place(b"apple"), Placement::To(0));
//! assert_eq!(v0.place(b"apple"), Placement::To(1));
//! ```

use super::{answer_index, json, Client, ClientKind, Placement};
use crate::ConfigError;
use serde_json::Value;
use std::collections::BTreeMap;
use xxhash_rust::xxh64::xxh64;

#[derive(Debug, Clone)]
pub struct Consistent {
    v0: bool,
    answers: Vec<String>,
    live: Vec<bool>,
    partition_count: u64,
    replication: u64,
    load: f64,
    /// `ring`: point to member (the member added last keeps an equal point).
    ring: BTreeMap<u64, usize>,
    /// `sortedSet`: every point, copies kept.
    sorted: Vec<u64>,
    /// The owner of each partition.
    partitions: Vec<usize>,
}

/// The most steps round the ring all partitions' walks may take here, past which the
/// placement is refused rather than left to run for minutes.
pub const MAX_STEPS: u64 = 50_000_000;

/// The most partitions placed here (each is a walk round the ring).
pub const MAX_PARTITIONS: u64 = 100_000;

impl Consistent {
    pub fn build(
        kind: ClientKind,
        config: &Value,
        options: &Value,
    ) -> Result<Consistent, ConfigError> {
        let lib = kind.name();
        let options = json::options(
            options,
            lib,
            &["PartitionCount", "ReplicationFactor", "Load", "Hasher"],
        )?;
        match options.get("Hasher").and_then(Value::as_str) {
            Some("xxhash.Sum64") => {}
            None => {
                return Err(json::invalid(format!(
                    "{lib} has no default hash (New panics without Config.Hasher): set \"Hasher\": \"xxhash.Sum64\", the README's"
                )))
            }
            Some(other) => {
                return Err(json::invalid(format!(
                    "{lib}: ringlab knows the README's hasher, \"xxhash.Sum64\" (cespare/xxhash), not {other:?}"
                )))
            }
        }
        // 0 means the default in Config.
        let or_default = |v: u64, d: u64| if v == 0 { d } else { v };
        let partition_count = or_default(
            json::whole_or(options, "PartitionCount", 0, 0, MAX_PARTITIONS)?,
            271,
        );
        let replication = or_default(
            json::whole_or(options, "ReplicationFactor", 0, 0, 10_000)?,
            20,
        );
        let load = match options.get("Load") {
            None | Some(Value::Null) => 0.0,
            Some(v) => v
                .as_f64()
                .filter(|l| l.is_finite() && *l >= 0.0)
                .ok_or_else(|| {
                    json::invalid(format!("Load must be a number of 0 or more, not {v}"))
                })?,
        };
        let load = if load == 0.0 { 1.25 } else { load };
        let names = json::names(config, lib)?;
        json::within_points(replication * names.len() as u64, lib)?;
        let mut c = Consistent {
            v0: kind == ClientKind::BuraksezerV0,
            answers: Vec::new(),
            live: Vec::new(),
            partition_count,
            replication,
            load,
            ring: BTreeMap::new(),
            sorted: Vec::new(),
            partitions: Vec::new(),
        };
        for name in names {
            // Add of a member already there does nothing.
            if c.answers.contains(&name) {
                continue;
            }
            for h in c.points_of(&name) {
                c.ring.insert(h, c.answers.len());
                c.sorted.push(h);
            }
            c.answers.push(name);
            c.live.push(true);
        }
        c.sorted.sort_unstable();
        c.distribute()?;
        Ok(c)
    }

    /// The point names: `"{i}:{name}"` in v1.0.0, `"{name}{i}"` in v0.10.0.
    fn points_of(&self, name: &str) -> Vec<u64> {
        (0..self.replication)
            .map(|i| {
                let text = if self.v0 {
                    format!("{name}{i}")
                } else {
                    format!("{i}:{name}")
                };
                xxh64(text.as_bytes(), 0)
            })
            .collect()
    }

    /// `averageLoad`: the most partitions a member may own.
    pub fn average_load(&self) -> f64 {
        let members = self.live.iter().filter(|&&l| l).count() as u64;
        if members == 0 {
            return 0.0;
        }
        if self.v0 {
            ((self.partition_count / members) as f64 * self.load).ceil()
        } else {
            (self.partition_count as f64 / members as f64 * self.load).ceil()
        }
    }

    /// `distributePartitions`: every partition from scratch, walking clockwise from its
    /// hash to the first member with room.
    fn distribute(&mut self) -> Result<(), ConfigError> {
        self.partitions.clear();
        if self.sorted.is_empty() {
            return Ok(());
        }
        let cap = self.average_load();
        let mut loads = vec![0.0f64; self.answers.len()];
        let len = self.sorted.len();
        // v0.10.0 gives up after len - 1 steps, v1.0.0 after len.
        let steps = if self.v0 { len - 1 } else { len };
        let mut walked = 0u64;
        for part in 0..self.partition_count {
            let h = xxh64(&part.to_le_bytes(), 0);
            let mut idx = self.sorted.partition_point(|&p| p < h) % len;
            let mut owner = None;
            for _ in 0..steps {
                let member = *self.ring.get(&self.sorted[idx]).ok_or_else(|| {
                    json::invalid(format!(
                        "{} panics here: a point is left with no member after Remove (nil pointer)",
                        self.kind().name()
                    ))
                })?;
                if loads[member] + 1.0 <= cap {
                    loads[member] += 1.0;
                    owner = Some(member);
                    break;
                }
                idx = (idx + 1) % len;
                walked += 1;
                if walked > MAX_STEPS {
                    return Err(json::invalid(format!(
                        "{}: placing the partitions would walk more than {MAX_STEPS} points here; raise Load or lower ReplicationFactor",
                        self.kind().name()
                    )));
                }
            }
            let owner = owner.ok_or_else(|| {
                json::invalid(format!(
                    "{} panics: \"not enough room to distribute partitions\" (raise Load or the member count)",
                    self.kind().name()
                ))
            })?;
            self.partitions.push(owner);
        }
        Ok(())
    }

    /// Which version this is.
    pub fn kind(&self) -> ClientKind {
        if self.v0 {
            ClientKind::BuraksezerV0
        } else {
            ClientKind::Buraksezer
        }
    }

    /// Each partition's owner, partition 0 first.
    pub fn owners(&self) -> &[usize] {
        &self.partitions
    }
}

impl Client for Consistent {
    fn name(&self) -> &'static str {
        self.kind().name()
    }
    fn answers(&self) -> &[String] {
        &self.answers
    }
    fn place(&self, key: &[u8]) -> Placement {
        let part = xxh64(key, 0) % self.partition_count;
        self.partitions
            .get(part as usize)
            .map_or(Placement::Nowhere, |&m| Placement::To(m))
    }
    /// `Remove(name)`: the map entries of its point values go (whoever owns them), one
    /// copy each from the sorted points, and every partition is placed again.
    fn fail(&mut self, answer: &str) -> Result<(), ConfigError> {
        let i = answer_index(&self.answers, answer)?;
        if !self.live[i] {
            return Ok(());
        }
        // One copy of each value leaves the sorted points: one pass, not one per point.
        let mut leaving: BTreeMap<u64, usize> = BTreeMap::new();
        for h in self.points_of(answer) {
            self.ring.remove(&h);
            *leaving.entry(h).or_insert(0) += 1;
        }
        self.sorted.retain(|p| match leaving.get_mut(p) {
            Some(n) if *n > 0 => {
                *n -= 1;
                false
            }
            _ => true,
        });
        self.live[i] = false;
        self.distribute()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn readme(kind: ClientKind) -> Consistent {
        Consistent::build(
            kind,
            &serde_json::json!(["node1.olric.com", "node2.olric.com"]),
            &serde_json::json!({"PartitionCount": 7, "ReplicationFactor": 20, "Load": 1.25, "Hasher": "xxhash.Sum64"}),
        )
        .unwrap()
    }

    #[test]
    fn the_readmes_owners_and_caps() {
        assert_eq!(xxh64(&0u64.to_le_bytes(), 0), 3803688792395291579);
        let v1 = readme(ClientKind::Buraksezer);
        assert_eq!(v1.average_load(), 5.0);
        assert_eq!(v1.owners(), &[0, 1, 0, 0, 0, 0, 1]);
        let v0 = readme(ClientKind::BuraksezerV0);
        assert_eq!(v0.average_load(), 4.0);
        assert_eq!(v0.owners(), &[1, 1, 1, 1, 0, 0, 0]);
    }

    #[test]
    fn caps_differ_by_when_they_divide() {
        let four: Vec<String> = (1..=4).map(|i| format!("m{i}")).collect();
        let cfg = serde_json::json!({"Hasher": "xxhash.Sum64"});
        let v1 = Consistent::build(ClientKind::Buraksezer, &serde_json::json!(four), &cfg).unwrap();
        let v0 =
            Consistent::build(ClientKind::BuraksezerV0, &serde_json::json!(four), &cfg).unwrap();
        assert_eq!((v1.average_load(), v0.average_load()), (85.0, 84.0));
    }

    #[test]
    fn v0_point_names_collide_and_a_removal_can_panic() {
        let twelve: Vec<String> = (1..=12).map(|i| format!("node{i}")).collect();
        let cfg = serde_json::json!({"Hasher": "xxhash.Sum64"});
        let mut v0 =
            Consistent::build(ClientKind::BuraksezerV0, &serde_json::json!(twelve), &cfg).unwrap();
        let node1: std::collections::BTreeSet<u64> = v0.points_of("node1").into_iter().collect();
        let node11: std::collections::BTreeSet<u64> = v0.points_of("node11").into_iter().collect();
        assert_eq!(node1.intersection(&node11).count(), 10);
        let e = v0.fail("node11").unwrap_err().to_string();
        assert!(e.contains("no member"), "{e}");
    }

    #[test]
    fn a_hasher_must_be_named() {
        let e = Consistent::build(
            ClientKind::Buraksezer,
            &serde_json::json!(["a"]),
            &serde_json::json!({}),
        );
        assert!(e.unwrap_err().to_string().contains("Hasher"));
        let tight = Consistent::build(
            ClientKind::Buraksezer,
            &serde_json::json!(["a"]),
            &serde_json::json!({"Hasher": "xxhash.Sum64", "PartitionCount": 5, "Load": 0.1}),
        );
        assert!(tight.unwrap_err().to_string().contains("not enough room"));
    }
}
