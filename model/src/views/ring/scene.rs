//! The picture as pure geometry: the ring's arcs coloured by owner, the server points with
//! their labels, the keys as markers, and the moving parts of a walk or a resize. Nothing
//! here draws; `draw.rs` only reads a [`Scene`].
//!
//! A position's angle is its fraction of the turn: 0 at the top, growing clockwise. On a
//! canvas (y pointing down) the point at fraction `f` is `(cx + r sin 2πf, cy - r cos 2πf)`.
//!
//! When the ring has more points than the circumference has pixels, arcs are aggregated:
//! each pixel of circumference gets the owner of its middle position, adjacent pixels of
//! one owner merge, and [`Scene::aggregated`] tells the legend to say so.

use crate::format::grouped;
use std::f64::consts::TAU;

pub use super::frame::{Geometry, Label, MARGIN};
use super::labels::{Around, Placer, Wanted};
use super::params::PlaygroundParams;
use super::placement::{Change, Placement};
use super::walk::{Verdict, Walk, WalkFrame};

/// Colours of the Okabe-Ito palette, by index (the theme maps them to CSS colours).
pub const PALETTE: usize = 8;
/// Shapes used with the palette, so that colour is never the only cue.
pub const SHAPES: usize = 4;
/// Point markers are drawn one by one up to this many points.
pub const MAX_POINT_MARKS: usize = 4000;
/// Points are labelled up to this many.
pub const MAX_LABELS: usize = 48;
/// Width of the band many keys are spread over, in pixels.
pub const KEY_BAND: f64 = 28.0;
/// Keys get hash labels up to this many.
pub const MAX_KEY_LABELS: usize = 16;

/// Points at least this far apart on average (CSS pixels of circumference) are drawn as
/// outlined marks; closer, the outlines would paint the ring in the outline colour.
pub const MARK_SPACING: f64 = 6.0;
/// Points at least this far apart, and closer than [`MARK_SPACING`], are hairline ticks in
/// their server's colour; closer still, the arcs alone show who owns what.
pub const TICK_SPACING: f64 = 2.0;
/// The gaps between owners' arcs are drawn while they are at least this far apart on
/// average; closer, they would wash the ring out in the background colour.
pub const GAP_SPACING: f64 = 8.0;

/// The canvas angle (radians from +x, clockwise because y points down) of fraction `f`.
pub fn canvas_angle(f: f64) -> f64 {
    f * TAU - TAU / 4.0
}

/// One arc: from `start` to `end` (fractions, `start < end`, `end` past 1 when the arc
/// crosses zero), owned by live server `owner` drawn in colour `color`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Arc {
    pub start: f64,
    pub end: f64,
    pub owner: usize,
    pub color: usize,
}

/// A server's point.
#[derive(Debug, Clone, PartialEq)]
pub struct PointMark {
    pub fraction: f64,
    pub x: f64,
    pub y: f64,
    /// Parameter index of the server.
    pub server: usize,
    pub color: usize,
    pub shape: usize,
    pub label: Option<Label>,
    pub draggable: bool,
    pub focused: bool,
}

/// A key's marker.
#[derive(Debug, Clone, PartialEq)]
pub struct KeyMark {
    pub key: usize,
    pub fraction: f64,
    pub x: f64,
    pub y: f64,
    /// Colour of its owner; `None` when it has none.
    pub color: Option<usize>,
    pub size: f64,
    pub selected: bool,
    /// The last change gave this key a new owner: it is ringed on the picture.
    pub moved: bool,
    pub label: Option<Label>,
}

/// A step of a walk as drawn.
#[derive(Debug, Clone, PartialEq)]
pub struct StepMark {
    pub x: f64,
    pub y: f64,
    /// `Some(rank)` when chosen, `None` when passed over.
    pub rank: Option<usize>,
    pub alpha: f64,
    /// The radius of a chosen step's ring: smaller when chosen points are close, so the
    /// rings of neighbouring replicas stay apart.
    pub radius: f64,
}

