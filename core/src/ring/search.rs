//! The positions of a ring's points laid out for lookups alone, and the search.
//!
//! Positions are hashes, spread evenly over the circle, so the top bits of a key's hash
//! say almost exactly where its successor is. The index keeps the positions in ring order
//! (a dense `u32` array on a 2^32 circle, `u64` on a 2^64 one) with each point's server as
//! a `u32` beside them, and a table with an entry for each value of the top bits: four to
//! eight entries a point (two to four past 2^18 points), so most buckets of the circle
//! hold no point at all.
//!
//! - For a bucket with no point, the entry is the successor of every hash in it: a lookup
//!   is one read of the table, then the server.
//! - For a bucket with points (one in nine to two in five; never more than [`SCAN`] of
//!   them on hashed positions), the entry is its first point. The lookup compares the key
//!   with the [`SCAN`] positions from there, all at once: the successor is the first point
//!   plus the number below the key. Positions past the bucket are above the key (their
//!   top bits are larger), so they do not count, and the array ends in [`SCAN`] copies of
//!   the largest position so that the window never runs off it.
//!
//! No step waits on a comparison before it, so many lookups run side by side: `batch.rs`
//! reads the table for many keys before it finishes any. Positions that crowd into one
//! bucket (placed by hand, not hashed) get no table: a binary search over the positions.
//!
//! Memory beside the 24-byte points: the position (4 or 8 bytes), the server (4) and the
//! table (4 bytes an entry, 2 to 8 entries a point).

use super::Point;

/// Where a lookup landed.
pub(super) struct Found {
    pub index: usize,
    pub server: usize,
}

/// The search over a ring's positions, in the width of its circle.
#[derive(Clone)]
pub(super) enum Index {
    Narrow(Search<u32>),
    Wide(Search<u64>),
}

impl Index {
    pub(super) fn new(points: &[Point], bits: u32) -> Index {
        let narrow = bits == 32 && points.iter().all(|p| p.position <= u64::from(u32::MAX));
        if narrow {
            Index::Narrow(Search::new(points, |p| p.position as u32))
        } else {
            Index::Wide(Search::new(points, |p| p.position))
        }
    }
}

/// A position in the width the index stores it.
pub(super) trait Position: Copy + Ord + Into<u64> {
    const BITS: u32;
    /// The largest position, which no key is below.
    const MAX: Self;
}

impl Position for u32 {
    const BITS: u32 = 32;
    const MAX: u32 = u32::MAX;
}

impl Position for u64 {
    const BITS: u32 = 64;
    const MAX: u64 = u64::MAX;
}

/// Positions compared with a key at once, from its bucket's first point: more than any
/// bucket of a ring of hashed positions holds (at most 3 at 2,560 points, 6 at a million
/// and 7 at 1.6 million, with the table sizes below).
pub(super) const SCAN: usize = 8;

/// Table entries a point, as a power of two: 2^ceil(log2 n) entries make one or two a
/// point, and two bits more make four to eight, while the table is at most
/// [`ROOMY_BUCKET_BITS`]; past that, one bit more (two to four a point), since a larger
/// table costs more to build than it saves (a million points: a server out takes about
/// 35% longer with two bits, and a lookup is 15 to 25% faster).
const MORE_BUCKET_BITS: u32 = 2;

/// The table size, as a power of two, up to which it gets [`MORE_BUCKET_BITS`]: 2^20
/// entries (4 MiB).
const ROOMY_BUCKET_BITS: u32 = 20;

/// The most entries a table has: 2^26 (256 MiB), past any ring a page builds.
const MOST_BUCKET_BITS: u32 = 26;

/// An entry's top bit: its bucket has points, and the rest is the first one's index.
const HAS_POINTS: u32 = 1 << 31;

#[derive(Clone)]
pub(super) struct Search<K> {
    /// The positions in ring order, then [`SCAN`] copies of `K::MAX`.
    keys: Vec<K>,
    /// The number of points.
    len: usize,
    /// Each point's server (empty when some server index does not fit in 32 bits: the
    /// points then tell).
    servers: Vec<u32>,
    /// One entry for each value of a position's top bits (see the module's notes). Empty
    /// when the positions crowd into a bucket, or there are 2^31 points or more: the
    /// search is then a binary search.
    table: Vec<u32>,
    /// A position's bucket is `position >> shift`.
    shift: u32,
}

impl<K: Position> Search<K> {
    pub(super) fn new(points: &[Point], key: impl Fn(&Point) -> K) -> Search<K> {
        let len = points.len();
        let mut keys: Vec<K> = Vec::with_capacity(len + SCAN);
        keys.extend(points.iter().map(key));
        keys.resize(len + SCAN, K::MAX);
        let servers = if points.iter().all(|p| u32::try_from(p.server).is_ok()) {
            points.iter().map(|p| p.server as u32).collect()
        } else {
            Vec::new()
        };
        let mut search = Search {
            keys,
            len,
            servers,
            table: Vec::new(),
            shift: 0,
        };
        if len == 0 || len >= HAS_POINTS as usize {
            return search;
        }
        let fewest = usize::BITS - (len - 1).leading_zeros();
        let bits = (fewest + MORE_BUCKET_BITS)
            .min(ROOMY_BUCKET_BITS.max(fewest + 1))
            .min(MOST_BUCKET_BITS)
            .min(K::BITS);
        search.shift = K::BITS - bits;
        search.table = search.table(bits).unwrap_or_default();
        search
    }

