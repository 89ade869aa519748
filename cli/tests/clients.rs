//! `ringlab lookup --client`, `ringlab agree` and `ringlab maglev --system go-maglev`,
//! driven as a user would, against the files the real libraries wrote.

mod common;

use common::{ok, ringlab};

/// A file's header field (`name=value`, no spaces in the value).
fn field<'a>(header: &'a str, name: &str) -> Option<&'a str> {
    let prefix = format!("{name}=");
    header
        .split(' ')
        .find_map(|p| p.strip_prefix(prefix.as_str()))
}

/// Runs `lookup --client` with the file's configuration on its keys and checks every line.
fn check(text: &str, client: &str, config: Option<&str>, options: Option<&str>) {
    let mut lines = text.lines();
    let header = lines.next().unwrap();
    let rows: Vec<&str> = lines.filter(|l| !l.is_empty()).collect();
    let input: String = rows
        .iter()
        .map(|r| format!("{}\n", r.split('\t').next().unwrap()))
        .collect();
    let mut args = vec!["lookup", "--client", client];
    if let Some(config) = config.or(field(header, "config")) {
        args.extend(["--config", config]);
    }
    if let Some(options) = options.or(field(header, "options")) {
        args.extend(["--options", options]);
    }
    if let Some(n) = field(header, "partitions") {
        args.extend(["--partitions", n]);
    }
    if let Some(dead) = field(header, "dead") {
        args.extend(["--dead", dead]);
    }
    let expected: String = rows.iter().map(|r| format!("{r}\n")).collect();
    assert_eq!(ok(&ringlab(&args, &input)), expected, "{client}");
}

macro_rules! data {
    ($name:literal) => {
        include_str!(concat!("../../core/tests/data/", $name))
    };
}

