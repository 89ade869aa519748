//! The sorted circle most client rings share: points owned by servers, a lookup rule and
//! a tie rule, the three things the libraries disagree on.

/// Which point a key's hash goes to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Lookup {
    /// The first point at or after the hash (libketama, hashring, consistent-hash).
    AtOrAfter,
    /// The first point strictly after it (Python's `bisect_right`, stathat's `>`).
    After,
}

/// Which server owns points of equal value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tie {
    /// The first made (a stable sort, the first of equal points found).
    FirstMade,
    /// The last made (a dict or map from point to server, written in build order).
    LastMade,
}

/// Sorted points, each with its owner (an index into the client's answers).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Circle<P> {
    points: Vec<(P, usize)>,
    lookup: Lookup,
}

impl<P: Ord + Copy> Circle<P> {
    /// Points in the order the library makes them.
    pub fn new(mut points: Vec<(P, usize)>, lookup: Lookup, tie: Tie) -> Circle<P> {
        points.sort_by_key(|p| p.0); // stable: equal points stay in build order
        match tie {
            Tie::FirstMade => points.dedup_by_key(|p| p.0),
            Tie::LastMade => {
                points.reverse();
                points.dedup_by_key(|p| p.0);
                points.reverse();
            }
        }
        Circle { points, lookup }
    }

    /// The owner of `hash`; `None` on an empty circle.
    pub fn owner(&self, hash: P) -> Option<usize> {
        if self.points.is_empty() {
            return None;
        }
        let i = match self.lookup {
            Lookup::AtOrAfter => self.points.partition_point(|p| p.0 < hash),
            Lookup::After => self.points.partition_point(|p| p.0 <= hash),
        };
        Some(self.points[i % self.points.len()].1)
    }

    /// The points, sorted.
    pub fn points(&self) -> &[(P, usize)] {
        &self.points
    }

    /// How many points each of `servers` owns.
    pub fn counts(&self, servers: usize) -> Vec<usize> {
        let mut counts = vec![0; servers];
        for p in &self.points {
            counts[p.1] += 1;
        }
        counts
    }
}

/// The little-endian u32 words of an MD5 digest of `text`, the first `words` of them.
pub fn md5_words(text: &[u8], words: usize) -> impl Iterator<Item = u32> {
    use md5::{Digest, Md5};
    let d = Md5::digest(text);
    (0..words.min(4))
        .map(move |w| u32::from_le_bytes([d[4 * w], d[4 * w + 1], d[4 * w + 2], d[4 * w + 3]]))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rules_decide_exact_hits_and_ties() {
        let points = vec![(10u32, 0), (20, 1), (20, 2), (30, 0)];
        let first = Circle::new(points.clone(), Lookup::AtOrAfter, Tie::FirstMade);
        assert_eq!(first.owner(20), Some(1));
        assert_eq!(first.owner(11), Some(1));
        assert_eq!(first.owner(31), Some(0), "past the last point, the first");
        let last = Circle::new(points, Lookup::After, Tie::LastMade);
        assert_eq!(
            last.owner(10),
            Some(2),
            "strictly after 10 is 20, written last by 2"
        );
        assert_eq!(last.owner(30), Some(0));
        assert_eq!(last.counts(3), vec![2, 0, 1]);
        assert_eq!(
            Circle::<u32>::new(vec![], Lookup::After, Tie::LastMade).owner(5),
            None
        );
    }

    #[test]
    fn md5_words_are_libketamas() {
        // libketama's hash of "test" (SPECS: hashring, uhashring's ketama).
        assert_eq!(md5_words(b"test", 1).next(), Some(3446378249));
    }
}
