//! The only code that touches the canvas: it draws a [`Scene`] and computes nothing.

use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement};

use super::scene::{canvas_angle, PointStyle, Scene, PALETTE};
use crate::kit::canvas_theme::CanvasTheme;

/// Draws `scene` on a canvas whose backing store is `ratio` times its CSS size.
pub fn draw(ctx: &CanvasRenderingContext2d, scene: &Scene, theme: &CanvasTheme, ratio: f64) {
    draw_still(ctx, scene, theme, ratio);
    draw_overlay(ctx, scene, theme, ratio);
}

/// Copies a canvas of the same backing size (the still layer) onto this one.
pub fn copy(ctx: &CanvasRenderingContext2d, still: &HtmlCanvasElement) {
    let _ = ctx.set_transform(1.0, 0.0, 0.0, 1.0, 0.0, 0.0);
    ctx.set_global_alpha(1.0);
    let _ = ctx.draw_image_with_html_canvas_element(still, 0.0, 0.0);
}

/// Everything but the overlay: background, arcs, keys, points, labels.
pub fn draw_still(ctx: &CanvasRenderingContext2d, scene: &Scene, theme: &CanvasTheme, ratio: f64) {
    let g = &scene.geometry;
    let _ = ctx.set_transform(ratio, 0.0, 0.0, ratio, 0.0, 0.0);
    ctx.set_global_alpha(1.0);
    ctx.set_fill_style_str(&theme.background);
    ctx.fill_rect(0.0, 0.0, g.width, g.height);

    // The track and the owners' arcs.
    ctx.set_line_cap("butt");
    ctx.set_line_width(16.0);
    ctx.set_stroke_style_str(&theme.edge);
    ctx.begin_path();
    let _ = ctx.arc(g.cx, g.cy, g.radius, 0.0, std::f64::consts::TAU);
    ctx.stroke();
    ctx.set_line_width(12.0);
    for color in 0..PALETTE {
        ctx.begin_path();
        let mut any = false;
        for arc in scene.arcs.iter().filter(|a| a.color == color) {
            let (x, y) = g.at(arc.start, g.radius);
            ctx.move_to(x, y);
            let _ = ctx.arc(
                g.cx,
                g.cy,
                g.radius,
                canvas_angle(arc.start),
                canvas_angle(arc.end),
            );
            any = true;
        }
        if any {
            ctx.set_stroke_style_str(theme.color(color));
            ctx.stroke();
        }
    }

    // A thin gap where one owner's arc meets another's.
    ctx.set_line_width(2.0);
    ctx.set_stroke_style_str(&theme.background);
    ctx.begin_path();
    for &at in &scene.boundaries {
        let (x0, y0) = g.at(at, g.radius - 7.0);
        let (x1, y1) = g.at(at, g.radius + 7.0);
        ctx.move_to(x0, y0);
        ctx.line_to(x1, y1);
    }
    ctx.stroke();

    // Keys, grouped by colour.
    ctx.set_line_width(1.0);
    // Black (the eighth colour) and ownerless keys first, so that they do not cover the rest.
    let order = std::iter::once(None).chain(std::iter::once(Some(PALETTE - 1)));
    for color in order.chain((0..PALETTE - 1).map(Some)) {
        ctx.begin_path();
        let mut any = false;
        for key in scene.keys.iter().filter(|k| k.color == color) {
            ctx.move_to(key.x + key.size, key.y);
            let _ = ctx.arc(key.x, key.y, key.size, 0.0, std::f64::consts::TAU);
            any = true;
        }
        if any {
            ctx.set_fill_style_str(color.map_or(theme.muted.as_str(), |c| theme.color(c)));
            ctx.fill();
            if scene.keys.len() <= 1000 {
                ctx.set_stroke_style_str(&theme.text);
                ctx.stroke();
            }
        }
    }
    ctx.set_font(&theme.font);
    ctx.set_text_align("center");
    ctx.set_text_baseline("middle");
    for key in &scene.keys {
        if key.moved {
            ctx.set_line_width(1.5);
            ctx.set_stroke_style_str(&theme.text);
            ring(ctx, key.x, key.y, key.size + 2.5);
        }
        if key.selected {
            ctx.set_line_width(2.0);
            ctx.set_stroke_style_str(&theme.focus);
            ring(ctx, key.x, key.y, key.size + 4.0);
        }
        if let Some(label) = &key.label {
            ctx.set_fill_style_str(&theme.muted);
            let _ = ctx.fill_text(&label.text, label.x, label.y);
        }
    }

    match scene.point_style {
        PointStyle::Marks => draw_marks(ctx, scene, theme),
        PointStyle::Ticks => draw_ticks(ctx, scene, theme),
        PointStyle::Hidden => {}
    }
}

