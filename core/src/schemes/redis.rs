//! `redis`: Redis Cluster's hash slots (the Redis Cluster specification, redis.io), with
//! the slot layout of `redis-cli --cluster create`.
//!
//! A key's slot is CRC16 (XMODEM: poly 0x1021, init 0, no reflection, no final xor) of the
//! key, or of its hash tag, masked to 14 bits: 16384 slots ([`key_slot`]). Each master
//! owns whole slots; a new cluster gives each master one contiguous range, exactly as
//! `redis-cli --cluster create` does ([`slot_ranges`]).
//!
//! When masters come and go (`add`, `remove`, `rebuild`) ringlab rebalances the way an
//! operator would with `redis-cli --cluster reshard`/`rebalance`, moving whole slots and
//! as few as possible: every master's target is 16384 / N slots, the 16384 mod N larger
//! targets going to the masters that hold the most slots now (ties to the one listed
//! first); a master over its target gives up its highest-numbered slots (the end of its
//! ranges); the freed slots, with those of removed masters, are handed out in ascending
//! order to the masters under their target, in list order. Only the slots handed out
//! change owner, and [`RedisCluster::slots_moved`] counts them. (A list with no master in
//! common with the old one is laid out afresh, as by `create`.)
//!
//! Weights are ignored: `create` splits the slots evenly, and so does this rebalance.

use crc::{Crc, CRC_16_XMODEM};

use crate::{ConfigError, Partitioner, Server};

/// The number of hash slots.
pub const SLOT_COUNT: usize = 16384;

const XMODEM: Crc<u16> = Crc::<u16>::new(&CRC_16_XMODEM);

/// CRC16 as Redis computes it (XMODEM).
///
/// ```
/// assert_eq!(ringlab_core::schemes::redis::crc16(b"123456789"), 0x31C3);
/// ```
pub fn crc16(bytes: &[u8]) -> u16 {
    XMODEM.checksum(bytes)
}

/// The bytes Redis hashes for `key`: between the first `{` and the first `}` after it
/// when at least one byte lies between them, otherwise the whole key.
///
/// ```
/// use ringlab_core::schemes::redis::hash_tag;
/// assert_eq!(hash_tag(b"user:{42}:cart"), b"42");
/// assert_eq!(hash_tag(b"foo{}{bar}"), b"foo{}{bar}");
/// assert_eq!(hash_tag(b"foo{{bar}}zap"), b"{bar");
/// assert_eq!(hash_tag(b"foo{bar}{zap}"), b"bar");
/// ```
pub fn hash_tag(key: &[u8]) -> &[u8] {
    let Some(open) = key.iter().position(|&b| b == b'{') else {
        return key;
    };
    match key[open + 1..].iter().position(|&b| b == b'}') {
        Some(len) if len > 0 => &key[open + 1..open + 1 + len],
        _ => key,
    }
}

/// The hash slot of `key`: CRC16 of its hash tag (or of the whole key) & 16383, as
/// `CLUSTER KEYSLOT` answers.
///
/// ```
/// use ringlab_core::schemes::redis::key_slot;
/// assert_eq!(key_slot(b"foo{}{bar}"), 8363);
/// assert_eq!(key_slot(b"foo{{bar}}zap"), 4015);
/// assert_eq!(key_slot(b"foo{bar}{zap}"), 5061);
/// assert_eq!(key_slot(b"somekey"), 11058);
/// assert_eq!(key_slot(b"foo{hash_tag}"), 2515);
/// assert_eq!(key_slot(b"bar{hash_tag}"), 2515);
/// ```
pub fn key_slot(key: &[u8]) -> u16 {
    crc16(hash_tag(key)) & (SLOT_COUNT as u16 - 1)
}

