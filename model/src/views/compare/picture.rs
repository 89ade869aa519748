//! The picture above the table: the keys each scheme moved, as bars on a log scale (mod N
//! moves a thousand times what the others move, and both must be readable), with what a
//! fair change moves marked: its mean, and a band of two standard deviations either side.
//! Laid out here in CSS pixels from the same outcomes as the table; the view only draws.

use super::params::CompareParams;
use super::prose::FairMove;
use super::run::Outcome;
use crate::chart::{spaced_ticks, Frame, Margins};
use crate::format::grouped;

/// One scheme's row, CSS pixels.
pub const ROW: f64 = 26.0;
/// A bar's thickness within its row.
pub const BAR: f64 = 16.0;
/// About how wide a character of the 12 px labels is.
const CHAR_WIDTH: f64 = 7.0;
const TOP: f64 = 24.0;
const BOTTOM: f64 = 40.0;
const RIGHT: f64 = 10.0;

/// A scheme's bar: `end` is where it stops (the axis's start for no key or one), `None`
/// until the scheme is built.
#[derive(Debug, Clone, PartialEq)]
pub struct Bar {
    pub name: String,
    pub y: f64,
    pub end: Option<f64>,
    /// The count as the table writes it, and where: after the bar, or inside its end
    /// when there is no room after it.
    pub count: String,
    pub count_x: f64,
    pub count_inside: bool,
}

/// A tick of the log axis: a power of ten.
#[derive(Debug, Clone, PartialEq)]
pub struct Tick {
    pub x: f64,
    pub label: String,
    /// `middle`, or `end` for the last, which ends at its tick.
    pub anchor: &'static str,
}

/// A fair change's count: its mean at `x`, the band from `low` to `high`, and its label
/// centred at `label_x` (kept inside the picture).
#[derive(Debug, Clone, PartialEq)]
pub struct FairMark {
    pub x: f64,
    pub low: f64,
    pub high: f64,
    pub label: String,
    pub label_x: f64,
}

#[derive(Debug, Clone, PartialEq)]
pub struct MovedPicture {
    pub frame: Frame,
    pub bars: Vec<Bar>,
    pub ticks: Vec<Tick>,
    pub fair: FairMark,
    /// The picture's accessible name: every bar's count and the fair count, in words.
    pub label: String,
}

/// The picture for `outcomes` once `done` keys are placed, `shown` CSS pixels wide (0 or
/// less before it is measured). The axis runs from 1 key to the power of ten at or above
/// the run's keys, so it stays put while the keys are placed.
pub fn moved_picture(
    p: &CompareParams,
    outcomes: &[Outcome],
    done: u64,
    shown: f64,
) -> MovedPicture {
    let names: Vec<String> = p.schemes.iter().map(|s| s.title(p.vnodes)).collect();
    let widest = names.iter().map(|n| n.chars().count()).max().unwrap_or(4) as f64;
    let margins = Margins {
        left: widest * CHAR_WIDTH + 12.0,
        right: RIGHT,
        top: TOP,
        bottom: BOTTOM,
    };
    let height = TOP + ROW * names.len().max(1) as f64 + BOTTOM;
    let frame = Frame::new(shown, 640.0, 0.0, height, height, margins);
    let decades = (p.keys.max(10) as f64).log10().ceil();
    let x = |v: f64| margins.left + frame.plot_width() * (v.max(1.0).log10() / decades).min(1.0);
    let right_edge = frame.width - RIGHT;
    let bars = p
        .schemes
        .iter()
        .zip(names)
        .enumerate()
        .map(|(i, (scheme, name))| {
            let y = TOP + ROW * i as f64 + (ROW - BAR) / 2.0;
            let moved = outcomes
                .iter()
                .find(|o| o.scheme == *scheme)
                .map(|o| o.moved);
            let end = moved.map(|m| x(m as f64));
            let count = moved.map_or_else(|| "…".to_string(), grouped);
            let width = count.chars().count() as f64 * CHAR_WIDTH;
            let after = end.unwrap_or(margins.left) + 4.0;
            let count_inside = after + width > right_edge;
            Bar {
                name,
                y,
                end,
                count_x: if count_inside { after - 8.0 } else { after },
                count,
                count_inside,
            }
        })
        .collect();
    let ticks = ticks(decades as u32, &x);
    let fair = FairMove::new(p, done.max(1));
    let label = format!("fair share {}", fair.text());
    let half = label.chars().count() as f64 * CHAR_WIDTH / 2.0;
    let mean_x = x(fair.mean);
    let fair_mark = FairMark {
        x: mean_x,
        low: x(fair.mean - 2.0 * fair.sd),
        high: x(fair.mean + 2.0 * fair.sd),
        label_x: mean_x.clamp(half + 2.0, (frame.width - half - 2.0).max(half + 2.0)),
        label,
    };
    MovedPicture {
        label: accessible_name(p, outcomes, &fair),
        frame,
        bars,
        ticks,
        fair: fair_mark,
    }
}

/// The powers of ten from 1 to 10^`decades`, those whose labels would touch left out.
fn ticks(decades: u32, x: &dyn Fn(f64) -> f64) -> Vec<Tick> {
    let all: Vec<(f64, String)> = (0..=decades)
        .map(|d| {
            let v = 10u64.pow(d);
            (x(v as f64), grouped(v))
        })
        .collect();
    let widths: Vec<(f64, f64)> = all
        .iter()
        .map(|(x, l)| (*x, l.chars().count() as f64 * CHAR_WIDTH))
        .collect();
    let last = all.len() - 1;
    spaced_ticks(&widths, 8.0)
        .into_iter()
        .map(|i| Tick {
            x: all[i].0,
            label: all[i].1.clone(),
            anchor: if i == last { "end" } else { "middle" },
        })
        .collect()
}

