//! The geometry every picture shares: points on a circle, arcs as SVG paths (the whole
//! circle included), who owns which stretch of a ring, and that ownership read at the
//! resolution a picture can show. Turns are fractions of the circle, clockwise from the
//! top. (Chart axes round their top with `format::nice_top`.)

use std::f64::consts::TAU;
use std::fmt::Write;

/// Slices of the circle a ring picture reads ownership at: about one per pixel of the
/// circumference of a ring 240 px across.
pub const RING_SLICES: usize = 720;

/// The point at `turn` on a circle of `radius` around `center`, in SVG coordinates.
pub fn polar(center: (f64, f64), radius: f64, turn: f64) -> (f64, f64) {
    let angle = turn * TAU;
    (
        center.0 + radius * angle.sin(),
        center.1 - radius * angle.cos(),
    )
}

/// An SVG path of the clockwise arc from `from` to `to` (turns; `to` may pass `from + 1`
/// no further than a whole circle). A whole circle, which one SVG arc cannot draw, is two
/// half arcs.
pub fn arc_path(center: (f64, f64), radius: f64, from: f64, to: f64) -> String {
    let mut d = String::new();
    push_arc(&mut d, center, radius, from, to);
    d
}

/// Appends [`arc_path`]'s path to `d`.
pub fn push_arc(d: &mut String, center: (f64, f64), radius: f64, from: f64, to: f64) {
    let span = (to - from).clamp(0.0, 1.0);
    let r = radius;
    let (x0, y0) = polar(center, r, from);
    if span >= 1.0 - 1e-9 {
        let (xm, ym) = polar(center, r, from + 0.5);
        let _ = write!(
            d,
            "M{x0:.2} {y0:.2}A{r} {r} 0 1 1 {xm:.2} {ym:.2}A{r} {r} 0 1 1 {x0:.2} {y0:.2}"
        );
        return;
    }
    let (x1, y1) = polar(center, r, from + span);
    let large = u8::from(span > 0.5);
    let _ = write!(d, "M{x0:.2} {y0:.2}A{r} {r} 0 {large} 1 {x1:.2} {y1:.2}");
}

/// One stretch of a ring, `from` to `to` (turns; the last may pass 1), owned by `owner`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Arc {
    pub from: f64,
    pub to: f64,
    pub owner: usize,
}

impl Arc {
    pub fn span(&self) -> f64 {
        self.to - self.from
    }
}

/// Adds the stretch `from..to` of `owner` to `arcs`, merged into the last one when it
/// continues it.
pub fn push_owned(arcs: &mut Vec<Arc>, from: f64, to: f64, owner: usize) {
    match arcs.last_mut() {
        Some(arc) if arc.owner == owner && (arc.to - from).abs() < 1e-12 => arc.to = to,
        _ => arcs.push(Arc { from, to, owner }),
    }
}

/// Who owns each stretch of a ring whose points are `(owner, turn)`, by the ring's usual
/// rule: a key belongs to the first point clockwise from it, so a point owns the stretch
/// from the point before it up to itself. Neighbouring stretches of one owner are one
/// arc; the arcs cover the circle once.
///
/// ```
/// use ringlab_model::geometry::owner_arcs;
/// let arcs = owner_arcs(&[(0, 0.25), (1, 0.5), (1, 0.75)]);
/// assert_eq!(arcs.len(), 2);
/// assert_eq!((arcs[1].owner, arcs[1].from, arcs[1].to), (1, 0.25, 0.75));
/// let total: f64 = arcs.iter().map(|a| a.span()).sum();
/// assert!((total - 1.0).abs() < 1e-12);
/// ```
pub fn owner_arcs(points: &[(usize, f64)]) -> Vec<Arc> {
    let mut sorted: Vec<(usize, f64)> = points
        .iter()
        .filter(|(_, turn)| turn.is_finite())
        .map(|&(owner, turn)| (owner, turn.rem_euclid(1.0)))
        .collect();
    sorted.sort_by(|a, b| a.1.total_cmp(&b.1));
    let Some(&(_, last)) = sorted.last() else {
        return Vec::new();
    };
    let mut arcs = Vec::new();
    let mut from = last - 1.0;
    for (owner, turn) in sorted {
        push_owned(&mut arcs, from, turn, owner);
        from = turn;
    }
    arcs
}

