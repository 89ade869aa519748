//! A server's colour, the same in every picture: the palette is `--server-0` to
//! `--server-7` in `static/style.css` (server A first), and these classes take from it.
//! `swatch-<i>` fills a box or an SVG shape and gives text on it a readable colour;
//! `own-<i>` strokes a line or an arc. The canvases read the same properties
//! (`crate::kit::canvas_theme`).

/// The palette's size: a ninth server repeats the first colour.
const COLOURS: usize = 8;

/// The fill class of server `i`.
pub fn swatch(i: usize) -> String {
    format!("swatch-{}", i % COLOURS)
}

/// The stroke class of server `i`.
pub fn own(i: usize) -> String {
    format!("own-{}", i % COLOURS)
}
