//! The lines each lab figure draws, from the rows finished so far.

use ringlab_core::analysis::memory::{gossip_full_state, gossip_per_change, ring_bytes};
use ringlab_core::analysis::theory::points_for_balance;
use ringlab_core::experiment::{BusiestRow, CatcherRow};

use super::agree::{AgreeOutcome, Pair};
use super::job::{BoundedOutcome, KeysOutcome};
use super::llm::{LlmFigure, LlmRow};
use super::runs::{
    BOUNDED_KEYS, BOUNDED_SERVERS, KEYS_PLACED, KEYS_POINTS, KEYS_SCHEMES, SPEED_SCHEMES,
};
use crate::loss::Loss;
use crate::views::compare::schemes::Compared;

/// How a line is drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Dash {
    /// The measured mean.
    Solid,
    /// The 95th percentile.
    Dashed,
    /// A model or theory.
    Dotted,
}

/// One line: its name in the legend and the readout, its colour (an index shared by the
/// lines of one server count) and its points, x ascending.
#[derive(Debug, Clone, PartialEq)]
pub struct Line {
    pub label: String,
    pub colour: usize,
    pub dash: Dash,
    pub points: Vec<(f64, f64)>,
}

/// How a chart's values read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unit {
    /// A plain number.
    Number,
    /// A probability, as a percentage.
    Percent,
    /// A size in bytes.
    Bytes,
}

impl Unit {
    /// A value for an axis tick: as [`Unit::text`], but bytes in whole decimal units
    /// ("100 kB", "1 TB"), which the ticks' decades always are.
    pub fn tick(self, v: f64) -> String {
        if self == Unit::Number && v >= 1e4 {
            // Short: "10k", "100M" (the ticks are 1, 2 and 5 times powers of ten).
            let (scaled, suffix) = match v {
                v if v >= 1e9 => (v / 1e9, "G"),
                v if v >= 1e6 => (v / 1e6, "M"),
                v => (v / 1e3, "k"),
            };
            return format!("{scaled:.0}{suffix}");
        }
        if self != Unit::Bytes {
            return self.text(v);
        }
        let mut value = v.max(0.0);
        for unit in ["B", "kB", "MB", "GB"] {
            if value < 999.5 {
                return format!("{value:.0} {unit}");
            }
            value /= 1e3;
        }
        format!("{value:.0} TB")
    }

    /// A value for the readout.
    pub fn text(self, v: f64) -> String {
        match self {
            Unit::Number if v >= 10.0 || v == v.round() => format!("{v:.0}"),
            Unit::Number => format!("{v:.3}").trim_end_matches('0').to_string(),
            Unit::Percent => crate::format::percent(v),
            Unit::Bytes => crate::format::byte_size(v.max(0.0) as u64),
        }
    }
}

/// The busiest server's level `1 + ε` read as the points per server the rule of thumb
/// `2 ln N / ε²` asks for to stay within it, at `servers` servers: figure 1's second axis.
#[derive(Debug, Clone, PartialEq)]
pub struct RuleAxis {
    pub servers: usize,
}

/// The levels of the rule's axis, as ε.
pub const RULE_EPSILONS: [f64; 5] = [0.1, 0.25, 0.5, 1.0, 2.0];

impl RuleAxis {
    pub fn label(&self) -> String {
        format!(
            "V by 2 ln N / ε², N = {}",
            crate::format::grouped(self.servers as u64)
        )
    }

    /// The axis's ticks: the level `1 + ε` and the points the rule asks for there.
    pub fn ticks(&self) -> Vec<(f64, String)> {
        RULE_EPSILONS
            .iter()
            .map(|&e| {
                let points = points_for_balance(self.servers, e).ceil() as u64;
                (1.0 + e, crate::format::grouped(points))
            })
            .collect()
    }
}