/// The contiguous `(first, last)` slot ranges `redis-cli --cluster create` gives
/// `masters` masters, in order: per = 16384 / masters and a cursor, both in 32-bit float
/// as redis-cli computes them; last = round(cursor + per - 1) (half away from zero), the
/// last master ending at 16383.
///
/// redis-cli wants at least 3 masters; the same rule is applied to 1 and 2. No masters
/// give no ranges, and more than 16384 are counted as 16384 (one slot each). From 7542
/// masters on (far past the 1000 nodes Redis suggests) the float cursor drifts so far
/// that the ranges overlap; there the same rule is computed in f64, which never fails.
/// (f64 differs from redis-cli's float from 78 masters on, which is why it is not used
/// everywhere.)
///
/// ```
/// use ringlab_core::schemes::redis::slot_ranges;
/// assert_eq!(slot_ranges(3), vec![(0, 5460), (5461, 10922), (10923, 16383)]);
/// assert_eq!(slot_ranges(1), vec![(0, 16383)]);
/// assert!(slot_ranges(0).is_empty());
/// ```
pub fn slot_ranges(masters: usize) -> Vec<(u16, u16)> {
    let masters = masters.min(SLOT_COUNT);
    let per = SLOT_COUNT as f32 / masters as f32;
    let mut cursor = 0.0f32;
    let lasts = (0..masters).map(|_| {
        let last = (cursor + per - 1.0).round() as i64;
        cursor += per;
        last
    });
    match cli_layout(masters, lasts) {
        Some(ranges) => ranges,
        None => {
            let per = SLOT_COUNT as f64 / masters as f64;
            let mut cursor = 0.0f64;
            let lasts = (0..masters).map(|_| {
                let last = (cursor + per - 1.0).round() as i64;
                cursor += per;
                last
            });
            cli_layout(masters, lasts).unwrap_or_default()
        }
    }
}

/// redis-cli's clamping of the rounded ends: the last master ends at 16383, an end is
/// never before its start. `None` when the result is not a partition of the slots.
fn cli_layout(masters: usize, lasts: impl Iterator<Item = i64>) -> Option<Vec<(u16, u16)>> {
    let top = SLOT_COUNT as i64 - 1;
    let mut ranges = Vec::with_capacity(masters);
    let mut first: i64 = 0;
    for (i, last) in lasts.enumerate() {
        let mut last = last;
        if last > top || i == masters - 1 {
            last = top;
        }
        last = last.max(first);
        if first > top {
            return None;
        }
        ranges.push((first as u16, last as u16));
        first = last + 1;
    }
    Some(ranges)
}

/// A Redis Cluster: masters owning whole hash slots.
///
/// ```
/// use ringlab_core::{numbered_servers, Partitioner, Server, schemes::redis::*};
/// let mut cluster = RedisCluster::new(numbered_servers("m", 3)).unwrap();
/// assert_eq!(cluster.ranges(), vec![(0, 5460, 0), (5461, 10922, 1), (10923, 16383, 2)]);
/// assert_eq!(cluster.key_hash(b"somekey"), Some(11058));
/// assert_eq!(cluster.lookup(b"somekey"), Some(2));
/// let before = cluster.clone();
/// cluster.add(Server::new("m3")).unwrap();
/// assert_eq!(cluster.slot_counts(), vec![4096; 4]);
/// assert_eq!(cluster.slots_moved(&before), 4096);
/// ```
#[derive(Debug, Clone)]
pub struct RedisCluster {
    servers: Vec<Server>,
    /// The owner of each slot; empty when there are no masters.
    owners: Vec<usize>,
    /// Runs of slots with one owner, in slot order: (first, last, owner).
    runs: Vec<(u16, u16, usize)>,
}

impl RedisCluster {
    /// A cluster laid out as `redis-cli --cluster create` lays it out: master i owns
    /// range i of [`slot_ranges`]. At most 16384 masters; the list may be empty.
    pub fn new(servers: Vec<Server>) -> Result<Self, ConfigError> {
        check(&servers)?;
        let mut owners = Vec::with_capacity(SLOT_COUNT);
        for (master, (first, last)) in slot_ranges(servers.len()).into_iter().enumerate() {
            owners.extend(std::iter::repeat(master).take((last - first) as usize + 1));
        }
        Ok(RedisCluster::from_owners(servers, owners))
    }

