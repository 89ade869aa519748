//! The `ringlab` command line driven as a user would: arguments, standard input, exit codes.

mod common;

use common::ringlab;
use std::process::Output;

fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).unwrap()
}

/// A reference file's header field and its rows joined as stdin.
fn vectors(text: &str) -> (String, Vec<(String, String)>) {
    let mut lines = text.lines();
    let header = lines.next().unwrap().to_string();
    let rows = lines
        .filter(|l| !l.is_empty())
        .map(|l| {
            let (key, answer) = l.split_once('\t').unwrap();
            (key.to_string(), answer.to_string())
        })
        .collect();
    (header, rows)
}

fn servers_of(header: &str) -> String {
    header
        .split(' ')
        .find_map(|p| p.strip_prefix("servers="))
        .unwrap()
        .to_string()
}

fn check_lookup_file(scheme: &str, text: &str) {
    let (header, rows) = vectors(text);
    let input: String = rows.iter().map(|(k, _)| format!("{k}\n")).collect();
    let servers = servers_of(&header);
    let out = ringlab(
        &["lookup", "--scheme", scheme, "--servers", &servers],
        &input,
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let expected: String = rows.iter().map(|(k, a)| format!("{k}\t{a}\n")).collect();
    assert_eq!(stdout(&out), expected);
}

#[test]
fn lookup_reads_stdin_and_matches_libmemcached() {
    check_lookup_file(
        "ketama",
        include_str!("../../core/tests/data/ketama_public_equal3.tsv"),
    );
    check_lookup_file(
        "ketama",
        include_str!("../../core/tests/data/ketama_public_weighted_defaultport.tsv"),
    );
}

#[test]
fn lookup_matches_nginx_and_prints_dash_for_the_empty_key() {
    check_lookup_file(
        "nginx",
        include_str!("../../core/tests/data/nginx_public_weighted3.tsv"),
    );
    let out = ringlab(
        &[
            "lookup",
            "--scheme",
            "nginx",
            "--servers",
            "127.0.0.1:7777,127.0.0.1:7778",
        ],
        "\n/g\n",
    );
    assert_eq!(stdout(&out), "\t-\n/g\t127.0.0.1:7777\n");
}

#[test]
fn lookup_matches_groupcache_with_http_pools_fifty_replicas_by_default() {
    let (header, rows) = vectors(include_str!(
        "../../core/tests/data/groupcache_public_http50_3.tsv"
    ));
    let nodes = header
        .split(' ')
        .find_map(|p| p.strip_prefix("nodes=["))
        .unwrap()
        .trim_end_matches(']')
        .replace('|', ",");
    let input: String = rows.iter().map(|(k, _)| format!("{k}\n")).collect();
    let expected: String = rows.iter().map(|(k, a)| format!("{k}\t{a}\n")).collect();
    let run = |extra: &[&str]| {
        let mut args = vec!["lookup", "--scheme", "groupcache", "--servers", &nodes];
        args.extend_from_slice(extra);
        ringlab(&args, &input)
    };
    let out = run(&[]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(stdout(&out), expected);
    assert_eq!(stdout(&run(&["--vnodes", "50"])), expected);
    assert_ne!(stdout(&run(&["--vnodes", "3"])), expected);
    // No weights in groupcache: refused, not ignored.
    let err = refused(
        &[
            "lookup",
            "--scheme",
            "groupcache",
            "--servers",
            "a=2,b",
            "k",
        ],
        "",
    );
    assert!(err.contains("groupcache has no weights"), "{err}");
}

#[test]
fn lookup_matches_spymemcached_with_its_hashes_and_weights() {
    // The public vectors: nodes named as Java 17 names resolved hosts.
    let servers = "mc-a/10.1.0.1:11211,mc-b/10.1.0.2:11211,mc-c/10.1.0.3:11311";
    let out = ringlab(
        &["lookup", "--scheme", "spymemcached", "--servers", servers],
        "apple\nuser:1\nключ\n",
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(
        stdout(&out),
        "apple\tmc-c/10.1.0.3:11311\nuser:1\tmc-a/10.1.0.1:11211\nключ\tmc-a/10.1.0.1:11211\n"
    );
    // spymemcached's own tests: FNV1A_32_HASH over five nodes.
    let five = "127.0.0.1:10000,127.0.0.1:10001,127.0.0.1:10002,127.0.0.1:10003,127.0.0.1:10004";
    let out = ringlab(
        &[
            "lookup",
            "--scheme",
            "spymemcached",
            "--hash",
            "fnv1a_32",
            "--servers",
            five,
        ],
        "dustin\nnoelani\nsome other key\n",
    );
    assert_eq!(
        stdout(&out),
        "dustin\t127.0.0.1:10002\nnoelani\t127.0.0.1:10001\nsome other key\t127.0.0.1:10004\n"
    );
    // A weight makes the locator weighted (LIBMEMCACHED names, weights 8 and 8).
    let out = ringlab(
        &[
            "lookup",
            "--scheme",
            "spymemcached",
            "--servers",
            "localhost=8,localhost:11212=8",
        ],
        "key1\nkey2\n",
    );
    assert_eq!(stdout(&out), "key1\tlocalhost:11212\nkey2\tlocalhost\n");
    // An unknown hash: one clear line, status 2.
    let err = refused(
        &[
            "lookup",
            "--scheme",
            "spymemcached",
            "--hash",
            "sha1",
            "--servers",
            "a",
            "k",
        ],
        "",
    );
    assert!(err.contains("use one of ketama, fnv1_32"), "{err}");
}

/// Writes `text` to a file of its own under the system's temporary directory.
fn temp_file(name: &str, text: &str) -> std::path::PathBuf {
    let path = std::env::temp_dir().join(format!("ringlab-{}-{name}", std::process::id()));
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn lookup_reads_an_haproxy_config_and_places_as_haproxy_did() {
    let config = temp_file(
        "haproxy.cfg",
        "global\n    maxconn 100\ndefaults\n    mode http\nbackend web\n    balance url_param k\n    hash-type consistent sdbm\n    server s1 127.0.0.1:9001 id 1 check\n    server s2 127.0.0.1:9002 id 2 check\n    server s3 127.0.0.1:9003 id 3 check\n",
    );
    let path = config.to_str().unwrap();
    // Every row of the real haproxy 2.6.12 run.
    let (_, rows) = vectors(include_str!(
        "../../core/tests/data/haproxy_public_equal3.tsv"
    ));
    let input: String = rows.iter().map(|(k, _)| format!("{k}\n")).collect();
    let out = ringlab(&["lookup", "--config", path], &input);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let expected: String = rows.iter().map(|(k, a)| format!("{k}\t{a}\n")).collect();
    assert_eq!(stdout(&out), expected);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("HAProxy backend \"web\" (3 servers, hash-type consistent sdbm)"),
        "{stderr}"
    );
    // Flags the config replaces get a note; keys as arguments work too.
    let out = ringlab(
        &[
            "lookup", "--config", path, "--scheme", "ring", "hello", "foo",
        ],
        "",
    );
    assert_eq!(stdout(&out), "hello\ts1\nfoo\ts2\n");
    assert!(String::from_utf8_lossy(&out.stderr).contains("--scheme ignored"));
    // A backend that does not hash, and a file that is not there: status 2.
    let other = temp_file(
        "haproxy-rr.cfg",
        "backend b\n  balance roundrobin\n  server s1 10.0.0.1:80\n",
    );
    let err = refused(&["lookup", "--config", other.to_str().unwrap(), "k"], "");
    assert!(err.contains("balance roundrobin is not read here"), "{err}");
    let err = refused(&["lookup", "--config", "/nonexistent/haproxy.cfg", "k"], "");
    assert!(err.contains("cannot read"), "{err}");
    // Without --config, --scheme and --servers are needed.
    let err = refused(&["lookup", "--scheme", "ring", "k"], "");
    assert!(
        err.contains("--scheme and --servers, or --config FILE"),
        "{err}"
    );
    let _ = std::fs::remove_file(config);
    let _ = std::fs::remove_file(other);
}

#[test]
fn lookup_reads_an_mcrouter_config_and_places_as_mcrouter_does() {
    // The pool and hash of mcrouter's own run in the vector file, written as a config.
    let config = temp_file(
        "mcrouter.json",
        r#"{
  // three memcached boxes, weighted, the tags their names
  "pools": { "main": {
    "servers": ["cache1.example:11211", "cache2.example:11211", "cache3.example:11211"],
    "tags": ["cache1.example:11211", "cache2.example:11211", "cache3.example:11211"],
    "weights": [1, 0.5, 0.2] } },
  "route": { "type": "PoolRoute", "pool": "main", "hash": "WeightedRendezvous" }
}"#,
    );
    let path = config.to_str().unwrap();
    // The file's keys are the bytes hashed; a routed key would lose a /region/cluster/
    // prefix, so those rows are left to the core's own vector test.
    let (_, rows) = vectors(include_str!(
        "../../core/tests/data/mcrouter_public_weighted-rendezvous_3.tsv"
    ));
    let rows: Vec<_> = rows
        .into_iter()
        .filter(|(k, _)| !k.starts_with('/') && !k.contains("|#|"))
        .collect();
    assert!(rows.len() > 90);
    let input: String = rows.iter().map(|(k, _)| format!("{k}\n")).collect();
    let out = ringlab(&["lookup", "--config", path], &input);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    let expected: String = rows.iter().map(|(k, a)| format!("{k}\t{a}\n")).collect();
    assert_eq!(stdout(&out), expected);
    assert!(
        stderr.contains(
            "mcrouter route over pool \"main\" (3 servers, hash_func WeightedRendezvous)"
        ),
        "{stderr}"
    );
    // A route type that does not hash: status 2 and the reason.
    let other = temp_file(
        "mcrouter-failover.json",
        r#"{ "pools": { "A": { "servers": ["a:1"] } }, "route": "FailoverRoute|Pool|A" }"#,
    );
    let err = refused(&["lookup", "--config", other.to_str().unwrap(), "k"], "");
    assert!(err.contains("route type FailoverRoute"), "{err}");
    let _ = std::fs::remove_file(config);
    let _ = std::fs::remove_file(other);
}

#[test]
fn slot_token_and_jump_match_the_real_systems() {
    for (command, text) in [
        (
            "slot",
            include_str!("../../core/tests/data/redis_slots.tsv"),
        ),
        (
            "token",
            include_str!("../../core/tests/data/cassandra_tokens.tsv"),
        ),
    ] {
        let (_, rows) = vectors(text);
        let input: String = rows.iter().map(|(k, _)| format!("{k}\n")).collect();
        let out = ringlab(&[command], &input);
        // The driver's raw Murmur3 gives the empty key 0; Cassandra's Murmur3Partitioner
        // gives it the minimum token, and so does ringlab (see SPECS.md).
        let answer = |k: &str, a: &str| match (command, k) {
            ("token", "") => i64::MIN.to_string(),
            _ => a.to_string(),
        };
        let expected: String = rows
            .iter()
            .map(|(k, a)| format!("{k}\t{}\n", answer(k, a)))
            .collect();
        assert_eq!(stdout(&out), expected, "{command}");
    }
    let out = ringlab(&["jump", "--buckets", "57", "42"], "");
    assert_eq!(stdout(&out), "42\t43\n");
    let out = ringlab(&["slot", "somekey", "foo{hash_tag}"], "");
    assert_eq!(stdout(&out), "somekey\t11058\nfoo{hash_tag}\t2515\n");
}

#[test]
fn replicas_are_distinct_and_racks_are_honoured() {
    let out = ringlab(
        &[
            "lookup",
            "--scheme",
            "ring",
            "--servers",
            "a,b,c,d",
            "--replicas",
            "2",
            "--racks",
            "x,x,y,y",
            "k1",
            "k2",
            "k3",
        ],
        "",
    );
    assert!(out.status.success());
    for line in stdout(&out).lines() {
        let (_, list) = line.split_once('\t').unwrap();
        let names: Vec<&str> = list.split(',').collect();
        assert_eq!(names.len(), 2);
        let rack = |n: &str| if n == "a" || n == "b" { "x" } else { "y" };
        assert_ne!(rack(names[0]), rack(names[1]), "{line}");
    }
    let out = ringlab(
        &[
            "lookup",
            "--scheme",
            "ring",
            "--servers",
            "a,b,c",
            "--replicas",
            "3",
            "--racks",
            "x,x,y",
            "k",
        ],
        "",
    );
    assert!(out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("fewer racks than replicas"));
}

/// `ringlab move --scheme S --from A --to B` next to the core's own figures for the same
/// servers and the same keys (`key:0`, `key:1`, ...): every line equal.
fn move_matches_the_core(scheme: &str, from: &str, to: &str, keys: usize) -> String {
    use ringlab_core::movement::{exact_moved_share_of, minimal_moved_share, movement};
    use ringlab_core::{build, parse_server_list, Options, SchemeKind};
    let keys_arg = keys.to_string();
    let out = ringlab(
        &[
            "move", "--scheme", scheme, "--from", from, "--to", to, "--keys", &keys_arg,
        ],
        "",
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = stdout(&out);
    let kind: SchemeKind = scheme.parse().unwrap();
    let (from, to) = (
        parse_server_list(from).unwrap(),
        parse_server_list(to).unwrap(),
    );
    let theory = match kind {
        SchemeKind::Modulo => {
            ringlab_core::analysis::theory::modulo_moved(from.len(), to.len()).value()
        }
        _ => minimal_moved_share(&from, &to),
    };
    let before = build(kind, from, &Options::default()).unwrap();
    let after = build(kind, to, &Options::default()).unwrap();
    let names: Vec<String> = (0..keys).map(|i| format!("key:{i}")).collect();
    let m = movement(before.as_ref(), after.as_ref(), &names);
    let mut expected = format!(
        "scheme\t{scheme}\nkeys\t{keys}\nmoved\t{}\nmeasured\t{:.6}\ntheory\t{theory:.6}\n",
        m.moved.len(),
        m.fraction()
    );
    if let Some(exact) = exact_moved_share_of(before.as_ref(), after.as_ref()) {
        expected.push_str(&format!("exact_share\t{exact:.6}\n"));
    }
    expected.push_str("\nfrom\tto\tkeys\n");
    for flow in m.flows() {
        let name = |n: Option<String>| n.unwrap_or_else(|| "-".into());
        expected.push_str(&format!(
            "{}\t{}\t{}\n",
            name(flow.from),
            name(flow.to),
            flow.keys
        ));
    }
    assert_eq!(text, expected);
    text
}

/// A line's value, `name<TAB>value`, if the text has the line.
fn field_if_any(text: &str, name: &str) -> Option<f64> {
    text.lines()
        .find_map(|l| l.strip_prefix(name)?.strip_prefix('\t'))
        .map(|v| v.parse().unwrap())
}

#[test]
fn move_reports_measured_theory_and_exact_share() {
    let text = move_matches_the_core("ring", "a,b,c,d", "a,b,c,d,e", 20_000);
    // Theory: a join moves 1/5 at least; on a ring exactly the newcomer's arcs, whose
    // share has a relative spread of about 1/sqrt(160) at 160 points (5 sigma allowed),
    // and the keys measure it within sampling error (5 binomial sigma).
    assert_eq!(field_if_any(&text, "theory"), Some(0.2));
    let exact = field_if_any(&text, "exact_share").expect("a ring has an exact share");
    assert!((exact - 0.2).abs() < 0.2 * 5.0 / 160f64.sqrt(), "{exact}");
    let measured = field_if_any(&text, "measured").unwrap();
    let sigma = (exact * (1.0 - exact) / 20_000.0).sqrt();
    assert!(
        (measured - exact).abs() < 5.0 * sigma,
        "{measured} vs {exact}"
    );
    let flows: Vec<&str> = text
        .lines()
        .skip_while(|l| !l.starts_with("from\t"))
        .skip(1)
        .collect();
    assert!(!flows.is_empty());
    assert!(
        flows.iter().all(|l| l.split('\t').nth(1) == Some("e")),
        "{text}"
    );

    // mod N: 8 of 9 keys move, and it has no exact share of a ring.
    let text = move_matches_the_core("modulo", "a,b,c,d,e,f,g,h", "a,b,c,d,e,f,g,h,i", 9_000);
    assert!(text.contains("theory\t0.888889"), "{text}");
    assert_eq!(field_if_any(&text, "exact_share"), None);
    let measured = field_if_any(&text, "measured").unwrap();
    assert!((measured - 8.0 / 9.0).abs() < 0.02, "{measured}");
}

const BUSIEST_SMALL: &[&str] = &[
    "experiment",
    "busiest",
    "--servers",
    "10",
    "--points",
    "1,2,4,...,16",
    "--rings",
    "20",
];

/// The core's busiest table for the same settings, as the command prints it.
fn busiest_table(
    trial: &ringlab_core::experiment::Busiest,
    servers: &[usize],
    points: &[u32],
    rings: u32,
) -> String {
    use ringlab_core::experiment::{grid, run};
    let rows = run(trial, &grid(servers, points, rings), None).unwrap();
    let mut text =
        String::from("servers\tpoints\trings\tmean_busiest\tp95_busiest\tspread_sqrt_points\n");
    for r in rows {
        text.push_str(&format!(
            "{}\t{}\t{}\t{:.4}\t{:.4}\t{:.4}\n",
            r.servers, r.points, r.rings, r.mean_busiest, r.p95_busiest, r.spread_sqrt_points
        ));
    }
    text
}

/// A table's column as numbers, one per row.
fn column(text: &str, name: &str) -> Vec<f64> {
    let mut lines = text.lines();
    let at = lines
        .next()
        .unwrap()
        .split('\t')
        .position(|c| c == name)
        .unwrap();
    lines
        .map(|l| l.split('\t').nth(at).unwrap().parse().unwrap())
        .collect()
}

#[test]
fn experiment_prints_the_documented_tsv() {
    use ringlab_core::analysis::theory::single_point_peak;
    use ringlab_core::experiment::{grid, run, BiggestCatcher, Busiest, Method, Placement};
    let out = ringlab(BUSIEST_SMALL, "");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = stdout(&out);
    // The core's own rows for the same settings and the default seed (1), to the digit.
    let uniform = |method| Busiest {
        seed: 1,
        method,
        placement: Placement::Uniform,
    };
    assert_eq!(
        text,
        busiest_table(&uniform(Method::Ring), &[10], &[1, 2, 4, 8, 16], 20)
    );
    let again = ringlab(BUSIEST_SMALL, "");
    assert_eq!(stdout(&again), text, "the same seed gives the same table");
    let mut other = BUSIEST_SMALL.to_vec();
    other.extend(["--seed", "7", "--method", "gamma"]);
    let trial = Busiest {
        seed: 7,
        ..uniform(Method::Gamma)
    };
    assert_eq!(
        stdout(&ringlab(&other, "")),
        busiest_table(&trial, &[10], &[1, 2, 4, 8, 16], 20)
    );
    let mut names = BUSIEST_SMALL.to_vec();
    names.extend(["--placement", "names"]);
    let trial = Busiest {
        placement: Placement::HashedNames,
        ..uniform(Method::Ring)
    };
    assert_eq!(
        stdout(&ringlab(&names, "")),
        busiest_table(&trial, &[10], &[1, 2, 4, 8, 16], 20)
    );

    // Theory: at one point each the busiest of 10 servers averages H_10 = 2.93 times its
    // fair share. Its ring-to-ring standard deviation is about 1.2 (the largest of 10
    // spacings), so 2,000 rings pin the mean within 4 * 1.2 / sqrt(2000) = 0.11.
    let peak = ringlab(
        &[
            "experiment",
            "busiest",
            "--servers",
            "10",
            "--points",
            "1",
            "--rings",
            "2000",
        ],
        "",
    );
    let mean = column(&stdout(&peak), "mean_busiest")[0];
    assert!((mean - single_point_peak(10)).abs() < 0.11, "{mean}");
    // And the spread times sqrt(V) near theory's sqrt((N - 1) V / (N V + 1)): the CV of 10
    // shares varies by about a quarter of itself from ring to ring, so a mean over 20
    // rings is within about 0.05 of it; 0.15 allowed.
    for (v, spread) in [1, 2, 4, 8, 16]
        .iter()
        .zip(column(&text, "spread_sqrt_points"))
    {
        let theory = (9.0 * f64::from(*v) / (10.0 * f64::from(*v) + 1.0)).sqrt();
        assert!(
            (spread - theory).abs() < 0.15,
            "V = {v}: {spread} vs {theory}"
        );
    }

    // The catcher: the core's rows to the digit, and at one point each the whole of the
    // leaver's one arc goes to its one successor (fraction exactly 1, one catcher).
    let out = ringlab(
        &[
            "experiment",
            "catcher",
            "--servers",
            "10",
            "--points",
            "1,16",
            "--rings",
            "10",
        ],
        "",
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = stdout(&out);
    let trial = BiggestCatcher {
        seed: 1,
        placement: Placement::Uniform,
    };
    let mut expected = String::from(
        "servers\tpoints\trings\tmean_biggest_catcher\tp95_biggest_catcher\tmean_catchers\n",
    );
    for r in run(&trial, &grid(&[10], &[1, 16], 10), None).unwrap() {
        expected.push_str(&format!(
            "{}\t{}\t{}\t{:.4}\t{:.4}\t{:.2}\n",
            r.servers,
            r.points,
            r.rings,
            r.mean_biggest_fraction,
            r.p95_biggest_fraction,
            r.mean_catchers
        ));
    }
    assert_eq!(text, expected);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[1], "10\t1\t10\t1.0000\t1.0000\t1.00");
    let (biggest, catchers) = (
        column(&text, "mean_biggest_catcher")[1],
        column(&text, "mean_catchers")[1],
    );
    // 16 arcs shared among at most 9 survivors: the biggest takes less than all, more
    // than an even share.
    assert!(biggest < 0.9 && biggest > 1.0 / 9.0, "{biggest}");
    assert!(catchers > 1.0 && catchers <= 9.0, "{catchers}");
}

#[test]
fn bad_input_gets_one_line_and_status_two() {
    let cases: &[&[&str]] = &[
        &["lookup", "--scheme", "nope", "--servers", "a", "k"],
        &["lookup", "--scheme", "ring", "--servers", "", "k"],
        &["lookup", "--scheme", "ring", "--servers", "a,a", "k"],
        &["lookup", "--scheme", "ring", "--servers", "a=0", "k"],
        &["lookup", "--scheme", "ring", "--servers", "a=x", "k"],
        &[
            "lookup",
            "--scheme",
            "ring",
            "--servers",
            "a",
            "--replicas",
            "0",
            "k",
        ],
        &[
            "lookup",
            "--scheme",
            "ring",
            "--servers",
            "a,b",
            "--racks",
            "x",
            "k",
        ],
        &[
            "lookup",
            "--scheme",
            "maglev",
            "--servers",
            "a",
            "--table",
            "8",
            "k",
        ],
        &["jump", "--buckets", "10", "12x"],
        &["jump", "--buckets", "0", "1"],
        &["jump", "--buckets", "-3", "1"],
        &["experiment", "busiest", "--points", "0"],
        &["frobnicate"],
    ];
    for args in cases {
        let out = ringlab(args, "");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.starts_with("ringlab: "), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
}

// ---- Hostile and careless input: one line on stderr and status 2, or a note ------------

/// Runs `ringlab`, expects the refusal: status 2 and one short line on stderr. Returns it.
fn refused(args: &[&str], stdin: &str) -> String {
    let out = ringlab(args, stdin);
    let err = String::from_utf8_lossy(&out.stderr).to_string();
    let shown: Vec<&str> = args.iter().map(|a| &a[..a.len().min(60)]).collect();
    assert_eq!(out.status.code(), Some(2), "{shown:?}: {err}");
    assert_eq!(err.lines().count(), 1, "{shown:?}: {err}");
    assert!(err.starts_with("ringlab: "), "{shown:?}: {err}");
    assert!(!err.contains("panicked"), "{shown:?}: {err}");
    assert!(err.len() < 400, "{shown:?}: {} bytes", err.len());
    assert!(out.stdout.is_empty(), "{shown:?}");
    err
}

/// A list of `count` servers named `prefix0`, `prefix1`, ..., each with `suffix`.
fn many(prefix: &str, count: usize, suffix: &str) -> String {
    let names: Vec<String> = (0..count).map(|i| format!("{prefix}{i}{suffix}")).collect();
    names.join(",")
}

const SCHEMES: [&str; 10] = [
    "ring",
    "ketama",
    "libketama",
    "nginx",
    "cassandra",
    "modulo",
    "jump",
    "rendezvous",
    "maglev",
    "redis",
];

#[test]
fn replicas_above_the_servers_are_capped_with_a_note() {
    for scheme in SCHEMES {
        for replicas in ["18446744073709551615", "4294967296", "4"] {
            let out = ringlab(
                &[
                    "lookup",
                    "--scheme",
                    scheme,
                    "--servers",
                    "a,b,c",
                    "--replicas",
                    replicas,
                    "k",
                ],
                "",
            );
            let err = String::from_utf8_lossy(&out.stderr);
            assert!(out.status.success(), "{scheme} {replicas}: {err}");
            assert_eq!(
                err.trim_end(),
                format!("ringlab: note: {replicas} replicas asked of 3 servers; lists hold 3"),
                "{scheme}"
            );
            let text = stdout(&out);
            let (_, list) = text.trim_end().split_once('\t').unwrap();
            let mut names: Vec<&str> = list.split(',').collect();
            names.sort_unstable();
            assert_eq!(names, ["a", "b", "c"], "{scheme}");
        }
    }
    refused(
        &[
            "lookup",
            "--scheme",
            "ring",
            "--servers",
            "a",
            "--replicas",
            "18446744073709551616",
            "k",
        ],
        "",
    );
    refused(
        &[
            "lookup",
            "--scheme",
            "ring",
            "--servers",
            "a",
            "--replicas",
            "-1",
            "k",
        ],
        "",
    );
}

#[test]
fn move_keys_beyond_the_limit_are_refused() {
    for keys in [
        "18446744073709551615",
        "1000000000000",
        "100000001",
        "0",
        "-5",
        "1e6",
    ] {
        let err = refused(
            &[
                "move", "--scheme", "ring", "--from", "a,b", "--to", "a,b,c", "--keys", keys,
            ],
            "",
        );
        assert!(err.contains("--keys"), "{err}");
        assert!(err.contains("from 1 to 100000000"), "{err}");
    }
}

#[test]
fn ring_points_and_weights_beyond_the_limits_are_refused() {
    let lookup = |scheme: &str, servers: &str, extra: &[&str]| {
        let mut args = vec!["lookup", "--scheme", scheme, "--servers", servers];
        args.extend_from_slice(extra);
        args.push("k");
        refused(&args, "")
    };
    let err = lookup("ring", "a,b", &["--vnodes", "1000000000"]);
    assert!(
        err.contains("2 billion points") && err.contains("10 million"),
        "{err}"
    );
    assert!(lookup("ring", "a,b", &["--vnodes", "5000001"]).contains("--vnodes"));
    for weight in [
        "10000000", "1e306", "1e308", "inf", "NaN", "-1", "0", "1e-7",
    ] {
        for scheme in SCHEMES {
            let err = lookup(scheme, &format!("a=2,b={weight}"), &[]);
            assert!(
                err.contains("a weight must be a number from 0.000001 to 1000000"),
                "{scheme} {weight}: {err}"
            );
        }
    }
    // nginx: 160 points per unit of weight, at most 1000 a server.
    let err = lookup("nginx", &many("n", 100, "=1000"), &[]);
    assert!(err.contains("16 million points"), "{err}");
    assert!(lookup("nginx", "a=1001", &[]).contains("at most 1000"));
    // cassandra: tokens per node times nodes.
    let err = lookup("cassandra", &many("c", 6600, ""), &["--tokens", "1536"]);
    assert!(err.contains("points over these servers"), "{err}");
    // The ring's own points stay within reach.
    let out = ringlab(
        &[
            "lookup",
            "--scheme",
            "ring",
            "--servers",
            "a=1000000,b=0.000001",
            "--vnodes",
            "1",
            "k",
        ],
        "",
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn experiment_work_and_settings_beyond_the_limits_are_refused() {
    let busiest = |extra: &[&str]| {
        let mut args = vec!["experiment", "busiest"];
        args.extend_from_slice(extra);
        refused(&args, "")
    };
    let err = busiest(&["--rings", "1000000"]);
    assert!(
        err.contains("10.5 hours") && err.contains("--rings"),
        "{err}"
    );
    let err = busiest(&["--points", "1,2,...,100000"]);
    assert!(err.contains("more than 1000 numbers"), "{err}");
    let err = busiest(&[
        "--method",
        "gamma",
        "--servers",
        "1,2,...,1000",
        "--points",
        "1,2,...,1000",
    ]);
    assert!(err.contains("1000000 settings"), "{err}");
    let err = busiest(&["--servers", "100000", "--points", "1000"]);
    assert!(err.contains("100 million points on one ring"), "{err}");
    busiest(&["--rings", "1000001"]);
    busiest(&["--rings", "0"]);
    refused(
        &["experiment", "catcher", "--servers", "1,2", "--points", "4"],
        "",
    );
}

#[test]
fn a_continuation_must_end_on_its_pattern() {
    for (servers, says) in [
        ("2,4,...,3", "must be larger than the one before it"),
        (
            "2,4,...,7",
            "7 is not on the pattern 2, 4, ... (adding 2 or multiplying by 2",
        ),
        ("1,2,4,...,1000", "(multiplying by 2 each time)"),
        ("10,20,30,...,55", "(adding 10 each time)"),
        ("1,2,...", "cannot end with ..."),
        ("...,4", "needs two numbers"),
        ("4,2,...,8", "increasing"),
    ] {
        let err = refused(
            &[
                "experiment",
                "busiest",
                "--servers",
                servers,
                "--rings",
                "1",
            ],
            "",
        );
        assert!(err.contains(says), "{servers}: {err}");
    }
    let out = ringlab(
        &[
            "experiment",
            "busiest",
            "--servers",
            "2,4,...,8",
            "--points",
            "1,3,...,7",
            "--rings",
            "2",
        ],
        "",
    );
    assert!(out.status.success());
    let servers_points: Vec<String> = stdout(&out)
        .lines()
        .skip(1)
        .map(|l| l.split('\t').take(2).collect::<Vec<_>>().join("x"))
        .collect();
    assert_eq!(
        servers_points,
        ["2x1", "2x3", "2x5", "2x7", "4x1", "4x3", "4x5", "4x7", "8x1", "8x3", "8x5", "8x7"]
    );
}

/// Starts a run, reads its first line of standard error, and stops it.
fn first_note(args: &[&str]) -> String {
    use std::io::{BufRead, BufReader};
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_ringlab"))
        .args(args)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("ringlab runs");
    let mut line = String::new();
    BufReader::new(child.stderr.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    child.kill().unwrap();
    child.wait().unwrap();
    line
}

#[test]
fn long_runs_print_an_estimate_first() {
    let line = first_note(&[
        "experiment",
        "busiest",
        "--servers",
        "1000",
        "--points",
        "1000",
        "--rings",
        "50000",
    ]);
    assert!(
        line.starts_with("ringlab: note: 50000 rings in 1 setting: estimated "),
        "{line}"
    );
    let (from, to) = (many("s", 500, ""), many("s", 501, ""));
    let line = first_note(&[
        "move",
        "--scheme",
        "rendezvous",
        "--from",
        &from,
        "--to",
        &to,
        "--keys",
        "2000000",
    ]);
    assert_eq!(
        line,
        "ringlab: note: 2 million keys under rendezvous: estimated 35 s on one thread\n"
    );
    // A short run says nothing.
    let out = ringlab(BUSIEST_SMALL, "");
    assert!(out.stderr.is_empty());
}

#[test]
fn errors_echo_long_input_shortened() {
    let key = "9".repeat(10_000_000);
    let err = refused(&["jump", "--buckets", "10"], &format!("{key}\n"));
    assert_eq!(
        err,
        format!(
            "ringlab: key \"{}...\" (10000000 characters) is not an unsigned 64-bit integer\n",
            &key[..40]
        )
    );
    let long = "x".repeat(100_000);
    let dashed = format!("--{}", &long[2..]);
    for args in [
        vec!["lookup", "--scheme", &long, "--servers", "a", "k"],
        vec![
            "lookup",
            "--scheme",
            "ring",
            "--servers",
            "a",
            "--replicas",
            &long,
            "k",
        ],
        vec![
            "lookup",
            "--scheme",
            "ring",
            "--servers",
            "a",
            "--vnodes",
            &long,
            "k",
        ],
        vec!["jump", "--buckets", &long, "1"],
        vec![&long],
        vec!["slot", &dashed],
    ] {
        let err = refused(&args, "");
        assert!(
            err.contains("(100000 characters)") || err.contains(" ... "),
            "{err}"
        );
    }
    // One argument holds at most 128 KiB on Linux.
    let names = format!("{0},{0}", &long[..60_000]);
    let err = refused(
        &["lookup", "--scheme", "ring", "--servers", &names, "k"],
        "",
    );
    assert!(err.contains("(60000 characters) is listed twice"), "{err}");
    let err = refused(
        &["lookup", "--scheme", "ring", "--servers", "a\nb,a\nb", "k"],
        "",
    );
    assert_eq!(err, "ringlab: server \"a\\nb\" is listed twice\n");
}

#[test]
fn codes_refuse_bad_buckets_and_keys() {
    for buckets in ["0", "4294967296", "18446744073709551616", "-3", "", "0x"] {
        let err = refused(&["jump", "--buckets", buckets, "1"], "");
        assert!(err.contains("--buckets"), "{err}");
    }
    let out = ringlab(
        &[
            "jump",
            "--buckets",
            "4294967295",
            "--",
            "0xffffffffffffffff",
        ],
        "",
    );
    assert!(out.status.success());
    // A key that reads like an error message is still an error, after the keys before it.
    let out = ringlab(&["jump", "--buckets", "57"], "42\nBroken pipe\n8\n");
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(stdout(&out), "42\t43\n");
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "ringlab: key \"Broken pipe\" is not an unsigned 64-bit integer\n"
    );
    for command in ["slot", "token"] {
        let out = ringlab(&[command], "");
        assert!(out.status.success() && out.stdout.is_empty(), "{command}");
    }
}

#[test]
fn scheme_knobs_and_server_lists_are_checked() {
    let lookup = |scheme: &str, servers: &str, extra: &[&str]| {
        let mut args = vec!["lookup", "--scheme", scheme, "--servers", servers];
        args.extend_from_slice(extra);
        args.push("k");
        args.iter().map(|s| s.to_string()).collect::<Vec<String>>()
    };
    let cases: Vec<(Vec<String>, &str)> = vec![
        (lookup("maglev", "a", &["--table", "8"]), "prime"),
        (
            lookup("maglev", "a", &["--table", "4194305"]),
            "from 1 to 4194304",
        ),
        (
            lookup("maglev", "a", &["--table", "18446744073709551616"]),
            "--table",
        ),
        (
            lookup("maglev", "a,b,c", &["--table", "2"]),
            "at least the number of servers",
        ),
        (
            lookup("cassandra", "a", &["--tokens", "0"]),
            "from 1 to 1536",
        ),
        (
            lookup("cassandra", "a", &["--tokens", "1537"]),
            "from 1 to 1536",
        ),
        (lookup("cassandra", "a=200", &[]), "3200"),
        (lookup("ring", "a", &["--vnodes", "0"]), "--vnodes"),
        (lookup("ring", "", &[]), "the server list is empty"),
        (lookup("ring", " , ", &[]), "empty name"),
        (lookup("ring", "a,,b", &[]), "empty name"),
        (lookup("ring", "a,b,a", &[]), "\"a\" is listed twice"),
        (
            lookup("ketama", "cache1,cache1:11211", &[]),
            "same address to ketama",
        ),
        (
            lookup("libketama", "h:11211,h", &[]),
            "same address to libketama",
        ),
        (
            lookup("nginx", "unix:/s,UNIX:/s", &[]),
            "same address to nginx",
        ),
        (lookup("redis", &many("r", 16385, ""), &[]), "16384"),
    ];
    for (args, says) in &cases {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let err = refused(&args, "");
        assert!(err.contains(says), "{says}: {err}");
    }
    // A knob for another scheme is ignored with a note; a server owning nothing gets one.
    let out = ringlab(
        &[
            "lookup",
            "--scheme",
            "ring",
            "--servers",
            "a",
            "--table",
            "7",
            "--tokens",
            "4",
            "k",
        ],
        "",
    );
    assert!(out.status.success());
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "ringlab: note: --table is for --scheme maglev; ring ignores it\n\
         ringlab: note: --tokens is for --scheme cassandra; ring ignores it\n"
    );
    let out = ringlab(
        &[
            "lookup",
            "--scheme",
            "ketama",
            "--servers",
            "a=1,b=1000000",
            "k",
        ],
        "",
    );
    assert!(out.status.success());
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "ringlab: note: server \"a\" owns no key under ketama: the weight is too small a share\n"
    );
}

#[test]
fn lookup_matches_grpc_envoy_twemproxy_and_envoy_maglev() {
    // gRPC C-core: the target as listed, repeats included (a repeat is weight).
    let (header, rows) = vectors(include_str!(
        "../../core/tests/data/grpc_ringhash_public.tsv"
    ));
    let target = header
        .split(' ')
        .find_map(|p| p.strip_prefix("target="))
        .unwrap();
    let input: String = rows.iter().map(|(k, _)| format!("{k}\n")).collect();
    let out = ringlab(
        &["lookup", "--scheme", "grpc-ring", "--servers", target],
        &input,
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let expected: String = rows.iter().map(|(k, a)| format!("{k}\t{a}\n")).collect();
    assert_eq!(stdout(&out), expected);

    check_lookup_file(
        "twemproxy",
        include_str!("../../core/tests/data/twemproxy_public_fnv1a64_weighted3.tsv"),
    );

    // A ring of 8192 asked: Envoy builds it, gRPC caps it at 4096, and "&y" differs.
    let owner = |args: &[&str]| {
        let mut all = vec!["lookup"];
        all.extend_from_slice(args);
        all.push("&y");
        let out = ringlab(&all, "");
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        stdout(&out)
    };
    let sizes = ["--min-ring-size", "8192", "--max-ring-size", "8192"];
    let two = ["--servers", "127.0.0.1:50081,127.0.0.1:50082"];
    let envoy: Vec<&str> = [&["--scheme", "envoy-ring"][..], &two, &sizes].concat();
    let grpc: Vec<&str> = [&["--scheme", "grpc-ring"][..], &two, &sizes].concat();
    assert_eq!(owner(&envoy), "&y\t127.0.0.1:50081\n");
    assert_eq!(owner(&grpc), "&y\t127.0.0.1:50082\n");
    let capped: Vec<&str> = [&grpc[..], &["--ring-size-cap", "8192"]].concat();
    assert_eq!(owner(&capped), "&y\t127.0.0.1:50081\n");

    // Envoy's Maglev Basic table (M = 7): "foo" is slot 3, host :91.
    let hosts: Vec<String> = (90..96).map(|p| format!("127.0.0.1:{p}")).collect();
    let hosts = hosts.join(",");
    let out = ringlab(
        &[
            "lookup",
            "--scheme",
            "envoy-maglev",
            "--servers",
            &hosts,
            "--table",
            "7",
            "foo",
        ],
        "",
    );
    assert_eq!(stdout(&out), "foo\t127.0.0.1:91\n");
}

#[test]
fn any_bytes_are_a_key_with_hex_and_nul_separated_input() {
    // Redis's slot of "foo", written in hex, printed back in hex.
    let out = ringlab(&["slot", "--hex", "666F6F"], "");
    assert_eq!(stdout(&out), "666f6f\t12182\n");
    // A Cassandra token of raw bytes from the datastax driver's tests.
    let out = ringlab(&["token", "--hex"], "fefefefefefefefe\n");
    assert_eq!(stdout(&out), "fefefefefefefefe\t-8927430733708461935\n");
    // NUL-separated: a key may hold a newline; records end with NUL.
    let out = ringlab(&["slot", "-0"], "a\nb\0foo\0");
    let a_b = ringlab(&["slot", "--hex", "610a62"], "");
    let slot_of_a_b = stdout(&a_b)
        .trim_end()
        .split('\t')
        .nth(1)
        .unwrap()
        .to_string();
    assert_eq!(
        out.stdout,
        format!("a\nb\t{slot_of_a_b}\0foo\t12182\0").into_bytes()
    );
    let out = ringlab(
        &[
            "lookup",
            "--scheme",
            "ring",
            "--servers",
            "x",
            "-0",
            "--hex",
        ],
        "00ff\0",
    );
    assert_eq!(out.stdout, b"00ff\tx\0".to_vec());
}

#[test]
fn the_new_schemes_refuse_bad_knobs_in_one_line() {
    let cases: &[(&[&str], &str)] = &[
        (
            &[
                "--scheme",
                "twemproxy",
                "--servers",
                "a,b",
                "--hash",
                "sha1",
            ],
            "not a twemproxy hash",
        ),
        (
            &["--scheme", "envoy-ring", "--servers", "a", "--hash", "md5"],
            "xxhash, murmur2",
        ),
        (
            &[
                "--scheme",
                "twemproxy",
                "--servers",
                "a,b",
                "--hash-tag",
                "{",
            ],
            "two characters",
        ),
        (
            &["--scheme", "twemproxy", "--servers", "h:11211,h"],
            "same address to twemproxy",
        ),
        (
            &["--scheme", "twemproxy", "--servers", "a=1.5"],
            "whole number",
        ),
        (
            &[
                "--scheme",
                "envoy-ring",
                "--servers",
                "a",
                "--min-ring-size",
                "10",
                "--max-ring-size",
                "5",
            ],
            "above max ring size",
        ),
        (
            &[
                "--scheme",
                "grpc-ring",
                "--servers",
                "a",
                "--min-ring-size",
                "0",
            ],
            "--min-ring-size",
        ),
        (
            &[
                "--scheme",
                "grpc-ring",
                "--servers",
                "a",
                "--ring-size-cap",
                "8388609",
            ],
            "--ring-size-cap",
        ),
        (
            &["--scheme", "envoy-ring", "--servers", "a,,b"],
            "empty name",
        ),
        (&["--scheme", "ring", "--servers", "a", "--hex"], "not hex"),
    ];
    for (args, says) in cases {
        let mut all = vec!["lookup"];
        all.extend_from_slice(args);
        all.push("k");
        let err = refused(&all, "");
        assert!(err.contains(says), "{says}: {err}");
    }
    // A knob another scheme reads is ignored with a note naming its readers.
    let out = ringlab(
        &[
            "lookup",
            "--scheme",
            "ring",
            "--servers",
            "a",
            "--hash",
            "md5",
            "k",
        ],
        "",
    );
    assert!(out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("--hash is for --scheme spymemcached, envoy-ring, twemproxy"),
        "{err}"
    );
}

#[test]
fn lookup_reads_nginx_twemproxy_envoy_configs_and_server_lists() {
    // The real nutcracker run's pool, as YAML with a second pool before it.
    let (header, rows) = vectors(include_str!(
        "../../core/tests/data/twemproxy_public_fnv1a64_weighted3.tsv"
    ));
    let lines = header
        .split_once("config=[")
        .unwrap()
        .1
        .split_once(']')
        .unwrap()
        .0;
    let mut yaml = String::from("other:\n  listen: 127.0.0.1:1\nbeta:\n  listen: 127.0.0.1:22121\n  distribution: ketama\n  auto_eject_hosts: false\n  servers:\n");
    for line in lines.split('|') {
        yaml.push_str(&format!("   - {line}\n"));
    }
    let pool = temp_file("nutcracker.yml", &yaml);
    let input: String = rows.iter().map(|(k, _)| format!("{k}\n")).collect();
    let out = ringlab(&["lookup", "--config", pool.to_str().unwrap()], &input);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let expected: String = rows.iter().map(|(k, a)| format!("{k}\t{a}\n")).collect();
    assert_eq!(stdout(&out), expected);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains(
            "twemproxy (nutcracker) YAML \"beta\" (3 servers, placed as twemproxy, hash fnv1a_64)"
        ),
        "{stderr}"
    );
    assert!(
        stderr.contains("not used: line 6: auto_eject_hosts"),
        "{stderr}"
    );
    let err = refused(
        &[
            "lookup",
            "--config",
            pool.to_str().unwrap(),
            "--pool",
            "gamma",
            "k",
        ],
        "",
    );
    assert!(err.contains("no pool named gamma"), "{err}");

    // nginx, as pingora's two-host test: names as written, the address answered.
    let nginx = temp_file(
        "nginx.conf",
        "http {\n  upstream u {\n    hash $request_uri consistent;\n    server 127.0.0.1:7777;\n    server 127.0.0.1:7778;\n  }\n}\n",
    );
    let out = ringlab(
        &[
            "lookup",
            "--config",
            nginx.to_str().unwrap(),
            "/some/path",
            "/g",
        ],
        "",
    );
    assert_eq!(
        stdout(&out),
        "/some/path\t127.0.0.1:7778\n/g\t127.0.0.1:7777\n"
    );
    let broken = temp_file(
        "broken.conf",
        "upstream u {\n  hash $k consistent;\n  server a weight=x;\n}\n",
    );
    let err = refused(&["lookup", "--config", broken.to_str().unwrap(), "k"], "");
    assert!(err.contains("line 3: weight=x"), "{err}");

    // An Envoy cluster with MAGLEV: Envoy's Basic table.
    let mut envoy = String::from("name: c\nlb_policy: MAGLEV\nmaglev_lb_config:\n  table_size: 7\nload_assignment:\n  endpoints:\n  - lb_endpoints:\n");
    for port in 90..96 {
        envoy.push_str(&format!("    - endpoint:\n        address:\n          socket_address: {{ address: 127.0.0.1, port_value: {port} }}\n"));
    }
    let cluster = temp_file("envoy.yaml", &envoy);
    let out = ringlab(
        &["lookup", "--config", cluster.to_str().unwrap(), "foo"],
        "",
    );
    assert_eq!(stdout(&out), "foo\t127.0.0.1:91\n");

    // A server list is placed by --scheme, and needs it.
    let list = temp_file(
        "servers.txt",
        "# memcached\n127.0.0.1:10000\n127.0.0.1:10001\n127.0.0.1:10002\n127.0.0.1:10003\n",
    );
    let out = ringlab(
        &[
            "lookup",
            "--config",
            list.to_str().unwrap(),
            "--scheme",
            "libketama",
            "dustin",
            "noelani",
        ],
        "",
    );
    assert_eq!(
        stdout(&out),
        "dustin\t127.0.0.1:10000\nnoelani\t127.0.0.1:10002\n"
    );
    let err = refused(&["lookup", "--config", list.to_str().unwrap(), "k"], "");
    assert!(
        err.contains("name the system that places it with --scheme"),
        "{err}"
    );
    for file in [pool, nginx, broken, cluster, list] {
        let _ = std::fs::remove_file(file);
    }
}

#[test]
fn move_between_two_configs_prints_every_moved_key_and_the_flows() {
    let before = temp_file(
        "move-a.cfg",
        "backend web\n  balance url_param k\n  hash-type consistent\n  server s1 10.0.0.1:80\n  server s2 10.0.0.2:80\n  server s3 10.0.0.3:80\n",
    );
    let after = temp_file(
        "move-b.cfg",
        "backend web\n  balance url_param k\n  hash-type consistent\n  server s1 10.0.0.1:80\n  server s2 10.0.0.2:80\n  server s3 10.0.0.3:80\n  server s4 10.0.0.4:80\n",
    );
    let keys: String = (0..200).map(|i| format!("user:{i}\n")).collect();
    let (a, b) = (before.to_str().unwrap(), after.to_str().unwrap());
    let out = ringlab(&["move", "--config", a, "--to-config", b], &keys);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = stdout(&out);
    let mut sections = text.split("\n\n");
    let summary = sections.next().unwrap();
    assert!(summary.starts_with("keys\t200\nmoved\t"), "{summary}");
    let moved: Vec<&str> = sections.next().unwrap().lines().collect();
    assert_eq!(moved[0], "key\tfrom\tto");
    // A join with the others' ids unchanged: every moved key goes to s4, and each one
    // is where lookup puts it under each config.
    assert!(moved.len() > 1);
    for line in &moved[1..] {
        let fields: Vec<&str> = line.split('\t').collect();
        assert_eq!(fields[2], "s4", "{line}");
        let look = |cfg: &str| stdout(&ringlab(&["lookup", "--config", cfg, fields[0]], ""));
        assert_eq!(look(a), format!("{}\t{}\n", fields[0], fields[1]));
        assert_eq!(look(b), format!("{}\ts4\n", fields[0]));
    }
    let count: usize = summary.lines().nth(1).unwrap()[6..].parse().unwrap();
    assert_eq!(count, moved.len() - 1);
    let flows = sections.next().unwrap();
    assert!(flows.starts_with("from\tto\tkeys\n"), "{flows}");
    let total: usize = flows
        .lines()
        .skip(1)
        .map(|l| l.rsplit('\t').next().unwrap().parse::<usize>().unwrap())
        .sum();
    assert_eq!(total, count);
    // One config without the other is refused.
    let err = refused(&["move", "--config", a, "k"], "");
    assert!(err.contains("move needs"), "{err}");
    let _ = std::fs::remove_file(before);
    let _ = std::fs::remove_file(after);
}

#[test]
fn bounded_replays_haproxys_bounded_loads() {
    let cfg = temp_file(
        "bounded.cfg",
        "backend web\n  balance url_param k\n  hash-type consistent\n  hash-balance-factor 125\n  server s1 10.0.0.1:80\n  server s2 10.0.0.2:80\n  server s3 10.0.0.3:80\n",
    );
    let path = cfg.to_str().unwrap();
    // Every request stays in flight: the hot key fills its server's slot and walks on.
    // T = 3: tot_slots = ceil(4 * 1.25) = 5 over W = 48, so slots 1, 2, 2; T = 4: 2, 2, 3.
    let out = ringlab(&["bounded", "--config", path], "hot\nhot\nhot\nhot\nhot\n");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let owner = stdout(&ringlab(&["lookup", "--config", path, "hot"], ""));
    let home = owner.trim_end().split('\t').nth(1).unwrap().to_string();
    let lines: Vec<String> = stdout(&out).lines().map(str::to_string).collect();
    assert_eq!(lines.len(), 5);
    assert_eq!(lines[0], format!("1\thot\t{home}"));
    let servers: std::collections::BTreeSet<&str> = lines[..3]
        .iter()
        .map(|l| l.rsplit('\t').next().unwrap())
        .collect();
    assert_eq!(
        servers.len(),
        3,
        "the first three go to three servers: {lines:?}"
    );
    // One in flight at a time: nothing is ever full, so every request goes home.
    let out = ringlab(
        &["bounded", "--config", path, "--in-flight", "1"],
        "hot\nhot\nhot\n",
    );
    assert_eq!(
        stdout(&out),
        format!("1\thot\t{home}\n2\thot\t{home}\n3\thot\t{home}\n")
    );
    // A factor HAProxy refuses, and a config that is not HAProxy's: one line, status 2.
    let bad = temp_file(
        "bounded-bad.cfg",
        "backend web\n  balance url_param k\n  hash-type consistent\n  hash-balance-factor 90\n  server s1 10.0.0.1:80\n",
    );
    let err = refused(&["bounded", "--config", bad.to_str().unwrap(), "k"], "");
    assert!(
        err.contains("line 4: hash-balance-factor 90 must be 0 (off) or from 101"),
        "{err}"
    );
    let nginx = temp_file(
        "bounded-nginx.conf",
        "upstream u { hash $k consistent; server a:1; }",
    );
    let err = refused(&["bounded", "--config", nginx.to_str().unwrap(), "k"], "");
    assert!(err.contains("bounded reads an HAProxy backend"), "{err}");
    for f in [cfg, bad, nginx] {
        let _ = std::fs::remove_file(f);
    }
}

#[test]
fn lookup_reads_redis_cluster_nodes_output() {
    // The real redis-cli --cluster create layout, written as CLUSTER NODES reports it.
    let nodes = temp_file(
        "nodes.txt",
        "\
aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa 127.0.0.1:33911@43911 master - 0 1 2 connected 5461-10922
bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb 127.0.0.1:33912@43912 master - 0 1 3 connected 10923-16383
cccccccccccccccccccccccccccccccccccccccc 127.0.0.1:33910@43910 myself,master - 0 0 1 connected 0-5460
dddddddddddddddddddddddddddddddddddddddd 127.0.0.1:33913@43913 slave cccccccccccccccccccccccccccccccccccccccc 0 1 1 connected
",
    );
    let path = nodes.to_str().unwrap();
    // somekey: slot 11058; {user}:1 and {user}:2 share a slot; foo: 12182.
    let out = ringlab(
        &[
            "lookup", "--config", path, "somekey", "{user}:1", "{user}:2", "a",
        ],
        "",
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let lines: Vec<String> = stdout(&out).lines().map(str::to_string).collect();
    assert_eq!(lines[0], "somekey\t127.0.0.1:33912");
    assert_eq!(lines[1].split('\t').nth(1), lines[2].split('\t').nth(1));
    // a: slot 15495.
    assert_eq!(lines[3], "a\t127.0.0.1:33912");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("Redis Cluster of 3 masters and 1 replicas"),
        "{stderr}"
    );
    assert!(!stderr.contains("not used"), "{stderr}");
    // A cluster with slots no master serves is down for them: said, status 2.
    let gap = temp_file(
        "nodes-gap.txt",
        "cccccccccccccccccccccccccccccccccccccccc 127.0.0.1:33910@43910 myself,master - 0 0 1 connected 0-5460\n",
    );
    let err = refused(&["lookup", "--config", gap.to_str().unwrap(), "k"], "");
    assert!(
        err.contains("slots 5461-16383 are served by no master"),
        "{err}"
    );
    let _ = std::fs::remove_file(nodes);
    let _ = std::fs::remove_file(gap);
}

#[test]
fn lookup_reads_nodetool_ring_output() {
    let ring = temp_file(
        "nodetool.txt",
        "\
Datacenter: dc1
==========
Address    Rack   Status State   Load       Owns   Token
                                                   6148914691236517204
10.0.0.1   rack1  Up     Normal  1.2 MiB    ?      -6148914691236517206
10.0.0.2   rack1  Up     Normal  1.1 MiB    ?      -2
10.0.0.3   rack1  Down   Normal  1.3 MiB    ?      6148914691236517204
",
    );
    let path = ring.to_str().unwrap();
    let keys = ["a", "user:42", "cart:7", "zzz", ""];
    let mut args = vec!["lookup", "--config", path];
    args.extend(keys);
    let out = ringlab(&args, "");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // Each key goes to the node of the first token at or after its own, wrapping.
    let tokens = [
        (-6148914691236517206i64, "10.0.0.1"),
        (-2, "10.0.0.2"),
        (6148914691236517204, "10.0.0.3"),
    ];
    for (line, key) in stdout(&out).lines().zip(keys) {
        let token: i64 = stdout(&ringlab(&["token", key], ""))
            .trim_end()
            .rsplit('\t')
            .next()
            .unwrap()
            .parse()
            .unwrap();
        let owner = tokens
            .iter()
            .find(|(t, _)| *t >= token)
            .unwrap_or(&tokens[0])
            .1;
        assert_eq!(line, format!("{key}\t{owner}"));
    }
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("Cassandra ring of 3 nodes and 3 tokens"),
        "{stderr}"
    );
    assert!(stderr.contains("10.0.0.3 is Down"), "{stderr}");
    let bad = temp_file(
        "nodetool-bad.txt",
        "Address Rack Status State Load Owns Token\n10.0.0.1 rack1 Up Normal 1 ? twelve\n",
    );
    let err = refused(&["lookup", "--config", bad.to_str().unwrap(), "k"], "");
    assert!(err.contains("line 2: twelve is not a token"), "{err}");
    let _ = std::fs::remove_file(ring);
    let _ = std::fs::remove_file(bad);
}

/// The number on the line `name<TAB>number` of `ringlab load`'s report.
fn field(text: &str, name: &str) -> f64 {
    text.lines()
        .find_map(|l| l.strip_prefix(&format!("{name}\t")))
        .unwrap_or_else(|| panic!("no {name} in {text}"))
        .parse()
        .unwrap()
}

#[test]
fn load_replays_haproxys_balance_factor_over_the_traffic() {
    let servers = many("s", 8, "");
    let base = [
        "load",
        "--scheme",
        "haproxy",
        "--servers",
        &servers,
        "--keys",
        "500",
        "--zipf",
        "1",
        "--hot-share",
        "0.3",
        "--in-flight",
        "32",
    ];
    let off = stdout(&ringlab(&base, ""));
    assert_eq!(field(&off, "pushed_keys"), 0.0);
    // The hot key's 30% sits on one server without the factor; with it, the requests
    // in flight spread and the busiest server comes down.
    assert!(field(&off, "max_over_mean") > 2.4, "{off}");
    let mut on = base.to_vec();
    on.extend(["--balance-factor", "125"]);
    let on = stdout(&ringlab(&on, ""));
    assert!(field(&on, "pushed_keys") > 0.0);
    assert!(
        field(&on, "max_over_mean") < field(&off, "max_over_mean"),
        "{on}"
    );
    for (extra, says) in [
        (
            vec!["--balance-factor", "90"],
            "hash-balance-factor must be 0 (off) or above 100",
        ),
        (vec!["--epsilon", "0.25"], "--epsilon is not HAProxy's rule"),
    ] {
        let mut args = base.to_vec();
        args.extend(extra);
        let out = ringlab(&args, "");
        assert_eq!(out.status.code(), Some(2));
        assert!(
            String::from_utf8_lossy(&out.stderr).contains(says),
            "{out:?}"
        );
    }
    let mut ring = base.to_vec();
    ring[2] = "ring";
    ring.extend(["--balance-factor", "125"]);
    let out = ringlab(&ring, "");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("use it with --scheme haproxy"));
}

#[test]
fn load_reports_per_server_requests_plain_and_bounded() {
    let servers = many("s", 16, "");
    let base = [
        "load",
        "--scheme",
        "ring",
        "--servers",
        &servers,
        "--keys",
        "1000",
        "--zipf",
        "0",
        "--qps",
        "100000",
        "--hot-share",
        "0.3",
    ];
    let out = ringlab(&base, "");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = stdout(&out);
    assert!(text.starts_with("server\tqps\tover_mean\n"), "{text}");
    let loads: f64 = text
        .lines()
        .skip(1)
        .take(16)
        .map(|l| l.split('\t').nth(1).unwrap().parse::<f64>().unwrap())
        .sum();
    assert!((loads - 100_000.0).abs() < 1.0, "{loads}");
    assert_eq!(field(&text, "mean"), 6250.0);
    // The hot key's 30,000 a second land on one server: over 4.8 times the mean.
    assert!(field(&text, "max") >= 30_000.0);
    assert_eq!(field(&text, "pushed_keys"), 0.0);
    // Bounded loads cap the keys per server, push some off home, and still cannot split
    // the hot key.
    let mut bounded = base.to_vec();
    bounded.extend(["--epsilon", "0.25"]);
    let text = stdout(&ringlab(&bounded, ""));
    assert_eq!(field(&text, "cap_keys"), 79.0); // ceil(1.25 * 1001 / 16)
    assert!(field(&text, "pushed_keys") > 0.0);
    assert!(field(&text, "max_over_mean") > 4.8);
    assert!(field(&text, "max_probes") >= 2.0);
    for (flag, value, says) in [
        ("--zipf", "2", "the Zipf exponent must be 0 to 1.5"),
        ("--hot-share", "1", "the hot key's share must be"),
        ("--epsilon", "-1", "--epsilon -1 is below 0"),
        ("--qps", "lots", "--qps \"lots\" is not a number"),
    ] {
        let mut args = base.to_vec();
        let at = args.iter().position(|a| *a == flag);
        match at {
            Some(i) => args[i + 1] = value,
            None => args.extend([flag, value]),
        }
        let err = refused(&args, "");
        assert!(err.contains(says), "{flag}: {err}");
    }
}

#[test]
fn maglev_prints_ciliums_and_katrans_tables_exactly() {
    for (system, text) in [
        (
            "cilium",
            include_str!("../../core/tests/data/cilium_public_weighted4_251.tsv"),
        ),
        (
            "katran-v2",
            include_str!("../../core/tests/data/katran_public_weighted4_251.tsv"),
        ),
    ] {
        let header = text.lines().next().unwrap();
        let servers = header
            .split(' ')
            .find_map(|part| part.strip_prefix("servers="))
            .unwrap();
        let output = ringlab(
            &[
                "maglev",
                "--system",
                system,
                "--table",
                "251",
                "--servers",
                servers,
            ],
            "",
        );
        assert!(output.status.success(), "{system}");
        let expected: String = text.lines().skip(1).map(|l| format!("{l}\n")).collect();
        assert_eq!(stdout(&output), expected, "{system}");
    }
    // Bad input: one line, exit 2.
    for args in [
        [
            "maglev",
            "--system",
            "cilium",
            "--table",
            "7",
            "--servers",
            "10.0.0.1:80",
        ],
        [
            "maglev",
            "--system",
            "katran",
            "--table",
            "7",
            "--servers",
            "10.0.0.1:80",
        ],
        [
            "maglev",
            "--system",
            "katran",
            "--table",
            "7",
            "--servers",
            "10.0.0.1=-1",
        ],
    ] {
        let output = ringlab(&args, "");
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&output.stderr);
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.starts_with("ringlab: "), "{err}");
    }
}

