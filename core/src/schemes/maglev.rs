//! `maglev`: the lookup table of Maglev, Google's network load balancer (Eisenbud et al.,
//! "Maglev: A Fast and Reliable Software Network Load Balancer", NSDI 2016, section 3.4),
//! with the hashes and the weighted fill of Envoy's `MAGLEV` load balancer.
//!
//! The table has M slots, M prime (65537 as in the paper and Envoy; small primes such as 7
//! or 13 make the table readable). For backend name b: offset = xxHash64(b, seed 0) mod M,
//! skip = xxHash64(b, seed 1) mod (M - 1) + 1, and its preference is the permutation of
//! slots (offset + j * skip) mod M, j = 0, 1, ... Backends take turns, each claiming its
//! next preferred slot that is still free, until every slot is taken. A key's hash is
//! Envoy's: XXH64 with seed 0 over its bytes (as Envoy hashes one header's value), and its
//! owner is `table[hash mod M]`, so table and slot are both Envoy's `MAGLEV`. (Envoy's
//! other hash policies, several headers chained or combined, make other hashes of the
//! same request; here a key is one value.)
//!
//! Turn order and weights follow Envoy: backends take turns in the byte order of their
//! names (so the table does not depend on the order servers are listed), and with weights
//! normalised to w_i = weight_i / sum and w_max the largest, on round r = 1, 2, ... a
//! backend takes a turn only when r * w_i >= t_i, its target, which starts at 0 and grows
//! by w_max with each turn taken. A backend of the largest weight takes every round; one
//! of a third of it every third round. With equal weights every backend takes every
//! round: the paper's plain round robin.

use xxhash_rust::xxh64::xxh64;

use crate::{ConfigError, Partitioner, Server};

/// The table size of the paper and of Envoy.
pub const DEFAULT_TABLE_SIZE: u64 = 65537;

/// The largest table size accepted (the table is built in memory, in the browser too).
pub const MAX_TABLE_SIZE: u64 = 1 << 22;

/// A Maglev lookup table over a server list.
///
/// Envoy's own test (`maglev_lb_test.cc`, M = 7):
///
/// ```
/// use ringlab_core::{Server, schemes::maglev::Maglev};
/// let hosts = |names: &[&str]| names.iter().map(|n| Server::new(*n)).collect::<Vec<_>>();
/// let addresses: Vec<String> = (90..96).map(|port| format!("127.0.0.1:{port}")).collect();
/// let addresses: Vec<&str> = addresses.iter().map(String::as_str).collect();
/// let maglev = Maglev::new(hosts(&addresses), 7).unwrap();
/// assert_eq!(maglev.table(), &[2, 4, 0, 1, 5, 0, 3]);
/// let maglev = Maglev::new(hosts(&["90", "91", "92", "93", "94", "95"]), 7).unwrap();
/// assert_eq!(maglev.table(), &[2, 5, 0, 3, 4, 1, 0]);
/// ```
///
/// Lookups and exact shares:
///
/// ```
/// use ringlab_core::{hash::key_hash, numbered_servers, Partitioner, schemes::maglev::Maglev};
/// let maglev = Maglev::new(numbered_servers("s", 3), 65537).unwrap();
/// let slot = (key_hash(b"user:42") % 65537) as usize;
/// assert_eq!(maglev.lookup(b"user:42"), Some(maglev.table()[slot]));
/// let entries = maglev.entries();
/// assert_eq!(entries.iter().sum::<usize>(), 65537);
/// let shares = maglev.load_shares();
/// assert!((shares[0] - entries[0] as f64 / 65537.0).abs() < 1e-15);
/// assert!(Maglev::new(numbered_servers("s", 3), 65536).is_err());
/// ```
#[derive(Debug, Clone)]
pub struct Maglev {
    servers: Vec<Server>,
    size: u64,
    table: Vec<usize>,
}