    /// A cluster whose masters own the given `(first, last, master)` slot ranges, as
    /// `CLUSTER NODES` reports them. Every slot must be served exactly once.
    ///
    /// ```
    /// use ringlab_core::{numbered_servers, Partitioner, schemes::redis::RedisCluster};
    /// let ranges = [(0, 99, 1), (100, 16383, 0)];
    /// let cluster = RedisCluster::from_ranges(numbered_servers("m", 2), &ranges).unwrap();
    /// assert_eq!(cluster.slot_counts(), vec![16284, 100]);
    /// assert!(RedisCluster::from_ranges(numbered_servers("m", 2), &[(0, 99, 1)]).is_err());
    /// ```
    pub fn from_ranges(
        servers: Vec<Server>,
        ranges: &[(u16, u16, usize)],
    ) -> Result<Self, ConfigError> {
        check(&servers)?;
        let mut owners: Vec<Option<usize>> = vec![None; SLOT_COUNT];
        for &(first, last, master) in ranges {
            if first > last || last as usize >= SLOT_COUNT || master >= servers.len() {
                return Err(ConfigError::Invalid(format!(
                    "slot range {first}-{last} is not within 0-{} or names no master",
                    SLOT_COUNT - 1
                )));
            }
            for slot in first..=last {
                if let Some(other) = owners[slot as usize].replace(master) {
                    return Err(ConfigError::Invalid(format!(
                        "slot {slot} is served by both {} and {}",
                        servers[other].name, servers[master].name
                    )));
                }
            }
        }
        if let Some(slot) = owners.iter().position(Option::is_none) {
            let last = owners[slot..]
                .iter()
                .position(Option::is_some)
                .map_or(SLOT_COUNT - 1, |n| slot + n - 1);
            return Err(ConfigError::Invalid(format!(
                "slots {slot}-{last} are served by no master: the cluster is down for them"
            )));
        }
        let owners = owners.into_iter().map(|o| o.unwrap_or(0)).collect();
        Ok(RedisCluster::from_owners(servers, owners))
    }

    fn from_owners(servers: Vec<Server>, owners: Vec<usize>) -> Self {
        let runs = runs_of(&owners);
        RedisCluster {
            servers,
            owners,
            runs,
        }
    }

    /// The master owning `slot`, or `None` for an empty cluster or a slot past 16383.
    pub fn slot_owner(&self, slot: u16) -> Option<usize> {
        self.owners.get(slot as usize).copied()
    }

    /// The owner of every slot, in slot order (empty for an empty cluster).
    pub fn owners(&self) -> &[usize] {
        &self.owners
    }

    /// Contiguous `(first, last, master)` runs, in slot order, as `CLUSTER SLOTS` lists.
    pub fn ranges(&self) -> Vec<(u16, u16, usize)> {
        self.runs.clone()
    }

    /// How many slots each master owns.
    pub fn slot_counts(&self) -> Vec<usize> {
        let mut counts = vec![0usize; self.servers.len()];
        for &owner in &self.owners {
            counts[owner] += 1;
        }
        counts
    }

    /// How many slots have a different owner (by name) in `other`; a slot owned in one
    /// cluster and not in the other counts as moved.
    pub fn slots_moved(&self, other: &RedisCluster) -> usize {
        (0..SLOT_COUNT)
            .filter(|&slot| self.owner_name(slot) != other.owner_name(slot))
            .count()
    }

    /// Hands the slots `first..=last` to `master`, as `redis-cli --cluster reshard` (or
    /// `CLUSTER SETSLOT <slot> NODE <id>` once the keys are migrated) does: whole slots,
    /// nothing else changes. Returns how many slots changed owner. An empty cluster, a
    /// range outside 0-16383 or running backwards, or a master not in the list is an error
    /// and changes nothing.
    ///
    /// ```
    /// use ringlab_core::{numbered_servers, schemes::redis::RedisCluster};
    /// let mut cluster = RedisCluster::new(numbered_servers("m", 3)).unwrap();
    /// // somekey's slot, 11058, and its neighbours go from m2 to m0.
    /// assert_eq!(cluster.move_slots(11000, 11099, 0).unwrap(), 100);
    /// assert_eq!(cluster.slot_owner(11058), Some(0));
    /// assert_eq!(cluster.slot_counts(), vec![5561, 5462, 5361]);
    /// assert_eq!(cluster.move_slots(11000, 11099, 0).unwrap(), 0, "already there");
    /// assert!(cluster.move_slots(5, 4, 1).is_err());
    /// ```
    pub fn move_slots(
        &mut self,
        first: u16,
        last: u16,
        master: usize,
    ) -> Result<usize, ConfigError> {
        if first > last || last as usize >= self.owners.len() || master >= self.servers.len() {
            return Err(ConfigError::Invalid(format!(
                "slots {first}-{last} to master {master}: not a range within 0-{} and a master of {}",
                self.owners.len().saturating_sub(1),
                self.servers.len()
            )));
        }
        let mut moved = 0;
        for owner in &mut self.owners[first as usize..=last as usize] {
            if *owner != master {
                *owner = master;
                moved += 1;
            }
        }
        self.runs = runs_of(&self.owners);
        Ok(moved)
    }