#[test]
fn lookup_places_as_mcrouters_weighted_rendezvous() {
    check_lookup_file(
        "mcrouter-weighted-rendezvous",
        include_str!("../../core/tests/data/mcrouter_public_weighted-rendezvous_3.tsv"),
    );
    let output = ringlab(
        &[
            "lookup",
            "--scheme",
            "mcrouter-ch3",
            "--servers",
            "a,b",
            "--replicas",
            "2",
            "k",
        ],
        "",
    );
    assert_eq!(output.status.code(), Some(2));
}

#[test]
fn lookup_places_as_envoys_rendezvous_policy() {
    let hosts: Vec<String> = (90..96).map(|p| format!("127.0.0.1:{p}")).collect();
    let output = ringlab(
        &[
            "lookup",
            "--scheme",
            "envoy-rendezvous",
            "--servers",
            &hosts.join(","),
            "foo",
        ],
        "",
    );
    assert_eq!(stdout(&output), "foo\t127.0.0.1:94\n");
    let output = ringlab(
        &[
            "lookup",
            "--scheme",
            "envoy-rendezvous",
            "--servers",
            &hosts.join(","),
        ],
        "\n",
    );
    assert_eq!(stdout(&output), "\t127.0.0.1:92\n");
}

#[test]
fn lookup_places_as_mcrouters_weighted_ch3() {
    let children: Vec<String> = (0..100).map(|i| format!("c{i}=0")).collect();
    let output = ringlab(
        &[
            "lookup",
            "--scheme",
            "mcrouter-weighted-ch3",
            "--servers",
            &children.join(","),
            "sample",
        ],
        "",
    );
    // mcrouter's zeroWeight test: every try refused, the last child tried, index 59.
    assert_eq!(stdout(&output), "sample\tc59\n");
    // A key of 200 bytes takes SpookyHash's long path: placed like any other, with every
    // weight 1 where Ch3 puts it.
    let long = "k".repeat(200);
    let output = ringlab(
        &[
            "lookup",
            "--scheme",
            "mcrouter-weighted-ch3",
            "--servers",
            "a,b",
            &long,
        ],
        "",
    );
    let ch3 = ringlab(
        &[
            "lookup",
            "--scheme",
            "mcrouter-ch3",
            "--servers",
            "a,b",
            &long,
        ],
        "",
    );
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(stdout(&output), stdout(&ch3));
}

