//! `twemproxy`: nutcracker's `distribution: ketama` (twitter/twemproxy, `nc_ketama.c` and
//! `src/hashkit/`), the same from 0.3.0 to 0.5.0.
//!
//! A server is named by its alias when its line has one (`host:port:weight alias`), else by
//! `host:port` as written; with port 11211 the name hashed is the host alone. Nutcracker
//! sorts a pool's servers by that name (shorter first, then bytewise), which only matters
//! for ties. Points come from MD5 as in libketama: digest `name-i` gives four points, the
//! little-endian words of the digest. How many points a server gets is computed in float32
//! step by step, so weights 1, 2, 4, 8 and 10 give 28, 60, 124, 252 and 320 points, not the
//! 32, 64, 128, 256 and 320 of exact arithmetic.
//!
//! A key goes to the first point at or after its hash, wrapping; of equal points the one
//! built first wins (the server whose name sorts first). The key hash is the pool's `hash:`
//! ([`KeyHash`], `fnv1a_64` by default), over the bytes between the two `hash_tag`
//! characters when both are there with something between them.
//!
//! Bytes are read as x86-64 reads a C `char`: signed. Every byte of 0x80 or more (all of
//! non-ASCII UTF-8) enters the FNV, one-at-a-time and Hsieh hashes sign-extended, so "é"
//! hashes differently on x86-64 than on arm64, where `char` is unsigned. ringlab follows
//! x86-64.

use crate::schemes::ketama::{digest_points, key_hash as md5_hash};
use crate::schemes::nginx::crc32;
use crate::{ConfigError, Partitioner, Point, Ring, Server, Ties};

/// Points per server per unit of share, before the float32 rounding (`KETAMA_POINTS_PER_SERVER`).
pub const POINTS_PER_SERVER: u32 = 160;

/// The port nutcracker leaves out of a server's name.
pub const DEFAULT_PORT: &str = "11211";

/// The pool's `hash:` setting.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KeyHash {
    OneAtATime,
    Md5,
    Crc16,
    Crc32,
    Crc32a,
    Fnv164,
    Fnv1a64,
    Fnv132,
    Fnv1a32,
    Hsieh,
    Murmur,
    Jenkins,
}

