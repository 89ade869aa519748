//! Step 9 ("Where you have met it"): its sentences with figures, Cassandra's tokens and
//! the spread they give, the points ketama and nginx place, and Redis Cluster's slots.

use ringlab_core::analysis::theory::share_cv;
use ringlab_core::schemes::cassandra::DEFAULT_NUM_TOKENS;
use ringlab_core::schemes::redis::{key_slot, SLOT_COUNT};

use super::figures::{default_points, RingSystem};
use crate::format::{grouped, percent};

/// Cassandra's tokens per node, then and now, and how far random tokens on `nodes` nodes
/// would leave each share (ends with a space: a link follows).
pub fn cassandra(nodes: usize) -> String {
    format!(
        "Each node takes num_tokens points. The default was 256 until Cassandra 4.0 cut it to \
         {DEFAULT_NUM_TOKENS}: fewer ranges to stream and repair, and a token allocator that \
         picks balanced tokens instead of random ones. With random tokens on {nodes} nodes, \
         shares would stray {} at 256 tokens but {} at {DEFAULT_NUM_TOKENS}. ",
        percent(share_cv(nodes, 256)),
        percent(share_cv(nodes, DEFAULT_NUM_TOKENS))
    )
}

/// The link to a Cassandra ring.
pub fn cassandra_link() -> String {
    format!("A ring at {DEFAULT_NUM_TOKENS} points per node")
}

/// ketama's points per server (ends with a space: a link follows).
pub fn ketama() -> String {
    format!(
        "libketama and libmemcached place {} points per server from MD5 digests of the \
         server's name; every client computes the same ring. ",
        default_points(RingSystem::Ketama)
    )
}

/// nginx's points per unit of weight, and HAProxy's nearest point (ends with a space).
pub fn nginx() -> String {
    format!(
        "nginx's hash $key consistent builds a ketama-style ring of {} CRC32 points per unit \
         of weight. HAProxy's hash-type consistent is a ring too, owned by the nearest point \
         rather than the next; paste a backend into the real-systems page to see exactly \
         where it puts your keys. ",
        default_points(RingSystem::Nginx)
    )
}

/// Redis Cluster's slots.
pub fn redis() -> String {
    let slots = grouped(SLOT_COUNT as u64);
    format!(
        "It cuts the key space into {slots} hash slots, CRC16 of the key mod {slots}, and \
         assigns slots to masters explicitly. Moving a slot is an operator's decision, not a \
         side effect of hashing. A part in braces, a hash tag, is hashed alone, so related \
         keys share a slot."
    )
}

/// The slot finder's answer for `key`.
pub fn slot(key: &str) -> String {
    format!("Slot {}", key_slot(key.as_bytes()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_numbers::assert_numbers;
    use crate::test_refs::{crc16_xmodem, hash_tag};

    /// sqrt((N-1)/(NV+1)) written out, at Cassandra's old 256 and its 16 since 4.0.
    #[test]
    fn cassandra_reads_the_spread_of_random_tokens() {
        let cv = |n: f64, v: f64| ((n - 1.0) / (n * v + 1.0)).sqrt();
        for nodes in [12usize, 30] {
            let n = nodes as f64;
            assert_numbers(
                &cassandra(nodes),
                &[256.0, 4.0, 16.0, n, cv(n, 256.0), 256.0, cv(n, 16.0), 16.0],
            );
        }
        assert_numbers(&cassandra_link(), &[16.0]);
    }

    /// ketama: 40 MD5 digests of 4 points each; nginx: 160 CRC32 points per weight.
    #[test]
    fn the_clients_read_their_points() {
        assert_numbers(&ketama(), &[40.0 * 4.0, 5.0]);
        assert_numbers(&nginx(), &[160.0, 32.0]);
    }

    /// CRC16 (XMODEM) of the key or of its hash tag, mod 2^14, from the test's own
    /// reference.
    fn crc_slot(key: &str) -> u16 {
        crc16_xmodem(hash_tag(key)) % (1 << 14)
    }

    #[test]
    fn redis_reads_its_slots() {
        let slots = f64::from(1u32 << 14);
        assert_numbers(&redis(), &[slots, 16.0, slots]);
        for key in [
            "foo",
            "user:{42}:cart",
            "user:{42}:orders",
            "{}x",
            "a{b",
            "",
            "{x}",
        ] {
            assert_numbers(&slot(key), &[f64::from(crc_slot(key))]);
        }
        // Redis's own example, as the e2e test types it.
        assert_eq!(slot("foo"), "Slot 12182");
    }
}
