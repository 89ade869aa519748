//! Results shipped with the page, so that every figure shows something at once.
//!
//! They are the lab's own runs at the link's defaults ([`RINGS`] rings per setting, seed
//! [`SEED`]), computed natively by the same engine and kept in `shipped.tsv`. The figures
//! of real keys, of data loss, of bounded loads and of clients' agreement take no rings or seed: they are the
//! same for every link. Lookups per second are the reader's machine's, so none ship.
//!
//! One line per row: the run's name (as [`TrialKind::name`]), the servers, the points,
//! then the row's numbers, written so that they read back exactly. `fresh` computes the
//! same text; a test holds the file to it (model/tests/lab_shipped.rs, which also writes
//! it anew with `RINGLAB_WRITE_SHIPPED=1`).

use ringlab_core::experiment::{run_sequential, BusiestRow, CatcherRow, Scratch, Setting};

use super::agree::{AgreeOutcome, Pair};
use super::job::{BoundedOutcome, Flat, Job, KeysOutcome, TrialKind};
use super::runs::{plan, settings};
use super::series::{AgreeRow, BoundedRow, KeysRow};
use crate::loss::Loss;

/// The rings per setting and the seed the shipped rows were drawn with.
pub const RINGS: u32 = 400;
pub const SEED: u64 = 1;

/// The runs that ship, in the file's order.
pub const KINDS: [TrialKind; 13] = [
    TrialKind::BusiestGamma,
    TrialKind::BusiestRing,
    TrialKind::Catcher,
    TrialKind::Loss,
    TrialKind::Keys(crate::views::compare::schemes::Compared::Ring),
    TrialKind::Keys(crate::views::compare::schemes::Compared::Ring1024),
    TrialKind::Keys(crate::views::compare::schemes::Compared::Jump),
    TrialKind::Keys(crate::views::compare::schemes::Compared::Rendezvous),
    TrialKind::Bounded,
    TrialKind::Agree(Pair::Kafka),
    TrialKind::Agree(Pair::Memcached),
    TrialKind::Agree(Pair::Django),
    TrialKind::Agree(Pair::Join),
];

const TEXT: &str = include_str!("shipped.tsv");

/// Whether the shipped rows of `kind` are the ones a run with `rings` and `seed` gives.
pub fn matches(kind: TrialKind, rings: u32, seed: u64) -> bool {
    match kind {
        TrialKind::BusiestRing | TrialKind::BusiestGamma | TrialKind::Catcher => {
            rings == RINGS && seed == SEED
        }
        TrialKind::Speed(_) => false,
        TrialKind::Loss | TrialKind::Keys(_) | TrialKind::Bounded | TrialKind::Agree(_) => true,
    }
}

/// The lines of `text` for `kind`: the setting and the numbers.
fn lines(text: &str, kind: TrialKind) -> Vec<(Setting, Vec<f64>)> {
    text.lines()
        .filter(|line| !line.starts_with('#'))
        .filter_map(|line| {
            let mut words = line.split('\t');
            if words.next()? != kind.name() {
                return None;
            }
            let servers = words.next()?.parse().ok()?;
            let points = words.next()?.parse().ok()?;
            let values = words
                .map(|w| w.parse::<f64>().ok())
                .collect::<Option<_>>()?;
            Some((
                Setting {
                    servers,
                    points,
                    rings: RINGS,
                },
                values,
            ))
        })
        .collect()
}

fn busiest_row(setting: Setting, v: &[f64]) -> Option<BusiestRow> {
    let [rings, mean, p95, max, spread, scaled, theory] = v.try_into().ok()?;
    Some(BusiestRow {
        servers: setting.servers,
        points: setting.points,
        rings: rings as u32,
        mean_busiest: mean,
        p95_busiest: p95,
        max_busiest: max,
        mean_spread: spread,
        spread_sqrt_points: scaled,
        theory_spread_sqrt_points: theory,
    })
}

fn busiest_values(row: &BusiestRow) -> Vec<f64> {
    vec![
        f64::from(row.rings),
        row.mean_busiest,
        row.p95_busiest,
        row.max_busiest,
        row.mean_spread,
        row.spread_sqrt_points,
        row.theory_spread_sqrt_points,
    ]
}

