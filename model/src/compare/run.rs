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

    fn of(outcomes: &[Outcome], scheme: Compared) -> &Outcome {
        outcomes.iter().find(|o| o.scheme == scheme).unwrap()
    }

    #[test]
    fn a_join_moves_about_the_newcomers_share_except_under_modulo() {
        let params = CompareParams {
            servers: 100,
            keys: 20_000,
            ..CompareParams::default()
        };
        let (c, outcomes) = run(&params);
        assert!((c.params.ideal() - 1.0 / 101.0).abs() < 1e-12);
        let share = |s| of(&outcomes, s).moved as f64 / 20_000.0;
        assert!(share(Compared::Modulo) > 0.95);
        for s in [
            Compared::Ring,
            Compared::Jump,
            Compared::Rendezvous,
            Compared::Maglev,
        ] {
            assert!(share(s) < 0.02, "{s:?} {}", share(s));
        }
        // Jump and rendezvous sit on the key-noise floor sqrt(N/K) = 0.071; the ring at 160
        // points adds its 1/V.
        let floor = (100.0f64 / 20_000.0).sqrt();
        assert!((of(&outcomes, Compared::Jump).spread - floor).abs() < 0.02);
        assert!((of(&outcomes, Compared::Rendezvous).spread - floor).abs() < 0.02);
        assert!(of(&outcomes, Compared::Slots).memory == 16_384 * 4);
    }

    /// Redis reshards: a join or a leave moves whole slots, about the least share.
    #[test]
    fn redis_reshards_instead_of_laying_out_afresh() {
        for change in [Change::Join, Change::LastLeaves, Change::MiddleLeaves] {
            let params = CompareParams {
                servers: 10,
                keys: 20_000,
                change,
                schemes: vec![Compared::Slots],
                ..CompareParams::default()
            };
            let (c, outcomes) = run(&params);
            let moved = outcomes[0].moved as f64 / 20_000.0;
            assert!(
                (moved - c.params.ideal()).abs() < 0.01,
                "{change:?}: {moved}"
            );
        }
    }

    #[test]
    fn removals_and_failures() {
        for (change, jump_moves_a_lot) in [
            (Change::LastLeaves, false),
            (Change::MiddleLeaves, true),
            (Change::Fails, false),
        ] {
            let params = CompareParams {
                servers: 50,
                keys: 10_000,
                change,
                ..CompareParams::default()
            };
            let (_, outcomes) = run(&params);
            let share = |s| of(&outcomes, s).moved as f64 / 10_000.0;
            assert_eq!(share(Compared::Jump) > 0.3, jump_moves_a_lot, "{change:?}");
            assert!(share(Compared::Rendezvous) < 0.04, "{change:?}");
            assert!(share(Compared::Ring) < 0.04, "{change:?}");
        }
    }

    /// The seed experiment's figures at a million keys, N = 1,000: jump on the floor
    /// 1/sqrt(1000) = 0.032 and the ring at 1,024 points at sqrt(1/1024 + 1/1000) = 0.044.
    /// The seed's 0.08% moved at 160 points is one draw of the newcomer's share, 0.10%
    /// with a spread of 1/sqrt(160) of it (0.008%); these names draw 0.112%.
    #[test]
    #[ignore = "a million keys: run with --ignored"]
    fn the_seed_experiment() {
        let (c, outcomes) = run(&CompareParams::seed_experiment());
        assert!((of(&outcomes, Compared::Jump).spread - 0.032).abs() < 0.002);
        assert!((of(&outcomes, Compared::Ring1024).spread - 0.044).abs() < 0.004);
        let moved = of(&outcomes, Compared::Ring).moved as f64 / 1e6;
        assert!(
            (moved - 0.000999).abs() < 3.0 * 0.000999 / 160f64.sqrt(),
            "{moved}"
        );
        assert!((c.params.ideal() - 0.000999).abs() < 1e-5);
    }
}