/// A chosen server circled when the walk is over.
#[derive(Debug, Clone, PartialEq)]
pub struct Circle {
    pub x: f64,
    pub y: f64,
    pub rank: usize,
    pub radius: f64,
}

/// The largest ring around a chosen step, and the smallest one.
pub const STEP_RING: (f64, f64) = (6.0, 12.0);
/// The largest circle around a chosen server when the walk is over, and the smallest.
pub const CIRCLE: (f64, f64) = (11.5, 17.0);

/// The radius of a ring around `(x, y)` that leaves a 3 px gap to rings of the same kind
/// around `others` (which may include `(x, y)` itself), within `range`.
pub fn spaced_radius(x: f64, y: f64, others: &[(f64, f64)], range: (f64, f64)) -> f64 {
    let nearest = others
        .iter()
        .map(|&(ox, oy)| (ox - x).hypot(oy - y))
        .filter(|&d| d > 0.5)
        .fold(f64::INFINITY, f64::min);
    (nearest / 2.0 - 1.5).clamp(range.0, range.1)
}

/// A moved key on its way from its old owner's point to its new one.
#[derive(Debug, Clone, PartialEq)]
pub struct Mover {
    pub x: f64,
    pub y: f64,
    pub color: Option<usize>,
    pub alpha: f64,
}

/// What moves from frame to frame.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Overlay {
    /// The walk's trail: from fraction `start`, `turns` clockwise (at most one turn drawn).
    pub trail: Option<(f64, f64)>,
    pub cursor: Option<(f64, f64)>,
    pub steps: Vec<StepMark>,
    /// Chosen servers circled when the walk is over.
    pub circled: Vec<Circle>,
    pub movers: Vec<Mover>,
}

/// How the server points are drawn, from how close they are on the circle.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PointStyle {
    /// Outlined marks in colour and shape, labelled while few.
    Marks,
    /// Hairline ticks outside the ring, in the server's colour, no outline.
    Ticks,
    /// Not drawn: the arcs show ownership.
    Hidden,
}

impl PointStyle {
    /// The style for `points` points on `circumference` pixels.
    pub fn for_spacing(points: usize, circumference: f64) -> PointStyle {
        let spacing = circumference / points.max(1) as f64;
        if points > MAX_POINT_MARKS || spacing < TICK_SPACING {
            PointStyle::Hidden
        } else if spacing < MARK_SPACING {
            PointStyle::Ticks
        } else {
            PointStyle::Marks
        }
    }
}

/// Everything `draw` needs.
#[derive(Debug, Clone, PartialEq)]
pub struct Scene {
    pub geometry: Geometry,
    pub arcs: Vec<Arc>,
    /// True when arcs are aggregated per pixel of circumference.
    pub aggregated: bool,
    /// Where one owner's arc meets another's (fractions of a turn), marked by a thin gap
    /// so that neighbours of similar colour stay apart; none when aggregated.
    pub boundaries: Vec<f64>,
    pub points: Vec<PointMark>,
    /// True when there were too many points to mark one by one.
    pub points_hidden: bool,
    /// How `points` are drawn (their marks stay for pointer and keyboard either way).
    pub point_style: PointStyle,
    pub keys: Vec<KeyMark>,
    /// Lines for the legend under the canvas.
    pub legend: Vec<String>,
    pub overlay: Overlay,
}

/// Colour and shape of the server with parameter index `id`.
pub fn style_of(id: usize) -> (usize, usize) {
    (id % PALETTE, (id / PALETTE) % SHAPES)
}

fn short(name: &str) -> String {
    let mut text: String = name.chars().take(10).collect();
    if name.chars().count() > 10 {
        text.push('…');
    }
    text
}

/// A hash value short enough for a canvas label: a 32-bit value in full, the first six hex
/// digits of a 64-bit one (the text twin has every value in full).
pub fn short_hash(value: u64, bits: u32) -> String {
    if bits <= 32 {
        value.to_string()
    } else {
        format!("{:06x}…", value >> 40)
    }
}

