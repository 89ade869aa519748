//! What a ring costs to hold and to keep in agreement.
//!
//! # The model
//!
//! Every member keeps the whole ring: `N * V` entries, each a 64-bit position and a
//! 64-bit server reference, [`ENTRY_BYTES`] = 16 bytes (the sorted array ringlab itself
//! builds; hash maps and per-entry headers of other implementations only add to it).
//!
//! A membership change (one join or leave) is told to everyone by gossip. The lean model
//! is Cassandra's: the member that changed broadcasts its own `V` tokens, 16 bytes each,
//! once to each of the `N - 1` others ([`gossip_per_change`]). The naive model pushes the
//! whole ring to each peer ([`gossip_full_state`]). Message headers, retransmissions and
//! the gossip fan-out's redundancy are left out: these are lower bounds per change.

/// Bytes per ring entry: a 64-bit position and a 64-bit server reference.
pub const ENTRY_BYTES: u64 = 16;

/// The memory the ring takes on each member: `N * V * 16` bytes (saturating).
///
/// ```
/// use ringlab_core::analysis::memory::ring_bytes;
/// assert_eq!(ring_bytes(1000, 256), 4_096_000); // 4 MB on every member
/// ```
pub fn ring_bytes(servers: u64, points: u64) -> u64 {
    servers.saturating_mul(points).saturating_mul(ENTRY_BYTES)
}

/// The traffic of telling every peer about one membership change.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GossipCost {
    /// Ring entries in each message.
    pub entries: u64,
    /// Bytes of each message.
    pub message_bytes: u64,
    /// Peers told: `N - 1`.
    pub peers: u64,
    /// `message_bytes * peers` (saturating).
    pub total_bytes: u64,
}

fn gossip(entries: u64, servers: u64) -> GossipCost {
    let message_bytes = entries.saturating_mul(ENTRY_BYTES);
    let peers = servers.saturating_sub(1);
    GossipCost {
        entries,
        message_bytes,
        peers,
        total_bytes: message_bytes.saturating_mul(peers),
    }
}

/// One change, gossiping only the changed member's `V` tokens to the `N - 1` others.
///
/// ```
/// use ringlab_core::analysis::memory::gossip_per_change;
/// let g = gossip_per_change(100, 256);
/// assert_eq!((g.message_bytes, g.peers, g.total_bytes), (4096, 99, 405_504));
/// ```
pub fn gossip_per_change(servers: u64, points: u64) -> GossipCost {
    gossip(points, servers)
}

/// One change, pushing the whole ring (`N * V` entries) to each of the `N - 1` others.
pub fn gossip_full_state(servers: u64, points: u64) -> GossipCost {
    gossip(servers.saturating_mul(points), servers)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes() {
        assert_eq!(ring_bytes(0, 10), 0);
        assert_eq!(ring_bytes(u64::MAX, 2), u64::MAX);
        let full = gossip_full_state(10, 100);
        assert_eq!(full.entries, 1000);
        assert_eq!(full.total_bytes, 16_000 * 9);
        assert_eq!(full.message_bytes, ring_bytes(10, 100));
        let lone = gossip_per_change(1, 100);
        assert_eq!((lone.peers, lone.total_bytes), (0, 0));
    }
}
