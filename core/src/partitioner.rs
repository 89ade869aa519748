//! The interface every scheme offers, and the preference lists built on top of it.

use crate::{validate_servers, ConfigError, Ring, Server};

/// A way of placing keys on servers.
///
/// Servers are referred to by their index in [`Partitioner::servers`]. Keys are bytes:
/// the UTF-8 of a text key, or the little-endian bytes of an integer.
pub trait Partitioner {
    /// The scheme's name as the command line spells it.
    fn scheme(&self) -> &'static str;

    /// The servers, in the order they were given.
    fn servers(&self) -> &[Server];

    /// The scheme's own hash of a key: its ring position, slot or token. `None` when the
    /// scheme refuses the key (nginx does not hash the empty key).
    fn key_hash(&self, key: &[u8]) -> Option<u64>;

    /// The owner of `key`, or `None` when there are no servers or the key is refused.
    /// For a ring scheme (one with [`Partitioner::ring`], whose [`Partitioner::key_hash`]
    /// is the key's ring position), the first point clockwise: schemes with another rule
    /// say so by overriding it.
    fn lookup(&self, key: &[u8]) -> Option<usize> {
        self.ring()?.owner(self.key_hash(key)?)
    }

    /// The owners of many keys, each as [`Partitioner::lookup`] gives it: `owners` is
    /// cleared and gets one per key. Ring schemes whose owner is the first point clockwise
    /// hash the keys first and search for many at once ([`Ring::owners`]), which overlaps
    /// the cache misses of a large ring; the others look up one key at a time.
    fn lookup_batch(&self, keys: &[&[u8]], owners: &mut Vec<Option<usize>>) {
        owners.clear();
        owners.extend(keys.iter().map(|key| self.lookup(key)));
    }

    /// Servers in this scheme's order of preference for `key`, repeats allowed. A ring
    /// walks its points clockwise (the default, for ring schemes); rendezvous ranks by
    /// score. The sequence is finite and names every server that owns any part of the
    /// key space.
    fn candidates<'a>(&'a self, key: &[u8]) -> Box<dyn Iterator<Item = usize> + 'a> {
        match (self.ring(), self.key_hash(key)) {
            (Some(ring), Some(position)) => Box::new(ring.walk_servers(position)),
            _ => Box::new(std::iter::empty()),
        }
    }

    /// The exact share of the key space each server owns, from the scheme's structure
    /// (ring arcs, table entries, slot counts, weights), never by sampling. The default is
    /// a ring's arcs; a scheme without a ring says its own.
    fn load_shares(&self) -> Vec<f64> {
        let servers = self.servers().len();
        self.ring()
            .map_or_else(|| vec![0.0; servers], |ring| ring.shares(servers))
    }

    /// The ring, for schemes that have one.
    fn ring(&self) -> Option<&Ring> {
        None
    }

    /// Builds the scheme again for another server list (already validated).
    fn rebuild(&mut self, servers: Vec<Server>) -> Result<(), ConfigError>;

    /// `r` distinct physical servers for `key`: the first `r` different servers among the
    /// candidates (fewer when the cluster is smaller).
    fn preference_list(&self, key: &[u8], r: usize) -> Vec<usize> {
        let mut chosen = Vec::with_capacity(r);
        for server in self.candidates(key) {
            if chosen.len() == r {
                break;
            }
            if !chosen.contains(&server) {
                chosen.push(server);
            }
        }
        chosen
    }

    /// A preference list that also keeps racks distinct; see [`RackAwareList`].
    fn rack_aware_preference_list(&self, key: &[u8], r: usize) -> RackAwareList {
        rack_aware(self.servers(), self.candidates(key), r)
    }

    /// This scheme with server `index` taken out: what [`Partitioner::rebuild`] makes of
    /// the other servers, derived from this scheme where it knows a faster way than a
    /// build (`ring` and `nginx` filter the server's points out of their rings, with no
    /// hashing and no sorting: see [`Ring::without`]). `None` where it does not, or for an
    /// index out of range: build afresh.
    fn derive_without(&self, index: usize) -> Option<Box<dyn Partitioner>> {
        let _ = index;
        None
    }

    /// This scheme with `server` put in at index `index` (at most the number of servers):
    /// what [`Partitioner::rebuild`] makes of the longer list, derived from this scheme
    /// where it knows a faster way than a build (`ring` and `nginx` hash only the new
    /// server's points and merge them in: see [`Ring::with_server`]). `None` where it does
    /// not, or when the list would not be valid: build afresh, which says why.
    fn derive_with(&self, index: usize, server: Server) -> Option<Box<dyn Partitioner>> {
        let _ = (index, server);
        None
    }

    /// Adds a server (names stay unique, weights positive).
    fn add(&mut self, server: Server) -> Result<(), ConfigError> {
        let mut servers = self.servers().to_vec();
        servers.push(server);
        validate_servers(&servers)?;
        self.rebuild(servers)
    }

    /// Removes the server with this name, returning it.
    fn remove(&mut self, name: &str) -> Result<Server, ConfigError> {
        let mut servers = self.servers().to_vec();
        let index = servers
            .iter()
            .position(|s| s.name == name)
            .ok_or_else(|| ConfigError::UnknownServer(name.to_string()))?;
        let removed = servers.remove(index);
        self.rebuild(servers)?;
        Ok(removed)
    }

    /// The index of the server with this name.
    fn index_of(&self, name: &str) -> Option<usize> {
        self.servers().iter().position(|s| s.name == name)
    }
}

