//! A chart's frame, laid out in CSS pixels: the SVG is drawn at the size it is shown, so
//! its text keeps the stylesheet's size (12 px and up) at any width, instead of shrinking
//! with the picture on a phone and swelling on a desktop. Pure: the charts only read it.

/// The smallest gap between two labels' baselines, CSS pixels (12 px text and air).
pub const LABEL_GAP: f64 = 14.0;

/// The margins of a chart, CSS pixels, around its plotting area.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Margins {
    pub left: f64,
    pub right: f64,
    pub top: f64,
    pub bottom: f64,
}

/// A chart `width` by `height` CSS pixels with its plotting area inside `margins`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Frame {
    pub width: f64,
    pub height: f64,
    pub margins: Margins,
}

impl Frame {
    /// A frame as wide as the page shows it (`shown`, CSS pixels; 0 or less before it has
    /// been measured, when `fallback` stands in), its height `aspect` times its width
    /// within `min_height..=max_height`. The plotting area never goes below 40 px wide.
    ///
    /// ```
    /// use ringlab_model::chart::{Frame, Margins};
    /// let m = Margins { left: 60.0, right: 80.0, top: 10.0, bottom: 30.0 };
    /// let phone = Frame::new(320.0, 640.0, 0.375, 200.0, 260.0, m);
    /// assert_eq!((phone.width, phone.height), (320.0, 200.0));
    /// assert_eq!(phone.plot_width(), 180.0);
    /// let unmeasured = Frame::new(0.0, 640.0, 0.375, 200.0, 260.0, m);
    /// assert_eq!((unmeasured.width, unmeasured.height), (640.0, 240.0));
    /// ```
    pub fn new(
        shown: f64,
        fallback: f64,
        aspect: f64,
        min_height: f64,
        max_height: f64,
        margins: Margins,
    ) -> Frame {
        let shown = if shown.is_finite() && shown > 0.0 {
            shown
        } else {
            fallback
        };
        let width = shown.max(margins.left + margins.right + 40.0);
        let height = (width * aspect).clamp(min_height, max_height.max(min_height));
        Frame {
            width,
            height,
            margins,
        }
    }

    pub fn plot_width(&self) -> f64 {
        self.width - self.margins.left - self.margins.right
    }

    pub fn plot_height(&self) -> f64 {
        (self.height - self.margins.top - self.margins.bottom).max(1.0)
    }

    /// The y of `value` on an axis from 0 at the bottom to `top` at the top (clamped).
    pub fn y(&self, value: f64, top: f64) -> f64 {
        let share = if top > 0.0 { value / top } else { 0.0 };
        self.margins.top + self.plot_height() * (1.0 - share.clamp(0.0, 1.0))
    }

    /// The SVG `viewBox` that draws this frame at one unit per CSS pixel.
    pub fn view_box(&self) -> String {
        format!("0 0 {:.0} {:.0}", self.width, self.height)
    }
}

/// Label positions `wanted` (y, CSS pixels) moved apart so that no two are closer than
/// `gap`, each as near its wish as that allows, all within `low..=high` where there is
/// room; the order of the labels is kept.
///
/// ```
/// use ringlab_model::chart::spread;
/// assert_eq!(spread(&[100.0, 104.0], 14.0, 0.0, 200.0), vec![95.0, 109.0]);
/// assert_eq!(spread(&[50.0, 120.0], 14.0, 0.0, 200.0), vec![50.0, 120.0]);
/// ```
pub fn spread(wanted: &[f64], gap: f64, low: f64, high: f64) -> Vec<f64> {
    let mut order: Vec<usize> = (0..wanted.len()).collect();
    order.sort_by(|&a, &b| wanted[a].total_cmp(&wanted[b]));
    // Clusters of labels that crowd each other, each centred on its wishes' mean.
    let mut clusters: Vec<(f64, Vec<usize>)> = Vec::new();
    for i in order {
        clusters.push((wanted[i], vec![i]));
        loop {
            let n = clusters.len();
            if n < 2 {
                break;
            }
            let (a, b) = (&clusters[n - 2], &clusters[n - 1]);
            let a_end = a.0 + gap * (a.1.len() as f64 - 1.0) / 2.0;
            let b_start = b.0 - gap * (b.1.len() as f64 - 1.0) / 2.0;
            if b_start - a_end >= gap {
                break;
            }
            let (b_centre, b_members) = clusters.pop().expect("two clusters");
            let (a_centre, mut members) = clusters.pop().expect("two clusters");
            let weight = |c: f64, k: usize| c * k as f64;
            let total = members.len() + b_members.len();
            let centre = (weight(a_centre, members.len()) + weight(b_centre, b_members.len()))
                / total as f64;
            members.extend(b_members);
            clusters.push((centre, members));
        }
    }
    let mut out = vec![0.0; wanted.len()];
    for (centre, members) in clusters {
        let span = gap * (members.len() as f64 - 1.0);
        let first = (centre - span / 2.0).clamp(low, (high - span).max(low));
        for (k, &i) in members.iter().enumerate() {
            out[i] = first + gap * k as f64;
        }
    }
    out
}

