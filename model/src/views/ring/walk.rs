//! A key's walk: clockwise from the key's position, in the ring's walk order, to the first
//! point (its owner); with replicas, on past points of servers already chosen (and, with
//! racks, of racks already used) until `r` distinct servers are found. The preference list
//! itself comes from `ringlab-core` ([`ringlab_core::rack_aware`]); the steps retrace it.
//!
//! Every frame of the animation is a pure function of the walk and the time ([`frame`]),
//! so it can be rewound or replayed; under reduced motion the cursor cuts from step to
//! step with a short fade instead of travelling.

use ringlab_core::{rack_aware, Ring};

use super::params::PlaygroundParams;
use super::placement::Placement;

/// Steps passing a point shown at most; the rest are counted.
pub const MAX_PASSES: usize = 48;
/// Cursor speed, in turns per second.
pub const SPEED: f64 = 0.6;
/// Shortest travel between two steps, in seconds.
pub const MIN_TRAVEL: f64 = 0.25;
/// The pause at each step, in seconds: nothing moves.
pub const PAUSE: f64 = 0.5;
/// The fade at each step under reduced motion, in seconds.
pub const FADE: f64 = 0.15;

/// What the walk did at a point.
#[derive(Debug, Clone, PartialEq)]
pub enum Verdict {
    /// The point's server is replica number `rank` (0-based).
    Chosen(usize),
    /// Its server is already in the list.
    AlreadyChosen,
    /// Its rack is already used.
    RackUsed(String),
}

/// One point the walk reached.
#[derive(Debug, Clone, PartialEq)]
pub struct Step {
    /// Index of the point in ring order.
    pub point: usize,
    pub position: u64,
    pub fraction: f64,
    /// Live server index.
    pub server: usize,
    /// Turns travelled from the key to here (more than 1 on a second lap).
    pub travel: f64,
    pub verdict: Verdict,
}

/// The walk of one key.
#[derive(Debug, Clone, PartialEq)]
pub struct Walk {
    pub key: usize,
    pub hash: u64,
    pub fraction: f64,
    pub steps: Vec<Step>,
    /// The preference list (live server indices), as `ringlab-core` computes it.
    pub chosen: Vec<usize>,
    /// Fewer racks than replicas: the list went on with plain distinct servers.
    pub fell_back: bool,
    /// Points passed but not listed in `steps`.
    pub hidden: usize,
    /// The walk in words, one sentence per element.
    pub narration: Vec<String>,
}

fn spot(ring: &Ring, position: u64, hashes: bool) -> String {
    if hashes {
        position.to_string()
    } else {
        format!("{:.1}%", ring.fraction(position) * 100.0)
    }
}