/// A figure's plot: axes and lines. The x axis is logarithmic (base 2: the values are
/// powers of two or spread over decades); the y axis too where the values span a factor
/// of several (`log_y`).
#[derive(Debug, Clone, PartialEq)]
pub struct Chart {
    /// The x variable's name in the readout: "V".
    pub x_name: &'static str,
    /// A second y axis on the right, where one reads the values in another way.
    pub rule: Option<RuleAxis>,
    pub x_label: &'static str,
    pub y_label: &'static str,
    pub log_y: bool,
    pub unit: Unit,
    pub lines: Vec<Line>,
}

impl Chart {
    /// Every x some line has a point at, ascending.
    pub fn xs(&self) -> Vec<f64> {
        let mut xs: Vec<f64> = self
            .lines
            .iter()
            .flat_map(|l| l.points.iter().map(|p| p.0))
            .collect();
        xs.sort_by(f64::total_cmp);
        xs.dedup();
        xs
    }

    /// The y axis's ends and its ticks: on a log axis 1, 2, 5, 10 ... around the values;
    /// on a linear one from 0 to a round top with five ticks. `None` with no points.
    pub fn y_axis(&self) -> Option<(f64, f64, Vec<f64>)> {
        let ys = self
            .lines
            .iter()
            .flat_map(|l| l.points.iter().map(|p| p.1))
            .filter(|y| y.is_finite());
        let (low, high) = ys.fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), y| {
            (lo.min(y), hi.max(y))
        });
        if low > high {
            return None;
        }
        if self.log_y && low > 0.0 {
            // 1, 2, 5 in each decade; only the decades when there are more than three.
            let steps: &[f64] = if high / low > 1e3 {
                &[1.0]
            } else {
                &[1.0, 2.0, 5.0]
            };
            let mut ticks = Vec::new();
            let mut decade = 10f64.powf(low.log10().floor());
            while ticks.last().is_none_or(|&t| t <= high) {
                for step in steps {
                    ticks.push(step * decade);
                }
                decade *= 10.0;
            }
            let bottom = ticks
                .iter()
                .copied()
                .rev()
                .find(|&t| t <= low)
                .unwrap_or(low);
            let top = ticks
                .iter()
                .copied()
                .find(|&t| t >= high && t > bottom)
                .unwrap_or(high);
            ticks.retain(|&t| t >= bottom && t <= top);
            return Some((bottom, top, ticks));
        }
        let top = crate::format::nice_top(high.max(0.0) * 1.05);
        let ticks = (0..=4).map(|i| top * f64::from(i) / 4.0).collect();
        Some((0.0, top, ticks))
    }

    /// What the plot says at `x`: each line's value there, in legend order.
    pub fn readout(&self, x: f64) -> String {
        let values: Vec<String> = self
            .lines
            .iter()
            .filter_map(|l| {
                let (_, y) = l.points.iter().find(|p| p.0 == x)?;
                Some(match self.unit {
                    Unit::Number => format!("{} {y:.3}", l.label),
                    unit => format!("{} {}", l.label, unit.text(*y)),
                })
            })
            .collect();
        format!("{} = {x}: {}", self.x_name, values.join("; "))
    }
}

/// The distinct server counts in `rows`, in order of first appearance.
fn server_counts(servers: impl Iterator<Item = usize>) -> Vec<usize> {
    let mut out: Vec<usize> = Vec::new();
    for n in servers {
        if !out.contains(&n) {
            out.push(n);
        }
    }
    out
}

/// A row's setting.
trait Coordinates {
    fn servers(&self) -> usize;
    fn points(&self) -> u32;
}

impl Coordinates for BusiestRow {
    fn servers(&self) -> usize {
        self.servers
    }
    fn points(&self) -> u32 {
        self.points
    }
}

impl Coordinates for CatcherRow {
    fn servers(&self) -> usize {
        self.servers
    }
    fn points(&self) -> u32 {
        self.points
    }
}

/// One line per server count of `rows`, of `value` against points per server.
fn lines_of<R: Coordinates>(
    rows: &[R],
    value: impl Fn(&R) -> f64,
    label: impl Fn(usize) -> String,
    dash: Dash,
    colours: &[usize],
) -> Vec<Line> {
    colours
        .iter()
        .enumerate()
        .map(|(colour, &n)| Line {
            label: label(n),
            colour,
            dash,
            points: rows
                .iter()
                .filter(|r| r.servers() == n)
                .map(|r| (f64::from(r.points()), value(r)))
                .collect(),
        })
        .filter(|line| !line.points.is_empty())
        .collect()
}

