//! `nginx`: nginx's `hash $key consistent` (`ngx_http_upstream_init_chash` in
//! `src/http/modules/ngx_http_upstream_hash_module.c`), which Cloudflare's pingora-ketama
//! also follows, bit for bit.
//!
//! nginx splits a server name into host and port (see [`split_host_port`]) and hashes
//! `base = host ++ 0u8 ++ port` (the scheme of Cache::Memcached::Fast). A server of weight
//! w gets 160 * w points: prev = 0; repeat: point = crc32(base ++ LE32(prev)); prev = point.
//! The points are sorted and repeats of an equal value dropped (the first made is kept).
//! A key's position is crc32(key); it goes to the first point at or after it, wrapping, on a
//! circle of 2^32 positions. crc32 is zlib's (IEEE, reflected: [`crc32`]).
//!
//! nginx does not hash the empty key: it falls back to round robin. Here the empty key has
//! no position and no owner.
//!
//! nginx weights are whole numbers of at least 1: a fractional weight is rounded to the
//! nearest whole number (halves away from zero), and below 1 counts as 1. ringlab refuses
//! weights above [`MAX_WEIGHT`] to keep the ring in memory.

use crate::partitioner::{one_server_at_a_time, ring_backed};
use crc::{Crc, Table, CRC_32_ISO_HDLC};

use crate::{ConfigError, Partitioner, Point, Ring, Server, Ties};

/// Points per unit of weight.
pub const POINTS_PER_WEIGHT: u32 = 160;

/// The largest weight ringlab builds (160,000 points for one server).
pub const MAX_WEIGHT: u32 = 1000;

/// Host and port bytes of a server name, by nginx's rule.
///
/// A name starting with `unix:` (any case) is a socket path: host = the rest, no port.
/// Otherwise, scanning from the end, if only digits come before a `:`, the host is up to
/// that last `:` and the port the digits after it (possibly none); any other name is all
/// host with an empty port.
///
/// ```
/// use ringlab_core::schemes::nginx::split_host_port;
/// assert_eq!(split_host_port("127.0.0.1:7777"), (&b"127.0.0.1"[..], &b"7777"[..]));
/// assert_eq!(split_host_port("[::1]:80"), (&b"[::1]"[..], &b"80"[..]));
/// assert_eq!(split_host_port("backend"), (&b"backend"[..], &b""[..]));
/// assert_eq!(split_host_port("a:b"), (&b"a:b"[..], &b""[..]));
/// assert_eq!(split_host_port("host:"), (&b"host"[..], &b""[..]));
/// assert_eq!(split_host_port("UNIX:/tmp/s"), (&b"/tmp/s"[..], &b""[..]));
/// ```
pub fn split_host_port(name: &str) -> (&[u8], &[u8]) {
    let bytes = name.as_bytes();
    if bytes.len() >= 5 && bytes[..5].eq_ignore_ascii_case(b"unix:") {
        return (&bytes[5..], &[]);
    }
    for (at, &c) in bytes.iter().enumerate().rev() {
        if c == b':' {
            return (&bytes[..at], &bytes[at + 1..]);
        }
        if !c.is_ascii_digit() {
            break;
        }
    }
    (bytes, &[])
}

/// The whole weight nginx would be given: rounded, at least 1.
///
/// ```
/// use ringlab_core::schemes::nginx::whole_weight;
/// assert_eq!(whole_weight(3.0), 3);
/// assert_eq!(whole_weight(2.5), 3);
/// assert_eq!(whole_weight(0.2), 1);
/// ```
pub fn whole_weight(weight: f64) -> u32 {
    let rounded = weight.round();
    if rounded >= 1.0 {
        rounded.min(u32::MAX as f64) as u32
    } else {
        1
    }
}

/// The browser build uses the byte-at-a-time table (1 KiB of the download), native code
/// the slice-by-16 one (16 KiB, faster): the same checksum, and the reference vectors run
/// on both.
#[cfg(target_arch = "wasm32")]
type Crc32Tables = Table<1>;
#[cfg(not(target_arch = "wasm32"))]
type Crc32Tables = Table<16>;
static CRC32: Crc<u32, Crc32Tables> = Crc::<u32, Crc32Tables>::new(&CRC_32_ISO_HDLC);

