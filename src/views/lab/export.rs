//! A lab figure as a file (SVG or PNG): the plot as it stands alone
//! ([`standalone_copy`]), with the figure's title above it and its legend below, which
//! the page shows in HTML around the plot, so that the file says what its lines are.

use ringlab_model::views::lab::series::Chart;
use wasm_bindgen::JsCast;
use web_sys::Element;

use crate::kit::browser::standalone_copy;

const SVG: &str = "http://www.w3.org/2000/svg";
/// The title's band above the plot, and a legend row's height, in px.
const TITLE: f64 = 26.0;
const ROW: f64 = 20.0;
/// A legend entry's least width: the key and a label such as "N = 1000, 95th percentile".
const ENTRY: f64 = 230.0;
/// The key's length and the gap after it, in px.
const KEY: f64 = 28.0;
const KEY_GAP: f64 = 6.0;

/// The plot `svg` of `chart` as a file titled `title`, and its size in px.
pub fn figure_copy(svg: &Element, chart: &Chart, title: &str) -> Option<(Element, f64, f64)> {
    let copy = standalone_copy(svg)?;
    let document = web_sys::window()?.document()?;
    // The reader's cursor and its dots are the page's, not the figure's.
    let marks = copy.query_selector_all(".plot-cursor, .xy-dot").ok()?;
    for i in 0..marks.length() {
        if let Some(mark) = marks.item(i).and_then(|m| m.dyn_into::<Element>().ok()) {
            mark.remove();
        }
    }
    let (width, height) = size(&copy)?;
    // The plot's own text colour and font, already written into the copy.
    let sample = copy.query_selector("text.axis-title").ok()??;
    let fill = sample.get_attribute("fill").unwrap_or_default();
    let font = sample.get_attribute("font-family").unwrap_or_default();
    let element = |name: &str, attributes: &[(&str, String)]| -> Option<Element> {
        let e = document.create_element_ns(Some(SVG), name).ok()?;
        for (key, value) in attributes {
            e.set_attribute(key, value).ok()?;
        }
        Some(e)
    };
    // Everything drawn so far moves down under the title.
    let plot = element("g", &[("transform", format!("translate(0 {TITLE})"))])?;
    while let Some(child) = copy.first_child() {
        plot.append_child(&child).ok()?;
    }
    copy.append_child(&plot).ok()?;
    let heading = element(
        "text",
        &[
            ("x", "8".into()),
            ("y", "18".into()),
            ("fill", fill.clone()),
            ("font-family", font.clone()),
            ("font-size", "14px".into()),
            ("font-weight", "bold".into()),
        ],
    )?;
    heading.set_text_content(Some(title));
    copy.append_child(&heading).ok()?;
    // The legend: each line's key, drawn with its path's own stroke, and its label.
    let paths = copy.query_selector_all("path.xy-line").ok()?;
    let columns = ((width - 16.0) / ENTRY).floor().max(1.0);
    let column_width = (width - 16.0) / columns;
    let top = TITLE + height + 8.0;
    for (i, line) in chart.lines.iter().enumerate() {
        let (column, row) = ((i as f64) % columns, (i as f64 / columns).floor());
        let (x, y) = (8.0 + column * column_width, top + row * ROW + ROW / 2.0);
        let path: Option<Element> = paths.item(i as u32).and_then(|p| p.dyn_into().ok());
        let stroke = |name: &str| {
            path.as_ref()
                .and_then(|p| p.get_attribute(name))
                .unwrap_or_default()
        };
        let key = element(
            "path",
            &[
                ("d", format!("M{x:.1} {y:.1} L{:.1} {y:.1}", x + KEY)),
                ("fill", "none".into()),
                ("stroke", stroke("stroke")),
                ("stroke-width", stroke("stroke-width")),
                ("stroke-dasharray", stroke("stroke-dasharray")),
            ],
        )?;
        let label = element(
            "text",
            &[
                ("x", format!("{:.1}", x + KEY + KEY_GAP)),
                ("y", format!("{:.1}", y + 4.0)),
                ("fill", fill.clone()),
                ("font-family", font.clone()),
                ("font-size", "12px".into()),
            ],
        )?;
        label.set_text_content(Some(&line.label));
        copy.append_child(&key).ok()?;
        copy.append_child(&label).ok()?;
    }
    let rows = (chart.lines.len() as f64 / columns).ceil();
    let total = top + rows * ROW + 8.0;
    copy.set_attribute("viewBox", &format!("0 0 {width:.0} {total:.0}"))
        .ok()?;
    Some((copy, width, total))
}

/// The width and height of an SVG's view box.
fn size(svg: &Element) -> Option<(f64, f64)> {
    let view_box = svg.get_attribute("viewBox")?;
    let numbers: Vec<f64> = view_box
        .split_whitespace()
        .filter_map(|n| n.parse().ok())
        .collect();
    match numbers[..] {
        [_, _, width, height] => Some((width, height)),
        _ => None,
    }
}
