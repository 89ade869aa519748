//! The only code that touches the slots map's canvas: it paints a [`Scene`] and computes
//! nothing else.

use web_sys::CanvasRenderingContext2d;

use crate::kit::canvas_theme::CanvasTheme;
use ringlab_model::views::slots::scene::{Mark, Scene, SIDE};

/// Paints `scene` on a square backing store `size` device pixels wide, `ratio` device
/// pixels to the CSS pixel; `cursor` is the slot the keyboard cursor is on.
pub fn draw(
    ctx: &CanvasRenderingContext2d,
    scene: &Scene,
    cursor: Option<u16>,
    theme: &CanvasTheme,
    size: f64,
    ratio: f64,
) {
    let _ = ctx.set_transform(1.0, 0.0, 0.0, 1.0, 0.0, 0.0);
    ctx.set_global_alpha(1.0);
    ctx.set_fill_style_str(&theme.background);
    ctx.fill_rect(0.0, 0.0, size, size);
    if scene.owners.len() != (SIDE as usize) * (SIDE as usize) {
        return;
    }
    // Cell edges on whole device pixels, so that rows meet without seams.
    let edge = |i: u16| (i as f64 * size / SIDE as f64).round();
    let cell = size / SIDE as f64;
    let side = SIDE as usize;

    // Owners' colours, a row's run of one owner at a time.
    for row in 0..SIDE {
        let base = row as usize * side;
        let mut col = 0usize;
        while col < side {
            let owner = scene.owners[base + col];
            let start = col;
            while col < side && scene.owners[base + col] == owner {
                col += 1;
            }
            ctx.set_fill_style_str(theme.color(owner));
            let (x0, x1) = (edge(start as u16), edge(col as u16));
            ctx.fill_rect(x0, edge(row), x1 - x0, edge(row + 1) - edge(row));
        }
    }

    // Slots away from where `create` put them: a checker of the page's background over
    // their new owner's colour (texture, not colour alone).
    ctx.set_global_alpha(0.5);
    ctx.set_fill_style_str(&theme.background);
    ctx.begin_path();
    for (slot, mark) in scene.marks.iter().enumerate() {
        let (row, col) = ((slot / side) as u16, (slot % side) as u16);
        if *mark == Mark::Resharded && (row + col) % 2 == 0 {
            ctx.rect(
                edge(col),
                edge(row),
                edge(col + 1) - edge(col),
                edge(row + 1) - edge(row),
            );
        }
    }
    ctx.fill();
    ctx.set_global_alpha(1.0);

    // Slots migrating: diagonal stripes of the target's colour over the owner's.
    let mut by_target: Vec<usize> = scene
        .marks
        .iter()
        .filter_map(|m| match m {
            Mark::Migrating { to } => Some(*to),
            _ => None,
        })
        .collect();
    by_target.dedup();
    for target in by_target {
        ctx.set_fill_style_str(theme.color(target));
        ctx.begin_path();
        for (slot, mark) in scene.marks.iter().enumerate() {
            let (row, col) = ((slot / side) as u16, (slot % side) as u16);
            if *mark == (Mark::Migrating { to: target }) && (row + col) % 4 < 2 {
                ctx.rect(
                    edge(col),
                    edge(row),
                    edge(col + 1) - edge(col),
                    edge(row + 1) - edge(row),
                );
            }
        }
        ctx.fill();
    }

    // The move's slots, outlined just outside their cells: a line of text between two
    // hairlines of the background, none of it over the slots it outlines (a move of 100
    // slots is a strip two rows high, about 5 px on a phone, which an outline centred on
    // its edge would cover whole, owners' colours and migration stripes with it). The
    // clip is the map less the move's shapes: the map traced counter-clockwise, the
    // shapes clockwise (scene::outline), so the non-zero rule leaves their insides out.
    let trace = |shape: &[(u16, u16)]| {
        for (i, &(x, y)) in shape.iter().enumerate() {
            let (x, y) = (edge(x), edge(y));
            if i == 0 {
                ctx.move_to(x, y);
            } else {
                ctx.line_to(x, y);
            }
        }
        ctx.close_path();
    };
    ctx.save();
    ctx.begin_path();
    trace(&[(0, 0), (0, SIDE), (SIDE, SIDE), (SIDE, 0)]);
    for shape in &scene.outline {
        trace(shape);
    }
    ctx.clip();
    ctx.set_line_join("miter");
    // Centred on the edge and clipped to its outer half: the background 0 to 4.5 px out,
    // the text's line over it from 1 to 3.5 px.
    for (width, colour) in [
        (9.0, &theme.background),
        (7.0, &theme.text),
        (2.0, &theme.background),
    ] {
        ctx.set_line_width(width * ratio);
        ctx.set_stroke_style_str(colour);
        for shape in &scene.outline {
            ctx.begin_path();
            trace(shape);
            ctx.stroke();
        }
    }
    ctx.restore();

    // The move's rows, pointed at from both edges of the map: a move of a few slots is a
    // strip a row or two high, easy to miss without them.
    let (first_row, end_row) = scene.move_rows();
    let middle = (edge(first_row) + edge(end_row)) / 2.0;
    let (half, depth) = (7.0 * ratio, 10.0 * ratio);
    for (tip, base) in [(depth, 0.0), (size - depth, size)] {
        ctx.begin_path();
        ctx.move_to(tip, middle);
        ctx.line_to(base, middle - half);
        ctx.line_to(base, middle + half);
        ctx.close_path();
        ctx.set_line_width(2.0 * ratio);
        ctx.set_stroke_style_str(&theme.background);
        ctx.stroke();
        ctx.set_fill_style_str(&theme.text);
        ctx.fill();
    }

    // The keys: a ring round each key's slot, numbered as in the keys table.
    let radius = (cell * 2.0).max(6.0 * ratio);
    let font = (12.0 * ratio).round();
    ctx.set_font(&format!("700 {font}px system-ui, sans-serif"));
    ctx.set_text_baseline("middle");
    let mut done: Vec<u16> = Vec::new();
    for key in &scene.keys {
        if done.contains(&key.slot) {
            continue;
        }
        done.push(key.slot);
        let numbers: Vec<String> = scene
            .keys
            .iter()
            .enumerate()
            .filter(|(_, k)| k.slot == key.slot)
            .map(|(i, _)| (i + 1).to_string())
            .collect();
        let label = numbers.join(",");
        let (row, col) = (key.slot / SIDE, key.slot % SIDE);
        let (cx, cy) = (
            (edge(col) + edge(col + 1)) / 2.0,
            (edge(row) + edge(row + 1)) / 2.0,
        );
        for (width, colour) in [(4.5, &theme.background), (2.0, &theme.text)] {
            ctx.set_line_width(width * ratio);
            ctx.set_stroke_style_str(colour);
            ctx.begin_path();
            let _ = ctx.arc(cx, cy, radius, 0.0, std::f64::consts::TAU);
            ctx.stroke();
        }
        // The number beside the ring, on whichever side has room; above or below it for a
        // key in the move, so that the number never sits on the move's strip.
        let text_width = ctx.measure_text(&label).map_or(font, |m| m.width());
        let right = cx + radius + 3.0 * ratio + text_width <= size;
        let (x, align, y) = if scene.in_move(key.slot) {
            let above = cy - radius - font * 0.8;
            let y = if above >= font / 2.0 {
                above
            } else {
                cy + radius + font * 0.8
            };
            (cx, "center", y)
        } else if right {
            (cx + radius + 3.0 * ratio, "left", cy)
        } else {
            (cx - radius - 3.0 * ratio, "right", cy)
        };
        let y = y.clamp(font / 2.0 + ratio, size - font / 2.0 - ratio);
        ctx.set_text_align(align);
        ctx.set_line_width(3.0 * ratio);
        ctx.set_stroke_style_str(&theme.background);
        let _ = ctx.stroke_text(&label, x, y);
        ctx.set_fill_style_str(&theme.text);
        let _ = ctx.fill_text(&label, x, y);
    }

    // The keyboard cursor: a square in the focus colour, never smaller than 8 CSS pixels.
    if let Some(slot) = cursor.filter(|&s| (s as usize) < scene.owners.len()) {
        let (row, col) = (slot / SIDE, slot % SIDE);
        let (x0, y0) = (edge(col), edge(row));
        let w = edge(col + 1) - x0;
        let pad = ((8.0 * ratio - w) / 2.0).max(0.0);
        for (width, colour) in [(4.0, &theme.background), (2.0, &theme.focus)] {
            ctx.set_line_width(width * ratio);
            ctx.set_stroke_style_str(colour);
            ctx.stroke_rect(x0 - pad, y0 - pad, w + 2.0 * pad, w + 2.0 * pad);
        }
    }
}
