//! What a lab worker is asked and what it answers.
//!
//! A [`Job`] is one chunk of a run (rings `from..to` of one setting of one trial). It
//! travels to the worker as one line of text ([`Job::to_text`], read back by
//! [`Job::from_text`]) and comes back as plain numbers, [`Flat::WIDTH`] per ring
//! ([`Flat::write`], [`Flat::read`]): a `Float64Array` on the way, exact for every field.

use std::ops::Range;

use super::agree::{agree_outcome, Pair};
use crate::loss::{loss, Loss, LOSS_SERVERS};
use crate::views::compare::params::{Change, CompareParams};
use crate::views::compare::run::{key_name, Comparison};
use crate::views::compare::schemes::Compared;
use crate::views::lab::sizes::{
    AGREE_POINTS, AGREE_SERVERS_MAX, BOUNDED_KEYS, BOUNDED_POINTS, KEYS_PLACED, KEYS_SERVERS_MAX,
    MOST_LOSS_POINTS, SPEED_SERVERS_MAX,
};
use ringlab_core::bounded::bounded_loads;
use ringlab_core::experiment::{
    BiggestCatcher, Busiest, BusiestRing, CatcherRing, Chunk, Method, Placement, Scratch, Setting,
    Trial,
};
use ringlab_core::schemes::ring::HashRing;
use ringlab_core::Server;

/// The trials the lab runs, on uniform positions as the command line's default.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TrialKind {
    /// The busiest server, by placing and sorting every point.
    BusiestRing,
    /// The busiest server, by the Gamma shortcut.
    BusiestGamma,
    /// The biggest catcher when a server leaves.
    Catcher,
    /// Data loss when three of sixteen servers fail, one ring per V (the walkthrough's
    /// [`loss`]).
    Loss,
    /// Real keys under one scheme: their spread over the servers, and what a join moves
    /// (the comparison's [`Comparison`], one run per server count).
    Keys(Compared),
    /// Lookups per second under one scheme, measured where the job runs.
    Speed(Compared),
    /// Bounded loads on a ring: the busiest over the mean and what a join moves, at one
    /// epsilon. The job's `points` carries epsilon in thousandths (the ring has
    /// [`BOUNDED_POINTS`] points per server).
    Bounded,
    /// Two clients (or one client before and after a join) placing the same keys: how
    /// many land alike ([`Pair`]).
    Agree(Pair),
}

impl TrialKind {
    const NAMES: [(&'static str, TrialKind); 20] = [
        ("agree-kafka", TrialKind::Agree(Pair::Kafka)),
        ("agree-memcached", TrialKind::Agree(Pair::Memcached)),
        ("agree-django", TrialKind::Agree(Pair::Django)),
        ("agree-join", TrialKind::Agree(Pair::Join)),
        ("bounded", TrialKind::Bounded),
        ("speed-modulo", TrialKind::Speed(Compared::Modulo)),
        ("speed-ring", TrialKind::Speed(Compared::Ring)),
        ("speed-ring1024", TrialKind::Speed(Compared::Ring1024)),
        ("speed-slots", TrialKind::Speed(Compared::Slots)),
        ("speed-jump", TrialKind::Speed(Compared::Jump)),
        ("speed-rendezvous", TrialKind::Speed(Compared::Rendezvous)),
        ("speed-maglev", TrialKind::Speed(Compared::Maglev)),
        ("busiest-ring", TrialKind::BusiestRing),
        ("busiest-gamma", TrialKind::BusiestGamma),
        ("catcher", TrialKind::Catcher),
        ("loss", TrialKind::Loss),
        ("keys-ring", TrialKind::Keys(Compared::Ring)),
        ("keys-ring1024", TrialKind::Keys(Compared::Ring1024)),
        ("keys-jump", TrialKind::Keys(Compared::Jump)),
        ("keys-rendezvous", TrialKind::Keys(Compared::Rendezvous)),
    ];

    /// What a stage of this kind is called in a run's timing: "the rings".
    pub fn what(self) -> &'static str {
        match self {
            TrialKind::BusiestGamma => "the Gamma model",
            TrialKind::BusiestRing | TrialKind::Catcher | TrialKind::Loss => "the rings",
            TrialKind::Keys(_) => "the keys",
            TrialKind::Speed(_) => "the lookups",
            TrialKind::Bounded | TrialKind::Agree(_) => "the keys",
        }
    }