fn catcher_row(setting: Setting, v: &[f64]) -> Option<CatcherRow> {
    let [rings, mean, p95, catchers] = v.try_into().ok()?;
    Some(CatcherRow {
        servers: setting.servers,
        points: setting.points,
        rings: rings as u32,
        mean_biggest_fraction: mean,
        p95_biggest_fraction: p95,
        mean_catchers: catchers,
    })
}

fn catcher_values(row: &CatcherRow) -> Vec<f64> {
    vec![
        f64::from(row.rings),
        row.mean_biggest_fraction,
        row.p95_biggest_fraction,
        row.mean_catchers,
    ]
}

/// The whole rows of `kind` in `text`, each read as one `R`.
fn whole<R: Flat>(text: &str, kind: TrialKind) -> Vec<(Setting, R)> {
    lines(text, kind)
        .into_iter()
        .filter(|(_, v)| v.len() == R::WIDTH)
        .map(|(setting, v)| (setting, R::read(&v)))
        .collect()
}

/// The shipped rows of a busiest run (`BusiestRing` or `BusiestGamma`).
pub fn busiest_rows(kind: TrialKind) -> Vec<BusiestRow> {
    lines(TEXT, kind)
        .into_iter()
        .filter_map(|(s, v)| busiest_row(s, &v))
        .collect()
}

/// The shipped rows of the catcher run.
pub fn catcher_rows() -> Vec<CatcherRow> {
    lines(TEXT, TrialKind::Catcher)
        .into_iter()
        .filter_map(|(s, v)| catcher_row(s, &v))
        .collect()
}

/// The shipped rows of the durability run: points per server and the loss.
pub fn loss_rows() -> Vec<(u32, Loss)> {
    whole::<Loss>(TEXT, TrialKind::Loss)
        .into_iter()
        .map(|(s, loss)| (s.points, loss))
        .collect()
}

/// The shipped rows of the real-keys runs, scheme by scheme.
pub fn keys_rows() -> Vec<KeysRow> {
    KINDS
        .iter()
        .filter_map(|&kind| match kind {
            TrialKind::Keys(scheme) => Some((kind, scheme)),
            _ => None,
        })
        .flat_map(|(kind, scheme)| {
            whole::<KeysOutcome>(TEXT, kind)
                .into_iter()
                .map(move |(s, keys)| (scheme, s.servers, keys))
        })
        .collect()
}

/// The shipped rows of the bounded-loads run: epsilon and what it gave.
pub fn bounded_rows() -> Vec<BoundedRow> {
    whole::<BoundedOutcome>(TEXT, TrialKind::Bounded)
        .into_iter()
        .map(|(s, outcome)| (f64::from(s.points) / 1_000.0, outcome))
        .collect()
}

/// The shipped rows of the agreement runs: the pair, the server count, the keys alike.
pub fn agree_rows() -> Vec<AgreeRow> {
    Pair::ALL
        .iter()
        .flat_map(|&pair| {
            whole::<AgreeOutcome>(TEXT, TrialKind::Agree(pair))
                .into_iter()
                .map(move |(s, outcome)| (pair, s.servers, outcome))
        })
        .collect()
}

/// The shipped file as it stands.
pub fn text() -> &'static str {
    TEXT
}

/// One line of the file.
fn line(kind: TrialKind, setting: &Setting, values: &[f64]) -> String {
    let numbers: Vec<String> = values.iter().map(|v| format!("{v:?}")).collect();
    format!(
        "{}\t{}\t{}\t{}\n",
        kind.name(),
        setting.servers,
        setting.points,
        numbers.join("\t")
    )
}