#[test]
fn every_public_client_file_through_the_command_line() {
    check(
        data!("clients_uhashring_public.tsv"),
        "uhashring",
        None,
        None,
    );
    check(data!("clients_hashring_public.tsv"), "hashring", None, None);
    let nodes = r#"["10.9.8.1:11211","10.9.8.2:11211","10.9.8.3:11211"]"#;
    check(
        data!("clients_hash-ring_public.tsv"),
        "hash_ring",
        Some(nodes),
        Some(r#"{"weights":{"10.9.8.2:11211":2}}"#),
    );
    check(
        data!("clients_pymemcache_public.tsv"),
        "pymemcache",
        None,
        Some(r#"{"allow_unicode_keys":true}"#),
    );
    check(
        data!("clients_python-memcached_public.tsv"),
        "python-memcached",
        None,
        None,
    );
    check(
        data!("clients_kafka-python_public.tsv"),
        "kafka-python",
        None,
        None,
    );
    check(
        data!("clients_kafkajs_public.tsv"),
        "kafkajs-legacy",
        None,
        None,
    );
    check(
        data!("clients_librdkafka_public.tsv"),
        "librdkafka",
        None,
        None,
    );
    let three = r#"["cache-one","cache-two","cache-three"]"#;
    check(
        data!("clients_consistent-hash_public.tsv"),
        "consistent-hash",
        Some(three),
        None,
    );
    check(
        data!("clients_go-redis-ring_public.tsv"),
        "go-redis-ring",
        None,
        None,
    );
    check(
        data!("clients_buraksezer-consistent_public.tsv"),
        "buraksezer-consistent",
        None,
        None,
    );
    check(
        data!("clients_buraksezer-consistent-v0_public.tsv"),
        "buraksezer-consistent-v0",
        None,
        None,
    );
    check(
        data!("clients_stathat-consistent_public.tsv"),
        "stathat-consistent",
        None,
        None,
    );
}

#[test]
fn failures_through_the_command_line() {
    check(
        data!("clients_python-memcached-dead_ringlab.tsv"),
        "python-memcached",
        None,
        None,
    );
    check(
        data!("clients_uhashring-ketama-removed_ringlab.tsv"),
        "uhashring",
        None,
        None,
    );
    check(
        data!("clients_pymemcache-removed_ringlab.tsv"),
        "pymemcache",
        None,
        None,
    );
    check(
        data!("clients_hashring-removed_ringlab.tsv"),
        "hashring",
        None,
        None,
    );
    check(
        data!("clients_consistent-hash-uniform-removed_ringlab.tsv"),
        "consistent-hash",
        None,
        None,
    );
}

#[test]
fn the_public_checks_of_specs() {
    let one = |args: &[&str], key: &str| ok(&ringlab(args, &format!("{key}\n")));
    let kafka = ["lookup", "--client", "kafka", "--partitions", "1000"];
    for (key, p) in [
        ("", 681),
        ("a", 524),
        ("ab", 434),
        ("abc", 107),
        ("123456789", 566),
    ] {
        assert_eq!(one(&kafka, key), format!("{key}\t{p}\n"));
    }
    let legacy = ["lookup", "--client", "kafkajs-legacy", "--partitions", "6"];
    assert_eq!(one(&legacy, "apple"), "apple\t4\n");
    let rdk = ["lookup", "--client", "librdkafka", "--partitions", "6"];
    assert_eq!(
        one(&rdk, ""),
        "\t(random)\n",
        "an empty key is random in consistent_random"
    );
    let pool = r#"["127.0.0.1:11211",["127.0.0.1:11212",2],"127.0.0.1:11213"]"#;
    let dead = [
        "lookup",
        "--client",
        "python-memcached",
        "--config",
        pool,
        "--dead",
        "127.0.0.1:11212",
    ];
    assert_eq!(one(&dead, "apple"), "apple\t127.0.0.1:11213\n");
    let readme =
        r#"{"PartitionCount":7,"ReplicationFactor":20,"Load":1.25,"Hasher":"xxhash.Sum64"}"#;
    let olric = r#"["node1.olric.com","node2.olric.com"]"#;
    for (client, to) in [
        ("buraksezer-consistent", "node1.olric.com"),
        ("buraksezer-consistent-v0", "node2.olric.com"),
    ] {
        let args = [
            "lookup",
            "--client",
            client,
            "--config",
            olric,
            "--options",
            readme,
        ];
        assert_eq!(one(&args, "apple"), format!("apple\t{to}\n"));
        assert_eq!(
            one(&args, "my-key"),
            "my-key\tnode2.olric.com\n",
            "the README"
        );
    }
    let stathat = [
        "lookup",
        "--client",
        "stathat-consistent",
        "--config",
        r#"["cacheA","cacheB","cacheC"]"#,
    ];
    assert_eq!(one(&stathat, "apple"), "apple\tcacheA\n");
    let redis =
        r#"{"cache-p1":"localhost:7201","cache-p2":"localhost:7202","cache-p3":"localhost:7203"}"#;
    let ring = ["lookup", "--client", "go-redis-ring", "--config", redis];
    assert_eq!(one(&ring, "pie:{apple}"), "pie:{apple}\tcache-p3\n");
    let seven: Vec<String> = (1..=7).map(|i| format!("\"10.0.0.{i}:11211\"")).collect();
    let seven = format!("[{}]", seven.join(","));
    let hashring = ["lookup", "--client", "hashring", "--config", &seven];
    assert!(ok(&ringlab(&hashring, "x\n")).starts_with("x\t10.0.0."));
}

#[test]
fn bad_input_is_one_line_and_exit_2() {
    for (args, says) in [
        (
            vec!["lookup", "--client", "memcache", "--config", "[]"],
            "unknown client",
        ),
        (
            vec!["lookup", "--client", "uhashring", "--config", "[1,"],
            "not valid JSON",
        ),
        (
            vec![
                "lookup",
                "--client",
                "uhashring",
                "--config",
                r#"["a"]"#,
                "--options",
                r#"{"x":1}"#,
            ],
            "no option \"x\"",
        ),
        (
            vec![
                "lookup",
                "--client",
                "consistent-hash",
                "--config",
                r#"["a","b"]"#,
            ],
            "Math.random",
        ),
        (vec!["lookup", "--client", "kafka"], "--partitions"),
        (
            vec![
                "lookup",
                "--client",
                "kafka",
                "--partitions",
                "6",
                "--dead",
                "1",
            ],
            "counts every partition",
        ),
        (
            vec![
                "lookup",
                "--client",
                "uhashring",
                "--config",
                r#"["a"]"#,
                "--dead",
                "b",
            ],
            "no server is named",
        ),
        (
            vec![
                "lookup",
                "--client",
                "uhashring",
                "--config",
                r#"["a"]"#,
                "--scheme",
                "ring",
            ],
            "--scheme is not for --client",
        ),
        (
            vec![
                "lookup",
                "--scheme",
                "ring",
                "--servers",
                "a",
                "--dead",
                "a",
            ],
            "are for --client",
        ),
        (
            vec![
                "agree",
                "--a",
                "kafka",
                "--b",
                "nosuch",
                "--partitions",
                "6",
            ],
            "neither a client",
        ),
        (
            vec![
                "maglev",
                "--system",
                "go-maglev",
                "--servers",
                "a,b",
                "--table",
                "7",
                "--dead",
                "5",
            ],
            "--dead",
        ),
        (
            vec![
                "maglev",
                "--system",
                "go-maglev",
                "--servers",
                "a=0,b",
                "--table",
                "7",
            ],
            "takes none",
        ),
    ] {
        let out = ringlab(&args, "k\n");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains(says), "{args:?}: {err}");
        assert_eq!(err.trim_end().lines().count(), 1, "{err}");
    }
}

/// `agree`'s counts, checked against two `lookup --client` runs compared line by line.
#[test]
fn agree_counts_what_two_lookups_show() {
    let servers = "10.0.0.1:11211,10.0.0.2:11211,10.0.0.3:11211,10.0.0.4:11211";
    let config = r#"["10.0.0.1:11211","10.0.0.2:11211","10.0.0.3:11211","10.0.0.4:11211"]"#;
    let keys: String = (0..2000).map(|i| format!("user:{i}\n")).collect();
    let path = std::env::temp_dir().join(format!("ringlab-agree-{}.txt", std::process::id()));
    std::fs::write(&path, keys.trim_end()).unwrap();
    let lookup = |client: &str, options: &str| {
        ok(&ringlab(
            &[
                "lookup",
                "--client",
                client,
                "--config",
                config,
                "--options",
                options,
            ],
            &keys,
        ))
    };
    let agree = |a: &str, a_options: &str| {
        ok(&ringlab(
            &[
                "agree",
                "--a",
                a,
                "--a-options",
                a_options,
                "--b",
                "hashring",
                "--servers",
                servers,
                "--keys",
                path.to_str().unwrap(),
                "--examples",
                "1",
            ],
            "",
        ))
    };
    let a = lookup("uhashring", "{}");
    let b = lookup("hashring", "{}");
    let same = a.lines().zip(b.lines()).filter(|(x, y)| x == y).count();
    let first = a.lines().zip(b.lines()).find(|(x, y)| x != y).unwrap();
    let out = agree("uhashring", "{}");
    assert!(out.contains("keys\t2000\n"), "{out}");
    assert!(
        out.contains(&format!("agree\t{same}\t{:.2}%\n", same as f64 / 20.0)),
        "{out}"
    );
    assert!(
        out.contains(&format!("disagree\t{}\t", 2000 - same)),
        "{out}"
    );
    let (key, pa) = first.0.split_once('\t').unwrap();
    let pb = first.1.split_once('\t').unwrap().1;
    assert!(
        out.contains(&format!("differ\t{key}\t{pa}\t{pb}\n")),
        "{out}"
    );
    assert!(
        out.contains(&format!("{} of 2000 reads", 2000 - same)),
        "{out}"
    );
    // uhashring's ketama makes hashring's points; only a key hashing exactly onto a point
    // could tell them apart (strictly after against at or after), and none of these does.
    let ketama = agree("uhashring", r#"{"hash_fn":"ketama"}"#);
    std::fs::remove_file(&path).ok();
    assert_eq!(lookup("uhashring", r#"{"hash_fn":"ketama"}"#), b);
    assert!(ketama.contains("agree\t2000\t100.00%\n"), "{ketama}");
}

#[test]
fn kafka_partitioners_disagree_on_most_keys() {
    let out = ok(&ringlab(
        &[
            "agree",
            "--a",
            "kafka",
            "--b",
            "librdkafka",
            "--partitions",
            "6",
            "--sample",
            "600",
        ],
        "",
    ));
    let keys: String = (0..600).map(|i| format!("user:{i}\n")).collect();
    let a = ok(&ringlab(
        &["lookup", "--client", "kafka", "--partitions", "6"],
        &keys,
    ));
    let b = ok(&ringlab(
        &["lookup", "--client", "librdkafka", "--partitions", "6"],
        &keys,
    ));
    let same = a.lines().zip(b.lines()).filter(|(x, y)| x == y).count();
    assert!(out.contains(&format!("agree\t{same}\t")), "{out}");
    assert!(
        same < 150,
        "CRC-32 and murmur2 agree by chance, about 1 in 6: {same}"
    );
    assert!(
        !out.contains("cache misses"),
        "partitions are not a cache: {out}"
    );
}

/// The README's finding: libmemcached's ketama and hashring differ only by the names of
/// the points of port 11211 servers.
#[test]
fn ketama_and_hashring_agree_once_told_the_default_port() {
    let servers = "10.0.0.1:11211,10.0.0.2:11211,10.0.0.3:11211";
    let run = |options: &str| {
        ok(&ringlab(
            &[
                "agree",
                "--a",
                "ketama",
                "--b",
                "hashring",
                "--b-options",
                options,
                "--servers",
                servers,
                "--sample",
                "3000",
            ],
            "",
        ))
    };
    let plain = run("{}");
    let told = run(r#"{"default port": 11211}"#);
    assert!(told.contains("agree\t3000\t100.00%\n"), "{told}");
    let same: usize = plain
        .lines()
        .find_map(|l| l.strip_prefix("agree\t"))
        .unwrap()
        .split('\t')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    assert!(same < 1500, "{plain}");
}

#[test]
fn go_maglev_through_the_command_line() {
    let text = data!("go-maglev_public_3_11.tsv");
    let expected: String = text.lines().skip(1).map(|l| format!("{l}\n")).collect();
    let out = ringlab(
        &[
            "maglev",
            "--system",
            "go-maglev",
            "--servers",
            "web-a:80,web-b:80,web-c:80",
            "--table",
            "11",
        ],
        "",
    );
    assert_eq!(ok(&out), expected);
    let rebuilt = ringlab(
        &[
            "maglev",
            "--system",
            "go-maglev",
            "--servers",
            "backend-0,backend-1,backend-2",
            "--table",
            "7",
            "--dead",
            "1",
        ],
        "",
    );
    let owners: Vec<String> = ok(&rebuilt)
        .lines()
        .map(|l| l.split('\t').nth(1).unwrap().to_string())
        .collect();
    assert_eq!(
        owners,
        [
            "backend-0",
            "backend-2",
            "backend-0",
            "backend-2",
            "backend-0",
            "backend-2",
            "backend-0"
        ]
    );
}
