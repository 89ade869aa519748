//! The schemes that remove a bucket, after removals: MementoHash against a plain
//! implementation of the paper's pseudocode kept here (Coluzzi et al., "MementoHash: a
//! stateful, minimal memory, best performing consistent hash algorithm", 2023), and jump
//! (which renumbers) against jump over the names left. Both also against literal tables of
//! owners, so that a change made to a scheme and its reference alike still fails.
//!
//! The references share no code with `ringlab_core`: jump hash is written out again from
//! Lamping and Veach's C code, and only the XXH64 and XXH3 primitives are borrowed.

#[cfg(target_arch = "wasm32")]
use wasm_bindgen_test::wasm_bindgen_test as test;

use std::collections::HashMap;

use ringlab_core::schemes::memento::Memento;
use ringlab_core::{build, numbered_servers, Options, Partitioner, SchemeKind, Server};
use xxhash_rust::xxh3::xxh3_64;
use xxhash_rust::xxh64::xxh64;

/// Jump consistent hash, from the paper's C code.
fn jump(mut key: u64, buckets: u32) -> u32 {
    let (mut b, mut j): (i64, i64) = (-1, 0);
    while j < i64::from(buckets) {
        b = j;
        key = key.wrapping_mul(2862933555777941757).wrapping_add(1);
        j = ((b + 1) as f64 * ((1u64 << 31) as f64 / ((key >> 33) + 1) as f64)) as i64;
    }
    b as u32
}

/// The paper's state: the b-array's size n, the replacement table R (a removed bucket to
/// its replacer and the bucket removed before it) and the last removed bucket l.
struct Reference {
    n: u32,
    table: HashMap<u32, (u32, u32)>,
    last: u32,
}

impl Reference {
    fn new(n: u32) -> Reference {
        Reference {
            n,
            table: HashMap::new(),
            last: n,
        }
    }

    /// The working buckets: n less the removed ones.
    fn working(&self) -> u32 {
        self.n - self.table.len() as u32
    }

    /// Remove(b): the last bucket with nothing else removed shrinks the b-array; any
    /// other bucket is remembered with replacer w - 1 (w working before it left).
    fn remove(&mut self, b: u32) {
        if self.table.is_empty() && b == self.n - 1 {
            self.n -= 1;
            self.last = self.n;
            return;
        }
        let w = self.working();
        self.table.insert(b, (w - 1, self.last));
        self.last = b;
    }

    /// Add(): the last removed bucket comes back (l becomes the one removed before it),
    /// or bucket n is appended.
    fn add(&mut self) -> u32 {
        let b = self.last;
        match self.table.remove(&b) {
            Some((_, previous)) => self.last = previous,
            None => self.last = b + 1,
        }
        self.n = self.n.max(b + 1);
        b
    }

    /// Lookup(k): b = jump(h(k), n); while b is removed with replacer r: b = h(k, b) mod r,
    /// then follow replacers while they are at least r; r becomes the replacer of the
    /// bucket reached (none: it works).
    fn lookup(&self, key: &[u8]) -> u32 {
        let replacer = |b: u32| self.table.get(&b).map(|&(r, _)| r);
        let mut b = jump(xxh64(key, 0), self.n);
        let mut r = replacer(b);
        while let Some(range) = r {
            b = (xxh64(key, u64::from(b)) % u64::from(range)) as u32;
            let mut u = replacer(b);
            while let Some(next) = u.filter(|&next| next >= range) {
                b = next;
                u = replacer(b);
            }
            r = u;
        }
        b
    }
}

/// A change of the buckets: a removal, or an add that brings back the bucket given.
#[derive(Clone, Copy)]
enum Step {
    Remove(u32),
    Add(u32),
}

/// The steps after 10 buckets: remove 3, 7 and 0, add one back (0), remove 5, remove the
/// last bucket 9 (not jump's shrink: others are removed), add one back (9).
const STEPS: [Step; 7] = [
    Step::Remove(3),
    Step::Remove(7),
    Step::Remove(0),
    Step::Add(0),
    Step::Remove(5),
    Step::Remove(9),
    Step::Add(9),
];

fn key(i: usize) -> String {
    format!("user:{i}")
}

