//! Every bound the command line puts on its input, in one place, with the reasoning.
//!
//! The library builds whatever it is asked to; the command line is where a typo such as
//! `--vnodes 1000000000` or `--keys 18446744073709551615` arrives, so it checks the sizes
//! before anything is allocated and answers with one line on standard error (exit 2)
//! instead of a panic, an abort on memory or hours of silence. The numbers below were
//! measured with the release build on one core of a 2-core x86-64 machine (2025).
//!
//! Long runs that are within bounds get an estimate up front (see [`estimate_note`]) and a
//! progress bar when standard error is a terminal.

use ringlab_core::schemes::{
    cassandra, ketama, maglev, nginx, redis, ring, ring_hash, spymemcached, twemproxy,
};
use ringlab_core::{Options, SchemeKind, Server};

use crate::CliError;

// ---- Rings ---------------------------------------------------------------------------

/// The most points one ring may hold, summed over its servers: weight x `--vnodes` for
/// `ring`, four per MD5 digest for `ketama` and `libketama`, weight x 160 for `nginx`,
/// weight x `--tokens` for `cassandra`, and the table for `maglev`. A 10-million-point
/// ring takes about 2 s and 470 MB to build (`move` builds two); a billion would ask for
/// 48 GB. Real rings hold thousands to a few hundred thousand points.
pub const MAX_RING_POINTS: u64 = 10_000_000;

/// The smallest and largest server weight. Weights are relative: a million to one is
/// already far beyond any real cluster, and within this range every scheme computes
/// exactly (ketama's C `float` arithmetic, modulo's whole slots, weight x `--vnodes` points
/// without the library's clamping to one point or to `u32::MAX`). Beyond it a weight such
/// as `1e308` would silently become one point.
pub const MIN_WEIGHT: f64 = 1e-6;
pub const MAX_WEIGHT: f64 = 1e6;

// ---- Keys and output -----------------------------------------------------------------

/// The longest key read from standard input (a line). Redis allows keys of 512 MB but
/// nobody hashes those from a terminal; the bound stops `ringlab slot < /dev/zero` (one
/// endless line) from eating all memory.
pub const MAX_KEY_BYTES: usize = 64 << 20;

/// How much of a user's text an error message echoes, in characters. A 10 MB key that
/// `jump` cannot parse is shown as its first characters and its length.
pub const MAX_ECHO_CHARS: usize = 40;

/// The longest error message, in characters: a last guard for messages that quote input
/// the command line did not shorten itself (a library message, a clap error).
pub const MAX_MESSAGE_CHARS: usize = 300;

// ---- move ----------------------------------------------------------------------------

/// `move --keys`: keys are generated and compared in batches, so memory stays flat; the
/// bound is on time. 100 million keys take one to two minutes on the fast schemes.
pub const MAX_MOVE_KEYS: u64 = 100_000_000;

/// `move`: the work of one generated key (its name, two lookups, the comparison) in
/// [work units](WORK_PER_SECOND), for every scheme but `rendezvous`, whose lookup
/// scores every server (one unit each) on top of this. Measured: 0.3 to 1.4 us a key.
pub const MOVE_KEY_WORK: u64 = 60;

/// `move`: keys per batch between progress reports.
pub const MOVE_BATCH: usize = 1 << 16;

// ---- experiment ----------------------------------------------------------------------

/// `experiment --servers`: server counts per setting.
pub const MAX_EXPERIMENT_SERVERS: u64 = 100_000;

/// `experiment --points`: points per server.
pub const MAX_EXPERIMENT_POINTS: u64 = 100_000;

/// `experiment --rings`: rings per setting.
pub const MAX_RINGS: u64 = 1_000_000;

/// The most numbers one list may hold once its `...` are continued (`1,2,...,100000`
/// would be 100,000 settings).
pub const MAX_LIST_ITEMS: usize = 1_000;

/// The most settings (server counts x points per server) of one experiment. The lab's
/// table has 33.
pub const MAX_SETTINGS: usize = 1_000;

/// An experiment ring's fixed cost (its generator, its summary) in work units, on top of
/// its points: a million rings of ten points take 1.7 s, not 0.2 s.
pub const RING_WORK: u64 = 100;

/// `--placement names` hashes a name for every point: measured 2.3 times the cost of a
/// uniform random position; counted as 2.
pub const NAMES_WORK: u64 = 2;

