//! The lab's theory lines, floors and the sentences and CSV columns that quote them,
//! each against its formula worked out here, at two or more points.

use ringlab_core::experiment::{run_sequential, Busiest, BusiestRow, Method, Placement, Setting};

use super::csv::{agree_csv, bounded_csv, keys_csv, speed_csv};
use super::job::{BoundedOutcome, KeysOutcome};
use super::prose;
use super::series::{self, Dash, KeysRow};
use crate::test_numbers::assert_numbers;
use crate::views::compare::schemes::Compared;

/// Rings of 10 and 100 servers at 1, 4 and 16 points, placed by the core.
fn busiest_rows(method: Method) -> Vec<BusiestRow> {
    let trial = Busiest {
        seed: 7,
        method,
        placement: Placement::Uniform,
    };
    let settings: Vec<Setting> = [10, 100]
        .iter()
        .flat_map(|&servers| {
            [1, 4, 16].map(|points| Setting {
                servers,
                points,
                rings: 8,
            })
        })
        .collect();
    run_sequential(&trial, &settings, None).unwrap()
}

/// The exact CV of one share times sqrt(V): sqrt((N - 1) V / (N V + 1)).
fn exact_spread(n: f64, v: f64) -> f64 {
    ((n - 1.0) * v / (n * v + 1.0)).sqrt()
}

#[track_caller]
fn close(got: f64, want: f64) {
    assert!(
        (got - want).abs() <= 1e-12 * want.abs(),
        "{got} against {want}"
    );
}

/// Figure 2's theory lines are the formula at every V, not the measurement.
#[test]
fn figure_2_draws_the_exact_spread() {
    let rows = busiest_rows(Method::Ring);
    let chart = series::spread(&rows);
    for n in [10, 100] {
        let theory = chart
            .lines
            .iter()
            .find(|l| l.label == format!("N = {n}, theory"))
            .unwrap();
        assert_eq!(theory.dash, Dash::Dotted);
        assert_eq!(theory.points.len(), 3);
        for &(v, y) in &theory.points {
            close(y, exact_spread(f64::from(n), v));
        }
        // The measured line beside it is the rings', which differ from the formula.
        let measured = chart
            .lines
            .iter()
            .find(|l| l.label == format!("N = {n}, measured"))
            .unwrap();
        assert_ne!(measured.points, theory.points);
    }
    // The sentence: measured and theory at the most points, per N.
    let r = |n| {
        rows.iter()
            .find(|r| r.servers == n && r.points == 16)
            .unwrap()
    };
    let text = prose::spread(&rows).unwrap();
    assert_numbers(
        &text,
        &[
            r(10).spread_sqrt_points,
            10.0,
            exact_spread(10.0, 16.0),
            r(100).spread_sqrt_points,
            100.0,
            exact_spread(100.0, 16.0),
        ],
    );
}

/// Figure 1's sentence sets one point each against H_N, the expected largest of N
/// spacings over the mean, and the level at 1,024 points against 2 ln N / ε².
#[test]
fn figure_1s_theory_is_the_harmonic_number() {
    let harmonic = |n: u32| (1..=n).map(|k| 1.0 / f64::from(k)).sum::<f64>();
    let rows = busiest_rows(Method::Gamma);
    let at = |n, v| {
        rows.iter()
            .find(|r| r.servers == n && r.points == v)
            .unwrap()
    };
    let text = prose::busiest(&rows).unwrap();
    assert_numbers(
        &text,
        &[
            at(10, 1).mean_busiest,
            10.0,
            harmonic(10),
            at(100, 1).mean_busiest,
            100.0,
            harmonic(100),
        ],
    );
    let mut level = *at(10, 16);
    (level.servers, level.points, level.mean_busiest) = (1_000, 1_024, 1.08);
    let text = prose::busiest(&[level]).unwrap();
    let rule = (2.0 * 1_000f64.ln() / (0.08f64 * 0.08)).ceil();
    assert_numbers(&text, &[1_024.0, 1_000.0, 1.08, 2.0, rule]);
}

/// Real-keys rows for every scheme of figure 4 at 10, 100 and 1,000 servers.
fn keys_rows() -> Vec<KeysRow> {
    let mut rows = Vec::new();
    for scheme in [
        Compared::Ring,
        Compared::Ring1024,
        Compared::Jump,
        Compared::Rendezvous,
    ] {
        for n in [10, 100, 1_000] {
            let o = KeysOutcome {
                moved: 100_000 / (n as u64 + 1) + 3,
                max_over_mean: 1.25,
                spread: 0.123,
            };
            rows.push((scheme, n, o));
        }
    }
    rows
}

