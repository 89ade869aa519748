//! The hash ring itself: sorted points, each owned by a server, on a circle of 2^32 or
//! 2^64 positions. Every ring scheme (`ring`, `ketama`, `libketama`, `nginx`, `cassandra`)
//! builds one of these; lookups, walks, arcs and exact shares live here once.
//!
//! A point owns the arc that ends at it: the positions after the previous point, up to and
//! including its own. A key goes to the first point at or after its hash, wrapping past the
//! top to the first point (libketama, libmemcached, nginx and Cassandra all agree on this).

mod batch;
mod search;

pub use batch::ring_lookup_batch;
use search::{Found, Index};

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
    /// Keep only the first of each run of equal positions (nginx). The others take no part
    /// in lookups; the ring keeps them aside, so that [`Ring::without`] can bring one back
    /// when the point in front of it leaves.
    Drop,
}

/// A sorted ring of points.
#[derive(Clone)]
pub struct Ring {
    points: Vec<Point>,
    bits: u32,
    ties: Ties,
    /// With [`Ties::Drop`], the points dropped behind an earlier point at the same
    /// position, in ring order (ties in the order they were made). Empty otherwise.
    shadowed: Vec<Point>,
    /// The positions again, laid out for lookups alone; see [`Index`].
    index: Index,
}

impl PartialEq for Ring {
    fn eq(&self, other: &Ring) -> bool {
        // The index is a function of the points.
        self.points == other.points && self.bits == other.bits
    }
}

impl std::fmt::Debug for Ring {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Ring")
            .field("points", &self.points)
            .field("bits", &self.bits)
            .finish()
    }
}

impl Ring {
    /// Sorts the points into ring order. `bits` is 32 or 64: the circle has `2^bits`
    /// positions and every position must be below that.
    pub fn new(mut points: Vec<Point>, bits: u32, ties: Ties) -> Ring {
        debug_assert!(bits == 32 || bits == 64);
        // Stable, as `Ties::Keep` needs.
        sort_points(&mut points, bits);
        let shadowed = match ties {
            Ties::Keep => Vec::new(),
            Ties::Drop => shadow_ties(&mut points),
        };
        Ring::from_sorted(points, shadowed, bits, ties)
    }

    /// A ring of points already in ring order (and, with [`Ties::Drop`], without repeats).
    fn from_sorted(points: Vec<Point>, shadowed: Vec<Point>, bits: u32, ties: Ties) -> Ring {
        let index = Index::new(&points, bits);
        Ring {
            points,
            bits,
            ties,
            shadowed,
            index,
        }
    }

    /// The ring a fresh build gives without server `server`: its points left out, every
    /// later server's index one lower, the other points where they were. One pass over
    /// the points, with no hashing and no sorting, so taking a server out of a million
    /// points costs a copy of them rather than a build.
    ///
    /// Exactly the ring [`Ring::new`] makes from the other points, for rings whose points
    /// were made server by server in index order (every scheme here makes them so): ties
    /// keep their order, and with [`Ties::Drop`] a point dropped behind one of `server`'s
    /// comes back.
    ///
    /// ```
    /// use ringlab_core::{numbered_servers, Partitioner, schemes::ring::HashRing};
    /// let servers = numbered_servers("s", 5);
    /// let five = HashRing::new(servers.clone(), 100).unwrap();
    /// let without_s2 = five.ring().unwrap().without(2);
    ///
    /// let mut four = servers;
    /// four.remove(2);
    /// let built = HashRing::new(four, 100).unwrap();
    /// assert_eq!(&without_s2, built.ring().unwrap());
    /// ```
    pub fn without(&self, server: usize) -> Ring {
        let renumber = move |p: &Point| Point {
            server: p.server - usize::from(p.server > server),
            ..*p
        };
        if self.shadowed.is_empty() {
            // Nothing hides behind another point: a plain filter.
            let mut points = Vec::with_capacity(self.points.len());
            points.extend(
                self.points
                    .iter()
                    .filter(|p| p.server != server)
                    .map(renumber),
            );
            return Ring::from_sorted(points, Vec::new(), self.bits, self.ties);
        }
        let all = self
            .all_points()
            .filter(|p| p.server != server)
            .map(|p| renumber(&p));
        Ring::split_ties(all, self.points.len(), self.bits, self.ties)
    }

