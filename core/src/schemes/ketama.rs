//! `ketama` and `libketama`: the MD5 continuum of Last.fm's libketama (Richard Jones, 2007,
//! `ketama.c`) and the weighted ketama of libmemcached (`update_continuum` in
//! `libmemcached/hosts.cc`, behaviour `MEMCACHED_BEHAVIOR_KETAMA_WEIGHTED`), bit for bit.
//!
//! Both give each server some number of MD5 digests and take four ring points from each:
//! for h in 0..4, the little-endian u32 of digest bytes `[4h .. 4h+3]`. A key's position is
//! the little-endian u32 of the first four bytes of MD5(key); it goes to the first point at
//! or after it, wrapping, on a circle of 2^32 positions. Equal points keep their order.
//!
//! The two programs differ in two places only:
//!
//! | | point names | digests per server |
//! |---|---|---|
//! | libmemcached (`ketama`) | `"<host>-<i>"` when the port is 11211, else `"<host>:<port>-<i>"` | `floor((float)(pct * 160 / 4 * (float)N + 1e-10))` |
//! | libketama (`libketama`) | `"<host>:<port>-<i>"`, the name as written | `floorf(pct * 40.0 * (float)N)` |
//!
//! where `pct = (float)weight / (float)total_weight` and N is the number of servers. Both
//! formulas are evaluated with C's exact float and double promotions (see
//! [`Libmemcached::digests`] and [`LastFm::digests`]): with 7 equal servers libketama gives
//! 40 digests each in C's arithmetic, but 39 in plain doubles.
//!
//! Server names are `host:port`. A name without a port (nothing after a last `:` but 1 to 5
//! digits below 65536) is the whole host with memcached's default port 11211, so `cache1`
//! and `cache1:11211` are the same server in both schemes; see [`libmemcached_address`] and
//! [`libketama_address`]. Weights are integers in both programs; a fractional weight is used
//! as given in the float computation (converted to `float` as C converts an integer).

use crate::partitioner::ring_backed;
use std::marker::PhantomData;

use md5::{Digest, Md5};

use crate::{ConfigError, Partitioner, Point, Ring, Server, Ties};

/// memcached's default port: libmemcached leaves it out of point names.
pub const DEFAULT_PORT: u16 = 11211;

/// Points taken from each MD5 digest.
pub const POINTS_PER_DIGEST: u32 = 4;

/// A key's position: the little-endian u32 of MD5(key) bytes 0..3 (libketama's
/// `ketama_hashi`, libmemcached's `hashkit_md5`).
///
/// ```
/// assert_eq!(ringlab_core::schemes::ketama::key_hash(b"test"), 3446378249);
/// ```
pub fn key_hash(key: &[u8]) -> u32 {
    let digest = Md5::digest(key);
    u32::from_le_bytes([digest[0], digest[1], digest[2], digest[3]])
}

/// The four ring points of one point name: the little-endian u32s of its MD5 digest.
pub fn digest_points(point_name: &str) -> [u32; 4] {
    let digest = Md5::digest(point_name.as_bytes());
    let word = |h: usize| {
        u32::from_le_bytes([
            digest[4 * h],
            digest[4 * h + 1],
            digest[4 * h + 2],
            digest[4 * h + 3],
        ])
    };
    [word(0), word(1), word(2), word(3)]
}

/// Splits `host:port` when the text after the last `:` is 1 to 5 ASCII digits below 65536.
fn split_port(name: &str) -> Option<(&str, u16)> {
    let (host, port) = name.rsplit_once(':')?;
    if port.is_empty() || port.len() > 5 || !port.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    port.parse::<u16>().ok().map(|port| (host, port))
}

/// Host and port as libmemcached holds them for a server name.
///
/// `host:port` splits at the last `:` when a valid port follows; any other name is the
/// whole host on port 11211. As in `memcached_server_add_with_weight`, port 0 means 11211
/// and an empty host means `localhost`. A name starting with `/` is a Unix socket path,
/// which libmemcached stores with port 0. IPv6 brackets are kept as written.
///
/// ```
/// use ringlab_core::schemes::ketama::libmemcached_address;
/// assert_eq!(libmemcached_address("10.0.0.1:11212"), ("10.0.0.1", 11212));
/// assert_eq!(libmemcached_address("cache1"), ("cache1", 11211));
/// assert_eq!(libmemcached_address("cache1:http"), ("cache1:http", 11211));
/// assert_eq!(libmemcached_address(":0"), ("localhost", 11211));
/// assert_eq!(libmemcached_address("/tmp/mc.sock"), ("/tmp/mc.sock", 0));
/// ```
pub fn libmemcached_address(name: &str) -> (&str, u16) {
    if name.starts_with('/') {
        return (name, 0);
    }
    let (host, port) = match split_port(name) {
        Some((host, 0)) => (host, DEFAULT_PORT),
        Some((host, port)) => (host, port),
        None => (name, DEFAULT_PORT),
    };
    (if host.is_empty() { "localhost" } else { host }, port)
}