/// Flags the keys `change` gave a new owner (none without a change), so the picture
/// rings what moved after the animation is over.
pub fn mark_moved(keys: &mut [KeyMark], change: Option<&Change>) {
    let moved: Vec<usize> = change.map_or_else(Vec::new, |c| {
        c.movement.moved.iter().map(|m| m.key).collect()
    });
    for key in keys {
        key.moved = moved.binary_search(&key.key).is_ok();
    }
}

/// Builds the still part of the picture.
pub fn build(
    placement: &Placement,
    params: &PlaygroundParams,
    focused: Option<usize>,
    selected: Option<usize>,
    width: f64,
    height: f64,
) -> Scene {
    let g = Geometry::new(width, height);
    let ring = placement.ring();
    let points = ring.points();
    let color_of = |live: usize| style_of(placement.ids[live]).0;
    let circumference = g.circumference();
    let aggregated = points.len() as f64 > circumference / 2.0;
    let arcs = if aggregated {
        aggregate(placement, circumference.ceil() as usize, &color_of)
    } else {
        exact_arcs(placement, &color_of)
    };
    let points_hidden = points.len() > MAX_POINT_MARKS;
    let labelled = points.len() <= MAX_LABELS;
    let draggable = params.draggable();
    let mut placer = Placer::new(&g);
    let mut marks = Vec::new();
    if !points_hidden {
        let labels = if labelled {
            let wanted: Vec<Wanted> = points
                .iter()
                .map(|p| {
                    let name = short(&placement.servers[p.server].name);
                    let fraction = ring.fraction(p.position);
                    if params.hashes {
                        let text = format!("{name} {}", short_hash(p.position, ring.bits()));
                        Wanted {
                            fraction,
                            text,
                            short: Some(name),
                        }
                    } else {
                        Wanted::new(fraction, name)
                    }
                })
                .collect();
            let first = points
                .iter()
                .position(|p| p.vnode == 0 && focused == Some(placement.ids[p.server]));
            placer.place(Around::points(&g), &wanted, first)
        } else {
            vec![None; points.len()]
        };
        for (p, label) in points.iter().zip(labels) {
            let id = placement.ids[p.server];
            let (color, shape) = style_of(id);
            let fraction = ring.fraction(p.position);
            let (x, y) = g.at(fraction, g.radius);
            marks.push(PointMark {
                fraction,
                x,
                y,
                server: id,
                color,
                shape,
                label,
                draggable: draggable && p.vnode == 0,
                focused: focused == Some(id),
            });
        }
    }
    let size = match placement.hashes.len() {
        0..=64 => 5.0,
        65..=1000 => 3.0,
        _ => 1.6,
    };
    let band = placement.hashes.len() > 200;
    let key_labels = params.hashes && placement.hashes.len() <= MAX_KEY_LABELS;
    let mut keys: Vec<KeyMark> = placement
        .hashes
        .iter()
        .enumerate()
        .filter_map(|(key, hash)| {
            let fraction = ring.fraction((*hash)?);
            // Many keys spread over a band (by the low bits of their hash) instead of
            // piling up on one circle, where the last colour drawn would hide the rest.
            let spread = if band {
                (hash.unwrap_or_default() % 1024) as f64 / 1024.0
            } else {
                0.0
            };
            let (x, y) = g.at(fraction, g.key_radius() - spread * KEY_BAND);
            Some(KeyMark {
                key,
                fraction,
                x,
                y,
                color: placement.owners[key].map(color_of),
                size,
                selected: selected == Some(key),
                moved: false,
                label: None,
            })
        })
        .collect();
    if key_labels {
        let wanted: Vec<Wanted> = keys
            .iter()
            .map(|k| {
                let hash = placement.hashes[k.key].unwrap_or_default();
                Wanted::new(k.fraction, short_hash(hash, ring.bits()))
            })
            .collect();
        let first = keys.iter().position(|k| k.selected);
        let labels = placer.place(Around::keys(&g), &wanted, first);
        for (key, label) in keys.iter_mut().zip(labels) {
            key.label = label;
        }
    }
    let legend = legend(
        points.len(),
        placement.servers.is_empty(),
        g.width,
        g.height,
    );
    // Gaps between owners only while they stay a few pixels apart: dense ones would
    // wash the ring out in the background colour.
    let boundaries = if aggregated {
        Vec::new()
    } else {
        let all = boundaries(&arcs);
        if all.len() as f64 * GAP_SPACING <= circumference {
            all
        } else {
            Vec::new()
        }
    };
    let point_style = PointStyle::for_spacing(points.len(), circumference);
    Scene {
        geometry: g,
        arcs,
        aggregated,
        boundaries,
        points: marks,
        points_hidden,
        point_style,
        keys,
        legend,
        overlay: Overlay::default(),
    }
}

