//! `envoy-ring` and `grpc-ring`: Envoy's `RING_HASH` load balancer (what Istio's
//! consistent-hash DestinationRule configures) and gRPC's `ring_hash` policy (C-core), read
//! from `ring_hash_lb.cc` and gRPC's `ring_hash.cc`. Both build the same points.
//!
//! An endpoint is named by its key, its address as `ip:port`. Its points are the hashes of
//! the key, an underscore and a counter per endpoint: `XXH64("10.0.0.1:80_0", 0)`,
//! `..._1`, and so on. Envoy can hash the points with MurmurHash2 instead
//! ([`PointHash::Murmur2`]); the request is hashed with XXH64 either way (one header value
//! hashes to `XXH64(value, 0)`), and its owner is the first point at or after that hash,
//! wrapping, on a circle of 2^64 positions.
//!
//! How many points an endpoint gets is where the two systems' doubles show. With every
//! weight normalised to n = w / sum w, m = min(1, smallest n) and
//! scale = min(ceil(m * min_ring_size) / m, max_ring_size), two running sums in `f64` walk
//! the endpoints in order: the target grows by scale * n, and points are added one at a
//! time while the current count is below it. So 11 equal endpoints on a ring of 4096 give
//! the last one 373 points, because the last target is 4096.000000000001.
//!
//! The differences between the two:
//! - Sizes: Envoy's default ring is 1024 to 8,388,608 points. gRPC's defaults are 1024 and
//!   4096, and both are then clamped to a cap (4096 unless the channel says otherwise), so
//!   a ring Envoy would make with 8192 points has 4096 in gRPC.
//! - Repeated addresses: gRPC C-core merges them into the first and adds their weights (a
//!   target listing one address twice gives it weight 2). Envoy builds every host, so
//!   repeats make the same points twice. grpc-go (not modelled) drops repeats and sorts
//!   endpoints by key before the running sums, which changes counts only when scale * n is
//!   not whole.
//! - gRPC has no MurmurHash2.
//!
//! Weights are whole numbers, as both systems' weights are. An endpoint whose share
//! rounds to no points is not on the ring and owns nothing.

use crate::partitioner::ring_backed;
use xxhash_rust::xxh64::xxh64;

use crate::{ConfigError, Partitioner, Point, Ring, Server, Ties};

/// Envoy's default `minimum_ring_size`, also gRPC's default `minRingSize`.
pub const DEFAULT_MIN_RING_SIZE: u64 = 1024;
/// Envoy's default `maximum_ring_size`, and the largest either system accepts for each size.
pub const ENVOY_MAX_RING_SIZE: u64 = 8_388_608;
/// gRPC's default `maxRingSize`.
pub const GRPC_MAX_RING_SIZE: u64 = 4096;
/// gRPC's default ring size cap (`grpc.lb.ring_hash.ring_size_cap`, `GRPC_RING_HASH_CAP`).
pub const GRPC_RING_SIZE_CAP: u64 = 4096;

/// Which system builds the ring.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum System {
    /// Envoy `RING_HASH` (and Istio): every host built, repeats included.
    Envoy,
    /// gRPC C-core `ring_hash`: repeats merged, sizes capped.
    Grpc,
}

/// The hash of the points (Envoy's `hash_function`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PointHash {
    /// `XX_HASH`, the default and gRPC's only one: XXH64 with seed 0.
    Xxhash,
    /// `MURMUR_HASH_2`: libstdc++'s 64-bit `std::hash` (MurmurHash64A, seed 0xc70f6907).
    Murmur2,
}

impl PointHash {
    /// The names the command line uses: `xxhash`, `murmur2`.
    pub const NAMES: &'static [&'static str] = &["xxhash", "murmur2"];

    /// The hash by its command-line name.
    pub fn from_name(name: &str) -> Option<PointHash> {
        match name {
            "xxhash" => Some(PointHash::Xxhash),
            "murmur2" => Some(PointHash::Murmur2),
            _ => None,
        }
    }

    /// The hash of `bytes`.
    pub fn hash(self, bytes: &[u8]) -> u64 {
        match self {
            PointHash::Xxhash => xxh64(bytes, 0),
            PointHash::Murmur2 => murmur2(bytes),
        }
    }
}

