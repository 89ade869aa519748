//! Why two placements part: what each one hashes and how it looks a key up, read from the
//! two configurations, and the quirks that show in these servers, each with its example.

use ringlab_core::clients::hashring::{default_port, vnodes_for};
use ringlab_core::clients::ClientKind;
use ringlab_core::{parse_server_list, SchemeKind};

use super::compare::{Comparison, Placed};
use super::params::{AgreeParams, Which};
use super::side::Side;

/// What a placement does, in words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Facts {
    /// Ring, rendezvous, modulo, partitions.
    pub method: &'static str,
    /// The key's hash.
    pub hash: &'static str,
    /// The text a server's points are named from.
    pub names: &'static str,
    /// Which point a key goes to.
    pub lookup: &'static str,
    /// Who owns equal points (or equal scores).
    pub ties: &'static str,
}

const AT_OR_AFTER: &str = "the first point at or after the key's hash";
const AFTER: &str = "the first point strictly after the key's hash";

/// The facts of a side (its options read where they change them).
pub fn facts(side: Side, options: &str) -> Facts {
    let f = |method, hash, names, lookup, ties| Facts {
        method,
        hash,
        names,
        lookup,
        ties,
    };
    match side {
        Side::Client(kind) => match kind {
            ClientKind::Uhashring if options.contains("ketama") => f(
                "ring",
                "MD5, first 4 bytes",
                "server-i, 4 points a digest",
                AFTER,
                "the server listed last",
            ),
            ClientKind::Uhashring => f(
                "ring",
                "MD5, all 128 bits",
                "server-i, 1 point a digest",
                AFTER,
                "the server listed last",
            ),
            ClientKind::Hashring if default_port(options).is_some() => f(
                "ring",
                "MD5, first 4 bytes",
                "server-i, 4 points a digest (the host alone on the 'default port')",
                AT_OR_AFTER,
                "the server listed first",
            ),
            ClientKind::Hashring => f(
                "ring",
                "MD5, first 4 bytes",
                "server-i, 4 points a digest (the whole host:port)",
                AT_OR_AFTER,
                "the server listed first",
            ),
            ClientKind::HashRing => f(
                "ring",
                "MD5, first 4 bytes",
                "server-i, 3 points a digest",
                AFTER,
                "the server listed last",
            ),
            ClientKind::Pymemcache => f(
                "rendezvous",
                "MurmurHash3 of server-key, code points mod 256",
                "host:port",
                "the highest score",
                "the greater name",
            ),
            ClientKind::PythonMemcached => f(
                "modulo",
                "CRC-32, 15 bits",
                "none: buckets",
                "hash mod buckets",
                "none",
            ),
            ClientKind::Kafka | ClientKind::LibrdkafkaMurmur2 => f(
                "partitions",
                "murmur2 (Java's)",
                "none",
                "hash mod partitions",
                "none",
            ),
            ClientKind::KafkajsLegacy => f(
                "partitions",
                "murmur2 in JavaScript doubles",
                "none",
                "hash mod partitions",
                "none",
            ),
            ClientKind::Librdkafka => f(
                "partitions",
                "CRC-32",
                "none",
                "hash mod partitions",
                "none",
            ),
            ClientKind::ConsistentHash => f(
                "ring",
                "24-bit PJW over UTF-16",
                "evenly spaced points (uniform)",
                AT_OR_AFTER,
                "the server added last",
            ),
            ClientKind::GoRedisRing => f(
                "rendezvous",
                "XXH64, Redis hash tags",
                "the shard name",
                "the highest score",
                "none (a bijection)",
            ),
            ClientKind::Buraksezer => f(
                "partitions on a ring, bounded loads",
                "XXH64",
                "i:server",
                "its partition's owner",
                "the server added last",
            ),
            ClientKind::BuraksezerV0 => f(
                "partitions on a ring, bounded loads",
                "XXH64",
                "serveri, no separator",
                "its partition's owner",
                "the server added last",
            ),
            ClientKind::Stathat => f(
                "ring",
                "CRC-32",
                "iserver, index first",
                AFTER,
                "the server added last",
            ),
        },
        Side::Scheme(kind) => match kind {
            SchemeKind::Ketama => f(
                "ring",
                "MD5, first 4 bytes",
                "server-i, 4 points a digest (the host alone on port 11211)",
                AT_OR_AFTER,
                "the server listed first",
            ),
            SchemeKind::Libketama => f(
                "ring",
                "MD5, first 4 bytes",
                "server-i, 4 points a digest (the whole host:port)",
                AT_OR_AFTER,
                "the server listed first",
            ),
            SchemeKind::Twemproxy => f(
                "ring",
                "FNV-1a 64 cut to 32 bits",
                "server-i, 4 points a digest (the host alone on port 11211)",
                AT_OR_AFTER,
                "the name that sorts first",
            ),
            SchemeKind::Nginx => f(
                "ring",
                "CRC-32",
                "server + previous hash",
                AT_OR_AFTER,
                "the point made first",
            ),
            SchemeKind::Spymemcached => f(
                "ring",
                "MD5, first 4 bytes",
                "server-i, 4 points a digest",
                AT_OR_AFTER,
                "the server listed last",
            ),
            SchemeKind::Groupcache => f(
                "ring",
                "CRC-32",
                "iserver, index first",
                AT_OR_AFTER,
                "the server written last",
            ),
            SchemeKind::Modulo => f(
                "modulo",
                "XXH3-64 (ringlab's)",
                "none",
                "hash mod servers",
                "none",
            ),
            SchemeKind::Rendezvous => f(
                "rendezvous",
                "XXH3-64 (ringlab's)",
                "the server name",
                "the highest score",
                "the server listed first",
            ),
            _ => f(
                "ring",
                "ringlab's",
                "server-i",
                AT_OR_AFTER,
                "the server listed first",
            ),
        },
    }
}

