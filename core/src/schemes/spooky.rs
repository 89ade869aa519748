//! SpookyHash V2 (Bob Jenkins, 2012) for short messages, as folly ships it: katran hashes
//! IPv6 addresses with it and mcrouter's WeightedCh3 its keys.

/// `Hash128` takes this path for messages shorter than this (`sc_bufSize`).
pub const SHORT_LIMIT: usize = 192;

/// `Hash32(message, seed)`: the low 32 bits of `Hash128` with both seeds `seed`, for a
/// message under [`SHORT_LIMIT`] bytes; `None` for a longer one.
pub fn hash32(message: &[u8], seed: u32) -> Option<u32> {
    (message.len() < SHORT_LIMIT).then(|| short(message, u64::from(seed), u64::from(seed)).0 as u32)
}

/// SpookyHash V2's `Short` (its `Hash128` for messages under [`SHORT_LIMIT`] bytes):
/// `(hash1, hash2)`. Longer messages take another path, not written here.
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