/// The lines of `kind`, computed now with the engine, for the settings `keep` accepts:
/// the busiest and catcher runs as the command line runs them (every ring of a setting
/// in turn), the others job by job as a worker runs them.
pub fn fresh(kind: TrialKind, keep: &dyn Fn(&Setting) -> bool) -> String {
    let all = settings(kind, RINGS);
    let mut out = String::new();
    match kind {
        TrialKind::BusiestRing | TrialKind::BusiestGamma => {
            let Some(trial) = kind.busiest(SEED) else {
                return out;
            };
            for setting in all.iter().filter(|s| keep(s)) {
                for row in run_sequential(&trial, &[*setting], None).unwrap_or_default() {
                    out += &line(kind, setting, &busiest_values(&row));
                }
            }
        }
        TrialKind::Catcher => {
            let trial = TrialKind::catcher(SEED);
            for setting in all.iter().filter(|s| keep(s)) {
                for row in run_sequential(&trial, &[*setting], None).unwrap_or_default() {
                    out += &line(kind, setting, &catcher_values(&row));
                }
            }
        }
        TrialKind::Speed(_) => {}
        TrialKind::Loss | TrialKind::Keys(_) | TrialKind::Bounded | TrialKind::Agree(_) => {
            let mut scratch = Scratch::default();
            for chunk in plan(kind, SEED, &all) {
                let setting = all[chunk.setting];
                if keep(&setting) {
                    let values = Job::of(kind, SEED, &all, &chunk).run(&mut scratch, &|| 0.0);
                    out += &line(kind, &setting, &values);
                }
            }
        }
    }
    out
}

/// The lines of `kind` in the shipped file, for the settings `keep` accepts.
pub fn shipped(kind: TrialKind, keep: &dyn Fn(&Setting) -> bool) -> String {
    TEXT.lines()
        .filter(|l| l.split('\t').next() == Some(kind.name()))
        .filter(|l| {
            let mut w = l.split('\t').skip(1);
            let servers = w.next().and_then(|s| s.parse().ok());
            let points = w.next().and_then(|s| s.parse().ok());
            match (servers, points) {
                (Some(servers), Some(points)) => keep(&Setting {
                    servers,
                    points,
                    rings: RINGS,
                }),
                _ => false,
            }
        })
        .map(|l| format!("{l}\n"))
        .collect()
}

/// The whole file, computed now.
pub fn fresh_file() -> String {
    let mut out = format!(
        "# The lab's results at its defaults: {RINGS} rings per setting, seed {SEED}. \
         Written by model/tests/lab_shipped.rs (RINGLAB_WRITE_SHIPPED=1); kind, servers, points, numbers.\n"
    );
    for kind in KINDS {
        out += &fresh(kind, &|_| true);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every run that ships has a row for each of its settings, read back whole.
    #[test]
    fn every_setting_ships() {
        assert_eq!(busiest_rows(TrialKind::BusiestRing).len(), 33);
        assert_eq!(busiest_rows(TrialKind::BusiestGamma).len(), 33);
        assert_eq!(catcher_rows().len(), 11);
        assert_eq!(loss_rows().len(), 10);
        assert_eq!(keys_rows().len(), 12);
        assert_eq!(bounded_rows().len(), 7);
        assert_eq!(agree_rows().len(), 40);
        for row in busiest_rows(TrialKind::BusiestRing) {
            assert_eq!(row.rings, RINGS);
        }
    }

    /// A line reads back to the numbers it was written from, NaN and all.
    #[test]
    fn a_line_reads_back_exactly() {
        let setting = Setting {
            servers: 10,
            points: 4,
            rings: RINGS,
        };
        let values = [400.0, 1.0 / 3.0, f64::NAN, 2.5e-17, 7.0, 0.1 + 0.2, 1e300];
        let text = line(TrialKind::BusiestRing, &setting, &values);
        let back = lines(&text, TrialKind::BusiestRing);
        assert_eq!(back.len(), 1);
        assert_eq!(back[0].0, setting);
        for (a, b) in back[0].1.iter().zip(values) {
            assert!(a.to_bits() == b.to_bits(), "{a} {b}");
        }
        assert!(lines(&text, TrialKind::Catcher).is_empty());
    }

    #[test]
    fn only_runs_without_rings_or_seed_match_every_link() {
        assert!(matches(TrialKind::BusiestRing, RINGS, SEED));
        assert!(!matches(TrialKind::BusiestRing, RINGS, SEED + 1));
        assert!(!matches(TrialKind::Catcher, RINGS - 1, SEED));
        assert!(matches(TrialKind::Loss, 3, 9));
        assert!(!matches(
            TrialKind::Speed(crate::views::compare::schemes::Compared::Ring),
            RINGS,
            SEED
        ));
    }
}