/// Which of an axis's tick labels to draw so that none overlaps the next: `ticks` are
/// each label's position (x, CSS pixels, ascending) and width. Each is centred on its
/// position but the last, which ends there (so it is never cut at the plot's edge). The
/// last is always drawn; the others from the left while they leave `gap` free.
///
/// ```
/// use ringlab_model::chart::spaced_ticks;
/// // 256 and 1024 would touch: 256 gives way to the last.
/// let ticks = [(0.0, 7.0), (40.0, 7.0), (80.0, 14.0), (160.0, 21.0), (180.0, 28.0)];
/// assert_eq!(spaced_ticks(&ticks, 6.0), vec![0, 1, 2, 4]);
/// ```
pub fn spaced_ticks(ticks: &[(f64, f64)], gap: f64) -> Vec<usize> {
    let Some((&(last_x, last_width), rest)) = ticks.split_last() else {
        return Vec::new();
    };
    let last_start = last_x - last_width;
    let mut kept = Vec::new();
    let mut free_from = f64::NEG_INFINITY;
    for (i, &(x, width)) in rest.iter().enumerate() {
        let (start, end) = (x - width / 2.0, x + width / 2.0);
        if start >= free_from && end + gap <= last_start {
            kept.push(i);
            free_from = end + gap;
        }
    }
    kept.push(ticks.len() - 1);
    kept
}

#[cfg(test)]
mod tests {
    use super::*;

    const M: Margins = Margins {
        left: 64.0,
        right: 84.0,
        top: 12.0,
        bottom: 34.0,
    };

    #[test]
    fn frames_follow_the_width_they_are_shown_at() {
        let wide = Frame::new(900.0, 640.0, 0.375, 200.0, 260.0, M);
        assert_eq!((wide.width, wide.height), (900.0, 260.0));
        let narrow = Frame::new(100.0, 640.0, 0.375, 200.0, 260.0, M);
        assert_eq!(narrow.width, 64.0 + 84.0 + 40.0);
        assert_eq!(narrow.plot_width(), 40.0);
        for bad in [f64::NAN, -3.0, 0.0, f64::INFINITY] {
            assert_eq!(Frame::new(bad, 320.0, 0.5, 150.0, 220.0, M).width, 320.0);
        }
        assert_eq!(wide.view_box(), "0 0 900 260");
        assert_eq!(wide.y(0.0, 10.0), 260.0 - 34.0);
        assert_eq!(wide.y(10.0, 10.0), 12.0);
        assert_eq!(wide.y(20.0, 10.0), 12.0);
        assert_eq!(wide.y(5.0, 0.0), 260.0 - 34.0);
    }

    #[test]
    fn spread_labels_keep_their_order_and_gap() {
        // Three crowding labels and one apart.
        let got = spread(&[100.0, 101.0, 40.0, 99.0], 14.0, 0.0, 300.0);
        assert_eq!(got[2], 40.0);
        let mut crowd = [got[3], got[0], got[1]];
        crowd.sort_by(f64::total_cmp);
        assert!((crowd[1] - crowd[0] - 14.0).abs() < 1e-9);
        assert!((crowd[2] - crowd[1] - 14.0).abs() < 1e-9);
        assert!((crowd.iter().sum::<f64>() / 3.0 - 100.0).abs() < 1e-9);
        // Kept inside the bounds where there is room.
        assert_eq!(spread(&[2.0, 3.0], 14.0, 10.0, 300.0), vec![10.0, 24.0]);
        assert_eq!(
            spread(&[299.0, 300.0], 14.0, 0.0, 300.0),
            vec![286.0, 300.0]
        );
        assert!(spread(&[], 14.0, 0.0, 1.0).is_empty());
        // A merge that reaches back into an earlier cluster merges it too.
        let got = spread(&[10.0, 30.0, 31.0, 32.0], 14.0, 0.0, 300.0);
        for pair in got.windows(2) {
            assert!(pair[1] - pair[0] >= 14.0 - 1e-9, "{got:?}");
        }
    }
}