/// Experiment memory: bytes of scratch per ring point per thread (measured 16), and the
/// most the threads may use together; threads beyond it are not started.
pub const SCRATCH_BYTES_PER_POINT: u64 = 16;
pub const SCRATCH_BUDGET_BYTES: u64 = 2 << 30;

// ---- Work and time -------------------------------------------------------------------

/// One work unit is placing and sorting one ring point (experiments) or scoring one
/// server (rendezvous); one core does about 65 million a second.
pub const WORK_PER_SECOND: u64 = 60_000_000;

/// The most work one command may ask for: 100 billion units, about half an hour on one
/// core. `experiment busiest --rings 1000000` with the default lists would be 2.3 trillion
/// (eleven hours); the default run is 0.9 billion.
pub const MAX_WORK: u64 = 100_000_000_000;

/// Runs estimated to take longer than this get the estimate on standard error first.
pub const NOTE_AFTER_SECONDS: f64 = 10.0;

// ---- Parsers for clap ----------------------------------------------------------------

/// A whole number from `min` to `max`, as the message for a value parser.
fn whole(text: &str, min: u64, max: u64) -> Result<u64, String> {
    match text.trim().parse::<u64>() {
        Ok(value) if (min..=max).contains(&value) => Ok(value),
        _ => Err(format!("must be a whole number from {min} to {max}")),
    }
}

/// `--vnodes`: at least 1; the ring's total is bounded by [`MAX_RING_POINTS`].
pub fn vnodes(text: &str) -> Result<u32, String> {
    whole(text, 1, u64::from(u32::MAX)).map(|v| v as u32)
}

/// `--tokens`: Cassandra's own bound on `num_tokens`.
pub fn tokens(text: &str) -> Result<u32, String> {
    whole(text, 1, u64::from(cassandra::MAX_NUM_TOKENS)).map(|v| v as u32)
}

/// `--table`: at most the library's bound; that it is a prime, and at least the number of
/// servers, is checked when the table is built.
pub fn table(text: &str) -> Result<u64, String> {
    whole(text, 1, maglev::MAX_TABLE_SIZE)
}

/// `--min-ring-size`, `--max-ring-size`, `--ring-size-cap`: Envoy's bound on both sizes
/// (min above max is refused when the ring is built).
pub fn ring_size(text: &str) -> Result<u64, String> {
    whole(text, 1, ring_hash::ENVOY_MAX_RING_SIZE)
}

/// `--replicas`: at least 1; more than the servers is capped with a note by `lookup`.
pub fn replicas(text: &str) -> Result<usize, String> {
    match text.trim().parse::<u64>() {
        Ok(value) if value >= 1 => Ok(usize::try_from(value).unwrap_or(usize::MAX)),
        _ => Err("must be a whole number, at least 1".into()),
    }
}

/// `move --keys`.
pub fn move_keys(text: &str) -> Result<u64, String> {
    whole(text, 1, MAX_MOVE_KEYS)
}

/// `experiment --rings`.
pub fn rings(text: &str) -> Result<u32, String> {
    whole(text, 1, MAX_RINGS).map(|v| v as u32)
}

// ---- Checks --------------------------------------------------------------------------

/// What a server list must satisfy beyond the library's own checks (names non-empty and
/// distinct, weights positive): weights within [`MIN_WEIGHT`]..=[`MAX_WEIGHT`], no two
/// names that the scheme hashes as the same server, and at most [`MAX_RING_POINTS`]
/// points.
pub fn check_servers(
    kind: SchemeKind,
    servers: &[Server],
    options: &Options,
) -> Result<(), CliError> {
    for server in servers {
        if !(MIN_WEIGHT..=MAX_WEIGHT).contains(&server.weight) {
            return Err(CliError::new(format!(
                "server {} has weight {}: {}",
                shorten(&server.name),
                number(server.weight),
                WEIGHT_RULE
            )));
        }
    }
    check_same_address(kind, servers)?;
    let points = ring_points(kind, servers, options);
    if points > MAX_RING_POINTS {
        return Err(CliError::new(format!(
            "{kind} would place {} points over these servers; the limit is {} ({})",
            count(points),
            count(MAX_RING_POINTS),
            match kind {
                SchemeKind::Ring => "lower --vnodes or the weights",
                SchemeKind::Groupcache => "lower --vnodes or use fewer servers",
                SchemeKind::Cassandra => "lower --tokens or the weights",
                _ => "use fewer servers",
            }
        )));
    }
    Ok(())
}