/// Figure 1: the busiest server over its fair share, mean and 95th percentile by the ring,
/// and the Gamma model's mean beside it.
pub fn busiest(ring: &[BusiestRow], gamma: &[BusiestRow]) -> Chart {
    let counts = server_counts(ring.iter().chain(gamma).map(|r| r.servers));
    let mut lines = lines_of(
        ring,
        |r| r.mean_busiest,
        |n| format!("N = {n}, mean"),
        Dash::Solid,
        &counts,
    );
    lines.extend(lines_of(
        ring,
        |r| r.p95_busiest,
        |n| format!("N = {n}, 95th percentile"),
        Dash::Dashed,
        &counts,
    ));
    lines.extend(lines_of(
        gamma,
        |r| r.mean_busiest,
        |n| format!("N = {n}, Gamma model"),
        Dash::Dotted,
        &counts,
    ));
    Chart {
        // The rule read at the most servers drawn.
        rule: counts.iter().max().map(|&servers| RuleAxis { servers }),
        x_name: "V",
        unit: Unit::Number,
        x_label: "points per server, V (log2 scale)",
        y_label: "busiest / fair share",
        log_y: true,
        lines,
    }
}

/// Figure 2: the shares' spread (CV) times sqrt(V), measured, against its exact value.
pub fn spread(ring: &[BusiestRow]) -> Chart {
    let counts = server_counts(ring.iter().map(|r| r.servers));
    let mut lines = lines_of(
        ring,
        |r| r.spread_sqrt_points,
        |n| format!("N = {n}, measured"),
        Dash::Solid,
        &counts,
    );
    lines.extend(lines_of(
        ring,
        |r| r.theory_spread_sqrt_points,
        |n| format!("N = {n}, theory"),
        Dash::Dotted,
        &counts,
    ));
    Chart {
        rule: None,
        x_name: "V",
        unit: Unit::Number,
        x_label: "points per server, V (log2 scale)",
        y_label: "spread x sqrt(V)",
        log_y: false,
        lines,
    }
}

/// Figure 3: the share of a leaving server's keys that its biggest catcher takes.
pub fn catcher(rows: &[CatcherRow]) -> Chart {
    let counts = server_counts(rows.iter().map(|r| r.servers));
    let mut lines = lines_of(
        rows,
        |r| r.mean_biggest_fraction,
        |n| format!("N = {n}, mean"),
        Dash::Solid,
        &counts,
    );
    lines.extend(lines_of(
        rows,
        |r| r.p95_biggest_fraction,
        |n| format!("N = {n}, 95th percentile"),
        Dash::Dashed,
        &counts,
    ));
    Chart {
        rule: None,
        x_name: "V",
        unit: Unit::Number,
        x_label: "points per server, V (log2 scale)",
        y_label: "biggest catcher's share",
        log_y: true,
        lines,
    }
}

/// Figure 6: the chance that three failures of sixteen servers lose some key, against V,
/// with plain preference lists and with rack-aware ones (four racks of four).
pub fn durability(rows: &[(u32, Loss)]) -> Chart {
    let line = |label: &str, colour, dash, get: fn(&Loss) -> f64| Line {
        label: label.to_string(),
        colour,
        dash,
        points: rows.iter().map(|(v, l)| (f64::from(*v), get(l))).collect(),
    };
    let lines = if rows.is_empty() {
        Vec::new()
    } else {
        vec![
            line("any three servers", 0, Dash::Solid, |l| l.plain),
            line("one per rack", 1, Dash::Dashed, |l| l.rack_aware),
        ]
    };
    Chart {
        rule: None,
        x_name: "V",
        x_label: "points per server, V (log2 scale)",
        y_label: "P(some key lost)",
        log_y: false,
        unit: Unit::Percent,
        lines,
    }
}

/// One real-keys row: the scheme, the server count, what the keys showed.
pub type KeysRow = (Compared, usize, KeysOutcome);

