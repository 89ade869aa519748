//! The clock's geometry, as plain numbers for the SVG: 0 at the top, clockwise, in a
//! square of [`SIZE`] units. Tested natively; the view only writes these into elements.

use super::model::{Cluster, Exercise, Stage};
use super::params::MARKS;

/// The side of the SVG's view box.
pub const SIZE: f64 = 400.0;
/// The centre.
pub const CENTRE: f64 = SIZE / 2.0;
/// The clock's ring.
pub const RADIUS: f64 = 102.0;

/// The point at `mark` (0..100, fractions allowed) on a circle of `radius` around the
/// centre: 0 at the top, clockwise.
pub fn point(mark: f64, radius: f64) -> (f64, f64) {
    crate::geometry::polar((CENTRE, CENTRE), radius, mark / MARKS as f64)
}

/// Rounds to a tenth for SVG attributes.
pub fn num(value: f64) -> String {
    let rounded = (value * 10.0).round() / 10.0;
    if rounded == 0.0 {
        "0".into()
    } else {
        format!("{rounded}")
    }
}

/// How text at `mark` is anchored so that it reads away from the centre (`outward`) or
/// towards it.
pub fn anchor(mark: f64, outward: bool) -> &'static str {
    let sin = (mark / MARKS as f64 * std::f64::consts::TAU).sin();
    let sin = if outward { sin } else { -sin };
    if sin > 0.3 {
        "start"
    } else if sin < -0.3 {
        "end"
    } else {
        "middle"
    }
}

/// The SVG path of the arc after mark `after` up to mark `to`, clockwise, on `radius`;
/// the whole circle when they are equal.
pub fn arc_path(after: u32, to: u32, radius: f64) -> String {
    let span = (to + MARKS - after) % MARKS;
    let r = num(radius);
    if span == 0 {
        let (x0, y0) = point(after as f64, radius);
        let (x1, y1) = point(after as f64 + MARKS as f64 / 2.0, radius);
        return format!(
            "M {} {} A {r} {r} 0 0 1 {} {} A {r} {r} 0 0 1 {} {}",
            num(x0),
            num(y0),
            num(x1),
            num(y1),
            num(x0),
            num(y0)
        );
    }
    let (x0, y0) = point(after as f64, radius);
    let (x1, y1) = point(to as f64, radius);
    let large = u8::from(span > MARKS / 2);
    format!(
        "M {} {} A {r} {r} 0 {large} 1 {} {}",
        num(x0),
        num(y0),
        num(x1),
        num(y1)
    )
}

/// A tick of the dial.
#[derive(Debug, Clone, PartialEq)]
pub struct Tick {
    pub mark: u32,
    pub inner: (f64, f64),
    pub outer: (f64, f64),
    /// Where the number is written.
    pub label: (f64, f64),
}

/// Ticks every 10 marks (and a short one every 5).
pub fn ticks() -> Vec<Tick> {
    (0..MARKS)
        .step_by(5)
        .map(|mark| {
            let long = mark % 10 == 0;
            Tick {
                mark,
                inner: point(mark as f64, RADIUS - if long { 7.0 } else { 4.0 }),
                outer: point(mark as f64, RADIUS + if long { 7.0 } else { 4.0 }),
                label: point(mark as f64, RADIUS + 18.0),
            }
        })
        .collect()
}

/// A server or key mark on the dial.
#[derive(Debug, Clone, PartialEq)]
pub struct Marker {
    pub name: String,
    pub at: u32,
    pub centre: (f64, f64),
    pub label: (f64, f64),
    pub anchor: &'static str,
    /// The colour index of its owner (keys) or itself (servers), when shown.
    pub colour: Option<usize>,
    /// A key that moved in the change that made this cluster.
    pub moved: bool,
}

/// One server's arc, coloured once its owners are revealed.
#[derive(Debug, Clone, PartialEq)]
pub struct ArcShape {
    pub server: String,
    pub path: String,
    pub colour: usize,
}

/// Everything the SVG draws for one cluster.
#[derive(Debug, Clone, PartialEq)]
pub struct Dial {
    pub servers: Vec<Marker>,
    pub keys: Vec<Marker>,
    /// Empty until the owners of this cluster are revealed.
    pub arcs: Vec<ArcShape>,
}

