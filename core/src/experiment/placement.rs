//! Placing one ring's points, sorting them and measuring exact shares, fast.
//!
//! A point is packed into one `u64`: its position's top `64 - b` bits, then its owner in
//! the low `b` bits, where `b` is just enough bits for the server numbers. One radix sort
//! of the packed words then sorts by position (ties by owner), and the owner rides along
//! for free. Positions lose their low `b` bits (10 bits for 1000 servers), a rounding of
//! at most `2^-54` of the circle per point.

use rand::{RngCore, SeedableRng};
use rand_distr::{Distribution, Gamma};
use rand_pcg::Pcg64;

use super::{Placement, Scratch};
use crate::hash::{key_hash, seeded_hash};
use crate::{Point, Ring, Ties};

/// The seed of ring `ring` of the setting (`servers`, `points`) under the experiment seed
/// `seed`: XXH3-64 of the three numbers (little-endian `u64`s) with `seed` as the hash
/// seed. Every ring gets its own independent generator, so results do not depend on the
/// order rings are run in, nor on how many threads run them.
pub fn ring_seed(seed: u64, servers: usize, points: u32, ring: u32) -> u64 {
    let mut bytes = [0u8; 24];
    bytes[..8].copy_from_slice(&(servers as u64).to_le_bytes());
    bytes[8..16].copy_from_slice(&(points as u64).to_le_bytes());
    bytes[16..].copy_from_slice(&(ring as u64).to_le_bytes());
    seeded_hash(&bytes, seed)
}

/// The generator of one ring: a [`Pcg64`] seeded from [`ring_seed`].
pub fn ring_rng(seed: u64, servers: usize, points: u32, ring: u32) -> Pcg64 {
    Pcg64::seed_from_u64(ring_seed(seed, servers, points, ring))
}

/// The name of server `server` in ring `ring` under [`Placement::HashedNames`]:
/// `"<seed>-<ring>-s<server>"`. Its points are hashed as the `ring` scheme hashes them,
/// XXH3-64 of `"<name>#<i>"` ([`crate::schemes::ring::vnode_name`]).
pub fn hashed_server_name(seed: u64, ring: u32, server: usize) -> String {
    format!("{seed}-{ring}-s{server}")
}

/// The number of low bits that hold an owner below `servers`.
pub(crate) fn owner_bits(servers: usize) -> u32 {
    usize::BITS - servers.saturating_sub(1).leading_zeros()
}

/// Calls `visit(server, vnode, position)` for every point of the ring, servers in order,
/// each server's points in order.
fn for_each_point(
    placement: Placement,
    seed: u64,
    servers: usize,
    points: u32,
    ring: u32,
    name: &mut Vec<u8>,
    mut visit: impl FnMut(usize, u32, u64),
) {
    match placement {
        Placement::Uniform => {
            let mut rng = ring_rng(seed, servers, points, ring);
            for server in 0..servers {
                for vnode in 0..points {
                    visit(server, vnode, rng.next_u64());
                }
            }
        }
        Placement::HashedNames => {
            for server in 0..servers {
                name.clear();
                name.extend_from_slice(hashed_server_name(seed, ring, server).as_bytes());
                name.push(b'#');
                let prefix = name.len();
                for vnode in 0..points {
                    name.truncate(prefix);
                    push_decimal(name, vnode);
                    visit(server, vnode, key_hash(name));
                }
            }
        }
    }
}

fn push_decimal(buffer: &mut Vec<u8>, mut value: u32) {
    let mut digits = [0u8; 10];
    let mut at = digits.len();
    loop {
        at -= 1;
        digits[at] = b'0' + (value % 10) as u8;
        value /= 10;
        if value == 0 {
            break;
        }
    }
    buffer.extend_from_slice(&digits[at..]);
}

/// Places one ring's points into `scratch.packed`, sorted. Returns the owner bits.
pub(crate) fn place_sorted(
    placement: Placement,
    seed: u64,
    servers: usize,
    points: u32,
    ring: u32,
    scratch: &mut Scratch,
) -> u32 {
    let bits = owner_bits(servers);
    let mask = low_mask(bits);
    let packed = &mut scratch.packed;
    packed.clear();
    packed.reserve(servers * points as usize);
    for_each_point(
        placement,
        seed,
        servers,
        points,
        ring,
        &mut scratch.name,
        |server, _, position| packed.push((position & !mask) | server as u64),
    );
    sort_packed(
        packed,
        &mut scratch.spare,
        &mut scratch.counts,
        &mut scratch.coarse,
    );
    bits
}

/// A bucket fuller than this means the positions are far from uniform: radix sort instead.
const CROWDED_BUCKET: u32 = 64;
/// Slices up to this long are bucket sorted in one pass (they fit in cache).
const ONE_PASS: usize = 1 << 15;
/// The coarse pass of a longer slice aims at coarse buckets of about 2^9 points.
const COARSE_TARGET_BITS: u32 = 9;