/// The arcs as a picture of `slices` equal slices can show them: each slice goes to the
/// owner of its middle, and neighbouring slices of one owner are one arc. A ring of a
/// million points drawn this way keeps every owner's colour where it owns, instead of a
/// band of outlines; arcs already wider than a slice keep their own ends. `arcs` cover the
/// circle once, in order, as [`owner_arcs`] gives them.
pub fn at_resolution(arcs: &[Arc], slices: usize) -> Vec<Arc> {
    let slices = slices.max(1);
    let width = 1.0 / slices as f64;
    if arcs.iter().all(|a| a.span() >= width) {
        return arcs.to_vec();
    }
    // Arcs sorted by their end, read with a cursor as the slices go round.
    let start = arcs.first().map_or(0.0, |a| a.from);
    let mut out = Vec::new();
    let mut cursor = 0;
    for i in 0..slices {
        let (from, to) = (start + i as f64 * width, start + (i + 1) as f64 * width);
        let middle = (from + to) / 2.0;
        while cursor + 1 < arcs.len() && arcs[cursor].to < middle {
            cursor += 1;
        }
        if let Some(arc) = arcs.get(cursor) {
            push_owned(&mut out, from, to, arc.owner);
        }
    }
    out
}

/// The arcs of one owner as one SVG path at `radius`. Arcs are drawn exactly, end to
/// end: reaching past the ends to hide anti-aliasing seams would paint a later owner over
/// an earlier one's thin slivers and misstate their shares.
pub fn owner_path(arcs: &[Arc], owner: usize, center: (f64, f64), radius: f64) -> String {
    let mut d = String::new();
    for arc in arcs.iter().filter(|a| a.owner == owner) {
        push_arc(&mut d, center, radius, arc.from, arc.to);
    }
    d
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn points_go_clockwise_from_the_top() {
        let (x, y) = polar((100.0, 100.0), 10.0, 0.25);
        assert!((x - 110.0).abs() < 1e-9 && (y - 100.0).abs() < 1e-9);
        let (x, y) = polar((100.0, 100.0), 10.0, 0.0);
        assert!((x - 100.0).abs() < 1e-9 && (y - 90.0).abs() < 1e-9);
    }

    #[test]
    fn a_whole_circle_is_two_half_arcs_and_a_part_is_one() {
        let whole = arc_path((0.0, 0.0), 5.0, 0.3, 1.3);
        assert_eq!(whole.matches('A').count(), 2, "{whole}");
        let half = arc_path((0.0, 0.0), 5.0, 0.0, 0.6);
        assert_eq!(half.matches('A').count(), 1);
        assert!(
            half.contains(" 0 1 1 "),
            "the large-arc flag is set past half: {half}"
        );
    }

    #[test]
    fn one_point_owns_the_whole_circle() {
        let arcs = owner_arcs(&[(3, 0.4)]);
        assert_eq!(
            arcs,
            [Arc {
                from: -0.6,
                to: 0.4,
                owner: 3
            }]
        );
        assert!(owner_arcs(&[]).is_empty());
    }

    #[test]
    fn a_dense_ring_keeps_every_owner_at_picture_resolution() {
        // 4 owners x 537 points, interleaved as hashing would.
        let points: Vec<(usize, f64)> = (0..4 * 537)
            .map(|i| (i % 4, ((i as f64) * 0.618_033_988_75).fract()))
            .collect();
        let arcs = owner_arcs(&points);
        let seen = at_resolution(&arcs, 720);
        assert!(seen.len() <= 720);
        for owner in 0..4 {
            let share: f64 = seen
                .iter()
                .filter(|a| a.owner == owner)
                .map(Arc::span)
                .sum();
            assert!(share > 0.15, "owner {owner} shows {share}");
        }
    }

    proptest! {
        #[test]
        fn arcs_cover_the_circle_once_at_any_resolution(
            points in prop::collection::vec((0usize..6, 0.0f64..1.0), 1..300),
            slices in 1usize..2000,
        ) {
            let arcs = owner_arcs(&points);
            for arcs in [arcs.clone(), at_resolution(&arcs, slices)] {
                let total: f64 = arcs.iter().map(Arc::span).sum();
                prop_assert!((total - 1.0).abs() < 1e-9, "{}", total);
                prop_assert!(arcs.iter().all(|a| a.span() >= 0.0));
                prop_assert!(arcs.windows(2).all(|w| (w[0].to - w[1].from).abs() < 1e-9));
                prop_assert!(arcs.windows(2).all(|w| w[0].owner != w[1].owner));
            }
        }
    }
}