    pub fn name(self) -> &'static str {
        Self::NAMES
            .iter()
            .find(|(_, k)| *k == self)
            .map_or("", |(n, _)| n)
    }

    fn named(name: &str) -> Option<TrialKind> {
        Self::NAMES
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, k)| *k)
    }

    /// The busiest trial of this kind (`None` for the catcher).
    pub fn busiest(self, seed: u64) -> Option<Busiest> {
        let method = match self {
            TrialKind::BusiestRing => Method::Ring,
            TrialKind::BusiestGamma => Method::Gamma,
            TrialKind::Catcher
            | TrialKind::Loss
            | TrialKind::Keys(_)
            | TrialKind::Speed(_)
            | TrialKind::Bounded
            | TrialKind::Agree(_) => return None,
        };
        Some(Busiest {
            seed,
            method,
            placement: Placement::Uniform,
        })
    }

    /// The catcher trial.
    pub fn catcher(seed: u64) -> BiggestCatcher {
        BiggestCatcher {
            seed,
            placement: Placement::Uniform,
        }
    }
}

/// One chunk of a run, as a worker gets it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Job {
    pub kind: TrialKind,
    pub seed: u64,
    pub servers: usize,
    pub points: u32,
    pub rings: Range<u32>,
}

impl Job {
    /// The job for `chunk` of `settings`.
    pub fn of(kind: TrialKind, seed: u64, settings: &[Setting], chunk: &Chunk) -> Job {
        let setting = settings[chunk.setting];
        Job {
            kind,
            seed,
            servers: setting.servers,
            points: setting.points,
            rings: chunk.rings.clone(),
        }
    }

    /// One line: `busiest-ring 1 100 160 0 200` (kind, seed, servers, points, from, to).
    pub fn to_text(&self) -> String {
        format!(
            "{} {} {} {} {} {}",
            self.kind.name(),
            self.seed,
            self.servers,
            self.points,
            self.rings.start,
            self.rings.end
        )
    }

    /// The job a line describes; `None` for anything else, and for a setting the trial
    /// refuses (so that a worker never runs one).
    pub fn from_text(text: &str) -> Option<Job> {
        let mut words = text.split(' ');
        let kind = TrialKind::named(words.next()?)?;
        let mut number = || words.next()?.parse::<u64>().ok();
        let (seed, servers, points, from, to) =
            (number()?, number()?, number()?, number()?, number()?);
        let job = Job {
            kind,
            seed,
            servers: usize::try_from(servers).ok()?,
            points: u32::try_from(points).ok()?,
            rings: u32::try_from(from).ok()?..u32::try_from(to).ok()?,
        };
        let setting = job.setting();
        let checked = match kind {
            TrialKind::BusiestRing | TrialKind::BusiestGamma => kind
                .busiest(seed)
                .is_some_and(|t| t.check(&setting).is_ok()),
            TrialKind::Catcher => TrialKind::catcher(seed).check(&setting).is_ok(),
            TrialKind::Loss => {
                job.servers == LOSS_SERVERS && (1..=MOST_LOSS_POINTS).contains(&job.points)
            }
            TrialKind::Keys(_) => {
                (2..=KEYS_SERVERS_MAX).contains(&job.servers) && (1..=1_024).contains(&job.points)
            }
            TrialKind::Speed(_) => {
                (2..=SPEED_SERVERS_MAX).contains(&job.servers) && (1..=1_024).contains(&job.points)
            }
            TrialKind::Bounded => {
                (2..=KEYS_SERVERS_MAX).contains(&job.servers) && (1..=100_000).contains(&job.points)
            }
            TrialKind::Agree(_) => {
                (2..=AGREE_SERVERS_MAX).contains(&job.servers) && job.points == AGREE_POINTS
            }
        };
        (words.next().is_none() && from <= to && checked).then_some(job)
    }

    fn setting(&self) -> Setting {
        Setting {
            servers: self.servers,
            points: self.points,
            rings: self.rings.end,
        }
    }