    fn owner_name(&self, slot: usize) -> Option<&str> {
        self.owners
            .get(slot)
            .map(|&owner| self.servers[owner].name.as_str())
    }
}

fn check(servers: &[Server]) -> Result<(), ConfigError> {
    crate::validate_servers(servers)?;
    if servers.len() > SLOT_COUNT {
        return Err(ConfigError::OutOfRange {
            what: "the number of Redis Cluster masters",
            range: format!("at most {SLOT_COUNT}, one per slot"),
            value: servers.len().to_string(),
        });
    }
    Ok(())
}

fn runs_of(owners: &[usize]) -> Vec<(u16, u16, usize)> {
    let mut runs: Vec<(u16, u16, usize)> = Vec::new();
    for (slot, &owner) in owners.iter().enumerate() {
        match runs.last_mut() {
            Some(run) if run.2 == owner => run.1 = slot as u16,
            _ => runs.push((slot as u16, slot as u16, owner)),
        }
    }
    runs
}

/// The rebalance of the module documentation. `current[slot]` is the slot's owner as an
/// index into the new list, or `None` when its owner is gone.
fn rebalance(current: Vec<Option<usize>>, masters: usize) -> Vec<usize> {
    let mut current = current;
    let mut counts = vec![0usize; masters];
    for owner in current.iter().flatten() {
        counts[*owner] += 1;
    }
    // Targets: 16384 / N each, one more for the `extra` masters holding the most now.
    let (base, extra) = (SLOT_COUNT / masters, SLOT_COUNT % masters);
    let mut by_holding: Vec<usize> = (0..masters).collect();
    by_holding.sort_by(|&a, &b| counts[b].cmp(&counts[a]).then(a.cmp(&b)));
    let mut targets = vec![base; masters];
    for &master in &by_holding[..extra] {
        targets[master] += 1;
    }
    // Masters over target free their highest slots.
    let mut excess: Vec<usize> = (0..masters)
        .map(|m| counts[m].saturating_sub(targets[m]))
        .collect();
    for owner in current.iter_mut().rev() {
        if let Some(master) = *owner {
            if excess[master] > 0 {
                excess[master] -= 1;
                counts[master] -= 1;
                *owner = None;
            }
        }
    }
    // Free slots go, in ascending order, to the masters under target, in list order.
    let mut takers =
        (0..masters).flat_map(|m| std::iter::repeat(m).take(targets[m].saturating_sub(counts[m])));
    current
        .into_iter()
        .map(|owner| owner.or_else(|| takers.next()).unwrap_or(0))
        .collect()
}