/// What the weight message says a weight must be.
pub const WEIGHT_RULE: &str = "a weight must be a number from 0.000001 to 1000000";

/// How many points (or table entries) the scheme would build over these servers, from
/// the library's own rules; counts the library refuses anyway (an nginx weight above
/// 1000, more than 1536 Cassandra tokens on a node, a Maglev table above its bound) are
/// left to its more precise message.
pub fn ring_points(kind: SchemeKind, servers: &[Server], options: &Options) -> u64 {
    use ketama::Rule;
    let total_weight: f64 = servers.iter().map(|s| s.weight).sum();
    let n = servers.len();
    let sum = |f: &dyn Fn(&Server) -> u64| servers.iter().map(f).fold(0u64, u64::saturating_add);
    match kind {
        SchemeKind::Ring => sum(&|s| u64::from(ring::points_for(s.weight, options.vnodes))),
        SchemeKind::Ketama => sum(&|s| {
            u64::from(ketama::Libmemcached::digests(s.weight, total_weight, n))
                * u64::from(ketama::POINTS_PER_DIGEST)
        }),
        SchemeKind::Libketama | SchemeKind::KetamaSpy => sum(&|s| {
            u64::from(ketama::LastFm::digests(s.weight, total_weight, n))
                * u64::from(ketama::POINTS_PER_DIGEST)
        }),
        SchemeKind::Nginx => sum(&|s| {
            u64::from(nginx::whole_weight(s.weight).min(nginx::MAX_WEIGHT))
                * u64::from(nginx::POINTS_PER_WEIGHT)
        }),
        SchemeKind::Cassandra => sum(&|s| {
            u64::from(
                cassandra::tokens_for(s.weight, options.cassandra_tokens)
                    .min(cassandra::MAX_NUM_TOKENS),
            )
        }),
        SchemeKind::Groupcache => (n as u64).saturating_mul(u64::from(options.vnodes)),
        SchemeKind::Spymemcached if options.spymemcached_weighted => sum(&|s| {
            u64::from(ketama::Libmemcached::digests(s.weight, total_weight, n))
                * u64::from(ketama::POINTS_PER_DIGEST)
        }),
        SchemeKind::Spymemcached => n as u64 * u64::from(spymemcached::REPETITIONS),
        SchemeKind::Twemproxy => n as u64 * u64::from(twemproxy::POINTS_PER_SERVER),
        // The running sums stop within one point of the largest size, per endpoint.
        SchemeKind::EnvoyRing | SchemeKind::GrpcRing => {
            let sizes = options.ring_sizes(kind == SchemeKind::GrpcRing);
            let max = sizes.cap.map_or(sizes.max, |cap| sizes.max.min(cap));
            max.saturating_add(n as u64)
        }
        SchemeKind::Maglev => options.maglev_table.min(maglev::MAX_TABLE_SIZE),
        SchemeKind::Redis => redis::SLOT_COUNT as u64,
        SchemeKind::Modulo
        | SchemeKind::Jump
        | SchemeKind::Rendezvous
        | SchemeKind::EnvoyRendezvous => n as u64,
    }
}

/// ketama, libketama and nginx hash an address, not the name as written: `cache1` and
/// `cache1:11211` are one memcached server, and two copies of it would get the same
/// points, the second owning nothing. Refused like any other duplicate.
fn check_same_address(kind: SchemeKind, servers: &[Server]) -> Result<(), CliError> {
    use ketama::Rule;
    let address = |name: &str| -> Option<Vec<u8>> {
        match kind {
            SchemeKind::Ketama => Some(ketama::Libmemcached::point_name(name, 0).into_bytes()),
            SchemeKind::Libketama => Some(ketama::LastFm::point_name(name, 0).into_bytes()),
            SchemeKind::KetamaSpy => {
                Some(format!("/{}", ketama::LastFm::point_name(name, 0)).into_bytes())
            }
            SchemeKind::Nginx => {
                let (host, port) = nginx::split_host_port(name);
                Some([host, b"\0", port].concat())
            }
            SchemeKind::Twemproxy => Some(twemproxy::hashed_name(name).as_bytes().to_vec()),
            _ => None,
        }
    };
    let mut seen = std::collections::HashMap::new();
    for server in servers {
        let Some(key) = address(&server.name) else {
            return Ok(());
        };
        if let Some(first) = seen.insert(key, server.name.as_str()) {
            return Err(CliError::new(format!(
                "servers {} and {} are the same address to {kind}, which would give them \
                 the same points",
                shorten(first),
                shorten(&server.name)
            )));
        }
    }
    Ok(())
}