impl KeyHash {
    /// Every hash, in nutcracker's order.
    pub const ALL: &'static [KeyHash] = &[
        KeyHash::OneAtATime,
        KeyHash::Md5,
        KeyHash::Crc16,
        KeyHash::Crc32,
        KeyHash::Crc32a,
        KeyHash::Fnv164,
        KeyHash::Fnv1a64,
        KeyHash::Fnv132,
        KeyHash::Fnv1a32,
        KeyHash::Hsieh,
        KeyHash::Murmur,
        KeyHash::Jenkins,
    ];

    /// The name the YAML (and the command line) uses.
    pub fn name(self) -> &'static str {
        match self {
            KeyHash::OneAtATime => "one_at_a_time",
            KeyHash::Md5 => "md5",
            KeyHash::Crc16 => "crc16",
            KeyHash::Crc32 => "crc32",
            KeyHash::Crc32a => "crc32a",
            KeyHash::Fnv164 => "fnv1_64",
            KeyHash::Fnv1a64 => "fnv1a_64",
            KeyHash::Fnv132 => "fnv1_32",
            KeyHash::Fnv1a32 => "fnv1a_32",
            KeyHash::Hsieh => "hsieh",
            KeyHash::Murmur => "murmur",
            KeyHash::Jenkins => "jenkins",
        }
    }

    /// The hash by its name.
    pub fn from_name(name: &str) -> Option<KeyHash> {
        KeyHash::ALL.iter().copied().find(|h| h.name() == name)
    }

    /// The hash of `key` (the whole key: the hash tag is the pool's business).
    ///
    /// ```
    /// use ringlab_core::schemes::twemproxy::KeyHash;
    /// // twemproxy's own unit test, key "apple".
    /// let apple = |h: &str| KeyHash::from_name(h).unwrap().hash(b"apple");
    /// assert_eq!(apple("one_at_a_time"), 2297466611);
    /// assert_eq!(apple("md5"), 3195025439);
    /// assert_eq!(apple("crc16"), 3662830516);
    /// assert_eq!(apple("crc32"), 10542);
    /// assert_eq!(apple("crc32a"), 2838417488);
    /// assert_eq!(apple("fnv1_32"), 67176023);
    /// assert_eq!(apple("fnv1a_32"), 280767167);
    /// assert_eq!(apple("fnv1_64"), 473199127);
    /// assert_eq!(apple("fnv1a_64"), 1488911807);
    /// assert_eq!(apple("hsieh"), 3738850110);
    /// assert_eq!(apple("jenkins"), 1442444624);
    /// assert_eq!(apple("murmur"), 4142305122);
    /// // Signed bytes: "é" is C3 A9.
    /// assert_eq!(KeyHash::Fnv1a64.hash("é".as_bytes()), 3033280513);
    /// assert_eq!(KeyHash::Fnv1a32.hash("é".as_bytes()), 1023043777);
    /// ```
    pub fn hash(self, key: &[u8]) -> u32 {
        match self {
            KeyHash::OneAtATime => one_at_a_time(key),
            KeyHash::Md5 => md5_hash(key),
            KeyHash::Crc16 => crc16(key),
            KeyHash::Crc32 => (crc32(key) >> 16) & 0x7fff,
            KeyHash::Crc32a => crc32(key),
            KeyHash::Fnv164 => {
                let mut h: u64 = 0xcbf2_9ce4_8422_2325;
                for &b in key {
                    h = h.wrapping_mul(0x0100_0000_01b3);
                    h ^= signed(b) as i32 as i64 as u64;
                }
                h as u32
            }
            KeyHash::Fnv1a64 => fnv32(key, 0x8422_2325, 0x1b3, true),
            KeyHash::Fnv132 => fnv32(key, 0x811c_9dc5, 0x0100_0193, false),
            KeyHash::Fnv1a32 => fnv32(key, 0x811c_9dc5, 0x0100_0193, true),
            KeyHash::Hsieh => hsieh(key),
            KeyHash::Murmur => murmur(key),
            KeyHash::Jenkins => jenkins(key),
        }
    }
}

/// A byte as x86-64 reads a C `char` into a `uint32_t`: sign-extended.
fn signed(b: u8) -> u32 {
    b as i8 as i32 as u32
}

/// The 32-bit FNV loops, xor after (`1a`) or before the multiply.
fn fnv32(key: &[u8], init: u32, prime: u32, xor_first: bool) -> u32 {
    key.iter().fold(init, |h, &b| {
        if xor_first {
            (h ^ signed(b)).wrapping_mul(prime)
        } else {
            h.wrapping_mul(prime) ^ signed(b)
        }
    })
}

fn one_at_a_time(key: &[u8]) -> u32 {
    let mut v: u32 = 0;
    for &b in key {
        v = v.wrapping_add(signed(b));
        v = v.wrapping_add(v << 10);
        v ^= v >> 6;
    }
    v = v.wrapping_add(v << 3);
    v ^= v >> 11;
    v.wrapping_add(v << 15)
}

/// Hsieh's SuperFastHash as nutcracker has it: starting from 0, not from the length.
fn hsieh(key: &[u8]) -> u32 {
    if key.is_empty() {
        return 0;
    }
    let get16 = |at: usize| u32::from(key[at]) | (u32::from(key[at + 1]) << 8);
    let mut hash: u32 = 0;
    let whole = key.len() / 4;
    for block in 0..whole {
        let at = block * 4;
        hash = hash.wrapping_add(get16(at));
        let tmp = (get16(at + 2) << 11) ^ hash;
        hash = (hash << 16) ^ tmp;
        hash = hash.wrapping_add(hash >> 11);
    }
    let at = whole * 4;
    match key.len() % 4 {
        3 => {
            hash = hash.wrapping_add(get16(at));
            hash ^= hash << 16;
            hash ^= signed(key[at + 2]) << 18;
            hash = hash.wrapping_add(hash >> 11);
        }
        2 => {
            hash = hash.wrapping_add(get16(at));
            hash ^= hash << 11;
            hash = hash.wrapping_add(hash >> 17);
        }
        1 => {
            hash = hash.wrapping_add(u32::from(key[at]));
            hash ^= hash << 10;
            hash = hash.wrapping_add(hash >> 1);
        }
        _ => {}
    }
    hash ^= hash << 3;
    hash = hash.wrapping_add(hash >> 5);
    hash ^= hash << 4;
    hash = hash.wrapping_add(hash >> 17);
    hash ^= hash << 25;
    hash.wrapping_add(hash >> 6)
}

