//! `ringlab route` on the real Mooncake conversation trace (data/mooncake/), driven as a
//! user would: its hash routers' workers are `ringlab lookup`'s for the prefix keys, its
//! cached counts are an independent replay's, and bad traces get one line and exit 2.

mod common;

use common::{ok, ringlab};

const TRACE: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../data/mooncake/conversation_trace.jsonl"
);

/// The trace's block ids, request by request, read here with serde_json.
fn blocks() -> Vec<Vec<u64>> {
    std::fs::read_to_string(TRACE)
        .unwrap()
        .lines()
        .map(|line| {
            let v: serde_json::Value = serde_json::from_str(line).unwrap();
            v["hash_ids"]
                .as_array()
                .unwrap()
                .iter()
                .map(|id| id.as_u64().unwrap())
                .collect()
        })
        .collect()
}

/// `--per-request` as (worker, cached) per request.
fn per_request(args: &[&str]) -> Vec<(String, usize)> {
    let mut all = vec!["route", "--trace", TRACE, "--per-request"];
    all.extend_from_slice(args);
    ok(&ringlab(&all, ""))
        .lines()
        .enumerate()
        .map(|(i, line)| {
            let cells: Vec<&str> = line.split('\t').collect();
            assert_eq!(cells[0], i.to_string());
            (cells[1].to_string(), cells[2].parse().unwrap())
        })
        .collect()
}

/// An independent replay of the cache rule, in another style: each worker's cache a
/// list, most recent first, scanned from the front.
fn cached_counts(blocks: &[Vec<u64>], workers: &[String], capacity: usize) -> Vec<usize> {
    let mut caches: std::collections::HashMap<&str, Vec<u64>> = Default::default();
    let mut counts = Vec::new();
    for (request, worker) in blocks.iter().zip(workers) {
        let cache = caches.entry(worker.as_str()).or_default();
        let mut run = 0;
        while run < request.len() && cache.contains(&request[run]) {
            run += 1;
        }
        counts.push(run);
        // Touched last to first: the first block ends up at the front.
        for block in request.iter().rev() {
            cache.retain(|b| b != block);
            cache.insert(0, *block);
            cache.truncate(capacity);
        }
    }
    counts
}

#[test]
fn hash_routers_place_as_lookup_does_and_caches_replay_independently() {
    let blocks = blocks();
    assert_eq!(blocks.len(), 12_031);
    let servers: Vec<String> = (0..8).map(|i| format!("worker-{i}")).collect();
    let servers = servers.join(",");
    for (router, k) in [("ring", 2usize), ("modulo", 1), ("ring", 1)] {
        let kk = k.to_string();
        let got = per_request(&[
            "--workers",
            "8",
            "--cache-blocks",
            "300",
            "--router",
            router,
            "--prefix-blocks",
            &kk,
        ]);
        assert_eq!(got.len(), blocks.len());
        let keys: String = blocks
            .iter()
            .map(|b| {
                let ids: Vec<String> = b.iter().take(k).map(u64::to_string).collect();
                format!("{}\n", ids.join(","))
            })
            .collect();
        let looked_up: Vec<String> = ok(&ringlab(
            &["lookup", "--scheme", router, "--servers", &servers],
            &keys,
        ))
        .lines()
        .map(|l| l.rsplit('\t').next().unwrap().to_string())
        .collect();
        let workers: Vec<String> = got.iter().map(|g| g.0.clone()).collect();
        assert_eq!(workers, looked_up, "{router} K = {k}");
        let cached: Vec<usize> = got.iter().map(|g| g.1).collect();
        assert_eq!(
            cached,
            cached_counts(&blocks, &workers, 300),
            "{router} K = {k}"
        );
    }
    // Round robin: worker i mod 8, and the same independent replay.
    let got = per_request(&[
        "--workers",
        "8",
        "--cache-blocks",
        "300",
        "--router",
        "round-robin",
    ]);
    let workers: Vec<String> = (0..blocks.len())
        .map(|i| format!("worker-{}", i % 8))
        .collect();
    assert_eq!(got.iter().map(|g| g.0.clone()).collect::<Vec<_>>(), workers);
    let cached: Vec<usize> = got.iter().map(|g| g.1).collect();
    assert_eq!(cached, cached_counts(&blocks, &workers, 300));
}