impl Walk {
    /// The walk of key `key`; `None` when there is no such key or the scheme refuses it.
    pub fn new(
        placement: &Placement,
        params: &PlaygroundParams,
        keys: &[String],
        key: usize,
    ) -> Option<Walk> {
        let name = keys.get(key)?;
        let hash = placement.hashes.get(key).copied().flatten()?;
        let ring = placement.ring();
        let r = params.replicas.max(1) as usize;
        let servers = &placement.servers;
        let list = rack_aware(servers, ring.walk_servers(hash), r);
        let points = ring.points();
        let fraction = ring.fraction(hash);
        let mut walk = Walk {
            key,
            hash,
            fraction,
            steps: Vec::new(),
            chosen: list.servers.clone(),
            fell_back: list.fell_back,
            hidden: 0,
            narration: Vec::new(),
        };
        let at = |p: u64| spot(ring, p, params.hashes);
        if points.is_empty() {
            walk.narration.push(format!(
                "{name} has no server to walk to: every server is down."
            ));
            return Some(walk);
        }
        // The same two passes as `rack_aware`: distinct servers on distinct racks, then, if
        // the racks ran out, distinct servers.
        let mut chosen: Vec<usize> = Vec::new();
        let mut racks: Vec<String> = Vec::new();
        let mut passes = 0usize;
        let mut second_lap = usize::MAX;
        let laps = if list.fell_back { 2 } else { 1 };
        'laps: for lap in 0..laps {
            for index in ring.walk(hash) {
                if chosen.len() == r {
                    break 'laps;
                }
                let point = points[index];
                let server = point.server;
                let rack = servers[server].rack.clone();
                let verdict = if chosen.contains(&server) {
                    Verdict::AlreadyChosen
                } else if let Some(rack) = rack.filter(|rack| lap == 0 && racks.contains(rack)) {
                    Verdict::RackUsed(rack)
                } else {
                    if let Some(rack) = &servers[server].rack {
                        racks.push(rack.clone());
                    }
                    chosen.push(server);
                    Verdict::Chosen(chosen.len() - 1)
                };
                if !matches!(verdict, Verdict::Chosen(_)) {
                    passes += 1;
                    if passes > MAX_PASSES {
                        walk.hidden += 1;
                        continue;
                    }
                }
                let ahead = ring.fraction(point.position) - fraction;
                let travel = ahead.rem_euclid(1.0) + lap as f64;
                walk.steps.push(Step {
                    point: index,
                    position: point.position,
                    fraction: ring.fraction(point.position),
                    server,
                    travel,
                    verdict,
                });
            }
            if lap == 0 {
                second_lap = walk.steps.len();
            }
        }
        debug_assert_eq!(chosen, list.servers, "the walk retraces rack_aware");
        let sname = |s: usize| servers[s].name.as_str();
        let mut lines = Vec::new();
        let mut previous = at(hash);
        let mut first = true;
        for (i, step) in walk.steps.iter().enumerate() {
            if i == second_lap && walk.fell_back {
                lines.push(
                    "The racks ran out before the replicas did, so the walk goes around again \
                     for distinct servers."
                        .to_string(),
                );
            }
            let here = at(step.position);
            let who = sname(step.server);
            let line = match &step.verdict {
                Verdict::Chosen(rank) if first && *rank == 0 => format!(
                    "{name} walks clockwise from {previous} to server {who} at {here}: its owner{}.",
                    if r > 1 {
                        format!(", replica 1 of {r}")
                    } else {
                        String::new()
                    }
                ),
                Verdict::Chosen(rank) => {
                    format!("It goes on to server {who} at {here}: replica {} of {r}.", rank + 1)
                }
                Verdict::AlreadyChosen => {
                    format!("It passes server {who} at {here}: already chosen.")
                }
                Verdict::RackUsed(rack) => {
                    format!("It passes server {who} at {here}: rack {rack} is already used.")
                }
            };
            first = false;
            previous = here;
            lines.push(line);
        }
        if walk.hidden > 0 {
            lines.push(format!("It passes {} more points.", walk.hidden));
        }
        if walk.chosen.len() < r {
            lines.push(format!(
                "Only {} servers are up, so there are only {} replicas.",
                servers.len(),
                walk.chosen.len()
            ));
        }
        let names: Vec<&str> = walk.chosen.iter().map(|&s| sname(s)).collect();
        lines.push(format!("Preference list of {name}: {}.", names.join(", ")));
        walk.narration = lines;
        Some(walk)
    }

    /// When the step `i` is reached and how long the cursor takes to get there.
    fn travel_time(&self, i: usize, reduced: bool) -> f64 {
        if reduced {
            return 0.0;
        }
        let from = if i == 0 {
            0.0
        } else {
            self.steps[i - 1].travel
        };
        ((self.steps[i].travel - from) / SPEED).max(MIN_TRAVEL)
    }

    /// How long the whole walk takes, in seconds (the last pause included).
    pub fn duration(&self, reduced: bool) -> f64 {
        (0..self.steps.len())
            .map(|i| self.travel_time(i, reduced) + PAUSE)
            .sum()
    }

    /// The number of steps to show without animation: the walk is done.
    pub fn done(&self) -> WalkFrame {
        WalkFrame {
            travel: self.steps.last().map_or(0.0, |s| s.travel),
            reached: self.steps.len(),
            alpha: 1.0,
            done: true,
        }
    }
}

/// One frame of a walk.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct WalkFrame {
    /// Turns from the key to the cursor.
    pub travel: f64,
    /// How many steps have been reached.
    pub reached: usize,
    /// Opacity of the newest step (a fade under reduced motion).
    pub alpha: f64,
    /// The walk is over: the chosen servers are circled.
    pub done: bool,
}