/// One reason, in a sentence.
pub type Reason = String;

/// The facts that differ, each as "what: A's; B's", then the quirks these servers show.
/// `c` is the comparison of the same parameters (what a failure moved is read from it).
pub fn reasons(p: &AgreeParams, c: &Comparison) -> Vec<Reason> {
    let (a, b) = (p.a, p.b);
    let fa = facts(a, p.options(Which::A));
    let fb = facts(b, p.options(Which::B));
    let mut out = Vec::new();
    let mut differ = |what: &str, x: &str, y: &str| {
        if x != y {
            out.push(format!("{what}: {x} for A; {y} for B."));
        }
    };
    differ("Method", fa.method, fb.method);
    differ("Key hash", fa.hash, fb.hash);
    differ("Point names", fa.names, fb.names);
    differ("Lookup", fa.lookup, fb.lookup);
    differ("Equal points go to", fa.ties, fb.ties);
    if let Some((pa, pb)) = points_per_server(p, c) {
        if pa != pb {
            out.push(format!(
                "Points per server: {} for A; {} for B.",
                counts(&pa),
                counts(&pb)
            ));
        }
    }
    out.extend(quirks(p, c));
    if let Some(dead) = dead_reason(p, c) {
        out.push(dead);
    }
    if out.is_empty() {
        out.push("Nothing: the two configurations place keys by the same rules.".to_string());
    }
    out
}

/// Each side's points per server, in the order the servers are listed (matched by name:
/// a scheme may keep its own order), when both keep a ring with those servers.
fn points_per_server(p: &AgreeParams, c: &Comparison) -> Option<(Vec<usize>, Vec<usize>)> {
    if p.on_partitions() {
        return None;
    }
    let servers = parse_server_list(p.servers()).ok()?;
    let per = |placed: &Result<Placed, String>| -> Option<Vec<usize>> {
        let placed = placed.as_ref().ok()?;
        let points = placed.points.as_ref()?;
        servers
            .iter()
            .map(|s| {
                placed
                    .names
                    .iter()
                    .position(|a| *a == s.name)
                    .map(|i| points[i])
            })
            .collect()
    };
    Some((per(&c.a)?, per(&c.b)?))
}

fn counts(list: &[usize]) -> String {
    let mut distinct: Vec<usize> = list.to_vec();
    distinct.dedup();
    if distinct.len() == 1 {
        format!("{} each", distinct[0])
    } else {
        list.iter()
            .map(|c| c.to_string())
            .collect::<Vec<_>>()
            .join(", ")
    }
}

