//! `ring`: the textbook consistent hash ring of Karger et al. (STOC 1997) with virtual
//! nodes as in Amazon's Dynamo (SOSP 2007).
//!
//! Each server of weight w gets round(w * V) points (at least one), named `"<name>#<i>"`
//! for i = 0, 1, ...; a point's position is XXH3-64 of that name, a key's position XXH3-64
//! of its bytes, on a circle of 2^64 positions.

use crate::hash::key_hash;
use crate::partitioner::{one_server_at_a_time, ring_backed};
use crate::{ConfigError, Partitioner, Point, Ring, Server, Ties};

/// The point name of a server's `index`-th virtual node.
pub fn vnode_name(server: &str, index: u32) -> String {
    format!("{server}#{index}")
}

/// How many points a server of this weight gets with `vnodes` per unit of weight.
pub fn points_for(weight: f64, vnodes: u32) -> u32 {
    let points = (weight * vnodes as f64).round();
    if points.is_finite() && points >= 1.0 {
        points.min(u32::MAX as f64) as u32
    } else {
        1
    }
}

/// A consistent hash ring with `vnodes` virtual nodes per unit of weight.
///
/// ```
/// use ringlab_core::{numbered_servers, Partitioner, schemes::ring::HashRing};
/// let ring = HashRing::new(numbered_servers("s", 4), 100).unwrap();
/// assert_eq!(ring.ring().unwrap().points().len(), 400);
/// let owner = ring.lookup(b"user:42").unwrap();
/// assert_eq!(ring.lookup(b"user:42"), Some(owner));
/// let total: f64 = ring.load_shares().iter().sum();
/// assert!((total - 1.0).abs() < 1e-12);
/// ```
#[derive(Debug, Clone)]
pub struct HashRing {
    servers: Vec<Server>,
    vnodes: u32,
    ring: Ring,
}

impl HashRing {
    /// Builds the ring. `vnodes` must be at least 1.
    pub fn new(servers: Vec<Server>, vnodes: u32) -> Result<Self, ConfigError> {
        if vnodes == 0 {
            return Err(ConfigError::OutOfRange {
                what: "virtual nodes per server",
                range: "at least 1".into(),
                value: "0".into(),
            });
        }
        crate::validate_servers(&servers)?;
        let ring = build(&servers, vnodes);
        Ok(HashRing {
            servers,
            vnodes,
            ring,
        })
    }

    /// Virtual nodes per unit of weight.
    pub fn vnodes(&self) -> u32 {
        self.vnodes
    }

    /// This ring with server `index` taken out: exactly what [`HashRing::new`] builds from
    /// the other servers, made in one pass over the points, with no hashing and no sorting
    /// (see [`Ring::without`]). Panics when `index` is out of range, as `Vec::remove` does.
    ///
    /// ```
    /// use ringlab_core::{numbered_servers, schemes::ring::HashRing, Partitioner};
    /// let ring = HashRing::new(numbered_servers("s", 4), 100).unwrap();
    /// let without = ring.without(1);
    /// let names: Vec<&str> = without.servers().iter().map(|s| s.name.as_str()).collect();
    /// assert_eq!(names, ["s0", "s2", "s3"]);
    /// let built = HashRing::new(without.servers().to_vec(), 100).unwrap();
    /// assert_eq!(without.ring(), built.ring());
    /// ```
    pub fn without(&self, index: usize) -> HashRing {
        let mut servers = self.servers.clone();
        servers.remove(index);
        HashRing {
            servers,
            vnodes: self.vnodes,
            ring: self.ring.without(index),
        }
    }

    /// This ring with `server` put in at index `index`: exactly what [`HashRing::new`]
    /// builds from the longer list, hashing only the new server's points and merging them
    /// in (see [`Ring::with_server`]). Fails as `new` does on a repeated name or a bad
    /// weight; panics when `index` is beyond the end, as `Vec::insert` does.
    ///
    /// ```
    /// use ringlab_core::{numbered_servers, schemes::ring::HashRing, Partitioner, Server};
    /// let ring = HashRing::new(numbered_servers("s", 3), 100).unwrap();
    /// let joined = ring.with_server(0, Server::new("first").with_weight(2.0)).unwrap();
    /// assert_eq!(joined.ring().unwrap().points().len(), 500);
    /// let built = HashRing::new(joined.servers().to_vec(), 100).unwrap();
    /// assert_eq!(joined.ring(), built.ring());
    /// assert!(ring.with_server(0, Server::new("s1")).is_err());
    /// ```
    pub fn with_server(&self, index: usize, server: Server) -> Result<HashRing, ConfigError> {
        let mut servers = self.servers.clone();
        servers.insert(index, server);
        crate::validate_servers(&servers)?;
        let mut points = Vec::new();
        make_points(&mut points, index, &servers[index], self.vnodes);
        let ring = self.ring.with_server(index, points);
        Ok(HashRing {
            servers,
            vnodes: self.vnodes,
            ring,
        })
    }
}

fn build(servers: &[Server], vnodes: u32) -> Ring {
    let total: usize = servers
        .iter()
        .map(|s| points_for(s.weight, vnodes) as usize)
        .sum();
    let mut points = Vec::with_capacity(total);
    for (server, s) in servers.iter().enumerate() {
        make_points(&mut points, server, s, vnodes);
    }
    Ring::new(points, 64, Ties::Keep)
}

/// Appends the points of `s`, server number `server`, in vnode order.
fn make_points(points: &mut Vec<Point>, server: usize, s: &Server, vnodes: u32) {
    let mut digits = itoa::Buffer::new();
    // One name buffer for all points: the same bytes as `vnode_name`, without an
    // allocation per point (a 1000 x 1000 ring builds in a fraction of the time).
    let mut name = String::with_capacity(s.name.len() + 11);
    name.push_str(&s.name);
    name.push('#');
    let prefix = name.len();
    let count = points_for(s.weight, vnodes);
    points.reserve(count as usize);
    for vnode in 0..count {
        name.truncate(prefix);
        name.push_str(digits.format(vnode));
        let position = key_hash(name.as_bytes());
        points.push(Point {
            position,
            server,
            vnode,
        });
    }
}

impl Partitioner for HashRing {
    fn scheme(&self) -> &'static str {
        "ring"
    }
    ring_backed!();
    fn key_hash(&self, key: &[u8]) -> Option<u64> {
        Some(key_hash(key))
    }
    fn rebuild(&mut self, servers: Vec<Server>) -> Result<(), ConfigError> {
        *self = HashRing::new(servers, self.vnodes)?;
        Ok(())
    }
    one_server_at_a_time!();
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::numbered_servers;

    #[test]
    fn every_point_sits_at_the_hash_of_its_name() {
        let mut servers = numbered_servers("server-", 12);
        servers[3].weight = 2.5;
        let ring = HashRing::new(servers.clone(), 37).unwrap();
        assert_eq!(ring.ring().unwrap().points().len(), 11 * 37 + 93);
        for p in ring.ring().unwrap().points() {
            let name = vnode_name(&servers[p.server].name, p.vnode);
            assert_eq!(p.position, key_hash(name.as_bytes()), "{name}");
        }
    }

    #[test]
    fn weights_round_and_never_drop_below_one_point() {
        assert_eq!(points_for(2.5, 37), 93);
        assert_eq!(points_for(0.001, 10), 1);
        assert_eq!(points_for(f64::NAN, 10), 1);
        assert!(HashRing::new(numbered_servers("s", 2), 0).is_err());
    }
}