/// zlib's crc32 (IEEE 802.3, reflected), as nginx's `ngx_crc32_long` computes it.
///
/// ```
/// use ringlab_core::schemes::nginx::crc32;
/// assert_eq!(crc32(b"123456789"), 0xCBF43926);
/// assert_eq!(crc32(b""), 0);
/// ```
pub fn crc32(bytes: &[u8]) -> u32 {
    CRC32.checksum(bytes)
}

/// A server's 160 * `weight` points, in the order nginx makes them.
pub fn server_points(name: &str, weight: u32) -> Vec<u32> {
    let (host, port) = split_host_port(name);
    let mut base = CRC32.digest();
    base.update(host);
    base.update(&[0]);
    base.update(port);
    let mut prev = 0u32;
    let count = weight.saturating_mul(POINTS_PER_WEIGHT);
    (0..count)
        .map(|_| {
            let mut hasher = base.clone();
            hasher.update(&prev.to_le_bytes());
            prev = hasher.finalize();
            prev
        })
        .collect()
}

/// A key's position: crc32 of its bytes, or `None` for the empty key, which nginx does not
/// hash.
///
/// ```
/// use ringlab_core::schemes::nginx::key_hash;
/// assert_eq!(key_hash(b"123456789"), Some(0xCBF43926));
/// assert_eq!(key_hash(b""), None);
/// ```
pub fn key_hash(key: &[u8]) -> Option<u32> {
    if key.is_empty() {
        None
    } else {
        Some(crc32(key))
    }
}

/// nginx's consistent hash ring.
///
/// pingora-ketama's tests:
///
/// ```
/// use ringlab_core::{Partitioner, Server, schemes::nginx::Nginx};
/// let two = Nginx::new(vec![Server::new("127.0.0.1:7777"), Server::new("127.0.0.1:7778")])
///     .unwrap();
/// let name = |p: &Nginx, key: &str| p.servers()[p.lookup(key.as_bytes()).unwrap()].name.clone();
/// assert_eq!(name(&two, "/some/path"), "127.0.0.1:7778");
/// assert_eq!(name(&two, "/g"), "127.0.0.1:7777");
///
/// let servers = (1..=10).map(|i| Server::new(format!("127.0.0.{i}:6443"))).collect();
/// let mut ten = Nginx::new(servers).unwrap();
/// assert_eq!(name(&ten, "a"), "127.0.0.10:6443");
/// assert_eq!(name(&ten, "b"), "127.0.0.5:6443");
/// ten.add(Server::new("127.0.0.11:6443")).unwrap();
/// assert_eq!(name(&ten, "a"), "127.0.0.10:6443");
/// assert_eq!(name(&ten, "b"), "127.0.0.5:6443");
///
/// // The empty key is not hashed.
/// assert_eq!(ten.lookup(b""), None);
/// assert_eq!(ten.candidates(b"").count(), 0);
/// ```
#[derive(Debug, Clone)]
pub struct Nginx {
    servers: Vec<Server>,
    ring: Ring,
}

impl Nginx {
    /// Builds the ring. Fails when a weight rounds above [`MAX_WEIGHT`].
    pub fn new(servers: Vec<Server>) -> Result<Self, ConfigError> {
        crate::validate_servers(&servers)?;
        let mut points = Vec::new();
        for (server, s) in servers.iter().enumerate() {
            make_points(&mut points, server, s)?;
        }
        let ring = Ring::new(points, 32, Ties::Drop);
        Ok(Nginx { servers, ring })
    }

    /// This ring with server `index` taken out: exactly what [`Nginx::new`] builds from the
    /// other servers (a point dropped behind one of the server's comes back), made in one
    /// pass over the points, with no hashing and no sorting (see [`Ring::without`]). Panics
    /// when `index` is out of range, as `Vec::remove` does.
    pub fn without(&self, index: usize) -> Nginx {
        let mut servers = self.servers.clone();
        servers.remove(index);
        Nginx {
            servers,
            ring: self.ring.without(index),
        }
    }