/// Figure 4's floor for a scheme at N servers, 100,000 keys: sqrt(1/V + N/K) for the
/// rings (V = 160 and 1,024), sqrt(N/K) for the others.
fn keys_floor(scheme: Compared, n: f64) -> f64 {
    let noise = n / 100_000.0;
    match scheme {
        Compared::Ring => (1.0 / 160.0 + noise).sqrt(),
        Compared::Ring1024 => (1.0 / 1_024.0 + noise).sqrt(),
        _ => noise.sqrt(),
    }
}

#[test]
fn figure_4s_floors_follow_their_formula() {
    let rows = keys_rows();
    let chart = series::keys(&rows);
    let floors: Vec<_> = chart
        .lines
        .iter()
        .filter(|l| l.dash == Dash::Dotted)
        .collect();
    assert_eq!(floors.len(), 4);
    for line in floors {
        let scheme = [
            Compared::Ring,
            Compared::Ring1024,
            Compared::Jump,
            Compared::Rendezvous,
        ]
        .into_iter()
        .find(|s| line.label == format!("{}, floor", s.title(160)))
        .unwrap();
        assert_eq!(line.points.len(), 3);
        for &(n, y) in &line.points {
            close(y, keys_floor(scheme, n));
        }
    }
}

/// The cells of a CSV's rows, by the header's column names.
fn columns(text: &str) -> Vec<Vec<(String, String)>> {
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().unwrap().split(',').collect();
    lines
        .map(|line| {
            header
                .iter()
                .zip(line.split(','))
                .map(|(h, c)| (h.to_string(), c.to_string()))
                .collect()
        })
        .collect()
}

fn cell<'a>(row: &'a [(String, String)], name: &str) -> &'a str {
    &row.iter().find(|(h, _)| h == name).unwrap().1
}

#[test]
fn figure_4s_csv_holds_the_floor_and_the_least_moved() {
    let rows = keys_rows();
    let text = keys_csv(&rows, ',');
    assert!(text.starts_with("scheme,servers,keys,spread,floor,max_over_mean,moved,least_moved\n"));
    let table = columns(&text);
    assert_eq!(table.len(), rows.len());
    for (row, (scheme, n, o)) in table.iter().zip(&rows) {
        let n = *n as f64;
        assert_eq!(cell(row, "scheme"), scheme.name());
        assert_numbers(cell(row, "servers"), &[n]);
        assert_numbers(cell(row, "keys"), &[100_000.0]);
        assert_numbers(cell(row, "spread"), &[o.spread]);
        assert_numbers(cell(row, "floor"), &[keys_floor(*scheme, n)]);
        assert_numbers(cell(row, "max_over_mean"), &[o.max_over_mean]);
        assert_numbers(cell(row, "moved"), &[o.moved as f64]);
        assert_numbers(cell(row, "least_moved"), &[100_000.0 / (n + 1.0)]);
    }
    // Figure 4's sentence: the least a join to 1,000 must move, K/(N+1), and the
    // binomial's spread of that count, sqrt(K p (1 - p)).
    let p = 1.0 / 1_001.0;
    let text = prose::keys(&rows).unwrap();
    let moved = 100_000 / 1_001 + 3;
    assert_numbers(
        &text,
        &[
            1_001.0,
            1_000.0,
            100_000.0,
            100_000.0 * p,
            (100_000.0 * p * (1.0 - p)).sqrt(),
            160.0,
            moved as f64,
            1_024.0,
            moved as f64,
            moved as f64,
            moved as f64,
        ],
    );
}

/// Figure 8: the cap line is 1 + ε, and the join's moves are read against the least,
/// K/(N+1) = 20,000/101, in the chart, the sentence and the CSV.
#[test]
fn figure_8s_cap_and_least_moved() {
    let least = 20_000.0 / 101.0;
    let rows: Vec<_> = [(0.05, 1.049, 2_000u64, 900u64), (0.5, 1.3, 300, 10)]
        .map(|(e, max, moved, pushed)| {
            let o = BoundedOutcome {
                max_over_mean: max,
                moved,
                pushed,
            };
            (e, o)
        })
        .to_vec();
    let chart = series::bounded(&rows);
    let cap = chart
        .lines
        .iter()
        .find(|l| l.label == "the cap, 1 + ε")
        .unwrap();
    assert_eq!(cap.points, [(0.05, 1.05), (0.5, 1.5)]);
    let ratio = chart
        .lines
        .iter()
        .find(|l| l.label.starts_with("keys moved on a join"))
        .unwrap();
    for (&(_, y), (_, o)) in ratio.points.iter().zip(&rows) {
        close(y, o.moved as f64 / least);
    }
    let text = prose::bounded(&rows).unwrap();
    assert_numbers(
        &text,
        &[
            20_000.0,
            100.0,
            least,
            0.05,
            1.049,
            1.05,
            900.0,
            2_000.0,
            2_000.0 / least,
            0.5,
            1.3,
            1.5,
            10.0,
            300.0,
            300.0 / least,
        ],
    );
    for (row, (e, o)) in columns(&bounded_csv(&rows, ',')).iter().zip(&rows) {
        assert_numbers(cell(row, "epsilon"), &[*e]);
        assert_numbers(cell(row, "servers"), &[100.0]);
        assert_numbers(cell(row, "keys"), &[20_000.0]);
        assert_numbers(cell(row, "max_over_mean"), &[o.max_over_mean]);
        assert_numbers(cell(row, "pushed"), &[o.pushed as f64]);
        assert_numbers(cell(row, "moved"), &[o.moved as f64]);
        assert_numbers(cell(row, "least_moved"), &[least]);
    }
}