    /// The ring a fresh build gives with a server put in at index `server`: `points` are
    /// its points in the order it made them (their `server` is set to `server`), and every
    /// server from `server` on moves one index up. Only the new points are sorted; they are
    /// merged into the others in one pass, with no hashing of the others and no sort.
    ///
    /// Exactly the ring [`Ring::new`] makes from all the points, for rings whose points
    /// were made server by server in index order (every scheme here makes them so): at an
    /// equal position the points of lower servers come first, as a fresh build orders
    /// them. Every position must be below `2^bits`.
    ///
    /// ```
    /// use ringlab_core::{numbered_servers, Partitioner, Server, schemes::ring::HashRing};
    /// let servers = numbered_servers("s", 4);
    /// let four = HashRing::new(servers.clone(), 100).unwrap();
    /// // The points of "new" as the ring scheme makes them, its index 1.
    /// let one = HashRing::new(vec![Server::new("new")], 100).unwrap();
    /// let joined = four.ring().unwrap().with_server(1, one.ring().unwrap().points().to_vec());
    ///
    /// let mut five = servers;
    /// five.insert(1, Server::new("new"));
    /// let built = HashRing::new(five, 100).unwrap();
    /// assert_eq!(&joined, built.ring().unwrap());
    /// ```
    pub fn with_server(&self, server: usize, mut points: Vec<Point>) -> Ring {
        for p in &mut points {
            debug_assert!(self.bits == 64 || p.position >> self.bits == 0);
            p.server = server;
        }
        sort_points(&mut points, self.bits);
        let renumber = move |p: Point| Point {
            server: p.server + usize::from(p.server >= server),
            ..p
        };
        if self.ties == Ties::Keep {
            // Runs of old points copied whole between the new ones, each new point's place
            // found by a binary search: the old points are looked at once each.
            let old = &self.points[..];
            let mut merged = Vec::with_capacity(old.len() + points.len());
            let mut from = 0;
            for q in points {
                let before_q = |p: &Point| {
                    p.position < q.position || (p.position == q.position && p.server < server)
                };
                let to = from + old[from..].partition_point(before_q);
                merged.extend(old[from..to].iter().map(|&p| renumber(p)));
                merged.push(q);
                from = to;
            }
            merged.extend(old[from..].iter().map(|&p| renumber(p)));
            return Ring::from_sorted(merged, Vec::new(), self.bits, self.ties);
        }
        let old = self.all_points().map(renumber).peekable();
        let len = self.points.len() + self.shadowed.len() + points.len();
        let all = MergeNew {
            old,
            new: points.into_iter().peekable(),
            server,
        };
        Ring::split_ties(all, len, self.bits, self.ties)
    }

