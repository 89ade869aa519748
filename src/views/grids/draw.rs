//! The only code that touches a canvas: it draws one grid as `layout` places its cells and
//! computes nothing else.

use web_sys::CanvasRenderingContext2d;

use super::layout::Layout;
use super::placement::{number, Grid};
use crate::kit::canvas_theme::CanvasTheme;

/// Draws `grid` on a canvas whose backing store is `ratio` times `layout`'s CSS size.
pub fn draw(
    ctx: &CanvasRenderingContext2d,
    layout: &Layout,
    grid: &Grid,
    previous: bool,
    cursor: Option<usize>,
    theme: &CanvasTheme,
    ratio: f64,
) {
    let _ = ctx.set_transform(ratio, 0.0, 0.0, ratio, 0.0, 0.0);
    ctx.set_fill_style_str(&theme.background);
    ctx.fill_rect(0.0, 0.0, layout.width, layout.height);
    // A gap between cells once they are big enough to spare one.
    let gap = if layout.cell >= 8.0 {
        1.0
    } else if layout.cell >= 3.0 {
        0.5
    } else {
        0.0
    };
    let side = (layout.cell - gap).max(0.5);
    for lit in [false, true] {
        ctx.set_fill_style_str(if lit { &theme.accent } else { &theme.quiet });
        ctx.begin_path();
        for key in (0..layout.keys).filter(|&k| grid.lit.get(k).copied().unwrap_or(false) == lit) {
            let (x, y) = layout.origin(key);
            ctx.rect(x, y, side, side);
        }
        ctx.fill();
    }
    if layout.shows_numbers() {
        let size = (layout.cell * 0.42).clamp(8.0, 15.0);
        ctx.set_font(&format!("{size:.0}px system-ui, sans-serif"));
        ctx.set_text_align("center");
        ctx.set_text_baseline("middle");
        let small = (layout.cell * 0.28).clamp(7.0, 11.0);
        for key in 0..layout.keys {
            let (x, y) = layout.origin(key);
            let lit = grid.lit.get(key).copied().unwrap_or(false);
            ctx.set_fill_style_str(if lit { &theme.accent_text } else { &theme.text });
            // Moved cells are bold too: not colour alone.
            let weight = if lit { "700 " } else { "" };
            ctx.set_font(&format!("{weight}{size:.0}px system-ui, sans-serif"));
            let now = number(grid.owners.get(key).copied().flatten());
            let centre = (x + side / 2.0, y + side / 2.0);
            if previous && lit && layout.shows_previous() {
                let was = number(grid.previous(key).flatten());
                let _ = ctx.fill_text(&now, centre.0, y + side * 0.64);
                ctx.set_font(&format!("{small:.0}px system-ui, sans-serif"));
                let _ = ctx.fill_text(&format!("was {was}"), centre.0, y + side * 0.27);
            } else {
                let _ = ctx.fill_text(&now, centre.0, centre.1);
            }
        }
    }
    if let Some(key) = cursor.filter(|&k| k < layout.keys) {
        let (x, y) = layout.origin(key);
        let width = if layout.cell >= 8.0 { 2.5 } else { 1.5 };
        ctx.set_line_width(width);
        ctx.set_stroke_style_str(&theme.focus);
        // Never smaller than a few pixels, so that the cursor shows on tiny cells.
        let pad = (6.0 - side).max(0.0) / 2.0;
        ctx.stroke_rect(x - pad, y - pad, side + 2.0 * pad, side + 2.0 * pad);
    }
}
