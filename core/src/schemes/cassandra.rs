//! `cassandra`: Apache Cassandra's `Murmur3Partitioner` (`org.apache.cassandra.dht`) with
//! virtual nodes (`num_tokens`), bit for bit in its tokens.
//!
//! A key's token is the low 64 bits of MurmurHash3_x64_128 (seed 0) of its bytes, as a
//! signed i64, with i64::MIN mapped to i64::MAX; the empty key is the minimum token, i64::MIN.
//! Cassandra's `MurmurHash.hash3_x64_128` reads the tail bytes (the last `len mod 16`) as
//! Java's signed `byte`, sign-extended, so it differs from canonical Murmur3 (mmh3) when any
//! of them is 0x80 or above; [`murmur3_x64_128`] does as Cassandra does.
//!
//! Tokens are placed on the ring by flipping the sign bit, which keeps their order:
//! [`position`] maps i64::MIN to 0 and i64::MAX to 2^64 - 1. A node owns the keys whose
//! token is in (previous token, its token], wrapping: the ring's successor rule.
//!
//! Each node holds `num_tokens` tokens (16 by default since Cassandra 4.0, 256 before; at
//! most 1536, Cassandra's own limit). Cassandra has no weights: a node of weight w holds
//! round(w * num_tokens) tokens (at least 1), as operators give bigger nodes more tokens.
//! The tokens are either
//! - evenly spaced: all tokens of the cluster at equal steps around the whole ring from
//!   i64::MIN (`k * 2^64 / T - 2^63` for k in 0..T, the formula of the usual token
//!   calculators), dealt to the nodes interleaved in proportion to their token counts:
//!   with equal counts, round robin in server order; or
//! - random from a seed, like Cassandra's random token allocation
//!   (`Murmur3Partitioner.getRandomToken`): each node draws from its own `Pcg64` seeded
//!   with XXH3-64 of its name (seed = the given seed), so adding or removing a node leaves
//!   the other nodes' tokens where they were, as in a real cluster.
//!
//! Evenly spaced tokens are dealt again on every change of membership (as re-running a
//! token calculator and `nodetool move` would), so a join or a leave moves keys between the
//! old nodes too; only seeded random tokens keep Cassandra's rule that a join or a leave
//! moves just the ranges of the node that came or went.

use crate::partitioner::ring_backed;
use rand::{RngCore, SeedableRng};
use rand_pcg::Pcg64;

use crate::hash::seeded_hash;
use crate::{ConfigError, Partitioner, Point, Ring, Server, Ties};

/// Tokens per node by default (Cassandra 4.0 and later).
pub const DEFAULT_NUM_TOKENS: u32 = 16;

/// The most tokens Cassandra lets one node hold.
pub const MAX_NUM_TOKENS: u32 = 1536;

const C1: u64 = 0x87c3_7b91_1142_53d5;
const C2: u64 = 0x4cf5_ad43_2745_937f;

fn fmix(mut k: u64) -> u64 {
    k ^= k >> 33;
    k = k.wrapping_mul(0xff51_afd7_ed55_8ccd);
    k ^= k >> 33;
    k = k.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
    k ^ (k >> 33)
}

fn mix_k1(k1: u64) -> u64 {
    k1.wrapping_mul(C1).rotate_left(31).wrapping_mul(C2)
}

fn mix_k2(k2: u64) -> u64 {
    k2.wrapping_mul(C2).rotate_left(33).wrapping_mul(C1)
}

fn le64(bytes: &[u8]) -> u64 {
    bytes
        .iter()
        .rev()
        .fold(0, |word, &byte| (word << 8) | u64::from(byte))
}

/// MurmurHash3_x64_128 as Cassandra computes it: `(h1, h2)`, with the tail bytes
/// sign-extended. The token is `h1` as an i64.
///
/// ```
/// use ringlab_core::schemes::cassandra::murmur3_x64_128;
/// assert_eq!(murmur3_x64_128(b"", 0), (0, 0));
/// ```
pub fn murmur3_x64_128(key: &[u8], seed: u64) -> (u64, u64) {
    murmur3(key, seed, true)
}