/// Sorts packed points, fast for the near-uniform positions of random or hashed points.
///
/// Up to [`ONE_PASS`] points: one counting pass on the top bits into about two buckets per
/// point, one scatter, then an insertion sort that only has to fix each bucket's few
/// points. Longer: a coarse radix pass on the top bits first, into buckets of about 512
/// points that fit in the L1 cache, then the same within each. If some fine bucket is
/// crowded (positions far from uniform), that part falls back to `radsort`'s full LSD
/// radix sort, so the worst case stays linear.
pub(crate) fn sort_packed(
    packed: &mut Vec<u64>,
    spare: &mut Vec<u64>,
    counts: &mut Vec<u32>,
    coarse: &mut Vec<u32>,
) {
    let len = packed.len();
    if len < 64 || len > u32::MAX as usize {
        radsort::sort(packed);
        return;
    }
    spare.clear();
    spare.resize(len, 0);
    if len <= ONE_PASS {
        fine_sort(packed, spare, 0, counts);
        std::mem::swap(packed, spare);
        return;
    }
    // Coarse pass: packed -> spare by the top bits (a stable counting sort).
    let bits = (log2(len) - COARSE_TARGET_BITS).min(16);
    let shift = 64 - bits;
    coarse.clear();
    coarse.resize((1 << bits) + 1, 0);
    for &word in packed.iter() {
        coarse[(word >> shift) as usize + 1] += 1;
    }
    for b in 0..1 << bits {
        coarse[b + 1] += coarse[b];
    }
    let mut next: Vec<u32> = coarse[..1 << bits].to_vec();
    for &word in packed.iter() {
        let slot = &mut next[(word >> shift) as usize];
        spare[*slot as usize] = word;
        *slot += 1;
    }
    // Fine passes: each coarse bucket of spare back into its place in packed.
    for b in 0..1 << bits {
        let (from, to) = (coarse[b] as usize, coarse[b + 1] as usize);
        fine_sort(&spare[from..to], &mut packed[from..to], bits, counts);
    }
}

/// floor(log2(n)) for n >= 1.
fn log2(n: usize) -> u32 {
    usize::BITS - 1 - n.leading_zeros()
}

/// Sorts `source` into `target` (same length), whose words all agree on their top `skip`
/// bits: buckets on the next bits, then insertion sort; radix sort if a bucket is crowded.
fn fine_sort(source: &[u64], target: &mut [u64], skip: u32, counts: &mut Vec<u32>) {
    let len = source.len();
    if len < 64 {
        target.copy_from_slice(source);
        insertion_sort(target);
        return;
    }
    let bits = (log2(len) + 1).min(64 - skip);
    let key = |word: u64| ((word << skip) >> (64 - bits)) as usize;
    counts.clear();
    counts.resize((1 << bits) + 1, 0);
    let mut crowded = false;
    for &word in source {
        let slot = &mut counts[key(word) + 1];
        *slot += 1;
        crowded |= *slot > CROWDED_BUCKET;
    }
    target.copy_from_slice(source);
    if crowded {
        radsort::sort(target);
        return;
    }
    for b in 0..1 << bits {
        counts[b + 1] += counts[b];
    }
    for &word in source {
        let slot = &mut counts[key(word)];
        target[*slot as usize] = word;
        *slot += 1;
    }
    insertion_sort(target);
}

/// Insertion sort: linear when every word is only a few places from home.
fn insertion_sort(words: &mut [u64]) {
    for i in 1..words.len() {
        let word = words[i];
        let mut j = i;
        while j > 0 && words[j - 1] > word {
            words[j] = words[j - 1];
            j -= 1;
        }
        words[j] = word;
    }
}

fn low_mask(bits: u32) -> u64 {
    (1u64 << bits) - 1
}

/// Each server's total arc length from sorted packed points, into `arcs` (`2^64` is the
/// whole circle). A point owns the arc from the previous point to it.
pub(crate) fn arcs_from_sorted(packed: &[u64], bits: u32, servers: usize, arcs: &mut Vec<u128>) {
    let mask = low_mask(bits);
    arcs.clear();
    arcs.resize(servers, 0);
    let Some(&last) = packed.last() else {
        return;
    };
    if packed.len() == 1 {
        arcs[(last & mask) as usize] = 1u128 << 64;
        return;
    }
    let mut previous = last & !mask;
    for &word in packed {
        let position = word & !mask;
        arcs[(word & mask) as usize] += position.wrapping_sub(previous) as u128;
        previous = position;
    }
}

/// Draws one ring's shares under the gamma method: `servers` draws of Gamma(`points`, 1)
/// into `draws`, unnormalised (their sum is returned). Normalised they are
/// Dirichlet(V, ..., V), the exact law of the ring's shares with uniform points.
pub(crate) fn gamma_draws(
    rng: &mut Pcg64,
    servers: usize,
    points: u32,
    draws: &mut Vec<f64>,
) -> f64 {
    draws.clear();
    // The shape is at least 1 (settings are checked), so this cannot fail.
    let gamma = Gamma::new(points.max(1) as f64, 1.0).expect("a shape of at least 1");
    draws.extend((0..servers).map(|_| gamma.sample(rng)));
    draws.iter().sum()
}