/// MurmurHash2 with nutcracker's seed, `0xdeadbeef * len`.
fn murmur(key: &[u8]) -> u32 {
    let len = key.len() as u32;
    murmurhash2(key, 0xdead_beefu32.wrapping_mul(len) ^ len)
}

/// MurmurHash2 (m = 0x5bd1e995, r = 24) from the initial value `h`: 4-byte little-endian
/// words, unsigned tail bytes. nutcracker and Kafka (`Utils.murmur2`) differ only in `h`.
pub fn murmurhash2(key: &[u8], mut h: u32) -> u32 {
    const M: u32 = 0x5bd1_e995;
    let mut words = key.chunks_exact(4);
    for word in &mut words {
        let mut k = u32::from_le_bytes([word[0], word[1], word[2], word[3]]);
        k = k.wrapping_mul(M);
        k ^= k >> 24;
        k = k.wrapping_mul(M);
        h = h.wrapping_mul(M) ^ k;
    }
    let tail = words.remainder();
    if !tail.is_empty() {
        for (i, &b) in tail.iter().enumerate() {
            h ^= u32::from(b) << (8 * i);
        }
        h = h.wrapping_mul(M);
    }
    h ^= h >> 13;
    h = h.wrapping_mul(M);
    h ^ (h >> 15)
}

/// Bob Jenkins' lookup3 `hashlittle` with initial value 13, nutcracker's.
fn jenkins(key: &[u8]) -> u32 {
    hashlittle(key, 13)
}

/// Bob Jenkins' lookup3 `hashlittle` of a non-empty key, read byte by byte (the aligned
/// reads nutcracker may take give the same words on a little-endian machine).
fn hashlittle(key: &[u8], initval: u32) -> u32 {
    fn mix(a: &mut u32, b: &mut u32, c: &mut u32) {
        *a = a.wrapping_sub(*c) ^ c.rotate_left(4);
        *c = c.wrapping_add(*b);
        *b = b.wrapping_sub(*a) ^ a.rotate_left(6);
        *a = a.wrapping_add(*c);
        *c = c.wrapping_sub(*b) ^ b.rotate_left(8);
        *b = b.wrapping_add(*a);
        *a = a.wrapping_sub(*c) ^ c.rotate_left(16);
        *c = c.wrapping_add(*b);
        *b = b.wrapping_sub(*a) ^ a.rotate_left(19);
        *a = a.wrapping_add(*c);
        *c = c.wrapping_sub(*b) ^ b.rotate_left(4);
        *b = b.wrapping_add(*a);
    }
    fn word(bytes: &[u8]) -> u32 {
        let mut w = [0u8; 4];
        w[..bytes.len()].copy_from_slice(bytes);
        u32::from_le_bytes(w)
    }
    let init = 0xdead_beefu32
        .wrapping_add(key.len() as u32)
        .wrapping_add(initval);
    let (mut a, mut b, mut c) = (init, init, init);
    let mut rest = key;
    while rest.len() > 12 {
        a = a.wrapping_add(word(&rest[0..4]));
        b = b.wrapping_add(word(&rest[4..8]));
        c = c.wrapping_add(word(&rest[8..12]));
        mix(&mut a, &mut b, &mut c);
        rest = &rest[12..];
    }
    if rest.is_empty() {
        return c;
    }
    let part = |from: usize| &rest[from.min(rest.len())..(from + 4).min(rest.len())];
    a = a.wrapping_add(word(part(0)));
    b = b.wrapping_add(word(part(4)));
    c = c.wrapping_add(word(part(8)));
    // final(a, b, c)
    c ^= b;
    c = c.wrapping_sub(b.rotate_left(14));
    a ^= c;
    a = a.wrapping_sub(c.rotate_left(11));
    b ^= a;
    b = b.wrapping_sub(a.rotate_left(25));
    c ^= b;
    c = c.wrapping_sub(b.rotate_left(16));
    a ^= c;
    a = a.wrapping_sub(c.rotate_left(4));
    b ^= a;
    b = b.wrapping_sub(a.rotate_left(14));
    c ^= b;
    c.wrapping_sub(b.rotate_left(24))
}

