//! The load page's sentences and cells with figures: the live summary, the bars' name, the
//! ring's caption, the numbers beside the pictures, the "what if" answer and the busiest
//! servers' table. The view renders them as they are.

use super::params::LoadParams;
use super::scene::{LoadScene, QPS};
use super::stability::Shift;
use crate::format::{grouped, grouped_rounded, percent};

/// Walks shorter than this (a share of the turn) are drawn as ticks only: an arrow that
/// short would be a blob.
pub const VISIBLE_WALK: f64 = 0.01;

/// The most servers the table lists.
pub const TABLE_ROWS: usize = 20;

/// One sentence for the live region: what the picture shows now.
pub fn summary(s: &LoadScene, p: &LoadParams) -> String {
    let busiest = s.busiest();
    let load = s.loads.get(busiest).copied().unwrap_or(0.0);
    let line = s.cap.unwrap_or(s.mean * (1.0 + p.epsilon));
    let over = s.over(line);
    let mut text = match (&s.hot, s.cap) {
        (Some(h), _) if over.contains(&h.server) => format!(
            "The hot key's server, {}, takes {} requests a second, {:.1} times the mean: no \
             epsilon splits one key.",
            s.names[h.server],
            grouped_rounded(s.loads[h.server]),
            s.loads[h.server] / s.mean
        ),
        (_, Some(cap)) => format!(
            "Every server is at or under the cap of {} requests a second; the busiest, {}, \
             takes {}.",
            grouped_rounded(cap),
            s.names[busiest],
            grouped_rounded(load)
        ),
        (_, None) => format!(
            "Plain ring: the busiest server, {}, takes {} requests a second, {:.2} times the \
             mean.",
            s.names[busiest],
            grouped_rounded(load),
            load / s.mean
        ),
    };
    if s.cap.is_some() {
        text.push_str(&format!(
            " {} keys ({} of requests) were pushed off their home server.",
            grouped(s.report.pushed_keys as u64),
            percent(s.pushed_share())
        ));
    }
    text
}

/// The bars' name.
pub fn bars_label(s: &LoadScene) -> String {
    format!(
        "Requests a second on each of {} servers, against the mean{}",
        s.names.len(),
        if s.cap.is_some() { " and the cap" } else { "" }
    )
}

/// The ring's caption: the keys drawn walking, or none.
pub fn ring_caption(s: &LoadScene) -> String {
    if s.walkers.is_empty() {
        "No key had to leave home.".to_string()
    } else {
        format!(
            "Ticks outside the ring: the {} most requested keys pushed off home, where each \
             hashes. Each walked clockwise to the next server with room; a walk longer than \
             {} of the ring is drawn as an arrow.",
            s.walkers.len(),
            percent(VISIBLE_WALK)
        )
    }
}

/// The numbers beside the pictures, each as its cell reads.
#[derive(Debug, Clone, PartialEq)]
pub struct Numbers {
    /// Requests a second, and those a front cache answered.
    pub requests: String,
    pub mean: String,
    /// The cap, with bounded loads on.
    pub cap: Option<String>,
    pub busiest: String,
    pub pushed: String,
    pub probes: String,
    /// The hot key, whole on one server.
    pub hot: Option<String>,
}

pub fn numbers(s: &LoadScene, p: &LoadParams) -> Numbers {
    let busiest = s.busiest();
    let mut requests = grouped_rounded(QPS);
    if s.absorbed > 0.0 {
        requests.push_str(&format!(
            ", {} answered by the front cache",
            grouped_rounded(s.absorbed)
        ));
    }
    Numbers {
        requests,
        mean: grouped_rounded(s.mean),
        cap: s.cap.map(|cap| {
            format!(
                "{} ({:.2} times the mean)",
                grouped_rounded(cap),
                1.0 + p.epsilon
            )
        }),
        busiest: format!(
            "{}: {}, {:.2} times the mean",
            s.names[busiest],
            grouped_rounded(s.loads[busiest]),
            s.loads[busiest] / s.mean
        ),
        pushed: format!(
            "{} keys, {} of requests",
            grouped(s.report.pushed_keys as u64),
            percent(s.pushed_share())
        ),
        probes: format!(
            "{:.2} on average, {} at most",
            s.report.mean_probes, s.report.max_probes
        ),
        hot: s.hot.as_ref().map(|h| {
            format!(
                "{}: {} a second, whole on {}",
                h.key,
                grouped_rounded(h.rate),
                s.names[h.server]
            )
        }),
    }
}

/// The answer to a "what if" (`what` is the question, "If a server joined"); `None`
/// without bounded loads.
pub fn what_if(what: &str, shift: Option<&Shift>) -> String {
    match shift {
        Some(s) => format!(
            "{what}, {} of requests would change server; {} of today's pushed keys would walk \
             back home, and {} keys would be pushed off home.",
            percent(s.moved),
            grouped(s.back_home as u64),
            grouped(s.pushed_after as u64)
        ),
        None => format!("{what}: with the plain ring nothing is pushed, so nothing walks back."),
    }
}

