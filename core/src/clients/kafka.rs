//! Kafka's partitioners: a key's partition among N, as Java, kafka-python, KafkaJS and
//! librdkafka compute it. The same topic read by two of them can disagree on most keys.
//!
//! ```
//! use ringlab_core::clients::kafka::{legacy_murmur2, murmur2};
//! assert_eq!(murmur2(b"apple"), 2243398965);
//! assert_eq!(murmur2(b""), 275646681);
//! assert_eq!(legacy_murmur2(b""), 275646684, "KafkaJS' doubles differ even here");
//! assert_eq!(legacy_murmur2(b"apple"), -1887821962);
//! ```

use super::{json, Client, ClientKind, Placement};
use crate::ConfigError;
use serde_json::Value;

const SEED: u32 = 0x9747_b28c;
const M: u32 = 0x5bd1_e995;

/// Kafka's `Utils.murmur2` (Java, kafka-python, KafkaJS 2's default), mod 2^32: MurmurHash2
/// from `0x9747b28c ^ len`.
pub fn murmur2(key: &[u8]) -> u32 {
    crate::schemes::twemproxy::murmurhash2(key, SEED ^ key.len() as u32)
}

/// JavaScript's ToInt32 of an integral double.
fn int32(x: f64) -> i32 {
    (x as i128).rem_euclid(1 << 32) as u32 as i32
}

/// JavaScript's ToUint32 of an integral double.
fn uint32(x: f64) -> u32 {
    int32(x) as u32
}

/// KafkaJS' `legacy/murmur2.js`: the same steps in JavaScript numbers. Products are
/// doubles rounded to 53 bits, never wrapped; xors truncate to 32 bits; the block loop
/// runs while `i < len / 4` unfloored, so a partial last block is read with zeros and
/// then read again by the tail. An int32.
pub fn legacy_murmur2(key: &[u8]) -> i32 {
    let m = f64::from(M);
    let byte = |i: usize| f64::from(key.get(i).copied().unwrap_or(0));
    let len = key.len();
    let mut h = f64::from(SEED as i32 ^ len as i32);
    let mut i = 0usize;
    while (i as f64) < len as f64 / 4.0 {
        let i4 = i * 4;
        // (b3 << 24) is an int32: negative when b3 >= 0x80.
        let top = f64::from(((key.get(i4 + 3).copied().unwrap_or(0) as u32) << 24) as i32);
        let mut k = byte(i4)
            + f64::from((byte(i4 + 1) as i32) << 8)
            + f64::from((byte(i4 + 2) as i32) << 16)
            + top;
        k *= m;
        k = f64::from(int32(k) ^ (uint32(k) >> 24) as i32);
        k *= m;
        h *= m;
        h = f64::from(int32(h) ^ int32(k));
        i += 1;
    }
    let base = len & !3;
    let rest = len % 4;
    if rest == 3 {
        h = f64::from(int32(h) ^ ((byte(base + 2) as i32) << 16));
    }
    if rest >= 2 {
        h = f64::from(int32(h) ^ ((byte(base + 1) as i32) << 8));
    }
    if rest >= 1 {
        h = f64::from(int32(h) ^ byte(base) as i32);
        h *= m;
    }
    h = f64::from(int32(h) ^ (uint32(h) >> 13) as i32);
    h *= m;
    int32(h) ^ (uint32(h) >> 15) as i32
}

/// zlib's CRC-32, librdkafka's `consistent` hash: the one nginx hashes with too.
pub use crate::schemes::nginx::crc32;

/// One of Kafka's partitioners over N partitions.
#[derive(Debug, Clone)]
pub struct Partitioner {
    kind: ClientKind,
    answers: Vec<String>,
}

/// The most partitions a topic may have here (Kafka itself allows more; the answers are
/// listed one by one).
pub const MAX_PARTITIONS: u32 = 100_000;