/// The canonical MurmurHash3_x64_128 (Appleby's `MurmurHash3_x64_128`, as Cilium and
/// katran run it): the tail bytes unsigned. It differs from Cassandra's only for keys whose
/// last `len % 16` bytes hold one of 0x80 or above.
///
/// ```
/// use ringlab_core::schemes::cassandra::{murmur3_x64_128, murmur3_x64_128_canonical};
/// // Cilium's public check: a backend's text with its default seed.
/// let text = b"[0.0.0.1:1/TCP,State:active]";
/// assert_eq!(
///     murmur3_x64_128_canonical(text, 616034178),
///     (16547947091327308854, 6047843010194048566)
/// );
/// assert_eq!(murmur3_x64_128_canonical(text, 7), murmur3_x64_128(text, 7));
/// assert_ne!(murmur3_x64_128_canonical(b"\xff", 0), murmur3_x64_128(b"\xff", 0));
/// ```
pub fn murmur3_x64_128_canonical(key: &[u8], seed: u64) -> (u64, u64) {
    murmur3(key, seed, false)
}

fn murmur3(key: &[u8], seed: u64, sign_extend: bool) -> (u64, u64) {
    let mut h1 = seed;
    let mut h2 = seed;
    let mut blocks = key.chunks_exact(16);
    for block in &mut blocks {
        h1 ^= mix_k1(le64(&block[..8]));
        h1 = h1
            .rotate_left(27)
            .wrapping_add(h2)
            .wrapping_mul(5)
            .wrapping_add(0x52dc_e729);
        h2 ^= mix_k2(le64(&block[8..]));
        h2 = h2
            .rotate_left(31)
            .wrapping_add(h1)
            .wrapping_mul(5)
            .wrapping_add(0x3849_5ab5);
    }
    let tail = blocks.remainder();
    let (mut k1, mut k2) = (0u64, 0u64);
    for (i, &byte) in tail.iter().enumerate() {
        // Java: k ^= ((long) key.get(i)) << shift, the byte sign-extended.
        let extended = if sign_extend {
            byte as i8 as i64 as u64
        } else {
            u64::from(byte)
        };
        if i < 8 {
            k1 ^= extended << (8 * i);
        } else {
            k2 ^= extended << (8 * (i - 8));
        }
    }
    if tail.len() > 8 {
        h2 ^= mix_k2(k2);
    }
    if !tail.is_empty() {
        h1 ^= mix_k1(k1);
    }
    let length = key.len() as u64;
    h1 ^= length;
    h2 ^= length;
    h1 = h1.wrapping_add(h2);
    h2 = h2.wrapping_add(h1);
    h1 = fmix(h1);
    h2 = fmix(h2);
    h1 = h1.wrapping_add(h2);
    h2 = h2.wrapping_add(h1);
    (h1, h2)
}

/// A key's token, as `Murmur3Partitioner.getToken` gives it.
///
/// ```
/// use ringlab_core::schemes::cassandra::token;
/// // The int partition key 1 is serialized as four big-endian bytes.
/// assert_eq!(token(&1i32.to_be_bytes()), -4069959284402364209);
/// assert_eq!(token(b""), i64::MIN);
/// ```
pub fn token(key: &[u8]) -> i64 {
    if key.is_empty() {
        return i64::MIN;
    }
    normalize(murmur3_x64_128(key, 0).0 as i64)
}

/// Cassandra's `normalize`: i64::MIN is reserved for the minimum token.
fn normalize(token: i64) -> i64 {
    if token == i64::MIN {
        i64::MAX
    } else {
        token
    }
}

/// A token's ring position: the sign bit flipped, so the order is kept.
///
/// ```
/// use ringlab_core::schemes::cassandra::{position, token_at};
/// assert_eq!(position(i64::MIN), 0);
/// assert_eq!(position(0), 1 << 63);
/// assert_eq!(position(i64::MAX), u64::MAX);
/// assert_eq!(token_at(position(-5)), -5);
/// ```
pub fn position(token: i64) -> u64 {
    (token as u64) ^ (1 << 63)
}

/// The token at a ring position: the inverse of [`position`].
pub fn token_at(position: u64) -> i64 {
    (position ^ (1 << 63)) as i64
}

/// How many tokens a node of this weight holds: round(weight * num_tokens), at least 1,
/// by the same rule as the `ring` scheme's points per server.
pub fn tokens_for(weight: f64, num_tokens: u32) -> u32 {
    super::ring::points_for(weight, num_tokens)
}

