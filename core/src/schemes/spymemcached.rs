//! `spymemcached`: the Java memcached client's `KetamaNodeLocator`
//! (`net.spy.memcached.KetamaNodeLocator`, couchbase/spymemcached) with its
//! `DefaultHashAlgorithm`s.
//!
//! A server's name here is the text spymemcached hashes for the node, the part before
//! `-i` in its point names: with the default `Format.SPYMEMCACHED` that is Java's
//! `InetSocketAddress.toString()` without its leading `/` (`cache-a/10.0.0.1:11211` for a
//! host name, `10.0.0.1:11211` for an IP literal); with `Format.LIBMEMCACHED` it is the
//! host name, plus `:port` unless the port is 11211. Which one a client uses depends on
//! how it built its addresses and on DNS, so ringlab takes the name as written.
//!
//! Points. Unweighted (an empty weights map, the default): with [`Algorithm::Ketama`],
//! for i in 0..40 the MD5 of `name-i` gives four points, its little-endian words; with any
//! other algorithm, for i in 0..160 one point, the algorithm's hash of `name-i`. Weighted:
//! points always come from MD5, whatever the algorithm, `floor(p) * 4` of them with
//! libmemcached's float32 computation ([`Libmemcached::digests`]); keys are still hashed
//! with the algorithm.
//!
//! Ties: points go into a `TreeMap` in node-list order, and `put` replaces the owner, so
//! of equal points the LAST node in list order wins (libketama, libmemcached and
//! twemproxy keep the first). A key goes to the point equal to its hash, else the first
//! point above it, else the first point: the first point at or after it, wrapping.
//!
//! Keys are Java strings. The FNV family and `NATIVE_HASH` read UTF-16 code units
//! (`charAt`), MD5 and CRC the UTF-8 bytes. Key bytes that are not UTF-8 are read as Java's
//! `new String(bytes, UTF_8)` would read them, each bad sequence a U+FFFD.

use crate::partitioner::ring_backed;
use crate::schemes::ketama::{digest_points, key_hash as md5_hash, Libmemcached, Rule};
use crate::schemes::nginx::crc32;
use crate::{ConfigError, Partitioner, Point, Ring, Server, Ties};

/// MD5 digests per node, unweighted with `KETAMA_HASH` (four points each).
pub const DIGESTS: u32 = 40;
/// Points per node, unweighted with any other algorithm (`numReps`).
pub const REPETITIONS: u32 = 160;
/// The largest weight ringlab builds (a weight's share of 160 points per node).
pub const MAX_WEIGHT: f64 = 1_000_000.0;

/// spymemcached's `DefaultHashAlgorithm`s; each result is cut to its low 32 bits.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Algorithm {
    /// `KETAMA_HASH`: the little-endian u32 of MD5(UTF-8) bytes 0..3 (the default).
    Ketama,
    /// `FNV1_32_HASH` over UTF-16 units: multiply, then xor.
    Fnv132,
    /// `FNV1A_32_HASH` over UTF-16 units: xor, then multiply.
    Fnv1a32,
    /// `FNV1_64_HASH` over UTF-16 units, low 32 bits.
    Fnv164,
    /// `FNV1A_64_HASH` over UTF-16 units, low 32 bits.
    Fnv1a64,
    /// `NATIVE_HASH`: `String.hashCode()` read as a u32.
    Native,
    /// `CRC_HASH`: `(crc32(UTF-8) >> 16) & 0x7FFF`, so the ring lives in 0..32767.
    Crc,
}

impl Algorithm {
    pub const ALL: [Algorithm; 7] = [
        Algorithm::Ketama,
        Algorithm::Fnv132,
        Algorithm::Fnv1a32,
        Algorithm::Fnv164,
        Algorithm::Fnv1a64,
        Algorithm::Native,
        Algorithm::Crc,
    ];

