//! Hot keys: what one popular key does to a balanced cluster.
//!
//! Placement spreads keys, not requests. When one key draws a large share of the traffic,
//! the server that owns it carries that share on top of its fair part of the rest, however
//! even the ring is.

/// The load on the busiest server and how it compares with the mean, when `total`
/// requests per second spread evenly over `servers` servers except one key's `hot`
/// requests, which all land on its owner.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct HotKey {
    /// The hot key's owner: `hot + (total - hot) / servers`.
    pub peak: f64,
    /// Every server's load if the traffic were spread evenly: `total / servers`.
    pub mean: f64,
}

impl HotKey {
    /// The busiest server over the mean.
    pub fn ratio(&self) -> f64 {
        self.peak / self.mean
    }
}

/// The hot key's owner's load against the mean. `hot` is clamped into `0..=total`;
/// `servers` of 0 is treated as 1.
///
/// ```
/// use ringlab_core::analysis::hot::hot_key;
/// // 100,000 QPS over 16 servers, one key at 30,000 of them.
/// let h = hot_key(100_000.0, 16, 30_000.0);
/// assert_eq!(h.peak, 34_375.0);
/// assert_eq!(h.mean, 6_250.0);
/// assert_eq!(h.ratio(), 5.5);
/// ```
pub fn hot_key(total: f64, servers: usize, hot: f64) -> HotKey {
    let servers = servers.max(1) as f64;
    let hot = hot.clamp(0.0, total.max(0.0));
    HotKey {
        peak: hot + (total - hot) / servers,
        mean: total / servers,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn no_hot_key_is_the_mean() {
        let h = hot_key(1000.0, 10, 0.0);
        assert_eq!(h.peak, h.mean);
        assert_eq!(hot_key(1000.0, 10, 5000.0).peak, 1000.0);
    }

    proptest! {
        /// The owner never carries less than the mean nor more than everything, and a
        /// hotter key never makes it lighter.
        #[test]
        fn the_peak_lies_between_the_mean_and_the_total(
            total in 1.0f64..1e9, servers in 1usize..10_000, a in 0.0f64..1.0, b in 0.0f64..1.0,
        ) {
            let (lo, hi) = (a.min(b) * total, a.max(b) * total);
            let (x, y) = (hot_key(total, servers, lo), hot_key(total, servers, hi));
            prop_assert!(x.peak >= x.mean * (1.0 - 1e-12) && x.peak <= total * (1.0 + 1e-12));
            prop_assert!(y.peak >= x.peak);
        }
    }
}
