//! Every number the walkthrough's prose states, computed by `ringlab-core` when the page
//! asks for it, and the sentences whose numbers the reader can scrub. The prose calls
//! these functions; the tests below pin them.

use ringlab_core::analysis::failure::ring_catchers;
use ringlab_core::analysis::hot::{hot_key, HotKey};
use ringlab_core::analysis::theory::{modulo_moved, ring_moved, share_cv, Fraction};
use ringlab_core::experiment::{run_sequential, Busiest, Method, Placement, Setting};
use ringlab_core::schemes::ketama::Ketama;
use ringlab_core::schemes::nginx::Nginx;
use ringlab_core::schemes::ring::HashRing;
use ringlab_core::{numbered_servers, Partitioner};

use crate::format::{grouped_rounded, percent};

/// One piece of a scrubbable sentence.
#[derive(Debug, Clone, PartialEq)]
pub enum Part {
    Text(String),
    /// A number computed from the knob's value.
    Figure(String),
    /// Where the knob itself stands.
    Knob,
}

/// The number a reader drags or arrow-keys.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Knob {
    /// Its accessible name.
    pub label: &'static str,
    pub min: u64,
    pub max: u64,
    pub step: u64,
    pub default: u64,
}

impl Knob {
    /// `value` clamped into range and onto the step.
    pub fn clamp(&self, value: u64) -> u64 {
        let value = value.clamp(self.min, self.max);
        self.min + (value - self.min) / self.step * self.step
    }
}

/// A sentence with one scrubbable number.
#[derive(Debug, Clone, Copy)]
pub struct Scrub {
    pub knob: Knob,
    pub sentence: fn(u64) -> Vec<Part>,
}

/// Sentences are the same when their knobs are (each knob has its own label).
impl PartialEq for Scrub {
    fn eq(&self, other: &Scrub) -> bool {
        self.knob == other.knob
    }
}

impl Scrub {
    /// The sentence as plain text, the knob's value in its place.
    pub fn text(&self, value: u64) -> String {
        let value = self.knob.clamp(value);
        (self.sentence)(value)
            .into_iter()
            .map(|part| match part {
                Part::Text(t) | Part::Figure(t) => t,
                Part::Knob => grouped_rounded(value as f64),
            })
            .collect()
    }
}

fn text(s: impl Into<String>) -> Part {
    Part::Text(s.into())
}

fn figure(s: impl Into<String>) -> Part {
    Part::Figure(s.into())
}

/// The share of keys that keeps its server going from `n` to `n + 1` servers under
/// `hash mod N`: `1/(N+1)` when `N >= 1`.
pub fn modulo_stays(n: usize) -> Fraction {
    let moved = modulo_moved(n, n + 1);
    Fraction::new(moved.denominator - moved.numerator, moved.denominator)
}

/// "Going from [8] to 9 servers moves 88.9% of the keys under modulo and 11.1% on a ring."
pub static RESIZE: Scrub = Scrub {
    knob: Knob {
        label: "Servers before the join",
        min: 1,
        max: 1000,
        step: 1,
        default: 8,
    },
    sentence: |n| {
        let n = n as usize;
        vec![
            text("Going from "),
            Part::Knob,
            text(format!(
                " to {} servers moves ",
                grouped_rounded((n + 1) as f64)
            )),
            figure(percent(modulo_moved(n, n + 1).value())),
            text(" of the keys under modulo and "),
            figure(percent(ring_moved(n, n + 1).value())),
            text(" on a ring."),
        ]
    },
};

/// "With [8] servers, one more under modulo keeps only 1 key in 9 where it was."
pub static MODULO_KEEPS: Scrub = Scrub {
    knob: Knob {
        label: "Servers",
        min: 1,
        max: 10_000,
        step: 1,
        default: 8,
    },
    sentence: |n| {
        let stays = modulo_stays(n as usize);
        vec![
            text("With "),
            Part::Knob,
            text(" servers, adding one under modulo keeps only "),
            figure(format!(
                "{} key in {}",
                grouped_rounded(stays.numerator as f64),
                grouped_rounded(stays.denominator as f64)
            )),
            text(" where it was: "),
            figure(percent(stays.value())),
            text("."),
        ]
    },
};

