//! Where the cells of a grid drawn on a canvas lie, and which cell a point or an arrow key
//! lands on. Pure: tested natively; `draw.rs` only reads it.

/// Grids with more keys than this draw on a canvas; smaller ones are DOM links.
pub const CANVAS_CELLS: usize = 400;

/// Cells at least this many CSS pixels wide show their number.
pub const NUMBER_CELL: f64 = 18.0;
/// Cells at least this wide also show the previous owner.
pub const PREVIOUS_CELL: f64 = 30.0;

/// The cells of a grid of `keys` keys in a canvas `width` CSS pixels wide.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Layout {
    pub keys: usize,
    pub cols: usize,
    pub rows: usize,
    /// The side of a cell, CSS pixels.
    pub cell: f64,
    pub width: f64,
    pub height: f64,
}

impl Layout {
    /// A square-ish grid: `ceil(sqrt(keys))` columns filling `width`.
    pub fn new(keys: usize, width: f64) -> Layout {
        let cols = columns(keys);
        let rows = keys.div_ceil(cols).max(1);
        let width = if width.is_finite() && width > 0.0 {
            width
        } else {
            320.0
        };
        let cell = width / cols as f64;
        Layout {
            keys,
            cols,
            rows,
            cell,
            width,
            height: cell * rows as f64,
        }
    }

    /// The key of the cell under `(x, y)` (CSS pixels from the canvas's top left).
    pub fn hit(&self, x: f64, y: f64) -> Option<usize> {
        if !(x >= 0.0 && y >= 0.0 && x < self.width && y < self.height) {
            return None;
        }
        let col = ((x / self.cell) as usize).min(self.cols - 1);
        let row = (y / self.cell) as usize;
        let key = row * self.cols + col;
        (key < self.keys).then_some(key)
    }

    /// The top left corner of key `key`'s cell.
    pub fn origin(&self, key: usize) -> (f64, f64) {
        let (row, col) = (key / self.cols, key % self.cols);
        (col as f64 * self.cell, row as f64 * self.cell)
    }

    pub fn shows_numbers(&self) -> bool {
        self.cell >= NUMBER_CELL
    }

    pub fn shows_previous(&self) -> bool {
        self.cell >= PREVIOUS_CELL
    }
}

/// The columns of a canvas grid of `keys` cells.
pub fn columns(keys: usize) -> usize {
    let mut cols = (keys as f64).sqrt().ceil() as usize;
    while cols * cols < keys {
        cols += 1;
    }
    cols.max(1)
}

/// Where the cursor goes from `key` on an arrow, Home or End key, in a grid of `keys`
/// cells in rows of `cols`; `None` for other keys. It stops at the edges.
pub fn step(key: usize, pressed: &str, cols: usize, keys: usize) -> Option<usize> {
    if keys == 0 {
        return None;
    }
    let cols = cols.max(1);
    let key = key.min(keys - 1);
    Some(match pressed {
        "ArrowRight" => (key + 1).min(keys - 1),
        "ArrowLeft" => key.saturating_sub(1),
        "ArrowDown" if key + cols < keys => key + cols,
        "ArrowDown" => key,
        "ArrowUp" => key.checked_sub(cols).unwrap_or(key),
        "Home" => 0,
        "End" => keys - 1,
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ten_thousand_keys_make_a_hundred_square() {
        let l = Layout::new(10_000, 500.0);
        assert_eq!((l.cols, l.rows), (100, 100));
        assert_eq!(l.cell, 5.0);
        assert_eq!(l.height, 500.0);
        assert!(!l.shows_numbers());
        let l = Layout::new(401, 420.0);
        assert_eq!((l.cols, l.rows), (21, 20));
        assert!(l.shows_numbers() && !l.shows_previous());
        assert_eq!(columns(0), 1);
        assert_eq!(columns(1), 1);
        assert_eq!(columns(10_001), 101);
    }

    #[test]
    fn hit_testing_finds_the_cell_and_nothing_outside() {
        let l = Layout::new(1000, 320.0); // 32 columns of 10 px, 32 rows (the last partly)
        assert_eq!(l.hit(0.0, 0.0), Some(0));
        assert_eq!(l.hit(15.0, 5.0), Some(1));
        assert_eq!(l.hit(5.0, 15.0), Some(32));
        assert_eq!(l.hit(319.9, 0.0), Some(31));
        assert_eq!(l.hit(-1.0, 0.0), None);
        assert_eq!(l.hit(0.0, f64::NAN), None);
        assert_eq!(l.hit(320.0, 0.0), None);
        // Row 31 holds keys 992..999, then empty cells.
        assert_eq!(l.hit(75.0, 315.0), Some(999));
        assert_eq!(l.hit(85.0, 315.0), None);
        for key in [0, 31, 32, 999] {
            let (x, y) = l.origin(key);
            assert_eq!(l.hit(x + 1.0, y + 1.0), Some(key));
        }
        assert_eq!(Layout::new(5, f64::NAN).width, 320.0);
    }

    #[test]
    fn arrows_move_the_cursor_and_stop_at_the_edges() {
        assert_eq!(step(0, "ArrowRight", 10, 100), Some(1));
        assert_eq!(step(0, "ArrowLeft", 10, 100), Some(0));
        assert_eq!(step(5, "ArrowDown", 10, 100), Some(15));
        assert_eq!(step(95, "ArrowDown", 10, 100), Some(95));
        assert_eq!(step(5, "ArrowUp", 10, 100), Some(5));
        assert_eq!(step(15, "ArrowUp", 10, 100), Some(5));
        assert_eq!(step(99, "ArrowRight", 10, 100), Some(99));
        assert_eq!(step(42, "Home", 10, 100), Some(0));
        assert_eq!(step(42, "End", 10, 100), Some(99));
        assert_eq!(step(500, "ArrowLeft", 10, 100), Some(98));
        assert_eq!(step(3, "a", 10, 100), None);
        assert_eq!(step(0, "ArrowDown", 0, 0), None);
    }
}