    /// The name the command line uses (`--hash`).
    pub fn name(self) -> &'static str {
        match self {
            Algorithm::Ketama => "ketama",
            Algorithm::Fnv132 => "fnv1_32",
            Algorithm::Fnv1a32 => "fnv1a_32",
            Algorithm::Fnv164 => "fnv1_64",
            Algorithm::Fnv1a64 => "fnv1a_64",
            Algorithm::Native => "native",
            Algorithm::Crc => "crc",
        }
    }

    pub fn parse(text: &str) -> Option<Algorithm> {
        Algorithm::ALL.into_iter().find(|a| a.name() == text)
    }

    /// The hash of a Java string.
    ///
    /// ```
    /// use ringlab_core::schemes::spymemcached::Algorithm;
    /// // The values SPECS.md records from spymemcached.
    /// assert_eq!(Algorithm::Ketama.hash("dustin"), 1781780484);
    /// assert_eq!(Algorithm::Fnv1a32.hash("é"), 1812687940);
    /// assert_eq!(Algorithm::Fnv1a32.hash("😀"), 3409036472);
    /// assert_eq!(Algorithm::Crc.hash("apple"), 10542);
    /// assert_eq!(Algorithm::Native.hash("a"), 97);
    /// ```
    pub fn hash(self, text: &str) -> u32 {
        const FNV32_INIT: u32 = 2_166_136_261;
        const FNV32_PRIME: u32 = 16_777_619;
        const FNV64_INIT: u64 = 0xCBF2_9CE4_8422_2325;
        const FNV64_PRIME: u64 = 0x0000_0100_0000_01B3;
        let units = || text.encode_utf16();
        match self {
            Algorithm::Ketama => md5_hash(text.as_bytes()),
            Algorithm::Fnv132 => units().fold(FNV32_INIT, |h, c| {
                h.wrapping_mul(FNV32_PRIME) ^ u32::from(c)
            }),
            Algorithm::Fnv1a32 => units().fold(FNV32_INIT, |h, c| {
                (h ^ u32::from(c)).wrapping_mul(FNV32_PRIME)
            }),
            Algorithm::Fnv164 => units().fold(FNV64_INIT, |h, c| {
                h.wrapping_mul(FNV64_PRIME) ^ u64::from(c)
            }) as u32,
            Algorithm::Fnv1a64 => units().fold(FNV64_INIT, |h, c| {
                (h ^ u64::from(c)).wrapping_mul(FNV64_PRIME)
            }) as u32,
            Algorithm::Native => {
                units().fold(0i32, |h, c| h.wrapping_mul(31).wrapping_add(i32::from(c))) as u32
            }
            Algorithm::Crc => (crc32(text.as_bytes()) >> 16) & 0x7FFF,
        }
    }
}

/// spymemcached's `KetamaNodeLocator`.
///
/// spymemcached's own tests (nodes named as Java before 14 named unresolved addresses):
///
/// ```
/// use ringlab_core::{Partitioner, Server};
/// use ringlab_core::schemes::spymemcached::{Algorithm, Spymemcached};
/// let nodes = |n: u16| (0..n).map(|i| Server::new(format!("127.0.0.1:{}", 10000 + i))).collect();
/// let owner = |p: &Spymemcached, key: &str| p.servers()[p.lookup(key.as_bytes()).unwrap()].name.clone();
///
/// let four = Spymemcached::new(nodes(4), Algorithm::Ketama, false).unwrap();
/// assert_eq!(owner(&four, "dustin"), "127.0.0.1:10000");
/// assert_eq!(owner(&four, "noelani"), "127.0.0.1:10002");
/// assert_eq!(owner(&four, "some other key"), "127.0.0.1:10000");
/// let five = Spymemcached::new(nodes(5), Algorithm::Ketama, false).unwrap();
/// assert_eq!(owner(&five, "some other key"), "127.0.0.1:10004");
///
/// let fnv = Spymemcached::new(nodes(5), Algorithm::Fnv1a32, false).unwrap();
/// assert_eq!(owner(&fnv, "dustin"), "127.0.0.1:10002");
/// assert_eq!(owner(&fnv, "noelani"), "127.0.0.1:10001");
/// assert_eq!(owner(&fnv, "some other key"), "127.0.0.1:10004");
///
/// // Weighted, LIBMEMCACHED names: 127.0.0.1:11211 is "localhost".
/// let weighted = vec![
///     Server::new("localhost").with_weight(8.0),
///     Server::new("localhost:11212").with_weight(8.0),
/// ];
/// let weighted = Spymemcached::new(weighted, Algorithm::Ketama, true).unwrap();
/// assert_eq!(owner(&weighted, "key1"), "localhost:11212");
/// assert_eq!(owner(&weighted, "key2"), "localhost");
/// ```
#[derive(Debug, Clone)]
pub struct Spymemcached {
    servers: Vec<Server>,
    algorithm: Algorithm,
    weighted: bool,
    ring: Ring,
}

