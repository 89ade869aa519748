//! Will two clients agree? The share of keys two placements send to the same answer, and
//! the first keys they part on.
//!
//! ```
//! use ringlab_core::clients::{agree, build, ClientKind};
//! let java = build(ClientKind::Kafka, "", "{}", Some(6)).unwrap();
//! let librdkafka = build(ClientKind::Librdkafka, "", "{}", Some(6)).unwrap();
//! let keys: Vec<String> = (0..1000).map(|i| format!("user:{i}")).collect();
//! let a = agree::compare(java.as_ref(), librdkafka.as_ref(), keys.iter().map(|k| k.as_bytes()), 3);
//! assert_eq!(a.keys, 1000);
//! assert!(a.same < 300, "CRC-32 and murmur2 agree on about 1 key in 6");
//! assert_eq!(a.first_different.len(), 3);
//! ```

use super::{Client, Placement};
use crate::{ConfigError, Partitioner};

/// How two placements compare over a set of keys.
#[derive(Debug, Clone, PartialEq)]
pub struct Agreement {
    /// Keys compared.
    pub keys: usize,
    /// Keys both send to the same answer (by its text).
    pub same: usize,
    /// The first keys they part on: key, A's answer, B's answer.
    pub first_different: Vec<(Vec<u8>, String, String)>,
}

impl Agreement {
    /// The share of keys placed alike, 0 to 1 (1 for no keys).
    pub fn share(&self) -> f64 {
        if self.keys == 0 {
            1.0
        } else {
            self.same as f64 / self.keys as f64
        }
    }
}

/// Compares `a` and `b` on `keys`, keeping the first `examples` disagreements. Answers
/// are compared as text, so a server named alike by both counts as the same. A refused
/// or random placement agrees with nothing.
pub fn compare<'k>(
    a: &dyn Client,
    b: &dyn Client,
    keys: impl IntoIterator<Item = &'k [u8]>,
    examples: usize,
) -> Agreement {
    let mut out = Agreement {
        keys: 0,
        same: 0,
        first_different: Vec::new(),
    };
    for key in keys {
        out.keys += 1;
        let (pa, pb) = (a.place(key), b.place(key));
        let same = matches!((&pa, &pb), (Placement::To(i), Placement::To(j))
            if a.answers()[*i] == b.answers()[*j]);
        if same {
            out.same += 1;
        } else if out.first_different.len() < examples {
            out.first_different.push((
                key.to_vec(),
                pa.text(a.answers()).into_owned(),
                pb.text(b.answers()).into_owned(),
            ));
        }
    }
    out
}

/// Any scheme or system ringlab knows, seen as a client: its answers are its servers.
pub struct Scheme {
    partitioner: Box<dyn Partitioner>,
    answers: Vec<String>,
}

impl Scheme {
    pub fn new(partitioner: Box<dyn Partitioner>) -> Scheme {
        let answers = partitioner
            .servers()
            .iter()
            .map(|s| s.name.clone())
            .collect();
        Scheme {
            partitioner,
            answers,
        }
    }
}

impl Client for Scheme {
    fn name(&self) -> &'static str {
        self.partitioner.scheme()
    }
    fn answers(&self) -> &[String] {
        &self.answers
    }
    fn points(&self) -> Option<Vec<usize>> {
        let ring = self.partitioner.ring()?;
        let counts = ring.point_counts(self.partitioner.servers().len());
        // In the answers' order (a removed server has none).
        Some(
            self.answers
                .iter()
                .map(|a| self.partitioner.index_of(a).map_or(0, |i| counts[i]))
                .collect(),
        )
    }
    fn place(&self, key: &[u8]) -> Placement {
        match self.partitioner.lookup(key) {
            Some(i) => {
                // Answers keep their indices after a removal.
                let name = &self.partitioner.servers()[i].name;
                Placement::To(self.answers.iter().position(|a| a == name).unwrap_or(i))
            }
            None => Placement::Nowhere,
        }
    }
    /// The scheme without the server, as a fresh build without it.
    fn fail(&mut self, answer: &str) -> Result<(), ConfigError> {
        self.partitioner.remove(answer).map(|_| ())
    }
}