/// nutcracker's crc16: the XMODEM table, but the state is 32 bits and never cut to 16.
fn crc16(key: &[u8]) -> u32 {
    let table = |i: u32| {
        let mut crc = i << 8;
        for _ in 0..8 {
            crc = if crc & 0x8000 != 0 {
                (crc << 1) ^ 0x1021
            } else {
                crc << 1
            };
        }
        crc & 0xffff
    };
    key.iter().fold(0u32, |crc, &b| {
        (crc << 8) ^ table(((crc >> 8) ^ u32::from(b)) & 0xff)
    })
}

/// The bytes hashed for `key` with `hash_tag` `tag` (two bytes): those between the first
/// `tag[0]` and the first `tag[1]` after it, when there is at least one; else the key.
///
/// ```
/// use ringlab_core::schemes::twemproxy::tagged;
/// assert_eq!(tagged(b"user:{42}:name", Some(*b"{}")), b"42");
/// assert_eq!(tagged(b"x{}y", Some(*b"{}")), b"x{}y");
/// assert_eq!(tagged(b"{{x}}", Some(*b"{}")), b"{x");
/// assert_eq!(tagged(b"plain", None), b"plain");
/// ```
pub fn tagged(key: &[u8], tag: Option<[u8; 2]>) -> &[u8] {
    let Some([open, close]) = tag else {
        return key;
    };
    let Some(start) = key.iter().position(|&b| b == open) else {
        return key;
    };
    match key[start + 1..].iter().position(|&b| b == close) {
        Some(len) if len > 0 => &key[start + 1..start + 1 + len],
        _ => key,
    }
}

/// The name nutcracker hashes for a server named `name`: `host:11211` is `host`; an alias
/// or any other `host:port` is hashed as written.
///
/// ```
/// use ringlab_core::schemes::twemproxy::hashed_name;
/// assert_eq!(hashed_name("127.0.0.1:11211"), "127.0.0.1");
/// assert_eq!(hashed_name("127.0.0.1:11212"), "127.0.0.1:11212");
/// assert_eq!(hashed_name("mc"), "mc");
/// ```
pub fn hashed_name(name: &str) -> &str {
    match name.rsplit_once(':') {
        Some((host, DEFAULT_PORT)) if !host.is_empty() => host,
        _ => name,
    }
}

/// Points of a server with weight `weight` in a pool of `live` servers of total weight
/// `total`, in float32 as nutcracker computes them.
///
/// ```
/// use ringlab_core::schemes::twemproxy::points_for;
/// let counts = |ws: &[u32]| {
///     let total: u32 = ws.iter().sum();
///     ws.iter().map(|&w| points_for(w, total, ws.len())).collect::<Vec<_>>()
/// };
/// assert_eq!(counts(&[1, 2, 4, 8, 10]), vec![28, 60, 124, 252, 320]);
/// assert_eq!(counts(&[1, 2, 3, 5, 7]), vec![44, 88, 132, 220, 308]);
/// assert_eq!(counts(&[1, 1, 1]), vec![160, 160, 160]);
/// ```
pub fn points_for(weight: u32, total: u32, live: usize) -> u32 {
    let pct = weight as f32 / total as f32;
    let p = (pct * POINTS_PER_SERVER as f32) / 4.0 * live as f32;
    (p.floor() as u32) * 4
}

