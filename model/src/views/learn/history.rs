//! The timed run's history: each finished sitting's date, length and rubric ticks, kept
//! with the progress in the browser, and how the candidate is doing across sittings. A
//! stored record that does not read back is dropped on its own.

use super::timed::{Phase, Timed, RUBRIC, SECONDS};

/// The most sittings kept; the oldest go first.
pub const MAX_RUNS: usize = 50;

/// One finished sitting.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RunRecord {
    /// When it started, in ms since the epoch: its date, and its key in the history.
    pub started: u64,
    /// How long it took, in whole seconds (at most five minutes).
    pub took: u32,
    /// The rubric points ticked.
    pub ticked: [bool; RUBRIC.len()],
}

impl RunRecord {
    /// A finished run as the history keeps it: its start, length and ticks (none while
    /// it is not done).
    pub fn of(run: &Timed) -> Option<RunRecord> {
        match run.phase {
            Phase::Done { started, took } => Some(RunRecord::new(started, took, run.ticked)),
            _ => None,
        }
    }

    /// A record from the page's clock: `started` in ms, `took` in seconds.
    pub fn new(started: f64, took: f64, ticked: [bool; RUBRIC.len()]) -> RunRecord {
        RunRecord {
            started: if started.is_finite() {
                started.max(0.0) as u64
            } else {
                0
            },
            took: took.clamp(0.0, SECONDS).round() as u32,
            ticked,
        }
    }

    /// Rubric points ticked.
    pub fn points(&self) -> usize {
        self.ticked.iter().filter(|&&t| t).count()
    }

    /// The stored value: seconds taken and the ticks as bits, `91,68`.
    pub fn to_value(&self) -> String {
        let bits: u32 = (0..RUBRIC.len())
            .filter(|&i| self.ticked[i])
            .map(|i| 1 << i)
            .sum();
        format!("{},{bits}", self.took)
    }

    /// Reads [`RunRecord::to_value`] for the sitting that started at `started`; `None`
    /// for anything out of range or malformed.
    pub fn from_value(started: &str, value: &str) -> Option<RunRecord> {
        let started: u64 = started.parse().ok()?;
        let (took, bits) = value.split_once(',')?;
        let took: u32 = took.trim().parse().ok()?;
        let bits: u32 = bits.trim().parse().ok()?;
        if f64::from(took) > SECONDS || bits >> RUBRIC.len() != 0 {
            return None;
        }
        let mut ticked = [false; RUBRIC.len()];
        for (i, t) in ticked.iter_mut().enumerate() {
            *t = bits & (1 << i) != 0;
        }
        Some(RunRecord {
            started,
            took,
            ticked,
        })
    }
}

/// A length as the clock shows it, `1:30`.
fn clock(seconds: u32) -> String {
    format!("{}:{:02}", seconds / 60, seconds % 60)
}

/// The months as dates are written here.
const MONTHS: [&str; 12] = [
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
];

/// The day `ms` (since the epoch) falls on where the clock is `offset` minutes behind
/// UTC (JavaScript's `getTimezoneOffset`), as "5 Jan 2026".
pub fn day(ms: u64, offset: i32) -> String {
    let local = ms as i64 / 1_000 - i64::from(offset) * 60;
    let days = local.div_euclid(86_400);
    // Howard Hinnant's days-to-civil: the proleptic Gregorian date of a day number.
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!("{d} {} {y}", MONTHS[(m - 1) as usize])
}

/// One sitting as the history table shows it: the date, the time taken ("5:00, time's
/// up" when the bell rang) and the points ticked.
pub fn row(record: &RunRecord, offset: i32) -> [String; 3] {
    let length = if f64::from(record.took) >= SECONDS {
        format!("{}, time's up", clock(record.took))
    } else {
        clock(record.took)
    };
    [
        day(record.started, offset),
        length,
        format!("{} of {}", record.points(), RUBRIC.len()),
    ]
}

/// The progress across sittings, oldest first in `records`: how many, the first and the
/// latest score and the change, and the best. `None` before the first.
pub fn progress_line(records: &[RunRecord]) -> Option<String> {
    let first = records.first()?;
    let latest = records.last()?;
    let of = RUBRIC.len();
    if records.len() == 1 {
        return Some(format!(
            "1 sitting so far: you covered {} of {of} rubric points in {}.",
            first.points(),
            clock(first.took)
        ));
    }
    let (a, b) = (first.points(), latest.points());
    let change = match b.cmp(&a) {
        std::cmp::Ordering::Greater => format!("{} more", b - a),
        std::cmp::Ordering::Less => format!("{} fewer", a - b),
        std::cmp::Ordering::Equal => "the same".to_string(),
    };
    let best = records.iter().map(RunRecord::points).max().unwrap_or(0);
    Some(format!(
        "{} sittings so far. Your first covered {a} of {of} rubric points, your latest {b}: \
         {change}. Your best is {best} of {of}.",
        records.len()
    ))
}