/// The quirks of these servers, with the numbers that show them.
fn quirks(p: &AgreeParams, c: &Comparison) -> Vec<Reason> {
    let mut out = Vec::new();
    let sides = [(p.a, Which::A, &c.a), (p.b, Which::B, &c.b)];
    let servers = parse_server_list(p.servers()).unwrap_or_default();
    // hashring's doubles, with its default vnode count and the whole list live.
    let plain_hashring = sides.iter().any(|(side, which, built)| {
        *side == Side::Client(ClientKind::Hashring)
            && built.is_ok()
            && p.options(*which) == "{}"
            && (*which == Which::A || p.dead.is_none())
    });
    if !p.on_partitions() && plain_hashring && !servers.is_empty() {
        let total: f64 = servers.iter().map(|s| s.weight).sum();
        let n = servers.len();
        for s in &servers {
            let doubles = vnodes_for(s.weight, total, 40.0, n);
            let exact = 40.0 * n as f64 * s.weight / total;
            if (doubles as f64) < exact.floor() {
                out.push(format!(
                    "hashring gives {} {} vnodes (4 points each), not {}: {} / {} × 40 × {n} is {} in doubles, and it rounds down.",
                    s.name,
                    doubles,
                    exact.floor(),
                    s.weight,
                    total,
                    s.weight / total * 40.0 * n as f64
                ));
                break;
            }
        }
    }
    // Point names: the host alone, or the whole host:port.
    let ketama_like = |s: Side| {
        matches!(
            s,
            Side::Client(ClientKind::Hashring | ClientKind::HashRing | ClientKind::Uhashring)
                | Side::Scheme(SchemeKind::Ketama | SchemeKind::Twemproxy | SchemeKind::Libketama)
        )
    };
    let host_alone = |side: Side, which: Which, name: &str| -> bool {
        let port = name.rsplit_once(':').map(|(_, port)| port);
        match side {
            Side::Scheme(SchemeKind::Ketama | SchemeKind::Twemproxy) => port == Some("11211"),
            Side::Client(ClientKind::Hashring) => {
                let default = default_port(p.options(which));
                default.is_some() && port.and_then(|t| t.parse::<f64>().ok()) == default
            }
            _ => false,
        }
    };
    if !p.on_partitions() && ketama_like(p.a) && ketama_like(p.b) {
        let parted = servers
            .iter()
            .find(|s| host_alone(p.a, Which::A, &s.name) != host_alone(p.b, Which::B, &s.name));
        if let Some(s) = parted {
            let (host, _) = s.name.rsplit_once(':').unwrap_or((&s.name, ""));
            let alone = if host_alone(p.a, Which::A, &s.name) {
                "A"
            } else {
                "B"
            };
            let whole = if alone == "A" { "B" } else { "A" };
            out.push(format!(
                "{alone} names {}'s points by the host alone ({host}-0, {host}-1, …); {whole} hashes the whole text ({}-0, …). Other names, other points.",
                s.name, s.name
            ));
        }
    }
    let kinds = [p.a, p.b];
    if kinds.contains(&Side::Client(ClientKind::KafkajsLegacy))
        && kinds
            .iter()
            .any(|s| matches!(s, Side::Client(ClientKind::Kafka)))
    {
        out.push(format!(
            "KafkaJS' legacy murmur2 multiplies in JavaScript doubles, which round past 2^53 where Java's integers wrap: even the empty key hashes to {} there and {} in Java.",
            ringlab_core::clients::kafka::legacy_murmur2(b""),
            ringlab_core::clients::kafka::murmur2(b"")
        ));
    }
    out
}

