//! Many lookups at once. One lookup on a large ring is a chain of cache misses, each
//! waiting for the one before: the search cannot know where to look next until the last
//! read arrives. Many keys' searches have no such chain between them, so [`Ring::owners`]
//! runs [`LANES`] of them in lockstep, one level of the tree for every key before the next
//! level for any: the misses of different keys overlap, and the comparisons are
//! branch-free. The answer for each key is exactly [`Ring::owner`]'s.

use super::{Index, Point, Ring, Search};
use crate::Partitioner;

/// Searches run in lockstep: enough misses in flight to cover the memory's latency.
pub(super) const LANES: usize = 16;

/// Keys hashed ahead of a batch of searches.
const CHUNK: usize = 256;

impl Ring {
    /// The server owning each of `hashes`, into `owners` (one per hash), as
    /// [`Ring::owner`] gives it: `None` only on an empty ring.
    ///
    /// ```
    /// use ringlab_core::{numbered_servers, Partitioner, schemes::ring::HashRing};
    /// let ring = HashRing::new(numbered_servers("s", 10), 100).unwrap();
    /// let ring = ring.ring().unwrap();
    /// let hashes: Vec<u64> = (0..1000u64).map(|i| i.wrapping_mul(0x9e37_79b9_7f4a_7c15)).collect();
    /// let mut owners = vec![None; hashes.len()];
    /// ring.owners(&hashes, &mut owners);
    /// for (hash, owner) in hashes.iter().zip(&owners) {
    ///     assert_eq!(*owner, ring.owner(*hash));
    /// }
    /// ```
    ///
    /// # Panics
    /// When `owners` is not as long as `hashes`.
    pub fn owners(&self, hashes: &[u64], owners: &mut [Option<usize>]) {
        assert_eq!(hashes.len(), owners.len(), "one owner per hash");
        let Some(first) = self.points.first() else {
            owners.fill(None);
            return;
        };
        for (hashes, owners) in hashes.chunks(LANES).zip(owners.chunks_mut(LANES)) {
            match &self.index {
                Index::Narrow(search) => {
                    let mut narrow = [0u32; LANES];
                    for (n, &h) in narrow.iter_mut().zip(hashes) {
                        *n = u32::try_from(h).unwrap_or(u32::MAX);
                    }
                    search.servers(&narrow[..hashes.len()], owners, &self.points);
                    // Above every position of a 32-bit circle: wrap to the first point.
                    for (owner, &h) in owners.iter_mut().zip(hashes) {
                        if h > u64::from(u32::MAX) {
                            *owner = Some(first.server);
                        }
                    }
                }
                Index::Wide(search) => search.servers(hashes, owners, &self.points),
            }
        }
    }
}

impl<K: Copy + Ord + Default> Search<K> {
    /// The owners of up to [`LANES`] hashes, searched in lockstep (`points` non-empty).
    #[inline]
    fn servers(&self, hashes: &[K], owners: &mut [Option<usize>], points: &[Point]) {
        debug_assert!(hashes.len() <= LANES && hashes.len() == owners.len());
        if self.slots.is_empty() {
            self.sorted_servers(hashes, owners, points);
        } else {
            self.eytzinger_servers(hashes, owners);
        }
    }

    /// Lower bounds in the sorted positions: every lane halves the same range size each
    /// step, so all of them take the same steps, with a conditional move in place of a
    /// branch.
    #[inline]
    fn sorted_servers(&self, hashes: &[K], owners: &mut [Option<usize>], points: &[Point]) {
        let keys = &self.keys[..];
        let mut base = [0usize; LANES];
        let mut size = keys.len();
        while size > 1 {
            let half = size / 2;
            for (b, &h) in base.iter_mut().zip(hashes) {
                let mid = *b + half;
                *b = if keys[mid] < h { mid } else { *b };
            }
            size -= half;
        }
        for ((owner, &b), &h) in owners.iter_mut().zip(&base).zip(hashes) {
            let mut index = b + usize::from(keys[b] < h);
            if index == keys.len() {
                index = 0;
            }
            *owner = Some(match self.servers.get(index) {
                Some(&server) => server as usize,
                None => points[index].server,
            });
        }
    }