    /// Runs the job: [`Flat::WIDTH`] numbers per ring, in ring order. `clock` reads a
    /// clock in ms; only the lookup-speed jobs read it.
    pub fn run(&self, scratch: &mut Scratch, clock: &dyn Fn() -> f64) -> Vec<f64> {
        let setting = self.setting();
        let mut out = Vec::new();
        for ring in self.rings.clone() {
            match self.kind {
                TrialKind::BusiestRing | TrialKind::BusiestGamma => {
                    if let Some(trial) = self.kind.busiest(self.seed) {
                        trial.outcome(&setting, ring, scratch).write(&mut out);
                    }
                }
                TrialKind::Catcher => TrialKind::catcher(self.seed)
                    .outcome(&setting, ring, scratch)
                    .write(&mut out),
                // The ring of names s0..s15 is one ring, whatever the seed.
                TrialKind::Loss => loss(self.points)
                    .unwrap_or(Loss {
                        distinct_sets: 0,
                        plain: f64::NAN,
                        rack_aware: f64::NAN,
                    })
                    .write(&mut out),
                TrialKind::Keys(scheme) => {
                    keys_outcome(scheme, self.servers, self.points).write(&mut out)
                }
                TrialKind::Speed(scheme) => {
                    lookup_speed(scheme, self.servers, self.points, clock).write(&mut out)
                }
                TrialKind::Bounded => {
                    let epsilon = f64::from(self.points) / 1_000.0;
                    bounded_outcome(self.servers, epsilon).write(&mut out)
                }
                TrialKind::Agree(pair) => agree_outcome(pair, self.servers).write(&mut out),
            }
        }
        out
    }
}

/// A ring's outcome as plain numbers.
pub trait Flat: Sized {
    /// Numbers per outcome.
    const WIDTH: usize;
    fn write(&self, out: &mut Vec<f64>);
    /// The outcome from exactly [`Flat::WIDTH`] numbers.
    fn read(values: &[f64]) -> Self;

    /// Every outcome in `values`; `None` unless it holds a whole number of them.
    fn read_all(values: &[f64]) -> Option<Vec<Self>> {
        (values.len() % Self::WIDTH == 0)
            .then(|| values.chunks_exact(Self::WIDTH).map(Self::read).collect())
    }
}

impl Flat for BusiestRing {
    const WIDTH: usize = 2;
    fn write(&self, out: &mut Vec<f64>) {
        out.extend([self.busiest, self.spread]);
    }
    fn read(values: &[f64]) -> Self {
        BusiestRing {
            busiest: values[0],
            spread: values[1],
        }
    }
}

impl Flat for CatcherRing {
    const WIDTH: usize = 2;
    fn write(&self, out: &mut Vec<f64>) {
        out.extend([self.biggest_fraction, f64::from(self.catchers)]);
    }
    fn read(values: &[f64]) -> Self {
        CatcherRing {
            biggest_fraction: values[0],
            // A count the worker wrote from a u32: exact.
            catchers: values[1] as u32,
        }
    }
}

/// What real keys showed under one scheme.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct KeysOutcome {
    /// Keys that moved when one server joined.
    pub moved: u64,
    /// Keys per server: the busiest over the mean, and the spread (CV).
    pub max_over_mean: f64,
    pub spread: f64,
}

/// [`KEYS_PLACED`] keys named `key-0` ... under `scheme` with `servers` servers (`points`
/// each on a ring), then one more server.
fn keys_outcome(scheme: Compared, servers: usize, points: u32) -> KeysOutcome {
    let params = CompareParams {
        servers: servers as u64,
        keys: KEYS_PLACED,
        vnodes: u64::from(points),
        change: Change::Join,
        schemes: vec![scheme],
    };
    let mut run = Comparison::new(&params);
    while !run.step(KEYS_PLACED) {}
    match run.outcomes().first() {
        Some(o) => KeysOutcome {
            moved: o.moved,
            max_over_mean: o.max_over_mean,
            spread: o.spread,
        },
        None => KeysOutcome {
            moved: 0,
            max_over_mean: f64::NAN,
            spread: f64::NAN,
        },
    }
}

/// Bounded loads at one epsilon.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct BoundedOutcome {
    /// The busiest server's keys over the mean, before the join.
    pub max_over_mean: f64,
    /// Keys whose server changed when one more server joined.
    pub moved: u64,
    /// Keys not at their home server (pushed on by a full one), before the join.
    pub pushed: u64,
}