#[test]
fn figure_5s_csv_says_the_points_and_the_rate() {
    let rows = [(Compared::Jump, 10, 1.2e6), (Compared::Ring, 100, 3_456.4)];
    let text = speed_csv(&rows, '\t');
    assert!(text.starts_with("scheme\tservers\tpoints\tlookups_per_second\n"));
    let table = columns(&text.replace('\t', ","));
    for (row, (scheme, n, rate)) in table.iter().zip(rows) {
        assert_eq!(cell(row, "scheme"), scheme.name());
        assert_numbers(cell(row, "servers"), &[n as f64]);
        assert_numbers(cell(row, "points"), &[160.0]);
        assert_numbers(cell(row, "lookups_per_second"), &[rate]);
    }
}

/// Figure 9: chance is 1/N and a join keeps N/(N+1), at 6 and 64, in the chart, the
/// sentence and the CSV; the sentence names the lowest and highest mixed pair.
#[test]
fn figure_9s_chance_and_join_lines() {
    use super::agree::{AgreeOutcome, Pair};
    let o = |same| AgreeOutcome { same, keys: 20_000 };
    let rows = vec![
        (Pair::Kafka, 6, o(3_406)),
        (Pair::Memcached, 6, o(3_388)),
        (Pair::Django, 6, o(3_316)),
        (Pair::Join, 6, o(17_274)),
        (Pair::Kafka, 64, o(314)),
        (Pair::Memcached, 64, o(322)),
        (Pair::Django, 64, o(340)),
        (Pair::Join, 64, o(19_678)),
    ];
    let chart = series::agree(&rows);
    let line = |label: &str| chart.lines.iter().find(|l| l.label == label).unwrap();
    assert_eq!(
        line("chance, 1/N").points,
        [(6.0, 1.0 / 6.0), (64.0, 1.0 / 64.0)]
    );
    assert_eq!(line("chance, 1/N").dash, Dash::Dotted);
    assert_eq!(
        line("a join in theory, N/(N+1)").points,
        [(6.0, 6.0 / 7.0), (64.0, 64.0 / 65.0)]
    );
    assert_eq!(
        line("Kafka Java / librdkafka").points,
        [(6.0, 3_406.0 / 20_000.0), (64.0, 314.0 / 20_000.0)]
    );
    let text = prose::agree(&rows).unwrap();
    assert_numbers(
        &text,
        &[
            6.0,
            3_316.0,
            3_406.0,
            20_000.0,
            0.1658,
            0.1703,
            1.0,
            6.0,
            1.0 / 6.0,
            17_274.0,
            0.8637,
            6.0,
            7.0,
            6.0 / 7.0,
            64.0,
            314.0,
            340.0,
            20_000.0,
            0.0157,
            0.017,
            1.0,
            64.0,
            1.0 / 64.0,
            19_678.0,
            0.9839,
            64.0,
            65.0,
            64.0 / 65.0,
        ],
    );
    for (row, (pair, n, o)) in columns(&agree_csv(&rows, ',')).iter().zip(&rows) {
        assert_eq!(cell(row, "pair"), pair.name());
        assert_numbers(cell(row, "servers_a"), &[*n as f64]);
        let second = if *pair == Pair::Join { n + 1 } else { *n };
        assert_numbers(cell(row, "servers_b"), &[second as f64]);
        assert_numbers(cell(row, "same"), &[o.same as f64]);
        assert_numbers(cell(row, "share"), &[o.same as f64 / 20_000.0]);
        let expected = if *pair == Pair::Join {
            *n as f64 / (*n as f64 + 1.0)
        } else {
            1.0 / *n as f64
        };
        assert_numbers(cell(row, "expected"), &[expected]);
    }
}

