//! The ring's frame: the canvas in CSS pixels, the ring's place on it, and a text label
//! placed on it. The scene and the label placer both draw in it.

use std::f64::consts::TAU;

/// Room around the circle for the points' labels, in pixels.
pub const MARGIN: f64 = 44.0;

/// The canvas in CSS pixels and the ring's place on it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Geometry {
    pub width: f64,
    pub height: f64,
    pub cx: f64,
    pub cy: f64,
    pub radius: f64,
}

impl Geometry {
    /// A ring centred on a `width` by `height` canvas, leaving room for labels.
    pub fn new(width: f64, height: f64) -> Geometry {
        let width = width.max(1.0);
        let height = height.max(1.0);
        let radius = (width.min(height) / 2.0 - MARGIN).max(20.0);
        Geometry {
            width,
            height,
            cx: width / 2.0,
            cy: height / 2.0,
            radius,
        }
    }

    /// Where fraction `f` of the turn is, at distance `r` from the centre.
    pub fn at(&self, f: f64, r: f64) -> (f64, f64) {
        crate::geometry::polar((self.cx, self.cy), r, f)
    }

    /// The fraction of the turn under `(x, y)`, in [0, 1).
    pub fn fraction_at(&self, x: f64, y: f64) -> f64 {
        let a = (x - self.cx).atan2(self.cy - y);
        (a / TAU).rem_euclid(1.0)
    }

    /// The length of the circumference in pixels.
    pub fn circumference(&self) -> f64 {
        TAU * self.radius
    }

    /// Radius of the key markers' circle.
    pub fn key_radius(&self) -> f64 {
        self.radius * 0.78
    }

    /// Radius of the walk's cursor.
    pub fn walk_radius(&self) -> f64 {
        self.radius * 0.9
    }
}

/// A text label.
#[derive(Debug, Clone, PartialEq)]
pub struct Label {
    pub x: f64,
    pub y: f64,
    pub text: String,
}