/// What the failure moved, when B is A after a failure: only the dead server's keys, or
/// others too. When the two differ otherwise, the count mixes both, and this says so.
fn dead_reason(p: &AgreeParams, c: &Comparison) -> Option<Reason> {
    let dead = p.dead.as_ref()?;
    let (Ok(a), Ok(_)) = (&c.a, &c.b) else {
        return None;
    };
    if p.a != p.b || p.options(Which::A) != p.options(Which::B) {
        return Some(format!(
            "B also lost {dead}: the keys above differ both by library and by the failure."
        ));
    }
    let moved: Vec<usize> = (0..c.differs.len()).filter(|&i| c.differs[i]).collect();
    let others = moved.iter().filter(|&&i| a.answers[i] != *dead).count();
    Some(if others == 0 {
        format!(
            "B lost {dead}: only the {} keys that were on it moved; every other key stayed.",
            moved.len()
        )
    } else {
        format!(
            "B lost {dead}: {} keys moved, {others} of them between servers that stayed up.",
            moved.len()
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::urlkit::parse_query;
    use crate::view_state::ViewState;

    fn why(query: &str) -> Vec<Reason> {
        let p = AgreeParams::from_query(&parse_query(query)).0;
        reasons(&p, &Comparison::of(&p))
    }

    #[test]
    fn seven_servers_show_hashrings_doubles() {
        let seven: Vec<String> = (1..=7).map(|i| format!("10.0.0.{i}:11211")).collect();
        let r = why(&format!(
            "a=libketama&b=hashring&servers={}",
            seven.join(",")
        ));
        assert!(
            r.iter()
                .any(|s| s.contains("39 vnodes") && s.contains("39.99999999999999")),
            "{r:#?}"
        );
        assert!(
            r.iter()
                .any(|s| s == "Points per server: 160 each for A; 156 each for B."),
            "{r:#?}"
        );
    }

    #[test]
    fn ketama_and_hashring_part_on_port_11211_names() {
        let r = why("a=ketama&b=hashring");
        assert!(
            r.iter()
                .any(|s| s.contains("10.0.0.1-0") && s.contains("10.0.0.1:11211-0")),
            "{r:#?}"
        );
        assert!(
            !r.iter().any(|s| s.starts_with("Lookup")),
            "both take the point at or after: {r:#?}"
        );
    }

    #[test]
    fn told_the_default_port_hashring_names_points_as_libmemcached() {
        let r = why("a=ketama&b=hashring&bopt=%7B%22default%20port%22%3A11211%7D");
        assert!(!r.iter().any(|s| s.contains("host alone (")), "{r:#?}");
        assert!(
            !r.iter().any(|s| s.starts_with("Points per server")),
            "{r:#?}"
        );
        // A server on another port is still named whole by both.
        let r = why("a=ketama&b=hashring&servers=10.0.0.1:11211,10.0.0.2:11300");
        assert!(
            r.iter()
                .any(|s| s
                    .starts_with("A names 10.0.0.1:11211's points by the host alone (10.0.0.1-0")),
            "{r:#?}"
        );
    }

    #[test]
    fn the_same_client_after_a_failure() {
        let r = why("a=uhashring&b=uhashring&dead=10.0.0.2:11211");
        let moved = r.last().unwrap();
        assert!(
            moved.starts_with("B lost 10.0.0.2:11211: only the "),
            "{r:#?}"
        );
        let other = why("a=uhashring&b=hashring&dead=10.0.0.2:11211");
        assert!(
            other
                .last()
                .unwrap()
                .starts_with("B also lost 10.0.0.2:11211"),
            "{other:#?}"
        );
        let nobody = why("a=uhashring&b=uhashring&dead=nobody");
        assert!(
            !nobody.iter().any(|s| s.contains("lost")),
            "B did not build: {nobody:#?}"
        );
        let r = why("a=python-memcached&b=python-memcached&dead=10.0.0.2:11211");
        assert!(
            r.last().unwrap().contains("only the"),
            "rehashed keys come from the dead bucket: {r:#?}"
        );
    }

    #[test]
    fn kafka_partitioners() {
        let r = why("a=kafka&b=kafkajs-legacy");
        assert!(
            r.iter()
                .any(|s| s.contains("275646684") && s.contains("275646681")),
            "{r:#?}"
        );
        let r = why("a=kafka&b=librdkafka");
        assert_eq!(
            r,
            vec!["Key hash: murmur2 (Java's) for A; CRC-32 for B.".to_string()]
        );
        let same = why("a=kafka&b=librdkafka-murmur2");
        assert_eq!(
            same,
            vec!["Nothing: the two configurations place keys by the same rules.".to_string()]
        );
    }
}
