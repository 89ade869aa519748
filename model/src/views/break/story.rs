//! The words and numbers "break it" shows for a run: what each scenario does, what
//! happened second by second, and why the verdict is what it is. Every figure comes from
//! the run the core computed.

use ringlab_core::load::cluster::{
    node_name, run, Cause, Cluster, Event, Fix, Run, Scenario, Status, DEFAULT, SCENARIOS,
};
use ringlab_core::schemes::ring::HashRing;
use ringlab_core::{Partitioner, Server};

use crate::format::{grouped_rounded, percent};

/// One scenario's run with its words.
#[derive(Debug, Clone, PartialEq)]
pub struct Story {
    pub index: usize,
    pub scenario: &'static Scenario,
    pub fix: Fix,
    pub run: Run,
    /// What the scenario does, before it happens.
    pub setup: String,
    /// The verdict's reason, after it happened.
    pub why: String,
    /// What happened, by second, in order.
    pub events: Vec<(u32, String)>,
}

impl Story {
    pub fn status(&self) -> Status {
        self.run.status
    }

    /// Each node's points on the ring, as fractions of a turn, for every node that took
    /// part (node index, fraction).
    pub fn points(&self) -> Vec<(usize, f64)> {
        let servers: Vec<Server> = self
            .run
            .nodes
            .iter()
            .map(|n| Server::new(n.clone()))
            .collect();
        let Ok(ring) = HashRing::new(servers, self.scenario.vnodes) else {
            return Vec::new();
        };
        let r = ring.ring().expect("a hash ring has a ring");
        r.points()
            .iter()
            .map(|p| (p.server, r.fraction(p.position)))
            .collect()
    }

    /// The run's lines for the data table: second, hit rate, database load, failed share,
    /// nodes alive.
    pub fn rows(&self) -> Vec<[String; 5]> {
        self.run
            .seconds
            .iter()
            .enumerate()
            .map(|(t, s)| {
                [
                    t.to_string(),
                    percent(s.hit_rate),
                    grouped_rounded(s.db_load),
                    percent(s.failed / self.run.qps),
                    s.alive.iter().filter(|a| **a).count().to_string(),
                ]
            })
            .collect()
    }
}

/// The cluster every scenario runs on.
pub fn cluster() -> &'static Cluster {
    &DEFAULT
}

/// Scenario `index` (clamped) run with `fix`.
///
/// ```
/// use ringlab_model::views::r#break::story::story;
/// use ringlab_core::load::cluster::{Fix, Status};
/// let cascade = story(3, Fix::None);
/// assert_eq!(cascade.status(), Status::Down);
/// assert!(cascade.events[1].1.contains("cache-7"));
/// ```
pub fn story(index: usize, fix: Fix) -> Story {
    let index = index.min(SCENARIOS.len() - 1);
    let scenario = &SCENARIOS[index];
    let c = cluster();
    let run = run(c, scenario, fix).unwrap_or_else(|_| empty_run(c));
    let setup = setup(scenario, fix, c);
    let events = events(scenario, &run, c);
    let why = why(&run, c);
    Story {
        index,
        scenario,
        fix,
        run,
        setup,
        why,
        events,
    }
}

/// A run with no seconds (never made for the fixed scenarios; keeps the page up).
fn empty_run(c: &Cluster) -> Run {
    Run {
        nodes: Vec::new(),
        seconds: Vec::new(),
        deaths: Vec::new(),
        qps: c.traffic.qps,
        status: Status::Down,
    }
}

fn setup(scenario: &Scenario, fix: Fix, c: &Cluster) -> String {
    let qps = grouped_rounded(c.traffic.qps);
    let base = format!(
        "{} cache nodes with {} virtual node{} each serve {qps} requests a second; each node can take {}, the database behind them {}.",
        c.nodes,
        scenario.vnodes,
        if scenario.vnodes == 1 { "" } else { "s" },
        grouped_rounded(c.capacity),
        grouped_rounded(c.db_capacity),
    );
    let mut what = Vec::new();
    for (at, event) in scenario.events {
        what.push(match event {
            Event::Join => format!(
                "At {at} s a new node, {}, joins: the keys it takes arrive cold.",
                node_name(c.nodes)
            ),
            Event::Kill(n) => format!(
                "At {at} s {} dies. Clients keep sending it requests for {} s, until they notice.",
                node_name(*n),
                c.detect
            ),
            Event::HotKey => format!(
                "At {at} s one key starts taking {} of all requests{}.",
                percent(c.traffic.hot_share),
                match fix {
                    Fix::None => String::new(),
                    Fix::FrontCache => ", with a front cache above the ring".into(),
                    Fix::Split => ", split into copies".into(),
                }
            ),
        });
    }
    if what.is_empty() {
        what.push("Nothing changes: this is the baseline.".into());
    }
    format!("{base} {}", what.join(" "))
}