/// A Cassandra ring of nodes with virtual-node tokens.
///
/// ```
/// use ringlab_core::{numbered_servers, Partitioner, schemes::cassandra::{position, token, Cassandra}};
/// let even = Cassandra::new(numbered_servers("node", 4), 16, None).unwrap();
/// assert_eq!(even.ring().unwrap().points().len(), 64);
/// assert_eq!(even.load_shares(), vec![0.25; 4]);
/// assert_eq!(even.key_hash(b"a"), Some(position(token(b"a"))));
///
/// let random = Cassandra::new(numbered_servers("node", 4), 16, Some(7)).unwrap();
/// let again = Cassandra::new(numbered_servers("node", 4), 16, Some(7)).unwrap();
/// assert_eq!(random.tokens(2), again.tokens(2));
/// assert!(random.lookup(b"user:42").is_some());
/// ```
#[derive(Debug, Clone)]
pub struct Cassandra {
    servers: Vec<Server>,
    num_tokens: u32,
    seed: Option<u64>,
    /// Tokens as a cluster reported them (`nodetool ring`), by node name; `None` when the
    /// tokens were made here.
    given: Option<Vec<(String, Vec<i64>)>>,
    ring: Ring,
}

impl Cassandra {
    /// Builds the ring with `num_tokens` tokens per unit of weight (1 to 1536 per node),
    /// evenly spaced when `seed` is `None`, else random from the seed.
    pub fn new(
        servers: Vec<Server>,
        num_tokens: u32,
        seed: Option<u64>,
    ) -> Result<Self, ConfigError> {
        if !(1..=MAX_NUM_TOKENS).contains(&num_tokens) {
            return Err(out_of_range("num_tokens", num_tokens.to_string()));
        }
        crate::validate_servers(&servers)?;
        let mut counts = Vec::with_capacity(servers.len());
        for server in &servers {
            let count = tokens_for(server.weight, num_tokens);
            if count > MAX_NUM_TOKENS {
                return Err(out_of_range(
                    "the tokens of one node (weight times num_tokens)",
                    format!("{count} for {:?}", server.name),
                ));
            }
            counts.push(count);
        }
        let points = match seed {
            None => even_points(&counts),
            Some(seed) => random_points(&servers, &counts, seed),
        };
        Ok(Cassandra {
            servers,
            num_tokens,
            seed,
            given: None,
            ring: Ring::new(points, 64, Ties::Drop),
        })
    }

    /// A ring of the tokens a cluster reports (`nodetool ring`), `tokens[i]` for node i.
    /// A node added later (by [`Partitioner::rebuild`]) draws as many random tokens as
    /// the first node has, from its name, as a node joining with random allocation does;
    /// the others keep theirs.
    ///
    /// ```
    /// use ringlab_core::{numbered_servers, Partitioner, schemes::cassandra::{position, Cassandra}};
    /// let ring = Cassandra::from_tokens(numbered_servers("n", 2), vec![vec![-100, 100], vec![0]]).unwrap();
    /// assert_eq!(ring.ring().unwrap().owner(position(50)), Some(0));
    /// assert_eq!(ring.ring().unwrap().owner(position(-50)), Some(1));
    /// assert_eq!(ring.tokens(0), vec![-100, 100]);
    /// ```
    pub fn from_tokens(servers: Vec<Server>, tokens: Vec<Vec<i64>>) -> Result<Self, ConfigError> {
        crate::validate_servers(&servers)?;
        if tokens.len() != servers.len() {
            return Err(ConfigError::Invalid(format!(
                "{} token lists for {} nodes",
                tokens.len(),
                servers.len()
            )));
        }
        let mut points = Vec::new();
        for (server, list) in tokens.iter().enumerate() {
            if list.is_empty() || list.len() > MAX_NUM_TOKENS as usize {
                return Err(out_of_range(
                    "the tokens of one node",
                    format!("{} for {:?}", list.len(), servers[server].name),
                ));
            }
            for (vnode, &token) in list.iter().enumerate() {
                points.push(Point {
                    position: position(token),
                    server,
                    vnode: vnode as u32,
                });
            }
        }
        let num_tokens = tokens
            .first()
            .map_or(DEFAULT_NUM_TOKENS, |t| t.len() as u32);
        let given = servers.iter().map(|s| s.name.clone()).zip(tokens).collect();
        Ok(Cassandra {
            servers,
            num_tokens,
            seed: Some(0),
            given: Some(given),
            ring: Ring::new(points, 64, Ties::Drop),
        })
    }

    /// Tokens per unit of weight.
    pub fn num_tokens(&self) -> u32 {
        self.num_tokens
    }

    /// The seed of random tokens, or `None` for evenly spaced ones.
    pub fn seed(&self) -> Option<u64> {
        self.seed
    }

