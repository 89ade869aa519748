//! One hot key: what it does to its server, and the two usual fixes with their costs.
//!
//! - The hot key's owner carries the key's rate plus its even share of the rest:
//!   `hot + (total - hot) / n`. With 100,000 requests a second over 16 servers and one
//!   key at 30,000, that is 34,375, 5.5 times the mean of 6,250.
//! - A cache in front: F front-ends each keep the value for a TTL and fetch it again
//!   when it expires. With single-flight, each fetches once per TTL: F / TTL requests a
//!   second reach the ring. Without it, every request that arrives while the value is
//!   being fetched goes through too: each expiry sends `max(1, r * fetch)` per front-end,
//!   r being the key's rate at one front-end.
//! - Splitting the key into R copies `k#0 .. k#R-1`: reads spread over the copies (each
//!   takes `hot / R`), but every write goes to all R, and the copies go stale
//!   independently between writes.

/// The hot key's owner: its requests per second, and that over the mean.
///
/// ```
/// use ringlab_core::load::fixes::hot_owner;
/// assert_eq!(hot_owner(100_000.0, 30_000.0, 16), (34_375.0, 5.5));
/// ```
pub fn hot_owner(total: f64, hot: f64, servers: usize) -> (f64, f64) {
    let n = servers.max(1) as f64;
    let load = hot + (total - hot) / n;
    (load, load / (total / n))
}

/// A cache in front of the ring, per front-end.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct FrontCache {
    pub front_ends: u32,
    /// Seconds a cached value lives.
    pub ttl: f64,
    /// Seconds a fetch from the ring takes.
    pub fetch: f64,
    pub single_flight: bool,
}

impl FrontCache {
    /// Requests a second that reach the ring for a key requested `hot` times a second.
    ///
    /// ```
    /// use ringlab_core::load::fixes::FrontCache;
    /// let cache = FrontCache { front_ends: 20, ttl: 1.0, fetch: 0.005, single_flight: true };
    /// assert_eq!(cache.ring_rate(30_000.0), 20.0);
    /// // Without single-flight, the 7.5 requests each front-end gets during a fetch all go through.
    /// let stampede = FrontCache { single_flight: false, ..cache };
    /// assert_eq!(stampede.ring_rate(30_000.0), 150.0);
    /// ```
    pub fn ring_rate(&self, hot: f64) -> f64 {
        // A key nobody asks for is never fetched.
        if hot <= 0.0 {
            return 0.0;
        }
        let f = f64::from(self.front_ends);
        let per_expiry = if self.single_flight {
            1.0
        } else {
            (hot / f * self.fetch).max(1.0)
        };
        f * per_expiry / self.ttl
    }

    /// Requests that reach the ring at the instant the value expires everywhere at once.
    pub fn burst(&self, hot: f64) -> f64 {
        self.ring_rate(hot) * self.ttl
    }
}

/// The key split into `copies` copies.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Split {
    /// Reads a second on each copy.
    pub reads_per_copy: f64,
    /// Writes a second the ring sees (each write goes to every copy).
    pub writes: f64,
}

/// Splitting a key read `reads` and written `writes` times a second into `copies`.
///
/// ```
/// use ringlab_core::load::fixes::split;
/// let s = split(30_000.0, 10.0, 8);
/// assert_eq!(s.reads_per_copy, 3_750.0);
/// assert_eq!(s.writes, 80.0);
/// ```
pub fn split(reads: f64, writes: f64, copies: u32) -> Split {
    let r = f64::from(copies.max(1));
    Split {
        reads_per_copy: reads / r,
        writes: writes * r,
    }
}

/// A fix above the ring for the traffic's hot key.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HotFix {
    None,
    /// [`FRONT_CACHE`] in front of the ring.
    FrontCache,
    /// The hot key split into [`COPIES`] copies `hot#0 .. hot#7`.
    Split,
}

/// Front-ends of the front cache.
pub const FRONT_ENDS: u32 = 20;
/// Copies of a split key.
pub const COPIES: u32 = 8;

/// The front cache the fix puts in: 20 front-ends keeping the value a second, with
/// single-flight.
pub const FRONT_CACHE: FrontCache = FrontCache {
    front_ends: FRONT_ENDS,
    ttl: 1.0,
    fetch: 0.005,
    single_flight: true,
};

/// The requests the ring sees with `fix` in place: the hot key (named `hot`, first in
/// `keys`) at the front cache's refetch rate, or as [`COPIES`] keys sharing its rate.
/// Traffic without a hot key is unchanged.
///
/// ```
/// use ringlab_core::load::fixes::{apply, HotFix};
/// let keys = vec!["hot".to_string(), "a".to_string()];
/// let (k, r) = apply(keys.clone(), vec![30_000.0, 70_000.0], HotFix::Split);
/// assert_eq!((k.len(), r[0], k[0].as_str()), (9, 3_750.0, "hot#0"));
/// let (_, r) = apply(keys, vec![30_000.0, 70_000.0], HotFix::FrontCache);
/// assert_eq!(r[0], 20.0);
/// ```
pub fn apply(mut keys: Vec<String>, mut rates: Vec<f64>, fix: HotFix) -> (Vec<String>, Vec<f64>) {
    if keys.first().map(String::as_str) != Some("hot") {
        return (keys, rates);
    }
    let hot = rates[0];
    match fix {
        HotFix::None => {}
        HotFix::FrontCache => rates[0] = FRONT_CACHE.ring_rate(hot),
        HotFix::Split => {
            let copy = split(hot, 0.0, COPIES).reads_per_copy;
            keys.splice(0..1, (0..COPIES).map(|i| format!("hot#{i}")));
            rates.splice(0..1, vec![copy; COPIES as usize]);
        }
    }
    (keys, rates)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The reference lessons' figures.
    #[test]
    fn the_reference_figures() {
        let (load, ratio) = hot_owner(100_000.0, 30_000.0, 16);
        assert_eq!(load, 34_375.0);
        assert_eq!(ratio, 5.5);
        assert_eq!(100_000.0 / 16.0, 6_250.0);
        assert_eq!(split(30_000.0, 0.0, 8).reads_per_copy, 3_750.0);
        let cache = FrontCache {
            front_ends: 20,
            ttl: 1.0,
            fetch: 0.001,
            single_flight: true,
        };
        assert_eq!(cache.ring_rate(30_000.0), 20.0);
    }
}