/// The address libketama writes in point names: the name as written when it has a port
/// (see [`libmemcached_address`] for what a port is), else the name with `:11211`.
///
/// ```
/// use ringlab_core::schemes::ketama::libketama_address;
/// assert_eq!(libketama_address("10.0.0.1:11211"), "10.0.0.1:11211");
/// assert_eq!(libketama_address("cache1"), "cache1:11211");
/// ```
pub fn libketama_address(name: &str) -> String {
    match split_port(name) {
        Some(_) => name.to_string(),
        None => format!("{name}:{DEFAULT_PORT}"),
    }
}

mod sealed {
    pub trait Sealed {}
    impl Sealed for super::Libmemcached {}
    impl Sealed for super::LastFm {}
}

/// The rule of one ketama program: how it names points and how many digests a server gets.
/// Implemented by [`Libmemcached`] and [`LastFm`] only.
pub trait Rule: sealed::Sealed {
    /// The scheme's name as the command line spells it.
    const SCHEME: &'static str;

    /// The point name of a server's `index`-th digest.
    fn point_name(server: &str, index: u32) -> String;

    /// How many digests (four points each) a server of `weight` gets, out of
    /// `total_weight` over `servers` servers.
    fn digests(weight: f64, total_weight: f64, servers: usize) -> u32;
}

/// libmemcached's weighted ketama rule (scheme `ketama`).
#[derive(Debug, Clone, Copy)]
pub enum Libmemcached {}

/// Last.fm libketama's rule (scheme `libketama`).
#[derive(Debug, Clone, Copy)]
pub enum LastFm {}

impl Rule for Libmemcached {
    const SCHEME: &'static str = "ketama";

    /// `"<host>-<i>"` on port 11211, else `"<host>:<port>-<i>"`.
    ///
    /// ```
    /// use ringlab_core::schemes::ketama::{Libmemcached, Rule};
    /// assert_eq!(Libmemcached::point_name("127.0.0.1:11211", 3), "127.0.0.1-3");
    /// assert_eq!(Libmemcached::point_name("127.0.0.1:33222", 0), "127.0.0.1:33222-0");
    /// ```
    fn point_name(server: &str, index: u32) -> String {
        match libmemcached_address(server) {
            (host, DEFAULT_PORT) => format!("{host}-{index}"),
            (host, port) => format!("{host}:{port}-{index}"),
        }
    }

    /// `floor((float)(pct * 160 / 4 * (float)N + 0.0000000001))`: the product in `float`,
    /// the nudge added in `double`, the sum cast back to `float`.
    ///
    /// ```
    /// use ringlab_core::schemes::ketama::{Libmemcached, Rule};
    /// assert_eq!(Libmemcached::digests(1.0, 3.0, 2), 26);
    /// assert_eq!(Libmemcached::digests(2.0, 3.0, 2), 53);
    /// ```
    fn digests(weight: f64, total_weight: f64, servers: usize) -> u32 {
        let pct = weight as f32 / total_weight as f32;
        let product = pct * 160.0 / 4.0 * servers as f32;
        let nudged = (f64::from(product) + 0.000_000_000_1) as f32;
        // NaN (weights beyond float range) gives 0 digests.
        nudged.floor() as u32
    }
}

impl Rule for LastFm {
    const SCHEME: &'static str = "libketama";

    /// `"<host>:<port>-<i>"`, always with the port.
    ///
    /// ```
    /// use ringlab_core::schemes::ketama::{LastFm, Rule};
    /// assert_eq!(LastFm::point_name("127.0.0.1:11211", 3), "127.0.0.1:11211-3");
    /// ```
    fn point_name(server: &str, index: u32) -> String {
        format!("{}-{index}", libketama_address(server))
    }

    /// `floorf(pct * 40.0 * (float)N)`: `pct` is a `float`, the product is a `double`
    /// (40.0 is a double constant) rounded to `float` on its way into `floorf`.
    ///
    /// ```
    /// use ringlab_core::schemes::ketama::{LastFm, Rule};
    /// assert_eq!(LastFm::digests(600.0, 1000.0, 2), 48);
    /// assert_eq!(LastFm::digests(1.0, 7.0, 7), 40); // 39 in plain doubles
    /// ```
    fn digests(weight: f64, total_weight: f64, servers: usize) -> u32 {
        let pct = weight as f32 / total_weight as f32;
        let product = f64::from(pct) * 40.0 * f64::from(servers as f32);
        (product as f32).floor() as u32
    }
}