/// The owner of every key, through [`Partitioner::lookup_batch`]: what places many keys
/// (a grid, a page's keys, a load report, the command line's `lookup` and `move`) calls
/// this rather than [`Partitioner::lookup`] key by key.
///
/// ```
/// use ringlab_core::{build, numbered_servers, partitioner::owners_of, Options, Partitioner, SchemeKind};
/// let p = build(SchemeKind::Ring, numbered_servers("s", 3), &Options::default()).unwrap();
/// let keys = ["a", "b", "c"];
/// let owners = owners_of(p.as_ref(), &keys);
/// assert_eq!(owners, keys.map(|k| p.lookup(k.as_bytes())));
/// ```
pub fn owners_of<K: AsRef<[u8]>>(
    p: &(impl Partitioner + ?Sized),
    keys: &[K],
) -> Vec<Option<usize>> {
    let keys: Vec<&[u8]> = keys.iter().map(AsRef::as_ref).collect();
    let mut owners = Vec::with_capacity(keys.len());
    p.lookup_batch(&keys, &mut owners);
    owners
}

/// A rack-aware preference list.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RackAwareList {
    /// Distinct servers, in preference order.
    pub servers: Vec<usize>,
    /// True when there were fewer distinct racks than `r`, so that after one server per
    /// rack the list went on with plain distinct servers.
    pub fell_back: bool,
}

/// Walks the candidates taking a server only if its rack is not used yet; when the racks
/// run out before `r` servers are chosen, fills up with the next distinct servers in
/// candidate order and says so. Servers without a rack label count as racks of their own.
pub fn rack_aware(
    servers: &[Server],
    candidates: impl Iterator<Item = usize>,
    r: usize,
) -> RackAwareList {
    let order: Vec<usize> = candidates.collect();
    let mut chosen: Vec<usize> = Vec::with_capacity(r);
    let mut racks_used: Vec<RackKey> = Vec::new();
    for &server in &order {
        if chosen.len() == r {
            break;
        }
        let rack = rack_key(servers, server);
        if !chosen.contains(&server) && !racks_used.contains(&rack) {
            chosen.push(server);
            racks_used.push(rack);
        }
    }
    let fell_back = chosen.len() < r && chosen.len() < distinct(&order);
    if fell_back {
        for &server in &order {
            if chosen.len() == r {
                break;
            }
            if !chosen.contains(&server) {
                chosen.push(server);
            }
        }
    }
    RackAwareList {
        servers: chosen,
        fell_back,
    }
}