impl Partitioner {
    pub fn build(
        kind: ClientKind,
        partitions: Option<u32>,
        options: &Value,
    ) -> Result<Partitioner, ConfigError> {
        json::options(options, kind.name(), &[])?;
        let n = partitions.ok_or_else(|| {
            json::invalid(format!(
                "{} needs --partitions N (the topic's partition count)",
                kind.name()
            ))
        })?;
        if !(1..=MAX_PARTITIONS).contains(&n) {
            return Err(json::invalid(format!(
                "--partitions must be from 1 to {MAX_PARTITIONS}, not {n}"
            )));
        }
        Ok(Partitioner {
            kind,
            answers: (0..n).map(|p| p.to_string()).collect(),
        })
    }

    /// The partition of `key`, or `None` where the partitioner picks at random.
    pub fn partition(&self, key: &[u8]) -> Option<u32> {
        let n = self.answers.len() as u32;
        match self.kind {
            ClientKind::KafkajsLegacy => Some((legacy_murmur2(key) & 0x7fff_ffff) as u32 % n),
            ClientKind::Librdkafka if key.is_empty() => None,
            ClientKind::Librdkafka => Some(crc32(key) % n),
            _ => Some((murmur2(key) & 0x7fff_ffff) % n),
        }
    }
}

impl Client for Partitioner {
    fn name(&self) -> &'static str {
        self.kind.name()
    }
    fn answers(&self) -> &[String] {
        &self.answers
    }
    fn place(&self, key: &[u8]) -> Placement {
        match self.partition(key) {
            Some(p) => Placement::To(p as usize),
            None => Placement::Random,
        }
    }
    fn fail(&mut self, answer: &str) -> Result<(), ConfigError> {
        Err(json::invalid(format!(
            "{} counts every partition, live or not: partition {answer} failing moves no key \
             (a partition with no leader makes the producer wait, not rehash)",
            self.kind.name()
        )))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn on(kind: ClientKind, n: u32, key: &[u8]) -> Placement {
        Partitioner::build(kind, Some(n), &serde_json::json!({}))
            .unwrap()
            .place(key)
    }

    #[test]
    fn kafka_pythons_java_compatibility_test() {
        // kafka-python's test_murmur2_java_compatibility, 1,000 partitions.
        for (key, p) in [
            (&b""[..], 681),
            (b"a", 524),
            (b"ab", 434),
            (b"abc", 107),
            (b"123456789", 566),
            (b"\x00 ", 742),
        ] {
            assert_eq!(
                on(ClientKind::Kafka, 1000, key),
                Placement::To(p),
                "{key:?}"
            );
        }
    }

    #[test]
    fn the_public_checks() {
        assert_eq!(legacy_murmur2(b"hello"), 2001906884);
        assert_eq!(murmur2(b"hello") & 0x7fff_ffff, 2132663229);
        assert_eq!(crc32(b"apple"), 2838417488);
        assert_eq!(on(ClientKind::Librdkafka, 6, b"apple"), Placement::To(2));
        assert_eq!(
            on(ClientKind::LibrdkafkaMurmur2, 6, b"apple"),
            Placement::To(1)
        );
        assert_eq!(on(ClientKind::Librdkafka, 6, b""), Placement::Random);
        assert_eq!(
            on(ClientKind::LibrdkafkaMurmur2, 6, b""),
            on(ClientKind::Kafka, 6, b"")
        );
    }

    #[test]
    fn a_topic_needs_its_partition_count_and_failures_move_nothing() {
        let none = Partitioner::build(ClientKind::Kafka, None, &serde_json::json!({}));
        assert!(none.unwrap_err().to_string().contains("--partitions"));
        assert!(Partitioner::build(ClientKind::Kafka, Some(0), &serde_json::json!({})).is_err());
        let extra = Partitioner::build(ClientKind::Kafka, Some(3), &serde_json::json!({"x": 1}));
        assert!(extra.is_err());
        let mut p = Partitioner::build(ClientKind::Kafka, Some(3), &serde_json::json!({})).unwrap();
        assert!(p.fail("1").is_err());
    }
}