/// The least keys a join to `servers` must move: the newcomer's share of
/// [`KEYS_PLACED`].
pub fn keys_least_moved(servers: usize) -> f64 {
    KEYS_PLACED as f64 / (servers as f64 + 1.0)
}

/// Figure 4's floor for `scheme` on `servers` servers: the spread of keys per server that
/// key noise alone leaves, sqrt(N/K), plus sqrt(1/V) for a ring.
pub fn keys_floor(scheme: Compared, servers: usize) -> f64 {
    scheme.expected_spread(servers as u64, KEYS_PLACED, u64::from(KEYS_POINTS))
}

/// Figure 4: the spread of keys per server against N, each scheme measured (solid) and
/// its floor, sqrt(1/V + N/K) for the rings and sqrt(N/K) for the others (dotted).
pub fn keys(rows: &[KeysRow]) -> Chart {
    let mut lines = Vec::new();
    for (colour, scheme) in KEYS_SCHEMES.iter().enumerate() {
        let mine: Vec<&KeysRow> = rows.iter().filter(|r| r.0 == *scheme).collect();
        if mine.is_empty() {
            continue;
        }
        let title = scheme.title(u64::from(KEYS_POINTS));
        lines.push(Line {
            label: title.clone(),
            colour,
            dash: Dash::Solid,
            points: mine.iter().map(|r| (r.1 as f64, r.2.spread)).collect(),
        });
        lines.push(Line {
            label: format!("{title}, floor"),
            colour,
            dash: Dash::Dotted,
            points: mine
                .iter()
                .map(|r| (r.1 as f64, keys_floor(*scheme, r.1)))
                .collect(),
        });
    }
    Chart {
        rule: None,
        x_name: "N",
        x_label: "servers, N (log scale)",
        y_label: "spread of keys per server",
        log_y: true,
        unit: Unit::Number,
        lines,
    }
}

/// One lookup-speed row: the scheme, the server count, lookups per second.
pub type SpeedRow = (Compared, usize, f64);

/// Figure 5: lookups per second measured here against N, one line per scheme.
pub fn speed(rows: &[SpeedRow]) -> Chart {
    let lines = SPEED_SCHEMES
        .iter()
        .enumerate()
        .map(|(colour, scheme)| Line {
            label: scheme.title(u64::from(KEYS_POINTS)),
            colour,
            dash: Dash::Solid,
            points: rows
                .iter()
                .filter(|r| r.0 == *scheme)
                .map(|r| (r.1 as f64, r.2))
                .collect(),
        })
        .filter(|line| !line.points.is_empty())
        .collect();
    Chart {
        rule: None,
        x_name: "N",
        x_label: "servers, N (log scale)",
        y_label: "lookups per second",
        log_y: true,
        unit: Unit::Number,
        lines,
    }
}

/// One bounded-loads row: epsilon and what it gave.
pub type BoundedRow = (f64, BoundedOutcome);

/// The least keys a join to `servers` must move: the newcomer's share of [`BOUNDED_KEYS`].
pub fn bounded_least_moved(servers: usize) -> f64 {
    BOUNDED_KEYS as f64 / (servers as f64 + 1.0)
}

/// Figure 8: against epsilon, the busiest server over the mean with its cap 1 + epsilon,
/// and the keys a join moves over the least possible.
pub fn bounded(rows: &[BoundedRow]) -> Chart {
    let line = |label: &str, colour, dash, get: &dyn Fn(&BoundedRow) -> f64| Line {
        label: label.to_string(),
        colour,
        dash,
        points: rows.iter().map(|r| (r.0, get(r))).collect(),
    };
    let least = bounded_least_moved(BOUNDED_SERVERS);
    let lines = if rows.is_empty() {
        Vec::new()
    } else {
        vec![
            line("busiest / mean", 0, Dash::Solid, &|r| r.1.max_over_mean),
            line("the cap, 1 + ε", 0, Dash::Dotted, &|r| 1.0 + r.0),
            line(
                "keys moved on a join / the least possible",
                1,
                Dash::Solid,
                &|r| r.1.moved as f64 / least,
            ),
        ]
    };
    Chart {
        rule: None,
        x_name: "ε",
        x_label: "ε, the load allowed above the mean (log scale)",
        y_label: "times",
        log_y: true,
        unit: Unit::Number,
        lines,
    }
}

