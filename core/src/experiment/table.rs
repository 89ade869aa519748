//! The experiments' rows as table cells: the command line prints them as TSV, the lab
//! offers them as CSV, with the same columns and the same digits, so that the two can be
//! compared line by line.

use super::{BusiestRow, CatcherRow};

/// A row that prints as a table line.
pub trait TableRow {
    /// The columns' names.
    const HEADER: &'static [&'static str];
    /// The cells, in [`TableRow::HEADER`]'s order.
    fn cells(&self) -> Vec<String>;
}

impl TableRow for BusiestRow {
    const HEADER: &'static [&'static str] = &[
        "servers",
        "points",
        "rings",
        "mean_busiest",
        "p95_busiest",
        "spread_sqrt_points",
    ];

    fn cells(&self) -> Vec<String> {
        vec![
            self.servers.to_string(),
            self.points.to_string(),
            self.rings.to_string(),
            format!("{:.4}", self.mean_busiest),
            format!("{:.4}", self.p95_busiest),
            format!("{:.4}", self.spread_sqrt_points),
        ]
    }
}

impl TableRow for CatcherRow {
    const HEADER: &'static [&'static str] = &[
        "servers",
        "points",
        "rings",
        "mean_biggest_catcher",
        "p95_biggest_catcher",
        "mean_catchers",
    ];

    fn cells(&self) -> Vec<String> {
        vec![
            self.servers.to_string(),
            self.points.to_string(),
            self.rings.to_string(),
            format!("{:.4}", self.mean_biggest_fraction),
            format!("{:.4}", self.p95_biggest_fraction),
            format!("{:.2}", self.mean_catchers),
        ]
    }
}

/// The rows as text: a header line, then one line per row, cells joined by `separator`
/// (`'\t'` for TSV, `','` for CSV: no cell holds either).
///
/// ```
/// use ringlab_core::experiment::{table_text, CatcherRow};
/// let row = CatcherRow {
///     servers: 100, points: 16, rings: 400,
///     mean_biggest_fraction: 0.2213, p95_biggest_fraction: 0.31, mean_catchers: 14.2,
/// };
/// assert_eq!(
///     table_text(&[row], ','),
///     "servers,points,rings,mean_biggest_catcher,p95_biggest_catcher,mean_catchers\n\
///      100,16,400,0.2213,0.3100,14.20\n"
/// );
/// ```
pub fn table_text<R: TableRow>(rows: &[R], separator: char) -> String {
    let sep = separator.to_string();
    let mut text = R::HEADER.join(&sep);
    text.push('\n');
    for row in rows {
        text.push_str(&row.cells().join(&sep));
        text.push('\n');
    }
    text
}
