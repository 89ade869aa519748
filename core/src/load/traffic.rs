//! A deterministic traffic model: K keys whose popularity follows Zipf's law with exponent
//! s, a total request rate, and optionally one hot key taking a set share of all requests.
//!
//! With s = 1 the most popular key gets twice the requests of the second and three times
//! those of the third; s = 0 makes every key equally popular. Key i (0-based, by rank) gets
//! a weight 1 / (i + 1)^s, and the rates are the weights scaled to the total. Which key
//! names hold which rank comes from the seed, so popular keys are not neighbours by name.

use crate::ConfigError;

/// The most keys a traffic model holds.
pub const MAX_KEYS: usize = 1_000_000;
/// Zipf exponents accepted.
pub const ZIPF: (f64, f64) = (0.0, 1.5);

/// What the traffic is made of.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TrafficSpec {
    /// Keys, 1 to [`MAX_KEYS`].
    pub keys: usize,
    /// The Zipf exponent s.
    pub zipf: f64,
    /// Requests per second, all keys together.
    pub qps: f64,
    /// The hot key's share of all requests (0 for none, below 1).
    pub hot_share: f64,
    pub seed: u64,
}

/// The requests per second of every key.
#[derive(Debug, Clone, PartialEq)]
pub struct Traffic {
    /// Key names, most popular first (the hot key, named `hot`, first when there is one).
    pub keys: Vec<String>,
    /// Requests per second of each key.
    pub rates: Vec<f64>,
}

impl Traffic {
    /// The traffic a spec describes; refuses what is out of range.
    ///
    /// ```
    /// use ringlab_core::load::traffic::{Traffic, TrafficSpec};
    /// let t = Traffic::new(TrafficSpec { keys: 3, zipf: 1.0, qps: 1100.0, hot_share: 0.0, seed: 1 }).unwrap();
    /// assert!((t.rates[0] - 2.0 * t.rates[1]).abs() < 1e-9);
    /// assert!((t.rates[0] - 3.0 * t.rates[2]).abs() < 1e-9);
    /// assert!((t.rates.iter().sum::<f64>() - 1100.0).abs() < 1e-9);
    /// let hot = Traffic::new(TrafficSpec { keys: 10, zipf: 0.0, qps: 100.0, hot_share: 0.3, seed: 1 }).unwrap();
    /// assert_eq!(hot.keys[0], "hot");
    /// assert!((hot.rates[0] - 30.0).abs() < 1e-9);
    /// assert!((hot.rates[1] - 7.0).abs() < 1e-9);
    /// ```
    pub fn new(spec: TrafficSpec) -> Result<Traffic, ConfigError> {
        let range = |what: &'static str, range: &str, value: String| ConfigError::OutOfRange {
            what,
            range: range.to_string(),
            value,
        };
        if !(1..=MAX_KEYS).contains(&spec.keys) {
            return Err(range("keys", "1 to 1,000,000", spec.keys.to_string()));
        }
        if !(ZIPF.0..=ZIPF.1).contains(&spec.zipf) {
            return Err(range(
                "the Zipf exponent",
                "0 to 1.5",
                spec.zipf.to_string(),
            ));
        }
        if !(spec.qps.is_finite() && spec.qps > 0.0) {
            return Err(range(
                "the request rate",
                "a positive number",
                spec.qps.to_string(),
            ));
        }
        if !(0.0..1.0).contains(&spec.hot_share) {
            return Err(range(
                "the hot key's share",
                "from 0 up to (not including) 1",
                spec.hot_share.to_string(),
            ));
        }
        let weights: Vec<f64> = (0..spec.keys)
            .map(|i| ((i + 1) as f64).powf(-spec.zipf))
            .collect();
        let total: f64 = weights.iter().sum();
        let rest = spec.qps * (1.0 - spec.hot_share);
        let mut keys = Vec::with_capacity(spec.keys + 1);
        let mut rates = Vec::with_capacity(spec.keys + 1);
        if spec.hot_share > 0.0 {
            keys.push("hot".to_string());
            rates.push(spec.qps * spec.hot_share);
        }
        keys.extend(names(spec.seed, spec.keys));
        rates.extend(weights.iter().map(|w| rest * w / total));
        Ok(Traffic { keys, rates })
    }

    /// All requests per second.
    pub fn total(&self) -> f64 {
        self.rates.iter().sum()
    }
}

/// `count` distinct key names `key:N`, in an order the seed shuffles (an affine map mod a
/// prime above every count, so names never repeat).
fn names(seed: u64, count: usize) -> impl Iterator<Item = String> {
    const PRIME: u64 = 1_000_003;
    let mix = crate::hash::seeded_hash(b"traffic", seed);
    let a = 1 + mix % (PRIME - 1);
    let b = (mix >> 32) % PRIME;
    (0..count as u64).map(move |i| format!("key:{}", (a * i + b) % PRIME))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec() -> TrafficSpec {
        TrafficSpec {
            keys: 1000,
            zipf: 1.0,
            qps: 100_000.0,
            hot_share: 0.0,
            seed: 7,
        }
    }

    #[test]
    fn deterministic_for_a_seed_and_distinct_names() {
        let a = Traffic::new(spec()).unwrap();
        assert_eq!(a, Traffic::new(spec()).unwrap());
        let other = Traffic::new(TrafficSpec { seed: 8, ..spec() }).unwrap();
        assert_ne!(a.keys, other.keys);
        let mut names = a.keys.clone();
        names.sort();
        names.dedup();
        assert_eq!(names.len(), 1000);
    }

    #[test]
    fn zero_exponent_is_uniform_and_bad_specs_are_refused() {
        let flat = Traffic::new(TrafficSpec {
            zipf: 0.0,
            ..spec()
        })
        .unwrap();
        assert!(flat.rates.iter().all(|&r| (r - 100.0).abs() < 1e-9));
        for bad in [
            TrafficSpec { keys: 0, ..spec() },
            TrafficSpec {
                zipf: 1.6,
                ..spec()
            },
            TrafficSpec {
                qps: f64::NAN,
                ..spec()
            },
            TrafficSpec {
                hot_share: 1.0,
                ..spec()
            },
        ] {
            assert!(Traffic::new(bad).is_err(), "{bad:?}");
        }
    }
}