/// Ring sizes as configured (before gRPC's cap).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Sizes {
    /// `minimum_ring_size` / `minRingSize`.
    pub min: u64,
    /// `maximum_ring_size` / `maxRingSize`.
    pub max: u64,
    /// gRPC's cap on both; Envoy has none.
    pub cap: Option<u64>,
}

impl Sizes {
    /// Envoy's defaults: 1024 to 8,388,608.
    pub const ENVOY: Sizes = Sizes {
        min: DEFAULT_MIN_RING_SIZE,
        max: ENVOY_MAX_RING_SIZE,
        cap: None,
    };
    /// gRPC's defaults: 1024 to 4096, capped at 4096.
    pub const GRPC: Sizes = Sizes {
        min: DEFAULT_MIN_RING_SIZE,
        max: GRPC_MAX_RING_SIZE,
        cap: Some(GRPC_RING_SIZE_CAP),
    };

    /// Refuses what the systems refuse: a size of 0 or above 8,388,608, min above max, a
    /// cap of 0. Returns the sizes in effect (after the cap).
    fn effective(self) -> Result<(u64, u64), ConfigError> {
        for (what, value) in [("min ring size", self.min), ("max ring size", self.max)] {
            if !(1..=ENVOY_MAX_RING_SIZE).contains(&value) {
                return Err(ConfigError::OutOfRange {
                    what,
                    range: format!("1 to {ENVOY_MAX_RING_SIZE}"),
                    value: value.to_string(),
                });
            }
        }
        if self.min > self.max {
            return Err(ConfigError::Invalid(format!(
                "min ring size {} is above max ring size {}",
                self.min, self.max
            )));
        }
        match self.cap {
            None => Ok((self.min, self.max)),
            Some(0) => Err(ConfigError::OutOfRange {
                what: "ring size cap",
                range: "at least 1".to_string(),
                value: "0".to_string(),
            }),
            Some(cap) => Ok((self.min.min(cap), self.max.min(cap))),
        }
    }
}

/// MurmurHash64A as libstdc++'s `std::hash<std::string>` computes it on 64-bit targets
/// (Envoy's `MURMUR_HASH_2`).
///
/// ```
/// use ringlab_core::schemes::ring_hash::murmur2;
/// // Envoy's hash tests.
/// assert_eq!(murmur2(b"foo"), 9631199822919835226);
/// assert_eq!(murmur2(b""), 6142509188972423790);
/// ```
pub fn murmur2(bytes: &[u8]) -> u64 {
    murmur64a(bytes, 0xc70f6907)
}

/// MurmurHash64A (Appleby's 64-bit MurmurHash2) with `seed`, tail bytes unsigned: Envoy's
/// with its seed, mcrouter's `murmur_hash_64A` with its own.
pub fn murmur64a(bytes: &[u8], seed: u64) -> u64 {
    const M: u64 = 0xc6a4a7935bd1e995;
    let mut h = seed ^ (bytes.len() as u64).wrapping_mul(M);
    let mut blocks = bytes.chunks_exact(8);
    for block in &mut blocks {
        let mut k = u64::from_le_bytes(block.try_into().expect("8 bytes"));
        k = k.wrapping_mul(M);
        k ^= k >> 47;
        k = k.wrapping_mul(M);
        h ^= k;
        h = h.wrapping_mul(M);
    }
    let tail = blocks.remainder();
    if !tail.is_empty() {
        let mut last = [0u8; 8];
        last[..tail.len()].copy_from_slice(tail);
        h ^= u64::from_le_bytes(last);
        h = h.wrapping_mul(M);
    }
    h ^= h >> 47;
    h = h.wrapping_mul(M);
    h ^ (h >> 47)
}