/// Figures 10 to 12: the dotted line is the most reusable share at every x; the
/// sentences read the rows they name; the CSV holds each row's settings and share.
#[test]
fn figures_10_to_12_read_their_rows() {
    use super::csv::llm_csv;
    use super::llm::{LlmFigure, LlmRouter, LlmRow};
    let row = |figure, router, x, reused, busiest_over_mean| LlmRow {
        figure,
        router,
        x,
        reused,
        blocks: 1_000,
        busiest_over_mean,
    };
    use LlmFigure::*;
    use LlmRouter::*;
    let rows = vec![
        row(Prefix, Ring, 1.0, 200, 8.0),
        row(Prefix, Ring, 2.0, 390, 1.125),
        row(Prefix, Ring, 4.0, 380, 1.5),
        row(Prefix, RoundRobin, 1.0, 100, 1.0),
        row(Prefix, CacheAware, 1.0, 350, 2.5),
        row(Bound, RingBounded, 1.05, 240, 1.01),
        row(Bound, RingBounded, 5.0, 370, 1.13),
        row(Bound, Ring, 1.05, 370, 1.13),
        row(Cache, Ring, 1_000.0, 170, 1.13),
        row(Cache, Ring, 100_000.0, 370, 1.13),
        row(Cache, RoundRobin, 1_000.0, 60, 1.0),
        row(Cache, RoundRobin, 100_000.0, 140, 1.0),
        row(Cache, CacheAware, 1_000.0, 120, 6.5),
        row(Cache, CacheAware, 100_000.0, 360, 2.4),
    ];
    let most = (400, 1_000);
    let chart = series::llm(&rows, most, Prefix);
    let bound = chart
        .lines
        .iter()
        .find(|l| l.label == "the most any router could")
        .unwrap();
    assert_eq!(bound.dash, Dash::Dotted);
    assert_eq!(bound.points, [(1.0, 0.4), (2.0, 0.4), (4.0, 0.4)]);
    let ring = chart
        .lines
        .iter()
        .find(|l| l.label == "ring on the first K blocks")
        .unwrap();
    assert_eq!(ring.points, [(1.0, 0.2), (2.0, 0.39), (4.0, 0.38)]);
    let cache = series::llm(&rows, most, Cache);
    assert_eq!(cache.lines.len(), 4);
    assert_eq!(cache.lines[0].points, [(1_000.0, 0.17), (100_000.0, 0.37)]);
    assert_numbers(
        &prose::llm(&rows, most, Prefix).unwrap(),
        &[
            8.0, 20_000.0, 0.2, 8.0, 2.0, 0.39, 390.0, 1_000.0, 1.125, 0.4, 400.0, 0.1, 1.0, 0.35,
            2.5,
        ],
    );
    assert_numbers(
        &prose::llm(&rows, most, Bound).unwrap(),
        &[
            2.0, 8.0, 20_000.0, 0.37, 370.0, 1_000.0, 1.13, 1.05, 0.24, 240.0, 1_000.0, 1.01, 5.0,
            0.37, 370.0, 1_000.0, 1.13, 0.4, 400.0,
        ],
    );
    assert_numbers(
        &prose::llm(&rows, most, Cache).unwrap(),
        &[
            2.0, 8.0, 0.17, 1_000.0, 0.37, 100_000.0, 0.06, 1_000.0, 0.14, 100_000.0, 0.12,
            1_000.0, 0.36, 100_000.0, 0.4, 400.0,
        ],
    );
    for figure in LlmFigure::ALL {
        let mine: Vec<&LlmRow> = rows.iter().filter(|r| r.figure == figure).collect();
        let table = columns(&llm_csv(&rows, most, figure, ','));
        assert_eq!(table.len(), mine.len());
        for (cells, r) in table.iter().zip(mine) {
            assert_eq!(cell(cells, "router"), r.router.name());
            let (k, c, cache) = match figure {
                Prefix => (r.x, None, 20_000.0),
                Bound => (2.0, (r.router == RingBounded).then_some(r.x), 20_000.0),
                Cache => (2.0, None, r.x),
            };
            if matches!(r.router, RoundRobin | CacheAware) {
                assert_eq!(cell(cells, "k"), "-");
            } else {
                assert_numbers(cell(cells, "k"), &[k]);
            }
            match c {
                Some(c) => assert_numbers(cell(cells, "c"), &[c]),
                None => assert_eq!(cell(cells, "c"), "-"),
            }
            assert_numbers(cell(cells, "cache_blocks"), &[cache]);
            assert_numbers(cell(cells, "share"), &[r.reused as f64 / 1_000.0]);
            assert_numbers(cell(cells, "most_reusable"), &[400.0]);
            assert_numbers(cell(cells, "busiest_over_mean"), &[r.busiest_over_mean]);
        }
    }
}