/// Refuses work above [`MAX_WORK`], saying what it would take and what to lower.
pub fn check_work(work: u64, what: &str, advice: &str) -> Result<(), CliError> {
    if work > MAX_WORK {
        return Err(CliError::new(format!(
            "{what} would take about {} on one core (work {}; the limit is {}): {advice}",
            duration(seconds(work, 1)),
            count(work),
            count(MAX_WORK)
        )));
    }
    Ok(())
}

/// Estimated seconds for `work` units on `threads` threads.
pub fn seconds(work: u64, threads: usize) -> f64 {
    work as f64 / (WORK_PER_SECOND as f64 * threads.max(1) as f64)
}

/// The note printed before a run estimated to take longer than [`NOTE_AFTER_SECONDS`].
pub fn estimate_note(work: u64, threads: usize, what: &str) -> Option<String> {
    let secs = seconds(work, threads);
    (secs > NOTE_AFTER_SECONDS).then(|| {
        let on = if threads == 1 {
            "one thread".to_string()
        } else {
            format!("{threads} threads")
        };
        format!("note: {what}: estimated {} on {on}", duration(secs))
    })
}

// ---- Formatting ----------------------------------------------------------------------

/// User text as an error message quotes it: in quotes with escapes (one line whatever it
/// holds), cut to [`MAX_ECHO_CHARS`] characters with its length when longer.
pub fn shorten(text: &str) -> String {
    let chars = text.chars().count();
    if chars <= MAX_ECHO_CHARS {
        return format!("{text:?}");
    }
    let head: String = text.chars().take(MAX_ECHO_CHARS).collect();
    let quoted = format!("{head:?}");
    format!(
        "{}...\" ({} characters)",
        &quoted[..quoted.len() - 1],
        chars
    )
}

/// A message as printed: one line (control characters escaped), and at most
/// [`MAX_MESSAGE_CHARS`] characters, cut in the middle.
pub fn one_line(message: &str) -> String {
    let escaped: String = message
        .chars()
        .flat_map(|c| {
            let shown: Vec<char> = if c.is_control() {
                c.escape_default().collect()
            } else {
                vec![c]
            };
            shown
        })
        .collect();
    let chars = escaped.chars().count();
    if chars <= MAX_MESSAGE_CHARS {
        return escaped;
    }
    let keep = (MAX_MESSAGE_CHARS - 5) / 2;
    let head: String = escaped.chars().take(keep).collect();
    let tail: String = escaped.chars().skip(chars - keep).collect();
    format!("{head} ... {tail}")
}

/// A weight as a message shows it: plain when it reads well, else in e-notation.
pub fn number(x: f64) -> String {
    if x != 0.0 && !(1e-6..1e9).contains(&x.abs()) {
        format!("{x:e}")
    } else {
        format!("{x}")
    }
}

/// A large count in words: 2300000000 is "2.3 billion".
pub fn count(n: u64) -> String {
    const NAMES: [(f64, &str); 3] = [(1e12, "trillion"), (1e9, "billion"), (1e6, "million")];
    for (size, name) in NAMES {
        if n as f64 >= size {
            let x = n as f64 / size;
            return if x < 100.0 && x.fract() != 0.0 {
                format!("{} {name}", (x * 10.0).round() / 10.0)
            } else {
                format!("{} {name}", x.round())
            };
        }
    }
    n.to_string()
}

/// Seconds as "12 s", "4 min" or "3.5 hours".
pub fn duration(secs: f64) -> String {
    if secs < 90.0 {
        format!("{} s", secs.round().max(1.0))
    } else if secs < 90.0 * 60.0 {
        format!("{} min", (secs / 60.0).round())
    } else {
        format!("{} hours", (secs / 360.0).round() / 10.0)
    }
}