/// [`BOUNDED_KEYS`] keys named `key-0` ... with bounded loads (c = 1 + `epsilon`) on a
/// ring of `servers` servers of [`BOUNDED_POINTS`] points, then on one more server.
fn bounded_outcome(servers: usize, epsilon: f64) -> BoundedOutcome {
    let failed = BoundedOutcome {
        max_over_mean: f64::NAN,
        moved: 0,
        pushed: 0,
    };
    let keys: Vec<String> = (0..BOUNDED_KEYS).map(key_name).collect();
    let ring = |n: usize| {
        let names = (0..n).map(|i| Server::new(format!("server-{i}"))).collect();
        HashRing::new(names, BOUNDED_POINTS)
    };
    let (Ok(before), Ok(after)) = (ring(servers), ring(servers + 1)) else {
        return failed;
    };
    let c = 1.0 + epsilon;
    let (Ok(b), Ok(a)) = (
        bounded_loads(&before, &keys, c),
        bounded_loads(&after, &keys, c),
    ) else {
        return failed;
    };
    let moved = b
        .assignment
        .iter()
        .zip(&a.assignment)
        .filter(|(x, y)| x != y)
        .count();
    BoundedOutcome {
        max_over_mean: b.max_over_mean(),
        moved: moved as u64,
        pushed: b.pushed as u64,
    }
}

impl Flat for BoundedOutcome {
    const WIDTH: usize = 3;
    fn write(&self, out: &mut Vec<f64>) {
        out.extend([self.max_over_mean, self.moved as f64, self.pushed as f64]);
    }
    fn read(values: &[f64]) -> Self {
        BoundedOutcome {
            max_over_mean: values[0],
            // Counts below 2^53: exact.
            moved: values[1] as u64,
            pushed: values[2] as u64,
        }
    }
}

/// Lookups per second, measured.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Speed {
    pub per_second: f64,
}

/// How long one speed job looks keys up, in ms.
pub const SPEED_MS: f64 = 250.0;
/// Keys looked up, again and again: their hashes are computed once.
pub const SPEED_KEYS: u64 = 4_096;

/// Lookups per second of `scheme` over `servers` servers (`points` each on a ring): the
/// same keys looked up, one at a time, until `clock` has moved [`SPEED_MS`] (at least one
/// round). A scheme that cannot be built measures 0.
fn lookup_speed(scheme: Compared, servers: usize, points: u32, clock: &dyn Fn() -> f64) -> Speed {
    let names: Vec<Server> = (0..servers)
        .map(|i| Server::new(format!("server-{i}")))
        .collect();
    let Ok(partitioner) = scheme.build(names, u64::from(points)) else {
        return Speed { per_second: 0.0 };
    };
    let keys: Vec<Vec<u8>> = (0..SPEED_KEYS).map(|i| key_name(i).into_bytes()).collect();
    let (start, mut lookups, mut sink) = (clock(), 0u64, 0usize);
    loop {
        for key in &keys {
            sink = sink.wrapping_add(partitioner.lookup(key).unwrap_or(0));
        }
        lookups += SPEED_KEYS;
        let spent = clock() - start;
        if spent >= SPEED_MS {
            // `sink` keeps the lookups from being optimised away.
            std::hint::black_box(sink);
            return Speed {
                per_second: lookups as f64 / spent * 1_000.0,
            };
        }
    }
}

impl Flat for Speed {
    const WIDTH: usize = 1;
    fn write(&self, out: &mut Vec<f64>) {
        out.push(self.per_second);
    }
    fn read(values: &[f64]) -> Self {
        Speed {
            per_second: values[0],
        }
    }
}

impl Flat for KeysOutcome {
    const WIDTH: usize = 3;
    fn write(&self, out: &mut Vec<f64>) {
        out.extend([self.moved as f64, self.max_over_mean, self.spread]);
    }
    fn read(values: &[f64]) -> Self {
        KeysOutcome {
            // A count below 2^53: exact.
            moved: values[0] as u64,
            max_over_mean: values[1],
            spread: values[2],
        }
    }
}