/// A ketama continuum following rule `R`: use it as [`Ketama`] or [`Libketama`].
#[derive(Debug, Clone)]
pub struct Continuum<R> {
    servers: Vec<Server>,
    ring: Ring,
    rule: PhantomData<R>,
}

/// libmemcached's weighted ketama, as pylibmc and PHP's memcached use it with
/// `ketama_weighted`.
///
/// ```
/// use ringlab_core::{parse_server_list, Partitioner, schemes::ketama::Ketama};
/// let servers = parse_server_list("127.0.0.1:11211=1,127.0.0.1:33222=2").unwrap();
/// let ketama = Ketama::new(servers).unwrap();
/// // 26 and 53 digests of four points each.
/// assert_eq!(ketama.ring().unwrap().points().len(), 4 * (26 + 53));
/// assert_eq!(ketama.scheme(), "ketama");
/// ```
pub type Ketama = Continuum<Libmemcached>;

/// Last.fm's libketama.
///
/// Its own test: 600 and 400 give 320 points, and "test" (hash 3446378249) lands on the
/// point 3454255383 of `127.0.0.1:11211`.
///
/// ```
/// use ringlab_core::{Partitioner, Server, schemes::ketama::{key_hash, Libketama}};
/// let servers = vec![
///     Server::new("127.0.0.1:11211").with_weight(600.0),
///     Server::new("127.0.0.1:11212").with_weight(400.0),
/// ];
/// let ketama = Libketama::new(servers).unwrap();
/// let ring = ketama.ring().unwrap();
/// assert_eq!(ring.points().len(), 320);
/// assert_eq!(key_hash(b"test"), 3446378249);
/// assert_eq!(ketama.key_hash(b"test"), Some(3446378249));
/// let point = ring.successor(3446378249).unwrap();
/// assert_eq!(ring.points()[point].position, 3454255383);
/// let owner = ketama.lookup(b"test").unwrap();
/// assert_eq!(ketama.servers()[owner].name, "127.0.0.1:11211");
/// ```
pub type Libketama = Continuum<LastFm>;

impl<R: Rule> Continuum<R> {
    /// Builds the continuum. Fails only when servers exist but the weights give none of
    /// them a point (weights so large or small that they leave `float` range).
    pub fn new(servers: Vec<Server>) -> Result<Self, ConfigError> {
        crate::validate_servers(&servers)?;
        let ring = build::<R>(&servers);
        if !servers.is_empty() && ring.points().is_empty() {
            return Err(ConfigError::Invalid(format!(
                "the weights give no server a point on the {} ring",
                R::SCHEME
            )));
        }
        Ok(Continuum {
            servers,
            ring,
            rule: PhantomData,
        })
    }
}

fn build<R: Rule>(servers: &[Server]) -> Ring {
    let total_weight: f64 = servers.iter().map(|s| s.weight).sum();
    let mut points = Vec::new();
    for (server, s) in servers.iter().enumerate() {
        for digest in 0..R::digests(s.weight, total_weight, servers.len()) {
            let values = digest_points(&R::point_name(&s.name, digest));
            for (h, value) in (0u32..).zip(values) {
                points.push(Point {
                    position: u64::from(value),
                    server,
                    vnode: digest * POINTS_PER_DIGEST + h,
                });
            }
        }
    }
    Ring::new(points, 32, Ties::Keep)
}