impl Spymemcached {
    /// The locator over `servers` in list order. `weighted` is a non-empty weights map:
    /// points by weight, from MD5. Fails for a weight that is not a whole number from 1 to
    /// [`MAX_WEIGHT`] (Java's `Integer` weights), and for weights given to an unweighted
    /// locator, which would ignore them.
    pub fn new(
        servers: Vec<Server>,
        algorithm: Algorithm,
        weighted: bool,
    ) -> Result<Self, ConfigError> {
        crate::validate_servers(&servers)?;
        for s in &servers {
            let whole = s.weight.fract() == 0.0 && (1.0..=MAX_WEIGHT).contains(&s.weight);
            if weighted && !whole {
                return Err(ConfigError::OutOfRange {
                    what: "a spymemcached weight",
                    range: format!("a whole number from 1 to {MAX_WEIGHT}"),
                    value: format!("{} for {}", s.weight, s.name),
                });
            }
            if !weighted && s.weight != 1.0 {
                return Err(ConfigError::OutOfRange {
                    what: "a weight on an unweighted spymemcached locator",
                    range: "1 (give the locator weights to use them)".to_string(),
                    value: format!("{} for {}", s.weight, s.name),
                });
            }
        }
        let total: f64 = servers.iter().map(|s| s.weight).sum();
        // The last node comes first into the stable sort, so of equal points the ring
        // keeps the one spymemcached's TreeMap holds: the node last in the list.
        let mut points = Vec::new();
        for (server, s) in servers.iter().enumerate().rev() {
            let mut push = |vnode: u32, position: u32| {
                points.push(Point {
                    position: u64::from(position),
                    server,
                    vnode,
                })
            };
            let md5_digests = match (weighted, algorithm) {
                (true, _) => Some(Libmemcached::digests(s.weight, total, servers.len())),
                (false, Algorithm::Ketama) => Some(DIGESTS),
                (false, _) => None,
            };
            match md5_digests {
                Some(digests) => {
                    for i in 0..digests {
                        let words = digest_points(&format!("{}-{i}", s.name));
                        for (h, word) in (0u32..).zip(words) {
                            push(i * 4 + h, word);
                        }
                    }
                }
                None => {
                    for i in 0..REPETITIONS {
                        push(i, algorithm.hash(&format!("{}-{i}", s.name)));
                    }
                }
            }
        }
        let ring = Ring::new(points, 32, Ties::Drop);
        Ok(Spymemcached {
            servers,
            algorithm,
            weighted,
            ring,
        })
    }

    pub fn algorithm(&self) -> Algorithm {
        self.algorithm
    }

    pub fn weighted(&self) -> bool {
        self.weighted
    }

    fn position(&self, key: &[u8]) -> u32 {
        self.algorithm.hash(&String::from_utf8_lossy(key))
    }
}