impl Maglev {
    /// Builds the table. `table_size` must be a prime of at least the number of servers
    /// (so that every server can hold a slot) and at most [`MAX_TABLE_SIZE`]. The list may
    /// be empty: the table is then empty and owns nothing.
    pub fn new(servers: Vec<Server>, table_size: u64) -> Result<Self, ConfigError> {
        crate::validate_servers(&servers)?;
        check_table_size(table_size, servers.len())?;
        let table = fill(&servers, table_size);
        Ok(Maglev {
            servers,
            size: table_size,
            table,
        })
    }

    /// M, the number of slots.
    pub fn table_size(&self) -> u64 {
        self.size
    }

    /// The table: the server index of each slot (empty when there are no servers).
    pub fn table(&self) -> &[usize] {
        &self.table
    }

    /// How many slots each server holds.
    pub fn entries(&self) -> Vec<usize> {
        slot_counts(&self.table, self.servers.len())
    }

    /// The slot `key` looks up: `XXH64(key, 0) mod M`, as Envoy's.
    ///
    /// Envoy's Basic test (M = 7) and its figures at M = 65537:
    ///
    /// ```
    /// use ringlab_core::{Partitioner, Server};
    /// use ringlab_core::schemes::maglev::{key_hash, Maglev};
    /// let hosts = (90..=95).map(|p| Server::new(format!("127.0.0.1:{p}"))).collect::<Vec<_>>();
    /// let seven = Maglev::new(hosts.clone(), 7).unwrap();
    /// let owner = |key: &str| seven.servers()[seven.lookup(key.as_bytes()).unwrap()].name.clone();
    /// assert_eq!(key_hash(b"foo"), 3728699739546630719);
    /// assert_eq!(seven.slot(b"foo"), 3);
    /// assert_eq!(owner("foo"), "127.0.0.1:91");
    /// assert_eq!(owner("bar"), "127.0.0.1:95");
    /// assert_eq!(owner("lyft"), "127.0.0.1:90");
    /// assert_eq!(owner(""), "127.0.0.1:93");
    /// let big = Maglev::new(hosts, 65537).unwrap();
    /// assert_eq!(big.slot(b"foo"), 11620);
    /// assert_eq!(big.slot(b"bar"), 11551);
    /// ```
    pub fn slot(&self, key: &[u8]) -> usize {
        (key_hash(key) % self.size) as usize
    }
}

/// How many slots of `table` (each slot a server's index) each of `servers` holds.
pub fn slot_counts(table: &[usize], servers: usize) -> Vec<usize> {
    let mut counts = vec![0usize; servers];
    for &server in table {
        counts[server] += 1;
    }
    counts
}

/// A key's hash as Envoy's Maglev takes it: XXH64 with seed 0 of its bytes.
pub fn key_hash(key: &[u8]) -> u64 {
    xxh64(key, 0)
}

/// A backend's (offset, skip) in a table of `table_size` slots (a prime, at least 2).
///
/// ```
/// use ringlab_core::schemes::maglev::permutation;
/// let (offset, skip) = permutation("127.0.0.1:90", 7);
/// assert!(offset < 7 && (1..7).contains(&skip));
/// ```
pub fn permutation(name: &str, table_size: u64) -> (u64, u64) {
    let offset = xxh64(name.as_bytes(), 0) % table_size;
    let skip = xxh64(name.as_bytes(), 1) % (table_size - 1) + 1;
    (offset, skip)
}

/// True when `n` is prime.
pub fn is_prime(n: u64) -> bool {
    if n < 2 {
        return false;
    }
    if n % 2 == 0 {
        return n == 2;
    }
    let mut d = 3u64;
    while d.saturating_mul(d) <= n {
        if n % d == 0 {
            return false;
        }
        d += 2;
    }
    true
}