/// One agreement row: the pair, the server (or partition) count, the keys alike.
pub type AgreeRow = (Pair, usize, AgreeOutcome);

/// Figure 9's colour for chance, 1/N: past the pairs' own.
const CHANCE_COLOUR: usize = Pair::ALL.len();

/// Figure 9: the share of keys two placements send to the same server against N, each
/// pair measured (solid), with what chance gives two unrelated hashes, 1/N, and what a
/// ring keeps when a server joins, N/(N+1) (dotted).
pub fn agree(rows: &[AgreeRow]) -> Chart {
    let of = |pair: Pair| rows.iter().filter(move |r| r.0 == pair && r.2.keys > 0);
    let mut lines: Vec<Line> = Pair::ALL
        .iter()
        .enumerate()
        .filter(|(_, &pair)| of(pair).next().is_some())
        .map(|(colour, &pair)| Line {
            label: pair.label().to_string(),
            colour,
            dash: Dash::Solid,
            points: of(pair).map(|r| (r.1 as f64, r.2.share())).collect(),
        })
        .collect();
    let theory = |pair: Pair, label: &str, colour| {
        let mut xs: Vec<usize> = rows.iter().map(|r| r.1).collect();
        xs.sort_unstable();
        xs.dedup();
        Line {
            label: label.to_string(),
            colour,
            dash: Dash::Dotted,
            points: xs.iter().map(|&n| (n as f64, pair.expected(n))).collect(),
        }
    };
    if !rows.is_empty() {
        lines.push(theory(Pair::Kafka, "chance, 1/N", CHANCE_COLOUR));
        let join = Pair::ALL.iter().position(|&p| p == Pair::Join).unwrap_or(0);
        lines.push(theory(Pair::Join, "a join in theory, N/(N+1)", join));
    }
    Chart {
        rule: None,
        x_name: "N",
        x_label: "servers or partitions, N (log scale)",
        y_label: "keys placed alike (log scale)",
        log_y: true,
        unit: Unit::Percent,
        lines,
    }
}

/// Figures 10 to 12: the share of prompt blocks found cached against the figure's x (K,
/// c or the cache's blocks), one line per router (solid), and the most any router could
/// reuse (dotted).
pub fn llm(rows: &[LlmRow], most: (u64, u64), figure: LlmFigure) -> Chart {
    let mine: Vec<&LlmRow> = rows.iter().filter(|r| r.figure == figure).collect();
    let routers = figure.routers();
    let mut lines: Vec<Line> = routers
        .iter()
        .enumerate()
        .map(|(colour, &router)| Line {
            label: router.label_in(figure),
            colour,
            dash: Dash::Solid,
            points: mine
                .iter()
                .filter(|r| r.router == router)
                .map(|r| (r.x, r.share()))
                .collect(),
        })
        .filter(|l| !l.points.is_empty())
        .collect();
    if !lines.is_empty() && most.1 > 0 {
        let best = most.0 as f64 / most.1 as f64;
        let mut xs: Vec<f64> = mine.iter().map(|r| r.x).collect();
        xs.sort_by(f64::total_cmp);
        xs.dedup();
        lines.push(Line {
            label: "the most any router could".into(),
            colour: routers.len(),
            dash: Dash::Dotted,
            points: xs.iter().map(|&x| (x, best)).collect(),
        });
    }
    let (x_name, x_label) = match figure {
        LlmFigure::Prefix => ("K", "blocks hashed, K (log scale)"),
        LlmFigure::Bound => ("c", "the bound c (log scale)"),
        LlmFigure::Cache => ("C", "blocks each worker caches, C (log scale)"),
    };
    Chart {
        rule: None,
        x_name,
        x_label,
        y_label: "prompt blocks found cached",
        log_y: false,
        unit: Unit::Percent,
        lines,
    }
}

