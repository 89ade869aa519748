//! SpookyHash V2 (Bob Jenkins, 2012), as folly ships it: katran hashes IPv6 addresses with
//! it and mcrouter's WeightedCh3 its keys. Messages under [`SHORT_LIMIT`] bytes take the
//! short path ([`short`]); longer ones are mixed 96 bytes at a time ([`hash128`]). Both are
//! checked against Jenkins' own table of 512 results (`tests/data/spooky_v2_jenkins.tsv`).

/// `Hash128` takes this path for messages shorter than this (`sc_bufSize`).
pub const SHORT_LIMIT: usize = 192;

/// `Hash32(message, seed)`: the low 32 bits of `Hash128` with both seeds `seed`.
///
/// ```
/// use ringlab_core::schemes::spooky::hash32;
/// assert_eq!(hash32(b"", 0), 0x6bf5_0919);
/// let long: Vec<u8> = (0..300u32).map(|i| (i + 128) as u8).collect();
/// assert_eq!(hash32(&long, 0), 0x37e2b1da); // Jenkins' table, length 300: the long path
/// ```
pub fn hash32(message: &[u8], seed: u32) -> u32 {
    hash128(message, u64::from(seed), u64::from(seed)).0 as u32
}

/// `Hash128(message, seed1, seed2)`: `(hash1, hash2)`, by the short path under
/// [`SHORT_LIMIT`] bytes and by whole 96-byte blocks above.
pub fn hash128(message: &[u8], seed1: u64, seed2: u64) -> (u64, u64) {
    if message.len() < SHORT_LIMIT {
        return short(message, seed1, seed2);
    }
    const SC: u64 = 0xdead_beef_dead_beef;
    let mut h = [
        seed1, seed2, SC, seed1, seed2, SC, seed1, seed2, SC, seed1, seed2, SC,
    ];
    let words = |block: &[u8]| -> [u64; 12] {
        let mut out = [0u64; 12];
        for (i, word) in out.iter_mut().enumerate() {
            let mut bytes = [0u8; 8];
            bytes.copy_from_slice(&block[8 * i..8 * i + 8]);
            *word = u64::from_le_bytes(bytes);
        }
        out
    };
    let mut blocks = message.chunks_exact(BLOCK);
    for block in blocks.by_ref() {
        mix(&words(block), &mut h);
    }
    // The last partial block, zero-padded, its length in its last byte.
    let rest = blocks.remainder();
    let mut last = [0u8; BLOCK];
    last[..rest.len()].copy_from_slice(rest);
    last[BLOCK - 1] = rest.len() as u8;
    end(&words(&last), &mut h);
    (h[0], h[1])
}

/// The long path's block: 12 words.
const BLOCK: usize = 96;

/// `Mix`: one 96-byte block into the 12 words of state.
fn mix(data: &[u64; 12], s: &mut [u64; 12]) {
    const ROTATIONS: [u32; 12] = [11, 32, 43, 31, 17, 28, 39, 57, 55, 54, 22, 46];
    for i in 0..12 {
        let (next, two, ten, eleven) = ((i + 1) % 12, (i + 2) % 12, (i + 10) % 12, (i + 11) % 12);
        s[i] = s[i].wrapping_add(data[i]);
        s[two] ^= s[ten];
        s[eleven] ^= s[i];
        s[i] = s[i].rotate_left(ROTATIONS[i]);
        s[eleven] = s[eleven].wrapping_add(s[next]);
    }
}

/// `End`: the last block added in, then three rounds of `EndPartial`.
fn end(data: &[u64; 12], h: &mut [u64; 12]) {
    const ROTATIONS: [u32; 12] = [44, 15, 34, 21, 38, 33, 10, 13, 38, 53, 42, 54];
    for (word, d) in h.iter_mut().zip(data) {
        *word = word.wrapping_add(*d);
    }
    for _ in 0..3 {
        for (i, rotation) in ROTATIONS.iter().enumerate() {
            let (next, two, eleven) = ((i + 1) % 12, (i + 2) % 12, (i + 11) % 12);
            h[eleven] = h[eleven].wrapping_add(h[next]);
            h[two] ^= h[eleven];
            h[next] = h[next].rotate_left(*rotation);
        }
    }
}

