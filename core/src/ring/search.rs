//! The positions of a ring's points laid out for lookups alone, and the search.
//!
//! Positions are hashes, spread evenly over the circle, so the top bits of a key's hash
//! say almost exactly where its successor is. The index keeps the positions in ring order
//! (a dense `u32` array on a 2^32 circle, `u64` on a 2^64 one) with each point's server as
//! a `u32` beside them, and a table of bucket starts: for each value of the top
//! `ceil(log2 n)` bits, the first point at or past it. A lookup reads the key's bucket
//! from the table, then finds the successor inside that bucket, which holds about one
//! point: two cache misses on the largest ring instead of the four or five of a tree
//! search. Inside a bucket the search halves the range a fixed number of times (enough for
//! the largest bucket) with conditional moves, so many searches can run in lockstep with
//! no branch on the data (`batch.rs`). Positions that crowd into one bucket (placed by
//! hand, not hashed) only make that fixed count larger: the worst case is a binary search.
//!
//! Memory beside the 24-byte points: the position (4 or 8 bytes), the server (4) and the
//! table (4 bytes a bucket, one to two buckets a point).

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
pub(super) trait Position: Copy + Ord + Default + Into<u64> {
    const BITS: u32;
}

impl Position for u32 {
    const BITS: u32 = 32;
}

impl Position for u64 {
    const BITS: u32 = 64;
}

/// The most buckets a table has: 2^26 (256 MiB of starts), past any ring a page builds.
const MOST_BUCKET_BITS: u32 = 26;

#[derive(Clone)]
pub(super) struct Search<K> {
    /// The positions in ring order.
    pub(super) keys: Vec<K>,
    /// Each point's server (empty when some server index does not fit in 32 bits: the
    /// points then tell).
    servers: Vec<u32>,
    /// `starts[b]`: the index of the first point whose position's top bits are `b` or
    /// more, for `b` from 0 to the number of buckets (which it holds as the end). Empty
    /// for an empty ring, or one of more than `u32::MAX` points (searched whole).
    starts: Vec<u32>,
    /// A position's bucket is `position >> shift`.
    shift: u32,
    /// Halvings that take the largest bucket down to one point.
    pub(super) steps: u32,
}

impl<K: Position> Search<K> {
    pub(super) fn new(points: &[Point], key: impl Fn(&Point) -> K) -> Search<K> {
        let keys: Vec<K> = points.iter().map(key).collect();
        let n = keys.len();
        let servers = if points.iter().all(|p| u32::try_from(p.server).is_ok()) {
            points.iter().map(|p| p.server as u32).collect()
        } else {
            Vec::new()
        };
        let mut search = Search {
            keys,
            servers,
            starts: Vec::new(),
            shift: 0,
            steps: 0,
        };
        if n == 0 || u32::try_from(n).is_err() {
            return search;
        }
        // About one point a bucket: 2^ceil(log2 n) buckets.
        let bits = (usize::BITS - (n - 1).leading_zeros()).clamp(1, MOST_BUCKET_BITS.min(K::BITS));
        search.shift = K::BITS - bits;
        let buckets = 1usize << bits;
        let mut starts = vec![0u32; buckets + 1];
        for &k in &search.keys {
            starts[(k.into() >> search.shift) as usize + 1] += 1;
        }
        let mut largest = 0;
        for b in 0..buckets {
            largest = largest.max(starts[b + 1]);
            starts[b + 1] += starts[b];
        }
        search.steps = u32::BITS - largest.saturating_sub(1).leading_zeros();
        search.starts = starts;
        search
    }

    /// The bucket's range of points for `hash`: its successor is in `from ..= from + len`.
    #[inline(always)]
    pub(super) fn bucket(&self, hash: K) -> (usize, usize) {
        let b = (hash.into() >> self.shift) as usize;
        let from = self.starts[b] as usize;
        (from, self.starts[b + 1] as usize - from)
    }

    /// Whether the table is there (it is for every ring a scheme builds).
    #[inline(always)]
    pub(super) fn bucketed(&self) -> bool {
        !self.starts.is_empty()
    }

    /// One halving of a bucket range `(base, size)` toward `hash`'s successor, with no
    /// branch on the data.
    #[inline(always)]
    pub(super) fn halve(&self, base: &mut usize, size: &mut usize, hash: K) {
        let half = *size / 2;
        let mid = *base + half;
        // With half 0 the read is of `base` itself, in range, and ignored.
        let go = (half > 0) & (self.keys[mid.min(self.keys.len() - 1)] < hash);
        *base = if go { mid } else { *base };
        *size -= half;
    }

    /// The successor's index once the range is down to at most one point, wrapped.
    #[inline(always)]
    pub(super) fn settle(&self, base: usize, size: usize, hash: K) -> usize {
        let last = self.keys.len() - 1;
        let index = base + usize::from((size > 0) & (self.keys[base.min(last)] < hash));
        if index > last {
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
    #[inline]
    pub(super) fn find(&self, hash: K, points: &[Point]) -> Found {
        let index = if self.bucketed() {
            let (mut base, mut size) = self.bucket(hash);
            for _ in 0..self.steps {
                self.halve(&mut base, &mut size, hash);
            }
            self.settle(base, size, hash)
        } else {
            let index = self.keys.partition_point(|&p| p < hash);
            if index == self.keys.len() {
                0
            } else {
                index
            }
        };
        Found {
            index,
            server: self.server(index, points),
        }
    }
}