/// Servers on the virtual-nodes step's ring.
pub const VNODE_SERVERS: usize = 4;

/// "With [1] point per server, a server's share strays by 77.5% of the fair share, ..."
pub static VNODES: Scrub = Scrub {
    knob: Knob {
        label: "Points per server",
        min: 1,
        max: 1000,
        step: 1,
        default: 1,
    },
    sentence: |v| {
        vec![
            text("With "),
            Part::Knob,
            text(format!(
                " {} per server on a ring of {VNODE_SERVERS} servers, a server's share typically strays ",
                if v == 1 { "point" } else { "points" }
            )),
            figure(percent(share_cv(VNODE_SERVERS, v as u32))),
            text(" from its fair share; at 100 times the points it strays "),
            figure(percent(share_cv(VNODE_SERVERS, (v * 100) as u32))),
            text("."),
        ]
    },
};

/// The hot-key step's cluster: requests per second and servers.
pub const HOT_TOTAL: f64 = 100_000.0;
pub const HOT_SERVERS: usize = 16;

/// The hot key's owner, from the core.
pub fn hot(hot_qps: u64) -> HotKey {
    hot_key(HOT_TOTAL, HOT_SERVERS, hot_qps as f64)
}

/// "One key at [30,000] of 100,000 requests per second puts 34,375 on its owner: 5.5 × ..."
pub static HOT: Scrub = Scrub {
    knob: Knob {
        label: "Requests per second for the hot key",
        min: 0,
        max: 100_000,
        step: 1000,
        default: 30_000,
    },
    sentence: |q| {
        let h = hot(q);
        vec![
            text("One key at "),
            Part::Knob,
            text(format!(
                " of {} requests per second on {HOT_SERVERS} servers puts ",
                grouped_rounded(HOT_TOTAL)
            )),
            figure(grouped_rounded(h.peak)),
            text(" on the server that owns it: "),
            figure(format!("{:.1} ×", h.ratio())),
            text(format!(" the mean of {}.", grouped_rounded(h.mean))),
        ]
    },
};

/// Every scrubbable sentence, for the tests.
pub static SCRUBS: [&Scrub; 4] = [&RESIZE, &MODULO_KEEPS, &VNODES, &HOT];

/// The mean busiest server over its fair share at `points` points per server and
/// `servers` servers, over `rings` rings drawn from the shares' exact law (the core's
/// busiest-server experiment, Gamma method, seed 1).
///
/// Computed once per setting and page (200 rings of 1,000 servers take a moment).
pub fn mean_busiest(servers: usize, points: u32, rings: u32) -> f64 {
    let args = [servers as u64, u64::from(points), u64::from(rings)];
    remembered("mean_busiest", args, || {
        mean_busiest_now(servers, points, rings)
    })
}

fn mean_busiest_now(servers: usize, points: u32, rings: u32) -> f64 {
    let trial = Busiest {
        seed: 1,
        method: Method::Gamma,
        placement: Placement::Uniform,
    };
    let setting = Setting {
        servers,
        points,
        rings,
    };
    run_sequential(&trial, &[setting], None)
        .ok()
        .and_then(|rows| rows.first().map(|row| row.mean_busiest))
        .unwrap_or(f64::NAN)
}

/// On rings of `servers` servers with `points` points each (server names `s0`, `s1`, ...),
/// the mean over every server that could leave of what its biggest catcher gains, as a
/// share of a fair share `1/N`: about 1 with one point (one neighbour takes it all),
/// about `1/(N-1)` with many.
pub fn biggest_catch(servers: usize, points: u32) -> f64 {
    let Ok(scheme) = HashRing::new(numbered_servers("s", servers), points) else {
        return f64::NAN;
    };
    let Some(ring) = scheme.ring() else {
        return f64::NAN;
    };
    let total: f64 = (0..servers)
        .map(|departed| {
            let catchers = ring_catchers(ring, servers, departed);
            catchers.biggest().map_or(0.0, |(_, share)| share) * servers as f64
        })
        .sum();
    total / servers as f64
}