/// The issue's figures for 8 workers of 20,000 blocks: round robin reuses 13.5% of the
/// blocks, a ring on the first block sends everything to one worker, a ring on two
/// reuses 36.6% (the most any router could: 1 - 182,790 distinct / 288,500) with the
/// busiest at 1.13 times the mean.
#[test]
fn the_summary_says_the_reuse_and_the_busiest() {
    let distinct: std::collections::HashSet<u64> = blocks().into_iter().flatten().collect();
    assert_eq!(distinct.len(), 182_790);
    let summary = |router: &str, k: &str| {
        ok(&ringlab(
            &[
                "route",
                "--trace",
                TRACE,
                "--workers",
                "8",
                "--cache-blocks",
                "20000",
                "--router",
                router,
                "--prefix-blocks",
                k,
            ],
            "",
        ))
    };
    let rr = summary("round-robin", "1");
    assert!(
        rr.contains("blocks reused\t39,032 of 288,500 (13.5%)\n"),
        "{rr}"
    );
    assert!(rr.contains("busiest / mean requests\t1.00\n"), "{rr}");
    let one = summary("ring", "1");
    assert!(one.contains("busiest / mean requests\t8.00\n"), "{one}");
    let two = summary("ring", "2");
    assert!(
        two.contains("blocks reused\t105,650 of 288,500 (36.6%)\n"),
        "{two}"
    );
    assert!(two.contains("busiest / mean requests\t1.13\n"), "{two}");
    // No router can reuse a block the first time it is seen.
    assert!(105_650 <= 288_500 - distinct.len());
    assert_eq!(two.lines().filter(|l| l.starts_with("worker-")).count(), 8);
    // The same run twice prints the same.
    assert_eq!(two, summary("ring", "2"));
}

#[test]
fn joins_and_leaves_change_the_fleet_mid_trace() {
    let got = per_request(&[
        "--workers",
        "4",
        "--cache-blocks",
        "1000",
        "--router",
        "ring",
        "--join",
        "600000",
        "--leave",
        "worker-1@1200000",
    ]);
    let trace = std::fs::read_to_string(TRACE).unwrap();
    let times: Vec<u64> = trace
        .lines()
        .map(|l| {
            serde_json::from_str::<serde_json::Value>(l).unwrap()["timestamp"]
                .as_u64()
                .unwrap()
        })
        .collect();
    for ((worker, _), t) in got.iter().zip(&times) {
        if *t < 600_000 {
            assert_ne!(worker, "worker-4");
        }
        if *t >= 1_200_000 {
            assert_ne!(worker, "worker-1");
        }
    }
    assert!(got.iter().any(|g| g.0 == "worker-4"));
}