fn events(scenario: &Scenario, run: &Run, c: &Cluster) -> Vec<(u32, String)> {
    let mut out: Vec<(u32, String)> = Vec::new();
    for (at, event) in scenario.events {
        match event {
            Event::Join => out.push((*at, format!("{} joins the ring.", node_name(c.nodes)))),
            Event::HotKey => out.push((*at, "The hot key arrives.".into())),
            Event::Kill(_) => {}
        }
    }
    for death in &run.deaths {
        let text = match death.cause {
            Cause::Killed => format!("{} is killed.", death.node),
            Cause::Overloaded => {
                let n = run.nodes.iter().position(|x| *x == death.node);
                let load = n
                    .and_then(|n| {
                        run.seconds
                            .get(death.second as usize)?
                            .loads
                            .get(n)
                            .copied()
                    })
                    .unwrap_or(0.0);
                format!(
                    "{} has been over capacity for {} s ({} requests a second, {} of its capacity) and dies.",
                    death.node,
                    c.grace,
                    grouped_rounded(load),
                    percent(load / c.capacity)
                )
            }
        };
        out.push((death.second, text));
    }
    out.sort_by_key(|(t, _)| *t);
    out
}

fn why(run: &Run, c: &Cluster) -> String {
    let (low, db) = run.dip();
    let end_hit = run.seconds.last().map_or(0.0, |s| s.hit_rate);
    match run.status {
        Status::Healthy => {
            let mut text = format!(
                "No request failed. The busiest node reached {} of its capacity and the database {} of its.",
                percent(run.peak_node(c.capacity)),
                percent(db / c.db_capacity)
            );
            if low < c.hit - 0.005 {
                text.push_str(&format!(
                    " The hit rate dipped to {} when keys moved and refilled to {} by the end.",
                    percent(low),
                    percent(end_hit)
                ));
            }
            text
        }
        Status::Degraded => {
            let worst = run
                .seconds
                .iter()
                .enumerate()
                .max_by(|a, b| a.1.failed.total_cmp(&b.1.failed))
                .map_or(0, |(t, _)| t);
            format!(
                "At worst {} of requests failed (at {worst} s). By the end every request is served again: {} nodes carry the load, the busiest at {} of its capacity, and the hit rate is back to {}.",
                percent(run.worst_failed_share()),
                run.alive_at_end(),
                percent(end_load(run) / c.capacity),
                percent(end_hit)
            )
        }
        Status::Down => {
            let overloaded = run
                .deaths
                .iter()
                .filter(|d| d.cause == Cause::Overloaded)
                .count();
            let mut text = format!(
                "{} of requests still fail at the end, with {} of {} nodes alive.",
                crate::format::capitalized(&percent(run.final_failed_share())),
                run.alive_at_end(),
                run.nodes.len()
            );
            if overloaded >= 2 {
                text.push_str(&format!(
                    " {overloaded} nodes died of overload, one after another: each death moved its load onto a node that then had too much."
                ));
            }
            text
        }
    }
}

/// The busiest live node's load in the last second.
fn end_load(run: &Run) -> f64 {
    run.seconds.last().map_or(0.0, |s| {
        s.loads
            .iter()
            .zip(&s.alive)
            .filter(|(_, a)| **a)
            .map(|(l, _)| *l)
            .fold(0.0, f64::max)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_story_says_why_with_the_runs_numbers() {
        let stories: Vec<Story> = (0..5).map(|i| story(i, Fix::None)).collect();
        let statuses: Vec<&str> = stories.iter().map(|s| s.status().name()).collect();
        assert_eq!(statuses, ["Healthy", "Healthy", "Degraded", "Down", "Down"]);
        assert!(stories[0].why.starts_with("No request failed."));
        assert!(
            stories[1].why.contains("The hit rate dipped to"),
            "{}",
            stories[1].why
        );
        assert!(stories[2].why.contains("every request is served again"));
        let cascade: Vec<&str> = stories[3].events.iter().map(|(_, t)| t.as_str()).collect();
        assert_eq!(cascade[0], "cache-5 is killed.");
        assert!(
            cascade[1].starts_with("cache-7 has been over capacity for 3 s"),
            "{cascade:?}"
        );
        assert!(stories[3]
            .why
            .contains("died of overload, one after another"));
        assert_eq!(stories[0].points().len(), 8 * 150);
        assert_eq!(stories[0].rows().len(), 30);
        let fixed = story(4, Fix::Split);
        assert_eq!(fixed.status(), Status::Healthy);
        assert!(fixed.setup.contains("split into copies"));
    }
}