/// The legend's lines for a ring of `points` points drawn on a `width` by `height` canvas:
/// what the picture shows, and what the level of detail left out.
pub fn legend(points: usize, empty: bool, width: f64, height: f64) -> Vec<String> {
    let circumference = Geometry::new(width, height).circumference();
    let mut lines = vec![
        "0 is at the top; positions grow clockwise. Each arc has the colour of the server \
         owning it; a key (dot) belongs to the first point clockwise from it."
            .to_string(),
    ];
    if points as f64 > circumference / 2.0 {
        lines.push(format!(
            "Arcs aggregated per pixel of circumference: {} points on about {} pixels; \
             each pixel shows the owner of its middle, so the picture is a summary and the \
             table is exact.",
            grouped(points as u64),
            grouped(circumference.round() as u64)
        ));
    }
    if points > MAX_POINT_MARKS {
        lines.push(format!(
            "Points are not marked one by one above {}.",
            grouped(MAX_POINT_MARKS as u64)
        ));
    }
    if empty {
        lines.push("No server is up: nothing owns any key.".into());
    }
    lines
}

/// One arc per point: the arc ending at it.
fn exact_arcs(placement: &Placement, color_of: &dyn Fn(usize) -> usize) -> Vec<Arc> {
    let ring = placement.ring();
    let points = ring.points();
    let len = points.len();
    let space = ring.space() as f64;
    (0..len)
        .map(|i| {
            let end = ring.fraction(points[i].position);
            let start = end - ring.arc_length(i) as f64 / space;
            // Keep starts in [0, 1): an arc crossing zero ends past 1.
            let (start, end) = if start < 0.0 {
                (start + 1.0, end + 1.0)
            } else {
                (start, end)
            };
            let owner = points[i].server;
            Arc {
                start,
                end,
                owner,
                color: color_of(owner),
            }
        })
        .collect()
}

/// The starts of the arcs (in ring order) whose owner differs from the previous arc's.
fn boundaries(arcs: &[Arc]) -> Vec<f64> {
    if arcs.len() < 2 {
        return Vec::new();
    }
    (0..arcs.len())
        .filter(|&i| arcs[i].owner != arcs[(i + arcs.len() - 1) % arcs.len()].owner)
        .map(|i| arcs[i].start)
        .collect()
}

/// Arcs per pixel: `bins` equal slices of the turn, each given the owner of its middle
/// position, merged where neighbours agree.
fn aggregate(placement: &Placement, bins: usize, color_of: &dyn Fn(usize) -> usize) -> Vec<Arc> {
    let ring = placement.ring();
    let bins = bins.max(1);
    let space = ring.space() as f64;
    let mut arcs: Vec<Arc> = Vec::new();
    for b in 0..bins {
        let middle = (b as f64 + 0.5) / bins as f64;
        let position = (middle * space) as u64;
        let Some(owner) = ring.owner(position) else {
            continue;
        };
        let start = b as f64 / bins as f64;
        let end = (b + 1) as f64 / bins as f64;
        match arcs.last_mut() {
            Some(last) if last.owner == owner && (last.end - start).abs() < 1e-12 => {
                last.end = end;
            }
            _ => arcs.push(Arc {
                start,
                end,
                owner,
                color: color_of(owner),
            }),
        }
    }
    arcs
}