/// Point `i` of the endpoint named `key`: the hash of `key_i`.
///
/// ```
/// use ringlab_core::schemes::ring_hash::{point, PointHash};
/// // The lowest and highest points of Envoy's Basic ring test.
/// assert_eq!(point(PointHash::Xxhash, "127.0.0.1:94", 1), 833437586790550860);
/// assert_eq!(point(PointHash::Xxhash, "127.0.0.1:90", 0), 16117243373044804889);
/// ```
pub fn point(hash: PointHash, key: &str, i: u64) -> u64 {
    let mut bytes = Vec::with_capacity(key.len() + 21);
    bytes.extend_from_slice(key.as_bytes());
    bytes.push(b'_');
    bytes.extend_from_slice(itoa::Buffer::new().format(i).as_bytes());
    hash.hash(&bytes)
}

/// The request hash of one key: XXH64 of its bytes, seed 0 (one header value).
///
/// ```
/// use ringlab_core::schemes::ring_hash::request_hash;
/// assert_eq!(request_hash(b"foo"), 3728699739546630719);
/// assert_eq!(request_hash(b""), 17241709254077376921);
/// ```
pub fn request_hash(key: &[u8]) -> u64 {
    xxh64(key, 0)
}

/// An Envoy or gRPC ring over a list of endpoints.
///
/// Envoy's Basic test (hosts :90 to :95, weight 1, minimum ring 12):
///
/// ```
/// use ringlab_core::{Server, schemes::ring_hash::{PointHash, RingHash, Sizes}};
/// let hosts: Vec<Server> = (90..96).map(|p| Server::new(format!("127.0.0.1:{p}"))).collect();
/// let sizes = Sizes { min: 12, ..Sizes::ENVOY };
/// let ring = RingHash::envoy(hosts, sizes, PointHash::Xxhash).unwrap();
/// assert_eq!(ring.ring().points().len(), 12);
/// let at = |h: u64| ring.owner_name(h).unwrap();
/// assert_eq!(at(0), "127.0.0.1:94");
/// assert_eq!(at(u64::MAX), "127.0.0.1:94");
/// assert_eq!(at(3551244743356806947), "127.0.0.1:95");
/// assert_eq!(at(3551244743356806948), "127.0.0.1:93");
/// ```
///
/// A real gRPC C-core run: the target lists :50052 twice, so it has weight 2 and twice the
/// points.
///
/// ```
/// use ringlab_core::{Partitioner, Server, schemes::ring_hash::{RingHash, Sizes}};
/// let target = [50051, 50052, 50053, 50054, 50052];
/// let target: Vec<Server> = target.iter().map(|p| Server::new(format!("127.0.0.1:{p}"))).collect();
/// let ring = RingHash::grpc(target, Sizes::GRPC).unwrap();
/// assert_eq!(ring.points_per_server(), vec![205, 410, 205, 205]);
/// let owner = |key: &str| ring.servers()[ring.lookup(key.as_bytes()).unwrap()].name.clone();
/// assert_eq!(owner("foo"), "127.0.0.1:50054");
/// assert_eq!(owner("user:1"), "127.0.0.1:50052");
/// ```
#[derive(Debug, Clone)]
pub struct RingHash {
    system: System,
    hash: PointHash,
    sizes: Sizes,
    /// The distinct endpoints, in order of first appearance.
    servers: Vec<Server>,
    /// With locality weighting: each host's name, locality weight and locality index.
    localities: Option<Vec<(String, u32, usize)>>,
    ring: Ring,
}

impl RingHash {
    /// Envoy's ring over hosts in host-set order. A repeated address is built again, with
    /// the same points.
    pub fn envoy(hosts: Vec<Server>, sizes: Sizes, hash: PointHash) -> Result<Self, ConfigError> {
        Self::build(System::Envoy, hosts, Sizes { cap: None, ..sizes }, hash)
    }

