//! The follow-up on two services in two languages sharing one topic or one cache: each
//! client library places keys its own way. Its figure: Kafka's Java partitioner and
//! librdkafka's default over one topic ([`ringlab_core::clients::kafka`]).

use ringlab_core::clients::kafka::{crc32, murmur2};

use super::follow_up::{FollowUp, Widget};
use super::interview::prompt;
use crate::format::{grouped, percent};

/// The answer's topic and keys: user ids `user:0` … on 6 partitions.
pub const PARTITIONS: u32 = 6;
pub const KEYS: u32 = 10_000;

/// Keys the two partitioners put on the same partition.
pub fn same_partition(partitions: u32, keys: u32) -> u32 {
    (0..keys)
        .filter(|i| {
            let key = format!("user:{i}");
            let java = (murmur2(key.as_bytes()) & 0x7fff_ffff) % partitions;
            java == crc32(key.as_bytes()) % partitions
        })
        .count() as u32
}

pub fn followup() -> FollowUp {
    let same = same_partition(PARTITIONS, KEYS);
    let share = f64::from(same) / f64::from(KEYS);
    let chance = 1.0 / f64::from(PARTITIONS);
    FollowUp {
        prompt: prompt(
            "Two services, two clients",
            "A Java service and a Python service produce to one Kafka topic, keyed by user \
             id; a Node service and a Python service share one memcached pool. What breaks?",
            &[
                "Each service's client library places keys by its own hash and rules.".into(),
                format!(
                    "Kafka: Java's default partitioner hashes with murmur2, librdkafka's default \
                     (confluent-kafka-python) with CRC-32. On {PARTITIONS} partitions only {} of \
                     {} user keys land on the same partition ({}), what chance gives ({}): a \
                     user's messages split, and lose their order.",
                    grouped(u64::from(same)),
                    grouped(u64::from(KEYS)),
                    percent(share),
                    percent(chance),
                ),
                "Caches: libmemcached names a port 11211 server by its host alone, hashring \
                 by host:port, so even two ketama rings differ: one's writes are the other's \
                 misses."
                    .into(),
                "Fix: one placement for all (librdkafka's murmur2_random, the same ring \
                 options, or a proxy so clients do not hash), tested with the same keys \
                 through both."
                    .into(),
            ],
            &[
                "Each client hashes its own way",
                "Kafka: murmur2 against CRC-32",
                "Caches: other points, other servers",
                "One placement for all, tested",
            ],
        )
        .with_levels(
            "Checks before mixing clients.",
            "Makes placement a contract, tested across languages.",
        ),
        number: format!(
            "Java and librdkafka on {PARTITIONS} partitions: {} of {} keys on the same \
             partition ({}); chance alone gives {}",
            grouped(u64::from(same)),
            grouped(u64::from(KEYS)),
            percent(share),
            percent(chance),
        ),
        see: (
            "Will they agree?".into(),
            "#/agree?a=kafka&b=librdkafka&keys=600".into(),
        ),
        widget: None::<Widget>,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The count against KafkaJS' and librdkafka's own answers: the shipped files'
    /// 230 keys (`core/tests/data`), each partition as the real package wrote it.
    #[test]
    fn the_count_is_what_the_real_packages_give() {
        // KafkaJS' default is Java's partitioner (checked against Java by kafka-python's
        // own test); librdkafka's file is its default, consistent_random.
        let rdk = include_str!("../../../../core/tests/data/clients_librdkafka-6_ringlab.tsv");
        let kafkajs =
            include_str!("../../../../core/tests/data/clients_kafkajs-default-6_ringlab.tsv");
        let rows = |text: &'static str| -> std::collections::BTreeMap<&'static str, &'static str> {
            text.lines()
                .skip(1)
                .filter_map(|l| l.split_once('\t'))
                .collect()
        };
        let (a, b) = (rows(kafkajs), rows(rdk));
        let users: Vec<&str> = a
            .keys()
            .copied()
            .filter(|k| k.starts_with("user:"))
            .collect();
        assert_eq!(users.len(), 120);
        let same_real = users.iter().filter(|k| a[*k] == b[*k]).count() as u32;
        // The same 120 user keys through ringlab's functions.
        let same_here = users
            .iter()
            .filter(|k| (murmur2(k.as_bytes()) & 0x7fff_ffff) % 6 == crc32(k.as_bytes()) % 6)
            .count() as u32;
        assert_eq!(same_here, same_real);
        assert_eq!(
            same_partition(6, 120),
            same_real,
            "user:0 to user:119 are those keys"
        );
    }

    /// The sentences read back the count, checked against the chance share's spread: with
    /// unrelated hashes the count is binomial(10,000, 1/6), 1,667 ± 37.
    #[test]
    fn the_sentences_read_the_count() {
        let f = followup();
        let same = same_partition(PARTITIONS, KEYS);
        assert!((1_667i64 - i64::from(same)).abs() < 4 * 37, "{same}");
        let count = grouped(u64::from(same));
        assert!(
            f.number.starts_with(&format!(
                "Java and librdkafka on 6 partitions: {count} of 10,000 keys"
            )),
            "{}",
            f.number
        );
        assert!(
            f.number.ends_with("chance alone gives 16.7%"),
            "{}",
            f.number
        );
        assert!(
            f.prompt.answer[1].contains(&format!("only {count} of 10,000 user keys")),
            "{}",
            f.prompt.answer[1]
        );
    }
}
