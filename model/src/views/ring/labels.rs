//! Where the labels go on the canvas. A point's name hugs its point from outside the
//! circle, else from inside, else one step further out: the first of these places where
//! it stays on the canvas, off the keys and clear of every label placed before it (on a
//! small canvas there is no room inside). A long label (a name with its hash) that fits
//! nowhere tries again with the name alone. A label with no such place is left out rather
//! than drawn over another (the shares table and the ring's text twin name every point).
//! The focused point is placed first, so the one being dragged or moved by keys always
//! keeps its name. The keys' hash labels follow, inside the keys' circle, clear of the
//! points' labels, the selected key's first.

use super::frame::{Geometry, Label};

/// Free room between a label and the circle: a point's marker is at most 8 px across.
pub const GAP: f64 = 11.0;
/// The canvas font is 12 px: an average character's width, and a line's height.
const CHAR_WIDTH: f64 = 6.6;
const LINE_HEIGHT: f64 = 14.0;
/// Room kept free between two labels, and between an inner label and the keys' markers
/// (at most 5 px in radius).
const PAD: f64 = 3.0;
const KEY_MARK: f64 = 5.0;

/// The places a label may take around its circle.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Side {
    Outside,
    Inside,
    FurtherOut,
    FurtherIn,
}

/// The circle labels are placed around: the points' (the ring) or the keys'.
#[derive(Debug, Clone, Copy)]
pub struct Around {
    radius: f64,
    /// The places tried, in order.
    sides: &'static [Side],
    /// No label comes closer to the centre than this.
    inner_limit: f64,
}

impl Around {
    /// Around the ring: outside, inside (clear of the keys), further out.
    pub fn points(g: &Geometry) -> Around {
        Around {
            radius: g.radius,
            sides: &[Side::Outside, Side::Inside, Side::FurtherOut],
            inner_limit: g.key_radius() + KEY_MARK + PAD,
        }
    }

    /// Inside the keys' circle: next to the key, else one step further in.
    pub fn keys(g: &Geometry) -> Around {
        Around {
            radius: g.key_radius(),
            sides: &[Side::Inside, Side::FurtherIn],
            inner_limit: 0.0,
        }
    }
}

/// A label's box, centred on its text.
#[derive(Debug, Clone, Copy)]
struct Box {
    x: f64,
    y: f64,
    half_width: f64,
}

impl Box {
    fn overlaps(&self, other: &Box) -> bool {
        (self.x - other.x).abs() < self.half_width + other.half_width + PAD
            && (self.y - other.y).abs() < LINE_HEIGHT
    }

    fn on_canvas(&self, g: &Geometry) -> bool {
        self.x - self.half_width >= 0.0
            && self.x + self.half_width <= g.width
            && self.y - LINE_HEIGHT / 2.0 >= 0.0
            && self.y + LINE_HEIGHT / 2.0 <= g.height
    }
}

/// The box for `text` at fraction `f` of the turn on `side` of `around`: its nearest
/// edge `GAP` from the circle, whatever the direction (wide labels sit further out at the
/// sides than at the top). `None` when it would come closer to the centre than the
/// circle allows.
fn candidate(g: &Geometry, around: &Around, f: f64, half_width: f64, side: Side) -> Option<Box> {
    let (ux, uy) = g.at(f, 1.0);
    let (ux, uy) = (ux - g.cx, uy - g.cy);
    // How far the box reaches along the radius, from its centre.
    let extent = half_width * ux.abs() + LINE_HEIGHT / 2.0 * uy.abs();
    let r = around.radius;
    let distance = match side {
        Side::Outside => r + GAP + extent,
        Side::Inside => r - GAP - extent,
        Side::FurtherOut => r + GAP + 3.0 * extent + PAD,
        Side::FurtherIn => r - GAP - 3.0 * extent - PAD,
    };
    if distance - extent < around.inner_limit {
        return None;
    }
    let (x, y) = g.at(f, distance);
    Some(Box { x, y, half_width })
}

/// A label to place: where its point is, its text, and a shorter text to try when the
/// full one fits nowhere.
#[derive(Debug, Clone, PartialEq)]
pub struct Wanted {
    pub fraction: f64,
    pub text: String,
    pub short: Option<String>,
}

impl Wanted {
    pub fn new(fraction: f64, text: impl Into<String>) -> Wanted {
        Wanted {
            fraction,
            text: text.into(),
            short: None,
        }
    }
}

/// Places labels one circle after another, each clear of all placed before.
pub struct Placer<'g> {
    g: &'g Geometry,
    placed: Vec<Box>,
}