    /// The Eytzinger descent of [`Search::find`], one level for every lane at a time: the
    /// levels every path has first, then the last, partial one where it exists. Without
    /// the single search's prefetch: sixteen searches already keep the memory busy, and a
    /// prefetch for each asks for more lines than the core can have in flight (the batch
    /// was 1.3 to 1.6 times slower with it from 160,000 points up; see BENCHMARKS.md).
    #[inline]
    fn eytzinger_servers(&self, hashes: &[K], owners: &mut [Option<usize>]) {
        let keys = &self.keys[..];
        let n = keys.len() - 1;
        // Levels 0 .. full - 1 are complete: slots 1 to 2^full - 1 all exist.
        let full = (n + 1).ilog2();
        let mut k = [1usize; LANES];
        for _ in 0..full {
            for (k, &h) in k.iter_mut().zip(hashes) {
                *k = 2 * *k + usize::from(keys[*k] < h);
            }
        }
        for (k, &h) in k.iter_mut().zip(hashes) {
            let step = 2 * *k + usize::from(keys[(*k).min(n)] < h);
            *k = if *k <= n { step } else { *k };
        }
        for (owner, &k) in owners.iter_mut().zip(&k) {
            let slot = self.slots[k >> (k.trailing_ones() + 1)];
            *owner = Some(slot.server as usize);
        }
    }
}

/// [`Partitioner::lookup_batch`] for a ring scheme whose owner is the first point clockwise
/// from the key's hash: the keys hashed [`CHUNK`] at a time, then searched together. A key
/// the scheme refuses (no hash) has no owner.
pub fn ring_lookup_batch<P: Partitioner + ?Sized>(
    p: &P,
    keys: &[&[u8]],
    owners: &mut Vec<Option<usize>>,
) {
    owners.clear();
    owners.resize(keys.len(), None);
    let Some(ring) = p.ring() else {
        return;
    };
    let mut hashes = [0u64; CHUNK];
    let mut refused = [false; CHUNK];
    for (keys, owners) in keys.chunks(CHUNK).zip(owners.chunks_mut(CHUNK)) {
        let mut any_refused = false;
        for ((hash, refused), key) in hashes.iter_mut().zip(&mut refused).zip(keys) {
            let h = p.key_hash(key);
            *refused = h.is_none();
            any_refused |= *refused;
            *hash = h.unwrap_or(0);
        }
        ring.owners(&hashes[..keys.len()], owners);
        if any_refused {
            for (owner, &refused) in owners.iter_mut().zip(&refused) {
                if refused {
                    *owner = None;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ring::{Ties, EYTZINGER_FROM};

    fn ring(positions: &[u64], bits: u32) -> Ring {
        let points = positions
            .iter()
            .enumerate()
            .map(|(i, &position)| Point {
                position,
                server: i % 7,
                vnode: i as u32,
            })
            .collect();
        Ring::new(points, bits, Ties::Keep)
    }

    fn check(ring: &Ring, hashes: &[u64]) {
        let mut owners = vec![Some(usize::MAX); hashes.len()];
        ring.owners(hashes, &mut owners);
        for (hash, owner) in hashes.iter().zip(&owners) {
            assert_eq!(*owner, ring.owner(*hash), "hash {hash}");
        }
    }

    /// Every size around the layouts' edges and the levels' edges, on both circles, with
    /// hashes at, just before and just after every point, below and above them all.
    #[test]
    fn batches_agree_with_single_lookups_at_every_edge() {
        for len in [
            1usize,
            2,
            3,
            7,
            8,
            15,
            16,
            17,
            100,
            EYTZINGER_FROM - 1,
            EYTZINGER_FROM,
            EYTZINGER_FROM + 1,
            (1 << 16) - 1,
            1 << 16,
        ] {
            for bits in [32u32, 64] {
                let step = if bits == 32 {
                    (1u64 << 32) / (len as u64 + 1)
                } else {
                    u64::MAX / (len as u64 + 1)
                };
                let positions: Vec<u64> = (1..=len as u64).map(|i| i * step).collect();
                let r = ring(&positions, bits);
                let mut hashes = vec![0, 1, u64::MAX, u64::from(u32::MAX), u64::from(u32::MAX) + 1];
                // Every point: each path of the tree ends at one of them.
                for &p in &positions {
                    hashes.extend([p - 1, p, p + 1]);
                }
                check(&r, &hashes);
            }
        }
    }

    #[test]
    fn repeated_positions_and_the_empty_ring() {
        let r = ring(&[5, 5, 5, 9, 9, 1 << 40], 64);
        check(&r, &[0, 4, 5, 6, 9, 10, 1 << 40, u64::MAX]);
        let empty = Ring::new(Vec::new(), 64, Ties::Keep);
        let mut owners = vec![Some(1); 3];
        empty.owners(&[1, 2, 3], &mut owners);
        assert_eq!(owners, [None, None, None]);
    }
}