    /// The tokens of one server, in ascending order.
    pub fn tokens(&self, server: usize) -> Vec<i64> {
        self.ring
            .points_of(server)
            .map(|p| token_at(p.position))
            .collect()
    }
}

fn out_of_range(what: &'static str, value: String) -> ConfigError {
    ConfigError::OutOfRange {
        what,
        range: format!("from 1 to {MAX_NUM_TOKENS}"),
        value,
    }
}

/// T tokens at equal steps from position 0; token j of a node with c tokens sits at the
/// ideal place (j + 1/2) / c, ties broken by server order.
fn even_points(counts: &[u32]) -> Vec<Point> {
    let mut order: Vec<(usize, u32)> = counts
        .iter()
        .enumerate()
        .flat_map(|(server, &count)| (0..count).map(move |vnode| (server, vnode)))
        .collect();
    // (2j + 1) / (2c) compared exactly by cross-multiplying.
    let place =
        |&(server, vnode): &(usize, u32)| (2 * u64::from(vnode) + 1, u64::from(counts[server]));
    order.sort_by(|a, b| {
        let ((na, da), (nb, db)) = (place(a), place(b));
        (na * db).cmp(&(nb * da)).then(a.0.cmp(&b.0))
    });
    let total = order.len() as u128;
    (0u128..)
        .zip(order)
        .map(|(k, (server, vnode))| Point {
            position: ((k << 64) / total) as u64,
            server,
            vnode,
        })
        .collect()
}

fn random_points(servers: &[Server], counts: &[u32], seed: u64) -> Vec<Point> {
    let mut points = Vec::new();
    for (server, (s, &count)) in servers.iter().zip(counts).enumerate() {
        let mut rng = Pcg64::seed_from_u64(seeded_hash(s.name.as_bytes(), seed));
        for vnode in 0..count {
            let token = normalize(rng.next_u64() as i64);
            points.push(Point {
                position: position(token),
                server,
                vnode,
            });
        }
    }
    points
}

