//! Figure 9's pairs: two client libraries on one pool (or one topic), and one client
//! before and after a server joins. Each job places [`AGREE_KEYS`] keys with both and
//! counts the keys they send to the same server.

use ringlab_core::clients::{agree, build, Client, ClientKind};

use super::job::Flat;
use super::sizes::AGREE_KEYS;
use crate::views::compare::run::key_name;

/// Two placements the figure compares.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Pair {
    /// Kafka's Java partitioner and librdkafka's default on one topic of N partitions.
    Kafka,
    /// Python's uhashring and Node's hashring on one memcached pool.
    Memcached,
    /// python-memcached and pymemcache, Django's two memcached backends.
    Django,
    /// uhashring on N servers, then on N + 1.
    Join,
}

impl Pair {
    pub const ALL: [Pair; 4] = [Pair::Kafka, Pair::Memcached, Pair::Django, Pair::Join];

    /// The job's name after `agree-`.
    pub fn name(self) -> &'static str {
        match self {
            Pair::Kafka => "kafka",
            Pair::Memcached => "memcached",
            Pair::Django => "django",
            Pair::Join => "join",
        }
    }

    /// The two clients, as `--client` names them.
    pub fn clients(self) -> (ClientKind, ClientKind) {
        match self {
            Pair::Kafka => (ClientKind::Kafka, ClientKind::Librdkafka),
            Pair::Memcached => (ClientKind::Uhashring, ClientKind::Hashring),
            Pair::Django => (ClientKind::PythonMemcached, ClientKind::Pymemcache),
            Pair::Join => (ClientKind::Uhashring, ClientKind::Uhashring),
        }
    }

    /// The legend's words.
    pub fn label(self) -> &'static str {
        match self {
            Pair::Kafka => "Kafka Java / librdkafka",
            Pair::Memcached => "uhashring / hashring",
            Pair::Django => "python-memcached / pymemcache",
            Pair::Join => "uhashring, one server joins",
        }
    }

    /// The share of keys the pair places alike in expectation at `servers`: 1/N for two
    /// hashes that know nothing of each other, N/(N+1) for a ring that gains a server.
    pub fn expected(self, servers: usize) -> f64 {
        let n = servers as f64;
        match self {
            Pair::Join => n / (n + 1.0),
            _ => 1.0 / n,
        }
    }
}

/// The servers of a pool of `n`: `10.0.0.1:11211` and on.
fn pool(n: usize) -> String {
    let names: Vec<String> = (1..=n).map(|i| format!("\"10.0.0.{i}:11211\"")).collect();
    format!("[{}]", names.join(","))
}

/// One client of `kind` on `servers` servers (partitions for Kafka's).
fn client(kind: ClientKind, servers: usize) -> Option<Box<dyn Client>> {
    if kind.takes_partitions() {
        build(kind, "", "{}", Some(u32::try_from(servers).ok()?)).ok()
    } else {
        build(kind, &pool(servers), "{}", None).ok()
    }
}

/// What one pair did at one server count.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct AgreeOutcome {
    /// Keys both placed on the same server.
    pub same: u64,
    /// Keys compared.
    pub keys: u64,
}

impl AgreeOutcome {
    pub fn share(&self) -> f64 {
        self.same as f64 / self.keys as f64
    }
}

/// [`AGREE_KEYS`] keys named `key-0` ... placed by both of `pair` on `servers` servers
/// (the second on one more for [`Pair::Join`]). A pair that cannot be built compares no
/// keys.
pub fn agree_outcome(pair: Pair, servers: usize) -> AgreeOutcome {
    let (a, b) = pair.clients();
    let second = if pair == Pair::Join {
        servers + 1
    } else {
        servers
    };
    let keys: Vec<String> = (0..AGREE_KEYS).map(key_name).collect();
    match (client(a, servers), client(b, second)) {
        (Some(a), Some(b)) => AgreeOutcome {
            same: agree::compare(a.as_ref(), b.as_ref(), keys.iter().map(|k| k.as_bytes()), 0).same
                as u64,
            keys: AGREE_KEYS,
        },
        // Nothing measured: no keys, which the figure leaves out.
        _ => AgreeOutcome { same: 0, keys: 0 },
    }
}

impl Flat for AgreeOutcome {
    const WIDTH: usize = 2;
    fn write(&self, out: &mut Vec<f64>) {
        out.extend([self.same as f64, self.keys as f64]);
    }
    fn read(values: &[f64]) -> Self {
        AgreeOutcome {
            // Counts below 2^53: exact.
            same: values[0] as u64,
            keys: values[1] as u64,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Kafka's two partitioners, worked out here from their hashes: Java's murmur2 with
    /// the top bit cleared, librdkafka's CRC-32, each mod N.
    #[test]
    fn kafka_counts_the_keys_whose_two_hashes_meet_mod_n() {
        use ringlab_core::clients::kafka::murmur2;
        use ringlab_core::schemes::nginx::crc32;
        for n in [3u32, 6] {
            let same = (0..AGREE_KEYS)
                .map(key_name)
                .filter(|k| (murmur2(k.as_bytes()) & 0x7fff_ffff) % n == crc32(k.as_bytes()) % n)
                .count() as u64;
            let got = agree_outcome(Pair::Kafka, n as usize);
            assert_eq!(got.same, same, "N = {n}");
            assert_eq!(got.keys, AGREE_KEYS);
        }
    }

    /// A join keeps every key but those the newcomer takes, about N/(N+1).
    #[test]
    fn a_join_keeps_about_n_over_n_plus_one() {
        for n in [4, 16] {
            let got = agree_outcome(Pair::Join, n).share();
            assert!(
                (got - Pair::Join.expected(n)).abs() < 0.05,
                "N = {n}: {got}"
            );
            assert!(got < 1.0);
        }
        assert_eq!(Pair::Join.expected(4), 0.8);
        assert_eq!(Pair::Django.expected(4), 0.25);
    }

    #[test]
    fn mixed_pairs_agree_about_as_often_as_chance() {
        for pair in [Pair::Memcached, Pair::Django] {
            let got = agree_outcome(pair, 8).share();
            assert!((got - 0.125).abs() < 0.03, "{pair:?}: {got}");
        }
    }

    #[test]
    fn an_outcome_round_trips_as_numbers() {
        let o = AgreeOutcome { same: 3, keys: 7 };
        let mut out = Vec::new();
        o.write(&mut out);
        assert_eq!(AgreeOutcome::read_all(&out), Some(vec![o]));
    }
}