pub use crate::loss::{loss, Loss, LOSS_FAILURES, LOSS_RACKS, LOSS_REPLICAS, LOSS_SERVERS};

/// The real systems whose points per server the walkthrough quotes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RingSystem {
    Ketama,
    Nginx,
}

/// Points one server of weight 1 gets on `system`'s ring with its defaults (160 for both),
/// read from the core's own ring. Each system is built by its own constructor, not
/// through `ringlab_core::build`: that would link every scheme into the walkthrough.
pub fn default_points(system: RingSystem) -> usize {
    let one = numbered_servers("s", 1);
    let ring_points = |ring: Option<&ringlab_core::Ring>| ring.map_or(0, |r| r.points().len());
    match system {
        RingSystem::Ketama => Ketama::new(one).map_or(0, |k| ring_points(k.ring())),
        RingSystem::Nginx => Nginx::new(one).map_or(0, |n| ring_points(n.ring())),
    }
}

/// The share of Maglev's slots (Envoy's table of 65,537) that change backend when
/// `before` backends become `after` (the last ones joining or leaving): a little more
/// than the least possible, since the fill puts balance first.
///
/// ```
/// use ringlab_model::views::learn::figures::maglev_moved;
/// let moved = maglev_moved(8, 9);
/// assert!(moved > 1.0 / 9.0 && moved < 1.5 / 9.0, "{moved}");
/// ```
///
/// Two tables of 65,537 slots take a few milliseconds to fill: each pair is filled once
/// per page.
pub fn maglev_moved(before: usize, after: usize) -> f64 {
    remembered("maglev_moved", [before as u64, after as u64, 0], || {
        maglev_moved_now(before, after)
    })
}

/// A slow figure computed once per page: `compute`'s result for the figure `name` at
/// `args`, kept after the first call. The walkthrough and interview prep ask for the
/// same few figures from several places in one render.
fn remembered(name: &'static str, args: [u64; 3], compute: impl FnOnce() -> f64) -> f64 {
    type Known = Vec<((&'static str, [u64; 3]), f64)>;
    thread_local! {
        static KNOWN: std::cell::RefCell<Known> = const { std::cell::RefCell::new(Vec::new()) };
    }
    let key = (name, args);
    if let Some(value) =
        KNOWN.with_borrow(|known| known.iter().find(|(k, _)| *k == key).map(|&(_, v)| v))
    {
        return value;
    }
    let value = compute();
    KNOWN.with_borrow_mut(|known| known.push((key, value)));
    value
}

fn maglev_moved_now(before: usize, after: usize) -> f64 {
    use ringlab_core::schemes::maglev::{Maglev, DEFAULT_TABLE_SIZE};
    let table = |n: usize| {
        Maglev::new(numbered_servers("s", n), DEFAULT_TABLE_SIZE)
            .map(|m| m.table().to_vec())
            .unwrap_or_default()
    };
    let (a, b) = (table(before), table(after));
    // Server i is named s<i> in both lists: indices compare names.
    let changed = a.iter().zip(&b).filter(|(x, y)| x != y).count();
    changed as f64 / DEFAULT_TABLE_SIZE as f64
}

/// A playground preset of the walkthrough, as the step's query writes it: `servers`
/// servers named A, B, ..., `vnodes` points each, `keys` keys named for `seed`, a hash
/// ring. (A test checks each step's query string against its preset.)
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RingPreset {
    pub servers: usize,
    pub vnodes: u32,
    pub keys: usize,
    pub seed: u64,
    pub replicas: usize,
    /// The key walked from the start, if any.
    pub walk: Option<usize>,
}

/// What adding the next server to a preset does, as the playground's "Add server" does it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PresetJoin {
    /// The newcomer's name.
    pub name: String,
    pub moved: usize,
    pub keys: usize,
    /// The servers the moved keys came from.
    pub from: Vec<String>,
}

/// A replica walk that passes a server already on the list.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PresetSkip {
    pub key: String,
    /// The server whose second point the walk skips.
    pub skipped: String,
    /// The preference list, in order.
    pub list: Vec<String>,
}