impl Partitioner for Cassandra {
    fn scheme(&self) -> &'static str {
        "cassandra"
    }
    ring_backed!();
    fn key_hash(&self, key: &[u8]) -> Option<u64> {
        Some(position(token(key)))
    }
    fn rebuild(&mut self, servers: Vec<Server>) -> Result<(), ConfigError> {
        *self = match &self.given {
            None => Cassandra::new(servers, self.num_tokens, self.seed)?,
            Some(given) => {
                let mut tokens = Vec::with_capacity(servers.len());
                for server in &servers {
                    match given.iter().find(|(name, _)| *name == server.name) {
                        Some((_, list)) => tokens.push(list.clone()),
                        None => {
                            let drawn = random_points(
                                std::slice::from_ref(server),
                                &[self.num_tokens],
                                self.seed.unwrap_or(0),
                            );
                            tokens.push(drawn.iter().map(|p| token_at(p.position)).collect());
                        }
                    }
                }
                let mut rebuilt = Cassandra::from_tokens(servers, tokens)?;
                // Joiners' tokens are drawn again the same way next time; the reported
                // ones stay the reference.
                rebuilt.given = Some(given.clone());
                rebuilt
            }
        };
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::numbered_servers;

    #[test]
    fn tail_bytes_are_sign_extended() {
        // Canonical Murmur3 (unsigned tail bytes), for the contrast.
        fn canonical_low(key: &[u8]) -> u64 {
            assert!(key.len() < 16);
            let (mut k1, mut k2) = (0u64, 0u64);
            for (i, &b) in key.iter().enumerate() {
                if i < 8 {
                    k1 ^= u64::from(b) << (8 * i);
                } else {
                    k2 ^= u64::from(b) << (8 * (i - 8));
                }
            }
            let (mut h1, mut h2) = (0u64, 0u64);
            if key.len() > 8 {
                h2 ^= mix_k2(k2);
            }
            if !key.is_empty() {
                h1 ^= mix_k1(k1);
            }
            h1 ^= key.len() as u64;
            h2 ^= key.len() as u64;
            h1 = h1.wrapping_add(h2);
            h2 = h2.wrapping_add(h1);
            fmix(h1).wrapping_add(fmix(h2))
        }
        assert_eq!(murmur3_x64_128(b"hello", 0).0, canonical_low(b"hello"));
        let high = "ÿþ".as_bytes();
        assert_ne!(murmur3_x64_128(high, 0).0, canonical_low(high));
        assert_eq!(token(high), -1335023102221842888);
    }

    #[test]
    fn long_keys_use_the_block_loop() {
        let key = b"a key longer than sixteen bytes, and then some \xff";
        assert_eq!(token(key), token(key));
        assert_ne!(token(&key[..32]), token(&key[..33]));
    }

    #[test]
    fn positions_keep_token_order() {
        let tokens = [i64::MIN, -1, 0, 1, i64::MAX];
        for pair in tokens.windows(2) {
            assert!(position(pair[0]) < position(pair[1]));
        }
    }

    #[test]
    fn even_tokens_deal_round_robin_from_the_minimum() {
        let c = Cassandra::new(numbered_servers("n", 3), 2, None).unwrap();
        let owners: Vec<usize> = c.ring.points().iter().map(|p| p.server).collect();
        assert_eq!(owners, vec![0, 1, 2, 0, 1, 2]);
        assert_eq!(c.tokens(0)[0], i64::MIN);
        let step = (1u128 << 64) / 6;
        assert_eq!(c.ring.points()[1].position as u128, step);
    }

    #[test]
    fn node_owns_previous_token_exclusive_to_its_token_inclusive() {
        let c = Cassandra::new(numbered_servers("n", 2), 1, None).unwrap();
        // Tokens: n0 at i64::MIN, n1 at 0.
        assert_eq!(c.tokens(0), vec![i64::MIN]);
        assert_eq!(c.tokens(1), vec![0]);
        assert_eq!(c.ring.owner(position(0)), Some(1));
        assert_eq!(c.ring.owner(position(1)), Some(0));
        assert_eq!(c.ring.owner(position(i64::MIN)), Some(0));
        assert_eq!(c.ring.owner(position(i64::MIN + 1)), Some(1));
        assert_eq!(
            c.lookup(b""),
            Some(0),
            "the minimum token wraps to the first"
        );
    }

    #[test]
    fn weights_scale_tokens_and_shares() {
        let servers = vec![Server::new("a"), Server::new("b").with_weight(3.0)];
        let c = Cassandra::new(servers, 16, None).unwrap();
        assert_eq!(c.tokens(0).len(), 16);
        assert_eq!(c.tokens(1).len(), 48);
        let shares = c.load_shares();
        assert!((shares[0] - 0.25).abs() < 1e-12 && (shares[1] - 0.75).abs() < 1e-12);
        // Interleaved: no run of more than three b tokens.
        let owners: Vec<usize> = c.ring.points().iter().map(|p| p.server).collect();
        assert!(owners.windows(4).all(|w| w.contains(&0)));
    }

    #[test]
    fn random_tokens_stay_put_when_a_node_joins() {
        let mut c = Cassandra::new(numbered_servers("n", 3), 16, Some(42)).unwrap();
        let before: Vec<Vec<i64>> = (0..3).map(|s| c.tokens(s)).collect();
        c.add(Server::new("n3")).unwrap();
        for (s, tokens) in before.iter().enumerate() {
            assert_eq!(&c.tokens(s), tokens);
        }
        assert_eq!(c.tokens(3).len(), 16);
        let other = Cassandra::new(numbered_servers("n", 3), 16, Some(43)).unwrap();
        assert_ne!(other.tokens(0), before[0]);
        assert!((c.load_shares().iter().sum::<f64>() - 1.0).abs() < 1e-12);
    }

    #[test]
    fn bad_options_are_refused() {
        assert!(Cassandra::new(numbered_servers("n", 2), 0, None).is_err());
        assert!(Cassandra::new(numbered_servers("n", 2), 1537, None).is_err());
        assert!(Cassandra::new(numbered_servers("n", 2), 1536, Some(1)).is_ok());
        let heavy = vec![Server::new("a").with_weight(200.0)];
        assert!(Cassandra::new(heavy, 16, None).is_err());
        let light = vec![Server::new("a").with_weight(0.001)];
        assert_eq!(Cassandra::new(light, 16, None).unwrap().tokens(0).len(), 1);
    }

    #[test]
    fn empty_cluster_owns_nothing() {
        for seed in [None, Some(1)] {
            let c = Cassandra::new(Vec::new(), 16, seed).unwrap();
            assert_eq!(c.lookup(b"k"), None);
            assert_eq!(c.candidates(b"k").count(), 0);
            assert!(c.load_shares().is_empty());
        }
    }
}