impl Partitioner for Spymemcached {
    fn scheme(&self) -> &'static str {
        "spymemcached"
    }
    ring_backed!();
    fn key_hash(&self, key: &[u8]) -> Option<u64> {
        Some(u64::from(self.position(key)))
    }
    fn rebuild(&mut self, servers: Vec<Server>) -> Result<(), ConfigError> {
        *self = Spymemcached::new(servers, self.algorithm, self.weighted)?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The FNV reference's own test values ("a" and "foobar"); spymemcached's 64-bit
    /// forms keep the low 32 bits. For ASCII, its UTF-16 units are the bytes.
    #[test]
    fn fnv_hashes_are_the_references() {
        let cases = [
            (Algorithm::Fnv132, [0x050c_5d7e, 0x31f0_b262]),
            (Algorithm::Fnv1a32, [0xe40c_292c, 0xbf9c_f968]),
            (Algorithm::Fnv164, [0x8601_b7be, 0xa4dd_a9c2]),
            (Algorithm::Fnv1a64, [0x8601_ec8c, 0xf739_67e8]),
        ];
        for (algorithm, [a, foobar]) in cases {
            assert_eq!(algorithm.hash("a"), a, "{algorithm:?}");
            assert_eq!(algorithm.hash("foobar"), foobar, "{algorithm:?}");
        }
    }

    fn names(list: &[&str]) -> Vec<Server> {
        list.iter().map(|n| Server::new(*n)).collect()
    }

    #[test]
    fn a_tied_point_goes_to_the_node_last_in_the_list() {
        // SPECS: LIBMEMCACHED-format t919 and t1742 share the point 725036374.
        let owner = |list: &[&str]| {
            let p = Spymemcached::new(names(list), Algorithm::Ketama, false).unwrap();
            let ring = p.ring().unwrap();
            assert!(ring.points().iter().any(|pt| pt.position == 725_036_374));
            p.servers()[ring.owner(725_036_374).unwrap()].name.clone()
        };
        assert_eq!(owner(&["t919", "t1742", "x"]), "t1742");
        assert_eq!(owner(&["t1742", "t919", "x"]), "t919");
    }

    #[test]
    fn weighted_points_follow_libmemcached_in_float32() {
        // SPECS: weights 1, 2, 4, 8, 10 give 28, 60, 124, 252, 320 points (real run).
        let servers: Vec<Server> = [1.0, 2.0, 4.0, 8.0, 10.0]
            .iter()
            .enumerate()
            .map(|(i, &w)| Server::new(format!("s{i}")).with_weight(w))
            .collect();
        let p = Spymemcached::new(servers, Algorithm::Fnv1a32, true).unwrap();
        let ring = p.ring().unwrap();
        let counts: Vec<usize> = (0..5).map(|s| ring.points_of(s).count()).collect();
        // Ties among MD5 words are vanishingly rare: every point is kept.
        assert_eq!(counts, [28, 60, 124, 252, 320]);
    }

    #[test]
    fn the_crc_ring_lives_below_32768_and_weights_are_checked() {
        let p = Spymemcached::new(names(&["a:1", "b:1"]), Algorithm::Crc, false).unwrap();
        assert!(p
            .ring()
            .unwrap()
            .points()
            .iter()
            .all(|pt| pt.position < 32768));
        assert!(p.key_hash(b"anything").unwrap() < 32768);
        let weighted = vec![Server::new("a").with_weight(2.0)];
        assert!(Spymemcached::new(weighted.clone(), Algorithm::Ketama, false).is_err());
        assert!(Spymemcached::new(weighted, Algorithm::Ketama, true).is_ok());
        let half = vec![Server::new("a").with_weight(1.5)];
        assert!(Spymemcached::new(half, Algorithm::Ketama, true).is_err());
    }

    #[test]
    fn unweighted_counts_and_bad_utf8_keys() {
        let md5 = Spymemcached::new(names(&["a"]), Algorithm::Ketama, false).unwrap();
        assert_eq!(md5.ring().unwrap().points_of(0).count(), 160);
        let fnv = Spymemcached::new(names(&["a"]), Algorithm::Fnv164, false).unwrap();
        assert_eq!(fnv.ring().unwrap().points_of(0).count(), 160);
        // Not UTF-8: read as U+FFFD, as Java's decoder would.
        assert_eq!(
            fnv.key_hash(&[0xFF]),
            Some(u64::from(Algorithm::Fnv164.hash("\u{FFFD}")))
        );
        assert!(Spymemcached::new(Vec::new(), Algorithm::Native, false)
            .unwrap()
            .lookup(b"k")
            .is_none());
        for a in Algorithm::ALL {
            assert_eq!(Algorithm::parse(a.name()), Some(a));
        }
    }
}