/// A preset's scheme, and each key's owner (an index into the names).
type Placed = (Box<dyn Partitioner>, Vec<Option<usize>>);

impl RingPreset {
    fn names(servers: usize) -> Vec<String> {
        (0..servers).map(crate::naming::server_name).collect()
    }

    fn place(&self, names: &[String]) -> Option<Placed> {
        let servers = names
            .iter()
            .map(|name| ringlab_core::Server::new(name.clone()))
            .collect();
        let scheme: Box<dyn Partitioner> =
            Box::new(HashRing::new(servers, self.vnodes.max(1)).ok()?);
        let owners = ringlab_core::partitioner::owners_of(
            scheme.as_ref(),
            &crate::naming::key_names(self.seed, self.keys),
        );
        Some((scheme, owners))
    }

    /// What "Add server" does to this preset: the next free name joins.
    pub fn join(&self) -> Option<PresetJoin> {
        let mut names = RingPreset::names(self.servers);
        let (_, before) = self.place(&names)?;
        let name = crate::naming::free_server_name(names.iter().map(String::as_str));
        names.push(name.clone());
        let (_, after) = self.place(&names)?;
        let mut from: Vec<String> = Vec::new();
        let mut moved = 0;
        for (b, a) in before.iter().zip(&after) {
            if b != a {
                moved += 1;
                if let Some(old) = b.map(|i| names[i].clone()) {
                    if !from.contains(&old) {
                        from.push(old);
                    }
                }
            }
        }
        Some(PresetJoin {
            name,
            moved,
            keys: self.keys,
            from,
        })
    }