    /// This ring with `server` put in at index `index`: exactly what [`Nginx::new`] builds
    /// from the longer list, hashing only the new server's points and merging them in (see
    /// [`Ring::with_server`]). Fails as `new` does; panics when `index` is beyond the end,
    /// as `Vec::insert` does.
    pub fn with_server(&self, index: usize, server: Server) -> Result<Nginx, ConfigError> {
        let mut servers = self.servers.clone();
        servers.insert(index, server);
        crate::validate_servers(&servers)?;
        let mut points = Vec::new();
        make_points(&mut points, index, &servers[index])?;
        let ring = self.ring.with_server(index, points);
        Ok(Nginx { servers, ring })
    }
}

/// Appends the points of `s`, server number `server`, in the order nginx makes them.
fn make_points(points: &mut Vec<Point>, server: usize, s: &Server) -> Result<(), ConfigError> {
    let weight = whole_weight(s.weight);
    if weight > MAX_WEIGHT {
        return Err(ConfigError::OutOfRange {
            what: "an nginx weight",
            range: format!("at most {MAX_WEIGHT}"),
            value: s.weight.to_string(),
        });
    }
    for (vnode, position) in (0u32..).zip(server_points(&s.name, weight)) {
        points.push(Point {
            position: u64::from(position),
            server,
            vnode,
        });
    }
    Ok(())
}

impl Partitioner for Nginx {
    fn scheme(&self) -> &'static str {
        "nginx"
    }
    ring_backed!();
    fn key_hash(&self, key: &[u8]) -> Option<u64> {
        key_hash(key).map(u64::from)
    }
    fn rebuild(&mut self, servers: Vec<Server>) -> Result<(), ConfigError> {
        *self = Nginx::new(servers)?;
        Ok(())
    }
    one_server_at_a_time!();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_chain_through_the_previous_point() {
        let points = server_points("127.0.0.1:7777", 1);
        assert_eq!(points.len(), 160);
        let mut prev = 0u32;
        for &point in &points {
            let mut bytes = b"127.0.0.1\x007777".to_vec();
            bytes.extend_from_slice(&prev.to_le_bytes());
            assert_eq!(point, crc32(&bytes));
            prev = point;
        }
    }

    #[test]
    fn the_zero_byte_is_hashed_even_without_a_port() {
        let points = server_points("backend", 1);
        let mut bytes = b"backend\x00".to_vec();
        bytes.extend_from_slice(&0u32.to_le_bytes());
        assert_eq!(points[0], crc32(&bytes));
    }

    #[test]
    fn weights_are_rounded_and_capped() {
        let one = Nginx::new(vec![Server::new("a:1").with_weight(0.3)]).unwrap();
        assert_eq!(one.ring.points().len(), 160);
        let three = Nginx::new(vec![Server::new("a:1").with_weight(2.6)]).unwrap();
        assert_eq!(three.ring.points().len(), 480);
        let too_big = Nginx::new(vec![Server::new("a:1").with_weight(1e9)]);
        assert!(matches!(too_big, Err(ConfigError::OutOfRange { .. })));
        assert!(Nginx::new(vec![Server::new("a").with_weight(0.0)]).is_err());
        assert_eq!(whole_weight(f64::MAX), u32::MAX);
    }

    #[test]
    fn odd_names_never_panic() {
        for name in ["unix:", "UNIX:/x", "unix", ":", "a:", ":80", "é:1", "1234"] {
            let p = Nginx::new(vec![Server::new(name)]).unwrap();
            assert_eq!(p.lookup(b"k"), Some(0), "{name}");
        }
        assert_eq!(split_host_port("1234"), (&b"1234"[..], &b""[..]));
        assert_eq!(split_host_port(":80"), (&b""[..], &b"80"[..]));
    }

    #[test]
    fn empty_cluster_and_empty_key() {
        let p = Nginx::new(Vec::new()).unwrap();
        assert_eq!(p.lookup(b"k"), None);
        assert_eq!(p.key_hash(b"k"), Some(u64::from(crc32(b"k"))));
        assert_eq!(p.key_hash(b""), None);
        assert!(p.preference_list(b"k", 3).is_empty());
    }

    #[test]
    fn shares_sum_to_one_and_follow_weights() {
        let servers = vec![
            Server::new("a:1"),
            Server::new("b:1").with_weight(3.0),
            Server::new("c:1"),
        ];
        let p = Nginx::new(servers).unwrap();
        let shares = p.load_shares();
        assert!((shares.iter().sum::<f64>() - 1.0).abs() < 1e-12);
        assert!(shares[1] > shares[0] && shares[1] > shares[2]);
    }
}