/// Hairline ticks just outside the track, each in its server's colour (the focused
/// server's longer): dense points without outlines that would darken the ring.
fn draw_ticks(ctx: &CanvasRenderingContext2d, scene: &Scene, theme: &CanvasTheme) {
    let g = &scene.geometry;
    for color in 0..PALETTE {
        for focused in [false, true] {
            ctx.begin_path();
            let mut any = false;
            for p in scene
                .points
                .iter()
                .filter(|p| p.color == color && p.focused == focused)
            {
                let outer = if focused { 20.0 } else { 14.0 };
                let (x0, y0) = g.at(p.fraction, g.radius + 9.0);
                let (x1, y1) = g.at(p.fraction, g.radius + outer);
                ctx.move_to(x0, y0);
                ctx.line_to(x1, y1);
                any = true;
            }
            if any {
                ctx.set_line_width(if focused { 1.5 } else { 1.0 });
                ctx.set_stroke_style_str(theme.color(color));
                ctx.stroke();
            }
        }
    }
}

/// Server points: colour and shape, outlined, labelled.
fn draw_marks(ctx: &CanvasRenderingContext2d, scene: &Scene, theme: &CanvasTheme) {
    for p in &scene.points {
        ctx.set_fill_style_str(theme.color(p.color));
        ctx.set_stroke_style_str(&theme.text);
        ctx.set_line_width(1.5);
        shape(ctx, p.shape, p.x, p.y, if p.draggable { 8.0 } else { 5.0 });
        if p.focused {
            ctx.set_line_width(2.5);
            ctx.set_stroke_style_str(&theme.focus);
            ring(ctx, p.x, p.y, 13.0);
        }
        if let Some(label) = &p.label {
            ctx.set_fill_style_str(&theme.text);
            let _ = ctx.fill_text(&label.text, label.x, label.y);
        }
    }
}