    /// gRPC C-core's ring over a target's addresses in the resolver's order: a repeated
    /// address adds its weight to the first.
    pub fn grpc(target: Vec<Server>, sizes: Sizes) -> Result<Self, ConfigError> {
        let sizes = Sizes {
            cap: sizes.cap.or(Some(GRPC_RING_SIZE_CAP)),
            ..sizes
        };
        Self::build(System::Grpc, target, sizes, PointHash::Xxhash)
    }

    fn build(
        system: System,
        endpoints: Vec<Server>,
        sizes: Sizes,
        hash: PointHash,
    ) -> Result<Self, ConfigError> {
        let (min, max) = sizes.effective()?;
        let mut servers: Vec<Server> = Vec::new();
        // The hosts as the system builds them: an index into `servers` and a weight.
        let mut hosts: Vec<(usize, f64)> = Vec::new();
        for endpoint in endpoints {
            check_endpoint(&endpoint)?;
            match servers.iter().position(|s| s.name == endpoint.name) {
                Some(at) => {
                    servers[at].weight += endpoint.weight;
                    match system {
                        System::Envoy => hosts.push((at, endpoint.weight)),
                        System::Grpc => hosts[at].1 += endpoint.weight,
                    }
                }
                None => {
                    hosts.push((servers.len(), endpoint.weight));
                    servers.push(endpoint);
                }
            }
        }
        let total: f64 = hosts.iter().map(|&(_, w)| w).sum();
        let shares: Vec<(usize, f64)> = hosts.iter().map(|&(s, w)| (s, w / total)).collect();
        let points = place(&servers, &shares, min, max, hash);
        Ok(RingHash {
            system,
            hash,
            sizes,
            servers,
            localities: None,
            ring: Ring::new(points, 64, Ties::Keep),
        })
    }

    /// Envoy's ring with locality weighting (`locality_weighted_lb_config`): each host's
    /// share is `(w * (lw / sum of lw)) / (sum of w in its locality)`, in that order, with
    /// localities of weight 0 dropped and hosts listed locality by locality.
    ///
    /// ```
    /// use ringlab_core::{Server, schemes::ring_hash::{PointHash, RingHash, Sizes}};
    /// // Envoy's test: host :0 alone in a locality of weight 127, hosts :1 .. :1023 in
    /// // one of weight 1, a ring of 1024: :0 gets 1016 points, and of the others only
    /// // :1, :128, :256, ..., :896 get one.
    /// let host = |p: u32| Server::new(format!("127.0.0.1:{p}"));
    /// let localities = vec![(127, vec![host(0)]), (1, (1..1024).map(host).collect())];
    /// let sizes = Sizes { min: 1024, max: 1024, cap: None };
    /// let ring = RingHash::envoy_localities(localities, sizes, PointHash::Xxhash).unwrap();
    /// let counts = ring.points_per_server();
    /// assert_eq!(counts[0], 1016);
    /// let on: Vec<usize> = (1..1024).filter(|&i| counts[i] > 0).collect();
    /// assert_eq!(on, [1, 128, 256, 384, 512, 640, 768, 896]);
    /// ```
    pub fn envoy_localities(
        localities: Vec<(u32, Vec<Server>)>,
        sizes: Sizes,
        hash: PointHash,
    ) -> Result<Self, ConfigError> {
        let sizes = Sizes { cap: None, ..sizes };
        let (min, max) = sizes.effective()?;
        let all_lw: f64 = localities.iter().map(|(lw, _)| f64::from(*lw)).sum();
        let mut servers: Vec<Server> = Vec::new();
        let mut shares: Vec<(usize, f64)> = Vec::new();
        let mut map = Vec::new();
        for (index, (lw, hosts)) in localities.into_iter().enumerate() {
            for host in &hosts {
                map.push((host.name.clone(), lw, index));
            }
            if lw == 0 {
                continue;
            }
            let local_w: f64 = hosts.iter().map(|h| h.weight).sum();
            for host in hosts {
                check_endpoint(&host)?;
                let share = (host.weight * (f64::from(lw) / all_lw)) / local_w;
                let at = match servers.iter().position(|s| s.name == host.name) {
                    Some(at) => {
                        servers[at].weight += host.weight;
                        at
                    }
                    None => {
                        servers.push(host);
                        servers.len() - 1
                    }
                };
                shares.push((at, share));
            }
        }
        let points = place(&servers, &shares, min, max, hash);
        Ok(RingHash {
            system: System::Envoy,
            hash,
            sizes,
            servers,
            localities: Some(map),
            ring: Ring::new(points, 64, Ties::Keep),
        })
    }