/// A twemproxy pool with `distribution: ketama`.
///
/// The public vector file's pool: `127.0.0.1:35451:1`, `127.0.0.1:35742:2` and
/// `127.0.0.1:35023:1 cache-c`.
///
/// ```
/// use ringlab_core::{Partitioner, Server, schemes::twemproxy::{KeyHash, Twemproxy}};
/// let pool = vec![
///     Server::new("127.0.0.1:35451"),
///     Server::new("127.0.0.1:35742").with_weight(2.0),
///     Server::new("cache-c"),
/// ];
/// let pool = Twemproxy::new(pool, KeyHash::Fnv1a64, None).unwrap();
/// assert_eq!(pool.points_per_server(), vec![120, 240, 120]);
/// let owner = |key: &str| pool.servers()[pool.lookup(key.as_bytes()).unwrap()].name.clone();
/// assert_eq!(owner("apple"), "127.0.0.1:35451");
/// assert_eq!(owner("test"), "cache-c");
/// assert_eq!(owner("é"), "127.0.0.1:35742");
/// ```
#[derive(Debug, Clone)]
pub struct Twemproxy {
    servers: Vec<Server>,
    hash: KeyHash,
    tag: Option<[u8; 2]>,
    ring: Ring,
}

impl Twemproxy {
    /// A pool over `servers`, each named by its alias or `host:port` (the name the answer
    /// gives), with whole weights.
    pub fn new(
        servers: Vec<Server>,
        hash: KeyHash,
        tag: Option<[u8; 2]>,
    ) -> Result<Self, ConfigError> {
        crate::validate_servers(&servers)?;
        let mut weights = Vec::with_capacity(servers.len());
        for s in &servers {
            if s.weight.fract() != 0.0 || s.weight > f64::from(u16::MAX) {
                return Err(ConfigError::OutOfRange {
                    what: "a twemproxy weight",
                    range: format!("a whole number from 1 to {}", u16::MAX),
                    value: format!("{} for {}", s.weight, s.name),
                });
            }
            weights.push(s.weight as u32);
        }
        let total: u32 = weights.iter().sum();
        // Build in nutcracker's order: by hashed name, shorter first, then bytewise.
        let mut order: Vec<usize> = (0..servers.len()).collect();
        order.sort_by(|&a, &b| {
            let (a, b) = (hashed_name(&servers[a].name), hashed_name(&servers[b].name));
            (a.len(), a).cmp(&(b.len(), b))
        });
        let mut points = Vec::new();
        for server in order {
            let name = hashed_name(&servers[server].name);
            let count = points_for(weights[server], total, servers.len());
            for i in 0..count / 4 {
                let words = digest_points(&format!("{name}-{i}"));
                for (x, word) in words.into_iter().enumerate() {
                    points.push(Point {
                        position: u64::from(word),
                        server,
                        vnode: i * 4 + x as u32,
                    });
                }
            }
        }
        Ok(Twemproxy {
            servers,
            hash,
            tag,
            ring: Ring::new(points, 32, Ties::Keep),
        })
    }

    /// The pool's key hash.
    pub fn key_hash_kind(&self) -> KeyHash {
        self.hash
    }

    /// The pool's `hash_tag`.
    pub fn hash_tag(&self) -> Option<[u8; 2]> {
        self.tag
    }

    /// Points each server has.
    pub fn points_per_server(&self) -> Vec<usize> {
        self.ring.point_counts(self.servers.len())
    }

    fn hash_of(&self, key: &[u8]) -> u64 {
        u64::from(self.hash.hash(tagged(key, self.tag)))
    }
}