fn check_table_size(size: u64, servers: usize) -> Result<(), ConfigError> {
    let refuse = |range: String| ConfigError::OutOfRange {
        what: "the Maglev table size",
        range,
        value: size.to_string(),
    };
    if size > MAX_TABLE_SIZE {
        return Err(refuse(format!("at most {MAX_TABLE_SIZE}")));
    }
    if !is_prime(size) {
        return Err(refuse("a prime number (65537 is the usual one)".into()));
    }
    if size < servers as u64 {
        return Err(refuse(format!(
            "at least the number of servers ({servers})"
        )));
    }
    Ok(())
}

/// One backend's place in the fill: where its permutation starts, its stride, and its
/// weight (any positive scale; the fill normalises them).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Preference {
    pub offset: u64,
    pub skip: u64,
    pub weight: f64,
}

/// One turn of the fill: `backend` (its index in the list given to [`fill_trace`]) took
/// `slot`, after trying the slots in `taken`, which others already held.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Claim {
    pub backend: usize,
    pub slot: u64,
    pub taken: Vec<u64>,
}

/// The fill turn by turn, for backends given by their (offset, skip) in turn order: the
/// table (each slot's backend index) and every claim in the order it was made. The paper's
/// example (section 3.4, M = 7), before and after B2 leaves:
///
/// ```
/// use ringlab_core::schemes::maglev::{fill_trace, Preference};
/// let b = |offset, skip| Preference { offset, skip, weight: 1.0 };
/// let (table, claims) = fill_trace(&[b(3, 4), b(0, 2), b(3, 1)], 7).unwrap();
/// assert_eq!(table, vec![1, 0, 1, 0, 2, 2, 0]); // B2 B1 B2 B1 B3 B3 B1
/// assert_eq!((claims[2].slot, claims[2].taken.clone()), (4, vec![3]));
/// let (table, _) = fill_trace(&[b(3, 4), b(3, 1)], 7).unwrap();
/// assert!(fill_trace(&[b(7, 1)], 7).is_err());
/// assert_eq!(table, vec![0, 0, 0, 0, 1, 1, 1]); // B1 B1 B1 B1 B3 B3 B3
/// ```
///
/// Offsets must be below `table_size` (a prime) and skips in `1..table_size`; anything
/// else is refused, as is a weight that is not positive and finite.
pub fn fill_trace(
    backends: &[Preference],
    table_size: u64,
) -> Result<(Vec<usize>, Vec<Claim>), ConfigError> {
    check_table_size(table_size, backends.len())?;
    let size = table_size;
    if let Some(bad) = backends.iter().find(|b| {
        b.offset >= size
            || b.skip == 0
            || b.skip >= size
            || !(b.weight.is_finite() && b.weight > 0.0)
    }) {
        return Err(ConfigError::OutOfRange {
            what: "a Maglev preference",
            range: format!(
                "offset below {size}, skip 1 to {}, weight above 0",
                size - 1
            ),
            value: format!(
                "offset {}, skip {}, weight {}",
                bad.offset, bad.skip, bad.weight
            ),
        });
    }
    let mut claims = Vec::new();
    let table = fill_turns(
        backends,
        (0..backends.len()).collect(),
        size,
        Some(&mut claims),
    );
    Ok((table, claims))
}

/// One backend's state while the table fills (Envoy's `TableBuildEntry`).
struct Turn {
    server: usize,
    offset: u64,
    skip: u64,
    weight: f64,
    target: f64,
    next: u64,
}

fn fill(servers: &[Server], size: u64) -> Vec<usize> {
    let preferences: Vec<Preference> = servers
        .iter()
        .map(|server| {
            let (offset, skip) = permutation(&server.name, size);
            Preference {
                offset,
                skip,
                weight: server.weight,
            }
        })
        .collect();
    let mut order: Vec<usize> = (0..servers.len()).collect();
    order.sort_by(|&a, &b| servers[a].name.as_bytes().cmp(servers[b].name.as_bytes()));
    fill_turns(&preferences, order, size, None)
}