/// The frame of `walk` at `t` seconds after it began.
pub fn frame(walk: &Walk, t: f64, reduced: bool) -> WalkFrame {
    let t = if t.is_finite() { t.max(0.0) } else { 0.0 };
    let mut start = 0.0;
    let mut from = 0.0;
    for (i, step) in walk.steps.iter().enumerate() {
        let travel = walk.travel_time(i, reduced);
        if t < start + travel {
            let progress = (t - start) / travel;
            return WalkFrame {
                travel: from + (step.travel - from) * ease(progress),
                reached: i,
                alpha: 1.0,
                done: false,
            };
        }
        let arrived = start + travel;
        if t < arrived + PAUSE {
            let alpha = if reduced {
                ((t - arrived) / FADE).min(1.0)
            } else {
                1.0
            };
            return WalkFrame {
                travel: step.travel,
                reached: i + 1,
                alpha,
                done: false,
            };
        }
        start = arrived + PAUSE;
        from = step.travel;
    }
    walk.done()
}

/// Smooth start and stop.
fn ease(x: f64) -> f64 {
    let x = x.clamp(0.0, 1.0);
    x * x * (3.0 - 2.0 * x)
}

#[cfg(test)]
mod tests {
    use super::super::params::ServerParam;
    use super::*;
    use crate::naming::key_names;
    use crate::naming::server_name;

    fn setup(servers: usize, vnodes: u32, racks: &[&str]) -> (PlaygroundParams, Vec<String>) {
        let mut params = PlaygroundParams {
            servers: (0..servers)
                .map(|i| ServerParam::new(server_name(i)))
                .collect(),
            vnodes,
            ..PlaygroundParams::default()
        };
        for (s, rack) in params.servers.iter_mut().zip(racks) {
            s.rack = Some(rack.to_string());
        }
        (params, key_names(7, 50))
    }

    #[test]
    fn the_walk_retraces_the_preference_list() {
        for (servers, vnodes, racks) in [
            (4, 1, &[][..]),
            (5, 10, &[][..]),
            (6, 3, &["r1", "r1", "r2", "r2", "r3", "r3"][..]),
            (4, 5, &["r1", "r1", "r1", "r2"][..]),
        ] {
            let (params, keys) = setup(servers, vnodes, racks);
            let placement = Placement::new(&params, &keys);
            let scheme = ringlab_core::build(
                params.scheme.kind(),
                placement.servers.clone(),
                &ringlab_core::Options {
                    vnodes,
                    ..Default::default()
                },
            )
            .unwrap();
            for key in 0..keys.len() {
                let walk = Walk::new(&placement, &params, &keys, key).unwrap();
                let expected = scheme.rack_aware_preference_list(keys[key].as_bytes(), 3);
                assert_eq!(walk.chosen, expected.servers);
                assert_eq!(walk.fell_back, expected.fell_back);
                assert_eq!(walk.chosen[0], scheme.lookup(keys[key].as_bytes()).unwrap());
                let chosen: Vec<usize> = walk
                    .steps
                    .iter()
                    .filter(|s| matches!(s.verdict, Verdict::Chosen(_)))
                    .map(|s| s.server)
                    .collect();
                assert_eq!(chosen, walk.chosen);
                assert!(walk.steps.windows(2).all(|w| w[0].travel <= w[1].travel));
                assert!(matches!(walk.steps[0].verdict, Verdict::Chosen(0)));
                if racks.is_empty() {
                    assert!(walk
                        .steps
                        .iter()
                        .all(|s| !matches!(s.verdict, Verdict::RackUsed(_))));
                }
            }
        }
    }