impl Partitioner for Twemproxy {
    fn scheme(&self) -> &'static str {
        "twemproxy"
    }
    fn servers(&self) -> &[Server] {
        &self.servers
    }
    fn key_hash(&self, key: &[u8]) -> Option<u64> {
        Some(self.hash_of(key))
    }
    fn lookup(&self, key: &[u8]) -> Option<usize> {
        // A pool of one server does not hash.
        if self.servers.len() == 1 {
            return Some(0);
        }
        self.ring.owner(self.hash_of(key))
    }
    fn ring(&self) -> Option<&Ring> {
        Some(&self.ring)
    }
    fn rebuild(&mut self, servers: Vec<Server>) -> Result<(), ConfigError> {
        *self = Twemproxy::new(servers, self.hash, self.tag)?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// lookup3.c's own check values for `hashlittle`: "Four score and seven years ago"
    /// with initial values 0 and 1.
    #[test]
    fn hashlittle_gives_lookup3s_own_values() {
        let text = b"Four score and seven years ago";
        assert_eq!(hashlittle(text, 0), 0x1777_0551);
        assert_eq!(hashlittle(text, 1), 0xcd62_8161);
        assert_eq!(jenkins(text), hashlittle(text, 13));
    }

    fn names(list: &[&str]) -> Vec<Server> {
        list.iter().map(|n| Server::new(*n)).collect()
    }

    #[test]
    fn point_names_use_the_alias_or_the_host_without_11211() {
        let pool = Twemproxy::new(names(&["127.0.0.1:11211", "mc"]), KeyHash::Md5, None).unwrap();
        let first: Vec<u64> = pool
            .ring()
            .unwrap()
            .points_of(0)
            .map(|p| p.position)
            .collect();
        let words = digest_points("127.0.0.1-0");
        assert!(words.iter().all(|w| first.contains(&u64::from(*w))));
        let second: Vec<u64> = pool
            .ring()
            .unwrap()
            .points_of(1)
            .map(|p| p.position)
            .collect();
        assert!(digest_points("mc-0")
            .iter()
            .all(|w| second.contains(&u64::from(*w))));
    }

    #[test]
    fn ties_go_to_the_name_that_sorts_first_in_any_order() {
        // t919 and t1742 share the point 725036374; t919 is shorter, so it sorts first.
        assert_eq!(digest_points("t919-20")[2], 725036374);
        assert_eq!(digest_points("t1742-0")[2], 725036374);
        for list in [["t919", "t1742", "cache-x"], ["t1742", "cache-x", "t919"]] {
            let pool = Twemproxy::new(names(&list), KeyHash::Md5, None).unwrap();
            let owner = pool.ring().unwrap().owner(725036374).unwrap();
            assert_eq!(pool.servers()[owner].name, "t919");
        }
    }

    #[test]
    fn crc32_keys_crowd_onto_one_arc() {
        assert!(KeyHash::Crc32.hash(b"anything at all") < 32768);
    }

    #[test]
    fn one_server_takes_every_key() {
        let pool = Twemproxy::new(names(&["a:1"]), KeyHash::Fnv1a64, None).unwrap();
        assert_eq!(pool.lookup(b"k"), Some(0));
        let empty = Twemproxy::new(Vec::new(), KeyHash::Fnv1a64, None).unwrap();
        assert_eq!(empty.lookup(b"k"), None);
    }

    #[test]
    fn fractional_weights_are_refused() {
        let half = vec![Server::new("a").with_weight(1.5)];
        assert!(Twemproxy::new(half, KeyHash::Md5, None).is_err());
    }

    #[test]
    fn hash_names_round_trip() {
        for &h in KeyHash::ALL {
            assert_eq!(KeyHash::from_name(h.name()), Some(h));
        }
        assert_eq!(KeyHash::from_name("sha1"), None);
    }

    #[test]
    fn tails_of_every_length_hash_as_nutcracker_reads_them() {
        // Long and odd lengths exercise every tail branch; these only pin that the
        // functions are total and differ by length.
        for &h in KeyHash::ALL {
            let all: std::collections::BTreeSet<u32> =
                (0..16).map(|n| h.hash(&b"abcdefghijklmnop"[..n])).collect();
            assert!(all.len() >= 15, "{}", h.name());
        }
    }
}