/// The dial for `stage`; owners, arcs and moved keys only when `revealed`.
pub fn dial(exercise: &Exercise, stage: Stage, revealed: bool) -> Dial {
    let cluster: &Cluster = exercise.cluster(stage);
    let servers = cluster
        .clockwise()
        .map(|s| Marker {
            name: s.name.clone(),
            at: s.at,
            centre: point(s.at as f64, RADIUS),
            label: point(s.at as f64, RADIUS + 32.0),
            anchor: anchor(s.at as f64, true),
            colour: Some(s.colour),
            moved: false,
        })
        .collect();
    let change = match stage {
        Stage::Start => None,
        Stage::Joined => Some(super::model::Change::Join),
        Stage::Left => Some(super::model::Change::Leave),
    };
    let keys = exercise
        .keys
        .iter()
        .enumerate()
        .map(|(k, key)| Marker {
            name: key.name.clone(),
            at: key.at,
            centre: point(key.at as f64, RADIUS - 16.0),
            label: point(key.at as f64, RADIUS - 28.0),
            anchor: anchor(key.at as f64, false),
            colour: revealed
                .then(|| cluster.owner(key.at).map(|s| s.colour))
                .flatten(),
            moved: revealed && change.is_some_and(|c| exercise.key_move(c, k).moved()),
        })
        .collect();
    let arcs = if revealed {
        cluster
            .clockwise()
            .filter_map(|s| {
                let arc = cluster.arc(&s.name)?;
                Some(ArcShape {
                    server: s.name.clone(),
                    path: arc_path(arc.after, arc.to, RADIUS),
                    colour: s.colour,
                })
            })
            .collect()
    } else {
        Vec::new()
    };
    Dial {
        servers,
        keys,
        arcs,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::views::clock::params::ClockParams;

    fn close(a: (f64, f64), b: (f64, f64)) -> bool {
        (a.0 - b.0).abs() < 1e-9 && (a.1 - b.1).abs() < 1e-9
    }

    #[test]
    fn zero_is_at_the_top_and_marks_go_clockwise() {
        assert!(close(point(0.0, 100.0), (CENTRE, CENTRE - 100.0)));
        assert!(close(point(25.0, 100.0), (CENTRE + 100.0, CENTRE)));
        assert!(close(point(50.0, 100.0), (CENTRE, CENTRE + 100.0)));
        assert!(close(point(75.0, 100.0), (CENTRE - 100.0, CENTRE)));
        assert_eq!(anchor(25.0, true), "start");
        assert_eq!(anchor(75.0, true), "end");
        assert_eq!(anchor(25.0, false), "end");
        assert_eq!(anchor(0.0, true), "middle");
    }

    #[test]
    fn arcs_take_the_short_or_long_way_and_the_whole_circle() {
        // A quarter: small arc. Wrapping from 75 to 10: 35 marks, small. 10 -> 75: large.
        assert_eq!(arc_path(0, 25, 100.0), "M 200 100 A 100 100 0 0 1 300 200");
        assert!(arc_path(75, 10, 100.0).contains(" 0 0 1 "));
        assert!(arc_path(10, 75, 100.0).contains(" 0 1 1 "));
        let whole = arc_path(10, 10, 100.0);
        assert_eq!(whole.matches(" A ").count(), 2, "{whole}");
    }

    #[test]
    fn the_dial_has_ticks_servers_keys_and_arcs_after_the_reveal() {
        assert_eq!(ticks().len(), 20);
        assert_eq!(ticks().iter().filter(|t| t.mark % 10 == 0).count(), 10);
        let e = Exercise::new(&ClockParams::default());
        let hidden = dial(&e, Stage::Start, false);
        assert_eq!(hidden.servers.len(), 3);
        assert!(hidden.arcs.is_empty());
        assert!(hidden.keys.iter().all(|k| k.colour.is_none()));
        let shown = dial(&e, Stage::Start, true);
        // post:88 at 81 wraps to A, colour 0.
        assert_eq!(shown.keys[4].colour, Some(0));
        assert_eq!(shown.arcs.len(), 3);
        let joined = dial(&e, Stage::Joined, true);
        let moved: Vec<&str> = joined
            .keys
            .iter()
            .filter(|k| k.moved)
            .map(|k| k.name.as_str())
            .collect();
        assert_eq!(moved, ["order:19"]);
        assert_eq!(joined.keys[2].colour, Some(3), "D is the fourth colour");
        let names: Vec<&str> = joined.servers.iter().map(|s| s.name.as_str()).collect();
        assert_eq!(names, ["A", "B", "D", "C"]);
    }
}
