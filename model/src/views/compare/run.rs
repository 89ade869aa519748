//! The comparison computed: each scheme before and after the change, the keys placed a
//! slice at a time ([`Comparison::step`]) or any range of them ([`Comparison::place`]),
//! and what they show: the counts ([`Tally`]), which add up whoever placed which keys.

use std::ops::Range;

use ringlab_core::analysis::stats::{cv, max_over_mean};
use ringlab_core::{Partitioner, Server};

use super::params::{Change, CompareParams};
use super::schemes::Compared;

/// The counted keys' names: `key-0`, `key-1`, ...
pub fn key_name(i: u64) -> String {
    format!("key-{i}")
}

/// One scheme, built before and after the change.
struct Column {
    scheme: Compared,
    before: Box<dyn Partitioner>,
    /// `None` when a server fails: the list stays and lookups skip it.
    after: Option<Box<dyn Partitioner>>,
    /// False until the scheme after the change is built (a step of its own).
    after_built: bool,
}

/// The counts of some of the keys, for every scheme of a comparison (in its order): how
/// many moved and how many each server held before the change. Integers, so tallies of
/// disjoint ranges add up to exactly the tally of their union, in any order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tally {
    /// Keys counted.
    pub keys: u64,
    moved: Vec<u64>,
    /// Per scheme, keys per server before the change.
    loads: Vec<Vec<u64>>,
}

impl Tally {
    /// Nothing counted yet, for `params`.
    pub fn new(params: &CompareParams) -> Tally {
        let schemes = params.schemes.len();
        Tally {
            keys: 0,
            moved: vec![0; schemes],
            loads: vec![vec![0; params.servers as usize]; schemes],
        }
    }

    /// As plain numbers (exact: every count is below 2^53): the keys, then per scheme the
    /// moved count and the loads.
    pub fn to_values(&self) -> Vec<f64> {
        let mut out = vec![self.keys as f64];
        for (moved, loads) in self.moved.iter().zip(&self.loads) {
            out.push(*moved as f64);
            out.extend(loads.iter().map(|&l| l as f64));
        }
        out
    }

    /// Adds a tally written by [`Tally::to_values`] for the same parameters. False, and
    /// nothing added, when `values` is not one (its length, or a count that is not a
    /// whole number).
    pub fn add_values(&mut self, values: &[f64]) -> bool {
        let width = 1 + self.loads.first().map_or(0, Vec::len);
        let whole = |v: &f64| v.fract() == 0.0 && (0.0..9.0e15).contains(v);
        if values.len() != 1 + width * self.moved.len() || !values.iter().all(whole) {
            return false;
        }
        self.keys += values[0] as u64;
        for (i, scheme) in values[1..].chunks_exact(width).enumerate() {
            self.moved[i] += scheme[0] as u64;
            for (load, v) in self.loads[i].iter_mut().zip(&scheme[1..]) {
                *load += *v as u64;
            }
        }
        true
    }

    /// What each scheme showed over the keys counted; nothing before the first key.
    pub fn outcomes(&self, params: &CompareParams) -> Vec<Outcome> {
        if self.keys == 0 {
            return Vec::new();
        }
        params
            .schemes
            .iter()
            .zip(self.moved.iter().zip(&self.loads))
            .map(|(&scheme, (&moved, loads))| {
                let loads: Vec<f64> = loads.iter().map(|&l| l as f64).collect();
                Outcome {
                    scheme,
                    moved,
                    max_over_mean: max_over_mean(&loads),
                    spread: cv(&loads),
                    memory: scheme.memory(params.servers, params.vnodes),
                }
            })
            .collect()
    }
}

/// What one scheme showed.
#[derive(Debug, Clone, PartialEq)]
pub struct Outcome {
    pub scheme: Compared,
    pub moved: u64,
    /// Keys per server before the change: the busiest over the mean, and the spread
    /// (standard deviation over mean).
    pub max_over_mean: f64,
    pub spread: f64,
    pub memory: u64,
}