/// The fill: backends take turns in `order`, as weighted in the module's doc, each
/// claiming its next preferred free slot; with `claims`, every claim is recorded.
fn fill_turns(
    backends: &[Preference],
    order: Vec<usize>,
    size: u64,
    mut claims: Option<&mut Vec<Claim>>,
) -> Vec<usize> {
    if backends.is_empty() {
        return Vec::new();
    }
    // Each weight over the total, once: the turns and their step both read these.
    let total: f64 = backends.iter().map(|b| b.weight).sum();
    let weights: Vec<f64> = backends.iter().map(|b| b.weight / total).collect();
    let max_weight = weights.iter().copied().fold(0.0f64, f64::max);
    let mut turns: Vec<Turn> = order
        .into_iter()
        .map(|server| Turn {
            server,
            offset: backends[server].offset,
            skip: backends[server].skip,
            weight: weights[server],
            target: 0.0,
            next: 0,
        })
        .collect();

    const FREE: usize = usize::MAX;
    let mut table = vec![FREE; size as usize];
    let mut filled = 0u64;
    let mut round = 1u64;
    while filled < size {
        for turn in turns.iter_mut() {
            if filled == size {
                break;
            }
            if (round as f64) * turn.weight < turn.target {
                continue;
            }
            turn.target += max_weight;
            // `skip` is below the prime `size`, so the permutation visits every slot and a
            // free one is found within `size` steps.
            let mut taken = Vec::new();
            let mut slot = (turn.offset + turn.skip * turn.next) % size;
            while table[slot as usize] != FREE {
                if claims.is_some() {
                    taken.push(slot);
                }
                turn.next += 1;
                slot = (turn.offset + turn.skip * turn.next) % size;
            }
            table[slot as usize] = turn.server;
            if let Some(claims) = claims.as_deref_mut() {
                claims.push(Claim {
                    backend: turn.server,
                    slot,
                    taken,
                });
            }
            turn.next += 1;
            filled += 1;
        }
        round += 1;
    }
    table
}