/// "Keys moved per scheme, on a log scale: mod N 99,900; Jump 101. A fair share: 100 ± 10."
fn accessible_name(p: &CompareParams, outcomes: &[Outcome], fair: &FairMove) -> String {
    let counts: Vec<String> = p
        .schemes
        .iter()
        .map(|s| {
            let moved = outcomes.iter().find(|o| o.scheme == *s).map(|o| o.moved);
            format!(
                "{} {}",
                s.title(p.vnodes),
                moved.map_or_else(|| "not yet counted".to_string(), grouped)
            )
        })
        .collect();
    format!(
        "Keys moved per scheme, on a log scale: {}. A fair share: {}.",
        counts.join("; "),
        fair.text()
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_numbers::assert_numbers;
    use crate::views::compare::params::Change;
    use crate::views::compare::run::Comparison;
    use crate::views::compare::schemes::Compared;

    fn run(p: &CompareParams) -> Vec<Outcome> {
        let mut c = Comparison::new(p);
        while !c.step(5_000) {}
        c.outcomes()
    }

    fn params(servers: u64, keys: u64, change: Change) -> CompareParams {
        CompareParams {
            servers,
            keys,
            change,
            schemes: Compared::ALL.to_vec(),
            ..CompareParams::default()
        }
    }

    /// Each bar ends where log10 of its count puts it on an axis of whole decades from 1
    /// to the keys' power of ten, the order of the bars is the table's, and the fair mark
    /// sits at K/(N+1) (1/N for a leaver), its band two binomial standard deviations wide.
    #[test]
    fn bars_end_at_the_log_of_their_counts() {
        for (n, k, change, width) in [
            (100, 20_000, Change::Join, 360.0),
            (40, 9_000, Change::MiddleLeaves, 1_280.0),
        ] {
            let p = params(n, k, change);
            let outcomes = run(&p);
            let pic = moved_picture(&p, &outcomes, k, width);
            assert_eq!(pic.frame.width, width);
            let decades = (k as f64).log10().ceil();
            let (left, plot) = (pic.frame.margins.left, pic.frame.plot_width());
            let at = |v: f64| left + plot * v.max(1.0).log10() / decades;
            assert_eq!(pic.bars.len(), Compared::ALL.len());
            for (bar, o) in pic.bars.iter().zip(&outcomes) {
                assert_eq!(bar.name, o.scheme.title(p.vnodes));
                assert!((bar.end.unwrap() - at(o.moved as f64)).abs() < 1e-9);
                assert_numbers(&bar.count, &[o.moved as f64]);
                assert!(bar.count_x >= left && bar.count_x <= width);
            }
            // The rows go down the picture, one row apart, inside it.
            for pair in pic.bars.windows(2) {
                assert!((pair[1].y - pair[0].y - ROW).abs() < 1e-9);
            }
            let last = pic.bars.last().unwrap();
            assert!(last.y + BAR < pic.frame.height - pic.frame.margins.bottom + 1e-9);
            let share = match change {
                Change::Join => 1.0 / (n as f64 + 1.0),
                _ => 1.0 / n as f64,
            };
            let (mean, sd) = (k as f64 * share, (k as f64 * share * (1.0 - share)).sqrt());
            assert!((pic.fair.x - at(mean)).abs() < 1e-9);
            assert!((pic.fair.low - at(mean - 2.0 * sd)).abs() < 1e-9);
            assert!((pic.fair.high - at(mean + 2.0 * sd)).abs() < 1e-9);
            assert!(pic.fair.label.starts_with("fair share "));
            assert_numbers(&pic.fair.label, &[mean.round(), sd]);
            // The ticks are powers of ten at their places, the last the axis's end.
            let end = pic.ticks.last().unwrap();
            assert_eq!(end.label, crate::format::grouped(10u64.pow(decades as u32)));
            assert!((end.x - (left + plot)).abs() < 1e-9);
            for t in &pic.ticks {
                let v = t.label.replace(',', "").parse::<f64>().unwrap();
                assert!((t.x - at(v)).abs() < 1e-9, "{t:?}");
            }
            // The name reads every count and the fair count.
            let mut expected: Vec<f64> = Vec::new();
            for o in &outcomes {
                if o.scheme == Compared::Ring1024 {
                    expected.push(1_024.0);
                }
                if o.scheme == Compared::Ring {
                    expected.push(p.vnodes as f64);
                }
                expected.push(o.moved as f64);
            }
            expected.extend([mean.round(), sd]);
            assert_numbers(&pic.label, &expected);
        }
    }

    /// The phone's ticks never touch: each label's extent leaves room before the next.
    #[test]
    fn tick_labels_do_not_touch_on_a_phone() {
        let p = params(1_000, 1_000_000, Change::Join);
        let pic = moved_picture(&p, &[], 0, 320.0);
        let extent = |t: &Tick| {
            let w = t.label.len() as f64 * CHAR_WIDTH;
            match t.anchor {
                "end" => (t.x - w, t.x),
                _ => (t.x - w / 2.0, t.x + w / 2.0),
            }
        };
        assert!(pic.ticks.len() >= 3, "{:?}", pic.ticks);
        for pair in pic.ticks.windows(2) {
            assert!(extent(&pair[0]).1 < extent(&pair[1]).0, "{pair:?}");
        }
        // Before anything is counted, every row is there, without a bar.
        assert!(pic.bars.iter().all(|b| b.end.is_none() && b.count == "…"));
        assert!(pic.label.contains("not yet counted"), "{}", pic.label);
        // The fair label stays inside the picture.
        let half = pic.fair.label.len() as f64 * CHAR_WIDTH / 2.0;
        assert!(pic.fair.label_x - half >= 0.0 && pic.fair.label_x + half <= 320.0);
    }
}
