//! `groupcache`: Go groupcache's `consistenthash` package (golang/groupcache,
//! `consistenthash/consistenthash.go`), the ring most Go tutorials copy.
//!
//! `New(replicas, nil)` hashes with `crc32.ChecksumIEEE` (zlib's CRC-32). `Add(nodes...)`
//! gives each node, in argument order, `replicas` points: point i is the crc32 of the
//! decimal digits of i followed by the node's name, with no separator ("0node", "1node",
//! ..., "10node"). A key's position is the crc32 of its bytes, and its owner is the node of
//! the first point at or after it, wrapping past the top, on a circle of 2^32 positions.
//!
//! Equal points: groupcache keeps every point in its sorted list but maps each position to
//! one node in a Go map, and a later `Add` overwrites an earlier one, so the node added LAST
//! owns a shared position. Names can collide by construction: "11node" is point 11 of
//! "node" and point 1 of "1node". Here the server list is the order of `Add`: a later
//! server wins a tie.
//!
//! groupcache has no weights: a weight other than 1 is refused rather than ignored. Unlike
//! nginx, the empty key is hashed like any other (crc32 of no bytes is 0). `HTTPPool` uses
//! [`HTTP_POOL_REPLICAS`] points per peer, its peers named by their base URLs.

use crate::partitioner::ring_backed;
use crate::schemes::nginx::crc32;
use crate::{ConfigError, Partitioner, Point, Ring, Server, Ties};

/// The points per node `HTTPPool` gives its peers (`HTTPPoolOptions.Replicas`' default).
pub const HTTP_POOL_REPLICAS: u32 = 50;

/// The most points per node ringlab builds (ten million points for a thousand nodes).
pub const MAX_REPLICAS: u32 = 10_000;

/// Point `i` of `node`: crc32 of i's decimal digits, then the name.
///
/// ```
/// use ringlab_core::schemes::groupcache::point;
/// // The figures SPECS.md records from a real run.
/// assert_eq!(point(0, "a"), 2754246082);
/// assert_eq!(point(11, "node"), 1184814020);
/// assert_eq!(point(1, "1node"), point(11, "node"));
/// ```
pub fn point(i: u32, node: &str) -> u32 {
    let mut bytes = i.to_string().into_bytes();
    bytes.extend_from_slice(node.as_bytes());
    crc32(&bytes)
}

/// groupcache's `Map` with the default hash.
///
/// ```
/// use ringlab_core::{Partitioner, Server, schemes::groupcache::Groupcache};
/// let peers = ["http://10.1.0.1:8080", "http://10.1.0.2:8080", "http://10.1.0.3:8080"];
/// let map = Groupcache::new(peers.iter().map(|p| Server::new(*p)).collect(), 50).unwrap();
/// let owner = |key: &str| map.servers()[map.lookup(key.as_bytes()).unwrap()].name.clone();
/// assert_eq!(owner("apple"), "http://10.1.0.3:8080");
/// assert_eq!(owner("é"), "http://10.1.0.1:8080");
///
/// // Tied points go to the node added last.
/// use ringlab_core::schemes::groupcache::point;
/// let tie = point(11, "node");
/// let names = |list: &[&str]| list.iter().map(|n| Server::new(*n)).collect::<Vec<_>>();
/// let first = Groupcache::new(names(&["node", "1node", "other"]), 20).unwrap();
/// let second = Groupcache::new(names(&["1node", "node", "other"]), 20).unwrap();
/// let at = |m: &Groupcache| m.servers()[m.ring().unwrap().owner(u64::from(tie)).unwrap()].name.clone();
/// assert_eq!(at(&first), "1node");
/// assert_eq!(at(&second), "node");
/// ```
#[derive(Debug, Clone)]
pub struct Groupcache {
    servers: Vec<Server>,
    replicas: u32,
    ring: Ring,
}

impl Groupcache {
    /// `New(replicas, nil)` then `Add` of every server, in order. Fails for a weight
    /// other than 1, or more than [`MAX_REPLICAS`] points per node.
    pub fn new(servers: Vec<Server>, replicas: u32) -> Result<Self, ConfigError> {
        crate::validate_servers(&servers)?;
        if replicas > MAX_REPLICAS {
            return Err(ConfigError::OutOfRange {
                what: "groupcache replicas",
                range: format!("0 to {MAX_REPLICAS}"),
                value: replicas.to_string(),
            });
        }
        if let Some(s) = servers.iter().find(|s| s.weight != 1.0) {
            return Err(ConfigError::OutOfRange {
                what: "a groupcache weight (groupcache has no weights)",
                range: "1".to_string(),
                value: format!("{} for {}", s.weight, s.name),
            });
        }
        // The last server made comes first into the stable sort, so of equal positions the
        // ring keeps the one groupcache's map holds: the node added last.
        let mut points = Vec::with_capacity(servers.len() * replicas as usize);
        for (server, s) in servers.iter().enumerate().rev() {
            for vnode in 0..replicas {
                points.push(Point {
                    position: u64::from(point(vnode, &s.name)),
                    server,
                    vnode,
                });
            }
        }
        let ring = Ring::new(points, 32, Ties::Drop);
        Ok(Groupcache {
            servers,
            replicas,
            ring,
        })
    }

    /// Points per node.
    pub fn replicas(&self) -> u32 {
        self.replicas
    }
}

impl Partitioner for Groupcache {
    fn scheme(&self) -> &'static str {
        "groupcache"
    }
    ring_backed!();
    fn key_hash(&self, key: &[u8]) -> Option<u64> {
        Some(u64::from(crc32(key)))
    }
    fn rebuild(&mut self, servers: Vec<Server>) -> Result<(), ConfigError> {
        *self = Groupcache::new(servers, self.replicas)?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(list: &[&str]) -> Vec<Server> {
        list.iter().map(|n| Server::new(*n)).collect()
    }

    #[test]
    fn points_are_the_index_then_the_name() {
        assert_eq!(point(10, "node"), crc32(b"10node"));
        assert_eq!(point(0, "a"), crc32(b"0a"));
    }

    #[test]
    fn every_point_is_kept_or_shadowed_by_a_later_node() {
        let map = Groupcache::new(names(&["node", "1node", "other"]), 20).unwrap();
        // 60 points made; the one tie leaves 59 in lookups.
        assert_eq!(map.ring().unwrap().points().len(), 59);
    }

    #[test]
    fn weights_and_huge_replica_counts_are_refused() {
        let weighted = vec![Server::new("a").with_weight(2.0)];
        assert!(matches!(
            Groupcache::new(weighted, 50),
            Err(ConfigError::OutOfRange { .. })
        ));
        assert!(Groupcache::new(names(&["a"]), MAX_REPLICAS + 1).is_err());
        assert!(Groupcache::new(names(&["a", "a"]), 50).is_err());
    }

    #[test]
    fn empty_maps_own_nothing_and_the_empty_key_is_hashed() {
        let empty = Groupcache::new(Vec::new(), 50).unwrap();
        assert_eq!(empty.lookup(b"k"), None);
        let none = Groupcache::new(names(&["a", "b"]), 0).unwrap();
        assert_eq!(none.lookup(b"k"), None);
        let two = Groupcache::new(names(&["a", "b"]), 50).unwrap();
        assert_eq!(two.key_hash(b""), Some(0));
        assert!(two.lookup(b"").is_some());
    }

    #[test]
    fn shares_sum_to_one() {
        let map = Groupcache::new(names(&["a", "b", "c"]), 50).unwrap();
        assert!((map.load_shares().iter().sum::<f64>() - 1.0).abs() < 1e-12);
    }
}