/// The moving parts at this moment: the walk (with its frame) and the moved keys of the
/// last change, `progress` of the way (0 to 1) to their new owners.
pub fn overlay(
    scene: &Scene,
    placement: &Placement,
    walk: Option<(&Walk, WalkFrame)>,
    change: Option<(&Change, f64)>,
    reduced: bool,
) -> Overlay {
    let g = &scene.geometry;
    let mut overlay = Overlay::default();
    if let Some((walk, frame)) = walk {
        overlay.trail = Some((walk.fraction, frame.travel));
        overlay.cursor = Some(g.at(walk.fraction + frame.travel, g.walk_radius()));
        let chosen: Vec<(f64, f64)> = walk
            .steps
            .iter()
            .filter(|step| matches!(step.verdict, Verdict::Chosen(_)))
            .map(|step| g.at(step.fraction, g.radius))
            .collect();
        for (i, step) in walk.steps.iter().take(frame.reached).enumerate() {
            let (x, y) = g.at(step.fraction, g.radius);
            overlay.steps.push(StepMark {
                x,
                y,
                rank: match step.verdict {
                    Verdict::Chosen(rank) => Some(rank),
                    _ => None,
                },
                radius: spaced_radius(x, y, &chosen, STEP_RING),
                alpha: if i + 1 == frame.reached {
                    frame.alpha
                } else {
                    1.0
                },
            });
        }
        if frame.done {
            for step in &walk.steps {
                if let Verdict::Chosen(rank) = step.verdict {
                    let (x, y) = g.at(step.fraction, g.radius);
                    let radius = spaced_radius(x, y, &chosen, CIRCLE);
                    overlay.circled.push(Circle { x, y, rank, radius });
                }
            }
        }
    }
    if let Some((change, progress)) = change {
        let progress = progress.clamp(0.0, 1.0);
        if progress < 1.0 {
            for path in change.paths.iter().take(2000) {
                let color = placement
                    .owners
                    .get(path.key)
                    .copied()
                    .flatten()
                    .map(|o| style_of(placement.ids[o]).0);
                let (from, to) = match (path.from, path.to) {
                    (Some(from), Some(to)) => (from, to),
                    (None, Some(to)) => (to, to),
                    (Some(from), None) => (from, from),
                    (None, None) => continue,
                };
                // The shorter way round.
                let delta = (to - from + 0.5).rem_euclid(1.0) - 0.5;
                let (f, alpha) = if reduced {
                    (to, progress)
                } else {
                    (from + delta * progress, 1.0)
                };
                let (x, y) = g.at(f, g.walk_radius());
                overlay.movers.push(Mover { x, y, color, alpha });
            }
        }
    }
    overlay
}

/// The server point (parameter index) under `(x, y)`, within `radius` pixels; the nearest
/// wins.
pub fn hit_point(scene: &Scene, x: f64, y: f64, radius: f64) -> Option<usize> {
    nearest(
        scene.points.iter().map(|p| (p.x, p.y, p.server)),
        x,
        y,
        radius,
    )
}

/// The key under `(x, y)`, within `radius` pixels; the nearest wins.
pub fn hit_key(scene: &Scene, x: f64, y: f64, radius: f64) -> Option<usize> {
    nearest(scene.keys.iter().map(|k| (k.x, k.y, k.key)), x, y, radius)
}

fn nearest(
    items: impl Iterator<Item = (f64, f64, usize)>,
    x: f64,
    y: f64,
    radius: f64,
) -> Option<usize> {
    let mut best: Option<(f64, usize)> = None;
    for (ix, iy, id) in items {
        let d = (ix - x).hypot(iy - y);
        if d <= radius && best.is_none_or(|(bd, _)| d < bd) {
            best = Some((d, id));
        }
    }
    best.map(|(_, id)| id)
}