impl<R: Rule> Partitioner for Continuum<R> {
    fn scheme(&self) -> &'static str {
        R::SCHEME
    }
    ring_backed!();
    fn key_hash(&self, key: &[u8]) -> Option<u64> {
        Some(u64::from(key_hash(key)))
    }
    fn rebuild(&mut self, servers: Vec<Server>) -> Result<(), ConfigError> {
        *self = Continuum::new(servers)?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::numbered_servers;

    fn weighted(spec: &[(&str, f64)]) -> Vec<Server> {
        spec.iter()
            .map(|&(name, weight)| Server::new(name).with_weight(weight))
            .collect()
    }

    #[test]
    fn equal_weights_give_160_points_each() {
        for n in 1..=12 {
            let servers = numbered_servers("10.0.0.", n);
            assert_eq!(
                Ketama::new(servers.clone()).unwrap().ring.points().len(),
                160 * n
            );
            assert_eq!(
                Libketama::new(servers).unwrap().ring.points().len(),
                160 * n
            );
        }
    }

    #[test]
    fn c_float_arithmetic_not_doubles() {
        // In doubles 1/7 * 40 * 7 = 39.999999..., floor 39; C's float pct rounds up.
        assert_eq!((1.0f64 / 7.0 * 40.0 * 7.0).floor(), 39.0);
        assert_eq!(LastFm::digests(1.0, 7.0, 7), 40);
        assert_eq!(Libmemcached::digests(1.0, 7.0, 7), 40);
    }

    #[test]
    fn the_two_rules_name_points_differently_only_on_the_default_port() {
        assert_eq!(Libmemcached::point_name("h:11211", 0), "h-0");
        assert_eq!(LastFm::point_name("h:11211", 0), "h:11211-0");
        assert_eq!(Libmemcached::point_name("h:11212", 7), "h:11212-7");
        assert_eq!(LastFm::point_name("h:11212", 7), "h:11212-7");
        let same = numbered_servers("h:2121", 3);
        let a = Ketama::new(same.clone()).unwrap();
        let b = Libketama::new(same).unwrap();
        assert!(a.ring == b.ring, "no default port: identical rings");
    }

    #[test]
    fn a_name_without_a_port_is_on_the_default_port() {
        let bare = Ketama::new(weighted(&[("cache1", 1.0), ("cache2", 2.0)])).unwrap();
        let full = Ketama::new(weighted(&[("cache1:11211", 1.0), ("cache2:11211", 2.0)]));
        assert_eq!(bare.ring, full.unwrap().ring);
        let bare = Libketama::new(weighted(&[("cache1", 1.0)])).unwrap();
        let full = Libketama::new(weighted(&[("cache1:11211", 1.0)])).unwrap();
        assert_eq!(bare.ring, full.ring);
    }

    #[test]
    fn odd_names_never_panic() {
        for name in [
            ":",
            "::",
            "a:",
            ":1",
            "a:99999",
            "a:0",
            "[::1]:11211",
            "::1",
            "/tmp/s",
            "é:1",
            "a:123456",
            "x:-1",
        ] {
            let k = Ketama::new(vec![Server::new(name)]).unwrap();
            assert_eq!(k.ring.points().len(), 160, "{name}");
            assert_eq!(k.lookup(b"key"), Some(0));
            let l = Libketama::new(vec![Server::new(name)]).unwrap();
            assert_eq!(l.lookup(b""), Some(0));
        }
        assert_eq!(libmemcached_address("a:99999"), ("a:99999", DEFAULT_PORT));
        assert_eq!(libketama_address("a:"), "a::11211");
    }

    #[test]
    fn fractional_weights_are_used_as_given() {
        let servers = weighted(&[("a:1", 0.5), ("b:1", 1.5)]);
        let k = Ketama::new(servers).unwrap();
        // pct 0.25 and 0.75 of 2 * 40 digests.
        assert_eq!(k.ring.points_of(0).count(), 4 * 20);
        assert_eq!(k.ring.points_of(1).count(), 4 * 60);
        // A weight too small to earn a digest leaves a server without points.
        let k = Ketama::new(weighted(&[("a:1", 1e-6), ("b:1", 1.0)])).unwrap();
        assert_eq!(k.ring.points_of(0).count(), 0);
        assert_eq!(k.load_shares()[0], 0.0);
    }

    #[test]
    fn weights_out_of_float_range_are_refused_not_panicked_on() {
        for weight in [1e300, 1e-300] {
            let servers = weighted(&[("a", weight), ("b", weight)]);
            assert!(Ketama::new(servers.clone()).is_err());
            assert!(Libketama::new(servers).is_err());
        }
        assert!(Ketama::new(weighted(&[("a", -1.0)])).is_err());
        assert!(Ketama::new(weighted(&[("a", f64::NAN)])).is_err());
    }

    #[test]
    fn empty_cluster_owns_nothing() {
        let mut k = Ketama::new(Vec::new()).unwrap();
        assert_eq!(k.lookup(b"k"), None);
        assert_eq!(k.candidates(b"k").count(), 0);
        assert!(k.load_shares().is_empty());
        k.add(Server::new("a")).unwrap();
        assert_eq!(k.lookup(b"k"), Some(0));
        k.remove("a").unwrap();
        assert_eq!(k.lookup(b"k"), None);
    }

    #[test]
    fn shares_sum_to_one_and_follow_weights() {
        let k = Libketama::new(weighted(&[("a:1", 600.0), ("b:1", 400.0)])).unwrap();
        let shares = k.load_shares();
        assert!((shares.iter().sum::<f64>() - 1.0).abs() < 1e-12);
        assert!(shares[0] > shares[1]);
        assert_eq!(k.preference_list(b"x", 5).len(), 2);
    }
}
