//! The hash ring itself: sorted points, each owned by a server, on a circle of 2^32 or
//! 2^64 positions. Every ring scheme (`ring`, `ketama`, `libketama`, `nginx`, `cassandra`)
//! builds one of these; lookups, walks, arcs and exact shares live here once.
//!
//! A point owns the arc that ends at it: the positions after the previous point, up to and
//! including its own. A key goes to the first point at or after its hash, wrapping past the
//! top to the first point (libketama, libmemcached, nginx and Cassandra all agree on this).

/// One point (virtual node) of a ring.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Point {
    /// Position on the ring, below `2^bits`.
    pub position: u64,
    /// Index of the owning server in the partitioner's server list.
    pub server: usize,
    /// Which of its server's points this is (0-based, in the order the scheme made them).
    pub vnode: u32,
}

/// What to do with points at an equal position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ties {
    /// Keep all of them, in the order they were made (libketama, libmemcached).
    Keep,
    /// Keep only the first of each run of equal positions (nginx).
    Drop,
}

/// A sorted ring of points.
#[derive(Debug, Clone, PartialEq)]
pub struct Ring {
    points: Vec<Point>,
    bits: u32,
}

impl Ring {
    /// Sorts the points into ring order. `bits` is 32 or 64: the circle has `2^bits`
    /// positions and every position must be below that.
    pub fn new(mut points: Vec<Point>, bits: u32, ties: Ties) -> Ring {
        debug_assert!(bits == 32 || bits == 64);
        points.sort_by_key(|p| p.position);
        if ties == Ties::Drop {
            points.dedup_by_key(|p| p.position);
        }
        Ring { points, bits }
    }

    /// The points in ring order.
    pub fn points(&self) -> &[Point] {
        &self.points
    }

    /// How many bits a position has: the circle has `2^bits` positions.
    pub fn bits(&self) -> u32 {
        self.bits
    }

    /// The number of positions on the circle.
    pub fn space(&self) -> u128 {
        1u128 << self.bits
    }

    /// Position as a fraction of a turn, in [0, 1): the angle the app draws.
    pub fn fraction(&self, position: u64) -> f64 {
        position as f64 / self.space() as f64
    }

    /// Index of the point that owns `hash`: the first point at or after it, wrapping.
    /// `None` only for an empty ring.
    pub fn successor(&self, hash: u64) -> Option<usize> {
        if self.points.is_empty() {
            return None;
        }
        let index = self.points.partition_point(|p| p.position < hash);
        Some(if index == self.points.len() { 0 } else { index })
    }

    /// The server owning `hash`.
    pub fn owner(&self, hash: u64) -> Option<usize> {
        self.successor(hash).map(|i| self.points[i].server)
    }

    /// Indices of the points met walking clockwise from `hash`, once around.
    pub fn walk(&self, hash: u64) -> impl Iterator<Item = usize> + '_ {
        let len = self.points.len();
        let start = self.successor(hash).unwrap_or(0);
        (0..len).map(move |step| (start + step) % len)
    }

    /// Servers met walking clockwise from `hash`, once around (servers repeat).
    pub fn walk_servers(&self, hash: u64) -> impl Iterator<Item = usize> + '_ {
        self.walk(hash).map(|i| self.points[i].server)
    }

    /// Length of the arc point `index` owns: from just after the previous point to it.
    /// A lone point owns the whole circle.
    pub fn arc_length(&self, index: usize) -> u128 {
        let len = self.points.len();
        if len == 1 {
            return self.space();
        }
        let here = self.points[index].position as u128;
        let previous = self.points[(index + len - 1) % len].position as u128;
        if index == 0 {
            self.space() - previous + here
        } else {
            here - previous
        }
    }

    /// The exact share of the circle each of `servers` servers owns, summed over its arcs.
    pub fn shares(&self, servers: usize) -> Vec<f64> {
        let mut owned = vec![0u128; servers];
        for index in 0..self.points.len() {
            owned[self.points[index].server] += self.arc_length(index);
        }
        let space = self.space() as f64;
        owned.into_iter().map(|arc| arc as f64 / space).collect()
    }

    /// The point positions of each server, for the views' per-server lists.
    pub fn points_of(&self, server: usize) -> impl Iterator<Item = &Point> {
        self.points.iter().filter(move |p| p.server == server)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ring32(spec: &[(u64, usize)]) -> Ring {
        let points = spec
            .iter()
            .map(|&(position, server)| Point {
                position,
                server,
                vnode: 0,
            })
            .collect();
        Ring::new(points, 32, Ties::Keep)
    }

    //    0                                   2^32
    //    |----A(100)------B(1000)-----------|
    //    ^^^^^ A's arc wraps: (1000, 2^32) and [0, 100]
    #[test]
    fn arcs_cross_zero() {
        let ring = ring32(&[(1000, 1), (100, 0)]);
        assert_eq!(ring.points()[0].position, 100);
        assert_eq!(ring.arc_length(0), (1u128 << 32) - 1000 + 100);
        assert_eq!(ring.arc_length(1), 900);
        let shares = ring.shares(2);
        assert!((shares[0] + shares[1] - 1.0).abs() < 1e-12);
        assert!((shares[1] - 900.0 / 4294967296.0).abs() < 1e-15);
    }

    //    |--A(100)--B(1000)--|   keys: 50 -> A, 100 -> A (inclusive), 101 -> B, 5000 -> A
    #[test]
    fn successor_is_first_point_at_or_after_and_wraps() {
        let ring = ring32(&[(100, 0), (1000, 1)]);
        assert_eq!(ring.owner(50), Some(0));
        assert_eq!(ring.owner(100), Some(0));
        assert_eq!(ring.owner(101), Some(1));
        assert_eq!(ring.owner(1000), Some(1));
        assert_eq!(ring.owner(5000), Some(0));
        assert_eq!(ring.owner(u32::MAX as u64), Some(0));
    }

    #[test]
    fn walk_goes_once_around_from_the_successor() {
        let ring = ring32(&[(10, 0), (20, 1), (30, 2)]);
        assert_eq!(ring.walk_servers(25).collect::<Vec<_>>(), vec![2, 0, 1]);
        assert_eq!(ring.walk_servers(31).collect::<Vec<_>>(), vec![0, 1, 2]);
    }

    #[test]
    fn lone_point_owns_everything_and_empty_ring_owns_nothing() {
        let ring = ring32(&[(7, 0)]);
        assert_eq!(ring.shares(1), vec![1.0]);
        let empty = ring32(&[]);
        assert_eq!(empty.owner(3), None);
        assert_eq!(empty.walk(3).count(), 0);
    }

    #[test]
    fn ties_keep_or_drop() {
        let points = vec![
            Point { position: 5, server: 1, vnode: 0 },
            Point { position: 5, server: 0, vnode: 0 },
        ];
        let kept = Ring::new(points.clone(), 32, Ties::Keep);
        assert_eq!(kept.points().len(), 2);
        assert_eq!(kept.owner(5), Some(1), "stable: the first made wins");
        let dropped = Ring::new(points, 32, Ties::Drop);
        assert_eq!(dropped.points().len(), 1);
        assert_eq!(dropped.owner(5), Some(1));
    }

    #[test]
    fn full_64_bit_space() {
        let ring = Ring::new(
            vec![
                Point { position: 0, server: 0, vnode: 0 },
                Point { position: u64::MAX, server: 1, vnode: 0 },
            ],
            64,
            Ties::Keep,
        );
        assert_eq!(ring.arc_length(0), 1);
        assert_eq!(ring.arc_length(1), u64::MAX as u128);
        assert_eq!(ring.owner(1), Some(1));
    }
}