/// The comparison under way. The schemes are built one at a time ([`Comparison::step`]
/// builds one per call until all are), so no single step takes long.
pub struct Comparison {
    pub params: CompareParams,
    columns: Vec<Column>,
    /// The counts of the keys placed so far.
    pub tally: Tally,
    /// Keys placed so far by [`Comparison::step`] (the first `done`).
    pub done: u64,
    /// The server that leaves or fails.
    pub changed: Option<usize>,
    /// Why a scheme could not be built, if one could not: the run stops there.
    pub failed: Option<String>,
    servers: Vec<Server>,
    /// The list after the change; `None` when a server fails (the list stays).
    after_servers: Option<Vec<Server>>,
}

impl Comparison {
    /// The comparison of `params`, nothing built or placed yet.
    pub fn new(params: &CompareParams) -> Comparison {
        let n = params.servers as usize;
        let servers: Vec<Server> = (0..n).map(|i| Server::new(format!("server-{i}"))).collect();
        let changed = match params.change {
            Change::Join => None,
            Change::LastLeaves => Some(n - 1),
            Change::MiddleLeaves | Change::Fails => Some(n / 2),
        };
        let after_servers: Option<Vec<Server>> = match params.change {
            Change::Join => {
                let mut more = servers.clone();
                more.push(Server::new(format!("server-{n}")));
                Some(more)
            }
            Change::LastLeaves | Change::MiddleLeaves => {
                let mut fewer = servers.clone();
                fewer.remove(changed.unwrap_or(0));
                Some(fewer)
            }
            Change::Fails => None,
        };
        Comparison {
            params: params.clone(),
            columns: Vec::new(),
            tally: Tally::new(params),
            done: 0,
            changed,
            failed: None,
            servers,
            after_servers,
        }
    }

    /// True when every scheme is built, before and after the change.
    pub fn ready(&self) -> bool {
        self.columns.len() == self.params.schemes.len()
            && self.columns.iter().all(|c| c.after_built)
    }

    /// Builds the next piece: a scheme as it is, or the last one after the change. The
    /// scheme's own change: Redis reshards whole slots rather than laying the cluster out
    /// afresh; the others are built for the new list as they would be from scratch.
    fn build_next(&mut self) {
        let vnodes = self.params.vnodes;
        if let Some(column) = self.columns.last_mut().filter(|c| !c.after_built) {
            let scheme = column.scheme;
            let after = match &self.after_servers {
                Some(list) if scheme == Compared::Slots => scheme
                    .build(self.servers.clone(), vnodes)
                    .and_then(|mut after| {
                        after.rebuild(list.clone())?;
                        Ok(Some(after))
                    }),
                Some(list) => scheme.build(list.clone(), vnodes).map(Some),
                None => Ok(None),
            };
            match after {
                Ok(after) => {
                    column.after = after;
                    column.after_built = true;
                }
                Err(e) => self.failed = Some(format!("{}: {e}", scheme.title(vnodes))),
            }
            return;
        }
        let Some(&scheme) = self.params.schemes.get(self.columns.len()) else {
            return;
        };
        match scheme.build(self.servers.clone(), vnodes) {
            Ok(before) => self.columns.push(Column {
                scheme,
                before,
                after: None,
                after_built: false,
            }),
            Err(e) => self.failed = Some(format!("{}: {e}", scheme.title(vnodes))),
        }
    }

    /// Builds the next scheme while one is left to build; then places up to `count` more
    /// keys. True when every key is placed (or a scheme could not be built).
    pub fn step(&mut self, count: u64) -> bool {
        if self.failed.is_some() {
            return true;
        }
        if !self.ready() {
            self.build_next();
            return self.failed.is_some();
        }
        let end = (self.done + count).min(self.params.keys);
        self.place(self.done..end);
        self.done = end;
        self.done == self.params.keys
    }