impl Partitioner for RedisCluster {
    fn scheme(&self) -> &'static str {
        "redis"
    }
    fn servers(&self) -> &[Server] {
        &self.servers
    }
    /// The key's hash slot.
    fn key_hash(&self, key: &[u8]) -> Option<u64> {
        Some(key_slot(key) as u64)
    }
    fn lookup(&self, key: &[u8]) -> Option<usize> {
        self.slot_owner(key_slot(key))
    }
    /// The owner of the key's slot, then the other masters in the order their ranges
    /// follow that slot (walking the slots upwards, wrapping past 16383), each once.
    fn candidates<'a>(&'a self, key: &[u8]) -> Box<dyn Iterator<Item = usize> + 'a> {
        let slot = key_slot(key);
        let len = self.runs.len();
        let start = self.runs.partition_point(|run| run.1 < slot);
        let mut seen = vec![false; self.servers.len()];
        Box::new(
            (0..len)
                .map(move |step| self.runs[(start + step) % len].2)
                .filter(move |&master| !std::mem::replace(&mut seen[master], true)),
        )
    }
    /// Slots owned over 16384: exact, since every slot holds 1/16384 of all keys' slots.
    fn load_shares(&self) -> Vec<f64> {
        self.slot_counts()
            .into_iter()
            .map(|count| count as f64 / SLOT_COUNT as f64)
            .collect()
    }
    fn rebuild(&mut self, servers: Vec<Server>) -> Result<(), ConfigError> {
        check(&servers)?;
        let index: std::collections::BTreeMap<&str, usize> = servers
            .iter()
            .enumerate()
            .map(|(i, s)| (s.name.as_str(), i))
            .collect();
        let renumber: Vec<Option<usize>> = self
            .servers
            .iter()
            .map(|s| index.get(s.name.as_str()).copied())
            .collect();
        let current: Vec<Option<usize>> = self.owners.iter().map(|&old| renumber[old]).collect();
        if servers.is_empty() || current.iter().all(Option::is_none) {
            *self = RedisCluster::new(servers)?;
            return Ok(());
        }
        let owners = rebalance(current, servers.len());
        *self = RedisCluster::from_owners(servers, owners);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::numbered_servers;

    /// A range of one slot is a range; one that runs backwards is refused.
    #[test]
    fn ranges_of_one_slot_are_taken_and_backwards_ones_refused() {
        let masters = || numbered_servers("m", 2);
        let map = RedisCluster::from_ranges(masters(), &[(0, 0, 1), (1, 16_383, 0)]).unwrap();
        assert_eq!(map.slot_owner(0), Some(1));
        assert_eq!(map.slot_owner(1), Some(0));
        assert!(RedisCluster::from_ranges(masters(), &[(5, 3, 0), (0, 16_383, 1)]).is_err());
    }

    fn check_layout(ranges: &[(u16, u16)], masters: usize) {
        assert_eq!(ranges.len(), masters);
        let mut next = 0u32;
        for &(first, last) in ranges {
            assert_eq!(first as u32, next, "{masters} masters");
            assert!(last >= first);
            next = last as u32 + 1;
        }
        assert_eq!(next, SLOT_COUNT as u32);
    }

    #[test]
    fn create_layouts_are_contiguous_and_cover_every_slot() {
        let counts = (1..=300)
            .chain((301..=16384).step_by(97))
            .chain([16383, 16384]);
        for masters in counts {
            check_layout(&slot_ranges(masters), masters);
        }
        assert_eq!(slot_ranges(100_000).len(), SLOT_COUNT);
    }

    #[test]
    fn empty_keys_and_tags() {
        assert_eq!(key_slot(b""), 0);
        assert_eq!(hash_tag(b"{"), b"{");
        assert_eq!(hash_tag(b"}{"), b"}{");
        assert_eq!(hash_tag(b"{}"), b"{}");
        assert_eq!(hash_tag(b"{a}"), b"a");
    }

    #[test]
    fn empty_cluster_owns_nothing_and_too_many_masters_are_refused() {
        let cluster = RedisCluster::new(Vec::new()).unwrap();
        assert_eq!(cluster.lookup(b"k"), None);
        assert_eq!(cluster.candidates(b"k").count(), 0);
        assert!(cluster.load_shares().is_empty());
        assert!(cluster.ranges().is_empty());
        assert!(RedisCluster::new(numbered_servers("m", SLOT_COUNT + 1)).is_err());
        let full = RedisCluster::new(numbered_servers("m", SLOT_COUNT)).unwrap();
        assert!(full.slot_counts().iter().all(|&c| c == 1));
    }

    #[test]
    fn adding_a_master_moves_only_slots_to_it() {
        let mut cluster = RedisCluster::new(numbered_servers("m", 3)).unwrap();
        let before = cluster.clone();
        cluster.add(Server::new("m3")).unwrap();
        for slot in 0..SLOT_COUNT {
            let now = cluster.owners()[slot];
            if now != 3 {
                assert_eq!(now, before.owners()[slot]);
            }
        }
        // The newcomer took the end of each range.
        assert_eq!(
            cluster.ranges(),
            vec![
                (0, 4095, 0),
                (4096, 5460, 3),
                (5461, 9556, 1),
                (9557, 10922, 3),
                (10923, 15018, 2),
                (15019, 16383, 3),
            ]
        );
        let moved = cluster.slots_moved(&before);
        assert_eq!(moved, 4096);
        assert_eq!(before.slots_moved(&cluster), moved);
    }

    #[test]
    fn removing_a_master_hands_its_slots_to_the_others() {
        let mut cluster = RedisCluster::new(numbered_servers("m", 4)).unwrap();
        let before = cluster.clone();
        cluster.remove("m1").unwrap();
        let counts = cluster.slot_counts();
        assert_eq!(counts.iter().sum::<usize>(), SLOT_COUNT);
        assert!(counts.iter().all(|&c| c == 5461 || c == 5462), "{counts:?}");
        assert_eq!(cluster.slots_moved(&before), 4096);
        // Removing everyone, then adding back, lays the cluster out afresh.
        for name in ["m0", "m2", "m3"] {
            cluster.remove(name).unwrap();
        }
        assert_eq!(cluster.lookup(b"k"), None);
        cluster.add(Server::new("x")).unwrap();
        assert_eq!(cluster.ranges(), vec![(0, 16383, 0)]);
    }

    #[test]
    fn reordering_the_list_moves_nothing() {
        let cluster = RedisCluster::new(numbered_servers("m", 5)).unwrap();
        let mut reordered = cluster.clone();
        let mut servers = cluster.servers().to_vec();
        servers.reverse();
        reordered.rebuild(servers).unwrap();
        assert_eq!(reordered.slots_moved(&cluster), 0);
    }

    #[test]
    fn moving_slots_changes_only_those_slots_and_keeps_runs_in_step() {
        let create = RedisCluster::new(numbered_servers("m", 3)).unwrap();
        let mut cluster = create.clone();
        // Across a boundary: 5400-5500 was m0's to 5460, m1's from 5461.
        assert_eq!(cluster.move_slots(5400, 5500, 2).unwrap(), 101);
        assert_eq!(cluster.slots_moved(&create), 101);
        assert_eq!(
            cluster.ranges(),
            vec![
                (0, 5399, 0),
                (5400, 5500, 2),
                (5501, 10922, 1),
                (10923, 16383, 2)
            ]
        );
        // Back again: the create layout, run for run.
        cluster.move_slots(5400, 5460, 0).unwrap();
        cluster.move_slots(5461, 5500, 1).unwrap();
        assert_eq!(cluster.ranges(), create.ranges());
        assert_eq!(cluster.slots_moved(&create), 0);
        let mut whole = create.clone();
        assert_eq!(whole.move_slots(0, 16383, 1).unwrap(), 16384 - 5462);
        assert_eq!(whole.slot_counts(), vec![0, 16384, 0]);
        assert!(cluster.move_slots(0, 16384, 0).is_err());
        assert!(cluster.move_slots(0, 1, 3).is_err());
        assert!(RedisCluster::new(Vec::new())
            .unwrap()
            .move_slots(0, 0, 0)
            .is_err());
        assert_eq!(cluster.ranges(), create.ranges(), "errors change nothing");
    }

    #[test]
    fn candidates_start_with_the_owner_and_name_each_master_once() {
        let cluster = RedisCluster::new(numbered_servers("m", 3)).unwrap();
        // somekey is slot 11058, owned by m2; then the walk wraps to m0 and m1.
        let order: Vec<usize> = cluster.candidates(b"somekey").collect();
        assert_eq!(order, vec![2, 0, 1]);
        let order: Vec<usize> = cluster.candidates(b"foo{hash_tag}").collect();
        assert_eq!(order, vec![0, 1, 2]);
        assert_eq!(cluster.load_shares().iter().sum::<f64>(), 1.0);
    }
}