    #[test]
    fn narration_reads_like_a_walk() {
        let (mut params, keys) = setup(4, 1, &[]);
        params.servers[0].at = Some(100_000);
        params.servers[1].at = Some(200_000);
        params.servers[2].at = Some(300_000);
        params.servers[3].at = Some(400_000);
        let placement = Placement::new(&params, &keys);
        let key = (0..keys.len())
            .find(|&k| placement.ring().fraction(placement.hashes[k].unwrap()) < 0.1)
            .unwrap();
        let walk = Walk::new(&placement, &params, &keys, key).unwrap();
        let text = walk.narration.join(" ");
        let name = &keys[key];
        assert!(
            text.starts_with(&format!("{name} walks clockwise from ")),
            "{text}"
        );
        assert!(
            text.contains("to server A at 10.0%: its owner, replica 1 of 3."),
            "{text}"
        );
        assert!(text.contains("It goes on to server B at 20.0%: replica 2 of 3."));
        assert!(text.ends_with(&format!("Preference list of {name}: A, B, C.")));
    }

    //   racks: A r1 at 0.1, B r1 at 0.2, C r2 at 0.3; replicas 3: A, passes B (r1 used),
    //   C, then the racks ran out: around again, B.
    #[test]
    fn racks_make_the_walk_pass_and_go_around_again() {
        let (mut params, keys) = setup(3, 1, &["r1", "r1", "r2"]);
        for (i, s) in params.servers.iter_mut().enumerate() {
            s.at = Some(100_000 * (i as u32 + 1));
        }
        let placement = Placement::new(&params, &keys);
        let key = (0..keys.len())
            .find(|&k| placement.ring().fraction(placement.hashes[k].unwrap()) < 0.1)
            .unwrap();
        let walk = Walk::new(&placement, &params, &keys, key).unwrap();
        assert_eq!(walk.chosen, vec![0, 2, 1]);
        assert!(walk.fell_back);
        let verdicts: Vec<&Verdict> = walk.steps.iter().map(|s| &s.verdict).collect();
        assert_eq!(
            verdicts,
            [
                &Verdict::Chosen(0),
                &Verdict::RackUsed("r1".into()),
                &Verdict::Chosen(1),
                &Verdict::AlreadyChosen,
                &Verdict::Chosen(2),
            ]
        );
        assert!(walk.steps[4].travel > 1.0);
        let text = walk.narration.join(" ");
        assert!(text.contains("rack r1 is already used"), "{text}");
        assert!(text.contains("goes around again"), "{text}");
        let again = walk
            .narration
            .iter()
            .position(|l| l.contains("around again"));
        assert_eq!(again, Some(3), "{:?}", walk.narration);
    }

    #[test]
    fn frames_are_a_function_of_time() {
        let (params, keys) = setup(4, 1, &[]);
        let placement = Placement::new(&params, &keys);
        let walk = Walk::new(&placement, &params, &keys, 0).unwrap();
        let first = frame(&walk, 0.0, false);
        assert_eq!(first.reached, 0);
        assert_eq!(first.travel, 0.0);
        let end = walk.duration(false);
        assert_eq!(frame(&walk, end + 1.0, false), walk.done());
        assert_eq!(frame(&walk, f64::NAN, false), first);
        // Rewinding gives the same frame again.
        let mid = frame(&walk, end / 2.0, false);
        assert_eq!(frame(&walk, end / 2.0, false), mid);
        let mut last = 0.0;
        for i in 0..=100 {
            let f = frame(&walk, end * i as f64 / 100.0, false);
            assert!(f.travel >= last);
            last = f.travel;
        }
        // Reduced motion: no travel, only fades at each step.
        let reduced = frame(&walk, 0.05, true);
        assert_eq!(reduced.reached, 1);
        assert!(reduced.alpha < 1.0);
        assert_eq!(walk.duration(true), PAUSE * walk.steps.len() as f64);
    }

    #[test]
    fn many_points_are_counted_not_listed() {
        // Two racks, five replicas, many points: the first lap passes a lot of points.
        let racks = ["r1", "r2", "r1", "r2", "r1", "r2"];
        let (mut params, keys) = setup(6, 200, &racks);
        params.replicas = 5;
        let placement = Placement::new(&params, &keys);
        let walk = Walk::new(&placement, &params, &keys, 0).unwrap();
        assert_eq!(walk.chosen.len(), 5);
        assert!(walk.hidden > 0);
        assert!(walk.steps.len() <= MAX_PASSES + 5);
        assert!(walk.narration.iter().any(|l| l.contains("more points")));
    }
}