impl<'g> Placer<'g> {
    pub fn new(g: &'g Geometry) -> Placer<'g> {
        Placer {
            g,
            placed: Vec::new(),
        }
    }

    /// Labels and their sides for the wanted ones `around`, in the same order;
    /// `first` is placed before the others when given.
    pub fn place_sided(
        &mut self,
        around: Around,
        wanted: &[Wanted],
        first: Option<usize>,
    ) -> Vec<Option<(Label, Side)>> {
        let g = self.g;
        let mut order: Vec<usize> = first.filter(|&i| i < wanted.len()).into_iter().collect();
        order.extend((0..wanted.len()).filter(|&i| Some(i) != first));
        let mut labels = vec![None; wanted.len()];
        for i in order {
            let w = &wanted[i];
            let texts = std::iter::once(&w.text).chain(w.short.as_ref());
            let placed = &self.placed;
            let spot = texts.into_iter().find_map(|text| {
                let half_width = text.chars().count() as f64 * CHAR_WIDTH / 2.0;
                around.sides.iter().find_map(|&side| {
                    let b = candidate(g, &around, w.fraction, half_width, side)?;
                    let free = b.on_canvas(g) && !placed.iter().any(|p| p.overlaps(&b));
                    free.then_some((b, side, text))
                })
            });
            if let Some((b, side, text)) = spot {
                self.placed.push(b);
                let label = Label {
                    x: b.x,
                    y: b.y,
                    text: text.clone(),
                };
                labels[i] = Some((label, side));
            }
        }
        labels
    }

    /// The labels alone, as the scene draws them.
    pub fn place(
        &mut self,
        around: Around,
        wanted: &[Wanted],
        first: Option<usize>,
    ) -> Vec<Option<Label>> {
        self.place_sided(around, wanted, first)
            .into_iter()
            .map(|l| l.map(|(label, _)| label))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn geometry() -> Geometry {
        Geometry::new(400.0, 400.0)
    }

    /// Point labels alone.
    fn place_sided(
        g: &Geometry,
        wanted: &[Wanted],
        first: Option<usize>,
    ) -> Vec<Option<(Label, Side)>> {
        Placer::new(g).place_sided(Around::points(g), wanted, first)
    }

    fn texts(points: &[(f64, &str)]) -> Vec<Wanted> {
        points.iter().map(|&(f, t)| Wanted::new(f, t)).collect()
    }

    fn sides(labels: &[Option<(Label, Side)>]) -> Vec<Option<Side>> {
        labels.iter().map(|l| l.as_ref().map(|(_, s)| *s)).collect()
    }

    fn boxes(labels: &[Option<(Label, Side)>]) -> Vec<Box> {
        labels
            .iter()
            .flatten()
            .map(|(l, _)| Box {
                x: l.x,
                y: l.y,
                half_width: l.text.chars().count() as f64 * CHAR_WIDTH / 2.0,
            })
            .collect()
    }

    /// No two boxes overlap, none leaves the canvas, none crosses the circle.
    fn tidy(g: &Geometry, labels: &[Option<(Label, Side)>]) {
        let boxes = boxes(labels);
        for (i, a) in boxes.iter().enumerate() {
            assert!(a.on_canvas(g), "{a:?} leaves the canvas");
            for b in &boxes[i + 1..] {
                assert!(!a.overlaps(b), "{a:?} overlaps {b:?}");
            }
            // The box's corner nearest the centre and the one furthest from it lie on the
            // same side of the circle.
            let corners = [-1.0, 1.0].map(|sx| {
                [-1.0, 1.0].map(|sy| {
                    let (x, y) = (a.x + sx * a.half_width, a.y + sy * LINE_HEIGHT / 2.0);
                    (x - g.cx).hypot(y - g.cy) - g.radius
                })
            });
            let corners = corners.as_flattened();
            assert!(
                corners.iter().all(|&d| d > 0.0) || corners.iter().all(|&d| d < 0.0),
                "{a:?} crosses the circle"
            );
        }
    }

    #[test]
    fn far_apart_labels_all_sit_outside() {
        let g = geometry();
        let labels = place_sided(
            &g,
            &texts(&[(0.0, "A"), (0.25, "B"), (0.5, "C"), (0.75, "D")]),
            None,
        );
        assert_eq!(sides(&labels), [Some(Side::Outside); 4]);
        tidy(&g, &labels);
        // At the top the label is GAP and half a line above the circle.
        let (top, _) = labels[0].as_ref().unwrap();
        assert!((g.cy - top.y - (g.radius + GAP + LINE_HEIGHT / 2.0)).abs() < 1e-9);
    }

    #[test]
    fn close_labels_go_inside_then_further_out_and_the_rest_are_left_out() {
        let g = geometry();
        // S28, V, W and S29 a few pixels apart, as on a crowded ring.
        for at in [0.0, 0.1, 0.25, 0.4, 0.6, 0.9] {
            let labels = place_sided(
                &g,
                &texts(&[
                    (at, "S28"),
                    (at + 0.0005, "V"),
                    (at + 0.001, "W"),
                    (at + 0.0015, "S29"),
                ]),
                None,
            );
            let got = sides(&labels);
            assert_eq!(
                got[..2],
                [Some(Side::Outside), Some(Side::Inside)],
                "at {at}"
            );
            assert!(
                got.iter().flatten().count() <= 3,
                "at {at}: three places at most"
            );
            tidy(&g, &labels);
        }
        let far = place_sided(&g, &texts(&[(0.1, "S28"), (0.1005, "V"), (0.6, "X")]), None);
        assert_eq!(sides(&far)[2], Some(Side::Outside));
    }

    #[test]
    fn long_labels_at_the_sides_stay_on_the_canvas_and_off_the_circle() {
        let g = geometry();
        let wanted: Vec<Wanted> = (0..24)
            .map(|i| Wanted::new(i as f64 / 24.0, format!("S{i} 3446378249")))
            .collect();
        let labels = place_sided(&g, &wanted, None);
        tidy(&g, &labels);
        let at = |f: f64| &labels[(f * 24.0) as usize];
        assert!(
            at(0.0).is_some() && at(0.5).is_some(),
            "top and bottom have room"
        );
        assert!(at(0.25).is_none() && at(0.75).is_none(), "the sides do not");
        // With the name alone to fall back on, the sides are labelled too.
        let named: Vec<Wanted> = wanted
            .iter()
            .enumerate()
            .map(|(i, w)| Wanted {
                short: Some(format!("S{i}")),
                ..w.clone()
            })
            .collect();
        let labels = place_sided(&g, &named, None);
        tidy(&g, &labels);
        assert_eq!(labels[0].as_ref().unwrap().0.text, "S0 3446378249");
        assert_eq!(labels[6].as_ref().unwrap().0.text, "S6");
        assert_eq!(labels[18].as_ref().unwrap().0.text, "S18");
    }

    #[test]
    fn the_focused_point_keeps_its_label_outside() {
        let g = geometry();
        let wanted = texts(&[(0.3, "A"), (0.3001, "B"), (0.3002, "C"), (0.3003, "D")]);
        let labels = place_sided(&g, &wanted, Some(3));
        let (d, side) = labels[3].as_ref().unwrap();
        assert_eq!((d.text.as_str(), *side), ("D", Side::Outside));
        assert_eq!(sides(&labels)[0], Some(Side::Inside));
        // An index past the end is ignored.
        assert_eq!(
            sides(&place_sided(&g, &wanted, Some(9)))[0],
            Some(Side::Outside)
        );
        assert_eq!(
            Placer::new(&g)
                .place(Around::points(&g), &wanted, None)
                .len(),
            4
        );
    }

    #[test]
    fn labels_wrap_past_zero() {
        let g = geometry();
        let labels = place_sided(&g, &texts(&[(0.0005, "A"), (0.9995, "B")]), None);
        assert_eq!(sides(&labels), [Some(Side::Outside), Some(Side::Inside)]);
    }

    #[test]
    fn inner_labels_keep_off_the_keys() {
        // A short name fits inside at the top; a long one at the side would reach the keys.
        let g = geometry();
        let points = Around::points(&g);
        assert!(candidate(&g, &points, 0.0, 10.0, Side::Inside).is_some());
        assert!(candidate(&g, &points, 0.25, 40.0, Side::Inside).is_none());
    }

    #[test]
    fn key_labels_sit_inside_the_keys_and_clear_of_the_points_labels() {
        let g = geometry();
        let mut placer = Placer::new(&g);
        let points = placer.place_sided(Around::points(&g), &texts(&[(0.0, "A")]), None);
        // Three keys' hashes close together at the top: one next to its key, one further
        // in, one left out.
        let keys = placer.place_sided(
            Around::keys(&g),
            &texts(&[(0.0, "fdbe27…"), (0.001, "6278d1…"), (0.002, "0f44f9…")]),
            None,
        );
        assert_eq!(
            sides(&keys),
            [Some(Side::Inside), Some(Side::FurtherIn), None]
        );
        let (near, _) = keys[0].as_ref().unwrap();
        assert!((g.cy - near.y - (g.key_radius() - GAP - LINE_HEIGHT / 2.0)).abs() < 1e-9);
        let mut all = points;
        all.extend(keys);
        tidy(&g, &all);
    }
}