/// The ring an experiment measures, as a [`Ring`] (64-bit circle) for the rest of the
/// library: the same points, with the same rounded positions, as ring `ring` of the
/// setting (`servers`, `points`) under `seed`. Points keep their make order as `vnode`.
///
/// ```
/// use ringlab_core::experiment::{build_ring, Placement};
/// let ring = build_ring(Placement::Uniform, 7, 10, 16, 0);
/// assert_eq!(ring.points().len(), 160);
/// assert_eq!(ring, build_ring(Placement::Uniform, 7, 10, 16, 0)); // deterministic
/// let total: f64 = ring.shares(10).iter().sum();
/// assert!((total - 1.0).abs() < 1e-12);
/// ```
pub fn build_ring(placement: Placement, seed: u64, servers: usize, points: u32, ring: u32) -> Ring {
    let mask = low_mask(owner_bits(servers));
    let mut made = Vec::with_capacity(servers * points as usize);
    let mut name = Vec::new();
    for_each_point(
        placement,
        seed,
        servers,
        points,
        ring,
        &mut name,
        |server, vnode, position| {
            made.push(Point {
                position: position & !mask,
                server,
                vnode,
            })
        },
    );
    Ring::new(made, 64, Ties::Keep)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::schemes::ring::HashRing;
    use crate::{Partitioner, Server};

    #[test]
    fn owner_bits_fit_the_servers() {
        assert_eq!(owner_bits(1), 0);
        assert_eq!(owner_bits(2), 1);
        assert_eq!(owner_bits(1000), 10);
        assert_eq!(owner_bits(1024), 10);
        assert_eq!(owner_bits(1025), 11);
    }

    #[test]
    fn bucket_sort_sorts_uniform_skewed_and_small_inputs() {
        let mut rng = ring_rng(1, 2, 3, 4);
        let mut spare = Vec::new();
        let (mut counts, mut coarse) = (Vec::new(), Vec::new());
        let inputs: Vec<Vec<u64>> = vec![
            (0..10_000).map(|_| rng.next_u64()).collect(),
            (0..100_000).map(|_| rng.next_u64()).collect(), // two passes
            (0..10_000).map(|_| rng.next_u64() >> 20).collect(), // crowded: falls back
            (0..100_000).map(|_| rng.next_u64() >> 20).collect(),
            (0..100_000)
                .map(|_| rng.next_u64() | 0xFFFF << 48)
                .collect(),
            (0..100_000u64).rev().collect(),
            (0..10).map(|_| rng.next_u64()).collect(),
            vec![7; 1000],
            Vec::new(),
        ];
        for input in inputs {
            let mut expected = input.clone();
            expected.sort_unstable();
            let mut packed = input;
            sort_packed(&mut packed, &mut spare, &mut counts, &mut coarse);
            assert_eq!(packed, expected);
        }
    }

    #[test]
    fn decimals() {
        for value in [0u32, 7, 10, 99, 160, 4_294_967_295] {
            let mut buffer = b"x#".to_vec();
            push_decimal(&mut buffer, value);
            assert_eq!(buffer, format!("x#{value}").into_bytes());
        }
    }

    #[test]
    fn packed_shares_equal_the_ring_shares() {
        for placement in [Placement::Uniform, Placement::HashedNames] {
            for (servers, points) in [(1, 1), (1, 5), (2, 1), (7, 3), (100, 16)] {
                let mut scratch = Scratch::default();
                let bits = place_sorted(placement, 3, servers, points, 2, &mut scratch);
                let mut arcs = Vec::new();
                arcs_from_sorted(&scratch.packed, bits, servers, &mut arcs);
                assert_eq!(arcs.iter().sum::<u128>(), 1u128 << 64);
                let ring = build_ring(placement, 3, servers, points, 2);
                let expected = ring.shares(servers);
                let space = 2f64.powi(64);
                for (arc, share) in arcs.iter().zip(expected) {
                    assert_eq!(*arc as f64 / space, share);
                }
            }
        }
    }

    #[test]
    fn hashed_names_are_the_ring_scheme() {
        let servers: Vec<Server> = (0..20)
            .map(|i| Server::new(hashed_server_name(5, 9, i)))
            .collect();
        let real = HashRing::new(servers, 32).unwrap();
        let ours = build_ring(Placement::HashedNames, 5, 20, 32, 9);
        for (a, b) in real.load_shares().iter().zip(ours.shares(20)) {
            assert!((a - b).abs() < 1e-15, "{a} {b}");
        }
        let order = |r: &Ring| {
            r.points()
                .iter()
                .map(|p| (p.server, p.vnode))
                .collect::<Vec<_>>()
        };
        assert_eq!(order(real.ring().unwrap()), order(&ours));
    }

    #[test]
    fn seeds_differ_by_every_coordinate() {
        let base = ring_seed(1, 10, 16, 0);
        assert_ne!(base, ring_seed(2, 10, 16, 0));
        assert_ne!(base, ring_seed(1, 11, 16, 0));
        assert_ne!(base, ring_seed(1, 10, 17, 0));
        assert_ne!(base, ring_seed(1, 10, 16, 1));
        assert_eq!(base, ring_seed(1, 10, 16, 0));
    }
}