/// Forty keys' buckets under MementoHash: at 10 buckets, then after each of [`STEPS`].
/// Written down from [`Reference`] when this test was made; not computed here.
const MEMENTO_OWNERS: [(&str, [u32; 8]); 40] = [
    ("user:0", [8, 8, 8, 8, 8, 8, 8, 8]),
    ("user:1", [2, 2, 2, 2, 2, 2, 2, 2]),
    ("user:2", [0, 0, 0, 9, 0, 0, 0, 0]),
    ("user:3", [1, 1, 1, 1, 1, 1, 1, 1]),
    ("user:4", [4, 4, 4, 4, 4, 4, 4, 4]),
    ("user:5", [5, 5, 5, 5, 5, 1, 1, 1]),
    ("user:6", [4, 4, 4, 4, 4, 4, 4, 4]),
    ("user:7", [7, 7, 8, 8, 8, 8, 8, 8]),
    ("user:8", [2, 2, 2, 2, 2, 2, 2, 2]),
    ("user:9", [2, 2, 2, 2, 2, 2, 2, 2]),
    ("user:10", [3, 1, 1, 1, 1, 1, 1, 1]),
    ("user:11", [2, 2, 2, 2, 2, 2, 2, 2]),
    ("user:12", [0, 0, 0, 6, 0, 0, 0, 0]),
    ("user:13", [4, 4, 4, 4, 4, 4, 4, 4]),
    ("user:14", [8, 8, 8, 8, 8, 8, 8, 8]),
    ("user:15", [3, 7, 6, 6, 6, 6, 6, 6]),
    ("user:16", [1, 1, 1, 1, 1, 1, 1, 1]),
    ("user:17", [7, 7, 2, 2, 2, 2, 2, 2]),
    ("user:18", [9, 9, 9, 9, 9, 9, 4, 9]),
    ("user:19", [4, 4, 4, 4, 4, 4, 4, 4]),
    ("user:20", [1, 1, 1, 1, 1, 1, 1, 1]),
    ("user:21", [0, 0, 0, 5, 0, 0, 0, 0]),
    ("user:22", [4, 4, 4, 4, 4, 4, 4, 4]),
    ("user:23", [5, 5, 5, 5, 5, 8, 8, 8]),
    ("user:24", [4, 4, 4, 4, 4, 4, 4, 4]),
    ("user:25", [8, 8, 8, 8, 8, 8, 8, 8]),
    ("user:26", [8, 8, 8, 8, 8, 8, 8, 8]),
    ("user:27", [1, 1, 1, 1, 1, 1, 1, 1]),
    ("user:28", [0, 0, 0, 2, 0, 0, 0, 0]),
    ("user:29", [5, 5, 5, 5, 5, 0, 0, 0]),
    ("user:30", [7, 7, 4, 4, 4, 4, 4, 4]),
    ("user:31", [4, 4, 4, 4, 4, 4, 4, 4]),
    ("user:32", [5, 5, 5, 5, 5, 2, 2, 2]),
    ("user:33", [8, 8, 8, 8, 8, 8, 8, 8]),
    ("user:34", [9, 9, 9, 9, 9, 9, 8, 9]),
    ("user:35", [7, 7, 6, 6, 6, 6, 6, 6]),
    ("user:36", [2, 2, 2, 2, 2, 2, 2, 2]),
    ("user:37", [6, 6, 6, 6, 6, 6, 6, 6]),
    ("user:38", [6, 6, 6, 6, 6, 6, 6, 6]),
    ("user:39", [6, 6, 6, 6, 6, 6, 6, 6]),
];

/// The crate's MementoHash and the reference go through [`STEPS`] side by side: at every
/// step each of forty keys has the bucket the pinned table gives, in both.
#[test]
fn memento_after_removals_is_the_papers_and_the_pinned_table() {
    let mut memento = Memento::new(10);
    let mut reference = Reference::new(10);
    for at in 0..=STEPS.len() {
        if at > 0 {
            match STEPS[at - 1] {
                Step::Remove(b) => {
                    memento.remove(b).unwrap();
                    reference.remove(b);
                }
                Step::Add(b) => {
                    assert_eq!(memento.add(), b);
                    assert_eq!(reference.add(), b);
                }
            }
        }
        for (key, buckets) in MEMENTO_OWNERS {
            let pinned = buckets[at];
            assert_eq!(
                reference.lookup(key.as_bytes()),
                pinned,
                "reference: {key} at step {at}"
            );
            assert_eq!(
                memento.bucket(key.as_bytes()),
                Some(pinned),
                "memento: {key} at step {at}"
            );
        }
    }
}

/// A longer run against the reference alone: jump's own shrink (the last bucket with
/// nothing removed), removals anywhere, the last bucket while others are removed, adds in
/// between; two hundred keys at every step.
#[test]
fn memento_follows_the_reference_through_shrinks_removals_and_adds() {
    let mut memento = Memento::new(20);
    let mut reference = Reference::new(20);
    let steps = [
        Step::Remove(19),
        Step::Remove(4),
        Step::Remove(11),
        Step::Remove(18),
        Step::Add(18),
        Step::Remove(2),
        Step::Remove(17),
        Step::Remove(0),
        Step::Add(0),
        Step::Add(17),
        Step::Remove(9),
    ];
    for step in steps {
        match step {
            Step::Remove(b) => {
                memento.remove(b).unwrap();
                reference.remove(b);
            }
            Step::Add(b) => {
                assert_eq!(memento.add(), b);
                assert_eq!(reference.add(), b);
            }
        }
        assert_eq!(memento.working(), reference.working());
        for i in 0..200 {
            let key = key(i);
            let bucket = reference.lookup(key.as_bytes());
            assert_eq!(memento.bucket(key.as_bytes()), Some(bucket), "{key}");
        }
    }
}