/// The timed run in the page's summary of progress.
pub fn summary(records: &[RunRecord]) -> String {
    let best = records.iter().map(RunRecord::points).max();
    match (records.len(), best) {
        (_, None) => "not tried".to_string(),
        (1, Some(best)) => format!("1 sitting, {best} of {} points", RUBRIC.len()),
        (n, Some(best)) => format!("{n} sittings, best {best} of {} points", RUBRIC.len()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_numbers::assert_numbers;

    fn run(started: u64, took: u32, points: usize) -> RunRecord {
        let mut ticked = [false; RUBRIC.len()];
        for t in ticked.iter_mut().take(points) {
            *t = true;
        }
        RunRecord {
            started,
            took,
            ticked,
        }
    }

    /// 2026-01-05 09:00 UTC.
    const MONDAY: u64 = 1_767_603_600_000;

    #[test]
    fn records_read_back_and_bad_ones_are_dropped() {
        let r = RunRecord::new(
            MONDAY as f64 + 0.4,
            91.4,
            [true, false, true, false, false, false, true],
        );
        assert_eq!((r.started, r.took, r.points()), (MONDAY, 91, 3));
        assert_eq!(r.to_value(), "91,69");
        assert_eq!(
            RunRecord::from_value(&MONDAY.to_string(), &r.to_value()),
            Some(r)
        );
        for (started, value) in [
            ("x", "91,5"),
            ("-5", "91,5"),
            ("1", "301,5"),
            ("1", "90,128"),
            ("1", "90"),
            ("1", "90,"),
            ("1", "ninety,1"),
            ("99999999999999999999999", "1,1"),
        ] {
            assert_eq!(
                RunRecord::from_value(started, value),
                None,
                "{started}={value}"
            );
        }
        // The page's clock out of range is clamped.
        let wild = RunRecord::new(f64::NAN, 1e9, [false; RUBRIC.len()]);
        assert_eq!((wild.started, wild.took), (0, 300));
        assert_eq!(RunRecord::new(-5.0, -1.0, [false; 7]).took, 0);
    }

    /// Dates from the day count checked against known days, in UTC and either side.
    #[test]
    fn days_are_the_calendar_days() {
        assert_eq!(day(0, 0), "1 Jan 1970");
        assert_eq!(day(MONDAY, 0), "5 Jan 2026");
        // 09:00 UTC is still the 4th ten hours west, and the 5th in Tokyo.
        assert_eq!(day(MONDAY, 600), "4 Jan 2026");
        assert_eq!(day(MONDAY, -540), "5 Jan 2026");
        assert_eq!(day(951_782_400_000, 0), "29 Feb 2000");
        assert_eq!(day(4_107_542_399_000, 0), "28 Feb 2100");
        assert_eq!(day(1_798_761_599_000, 0), "31 Dec 2026");
    }

    #[test]
    fn rows_say_date_length_and_points() {
        assert_eq!(
            row(&run(MONDAY, 90, 3), 0),
            ["5 Jan 2026", "1:30", "3 of 7"]
        );
        assert_eq!(
            row(&run(MONDAY, 300, 0), 0),
            ["5 Jan 2026", "5:00, time's up", "0 of 7"]
        );
    }

    /// None, one and several sittings, better, worse and level: the counts read from the
    /// sentence, computed here from the ticks.
    #[test]
    fn progress_reads_first_latest_and_best() {
        assert_eq!(progress_line(&[]), None);
        let one = progress_line(&[run(MONDAY, 95, 2)]).unwrap();
        assert_numbers(&one, &[1.0, 2.0, 7.0, 1.0, 35.0]);
        for points in [[2, 6, 4], [5, 1, 3], [4, 2, 4]] {
            let records: Vec<RunRecord> = points
                .iter()
                .enumerate()
                .map(|(i, &p)| run(MONDAY + i as u64 * 86_400_000, 300, p))
                .collect();
            let line = progress_line(&records).unwrap();
            let (a, b) = (points[0], points[2]);
            let best = *points.iter().max().unwrap();
            let mut expected = vec![3.0, a as f64, 7.0, b as f64];
            if a != b {
                expected.push(a.abs_diff(b) as f64);
            }
            expected.extend([best as f64, 7.0]);
            assert_numbers(&line, &expected);
            let word = if b > a {
                " more."
            } else if b < a {
                " fewer."
            } else {
                "the same."
            };
            assert!(line.contains(word), "{line}");
        }
        assert_eq!(summary(&[]), "not tried");
        assert_eq!(summary(&[run(MONDAY, 60, 3)]), "1 sitting, 3 of 7 points");
        assert_eq!(
            summary(&[
                run(MONDAY, 60, 3),
                run(MONDAY + 1, 60, 5),
                run(MONDAY + 2, 60, 1)
            ]),
            "3 sittings, best 5 of 7 points"
        );
    }
}