/// The lab's whole-row figures print as TSV with the seed's figures in them: 16 of the
/// 560 ways to lose three of sixteen servers at one point each, the 3.2 MB ring at
/// N = 1000 and V = 200, and bounded loads that keep the busiest under its cap.
#[test]
fn the_labs_whole_row_experiments_print_their_tables() {
    let durability = stdout(&ringlab(&["experiment", "durability"], ""));
    let mut lines = durability.lines();
    assert_eq!(
        lines.next(),
        Some("points\treplica_sets\tp_loss_plain\tp_loss_rack_aware")
    );
    assert_eq!(lines.next(), Some("1\t16\t0.028571\t0.028571"));
    assert_eq!(durability.lines().count(), 11);
    let memory = stdout(&ringlab(&["experiment", "memory"], ""));
    assert!(
        memory.contains("\n1000\t200\t3200000\t3196800\t3196800000\n"),
        "{memory}"
    );
    let bounded = stdout(&ringlab(&["experiment", "bounded"], ""));
    for line in bounded.lines().skip(1) {
        let cells: Vec<&str> = line.split('\t').collect();
        let (epsilon, busiest): (f64, f64) = (cells[0].parse().unwrap(), cells[3].parse().unwrap());
        assert!(busiest <= 1.0 + epsilon + 1e-9, "{line}");
    }
}