/// The table's servers: the busiest first, at most [`TABLE_ROWS`].
pub fn table_rows(s: &LoadScene) -> Vec<usize> {
    let mut rows: Vec<usize> = (0..s.loads.len()).collect();
    rows.sort_by(|&a, &b| s.loads[b].total_cmp(&s.loads[a]));
    rows.truncate(TABLE_ROWS);
    rows
}

/// The table's summary line.
pub fn table_summary(s: &LoadScene, rows: &[usize]) -> String {
    format!(
        "The busiest {} of {} servers as a table",
        rows.len(),
        s.loads.len()
    )
}

/// Server `i`'s requests a second, as its cell reads.
pub fn load_cell(s: &LoadScene, i: usize) -> String {
    grouped_rounded(s.loads[i])
}

/// Server `i`'s load over the mean, as its cell reads.
pub fn times_mean(s: &LoadScene, i: usize) -> String {
    format!("{:.2}", s.loads[i] / s.mean)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_numbers::{assert_numbers, numbers as read};
    use crate::views::load::scene::scene;
    use ringlab_core::load::fixes::{apply, HotFix};
    use ringlab_core::load::report::{at_home, bounded_requests_from, LoadReport};
    use ringlab_core::load::traffic::{Traffic, TrafficSpec};
    use ringlab_core::partitioner::owners_of;
    use ringlab_core::schemes::ring::HashRing;
    use ringlab_core::Server;

    /// The settings read: bounded and plain, with and without a hot key, each fix (the
    /// front cache's with keys pushed, so their share is of the ring's requests, not the
    /// 100,000 asked), and more servers than the table lists.
    fn settings() -> Vec<LoadParams> {
        let d = LoadParams::default();
        vec![
            d,
            LoadParams { hot: 0.3, ..d },
            LoadParams {
                servers: 10,
                vnodes: 50,
                keys: 5_000,
                zipf: 1.0,
                bounded: false,
                ..d
            },
            LoadParams {
                servers: 8,
                zipf: 1.0,
                hot: 0.4,
                epsilon: 0.1,
                fix: HotFix::FrontCache,
                ..d
            },
            LoadParams {
                servers: 30,
                vnodes: 20,
                hot: 0.3,
                epsilon: 1.0,
                fix: HotFix::Split,
                ..d
            },
        ]
    }

    /// The page's placement made again here on the core: the ring, the traffic with the
    /// fix, every key's home, and the bounded (or plain) placement; loads, pushed keys and
    /// their requests are counted from where each key was placed.
    struct Counted {
        names: Vec<String>,
        loads: Vec<f64>,
        total: f64,
        asked: f64,
        pushed: f64,
        pushed_rate: f64,
        report: LoadReport,
        /// The hot key's name, rate and server (split, its busiest copy: the last of
        /// equals, as the scene takes it).
        hot: Option<(String, f64, usize)>,
    }

    fn count(p: &LoadParams) -> Counted {
        let n = p.servers as usize;
        let names: Vec<String> = (0..n)
            .map(|i| {
                if i < 26 {
                    char::from(b'A' + i as u8).to_string()
                } else {
                    format!("S{}", i + 1)
                }
            })
            .collect();
        let ring = HashRing::new(names.iter().map(Server::new).collect(), p.vnodes).unwrap();
        let asked = Traffic::new(TrafficSpec {
            keys: p.keys as usize,
            zipf: p.zipf,
            qps: 100_000.0,
            hot_share: p.hot,
            seed: 1,
        })
        .unwrap();
        let asked_total: f64 = asked.rates.iter().sum();
        let (keys, rates) = apply(asked.keys, asked.rates, p.fix);
        let traffic = Traffic { keys, rates };
        let homes = owners_of(&ring, &traffic.keys);
        let report = if p.bounded {
            bounded_requests_from(&ring, &traffic, &homes, p.epsilon).unwrap()
        } else {
            at_home(&homes, &traffic, n)
        };
        let mut loads = vec![0.0; n];
        let (mut pushed, mut pushed_rate) = (0.0, 0.0);
        let mut hot: Option<(String, f64, usize)> = None;
        for (k, rate) in traffic.rates.iter().enumerate() {
            let at = report.placed[k].unwrap();
            loads[at] += rate;
            if Some(at) != homes[k] {
                pushed += 1.0;
                pushed_rate += rate;
            }
            let key = &traffic.keys[k];
            if p.hot > 0.0 && key.starts_with("hot") && hot.as_ref().is_none_or(|h| *rate >= h.1) {
                hot = Some((key.clone(), *rate, at));
            }
        }
        Counted {
            names,
            total: traffic.rates.iter().sum(),
            asked: asked_total,
            loads,
            pushed,
            pushed_rate,
            report,
            hot,
        }
    }

    /// The digits in a name ("S27", "hot#3") as the reader reads them.
    fn digits(name: &str) -> Vec<f64> {
        read(name).iter().map(|r| r.value).collect()
    }

    /// The busiest server by the counted loads, and its load.
    fn busiest(c: &Counted) -> (usize, f64) {
        let i = (0..c.loads.len())
            .max_by(|&a, &b| c.loads[a].total_cmp(&c.loads[b]))
            .unwrap();
        (i, c.loads[i])
    }

    /// The summary against the counts: the mean total/N and the cap (1 + epsilon) times
    /// it written out; the hot key's sentence when its server is over that line.
    #[test]
    fn the_summary_is_read_against_counted_loads() {
        let mut branches = Vec::new();
        for p in settings() {
            let (s, c) = (scene(&p), count(&p));
            let n = p.servers as f64;
            let mean = c.total / n;
            let line = (1.0 + p.epsilon) * mean;
            let (b, top) = busiest(&c);
            let mut expected = Vec::new();
            match &c.hot {
                Some((_, _, at)) if c.loads[*at] > line * (1.0 + 1e-9) => {
                    branches.push("hot");
                    expected.extend(digits(&c.names[*at]));
                    expected.extend([c.loads[*at], c.loads[*at] / mean]);
                }
                _ if p.bounded => {
                    branches.push("cap");
                    expected.push(line);
                    expected.extend(digits(&c.names[b]));
                    expected.push(top);
                }
                _ => {
                    branches.push("plain");
                    expected.extend(digits(&c.names[b]));
                    expected.extend([top, top / mean]);
                }
            }
            if p.bounded {
                expected.extend([c.pushed, c.pushed_rate / c.total]);
            }
            assert_numbers(&summary(&s, &p), &expected);
        }
        // Each of the three sentences is read.
        for branch in ["hot", "cap", "plain"] {
            assert!(branches.contains(&branch), "{branches:?}");
        }
    }

    /// The numbers beside the pictures against the counts, the front cache's share as
    /// the requests asked less those that reach the ring, the probes as the core reports.
    #[test]
    fn the_numbers_are_read_against_counted_loads() {
        for p in settings() {
            let (s, c) = (scene(&p), count(&p));
            let n = p.servers as f64;
            let mean = c.total / n;
            let got = numbers(&s, &p);
            let absorbed = c.asked - c.total;
            if p.fix == HotFix::FrontCache {
                assert!(absorbed > 1.0);
                assert_numbers(&got.requests, &[c.asked, absorbed]);
            } else {
                assert_numbers(&got.requests, &[c.asked]);
            }
            assert_numbers(&got.mean, &[mean]);
            match &got.cap {
                Some(cap) => assert_numbers(cap, &[(1.0 + p.epsilon) * mean, 1.0 + p.epsilon]),
                None => assert!(!p.bounded),
            }
            let (b, top) = busiest(&c);
            let mut expected = digits(&c.names[b]);
            expected.extend([top, top / mean]);
            assert_numbers(&got.busiest, &expected);
            assert_numbers(&got.pushed, &[c.pushed, c.pushed_rate / c.total]);
            assert_numbers(
                &got.probes,
                &[c.report.mean_probes, c.report.max_probes as f64],
            );
            match (&got.hot, &c.hot) {
                (Some(text), Some((key, rate, at))) => {
                    let mut expected = digits(key);
                    expected.push(*rate);
                    expected.extend(digits(&c.names[*at]));
                    assert_numbers(text, &expected);
                }
                (None, None) => {}
                other => panic!("{other:?}"),
            }
        }
    }

    /// The bars' name, the ring's caption (the keys drawn: the pushed ones, at most 24)
    /// and the table (the busiest 20 at most, each over the mean) against the counts.
    #[test]
    fn the_names_captions_and_table_are_read_against_counts() {
        for p in settings() {
            let (s, c) = (scene(&p), count(&p));
            let n = p.servers as f64;
            assert_numbers(&bars_label(&s), &[n]);
            assert_eq!(bars_label(&s).ends_with("the cap"), p.bounded);
            let drawn = c.pushed.min(24.0);
            if drawn == 0.0 {
                assert_eq!(ring_caption(&s), "No key had to leave home.");
            } else {
                assert_numbers(&ring_caption(&s), &[drawn, 0.01]);
            }
            let rows = table_rows(&s);
            assert_numbers(&table_summary(&s, &rows), &[n.min(20.0), n]);
            let mean = c.total / n;
            let mut sorted = c.loads.clone();
            sorted.sort_by(|a, b| b.total_cmp(a));
            for (&i, load) in rows.iter().zip(&sorted) {
                assert_numbers(&load_cell(&s, i), &[*load]);
                assert_numbers(&times_mean(&s, i), &[load / mean]);
            }
        }
    }

    /// The "what if" answer against shifts written here.
    #[test]
    fn what_if_reads_its_shift() {
        let shift = Shift {
            moved: 0.0437,
            back_home: 1_204,
            pushed_after: 35,
        };
        assert_numbers(
            &what_if("If a server joined", Some(&shift)),
            &[0.0437, 1_204.0, 35.0],
        );
        let shift = Shift {
            moved: 0.5,
            back_home: 0,
            pushed_after: 12_345,
        };
        assert_numbers(
            &what_if("If the hot key cooled", Some(&shift)),
            &[0.5, 0.0, 12_345.0],
        );
        assert_eq!(
            what_if("If a server joined", None),
            "If a server joined: with the plain ring nothing is pushed, so nothing walks back."
        );
    }
}
