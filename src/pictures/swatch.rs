//! A node's colour, the same in every picture: the class `swatch-<i>` (static/style.css)
//! fills a box or an SVG shape with the palette's colour for node `i`, and gives text on it
//! a readable colour.

/// The swatch class of node `i` (the palette has eight colours; a ninth node repeats the
/// first).
pub fn swatch(i: usize) -> String {
    format!("swatch-{}", i % 8)
}