    /// Places the keys `keys` (by number: `key-0` is 0) under every scheme and counts them
    /// in the tally. Does nothing until every scheme is built ([`Comparison::ready`]).
    pub fn place(&mut self, keys: Range<u64>) {
        if !self.ready() || self.failed.is_some() {
            return;
        }
        let changed = self.changed;
        // The index after a removal of `g` of a server that was at index `i` before.
        let before_index = |after: usize, gone: Option<usize>| match gone {
            Some(g) if after >= g => after + 1,
            _ => after,
        };
        let leaving = matches!(
            self.params.change,
            Change::LastLeaves | Change::MiddleLeaves
        );
        // The slice's keys, each scheme placing them all at once (lookup_batch).
        let names: Vec<String> = keys.map(key_name).collect();
        let bytes: Vec<&[u8]> = names.iter().map(String::as_bytes).collect();
        let (mut before, mut after) = (Vec::new(), Vec::new());
        let tally = &mut self.tally;
        tally.keys += names.len() as u64;
        for (i, column) in self.columns.iter_mut().enumerate() {
            column.before.lookup_batch(&bytes, &mut before);
            if let Some(p) = &column.after {
                p.lookup_batch(&bytes, &mut after);
            }
            for (k, owner) in before.iter().enumerate() {
                let Some(owner) = *owner else {
                    continue;
                };
                tally.loads[i][owner] += 1;
                let moved = match &column.after {
                    Some(_) => {
                        let now = after[k].map(|a| before_index(a, changed.filter(|_| leaving)));
                        now != Some(owner)
                    }
                    // A failure: only the failed server's keys go elsewhere.
                    None => Some(owner) == changed,
                };
                tally.moved[i] += u64::from(moved);
            }
        }
    }

