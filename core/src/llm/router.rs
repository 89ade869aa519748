//! The routers a fleet can run, by the names the command line takes.
//!
//! ```
//! use ringlab_core::llm::router::Router;
//! assert_eq!(Router::named("ring", 160, 1.25, 7).unwrap(), Router::Ring { vnodes: 160 });
//! assert!(Router::named("fastest", 160, 1.25, 7).unwrap_err().contains("round-robin"));
//! ```

/// SGLang's cache-aware router's documented defaults: route by cache only while the load
/// is balanced (the busiest and the idlest differ by at most 64 requests, or the busiest
/// holds at most 1.5 times the idlest), and only to a worker matching more than 30% of
/// the prompt; else to the worker holding the least.
pub const CACHE_THRESHOLD: f64 = 0.3;
pub const BALANCE_ABS_THRESHOLD: usize = 64;
pub const BALANCE_REL_THRESHOLD: f64 = 1.5;

/// How a request picks its worker.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Router {
    /// Worker 0, 1, 2, ... in turn.
    RoundRobin,
    /// A worker drawn at random, the same for the same seed.
    Random { seed: u64 },
    /// The worker with the fewest requests in flight (the first of equals).
    LeastLoaded,
    /// ringlab's `modulo` scheme on the prefix key over the workers' names.
    Modulo,
    /// ringlab's `ring` scheme on the prefix key, `vnodes` points per worker.
    Ring { vnodes: u32 },
    /// The ring, walked clockwise past workers whose requests in flight reach
    /// ceil(c × (all in flight + 1) / workers): consistent hashing with bounded loads.
    RingBounded { vnodes: u32, c: f64 },
    /// The longest cached prefix, with SGLang's thresholds ([`CACHE_THRESHOLD`] ...).
    CacheAware,
    /// uhashring's ring (its defaults) on the request's session id, as vLLM's
    /// production-stack routes sessions; requests without one go to the least loaded.
    Session,
}

impl Router {
    pub const NAMES: [&'static str; 8] = [
        "round-robin",
        "random",
        "least-loaded",
        "modulo",
        "ring",
        "ring-bounded",
        "cache-aware",
        "session",
    ];

    /// The router called `name`, with the ring's points, the bound and the seed.
    pub fn named(name: &str, vnodes: u32, c: f64, seed: u64) -> Result<Router, String> {
        Ok(match name {
            "round-robin" => Router::RoundRobin,
            "random" => Router::Random { seed },
            "least-loaded" => Router::LeastLoaded,
            "modulo" => Router::Modulo,
            "ring" => Router::Ring { vnodes },
            "ring-bounded" => Router::RingBounded { vnodes, c },
            "cache-aware" => Router::CacheAware,
            "session" => Router::Session,
            _ => {
                return Err(format!(
                    "no router called {name:?}: one of {}",
                    Router::NAMES.join(", ")
                ))
            }
        })
    }

    pub fn name(self) -> &'static str {
        match self {
            Router::RoundRobin => "round-robin",
            Router::Random { .. } => "random",
            Router::LeastLoaded => "least-loaded",
            Router::Modulo => "modulo",
            Router::Ring { .. } => "ring",
            Router::RingBounded { .. } => "ring-bounded",
            Router::CacheAware => "cache-aware",
            Router::Session => "session",
        }
    }

    /// True for the routers that hash a request's prefix key.
    pub fn hashes_prefix(self) -> bool {
        matches!(
            self,
            Router::Modulo | Router::Ring { .. } | Router::RingBounded { .. }
        )
    }
}

/// SplitMix64: the random router's draw for request `index`.
pub fn draw(seed: u64, index: u64) -> u64 {
    let mut z = seed.wrapping_add(index.wrapping_add(1).wrapping_mul(0x9e37_79b9_7f4a_7c15));
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The first of the least loaded among `loads`.
pub fn least_loaded(loads: &[usize]) -> usize {
    (0..loads.len()).min_by_key(|&i| loads[i]).unwrap_or(0)
}

/// SGLang's cache-aware choice among workers with `loads` in flight, matching `matched`
/// of the request's `blocks` blocks and holding `held` blocks each. Where SGLang sends a
/// poor match to the worker whose tree is smallest, equal sizes (full caches hold the
/// same number of blocks) go to the least loaded of them, then the first.
pub fn cache_aware(loads: &[usize], matched: &[usize], held: &[usize], blocks: usize) -> usize {
    let (min, max) = (
        loads.iter().copied().min().unwrap_or(0),
        loads.iter().copied().max().unwrap_or(0),
    );
    let imbalanced =
        max - min > BALANCE_ABS_THRESHOLD && max as f64 > min as f64 * BALANCE_REL_THRESHOLD;
    if imbalanced {
        return least_loaded(loads);
    }
    let best = (0..matched.len())
        .max_by_key(|&i| (matched[i], std::cmp::Reverse(i)))
        .unwrap_or(0);
    let rate = if blocks == 0 {
        0.0
    } else {
        matched[best] as f64 / blocks as f64
    };
    if rate > CACHE_THRESHOLD {
        best
    } else {
        (0..held.len())
            .min_by_key(|&i| (held[i], loads[i], i))
            .unwrap_or(0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_name_round_trips() {
        for name in Router::NAMES {
            assert_eq!(Router::named(name, 1, 1.5, 0).unwrap().name(), name);
        }
    }

    #[test]
    fn cache_aware_follows_sglangs_thresholds() {
        // Balanced: the best match, when it covers more than 30% of the prompt.
        assert_eq!(cache_aware(&[3, 0, 0], &[4, 1, 0], &[9, 9, 1], 10), 0);
        // 3 of 10 is not more than 30%: the worker holding the least.
        assert_eq!(cache_aware(&[3, 0, 0], &[3, 1, 0], &[9, 9, 1], 10), 2);
        // Full caches hold the same: the least loaded of them, then the first.
        assert_eq!(cache_aware(&[3, 2, 2], &[1, 0, 0], &[9, 9, 9], 10), 1);
        assert_eq!(cache_aware(&[3, 2, 1], &[1, 0, 0], &[9, 9, 9], 10), 2);
        // 100 against 10 in flight: imbalanced (90 > 64 and 100 > 15), the least loaded.
        assert_eq!(cache_aware(&[100, 10, 12], &[10, 0, 0], &[9, 9, 1], 10), 1);
        // 100 against 70: a gap of 30 is balanced, the cache decides.
        assert_eq!(cache_aware(&[100, 70, 80], &[10, 0, 0], &[9, 9, 1], 10), 0);
        // 300 against 210: a gap of 90, but 300 is not more than 1.5 x 210: balanced.
        assert_eq!(
            cache_aware(&[300, 210, 250], &[10, 0, 0], &[9, 9, 1], 10),
            0
        );
        // 300 against 100: both thresholds passed.
        assert_eq!(
            cache_aware(&[300, 100, 150], &[10, 0, 0], &[9, 9, 1], 10),
            1
        );
    }

    #[test]
    fn draws_are_fixed_by_seed_and_index() {
        assert_eq!(draw(7, 3), draw(7, 3));
        assert_ne!(draw(7, 3), draw(7, 4));
        assert_ne!(draw(7, 3), draw(8, 3));
    }
}
