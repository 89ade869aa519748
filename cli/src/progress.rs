//! A one-line progress bar on standard error, drawn only when it is a terminal.

use std::io::Write;

/// Draws `[#####.....] done/total label` over itself; `finish` clears the line.
pub struct Progress {
    enabled: bool,
    last_drawn: usize,
}

impl Progress {
    pub fn new(enabled: bool) -> Self {
        Progress {
            enabled,
            last_drawn: usize::MAX,
        }
    }

    pub fn update(&mut self, done: usize, total: usize, label: &str) {
        if !self.enabled || total == 0 {
            return;
        }
        const WIDTH: usize = 30;
        let filled = done * WIDTH / total;
        let percent = done * 100 / total;
        if percent == self.last_drawn && done != total {
            return;
        }
        self.last_drawn = percent;
        let bar: String = "#".repeat(filled) + &".".repeat(WIDTH - filled);
        let mut err = std::io::stderr();
        let _ = write!(err, "\r[{bar}] {percent:>3}% {label}\x1b[K");
        let _ = err.flush();
    }

    pub fn finish(&mut self) {
        if self.enabled {
            let mut err = std::io::stderr();
            let _ = write!(err, "\r\x1b[K");
            let _ = err.flush();
        }
    }
}