impl Flat for Loss {
    const WIDTH: usize = 3;
    fn write(&self, out: &mut Vec<f64>) {
        out.extend([self.plain, self.rack_aware, self.distinct_sets as f64]);
    }
    fn read(values: &[f64]) -> Self {
        Loss {
            plain: values[0],
            rack_aware: values[1],
            // A count the worker wrote from a usize below 2^53: exact.
            distinct_sets: values[2] as usize,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_job_round_trips_as_text() {
        let job = Job {
            kind: TrialKind::BusiestRing,
            seed: 1,
            servers: 100,
            points: 160,
            rings: 0..200,
        };
        assert_eq!(job.to_text(), "busiest-ring 1 100 160 0 200");
        assert_eq!(Job::from_text(&job.to_text()), Some(job));
        for bad in [
            "",
            "busiest-ring 1 100 160 0",
            "busiest-ring 1 100 160 0 200 7",
            "busiest-ring 1 100 160 9 2",
            "busiest 1 100 160 0 2",
            "catcher 1 1 160 0 2",
            "busiest-ring 1 100 0 0 2",
            "busiest-ring 1 2000000 1000 0 2",
            "busiest-gamma x 100 160 0 2",
            "busiest-gamma 1 100 160 0 99999999999",
        ] {
            assert_eq!(Job::from_text(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn a_job_gives_the_trials_outcomes_exactly() {
        let mut scratch = Scratch::default();
        let job = Job::from_text("catcher 5 10 4 3 9").unwrap();
        let outcomes = CatcherRing::read_all(&job.run(&mut scratch, &|| 0.0)).unwrap();
        let trial = TrialKind::catcher(5);
        let setting = Setting {
            servers: 10,
            points: 4,
            rings: 9,
        };
        let expected: Vec<_> = (3..9)
            .map(|r| trial.outcome(&setting, r, &mut scratch))
            .collect();
        assert_eq!(outcomes, expected);
        let job = Job::from_text("busiest-gamma 5 10 4 0 3").unwrap();
        let outcomes = BusiestRing::read_all(&job.run(&mut scratch, &|| 0.0)).unwrap();
        let trial = TrialKind::BusiestGamma.busiest(5).unwrap();
        let expected: Vec<_> = (0..3)
            .map(|r| trial.outcome(&setting, r, &mut scratch))
            .collect();
        assert_eq!(outcomes, expected);
        assert_eq!(BusiestRing::read_all(&[1.0, 2.0, 3.0]), None);
        let job = Job::from_text("loss 0 16 4 0 1").unwrap();
        assert_eq!(
            Loss::read_all(&job.run(&mut scratch, &|| 0.0)).unwrap(),
            vec![loss(4).unwrap()]
        );
        assert_eq!(Job::from_text("loss 0 15 4 0 1"), None);
        let job = Job::from_text("keys-jump 0 10 160 0 1").unwrap();
        let got = KeysOutcome::read_all(&job.run(&mut scratch, &|| 0.0)).unwrap();
        assert_eq!(got, vec![keys_outcome(Compared::Jump, 10, 160)]);
        // Jump moves exactly the keys that jump to the new bucket: about 1/11 of them.
        assert!(
            (got[0].moved as f64 / KEYS_PLACED as f64 - 1.0 / 11.0).abs() < 0.01,
            "{got:?}"
        );
        assert_eq!(Job::from_text("keys-maglev 0 10 160 0 1"), None);
        // A clock that moves 1 ms a reading: 250 readings, each after 4,096 lookups.
        let ticks = std::cell::Cell::new(0.0);
        let clock = || {
            ticks.set(ticks.get() + 1.0);
            ticks.get()
        };
        let job = Job::from_text("speed-maglev 0 100 160 0 1").unwrap();
        let speed = Speed::read_all(&job.run(&mut scratch, &clock)).unwrap();
        assert_eq!(
            speed,
            vec![Speed {
                per_second: 250.0 * 4_096.0 / 250.0 * 1_000.0
            }]
        );
        assert_eq!(Job::from_text("speed-ring 0 20000 160 0 1"), None);
        let job = Job::from_text("bounded 0 20 50 0 1").unwrap();
        let got = BoundedOutcome::read_all(&job.run(&mut scratch, &|| 0.0)).unwrap();
        assert_eq!(got, vec![bounded_outcome(20, 0.05)]);
        assert!(got[0].max_over_mean <= 1.05 + 1e-9, "{got:?}");
        assert!(got[0].moved > 0 && got[0].pushed > 0, "{got:?}");
        assert_eq!(Job::from_text("keys-ring 0 1 160 0 1"), None);
        assert_eq!(Job::from_text("loss 0 16 9999 0 1"), None);
        let job = Job::from_text("agree-django 0 6 0 0 1").unwrap();
        let got = crate::views::lab::agree::AgreeOutcome::read_all(&job.run(&mut scratch, &|| 0.0));
        assert_eq!(got, Some(vec![agree_outcome(Pair::Django, 6)]));
        for bad in [
            "agree-django 0 6 1 0 1",
            "agree-join 0 1 0 0 1",
            "agree-none 0 6 0 0 1",
        ] {
            assert_eq!(Job::from_text(bad), None, "{bad:?}");
        }
    }
}