/// The moving parts: moved keys on their way, the walk.
pub fn draw_overlay(
    ctx: &CanvasRenderingContext2d,
    scene: &Scene,
    theme: &CanvasTheme,
    ratio: f64,
) {
    let g = &scene.geometry;
    let _ = ctx.set_transform(ratio, 0.0, 0.0, ratio, 0.0, 0.0);
    ctx.set_font(&theme.font);
    ctx.set_text_align("center");
    ctx.set_text_baseline("middle");
    let o = &scene.overlay;
    // Moved keys on their way.
    let outlined = o.movers.len() <= 200;
    for m in &o.movers {
        ctx.set_global_alpha(m.alpha);
        ctx.set_fill_style_str(m.color.map_or(theme.muted.as_str(), |c| theme.color(c)));
        ctx.set_stroke_style_str(if outlined {
            &theme.text
        } else {
            &theme.background
        });
        ctx.set_line_width(if outlined { 1.0 } else { 0.0 });
        shape(ctx, 3, m.x, m.y, if outlined { 4.5 } else { 2.5 });
    }
    ctx.set_global_alpha(1.0);

    // The walk: trail, passed and chosen points, cursor.
    if let Some((start, turns)) = o.trail {
        let turns = turns.min(0.999);
        if turns > 0.0 {
            ctx.set_line_width(2.0);
            ctx.set_stroke_style_str(&theme.text);
            ctx.begin_path();
            let _ = ctx.arc(
                g.cx,
                g.cy,
                g.walk_radius(),
                canvas_angle(start),
                canvas_angle(start + turns),
            );
            ctx.stroke();
        }
    }
    for step in &o.steps {
        ctx.set_global_alpha(step.alpha);
        ctx.set_stroke_style_str(&theme.focus);
        match step.rank {
            Some(rank) => {
                // Once the walk is over, the chosen servers' circles take the rings' place.
                if o.circled.is_empty() {
                    ctx.set_line_width(3.0);
                    ring(ctx, step.x, step.y, step.radius);
                }
                ctx.set_fill_style_str(&theme.text);
                // Inside the walk's trail (at 0.9 of the radius), not on it.
                let (dx, dy) = outward(g.cx, g.cy, step.x, step.y, -(g.radius * 0.1 + 14.0));
                let _ = ctx.fill_text(&format!("{}", rank + 1), step.x + dx, step.y + dy);
            }
            None => {
                ctx.set_line_width(2.0);
                ctx.begin_path();
                ctx.move_to(step.x - 6.0, step.y - 6.0);
                ctx.line_to(step.x + 6.0, step.y + 6.0);
                ctx.move_to(step.x + 6.0, step.y - 6.0);
                ctx.line_to(step.x - 6.0, step.y + 6.0);
                ctx.stroke();
            }
        }
    }
    ctx.set_global_alpha(1.0);
    for circle in &o.circled {
        // A halo in the background colour first, so that touching circles stay apart.
        ctx.set_line_width(5.0);
        ctx.set_stroke_style_str(&theme.background);
        ring(ctx, circle.x, circle.y, circle.radius);
        ctx.set_line_width(3.0);
        ctx.set_stroke_style_str(&theme.focus);
        ring(ctx, circle.x, circle.y, circle.radius);
    }
    if let Some((x, y)) = o.cursor {
        ctx.set_fill_style_str(&theme.text);
        ctx.begin_path();
        let _ = ctx.arc(x, y, 5.0, 0.0, std::f64::consts::TAU);
        ctx.fill();
    }
}

/// A step of `length` from `(x, y)` away from the centre.
fn outward(cx: f64, cy: f64, x: f64, y: f64, length: f64) -> (f64, f64) {
    let (dx, dy) = (x - cx, y - cy);
    let d = dx.hypot(dy).max(1e-9);
    (dx / d * length, dy / d * length)
}

fn ring(ctx: &CanvasRenderingContext2d, x: f64, y: f64, r: f64) {
    ctx.begin_path();
    let _ = ctx.arc(x, y, r, 0.0, std::f64::consts::TAU);
    ctx.stroke();
}

/// Circle, square, triangle or diamond of about radius `r`, filled and outlined.
fn shape(ctx: &CanvasRenderingContext2d, kind: usize, x: f64, y: f64, r: f64) {
    ctx.begin_path();
    match kind % 4 {
        0 => {
            let _ = ctx.arc(x, y, r, 0.0, std::f64::consts::TAU);
        }
        1 => ctx.rect(x - r * 0.85, y - r * 0.85, r * 1.7, r * 1.7),
        2 => {
            ctx.move_to(x, y - r * 1.1);
            ctx.line_to(x + r, y + r * 0.75);
            ctx.line_to(x - r, y + r * 0.75);
            ctx.close_path();
        }
        _ => {
            ctx.move_to(x, y - r);
            ctx.line_to(x + r, y);
            ctx.line_to(x, y + r);
            ctx.line_to(x - r, y);
            ctx.close_path();
        }
    }
    ctx.fill();
    ctx.stroke();
}