impl Partitioner for Maglev {
    fn scheme(&self) -> &'static str {
        "maglev"
    }
    fn servers(&self) -> &[Server] {
        &self.servers
    }
    fn key_hash(&self, key: &[u8]) -> Option<u64> {
        Some(key_hash(key))
    }
    fn lookup(&self, key: &[u8]) -> Option<usize> {
        self.table.get(self.slot(key)).copied()
    }
    /// The table walked forward from the key's slot, wrapping, once around (servers
    /// repeat; preference lists keep the first appearance of each).
    fn candidates<'a>(&'a self, key: &[u8]) -> Box<dyn Iterator<Item = usize> + 'a> {
        let len = self.table.len();
        let start = self.slot(key);
        Box::new((0..len).map(move |step| self.table[(start + step) % len]))
    }
    /// Exact over all 2^64 key hashes: slot s receives floor(2^64 / M) hashes, plus one
    /// when s < 2^64 mod M, so a share is its entries over M up to a bias below 2^-64.
    fn load_shares(&self) -> Vec<f64> {
        let space = 1u128 << 64;
        let size = self.size as u128;
        let (per_slot, extra) = (space / size, space % size);
        let mut hashes = vec![0u128; self.servers.len()];
        for (slot, &server) in self.table.iter().enumerate() {
            hashes[server] += per_slot + u128::from((slot as u128) < extra);
        }
        hashes
            .into_iter()
            .map(|h| h as f64 / space as f64)
            .collect()
    }
    fn rebuild(&mut self, servers: Vec<Server>) -> Result<(), ConfigError> {
        *self = Maglev::new(servers, self.size)?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::numbered_servers;

    #[test]
    fn bad_table_sizes_are_refused() {
        for size in [0, 1, 4, 9, 65535, 65536, MAX_TABLE_SIZE + 1, u64::MAX] {
            assert!(
                Maglev::new(numbered_servers("s", 1), size).is_err(),
                "{size}"
            );
        }
        assert!(Maglev::new(numbered_servers("s", 8), 7).is_err());
        assert!(Maglev::new(numbered_servers("s", 7), 7).is_ok());
        assert!(Maglev::new(numbered_servers("s", 2), 2).is_ok());
    }

    #[test]
    fn primes() {
        let small: Vec<u64> = (0..30).filter(|&n| is_prime(n)).collect();
        assert_eq!(small, vec![2, 3, 5, 7, 11, 13, 17, 19, 23, 29]);
        assert!(is_prime(65537));
        assert!(!is_prime(65537 * 3));
    }

    #[test]
    fn empty_cluster_owns_nothing() {
        let maglev = Maglev::new(Vec::new(), 7).unwrap();
        assert!(maglev.table().is_empty());
        assert_eq!(maglev.lookup(b"k"), None);
        assert_eq!(maglev.candidates(b"k").count(), 0);
        assert!(maglev.load_shares().is_empty());
        let mut maglev = maglev;
        maglev.add(Server::new("a")).unwrap();
        assert_eq!(maglev.table(), &[0; 7]);
    }

    #[test]
    fn the_table_does_not_depend_on_list_order() {
        let names = ["c", "a", "d", "b"];
        let forward: Vec<Server> = names.iter().map(|n| Server::new(*n)).collect();
        let backward: Vec<Server> = names.iter().rev().map(|n| Server::new(*n)).collect();
        let one = Maglev::new(forward, 13).unwrap();
        let two = Maglev::new(backward, 13).unwrap();
        let by_name = |m: &Maglev| -> Vec<String> {
            m.table()
                .iter()
                .map(|&s| m.servers()[s].name.clone())
                .collect()
        };
        assert_eq!(by_name(&one), by_name(&two));
    }

    #[test]
    fn equal_weights_fill_evenly_and_weights_skew_the_fill() {
        let maglev = Maglev::new(numbered_servers("s", 5), 65537).unwrap();
        let entries = maglev.entries();
        assert!(
            entries.iter().all(|&e| e == 13107 || e == 13108),
            "{entries:?}"
        );

        let servers = vec![
            Server::new("a"),
            Server::new("b").with_weight(2.0),
            Server::new("c").with_weight(3.0),
        ];
        let maglev = Maglev::new(servers, 65537).unwrap();
        let entries = maglev.entries();
        for (count, want) in entries.iter().zip([1.0 / 6.0, 2.0 / 6.0, 3.0 / 6.0]) {
            let share = *count as f64 / 65537.0;
            assert!((share - want).abs() < 0.001, "{entries:?}");
        }
        let total: f64 = maglev.load_shares().iter().sum();
        assert!((total - 1.0).abs() < 1e-12);
    }

    #[test]
    fn removing_a_backend_disturbs_few_other_slots() {
        let mut maglev = Maglev::new(numbered_servers("s", 10), 65537).unwrap();
        let before: Vec<String> = maglev
            .table()
            .iter()
            .map(|&s| maglev.servers()[s].name.clone())
            .collect();
        maglev.remove("s3").unwrap();
        let changed = maglev
            .table()
            .iter()
            .zip(&before)
            .filter(|(&s, old)| old.as_str() != "s3" && &maglev.servers()[s].name != *old)
            .count();
        assert!(
            changed < 65537 / 50,
            "{changed} slots of other backends changed"
        );
    }

    #[test]
    fn candidates_start_at_the_owner_and_cover_everyone() {
        let maglev = Maglev::new(numbered_servers("s", 4), 13).unwrap();
        let order: Vec<usize> = maglev.candidates(b"k").collect();
        assert_eq!(order.len(), 13);
        assert_eq!(Some(order[0]), maglev.lookup(b"k"));
        assert_eq!(maglev.preference_list(b"k", 4).len(), 4);
    }
}