/// Figure 7's server counts.
pub const MEMORY_SERVERS: [u64; 4] = [16, 100, 1_000, 10_000];
/// Figure 7's points per server.
pub const MEMORY_POINTS: u64 = 200;

/// Figure 7's rows: N, then the ring's bytes, one change's own-token gossip and its
/// whole-ring gossip, at V = [`MEMORY_POINTS`]. The chart, the table and the CSV read them.
pub fn memory_rows() -> Vec<(u64, u64, u64, u64)> {
    MEMORY_SERVERS
        .iter()
        .map(|&n| {
            (
                n,
                ring_bytes(n, MEMORY_POINTS),
                gossip_per_change(n, MEMORY_POINTS).total_bytes,
                gossip_full_state(n, MEMORY_POINTS).total_bytes,
            )
        })
        .collect()
}

/// Figure 7: the ring every member holds, and what one membership change sends, against
/// N at V = 200 (exact formulas: `ringlab_core::analysis::memory`).
pub fn memory() -> Chart {
    let rows = memory_rows();
    let line = |label: &str, colour, dash, get: fn(&(u64, u64, u64, u64)) -> u64| Line {
        label: label.to_string(),
        colour,
        dash,
        points: rows.iter().map(|r| (r.0 as f64, get(r) as f64)).collect(),
    };
    Chart {
        rule: None,
        x_name: "N",
        x_label: "servers, N (log scale)",
        y_label: "bytes",
        log_y: true,
        unit: Unit::Bytes,
        lines: vec![
            line("the ring, on each member", 0, Dash::Solid, |r| r.1),
            line("one change, its tokens to everyone", 1, Dash::Dashed, |r| {
                r.2
            }),
            line(
                "one change, the whole ring to everyone",
                2,
                Dash::Dotted,
                |r| r.3,
            ),
        ],
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ringlab_core::experiment::{run, Busiest, Method, Placement, Setting};

    #[test]
    fn one_line_per_server_count_and_statistic() {
        let trial = Busiest {
            seed: 1,
            method: Method::Gamma,
            placement: Placement::Uniform,
        };
        let settings = [
            Setting {
                servers: 10,
                points: 1,
                rings: 20,
            },
            Setting {
                servers: 10,
                points: 4,
                rings: 20,
            },
            Setting {
                servers: 100,
                points: 1,
                rings: 20,
            },
        ];
        let rows = run(&trial, &settings, None).unwrap();
        let chart = busiest(&rows, &rows[..1]);
        let labels: Vec<_> = chart.lines.iter().map(|l| l.label.as_str()).collect();
        assert_eq!(
            labels,
            [
                "N = 10, mean",
                "N = 100, mean",
                "N = 10, 95th percentile",
                "N = 100, 95th percentile",
                "N = 10, Gamma model"
            ]
        );
        assert_eq!(
            chart.lines[0].points,
            vec![(1.0, rows[0].mean_busiest), (4.0, rows[1].mean_busiest)]
        );
        assert_eq!((chart.lines[1].colour, chart.lines[4].colour), (1, 0));
        assert!(busiest(&[], &[]).lines.is_empty());
        assert_eq!(spread(&rows).lines.len(), 4);
        assert_eq!(chart.xs(), vec![1.0, 4.0]);
        assert!(chart.readout(4.0).starts_with("V = 4: N = 10, mean 1."));
        // The second axis reads the rule at the most servers drawn: 2 ln 100 / 0.1² = 921.03
        // points for 10% (the core's doc example), 37 for 50%.
        let rule = chart.rule.as_ref().unwrap();
        assert_eq!(rule.servers, 100);
        assert_eq!(rule.ticks()[0], (1.1, "922".to_string()));
        assert_eq!(rule.ticks()[2], (1.5, "37".to_string()));
        assert_eq!(rule.label(), "V by 2 ln N / ε², N = 100");
        assert!(busiest(&[], &[]).rule.is_none());
        assert!(spread(&rows).rule.is_none());
    }

    #[test]
    fn memory_and_durability_read_in_their_units() {
        let chart = memory();
        assert_eq!(chart.xs(), vec![16.0, 100.0, 1_000.0, 10_000.0]);
        // The seed's rings: 51 kB at 16 servers, 3.2 MB at 1,000, 32 MB at 10,000.
        assert!(chart.readout(1_000.0).starts_with("N = 1000: the ring, on each member 3.2 MB; one change, its tokens to everyone 3.2 MB"), "{}", chart.readout(1_000.0));
        assert!(
            chart.readout(16.0).contains("51.2 kB"),
            "{}",
            chart.readout(16.0)
        );
        let (_, _, ticks) = chart.y_axis().unwrap();
        assert!(
            ticks.windows(2).all(|w| w[1] / w[0] > 9.0),
            "decades only: {ticks:?}"
        );
        assert_eq!(
            [2.0, 1e4, 5e6, 1e8, 2e9].map(|v| Unit::Number.tick(v)),
            ["2", "10k", "5M", "100M", "2G"]
        );
        assert_eq!(
            [1e4, 1e5, 1e9, 1e12].map(|v| Unit::Bytes.tick(v)),
            ["10 kB", "100 kB", "1 GB", "1 TB"]
        );
        let d = durability(&[(
            1,
            Loss {
                distinct_sets: 16,
                plain: 16.0 / 560.0,
                rack_aware: 0.0,
            },
        )]);
        assert_eq!(
            d.readout(1.0),
            "V = 1: any three servers 2.9%; one per rack 0.0%"
        );
    }

    #[test]
    fn axes_span_the_values() {
        let line = |points: Vec<(f64, f64)>| Line {
            label: "a".into(),
            colour: 0,
            dash: Dash::Solid,
            points,
        };
        let mut chart = Chart {
            rule: None,
            x_name: "V",
            unit: Unit::Number,
            x_label: "",
            y_label: "",
            log_y: true,
            lines: vec![line(vec![(1.0, 1.1), (2.0, 7.4)])],
        };
        assert_eq!(chart.y_axis(), Some((1.0, 10.0, vec![1.0, 2.0, 5.0, 10.0])));
        chart.lines = vec![line(vec![(1.0, 0.05), (2.0, 0.99)])];
        assert_eq!(
            chart.y_axis(),
            Some((0.05, 1.0, vec![0.05, 0.1, 0.2, 0.5, 1.0]))
        );
        chart.log_y = false;
        let (low, top, ticks) = chart.y_axis().unwrap();
        assert_eq!((low, ticks.len()), (0.0, 5));
        // Five even ticks from 0 to the top: quarters.
        assert_eq!(ticks, [0.0, top * 0.25, top * 0.5, top * 0.75, top]);
        assert!(top >= 0.99 * 1.05);
        // One value: still an axis with two ends.
        chart.lines = vec![line(vec![(1.0, 2.0)])];
        let (low, top, _) = chart.y_axis().unwrap();
        assert!(top > low && low == 0.0, "{low} {top}");
        chart.log_y = true;
        let (low, top, _) = chart.y_axis().unwrap();
        assert!(top > low && low > 0.0, "{low} {top}");
        chart.lines.clear();
        assert_eq!(chart.y_axis(), None);
    }

    /// Figure 3 from the shipped rows (one server count, 100): the mean and the 95th
    /// percentile at every V, each the rows' own number.
    #[test]
    fn figure_3_draws_the_shipped_rows() {
        let rows = crate::views::lab::shipped::catcher_rows();
        let chart = catcher(&rows);
        let labels: Vec<&str> = chart.lines.iter().map(|l| l.label.as_str()).collect();
        assert_eq!(labels, ["N = 100, mean", "N = 100, 95th percentile"]);
        let mean: Vec<(f64, f64)> = rows
            .iter()
            .map(|r| (f64::from(r.points), r.mean_biggest_fraction))
            .collect();
        let p95: Vec<(f64, f64)> = rows
            .iter()
            .map(|r| (f64::from(r.points), r.p95_biggest_fraction))
            .collect();
        assert_eq!(rows.len(), 11);
        assert_eq!(chart.lines[0].points, mean);
        assert_eq!(chart.lines[1].points, p95);
    }
}