    /// The walked key's replica walk, if it passes a server already listed before the list
    /// is full.
    pub fn skip(&self) -> Option<PresetSkip> {
        let names = RingPreset::names(self.servers);
        let (scheme, _) = self.place(&names)?;
        let index = self.walk?;
        let key = crate::naming::key_names(self.seed, self.keys)
            .get(index)?
            .clone();
        let hash = scheme.key_hash(key.as_bytes())?;
        let mut list: Vec<usize> = Vec::new();
        let mut skipped = None;
        for server in scheme.ring()?.walk_servers(hash) {
            if list.len() == self.replicas {
                break;
            }
            if list.contains(&server) {
                skipped.get_or_insert(server);
            } else {
                list.push(server);
            }
        }
        Some(PresetSkip {
            key,
            skipped: names[skipped?].clone(),
            list: list.into_iter().map(|i| names[i].clone()).collect(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each scrubbable sentence, at its default and after the knob moves.
    #[test]
    fn scrubbing_rewrites_the_sentence() {
        assert_eq!(
            RESIZE.text(8),
            "Going from 8 to 9 servers moves 88.9% of the keys under modulo and 11.1% on a ring."
        );
        assert_eq!(
            RESIZE.text(99),
            "Going from 99 to 100 servers moves 99.0% of the keys under modulo and 1.0% on a ring."
        );
        assert_eq!(
            MODULO_KEEPS.text(8),
            "With 8 servers, adding one under modulo keeps only 1 key in 9 where it was: 11.1%."
        );
        assert_eq!(
            MODULO_KEEPS.text(1000),
            "With 1,000 servers, adding one under modulo keeps only 1 key in 1,001 where it was: 0.100%."
        );
        assert!(VNODES
            .text(1)
            .starts_with("With 1 point per server on a ring of 4 servers"));
        assert!(VNODES.text(2).starts_with("With 2 points per server"));
        // sqrt(3/5) = 77.5%; at 100 points sqrt(3/401) = 8.6%.
        assert!(
            VNODES.text(1).contains(
                "strays 77.5% from its fair share; at 100 times the points it strays 8.6%"
            ),
            "{}",
            VNODES.text(1)
        );
        assert!(VNODES.text(100).contains("strays 8.6%"));
        assert_eq!(
            HOT.text(30_000),
            "One key at 30,000 of 100,000 requests per second on 16 servers puts 34,375 on the server that owns it: 5.5 × the mean of 6,250."
        );
        assert!(HOT
            .text(0)
            .contains("puts 6,250 on the server that owns it: 1.0 ×"));
        // Out of range and off the step: clamped.
        assert_eq!(HOT.knob.clamp(123_456), 100_000);
        assert_eq!(HOT.knob.clamp(30_999), 30_000);
        assert_eq!(RESIZE.knob.clamp(0), 1);
        for scrub in SCRUBS {
            for value in [scrub.knob.min, scrub.knob.default, scrub.knob.max] {
                let parts = (scrub.sentence)(value);
                assert_eq!(parts.iter().filter(|p| **p == Part::Knob).count(), 1);
                assert!(!scrub.text(value).contains("NaN"));
            }
        }
    }

    #[test]
    fn real_systems_points_per_server() {
        assert_eq!(default_points(RingSystem::Ketama), 160);
        assert_eq!(default_points(RingSystem::Nginx), 160);
        // The same as the general builder gives.
        for (system, kind) in [
            (RingSystem::Ketama, ringlab_core::SchemeKind::Ketama),
            (RingSystem::Nginx, ringlab_core::SchemeKind::Nginx),
        ] {
            let built = ringlab_core::build(
                kind,
                numbered_servers("s", 1),
                &ringlab_core::Options::default(),
            )
            .unwrap();
            assert_eq!(default_points(system), built.ring().unwrap().points().len());
        }
    }

    #[test]
    fn the_hook_and_the_doubling() {
        assert_eq!(modulo_stays(8), Fraction::new(1, 9));
        assert_eq!(modulo_moved(16, 32), Fraction::new(1, 2));
    }

    #[test]
    fn virtual_node_figures_match_the_issue() {
        // The 160-point figures: busiest about 1.21 at N = 100 and 1.28 at N = 1000.
        let at_100 = mean_busiest(100, 160, 200);
        let at_1000 = mean_busiest(1000, 160, 200);
        assert!((at_100 - 1.21).abs() < 0.015, "{at_100}");
        assert!((at_1000 - 1.28).abs() < 0.015, "{at_1000}");
    }

    #[test]
    fn one_neighbour_catches_everything_at_one_point() {
        let one = biggest_catch(16, 1);
        let many = biggest_catch(16, 200);
        assert!((0.5..2.0).contains(&one), "{one}");
        assert!(many < 0.15, "{many}");
    }

    #[test]
    fn three_failures_of_sixteen() {
        let one = loss(1).unwrap();
        assert_eq!(one.distinct_sets, 16);
        assert!((one.plain - 16.0 / 560.0).abs() < 1e-12, "{}", one.plain);
        let many = loss(200).unwrap();
        assert!(many.plain > 0.95, "{}", many.plain);
        assert!(many.rack_aware < many.plain);
    }

    #[test]
    fn step_10s_prose_agrees_with_its_widget() {
        use crate::views::load::params::LoadParams;
        use crate::views::load::scene::scene;
        let preset = crate::views::learn::steps::widget_of("hot-keys")
            .unwrap()
            .preset;
        let at = |epsilon: &str| {
            let query = crate::urlkit::parse_query(
                &preset.replace("epsilon=0.25", &format!("epsilon={epsilon}")),
            );
            let (params, notes): (LoadParams, _) = crate::param_table::read(&query);
            assert!(notes.is_empty(), "{notes:?}");
            scene(&params)
        };
        let h = hot(HOT.knob.default);
        let widget = at("0.25");
        // The owner carries the hot key alone, at the mean the prose divides by.
        let busiest = widget.busiest();
        assert_eq!(widget.loads[busiest], HOT.knob.default as f64);
        assert!((widget.mean - h.mean).abs() < 1e-6);
        // "It hardly falls": the pushed share from epsilon 0.1 to 1.0.
        let (tight, loose) = (at("0.1").pushed_share(), at("1.0").pushed_share());
        assert!(loose < tight && loose > 0.75 * tight, "{tight} -> {loose}");
    }
}