    /// Which system this ring follows.
    pub fn system(&self) -> System {
        self.system
    }

    /// The hash of the points.
    pub fn point_hash(&self) -> PointHash {
        self.hash
    }

    /// The sizes as configured.
    pub fn sizes(&self) -> Sizes {
        self.sizes
    }

    /// The ring's points.
    pub fn ring(&self) -> &Ring {
        &self.ring
    }

    /// Points each distinct endpoint has on the ring.
    pub fn points_per_server(&self) -> Vec<usize> {
        self.ring.point_counts(self.servers.len())
    }

    /// The endpoint owning request hash `h`.
    pub fn owner_name(&self, h: u64) -> Option<&str> {
        self.ring
            .owner(h)
            .map(|server| self.servers[server].name.as_str())
    }
}

/// A name and a whole, positive weight.
fn check_endpoint(endpoint: &Server) -> Result<(), ConfigError> {
    crate::validate_servers(std::slice::from_ref(endpoint))?;
    if endpoint.weight.fract() != 0.0 || endpoint.weight > f64::from(u32::MAX) {
        return Err(ConfigError::OutOfRange {
            what: "an endpoint weight",
            range: format!("a whole number from 1 to {}", u32::MAX),
            value: format!("{} for {}", endpoint.weight, endpoint.name),
        });
    }
    Ok(())
}

/// The running sums of `ring_hash_lb.cc`, in doubles and in this order, over each host's
/// normalised share (an index into `servers` and the share).
fn place(
    servers: &[Server],
    hosts: &[(usize, f64)],
    min: u64,
    max: u64,
    hash: PointHash,
) -> Vec<Point> {
    if hosts.is_empty() {
        return Vec::new();
    }
    let shares: Vec<f64> = hosts.iter().map(|&(_, share)| share).collect();
    let smallest = shares.iter().copied().fold(1.0, f64::min);
    let scale = ((smallest * min as f64).ceil() / smallest).min(max as f64);
    let mut points = Vec::new();
    let (mut current, mut target) = (0.0f64, 0.0f64);
    for (&(server, _), share) in hosts.iter().zip(&shares) {
        let key = servers[server].name.as_str();
        target += scale * share;
        let mut i = 0u64;
        while current < target {
            points.push(Point {
                position: point(hash, key, i),
                server,
                vnode: u32::try_from(i).unwrap_or(u32::MAX),
            });
            i += 1;
            current += 1.0;
        }
    }
    points
}