    /// Every point this ring was made of, in ring order: with [`Ties::Drop`], each kept
    /// point followed by those shadowed behind it.
    fn all_points(&self) -> impl Iterator<Item = Point> + '_ {
        let mut kept = self.points.iter().copied().peekable();
        let mut shadowed = self.shadowed.iter().copied().peekable();
        std::iter::from_fn(move || match (kept.peek(), shadowed.peek()) {
            // A shadowed point follows the kept point at its position.
            (Some(p), Some(q)) if q.position < p.position => shadowed.next(),
            (Some(_), _) => kept.next(),
            (None, _) => shadowed.next(),
        })
    }

    /// A ring from all its points in ring order, dropping repeats aside under
    /// [`Ties::Drop`].
    fn split_ties(all: impl Iterator<Item = Point>, len: usize, bits: u32, ties: Ties) -> Ring {
        let mut points: Vec<Point> = Vec::with_capacity(len);
        let mut shadowed = Vec::new();
        for p in all {
            match points.last() {
                Some(last) if ties == Ties::Drop && last.position == p.position => shadowed.push(p),
                _ => points.push(p),
            }
        }
        Ring::from_sorted(points, shadowed, bits, ties)
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
        Some(self.find(hash).index)
    }

    /// The server owning `hash`.
    #[inline]
    pub fn owner(&self, hash: u64) -> Option<usize> {
        if self.points.is_empty() {
            return None;
        }
        Some(self.find(hash).server)
    }

    /// The successor of `hash` and its server, on a ring with points. Inlined into every
    /// lookup, as [`Search`](search::Search)'s `find` is.
    #[inline(always)]
    fn find(&self, hash: u64) -> Found {
        match &self.index {
            Index::Narrow(search) => match u32::try_from(hash) {
                Ok(hash) => search.find(hash, &self.points),
                // Above every position of the circle: wrap to the first point.
                Err(_) => Found {
                    index: 0,
                    server: self.points[0].server,
                },
            },
            Index::Wide(search) => search.find(hash, &self.points),
        }
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

    /// How many points (counting only those that take part in lookups) each of `servers`
    /// servers has.
    ///
    /// ```
    /// use ringlab_core::{numbered_servers, Partitioner, schemes::ring::HashRing};
    /// let ring = HashRing::new(numbered_servers("s", 3), 10).unwrap();
    /// assert_eq!(ring.ring().unwrap().point_counts(3), vec![10, 10, 10]);
    /// ```
    pub fn point_counts(&self, servers: usize) -> Vec<usize> {
        let mut counts = vec![0; servers];
        for p in &self.points {
            counts[p.server] += 1;
        }
        counts
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

    /// Cuts the circle at every point of this ring and of `other` (on the same circle) and
    /// calls `piece(length, owner here, owner on other)` for each piece
    /// `(previous cut, cut]`, in order, the first piece wrapping past zero. One merge of
    /// the two sorted point lists as it goes, with no search per piece and no list of the
    /// cuts, so two million-point rings take a few milliseconds. The owner of a piece is
    /// the owner of its end, as [`Ring::owner`] gives it; `None` on a ring without points.
    pub fn for_each_piece(
        &self,
        other: &Ring,
        mut piece: impl FnMut(u128, Option<usize>, Option<usize>),
    ) {
        let (a, b) = (&self.points[..], &other.points[..]);
        let ends = |points: &[Point]| Some((points.first()?.position, points.last()?.position));
        let (first, last) = match (ends(a), ends(b)) {
            (Some((p, q)), Some((r, s))) => (p.min(r), q.max(s)),
            (Some(ends), None) | (None, Some(ends)) => ends,
            (None, None) => return,
        };
        let space = self.space();
        // `i` and `j` point at the first point at or after the next cut in each ring: the
        // cut is the lower of the two, and each owns the piece ending there (wrapping).
        let (mut i, mut j) = (0, 0);
        let mut previous = None;
        loop {
            let cut = match (a.get(i), b.get(j)) {
                (Some(p), Some(q)) => p.position.min(q.position),
                (Some(p), None) | (None, Some(p)) => p.position,
                (None, None) => break,
            };
            let length = match previous {
                None if first == last => space,
                None => space - last as u128 + first as u128,
                Some(previous) => (cut - previous) as u128,
            };
            previous = Some(cut);
            piece(length, owner_at(a, i), owner_at(b, j));
            while a.get(i).is_some_and(|p| p.position == cut) {
                i += 1;
            }
            while b.get(j).is_some_and(|p| p.position == cut) {
                j += 1;
            }
        }
    }
}

/// The server of point `at`, or of the first point past the end (wrapping); `None` on a
/// ring without points.
#[inline]
fn owner_at(points: &[Point], at: usize) -> Option<usize> {
    points.get(at).or(points.first()).map(|p| p.server)
}

/// Old points (renumbered) and a new server's sorted points, merged into ring order: at an
/// equal position the lower server's point first, as a build that makes points server by
/// server orders them.
struct MergeNew<A: Iterator<Item = Point>, B: Iterator<Item = Point>> {
    old: std::iter::Peekable<A>,
    new: std::iter::Peekable<B>,
    server: usize,
}

impl<A: Iterator<Item = Point>, B: Iterator<Item = Point>> Iterator for MergeNew<A, B> {
    type Item = Point;

    #[inline]
    fn next(&mut self) -> Option<Point> {
        match (self.old.peek(), self.new.peek()) {
            (Some(p), Some(q))
                if q.position < p.position
                    || (q.position == p.position && self.server < p.server) =>
            {
                self.new.next()
            }
            (Some(_), _) => self.old.next(),
            (None, _) => self.new.next(),
        }
    }
}

/// Drops every point at the same position as the one before it out of `points` (sorted),
/// returning the dropped ones in order.
fn shadow_ties(points: &mut Vec<Point>) -> Vec<Point> {
    let mut shadowed = Vec::new();
    let mut kept = 0;
    for i in 0..points.len() {
        let p = points[i];
        if kept > 0 && points[kept - 1].position == p.position {
            shadowed.push(p);
        } else {
            points[kept] = p;
            kept += 1;
        }
    }
    points.truncate(kept);
    shadowed
}

/// Points a bucket may hold before it is sorted by a merge sort instead of insertion.
const SMALL_BUCKET: usize = 24;
/// Rings up to this many points are sorted by one bucket pass (they fit in cache).
const ONE_PASS: usize = 1 << 14;

/// Sorts points by position, stably (equal positions keep their order), in expected linear
/// time for the near-uniform positions hashing gives. Up to [`ONE_PASS`] points: a counting
/// pass on the top bits into about two buckets per point, one stable scatter, then each
/// bucket's few points in order. Longer rings get a coarse pass first, into buckets of
/// about 512 points that stay in cache, then the same within each. A crowded bucket
/// (positions far from uniform, such as hand-placed ones) gets the standard library's
/// stable sort, so the worst case is `n log n`.
fn sort_points(points: &mut Vec<Point>, bits: u32) {
    let len = points.len();
    if len < 256 || len > u32::MAX as usize {
        points.sort_by_key(|p| p.position);
        return;
    }
    let mut sorted = vec![points[0]; len];
    let mut counts = Vec::new();
    if len <= ONE_PASS {
        bucket_sort(points, &mut sorted, bits, 0, &mut counts);
    } else {
        let coarse = (log2(len) - 9).min(bits);
        scatter(points, &mut sorted, bits, 0, coarse, &mut counts);
        let starts = counts.clone();
        for b in 0..1usize << coarse {
            let (from, to) = (starts[b] as usize, starts[b + 1] as usize);
            bucket_sort(
                &sorted[from..to],
                &mut points[from..to],
                bits,
                coarse,
                &mut counts,
            );
        }
        // The coarse pass went into `sorted`, the fine passes back into `points`.
        return;
    }
    *points = sorted;
}

/// floor(log2(n)) for n >= 1.
fn log2(n: usize) -> u32 {
    usize::BITS - 1 - n.leading_zeros()
}

/// Stable counting sort of `source` into `target` on the `width` bits of the position
/// below its top `skip` bits (of `bits`); `counts` ends as the bucket starts.
fn scatter(
    source: &[Point],
    target: &mut [Point],
    bits: u32,
    skip: u32,
    width: u32,
    counts: &mut Vec<u32>,
) {
    let shift = bits - skip - width;
    let mask = (1usize << width) - 1;
    let bucket = |p: &Point| ((p.position >> shift) as usize) & mask;
    counts.clear();
    counts.resize((1 << width) + 1, 0);
    for p in source {
        counts[bucket(p) + 1] += 1;
    }
    for b in 0..1usize << width {
        counts[b + 1] += counts[b];
    }
    let mut next = counts[..1 << width].to_vec();
    for p in source {
        let slot = &mut next[bucket(p)];
        target[*slot as usize] = *p;
        *slot += 1;
    }
}

/// Sorts `source` into `target`, whose positions agree on their top `skip` bits: buckets
/// on the next bits, then each bucket in order.
fn bucket_sort(
    source: &[Point],
    target: &mut [Point],
    bits: u32,
    skip: u32,
    counts: &mut Vec<u32>,
) {
    let len = source.len();
    if len <= SMALL_BUCKET {
        target.copy_from_slice(source);
        insertion_sort(target);
        return;
    }
    let width = (log2(len) + 1).min(bits - skip);
    scatter(source, target, bits, skip, width, counts);
    for b in 0..1usize << width {
        let run = &mut target[counts[b] as usize..counts[b + 1] as usize];
        if run.len() > SMALL_BUCKET {
            run.sort_by_key(|p| p.position);
        } else {
            insertion_sort(run);
        }
    }
}

/// Stable insertion sort by position, for a bucket's few points.
fn insertion_sort(points: &mut [Point]) {
    for i in 1..points.len() {
        let point = points[i];
        let mut j = i;
        while j > 0 && points[j - 1].position > point.position {
            points[j] = points[j - 1];
            j -= 1;
        }
        points[j] = point;
    }
}

#[cfg(test)]
impl Ring {
    /// A 32-bit ring from `(position, server)` pairs, every point vnode 0, ties kept.
    pub(crate) fn on_32_bits(spec: &[(u64, usize)]) -> Ring {
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
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;

    /// Each piece's owners are what `Ring::owner` says at its end, the pieces cover the
    /// circle once, and they come in order: on crowded rings with ties, both widths, rings
    /// of different sizes and an empty one.
    #[test]
    fn pieces_agree_with_owner_lookups() {
        let mut state = 0x2545_F491_4F6C_DD1Du64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        for (bits, spread) in [(64, u64::MAX), (32, 1 << 32), (64, 50), (32, 7)] {
            for (n, m) in [(0, 0), (0, 5), (1, 1), (40, 3), (300, 300), (1000, 2)] {
                let mut ring = |len: usize| {
                    let points = (0..len)
                        .map(|i| Point {
                            position: next() % spread,
                            server: i % 5,
                            vnode: i as u32,
                        })
                        .collect();
                    Ring::new(points, bits, Ties::Keep)
                };
                let (a, b) = (ring(n), ring(m));
                let mut cuts: Vec<u64> = a
                    .points()
                    .iter()
                    .chain(b.points())
                    .map(|p| p.position)
                    .collect();
                cuts.sort_unstable();
                cuts.dedup();
                let mut seen = Vec::new();
                let mut total = 0u128;
                a.for_each_piece(&b, |length, x, y| {
                    seen.push((x, y));
                    total += length;
                });
                let expected: Vec<_> = cuts.iter().map(|&c| (a.owner(c), b.owner(c))).collect();
                assert_eq!(
                    seen, expected,
                    "bits {bits}, spread {spread}, {n} and {m} points"
                );
                if !cuts.is_empty() {
                    assert_eq!(total, a.space());
                }
            }
        }
    }

    /// The bucket sort gives exactly the standard library's stable sort, on hashed
    /// positions of both widths, on crowded ones and on runs of ties, at every size class.
    #[test]
    fn points_sort_like_a_stable_sort() {
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        for len in [0, 1, 255, 256, 1000, ONE_PASS, ONE_PASS + 1, 100_000] {
            for (bits, spread) in [(64, u64::MAX), (32, 1 << 32), (64, 1000), (32, 3)] {
                let points: Vec<Point> = (0..len)
                    .map(|i| Point {
                        position: next() % spread,
                        server: i % 7,
                        vnode: i as u32,
                    })
                    .collect();
                let mut expected = points.clone();
                expected.sort_by_key(|p| p.position);
                let mut sorted = points;
                sort_points(&mut sorted, bits);
                assert!(
                    sorted == expected,
                    "len {len}, bits {bits}, spread {spread}"
                );
            }
        }
    }

    //    0                                   2^32
    //    |----A(100)------B(1000)-----------|
    //    ^^^^^ A's arc wraps: (1000, 2^32) and [0, 100]
    #[test]
    fn arcs_cross_zero() {
        let ring = Ring::on_32_bits(&[(1000, 1), (100, 0)]);
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
        let ring = Ring::on_32_bits(&[(100, 0), (1000, 1)]);
        assert_eq!(ring.owner(50), Some(0));
        assert_eq!(ring.owner(100), Some(0));
        assert_eq!(ring.owner(101), Some(1));
        assert_eq!(ring.owner(1000), Some(1));
        assert_eq!(ring.owner(5000), Some(0));
        assert_eq!(ring.owner(u32::MAX as u64), Some(0));
    }

    #[test]
    fn walk_goes_once_around_from_the_successor() {
        let ring = Ring::on_32_bits(&[(10, 0), (20, 1), (30, 2)]);
        assert_eq!(ring.walk_servers(25).collect::<Vec<_>>(), vec![2, 0, 1]);
        assert_eq!(ring.walk_servers(31).collect::<Vec<_>>(), vec![0, 1, 2]);
    }

    #[test]
    fn lone_point_owns_everything_and_empty_ring_owns_nothing() {
        let ring = Ring::on_32_bits(&[(7, 0)]);
        assert_eq!(ring.shares(1), vec![1.0]);
        let empty = Ring::on_32_bits(&[]);
        assert_eq!(empty.owner(3), None);
        assert_eq!(empty.walk(3).count(), 0);
    }

    #[test]
    fn ties_keep_or_drop() {
        let points = vec![
            Point {
                position: 5,
                server: 1,
                vnode: 0,
            },
            Point {
                position: 5,
                server: 0,
                vnode: 0,
            },
        ];
        let kept = Ring::new(points.clone(), 32, Ties::Keep);
        assert_eq!(kept.points().len(), 2);
        assert_eq!(kept.owner(5), Some(1), "stable: the first made wins");
        let dropped = Ring::new(points, 32, Ties::Drop);
        assert_eq!(dropped.points().len(), 1);
        assert_eq!(dropped.owner(5), Some(1));
    }

    /// The lookup as the definition says it, over the points themselves.
    fn reference_successor(ring: &Ring, hash: u64) -> Option<usize> {
        let points = ring.points();
        if points.is_empty() {
            return None;
        }
        let index = points.partition_point(|p| p.position < hash);
        Some(if index == points.len() { 0 } else { index })
    }

    fn splitmix(state: &mut u64) -> u64 {
        *state = state.wrapping_add(0x9E3779B97F4A7C15);
        let mut z = *state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58476D1CE4E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D049BB133111EB);
        z ^ (z >> 31)
    }

    // The bucketed search, at sizes around the table's edges (powers of two),
    // on both circles, with repeated positions, agree with the definition everywhere:
    // at every point, just around it, at both ends and at random.
    #[test]
    fn search_layouts_agree_with_the_definition() {
        let sizes = [1, 2, 3, 7, 100, (1 << 15) - 1, 1 << 15, 3 * (1 << 15) + 5];
        let mut state = 7u64;
        for bits in [32u32, 64] {
            for &size in &sizes {
                let points: Vec<Point> = (0..size)
                    .map(|i| {
                        let mut position = splitmix(&mut state);
                        if bits == 32 {
                            position >>= 32;
                        }
                        if i % 5 == 4 {
                            // A repeat of an earlier position (ties keep their order).
                            position = (position % 17) << (bits - 8);
                        }
                        Point {
                            position,
                            server: i % 13,
                            vnode: i as u32,
                        }
                    })
                    .collect();
                for ties in [Ties::Keep, Ties::Drop] {
                    let ring = Ring::new(points.clone(), bits, ties);
                    let top = if bits == 32 {
                        u32::MAX as u64
                    } else {
                        u64::MAX
                    };
                    let mut probes = vec![0, 1, top - 1, top, top.wrapping_add(1), u64::MAX];
                    for p in ring.points().iter().step_by(7) {
                        probes.extend([p.position.wrapping_sub(1), p.position, p.position + 1]);
                    }
                    probes.extend((0..2000).map(|_| splitmix(&mut state) >> (64 - bits)));
                    for hash in probes {
                        let expected = reference_successor(&ring, hash);
                        assert_eq!(
                            ring.successor(hash),
                            expected,
                            "{bits} bits, {size}: {hash}"
                        );
                        let server = expected.map(|i| ring.points()[i].server);
                        assert_eq!(ring.owner(hash), server, "{bits} bits, {size}: {hash}");
                    }
                }
            }
        }
    }

    #[test]
    fn server_indices_beyond_32_bits() {
        let server = u32::MAX as usize + 1;
        let ring = Ring::new(
            vec![
                Point {
                    position: 10,
                    server,
                    vnode: 0,
                },
                Point {
                    position: 20,
                    server: 1,
                    vnode: 0,
                },
            ],
            64,
            Ties::Keep,
        );
        assert_eq!(ring.owner(5), Some(server));
        assert_eq!(ring.owner(15), Some(1));
        assert_eq!(ring.owner(25), Some(server));
    }

    #[test]
    fn equality_and_debug_see_only_the_points() {
        let ring = Ring::on_32_bits(&[(100, 0), (1000, 1)]);
        assert_eq!(ring, ring.clone());
        assert_ne!(ring, Ring::on_32_bits(&[(100, 0), (1001, 1)]));
        let text = format!("{ring:?}");
        assert!(
            text.starts_with("Ring { points: [Point { position: 100"),
            "{text}"
        );
        assert!(text.ends_with("bits: 32 }"), "{text}");
    }

    /// The points servers 0, 1, ... make, server by server (`made[s]` in vnode order).
    fn made_by(made: &[Vec<u64>]) -> Vec<Point> {
        made.iter()
            .enumerate()
            .flat_map(|(server, positions)| {
                (0u32..)
                    .zip(positions)
                    .map(move |(vnode, &position)| Point {
                        position,
                        server,
                        vnode,
                    })
            })
            .collect()
    }

    /// The derived ring is the fresh one: the same points in the same order, the same
    /// shadowed points, and the same lookups (so the same index).
    fn assert_same(derived: &Ring, fresh: &Ring, what: &str) {
        assert_eq!(derived, fresh, "{what}");
        assert_eq!(derived.shadowed, fresh.shadowed, "{what}: shadowed");
        assert_eq!(derived.ties, fresh.ties, "{what}");
        let probes = fresh
            .points()
            .iter()
            .chain(&fresh.shadowed)
            .flat_map(|p| {
                [
                    p.position.wrapping_sub(1),
                    p.position,
                    p.position.wrapping_add(1),
                ]
            })
            .chain([0, u64::MAX]);
        for hash in probes {
            assert_eq!(derived.successor(hash), fresh.successor(hash), "{what}");
            assert_eq!(derived.owner(hash), fresh.owner(hash), "{what}");
        }
    }

    //   server 0 at 10, 20 (twice), 30      server 1 at 20, 40      server 2 at 10, 20
    //   kept with Drop: 10 (0), 20 (0), 30 (0), 40 (1); shadowed 20 (0), 20 (1), 10 (2), 20 (2)
    #[test]
    fn a_server_taken_out_or_put_in_gives_the_fresh_ring() {
        let made = vec![vec![10, 20, 20, 30], vec![20, 40], vec![10, 20]];
        for ties in [Ties::Keep, Ties::Drop] {
            let full = Ring::new(made_by(&made), 32, ties);
            for server in 0..made.len() {
                let mut rest = made.clone();
                let gone = rest.remove(server);
                let fresh = Ring::new(made_by(&rest), 32, ties);
                let what = format!("{ties:?} without {server}");
                let derived = full.without(server);
                assert_same(&derived, &fresh, &what);
                // And back in at the same index.
                let points = made_by(std::slice::from_ref(&gone));
                let what = format!("{ties:?} {server} back");
                assert_same(&derived.with_server(server, points), &full, &what);
            }
        }
        let dropped = Ring::new(made_by(&made), 32, Ties::Drop);
        assert_eq!(dropped.points().len(), 4);
        assert_eq!(dropped.shadowed.len(), 4);
        // Server 0 leaves: 20 goes to server 1 (made before server 2's point there), 10 to
        // server 2, now server 1.
        let without = dropped.without(0);
        let owners: Vec<(u64, usize)> = without
            .points()
            .iter()
            .map(|p| (p.position, p.server))
            .collect();
        assert_eq!(owners, vec![(10, 1), (20, 0), (40, 0)]);
        assert_eq!(without.shadowed.len(), 1);
    }

    #[test]
    fn servers_come_and_go_from_empty_rings_and_lone_servers() {
        for ties in [Ties::Keep, Ties::Drop] {
            let empty = Ring::new(Vec::new(), 64, ties);
            let one = empty.with_server(0, made_by(&[vec![5, 5, u64::MAX]]));
            assert_same(
                &one,
                &Ring::new(made_by(&[vec![5, 5, u64::MAX]]), 64, ties),
                "one",
            );
            assert_same(&one.without(0), &empty, "none");
            // A server without points moves the indices all the same.
            let two = one.with_server(0, Vec::new());
            assert!(two.points().iter().all(|p| p.server == 1));
            assert_same(&two.without(0), &one, "back to one");
        }
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig {
            cases: 48, .. proptest::prelude::ProptestConfig::default()
        })]

        /// Random servers on a crowded or a wide circle, then random edits (a server out,
        /// a new one in anywhere): every derived ring is the ring a fresh build gives.
        #[test]
        fn derived_rings_are_fresh_rings(
            wide in proptest::bool::ANY,
            drop in proptest::bool::ANY,
            spread in proptest::sample::select(vec![4u64, 64, 5000, u64::MAX]),
            servers in proptest::collection::vec(
                proptest::collection::vec(proptest::num::u64::ANY, 0..40), 0..8),
            edits in proptest::collection::vec(
                (proptest::bool::ANY, proptest::num::usize::ANY,
                 proptest::collection::vec(proptest::num::u64::ANY, 0..40)), 1..12),
        ) {
            let bits = if wide { 64 } else { 32 };
            let ties = if drop { Ties::Drop } else { Ties::Keep };
            let place = |raw: &[u64]| -> Vec<u64> {
                raw.iter().map(|r| (r % spread) >> (64 - bits)).collect()
            };
            let mut made: Vec<Vec<u64>> = servers.iter().map(|s| place(s)).collect();
            let mut ring = Ring::new(made_by(&made), bits, ties);
            for (step, (out, at, raw)) in edits.iter().enumerate() {
                if *out && !made.is_empty() {
                    let server = at % made.len();
                    made.remove(server);
                    ring = ring.without(server);
                } else {
                    let server = at % (made.len() + 1);
                    let positions = place(raw);
                    let points = made_by(std::slice::from_ref(&positions));
                    made.insert(server, positions);
                    ring = ring.with_server(server, points);
                }
                let fresh = Ring::new(made_by(&made), bits, ties);
                assert_same(&ring, &fresh, &format!("step {step}"));
            }
        }
    }

    #[test]
    fn full_64_bit_space() {
        let ring = Ring::new(
            vec![
                Point {
                    position: 0,
                    server: 0,
                    vnode: 0,
                },
                Point {
                    position: u64::MAX,
                    server: 1,
                    vnode: 0,
                },
            ],
            64,
            Ties::Keep,
        );
        assert_eq!(ring.arc_length(0), 1);
        assert_eq!(ring.arc_length(1), u64::MAX as u128);
        assert_eq!(ring.owner(1), Some(1));
    }
}
