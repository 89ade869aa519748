//! The `ringlab` command line driven as a user would: arguments, standard input, exit codes.

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn ringlab(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_ringlab"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("ringlab runs");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(stdin.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

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

#[test]
fn move_reports_measured_theory_and_exact_share() {
    let out = ringlab(
        &[
            "move",
            "--scheme",
            "ring",
            "--from",
            "a,b,c,d",
            "--to",
            "a,b,c,d,e",
            "--keys",
            "20000",
        ],
        "",
    );
    assert!(out.status.success());
    let text = stdout(&out);
    assert!(text.contains("theory\t0.200000"), "{text}");
    assert!(text.contains("exact_share\t"), "{text}");
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

    let out = ringlab(
        &[
            "move",
            "--scheme",
            "modulo",
            "--from",
            "a,b,c,d,e,f,g,h",
            "--to",
            "a,b,c,d,e,f,g,h,i",
        ],
        "",
    );
    assert!(
        stdout(&out).contains("theory\t0.888889"),
        "{}",
        stdout(&out)
    );
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

#[test]
fn experiment_prints_the_documented_tsv() {
    let out = ringlab(BUSIEST_SMALL, "");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = stdout(&out);
    let mut lines = text.lines();
    assert_eq!(
        lines.next(),
        Some("servers\tpoints\trings\tmean_busiest\tp95_busiest\tspread_sqrt_points")
    );
    assert_eq!(lines.count(), 5);
    let again = ringlab(BUSIEST_SMALL, "");
    assert_eq!(stdout(&again), text, "the same seed gives the same table");
    assert!(ringlab(
        &[
            "experiment",
            "catcher",
            "--servers",
            "10",
            "--points",
            "1,16",
            "--rings",
            "10"
        ],
        ""
    )
    .status
    .success());
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