#[test]
fn bad_traces_and_fleets_get_one_line_and_exit_2() {
    let dir = std::env::temp_dir().join(format!("ringlab-route-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let good = r#"{"timestamp": 0, "input_length": 10, "output_length": 1, "hash_ids": [1]}"#;
    let long = format!("{good}\n{}\n", "x".repeat(2 << 20));
    for (name, text, says) in [
        (
            "broken",
            format!("{good}\n{{\"timestamp\": 1,\n"),
            "line 2: not a JSON object",
        ),
        (
            "missing",
            format!("{good}\n{{\"timestamp\": 1}}\n"),
            "line 2: no \"input_length\"",
        ),
        (
            "negative",
            r#"{"timestamp": 0, "input_length": -5, "output_length": 1, "hash_ids": []}"#
                .to_string(),
            "line 1: \"input_length\" is -5",
        ),
        ("long", long, "line 2: longer than 1048576 bytes"),
        (
            "huge",
            r#"{"timestamp": 0, "input_length": 2000000000000000, "output_length": 1, "hash_ids": []}"#.to_string(),
            "line 1: \"input_length\" is 2000000000000000, above the most read",
        ),
    ] {
        let path = dir.join(name);
        std::fs::write(&path, text).unwrap();
        let out = ringlab(
            &[
                "route",
                "--trace",
                path.to_str().unwrap(),
                "--workers",
                "2",
                "--cache-blocks",
                "9",
                "--router",
                "ring",
            ],
            "",
        );
        assert_eq!(out.status.code(), Some(2), "{name}");
        assert!(out.stdout.is_empty(), "{name}: nothing half-printed");
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(err.lines().count(), 1, "{name}: {err}");
        assert!(err.contains(says), "{name}: {err}");
    }
    for (args, says) in [
        (vec!["--router", "fastest"], "no router called \"fastest\""),
        (
            vec!["--router", "session"],
            "the session router needs session ids",
        ),
        (
            vec!["--router", "ring", "--leave", "worker-7@0"],
            "worker-7 cannot leave at 0 ms",
        ),
        (
            vec!["--router", "ring", "--leave", "seven"],
            "give worker-I@T",
        ),
        (
            vec!["--router", "ring-bounded", "--bound", "0.5"],
            "--bound 0.5: give a number from 1 to 100",
        ),
        (
            vec!["--router", "ring", "--prefill-rate", "0"],
            "--prefill-rate 0: give a number from 1 to",
        ),
        (
            vec!["--router", "ring", "--ms-per-token", "1e300"],
            "--ms-per-token 1e300: give a number from 0 to",
        ),
    ] {
        let mut all = vec![
            "route",
            "--trace",
            TRACE,
            "--workers",
            "2",
            "--cache-blocks",
            "9",
        ];
        all.extend(args);
        let out = ringlab(&all, "");
        assert_eq!(out.status.code(), Some(2), "{all:?}");
        assert!(out.stdout.is_empty());
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(err.contains(says), "{all:?}: {err}");
    }
    std::fs::remove_dir_all(&dir).ok();
}

/// `ringlab trace` writes sessions; the session router puts each on the worker
/// `lookup --client uhashring` gives its id, as vLLM's production-stack does.
#[test]
fn the_session_router_is_uhashring_on_the_session_id() {
    let text = ok(&ringlab(
        &[
            "trace",
            "--requests",
            "400",
            "--sessions",
            "30",
            "--seed",
            "3",
        ],
        "",
    ));
    assert_eq!(
        text,
        ok(&ringlab(
            &[
                "trace",
                "--requests",
                "400",
                "--sessions",
                "30",
                "--seed",
                "3"
            ],
            ""
        ))
    );
    let sessions: Vec<String> = text
        .lines()
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).unwrap();
            v["session_id"].as_str().unwrap().to_string()
        })
        .collect();
    assert_eq!(sessions.len(), 400);
    let out = ringlab(
        &[
            "route",
            "--trace",
            "-",
            "--workers",
            "5",
            "--cache-blocks",
            "100",
            "--router",
            "session",
            "--per-request",
        ],
        &text,
    );
    let workers: Vec<String> = ok(&out)
        .lines()
        .map(|l| l.split('\t').nth(1).unwrap().to_string())
        .collect();
    let config = r#"["worker-0","worker-1","worker-2","worker-3","worker-4"]"#;
    let keys: String = sessions.iter().map(|s| format!("{s}\n")).collect();
    let expected: Vec<String> = ok(&ringlab(
        &["lookup", "--client", "uhashring", "--config", config],
        &keys,
    ))
    .lines()
    .map(|l| l.rsplit('\t').next().unwrap().to_string())
    .collect();
    assert_eq!(workers, expected);
    for bad in [
        vec!["--zipf", "-1"],
        vec!["--rate", "0"],
        vec!["--requests", "0"],
    ] {
        let mut args = vec!["trace"];
        args.extend(bad.iter().copied());
        let out = ringlab(&args, "");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty());
    }
}

/// A gzipped trace (as the page fetches it) reads as the plain one: the same placements.
#[test]
fn a_gzipped_trace_routes_as_the_plain_one() {
    use std::io::Write;
    let plain = std::fs::read(TRACE).unwrap();
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    encoder.write_all(&plain).unwrap();
    let path = std::env::temp_dir().join(format!("ringlab-route-{}.jsonl.gz", std::process::id()));
    std::fs::write(&path, encoder.finish().unwrap()).unwrap();
    let args = [
        "--workers",
        "8",
        "--cache-blocks",
        "20000",
        "--router",
        "ring",
        "--prefix-blocks",
        "2",
    ];
    let gzipped = {
        let mut all = vec!["route", "--trace", path.to_str().unwrap(), "--per-request"];
        all.extend_from_slice(&args);
        ok(&ringlab(&all, ""))
    };
    std::fs::remove_file(&path).unwrap();
    let expected: Vec<String> = per_request(&args)
        .iter()
        .enumerate()
        .map(|(i, (w, c))| format!("{i}\t{w}\t{c}"))
        .collect();
    assert_eq!(gzipped.lines().collect::<Vec<_>>(), expected);
}