/// Forty keys' owners under `jump` over s0 to s9, then after s3, s7 and s0 leave and s10
/// joins at the end. Written down from [`jump`] over the names left when this test was made.
const JUMP_OWNERS: [(&str, [&str; 5]); 40] = [
    ("user:0", ["s9", "s2", "s2", "s4", "s4"]),
    ("user:1", ["s1", "s1", "s1", "s2", "s2"]),
    ("user:2", ["s9", "s5", "s5", "s6", "s6"]),
    ("user:3", ["s7", "s8", "s9", "s4", "s10"]),
    ("user:4", ["s8", "s9", "s1", "s2", "s2"]),
    ("user:5", ["s3", "s4", "s4", "s5", "s5"]),
    ("user:6", ["s6", "s7", "s8", "s9", "s9"]),
    ("user:7", ["s2", "s2", "s2", "s4", "s4"]),
    ("user:8", ["s2", "s2", "s2", "s4", "s4"]),
    ("user:9", ["s8", "s9", "s5", "s6", "s6"]),
    ("user:10", ["s5", "s6", "s6", "s8", "s8"]),
    ("user:11", ["s0", "s0", "s0", "s1", "s1"]),
    ("user:12", ["s7", "s8", "s9", "s2", "s10"]),
    ("user:13", ["s3", "s4", "s4", "s5", "s5"]),
    ("user:14", ["s5", "s6", "s6", "s8", "s8"]),
    ("user:15", ["s5", "s6", "s6", "s8", "s8"]),
    ("user:16", ["s1", "s1", "s1", "s2", "s2"]),
    ("user:17", ["s6", "s7", "s8", "s9", "s9"]),
    ("user:18", ["s0", "s0", "s0", "s1", "s1"]),
    ("user:19", ["s8", "s9", "s6", "s8", "s8"]),
    ("user:20", ["s8", "s9", "s8", "s9", "s9"]),
    ("user:21", ["s8", "s9", "s4", "s5", "s5"]),
    ("user:22", ["s8", "s9", "s2", "s4", "s4"]),
    ("user:23", ["s6", "s7", "s8", "s9", "s9"]),
    ("user:24", ["s3", "s4", "s4", "s5", "s5"]),
    ("user:25", ["s4", "s5", "s5", "s6", "s6"]),
    ("user:26", ["s5", "s6", "s6", "s8", "s8"]),
    ("user:27", ["s3", "s4", "s4", "s5", "s5"]),
    ("user:28", ["s2", "s2", "s2", "s4", "s4"]),
    ("user:29", ["s5", "s6", "s6", "s8", "s8"]),
    ("user:30", ["s6", "s7", "s8", "s9", "s9"]),
    ("user:31", ["s4", "s5", "s5", "s6", "s6"]),
    ("user:32", ["s6", "s7", "s8", "s9", "s9"]),
    ("user:33", ["s3", "s4", "s4", "s5", "s5"]),
    ("user:34", ["s6", "s7", "s8", "s9", "s9"]),
    ("user:35", ["s5", "s6", "s6", "s8", "s8"]),
    ("user:36", ["s5", "s6", "s6", "s8", "s8"]),
    ("user:37", ["s8", "s9", "s2", "s4", "s4"]),
    ("user:38", ["s4", "s5", "s5", "s6", "s6"]),
    ("user:39", ["s9", "s1", "s1", "s2", "s2"]),
];

/// Jump removes a server by renumbering those after it: the owner is jump(XXH3-64(key), n)
/// over the names left, in order. The crate's `jump` and the plain one both give the table.
#[test]
fn jump_after_removals_is_the_renumbered_lists_and_the_pinned_table() {
    let mut names: Vec<String> = (0..10).map(|i| format!("s{i}")).collect();
    let mut crate_jump: Box<dyn Partitioner> = build(
        SchemeKind::Jump,
        numbered_servers("s", 10),
        &Options::default(),
    )
    .unwrap();
    let changes = ["s3", "s7", "s0", "s10"];
    for at in 0..=changes.len() {
        if at == changes.len() {
            names.push("s10".into());
            crate_jump.add(Server::new("s10")).unwrap();
        } else if at > 0 {
            names.retain(|n| n != changes[at - 1]);
            crate_jump.remove(changes[at - 1]).unwrap();
        }
        for (key, owners) in JUMP_OWNERS {
            let plain = &names[jump(xxh3_64(key.as_bytes()), names.len() as u32) as usize];
            assert_eq!(plain, owners[at], "reference: {key} at step {at}");
            let owner = crate_jump.lookup(key.as_bytes()).unwrap();
            assert_eq!(
                crate_jump.servers()[owner].name,
                owners[at],
                "jump: {key} at step {at}"
            );
        }
    }
}