/// Figure 9's counts are the keys `lookup --client` places alike with each client of the
/// pair: Kafka's two partitioners on 6 partitions, Django's two backends on 3 servers.
#[test]
fn experiment_agree_counts_what_lookup_places_alike() {
    let table = stdout(&ringlab(&["experiment", "agree"], ""));
    assert_eq!(
        table.lines().next(),
        Some("pair\ta\tb\tservers_a\tservers_b\tkeys\tsame\tshare\texpected")
    );
    assert_eq!(table.lines().count(), 41);
    let keys: String = (0..20_000).map(|i| format!("key-{i}\n")).collect();
    let answers = |args: &[&str]| -> Vec<String> {
        stdout(&ringlab(args, &keys))
            .lines()
            .map(|l| l.split('\t').nth(1).unwrap().to_string())
            .collect()
    };
    let pool = r#"["10.0.0.1:11211","10.0.0.2:11211","10.0.0.3:11211"]"#;
    for (pair, n, a, b) in [
        (
            "kafka",
            "6",
            answers(&["lookup", "--client", "kafka", "--partitions", "6"]),
            answers(&["lookup", "--client", "librdkafka", "--partitions", "6"]),
        ),
        (
            "django",
            "3",
            answers(&["lookup", "--client", "python-memcached", "--config", pool]),
            answers(&["lookup", "--client", "pymemcache", "--config", pool]),
        ),
    ] {
        let same = a.iter().zip(&b).filter(|(x, y)| x == y).count();
        let row = table
            .lines()
            .find(|l| l.starts_with(&format!("{pair}\t")) && l.split('\t').nth(3) == Some(n))
            .unwrap();
        assert_eq!(
            row.split('\t').nth(6),
            Some(same.to_string().as_str()),
            "{row}"
        );
    }
}
