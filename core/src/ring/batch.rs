//! Many lookups at once. One lookup on a large ring is a short chain of cache misses (its
//! table entry, then maybe its bucket's points, then the server), each waiting for the one
//! before. Many keys' lookups have no such chain between them, so [`Ring::owners`] reads
//! the table entries of [`LANES`] keys before it goes on with any: their misses overlap.
//! The keys are hashed ahead, [`CHUNK`] at a time, with no call per key. The answer for
//! each key is exactly [`Ring::owner`]'s.

use super::search::{Position, Search};
use super::{Index, Point, Ring};
use crate::Partitioner;

/// Keys whose table entries are read together: enough misses in flight to cover the
/// memory's latency.
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

impl Ring {
    /// [`Ring::owners`] for hashes that may be missing (keys their scheme refuses, such as
    /// nginx's empty key): a missing hash has no owner.
    pub fn owners_where_hashed(&self, hashes: &[Option<u64>], owners: &mut [Option<usize>]) {
        assert_eq!(hashes.len(), owners.len(), "one owner per hash");
        let mut present = [0u64; LANES];
        for (hashes, owners) in hashes.chunks(LANES).zip(owners.chunks_mut(LANES)) {
            for (p, h) in present.iter_mut().zip(hashes) {
                *p = h.unwrap_or(0);
            }
            self.owners(&present[..hashes.len()], owners);
            for (owner, h) in owners.iter_mut().zip(hashes) {
                if h.is_none() {
                    *owner = None;
                }
            }
        }
    }
}

impl<K: Position> Search<K> {
    /// The owners of up to [`LANES`] hashes (`points` non-empty).
    #[inline]
    fn servers(&self, hashes: &[K], owners: &mut [Option<usize>], points: &[Point]) {
        debug_assert!(hashes.len() <= LANES && hashes.len() == owners.len());
        if self.tabled() && hashes.len() == LANES {
            if let (Ok(h), Ok(o)) = (
                <&[K; LANES]>::try_from(hashes),
                <&mut [Option<usize>; LANES]>::try_from(&mut *owners),
            ) {
                self.lanes(h, o, points);
                return;
            }
        }
        // The last few keys of a batch, or a ring without a table: one at a time.
        for (owner, &h) in owners.iter_mut().zip(hashes) {
            *owner = Some(self.find(h, points).server);
        }
    }

    /// A whole set of lanes: every lane's table entry is read before any lane goes on, so
    /// the table's cache misses overlap; then each lane finds its point and server.
    #[inline]
    fn lanes(&self, hashes: &[K; LANES], owners: &mut [Option<usize>; LANES], points: &[Point]) {
        let mut entries = [0u32; LANES];
        for i in 0..LANES {
            entries[i] = self.entry(hashes[i]);
        }
        for i in 0..LANES {
            owners[i] = Some(self.server(self.locate(entries[i], hashes[i]), points));
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
    for (keys, owners) in keys.chunks(CHUNK).zip(owners.chunks_mut(CHUNK)) {
        let mut refused = false;
        for (hash, key) in hashes.iter_mut().zip(keys) {
            match p.key_hash(key) {
                Some(h) => *hash = h,
                None => refused = true,
            }
        }
        ring.owners(&hashes[..keys.len()], owners);
        // Rare (nginx's empty key): find the refused keys again rather than keep a mark
        // for every key.
        if refused {
            for (owner, key) in owners.iter_mut().zip(keys) {
                if p.key_hash(key).is_none() {
                    *owner = None;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ring::Ties;

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

    /// Every size around the table's edges (powers of two), on both circles, with
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
            (1 << 15) - 1,
            1 << 15,
            (1 << 15) + 1,
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