impl Partitioner for RingHash {
    fn scheme(&self) -> &'static str {
        match self.system {
            System::Envoy => "envoy-ring",
            System::Grpc => "grpc-ring",
        }
    }
    ring_backed!();
    fn key_hash(&self, key: &[u8]) -> Option<u64> {
        Some(request_hash(key))
    }
    /// The new list is built as a fresh list of endpoints (an Envoy repeat given before is
    /// one endpoint now, with the summed weight). With locality weighting, hosts keep their
    /// localities and a new host joins the first.
    fn rebuild(&mut self, servers: Vec<Server>) -> Result<(), ConfigError> {
        *self = match &self.localities {
            None => Self::build(self.system, servers, self.sizes, self.hash)?,
            Some(map) => {
                let first = map.first().map_or((1, 0), |&(_, lw, index)| (lw, index));
                let mut groups: Vec<(usize, u32, Vec<Server>)> = Vec::new();
                for server in servers {
                    let (lw, index) = map
                        .iter()
                        .find(|(name, _, _)| *name == server.name)
                        .map_or(first, |&(_, lw, index)| (lw, index));
                    match groups.iter_mut().find(|(i, _, _)| *i == index) {
                        Some((_, _, hosts)) => hosts.push(server),
                        None => groups.push((index, lw, vec![server])),
                    }
                }
                groups.sort_by_key(|(index, _, _)| *index);
                let localities = groups
                    .into_iter()
                    .map(|(_, lw, hosts)| (lw, hosts))
                    .collect();
                Self::envoy_localities(localities, self.sizes, self.hash)?
            }
        };
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hosts(ports: impl IntoIterator<Item = u32>) -> Vec<Server> {
        ports
            .into_iter()
            .map(|p| Server::new(format!("127.0.0.1:{p}")))
            .collect()
    }

    fn fixed(size: u64) -> Sizes {
        Sizes {
            min: size,
            max: size,
            cap: None,
        }
    }

    #[test]
    fn eleven_equal_endpoints_show_the_double_rounding() {
        let ring = RingHash::envoy(hosts(50061..50072), fixed(4096), PointHash::Xxhash).unwrap();
        let counts = ring.points_per_server();
        assert_eq!(counts[10], 373);
        assert_eq!(counts.iter().sum::<usize>(), 4097);
        // The real gRPC run's probe.
        let grpc = RingHash::grpc(hosts(50061..50072), fixed(4096)).unwrap();
        assert_eq!(
            point(PointHash::Xxhash, "127.0.0.1:50071", 372),
            18238659917490722255
        );
        assert_eq!(
            grpc.owner_name(18238523535593743967),
            Some("127.0.0.1:50071")
        );
    }

    #[test]
    fn weights_one_to_thirteen_round_up_the_first() {
        let weighted: Vec<Server> = hosts(1..14)
            .into_iter()
            .zip(1..)
            .map(|(s, w)| s.with_weight(f64::from(w)))
            .collect();
        let sizes = Sizes {
            min: 1024,
            ..Sizes::ENVOY
        };
        let ring = RingHash::envoy(weighted, sizes, PointHash::Xxhash).unwrap();
        assert_eq!(ring.points_per_server()[0], 13);
    }

    #[test]
    fn envoy_weight_tests() {
        let weighted: Vec<Server> = hosts(90..93)
            .into_iter()
            .zip(1..)
            .map(|(s, w)| s.with_weight(f64::from(w)))
            .collect();
        let ring = RingHash::envoy(weighted, fixed(6), PointHash::Xxhash).unwrap();
        assert_eq!(ring.points_per_server(), vec![1, 2, 3]);
        assert_eq!(ring.owner_name(4443673547860492590), Some("127.0.0.1:92"));
        assert_eq!(ring.owner_name(6311230543546372928), Some("127.0.0.1:91"));
        assert_eq!(ring.owner_name(16117243373044804889), Some("127.0.0.1:90"));

        let two = RingHash::envoy(hosts(90..92), fixed(1023), PointHash::Xxhash).unwrap();
        assert_eq!(two.points_per_server(), vec![512, 511]);
        let step = u64::MAX / 1023;
        let on_90 = (0..1023)
            .filter(|i| two.owner_name(i * step) == Some("127.0.0.1:90"))
            .count();
        assert_eq!((on_90, 1023 - on_90), (526, 497));
    }

    #[test]
    fn lopsided_localities_leave_most_hosts_off_the_ring() {
        // Locality A {:0} weight 127, locality B {:1..:1023} weight 1: the same normalised
        // shares as host weights 127 * 1023 and 1.
        let mut list = vec![Server::new("127.0.0.1:0").with_weight(127.0 * 1023.0)];
        list.extend(hosts(1..1024));
        let ring = RingHash::envoy(list, fixed(1024), PointHash::Xxhash).unwrap();
        let counts = ring.points_per_server();
        assert_eq!(counts[0], 1016);
        let on: Vec<usize> = (1..1024).filter(|&i| counts[i] > 0).collect();
        assert_eq!(on, vec![1, 128, 256, 384, 512, 640, 768, 896]);
    }

    #[test]
    fn murmur2_ring() {
        let ring = RingHash::envoy(
            hosts(80..86),
            Sizes {
                min: 12,
                ..Sizes::ENVOY
            },
            PointHash::Murmur2,
        )
        .unwrap();
        assert_eq!(ring.owner_name(1358027074129602068), Some("127.0.0.1:85"));
        assert_eq!(ring.owner_name(1358027074129602069), Some("127.0.0.1:83"));
    }

    #[test]
    fn grpc_caps_what_envoy_would_make() {
        let sizes = Sizes {
            min: 8192,
            max: 8192,
            cap: None,
        };
        let grpc = RingHash::grpc(hosts(50081..50083), sizes).unwrap();
        assert_eq!(grpc.points_per_server(), vec![2048, 2048]);
        assert_eq!(
            grpc.servers()[grpc.lookup(b"&y").unwrap()].name,
            "127.0.0.1:50082"
        );
        let envoy = RingHash::envoy(hosts(50081..50083), sizes, PointHash::Xxhash).unwrap();
        assert_eq!(
            envoy.servers()[envoy.lookup(b"&y").unwrap()].name,
            "127.0.0.1:50081"
        );
    }

    #[test]
    fn envoy_builds_repeats_again() {
        let ring = RingHash::envoy(hosts([1, 2, 1]), fixed(12), PointHash::Xxhash).unwrap();
        assert_eq!(ring.servers().len(), 2);
        assert_eq!(ring.points_per_server(), vec![8, 4]);
        let distinct: std::collections::BTreeSet<u64> =
            ring.ring().points().iter().map(|p| p.position).collect();
        assert_eq!(distinct.len(), 8);
    }

    #[test]
    fn bad_sizes_and_weights_are_refused() {
        let bad = |sizes| RingHash::envoy(hosts([1]), sizes, PointHash::Xxhash).is_err();
        assert!(bad(fixed(0)));
        assert!(bad(fixed(ENVOY_MAX_RING_SIZE + 1)));
        assert!(bad(Sizes {
            min: 10,
            max: 9,
            cap: None
        }));
        let cap0 = Sizes {
            cap: Some(0),
            ..Sizes::GRPC
        };
        assert!(RingHash::grpc(hosts([1]), cap0).is_err());
        let half = vec![Server::new("a").with_weight(1.5)];
        assert!(RingHash::envoy(half, Sizes::ENVOY, PointHash::Xxhash).is_err());
        assert!(RingHash::envoy(vec![Server::new("")], Sizes::ENVOY, PointHash::Xxhash).is_err());
    }

    #[test]
    fn a_locality_weighted_ring_rebuilds_with_its_localities() {
        let localities = vec![(3, hosts([1, 2])), (1, hosts([3, 4]))];
        let mut ring =
            RingHash::envoy_localities(localities, fixed(1000), PointHash::Xxhash).unwrap();
        // Without :2, locality A is :1 alone, still three quarters of the ring.
        ring.rebuild(hosts([1, 3, 4])).unwrap();
        let counts = ring.points_per_server();
        assert_eq!(counts[0], 750);
        assert_eq!(counts[1] + counts[2], 250);
    }

    #[test]
    fn empty_rings_own_nothing() {
        let ring = RingHash::grpc(Vec::new(), Sizes::GRPC).unwrap();
        assert_eq!(ring.lookup(b"k"), None);
        assert!(ring.load_shares().is_empty());
    }
}