#[cfg(test)]
mod tests {
    use super::super::params::ServerParam;
    use super::super::placement::ChangeKind;
    use super::*;
    use crate::naming::key_names;
    use crate::naming::server_name;

    fn params(servers: usize, vnodes: u32, at: &[u32]) -> PlaygroundParams {
        let mut p = PlaygroundParams {
            servers: (0..servers)
                .map(|i| ServerParam::new(server_name(i)))
                .collect(),
            vnodes,
            ..PlaygroundParams::default()
        };
        for (s, &m) in p.servers.iter_mut().zip(at) {
            s.at = Some(m);
        }
        p
    }

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-9
    }

    #[test]
    fn angles_start_at_the_top_and_go_clockwise() {
        let g = Geometry::new(400.0, 400.0);
        let (x, y) = g.at(0.0, 100.0);
        assert!(close(x, 200.0) && close(y, 100.0));
        let (x, y) = g.at(0.25, 100.0);
        assert!(
            close(x, 300.0) && close(y, 200.0),
            "a quarter turn is to the right"
        );
        let (x, y) = g.at(0.5, 100.0);
        assert!(close(x, 200.0) && close(y, 300.0));
        for f in [0.0, 0.1, 0.25, 0.5, 0.75, 0.999] {
            let (x, y) = g.at(f, 50.0);
            assert!(close(g.fraction_at(x, y), f), "{f}");
        }
        assert!(close(canvas_angle(0.0), -TAU / 4.0));
        assert!(close(canvas_angle(0.25), 0.0));
    }

    //   A at 0.25, B at 0.75:
    //   0 ......A(0.25)==========B(0.75)...... 1
    //   A's arc (0.75, 1.25] crosses zero; B's is (0.25, 0.75].
    #[test]
    fn an_arc_crossing_zero_ends_past_one() {
        let p = params(2, 1, &[250_000, 750_000]);
        let placement = Placement::new(&p, &key_names(7, 8));
        let scene = build(&placement, &p, None, None, 400.0, 400.0);
        assert!(!scene.aggregated);
        assert_eq!(scene.arcs.len(), 2);
        let a = scene.arcs[0];
        assert_eq!(a.owner, 0);
        assert!(close(a.start, 0.75) && close(a.end, 1.25), "{a:?}");
        let b = scene.arcs[1];
        assert!(close(b.start, 0.25) && close(b.end, 0.75), "{b:?}");
        let total: f64 = scene.arcs.iter().map(|a| a.end - a.start).sum();
        assert!(close(total, 1.0));
        // A lone point owns the whole circle.
        let p = params(1, 1, &[100_000]);
        let placement = Placement::new(&p, &key_names(7, 8));
        let scene = build(&placement, &p, None, None, 400.0, 400.0);
        assert_eq!(scene.arcs.len(), 1);
        assert!(close(scene.arcs[0].end - scene.arcs[0].start, 1.0));
    }

    #[test]
    fn points_keys_and_labels() {
        let p = params(4, 1, &[]);
        let placement = Placement::new(&p, &key_names(7, 8));
        let scene = build(&placement, &p, Some(2), Some(3), 400.0, 400.0);
        assert_eq!(scene.points.len(), 4);
        assert!(scene
            .points
            .iter()
            .all(|m| m.draggable && m.label.is_some()));
        assert!(scene.points[..].iter().any(|m| m.focused && m.server == 2));
        assert_eq!(scene.keys.len(), 8);
        assert!(scene.keys[3].selected);
        for k in &scene.keys {
            let owner = placement.owners[k.key].unwrap();
            assert_eq!(k.color, Some(style_of(placement.ids[owner]).0));
        }
        assert_eq!(scene.legend.len(), 1);
        assert_eq!(style_of(9), (1, 1));
        assert_eq!(short_hash(0xABCD_EF12_3456_7890, 64), "abcdef…");
        assert_eq!(short_hash(0x0000_0112_3456_7890, 64), "000001…");
        assert_eq!(short_hash(3_446_378_249, 32), "3446378249");
    }

    #[test]
    fn hit_testing_finds_the_nearest_within_the_radius() {
        let p = params(2, 1, &[0, 500_000]);
        let placement = Placement::new(&p, &key_names(7, 8));
        let scene = build(&placement, &p, None, None, 400.0, 400.0);
        let g = scene.geometry;
        let (x, y) = g.at(0.0, g.radius);
        assert_eq!(hit_point(&scene, x + 3.0, y - 2.0, 12.0), Some(0));
        let (x, y) = g.at(0.5, g.radius);
        assert_eq!(hit_point(&scene, x, y, 12.0), Some(1));
        assert_eq!(hit_point(&scene, g.cx, g.cy, 12.0), None);
        let k = &scene.keys[5];
        assert!(hit_key(&scene, k.x + 1.0, k.y, 8.0).is_some());
        assert_eq!(hit_key(&scene, -100.0, -100.0, 8.0), None);
    }

    /// Dense rings keep their colours: past a few points per pixel the points are ticks in
    /// their colour, then not drawn; the gaps between owners go once they would crowd.
    #[test]
    fn dense_points_become_ticks_then_give_way_to_the_arcs() {
        let style = |vnodes: u32| {
            let p = params(4, vnodes, &[]);
            let placement = Placement::new(&p, &key_names(7, 8));
            build(&placement, &p, None, None, 500.0, 500.0)
        };
        // 500 px canvas: a circle of radius 206, about 1,294 px round.
        let few = style(40);
        assert_eq!(few.point_style, PointStyle::Marks);
        assert!(!few.boundaries.is_empty());
        let many = style(100);
        assert_eq!(many.point_style, PointStyle::Ticks);
        assert!(!many.aggregated);
        assert!(
            many.boundaries.is_empty(),
            "{} gaps on 1,294 px",
            many.boundaries.len()
        );
        let walkthrough = style(160);
        assert_ne!(walkthrough.point_style, PointStyle::Marks);
        assert!(walkthrough.boundaries.is_empty());
        for vnodes in [537, 1000] {
            let dense = style(vnodes);
            assert_eq!(dense.point_style, PointStyle::Hidden, "{vnodes}");
            assert!(dense.aggregated && dense.boundaries.is_empty(), "{vnodes}");
            // Every server still owns a good part of the drawn circle.
            let mut drawn = [0.0; 4];
            for arc in &dense.arcs {
                drawn[arc.owner] += arc.end - arc.start;
            }
            assert!(drawn.iter().all(|&d| d > 0.15), "{vnodes}: {drawn:?}");
        }
        assert_eq!(PointStyle::for_spacing(100, 1000.0), PointStyle::Marks);
        assert_eq!(PointStyle::for_spacing(200, 1000.0), PointStyle::Ticks);
        assert_eq!(PointStyle::for_spacing(600, 1000.0), PointStyle::Hidden);
        assert_eq!(PointStyle::for_spacing(0, 1000.0), PointStyle::Marks);
    }

    #[test]
    fn large_rings_aggregate_per_pixel() {
        let p = params(50, 400, &[]);
        let placement = Placement::new(&p, &key_names(7, 100));
        let scene = build(&placement, &p, None, None, 400.0, 400.0);
        assert!(scene.aggregated);
        assert!(scene.points_hidden);
        assert!(scene.points.is_empty());
        assert_eq!(scene.legend.len(), 3);
        assert!(scene.legend[1].starts_with("Arcs aggregated per pixel"));
        let pixels = scene.geometry.circumference().ceil();
        assert!(scene.arcs.len() as f64 <= pixels);
        let total: f64 = scene.arcs.iter().map(|a| a.end - a.start).sum();
        assert!(close(total, 1.0));
        // Each pixel's owner is the ring's owner at its middle.
        for arc in &scene.arcs {
            let middle = (arc.start + arc.end) / 2.0;
            let pos = (((middle * pixels).floor() + 0.5) / pixels * 2f64.powi(64)) as u64;
            assert_eq!(placement.ring().owner(pos), Some(arc.owner));
        }
        // Shares measured from the aggregated arcs are near the exact shares (a pixel is a
        // sample of the ring, so only near).
        let mut measured = vec![0.0; 50];
        for arc in &scene.arcs {
            measured[arc.owner] += arc.end - arc.start;
        }
        for (m, s) in measured.iter().zip(&placement.shares) {
            assert!((m - s).abs() < 0.03, "{m} {s}");
        }
    }

    #[test]
    fn boundaries_are_where_owners_change() {
        let arc = |start: f64, end: f64, owner: usize| Arc {
            start,
            end,
            owner,
            color: owner,
        };
        let arcs = [
            arc(0.9, 1.1, 0),
            arc(0.1, 0.4, 1),
            arc(0.4, 0.6, 1),
            arc(0.6, 0.9, 2),
        ];
        assert_eq!(boundaries(&arcs), [0.9, 0.1, 0.6]);
        assert!(boundaries(&arcs[..1]).is_empty());
        let p = params(4, 1, &[]);
        let placement = Placement::new(&p, &key_names(7, 8));
        let scene = build(&placement, &p, None, None, 400.0, 400.0);
        assert_eq!(scene.boundaries.len(), 4);
        let big = params(300, 1000, &[]);
        let placement = Placement::new(&big, &key_names(7, 8));
        assert!(build(&placement, &big, None, None, 400.0, 400.0)
            .boundaries
            .is_empty());
    }

    #[test]
    fn rings_shrink_to_stay_apart() {
        let others = [(0.0, 0.0), (20.0, 0.0), (200.0, 0.0)];
        assert_eq!(spaced_radius(0.0, 0.0, &others, CIRCLE), 11.5);
        assert_eq!(spaced_radius(0.0, 0.0, &others[..1], CIRCLE), 17.0);
        let r = spaced_radius(0.0, 0.0, &[(0.0, 0.0), (30.0, 0.0)], CIRCLE);
        assert_eq!(r, 13.5);
        assert_eq!(spaced_radius(0.0, 0.0, &[(1.0, 1.0)], STEP_RING), 6.0);
    }

    #[test]
    fn overlay_follows_the_walk_and_the_moves() {
        let p = params(4, 1, &[]);
        let keys = key_names(7, 40);
        let placement = Placement::new(&p, &keys);
        let scene = build(&placement, &p, None, None, 400.0, 400.0);
        let walk = Walk::new(&placement, &p, &keys, 0).unwrap();
        let o = overlay(&scene, &placement, Some((&walk, walk.done())), None, false);
        assert_eq!(o.circled.len(), 3);
        // Circles never overlap, however close the chosen points are.
        for (i, a) in o.circled.iter().enumerate() {
            for b in &o.circled[i + 1..] {
                let apart = (a.x - b.x).hypot(a.y - b.y);
                let fits = apart >= a.radius + b.radius + 3.0 - 1e-9;
                assert!(fits || a.radius == CIRCLE.0, "{a:?} {b:?}");
            }
        }
        assert_eq!(o.steps.len(), walk.steps.len());
        assert!(o.cursor.is_some());
        let mut q = p.clone();
        q.servers[1].failed = true;
        let after = Placement::new(&q, &keys);
        let change = Change::between(&placement, &after, ChangeKind::Fail("B".into()));
        let start = overlay(&scene, &after, None, Some((&change, 0.0)), false);
        assert_eq!(start.movers.len(), change.paths.len());
        let done = overlay(&scene, &after, None, Some((&change, 1.0)), false);
        assert!(done.movers.is_empty());
        let faded = overlay(&scene, &after, None, Some((&change, 0.5)), true);
        assert!(faded.movers.iter().all(|m| m.alpha == 0.5));
    }
}