/// The work of `move`: every key is named and looked up twice; under `rendezvous` a
/// lookup also scores every server.
pub fn move_work(kind: SchemeKind, keys: u64, before: usize, after: usize) -> u64 {
    let per_key = match kind {
        SchemeKind::Rendezvous => MOVE_KEY_WORK + before as u64 + after as u64,
        _ => MOVE_KEY_WORK,
    };
    keys.saturating_mul(per_key)
}

/// One experiment ring's work: its points (each a name hash with `--placement names`), or
/// one gamma draw per server, and its fixed cost.
pub fn experiment_ring_work(
    setting: &ringlab_core::experiment::Setting,
    places_points: bool,
    names: bool,
) -> u64 {
    let body = if places_points {
        setting
            .ring_points()
            .saturating_mul(if names { NAMES_WORK } else { 1 })
    } else {
        setting.servers as u64
    };
    body.saturating_add(RING_WORK)
}

/// The threads an experiment runs on: one per core, fewer when the scratch of its
/// largest ring times the threads would pass [`SCRATCH_BUDGET_BYTES`].
pub fn experiment_threads(largest_ring_points: u64) -> usize {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let per_thread = largest_ring_points
        .saturating_mul(SCRATCH_BYTES_PER_POINT)
        .max(1);
    let fit = usize::try_from(SCRATCH_BUDGET_BYTES / per_thread).unwrap_or(usize::MAX);
    cores.min(fit).max(1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use ringlab_core::{build, numbered_servers};

    const RING_SCHEMES: [SchemeKind; 5] = [
        SchemeKind::Ring,
        SchemeKind::Ketama,
        SchemeKind::Libketama,
        SchemeKind::Nginx,
        SchemeKind::Cassandra,
    ];

    fn weighted(weights: &[f64]) -> Vec<Server> {
        numbered_servers("10.0.0.", weights.len())
            .into_iter()
            .zip(weights)
            .map(|(s, &w)| s.with_weight(w))
            .collect()
    }

    #[test]
    fn the_counted_points_are_the_built_points() {
        for kind in RING_SCHEMES {
            for weights in [&[1.0, 2.0, 0.5][..], &[3.0; 7], &[1.0]] {
                let options = Options {
                    vnodes: 37,
                    ..Options::default()
                };
                let servers = weighted(weights);
                let counted = ring_points(kind, &servers, &options);
                let p = build(kind, servers, &options).unwrap();
                let built = p.ring().unwrap().points().len() as u64;
                // nginx and cassandra drop points at equal positions.
                assert!(built <= counted && built * 100 >= counted * 99, "{kind}");
            }
        }
    }

    #[test]
    fn the_cases_seen_are_refused() {
        let ring = |vnodes: u32, weights: &[f64]| {
            let options = Options {
                vnodes,
                ..Options::default()
            };
            check_servers(SchemeKind::Ring, &weighted(weights), &options)
        };
        assert!(ring(1_000_000_000, &[1.0, 1.0]).is_err());
        assert!(ring(160, &[10_000_000.0]).is_err());
        assert!(ring(160, &[1e306]).is_err());
        assert!(ring(160, &[1e308]).is_err());
        assert!(ring(160, &[1e-7]).is_err());
        assert!(ring(1, &[1e6, 1e-6]).is_ok());
        assert!(ring(5_000_000, &[1.0, 1.0]).is_ok());
        assert!(ring(5_000_001, &[1.0, 1.0]).is_err());
        let same = [Server::new("cache1"), Server::new("cache1:11211")];
        for kind in [SchemeKind::Ketama, SchemeKind::Libketama] {
            assert!(check_servers(kind, &same, &Options::default()).is_err());
        }
        assert!(check_servers(SchemeKind::Ring, &same, &Options::default()).is_ok());
        let nginx = [Server::new("unix:/s"), Server::new("UNIX:/s")];
        assert!(check_servers(SchemeKind::Nginx, &nginx, &Options::default()).is_err());
    }

    #[test]
    fn words_for_counts_and_times() {
        assert_eq!(count(999_999), "999999");
        assert_eq!(count(2_300_000_000), "2.3 billion");
        assert_eq!(count(10_000_000), "10 million");
        assert_eq!(count(250_000_000_000), "250 billion");
        assert_eq!(duration(0.2), "1 s");
        assert_eq!(duration(85.0), "85 s");
        assert_eq!(duration(600.0), "10 min");
        assert_eq!(duration(37_800.0), "10.5 hours");
        assert_eq!(number(1e308), "1e308");
        assert_eq!(number(2.5), "2.5");
        assert!(estimate_note(WORK_PER_SECOND, 1, "x").is_none());
        let note = estimate_note(WORK_PER_SECOND * 120, 2, "x").unwrap();
        assert_eq!(note, "note: x: estimated 60 s on 2 threads");
    }

    #[test]
    fn long_input_is_echoed_short() {
        let key = "9".repeat(10_000_000);
        let shown = shorten(&key);
        assert_eq!(
            shown,
            format!("\"{}...\" (10000000 characters)", &key[..40])
        );
        assert_eq!(shorten("a\nb"), "\"a\\nb\"");
    }

    proptest! {
        /// Every bounded flag: no panic on any text, and a value only within its bounds.
        #[test]
        fn flag_values_stay_within_bounds(text in "\\PC{0,30}", n in any::<u64>()) {
            for text in [text, n.to_string(), format!(" {n} ")] {
                if let Ok(v) = vnodes(&text) { prop_assert!(v >= 1); }
                if let Ok(t) = tokens(&text) {
                    prop_assert!((1..=cassandra::MAX_NUM_TOKENS).contains(&t));
                }
                if let Ok(m) = table(&text) { prop_assert!((1..=maglev::MAX_TABLE_SIZE).contains(&m)); }
                if let Ok(r) = replicas(&text) { prop_assert!(r >= 1); }
                if let Ok(k) = move_keys(&text) { prop_assert!((1..=MAX_MOVE_KEYS).contains(&k)); }
                if let Ok(r) = rings(&text) { prop_assert!((1..=MAX_RINGS).contains(&u64::from(r))); }
            }
            prop_assert_eq!(move_keys(&n.to_string()).is_ok(), (1..=MAX_MOVE_KEYS).contains(&n));
            prop_assert_eq!(rings(&n.to_string()).is_ok(), (1..=MAX_RINGS).contains(&n));
        }

        /// Any weights and knobs: no panic, and an accepted list builds at most
        /// MAX_RING_POINTS points from weights within bounds.
        #[test]
        fn accepted_servers_fit_the_ring_bound(
            weights in prop::collection::vec(
                prop_oneof![any::<f64>(), 1e-7..2e6f64, Just(1.0), Just(1e308)],
                1..40,
            ),
            vnodes in prop_oneof![1..=u32::MAX, 1..=1000u32],
            tokens in 1..=cassandra::MAX_NUM_TOKENS,
            table in any::<u64>(),
            kind in prop::sample::select(SchemeKind::ALL.to_vec()),
        ) {
            let options = Options {
                vnodes,
                cassandra_tokens: tokens,
                cassandra_seed: None,
                maglev_table: table,
                ..Options::default()
            };
            let servers = weighted(&weights);
            if check_servers(kind, &servers, &options).is_ok() {
                prop_assert!(ring_points(kind, &servers, &options) <= MAX_RING_POINTS);
                prop_assert!(servers
                    .iter()
                    .all(|s| (MIN_WEIGHT..=MAX_WEIGHT).contains(&s.weight)));
            }
        }

        /// Echoed input is one short line, whatever it holds.
        #[test]
        fn echoes_and_messages_are_one_short_line(text in "\\PC{0,400}|[\\x00-\\x7f]{0,400}") {
            let shown = shorten(&text);
            prop_assert!(!shown.chars().any(char::is_control));
            prop_assert!(shown.chars().count() <= MAX_ECHO_CHARS * 10 + 40);
            let line = one_line(&format!("bad {text} input"));
            prop_assert!(!line.chars().any(char::is_control));
            prop_assert!(line.chars().count() <= MAX_MESSAGE_CHARS);
        }

        /// Work saturates instead of wrapping, and more keys is never less work.
        #[test]
        fn move_work_grows_with_keys(
            keys in 0..=u64::MAX / 2,
            before in 0..100_000usize,
            after in 0..100_000usize,
            kind in prop::sample::select(SchemeKind::ALL.to_vec()),
        ) {
            let work = move_work(kind, keys, before, after);
            prop_assert!(work >= keys.saturating_mul(MOVE_KEY_WORK));
            prop_assert!(move_work(kind, keys + 1, before, after) >= work);
        }
    }
}