#[derive(PartialEq)]
enum RackKey<'a> {
    Named(&'a str),
    Own(usize),
}

fn rack_key(servers: &[Server], server: usize) -> RackKey<'_> {
    match &servers[server].rack {
        Some(rack) => RackKey::Named(rack),
        None => RackKey::Own(server),
    }
}

fn distinct(order: &[usize]) -> usize {
    let mut seen: Vec<usize> = order.to_vec();
    seen.sort_unstable();
    seen.dedup();
    seen.len()
}

/// The three [`Partitioner`] methods every scheme that keeps its `servers` and a `ring`
/// (a [`Ring`]) writes the same way: its servers, its ring, and a batch of lookups through
/// the ring's batch search. Written once here; each such scheme's impl says
/// `ring_backed!();`.
macro_rules! ring_backed {
    () => {
        fn servers(&self) -> &[$crate::Server] {
            &self.servers
        }
        fn ring(&self) -> Option<&$crate::Ring> {
            Some(&self.ring)
        }
        fn lookup_batch(&self, keys: &[&[u8]], owners: &mut Vec<Option<usize>>) {
            $crate::ring::ring_lookup_batch(self, keys, owners);
        }
    };
}
pub(crate) use ring_backed;

/// The four [`Partitioner`] methods of a ring that takes a server in or out without
/// building again from scratch, through its own `with_server(index, server)`,
/// `without(index)` and `index_of(name)`: `derive_without`, `derive_with`, `add` and
/// `remove`. Written once here; each such scheme's impl says `one_server_at_a_time!();`.
macro_rules! one_server_at_a_time {
    () => {
        fn derive_without(&self, index: usize) -> Option<Box<dyn $crate::Partitioner>> {
            (index < self.servers.len()).then(|| Box::new(self.without(index)) as _)
        }
        fn derive_with(
            &self,
            index: usize,
            server: $crate::Server,
        ) -> Option<Box<dyn $crate::Partitioner>> {
            if index > self.servers.len() {
                return None;
            }
            let ring = self.with_server(index, server).ok()?;
            Some(Box::new(ring))
        }
        fn add(&mut self, server: $crate::Server) -> Result<(), $crate::ConfigError> {
            *self = self.with_server(self.servers.len(), server)?;
            Ok(())
        }
        fn remove(&mut self, name: &str) -> Result<$crate::Server, $crate::ConfigError> {
            let index = self
                .index_of(name)
                .ok_or_else(|| $crate::ConfigError::UnknownServer(name.to_string()))?;
            let removed = self.servers[index].clone();
            *self = self.without(index);
            Ok(removed)
        }
    };
}
pub(crate) use one_server_at_a_time;

#[cfg(test)]
mod tests {
    use super::*;

    fn racked(labels: &[&str]) -> Vec<Server> {
        labels
            .iter()
            .enumerate()
            .map(|(i, rack)| Server::new(format!("s{i}")).with_rack(*rack))
            .collect()
    }

    #[test]
    fn skips_a_used_rack() {
        let servers = racked(&["r1", "r1", "r2", "r3"]);
        let list = rack_aware(&servers, [0, 1, 0, 2, 3].into_iter(), 3);
        assert_eq!(list.servers, vec![0, 2, 3]);
        assert!(!list.fell_back);
    }

    #[test]
    fn falls_back_when_racks_run_out() {
        let servers = racked(&["r1", "r1", "r2"]);
        let list = rack_aware(&servers, [0, 1, 2].into_iter(), 3);
        assert_eq!(list.servers, vec![0, 2, 1]);
        assert!(list.fell_back);
    }

    #[test]
    fn unlabelled_servers_are_racks_of_their_own() {
        let servers = vec![Server::new("a"), Server::new("b")];
        let list = rack_aware(&servers, [1, 0].into_iter(), 2);
        assert_eq!(list.servers, vec![1, 0]);
        assert!(!list.fell_back);
    }
}