/// SpookyHash V2's `Short` (its `Hash128` for messages under [`SHORT_LIMIT`] bytes):
/// `(hash1, hash2)`.
pub fn short(message: &[u8], seed1: u64, seed2: u64) -> (u64, u64) {
    const SC: u64 = 0xdead_beef_dead_beef;
    let word = |at: usize| {
        let mut bytes = [0u8; 8];
        bytes.copy_from_slice(&message[at..at + 8]);
        u64::from_le_bytes(bytes)
    };
    let length = message.len();
    let (mut h0, mut h1, mut h2, mut h3) = (seed1, seed2, SC, SC);
    let mut at = 0;
    let mut remainder = length % 32;
    if length > 15 {
        while at + 32 <= length {
            h2 = h2.wrapping_add(word(at));
            h3 = h3.wrapping_add(word(at + 8));
            short_mix(&mut h0, &mut h1, &mut h2, &mut h3);
            h0 = h0.wrapping_add(word(at + 16));
            h1 = h1.wrapping_add(word(at + 24));
            at += 32;
        }
        if remainder >= 16 {
            h2 = h2.wrapping_add(word(at));
            h3 = h3.wrapping_add(word(at + 8));
            short_mix(&mut h0, &mut h1, &mut h2, &mut h3);
            at += 16;
            remainder -= 16;
        }
    }
    // The last 0 to 15 bytes and the length.
    h3 = h3.wrapping_add((length as u64) << 56);
    if remainder == 0 {
        h2 = h2.wrapping_add(SC);
        h3 = h3.wrapping_add(SC);
    } else {
        let tail = &message[at..];
        let byte = |i: usize| u64::from(tail[i]);
        if remainder >= 8 {
            h2 = h2.wrapping_add(word(at));
            for i in 8..remainder {
                h3 = h3.wrapping_add(byte(i) << (8 * (i - 8)));
            }
        } else {
            for i in 0..remainder {
                h2 = h2.wrapping_add(byte(i) << (8 * i));
            }
        }
    }
    short_end(&mut h0, &mut h1, &mut h2, &mut h3);
    (h0, h1)
}

fn short_mix(h0: &mut u64, h1: &mut u64, h2: &mut u64, h3: &mut u64) {
    let steps: [(u32, usize); 12] = [
        (50, 2),
        (52, 3),
        (30, 0),
        (41, 1),
        (54, 2),
        (48, 3),
        (38, 0),
        (37, 1),
        (62, 2),
        (34, 3),
        (5, 0),
        (36, 1),
    ];
    let mut h = [*h0, *h1, *h2, *h3];
    for (rotation, i) in steps {
        // h[i] = rot(h[i]); h[i] += h[i + 1]; h[i + 2] ^= h[i]
        h[i] = h[i].rotate_left(rotation);
        h[i] = h[i].wrapping_add(h[(i + 1) % 4]);
        h[(i + 2) % 4] ^= h[i];
    }
    (*h0, *h1, *h2, *h3) = (h[0], h[1], h[2], h[3]);
}

fn short_end(h0: &mut u64, h1: &mut u64, h2: &mut u64, h3: &mut u64) {
    let steps: [(u32, usize); 11] = [
        (15, 2),
        (52, 3),
        (26, 0),
        (51, 1),
        (28, 2),
        (9, 3),
        (47, 0),
        (54, 1),
        (32, 2),
        (25, 3),
        (63, 0),
    ];
    let mut h = [*h0, *h1, *h2, *h3];
    for (rotation, i) in steps {
        // h[i + 1] ^= h[i]; h[i] = rot(h[i]); h[i + 1] += h[i]
        let j = (i + 1) % 4;
        h[j] ^= h[i];
        h[i] = h[i].rotate_left(rotation);
        h[j] = h[j].wrapping_add(h[i]);
    }
    (*h0, *h1, *h2, *h3) = (h[0], h[1], h[2], h[3]);
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Jenkins' `TestResults`: `Hash32` of the first n bytes of (i + 128) mod 256, seed 0,
    /// for n = 0 to 511: the short path below 192 bytes, the long one from there.
    #[test]
    fn jenkins_results() {
        let table = include_str!("../../tests/data/spooky_v2_jenkins.tsv");
        let buf: Vec<u8> = (0..512u32).map(|i| (i + 128) as u8).collect();
        let mut checked = 0;
        for line in table.lines().filter(|l| !l.starts_with('#')) {
            let (n, expected) = line.split_once('\t').unwrap();
            let n: usize = n.parse().unwrap();
            let expected = u32::from_str_radix(expected.trim_start_matches("0x"), 16).unwrap();
            assert_eq!(hash32(&buf[..n], 0), expected, "length {n}");
            checked += 1;
        }
        assert_eq!(checked, 512);
    }
}