    /// What each scheme showed over the keys placed so far.
    pub fn outcomes(&self) -> Vec<Outcome> {
        self.tally.outcomes(&self.params)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(params: &CompareParams) -> (Comparison, Vec<Outcome>) {
        let mut c = Comparison::new(params);
        while !c.step(7_000) {}
        let outcomes = c.outcomes();
        (c, outcomes)
    }

    /// Keys placed before every scheme is built are not counted: place waits for ready.
    #[test]
    fn nothing_is_placed_before_the_schemes_are_built() {
        let mut c = Comparison::new(&CompareParams::small_for_tests());
        assert!(!c.ready());
        c.place(0..100);
        assert_eq!(c.tally.keys, 0);
        while !c.ready() {
            c.step(0);
        }
        c.place(0..100);
        assert_eq!(c.tally.keys, 100);
    }

    fn of(outcomes: &[Outcome], scheme: Compared) -> &Outcome {
        outcomes.iter().find(|o| o.scheme == scheme).unwrap()
    }

    /// The "when to pick" table's words, against what the comparison measures. Removing a
    /// middle server: "yes" moves only its keys (the least, 1/N, within the binomial
    /// window), "almost" moves more but under twice that, "no" moves far more. Weights:
    /// "yes" where two servers weighted 1 and 3 get different shares from the scheme, "no"
    /// and "by hand" where the scheme gives them the same.
    #[test]
    fn the_pick_tables_words_are_what_the_schemes_do() {
        let params = CompareParams {
            servers: 40,
            keys: 40_000,
            change: Change::MiddleLeaves,
            schemes: Compared::ALL.to_vec(),
            ..CompareParams::default()
        };
        let (_, outcomes) = run(&params);
        let least = 1.0 / 40.0;
        for o in &outcomes {
            let moved = o.moved as f64 / 40_000.0;
            let words = o.scheme.arbitrary_removal();
            let (yes, almost) = (words.starts_with("yes"), words.starts_with("almost"));
            let vnodes = matches!(o.scheme, Compared::Ring | Compared::Ring1024).then_some(160);
            let within = (moved - least).abs() < window(least, 40_000, vnodes);
            match (yes, almost) {
                (true, _) => assert!(within, "{words}: {moved}"),
                (_, true) => assert!(!within && moved < 2.0 * least, "{words}: {moved}"),
                _ => assert!(moved > 5.0 * least, "{words}: {moved}"),
            }
        }
        for scheme in Compared::ALL {
            let servers = vec![Server::new("a"), Server::new("b").with_weight(3.0)];
            let shares = scheme.build(servers, 160).unwrap().load_shares();
            let weighted = (shares[1] - shares[0]).abs() > 0.1;
            let words = scheme.weights();
            // "by hand": the scheme itself gives equal shares; an operator moves slots.
            assert_eq!(
                weighted,
                words.starts_with("yes"),
                "{}: {words} {shares:?}",
                scheme.title(160)
            );
            assert!(["no", "yes: ", "by hand: "]
                .iter()
                .any(|w| words.starts_with(w)));
        }
        // Replicas: each scheme's own way, as written (none says the same as another).
        let ways: Vec<&str> = Compared::ALL.iter().map(|s| s.replicas()).collect();
        assert_eq!(
            ways,
            [
                "next servers, by convention",
                "next distinct servers clockwise",
                "next distinct servers clockwise",
                "re-hash per replica",
                "the top R scores",
                "not built in",
                "replicas per master",
            ]
        );
    }

    /// Five standard deviations of the share of `keys` keys that land in a part of the
    /// key space of expected size `p`: the binomial's sqrt(p (1 - p) / K), and for a ring
    /// of `vnodes` points per server also the part's own spread, p / sqrt(V).
    fn window(p: f64, keys: u64, vnodes: Option<u64>) -> f64 {
        let binomial = p * (1.0 - p) / keys as f64;
        let arcs = vnodes.map_or(0.0, |v| p * p / v as f64);
        5.0 * (binomial + arcs).sqrt()
    }

    /// Checks that `moved` keys of `keys` is the share `p`, within `window`.
    #[track_caller]
    fn near(what: &str, moved: u64, keys: u64, p: f64, window: f64) {
        let share = moved as f64 / keys as f64;
        assert!(
            (share - p).abs() < window,
            "{what}: moved {share}, expected {p} ± {window}"
        );
    }

    /// Five standard deviations of a measured spread (the CV of `n` servers' counts)
    /// around its expected value: about cv / sqrt(2 N).
    fn spread_window(cv: f64, n: u64) -> f64 {
        5.0 * cv / (2.0 * n as f64).sqrt()
    }

    #[test]
    fn a_join_moves_about_the_newcomers_share_except_under_modulo() {
        let (n, keys) = (100u64, 20_000u64);
        let params = CompareParams {
            servers: n,
            keys,
            ..CompareParams::default()
        };
        let (c, outcomes) = run(&params);
        // The newcomer's fair share, 1/(N+1); mod N keeps only 1/(N+1) of the keys.
        let least = 1.0 / (n as f64 + 1.0);
        assert!((c.params.ideal() - least).abs() < 1e-12);
        let moved = |s| of(&outcomes, s).moved;
        let modulo = 1.0 - least;
        near(
            "modulo",
            moved(Compared::Modulo),
            keys,
            modulo,
            window(modulo, keys, None),
        );
        for s in [Compared::Jump, Compared::Rendezvous] {
            near(s.name(), moved(s), keys, least, window(least, keys, None));
        }
        near(
            "ring",
            moved(Compared::Ring),
            keys,
            least,
            window(least, keys, Some(params.vnodes)),
        );
        // Maglev moves a little more than the least (its fill is redone), never less.
        let maglev = moved(Compared::Maglev) as f64 / keys as f64;
        assert!(
            maglev > least - window(least, keys, None) && maglev < 2.0 * least,
            "maglev {maglev}"
        );
        // Jump and rendezvous sit on the key-noise floor sqrt(N/K) = 0.071; the ring at 160
        // points adds its 1/V: sqrt(1/160 + N/K) = 0.102.
        let floor = (n as f64 / keys as f64).sqrt();
        for s in [Compared::Jump, Compared::Rendezvous] {
            let spread = of(&outcomes, s).spread;
            assert!(
                (spread - floor).abs() < spread_window(floor, n),
                "{s:?} {spread}"
            );
        }
        let ring = (1.0 / 160.0 + n as f64 / keys as f64).sqrt();
        let spread = of(&outcomes, Compared::Ring).spread;
        assert!(
            (spread - ring).abs() < spread_window(ring, n),
            "ring {spread}"
        );
        assert!(of(&outcomes, Compared::Slots).memory == 16_384 * 4);
    }

    /// Redis reshards: a join or a leave moves whole slots, about the least share.
    #[test]
    fn redis_reshards_instead_of_laying_out_afresh() {
        let (n, keys) = (10u64, 20_000u64);
        for (change, least) in [
            (Change::Join, 1.0 / 11.0),
            (Change::LastLeaves, 1.0 / 10.0),
            (Change::MiddleLeaves, 1.0 / 10.0),
        ] {
            let params = CompareParams {
                servers: n,
                keys,
                change,
                schemes: vec![Compared::Slots],
                ..CompareParams::default()
            };
            let (c, outcomes) = run(&params);
            assert!((c.params.ideal() - least).abs() < 1e-12, "{change:?}");
            let what = format!("{change:?}");
            near(
                &what,
                outcomes[0].moved,
                keys,
                least,
                window(least, keys, None),
            );
        }
    }

    /// What a removal or a failure of one of 50 servers moves: the leaver's keys, 1/N,
    /// under the ring and rendezvous; under jump too, except when a server in the middle
    /// leaves and the buckets after it renumber.
    #[test]
    fn removals_and_failures() {
        let (n, keys) = (50u64, 10_000u64);
        let least = 1.0 / n as f64;
        // Jump without server g = N/2: every key of buckets g to N - 2 now names the next
        // server, and a key of the last bucket lands on a bucket below it, which names
        // its old server only if that is bucket N - 2.
        let g = (n / 2) as f64;
        let nf = n as f64;
        let renumbered = (nf - 1.0 - g) / nf + (1.0 / nf) * (nf - 2.0) / (nf - 1.0);
        for (change, jump) in [
            (Change::LastLeaves, least),
            (Change::MiddleLeaves, renumbered),
            (Change::Fails, least),
        ] {
            let params = CompareParams {
                servers: n,
                keys,
                change,
                ..CompareParams::default()
            };
            let (_, outcomes) = run(&params);
            let moved = |s| of(&outcomes, s).moved;
            let what = |s: Compared| format!("{change:?}, {}", s.name());
            near(
                &what(Compared::Jump),
                moved(Compared::Jump),
                keys,
                jump,
                window(jump, keys, None),
            );
            near(
                &what(Compared::Rendezvous),
                moved(Compared::Rendezvous),
                keys,
                least,
                window(least, keys, None),
            );
            near(
                &what(Compared::Ring),
                moved(Compared::Ring),
                keys,
                least,
                window(least, keys, Some(params.vnodes)),
            );
        }
    }

    /// The change in words names the server the comparison changes: server g + 1 of N
    /// is index g, and a join goes from N to N + 1.
    #[test]
    fn the_change_named_is_the_change_made() {
        for n in [2u64, 3, 10, 11, 1_000, 2_000] {
            let label = |change| {
                let params = CompareParams {
                    servers: n,
                    change,
                    ..CompareParams::default()
                };
                let c = Comparison::new(&params);
                (change.label(n), c.changed.map(|g| g as f64 + 1.0))
            };
            let (text, changed) = label(Change::Join);
            assert_eq!(changed, None);
            crate::test_numbers::assert_numbers(&text, &[n as f64, n as f64 + 1.0]);
            for change in [Change::MiddleLeaves, Change::Fails] {
                let (text, changed) = label(change);
                crate::test_numbers::assert_numbers(&text, &[changed.unwrap(), n as f64]);
            }
            let (text, changed) = label(Change::LastLeaves);
            assert_eq!(
                (text.as_str(), changed),
                ("the last server leaves", Some(n as f64))
            );
        }
    }

    /// The seed experiment's figures at a million keys, N = 1,000: jump on the floor
    /// 1/sqrt(1000) = 0.032 and the ring at 1,024 points at sqrt(1/1024 + 1/1000) = 0.044.
    /// The seed's 0.08% moved at 160 points is one draw of the newcomer's share, 0.10%
    /// with a spread of 1/sqrt(160) of it (0.008%); these names draw 0.112%. About 5 s in
    /// a debug build, so it runs with every other test.
    #[test]
    fn the_seed_experiment() {
        let params = CompareParams::seed_experiment();
        let (c, outcomes) = run(&params);
        let (n, keys) = (1_000.0f64, 1e6);
        let jump = (n / keys).sqrt();
        let ring = (1.0 / 1_024.0 + n / keys).sqrt();
        let spread = |s| of(&outcomes, s).spread;
        assert!((spread(Compared::Jump) - jump).abs() < spread_window(jump, 1_000));
        assert!((spread(Compared::Ring1024) - ring).abs() < spread_window(ring, 1_000));
        let least = 1.0 / (n + 1.0);
        assert!((c.params.ideal() - least).abs() < 1e-15);
        let moved = of(&outcomes, Compared::Ring).moved;
        near(
            "ring",
            moved,
            1_000_000,
            least,
            window(least, 1_000_000, Some(160)),
        );
    }
}