    /// The table on the top `bits` bits of the positions, or `None` when a bucket holds
    /// more than [`SCAN`] points. Two passes with no branch on the data: count the points
    /// of each bucket, then turn each count into its entry.
    fn table(&self, bits: u32) -> Option<Vec<u32>> {
        let mut table = vec![0u32; 1 << bits];
        for &k in &self.keys[..self.len] {
            table[(k.into() >> self.shift) as usize] += 1;
        }
        let mut next = 0;
        let mut largest = 0;
        for entry in &mut table {
            let count = *entry;
            largest = largest.max(count);
            // Past the last point, the successor wraps to the first.
            let successor = if next as usize >= self.len { 0 } else { next };
            *entry = if count == 0 {
                successor
            } else {
                next | HAS_POINTS
            };
            next += count;
        }
        (largest as usize <= SCAN).then_some(table)
    }

    /// Whether the table is there (it is for every ring of hashed positions).
    #[inline(always)]
    pub(super) fn tabled(&self) -> bool {
        !self.table.is_empty()
    }

    /// The table's entry for `hash` (a tabled search).
    #[inline(always)]
    pub(super) fn entry(&self, hash: K) -> u32 {
        self.table[(hash.into() >> self.shift) as usize]
    }

    /// The successor's index, wrapped, from `hash`'s entry: the entry itself for a bucket
    /// without points, else its first point plus the positions in the window below `hash`.
    #[inline(always)]
    pub(super) fn locate(&self, entry: u32, hash: K) -> usize {
        if entry & HAS_POINTS == 0 {
            return entry as usize;
        }
        let first = (entry & !HAS_POINTS) as usize;
        let below = match self.keys[first..].first_chunk::<SCAN>() {
            Some(window) => window.iter().map(|&k| usize::from(k < hash)).sum(),
            // Never: `first` is a point's index, and SCAN copies follow the points.
            None => self.keys[first..].iter().take_while(|&&k| k < hash).count(),
        };
        self.wrap(first + below)
    }

    /// Index `len` (past every point) is the first point again.
    #[inline(always)]
    fn wrap(&self, index: usize) -> usize {
        if index >= self.len {
            0
        } else {
            index
        }
    }

    /// The server of point `index`.
    #[inline(always)]
    pub(super) fn server(&self, index: usize, points: &[Point]) -> usize {
        match self.servers.get(index) {
            Some(&server) => server as usize,
            None => points[index].server,
        }
    }

    /// The first point at or after `hash`, wrapping, and its server (`points` non-empty).
    /// Inlined into every lookup: in wasm, the call and its returned pair cost more than
    /// the search.
    #[inline(always)]
    pub(super) fn find(&self, hash: K, points: &[Point]) -> Found {
        let index = if self.tabled() {
            self.locate(self.entry(hash), hash)
        } else {
            self.binary_search(hash)
        };
        Found {
            index,
            server: self.server(index, points),
        }
    }

    /// The successor's index on a ring without a table (crowded positions).
    #[inline(never)]
    fn binary_search(&self, hash: K) -> usize {
        self.wrap(self.keys[..self.len].partition_point(|&p| p < hash))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hash::key_hash;

    fn points(positions: &[u64]) -> Vec<Point> {
        positions
            .iter()
            .enumerate()
            .map(|(i, &position)| Point {
                position,
                server: i % 3,
                vnode: i as u32,
            })
            .collect()
    }

    /// The successor by definition: the first position at or past `hash`, wrapping.
    fn successor(positions: &[u64], hash: u64) -> usize {
        let index = positions.partition_point(|&p| p < hash);
        if index == positions.len() {
            0
        } else {
            index
        }
    }

    fn check<K: Position + TryFrom<u64>>(positions: &[u64], tabled: bool) {
        let points = points(positions);
        let search = Search::new(&points, |p| K::try_from(p.position).ok().unwrap_or(K::MAX));
        assert_eq!(search.tabled(), tabled, "{positions:?}");
        let top: u64 = K::MAX.into();
        let mut probes = vec![0, 1, top - 1, top];
        for &p in positions {
            probes.extend([p.saturating_sub(1), p, p.saturating_add(1).min(top)]);
        }
        for hash in probes {
            let found = search.find(K::try_from(hash).ok().unwrap_or(K::MAX), &points);
            assert_eq!(
                found.index,
                successor(positions, hash),
                "{hash} in {positions:?}"
            );
            assert_eq!(found.server, points[found.index].server);
        }
    }

    /// A bucket of exactly [`SCAN`] points at the end of the circle, so the window reads
    /// the copies of the largest position; one point more and the ring has no table.
    #[test]
    fn a_full_last_bucket_and_one_too_full() {
        for wide in [false, true] {
            let top = if wide { u64::MAX } else { u64::from(u32::MAX) };
            let mut positions = vec![1 << 20, 1 << 25];
            positions.extend((0..SCAN as u64).map(|i| top - 100 + i * 3));
            positions.sort_unstable();
            let mut crowded = positions.clone();
            crowded.push(top);
            if wide {
                check::<u64>(&positions, true);
                check::<u64>(&crowded, false);
            } else {
                check::<u32>(&positions, true);
                check::<u32>(&crowded, false);
            }
        }
    }

    /// Rings of hashed positions, as the schemes build them, all get a table.
    #[test]
    fn hashed_positions_get_a_table() {
        for (servers, vnodes) in [(1, 1), (3, 100), (16, 160), (1000, 160)] {
            let mut positions: Vec<u64> = (0..servers)
                .flat_map(|s| (0..vnodes).map(move |v| key_hash(format!("s{s}#{v}").as_bytes())))
                .collect();
            positions.sort_unstable();
            let wide = Search::new(&points(&positions), |p| p.position);
            assert!(wide.tabled(), "{servers}x{vnodes}");
            let narrow = Search::new(&points(&positions), |p| (p.position >> 32) as u32);
            assert!(narrow.tabled(), "{servers}x{vnodes}, 32 bits");
        }
    }
}
