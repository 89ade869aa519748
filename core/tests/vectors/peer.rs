//! Golden values from the systems' own test suites: every row of every file in
//! `tests/data/peer/` (copies of `shared/references/peer/`, whose README says what each
//! holds), each checked by the kind its header names.

#[cfg(target_arch = "wasm32")]
use wasm_bindgen_test::wasm_bindgen_test as test;

use ringlab_core::schemes::ring_hash::{PointHash, RingHash, Sizes};
use ringlab_core::schemes::{
    cassandra, jump, ketama, maglev::Maglev, maglev_cilium, maglev_katran, mcrouter, redis,
};
use ringlab_core::{build, parse_server_list, Options, Partitioner, SchemeKind, Server};

/// Every peer file, by name.
const FILES: &[(&str, &str)] = &[
    (
        "cilium_maglev-reproducible-251.tsv",
        include_str!("../data/peer/cilium_maglev-reproducible-251.tsv"),
    ),
    (
        "cilium_maglev-weighted-1021.tsv",
        include_str!("../data/peer/cilium_maglev-weighted-1021.tsv"),
    ),
    (
        "clusterkeyslot_ioredis.tsv",
        include_str!("../data/peer/clusterkeyslot_ioredis.tsv"),
    ),
    (
        "datastax-ruby_murmur3.tsv",
        include_str!("../data/peer/datastax-ruby_murmur3.tsv"),
    ),
    (
        "envoy_maglev-basic-7.tsv",
        include_str!("../data/peer/envoy_maglev-basic-7.tsv"),
    ),
    (
        "envoy_maglev-hostname-7.tsv",
        include_str!("../data/peer/envoy_maglev-hostname-7.tsv"),
    ),
    (
        "envoy_maglev-locality-8-2-17.tsv",
        include_str!("../data/peer/envoy_maglev-locality-8-2-17.tsv"),
    ),
    (
        "envoy_maglev-locality-equal-17.tsv",
        include_str!("../data/peer/envoy_maglev-locality-equal-17.tsv"),
    ),
    (
        "envoy_maglev-lopsided-65537.tsv",
        include_str!("../data/peer/envoy_maglev-lopsided-65537.tsv"),
    ),
    (
        "envoy_maglev-weighted-17.tsv",
        include_str!("../data/peer/envoy_maglev-weighted-17.tsv"),
    ),
    (
        "envoy_ringhash-basic-murmur2.tsv",
        include_str!("../data/peer/envoy_ringhash-basic-murmur2.tsv"),
    ),
    (
        "envoy_ringhash-basic-xxh64.tsv",
        include_str!("../data/peer/envoy_ringhash-basic-xxh64.tsv"),
    ),
    (
        "gocql_murmur3-h1.tsv",
        include_str!("../data/peer/gocql_murmur3-h1.tsv"),
    ),
    (
        "gojump_reference-cpp.tsv",
        include_str!("../data/peer/gojump_reference-cpp.tsv"),
    ),
    (
        "goredis_hashslot.tsv",
        include_str!("../data/peer/goredis_hashslot.tsv"),
    ),
    (
        "guava_consistenthash-golden.tsv",
        include_str!("../data/peer/guava_consistenthash-golden.tsv"),
    ),
    (
        "jedis_crc16.tsv",
        include_str!("../data/peer/jedis_crc16.tsv"),
    ),
    (
        "jedis_slot.tsv",
        include_str!("../data/peer/jedis_slot.tsv"),
    ),
    (
        "katran_maglev-weights-7.tsv",
        include_str!("../data/peer/katran_maglev-weights-7.tsv"),
    ),
    (
        "libmemcached_ketama-md5-keyhash.tsv",
        include_str!("../data/peer/libmemcached_ketama-md5-keyhash.tsv"),
    ),
    (
        "libmemcached_ketama-spy-8.tsv",
        include_str!("../data/peer/libmemcached_ketama-spy-8.tsv"),
    ),
    (
        "libmemcached_ketama-weighted-8.tsv",
        include_str!("../data/peer/libmemcached_ketama-weighted-8.tsv"),
    ),
    (
        "mcrouter_ch3-basic.tsv",
        include_str!("../data/peer/mcrouter_ch3-basic.tsv"),
    ),
    (
        "mcrouter_ch3-counts-10.tsv",
        include_str!("../data/peer/mcrouter_ch3-counts-10.tsv"),
    ),
    (
        "mcrouter_ch3-counts-3.tsv",
        include_str!("../data/peer/mcrouter_ch3-counts-3.tsv"),
    ),
    (
        "mcrouter_crc32-basic.tsv",
        include_str!("../data/peer/mcrouter_crc32-basic.tsv"),
    ),
    (
        "mcrouter_rendezvous-3.tsv",
        include_str!("../data/peer/mcrouter_rendezvous-3.tsv"),
    ),
    (
        "mcrouter_rendezvous-343.tsv",
        include_str!("../data/peer/mcrouter_rendezvous-343.tsv"),
    ),
    (
        "mcrouter_rendezvous-counts-10.tsv",
        include_str!("../data/peer/mcrouter_rendezvous-counts-10.tsv"),
    ),
    (
        "mcrouter_rendezvous-counts-3.tsv",
        include_str!("../data/peer/mcrouter_rendezvous-counts-3.tsv"),
    ),
    (
        "mcrouter_rendezvous-rehash-499.tsv",
        include_str!("../data/peer/mcrouter_rendezvous-rehash-499.tsv"),
    ),
    (
        "mcrouter_weighted-ch3-checksums.tsv",
        include_str!("../data/peer/mcrouter_weighted-ch3-checksums.tsv"),
    ),
    (
        "mcrouter_weighted-ch3-counts-10.tsv",
        include_str!("../data/peer/mcrouter_weighted-ch3-counts-10.tsv"),
    ),
    (
        "mcrouter_weighted-ch3-counts-3.tsv",
        include_str!("../data/peer/mcrouter_weighted-ch3-counts-3.tsv"),
    ),
    (
        "mcrouter_weighted-ch3-zero.tsv",
        include_str!("../data/peer/mcrouter_weighted-ch3-zero.tsv"),
    ),
    (
        "mcrouter_weighted-rendezvous-3.tsv",
        include_str!("../data/peer/mcrouter_weighted-rendezvous-3.tsv"),
    ),
    (
        "mcrouter_weighted-rendezvous-343.tsv",
        include_str!("../data/peer/mcrouter_weighted-rendezvous-343.tsv"),
    ),
    (
        "mcrouter_weighted-rendezvous-counts-10.tsv",
        include_str!("../data/peer/mcrouter_weighted-rendezvous-counts-10.tsv"),
    ),
    (
        "mcrouter_weighted-rendezvous-counts-3-skewed.tsv",
        include_str!("../data/peer/mcrouter_weighted-rendezvous-counts-3-skewed.tsv"),
    ),
    (
        "mcrouter_weighted-rendezvous-counts-3-zero.tsv",
        include_str!("../data/peer/mcrouter_weighted-rendezvous-counts-3-zero.tsv"),
    ),
    (
        "mcrouter_weighted-rendezvous-counts-3.tsv",
        include_str!("../data/peer/mcrouter_weighted-rendezvous-counts-3.tsv"),
    ),
    (
        "mcrouter_weighted-rendezvous-rehash-499.tsv",
        include_str!("../data/peer/mcrouter_weighted-rendezvous-rehash-499.tsv"),
    ),
    (
        "pingora_eleven-hosts.tsv",
        include_str!("../data/peer/pingora_eleven-hosts.tsv"),
    ),
    (
        "pingora_ipv6-as-pingora-hashes.tsv",
        include_str!("../data/peer/pingora_ipv6-as-pingora-hashes.tsv"),
    ),
    (
        "pingora_nginx-two-hosts.tsv",
        include_str!("../data/peer/pingora_nginx-two-hosts.tsv"),
    ),
    (
        "pingora_nginx-upstream-sample.tsv",
        include_str!("../data/peer/pingora_nginx-upstream-sample.tsv"),
    ),
    (
        "pingora_node-iter-2.tsv",
        include_str!("../data/peer/pingora_node-iter-2.tsv"),
    ),
    (
        "pingora_node-iter-3.tsv",
        include_str!("../data/peer/pingora_node-iter-3.tsv"),
    ),
    (
        "pingora_ten-hosts.tsv",
        include_str!("../data/peer/pingora_ten-hosts.tsv"),
    ),
    (
        "redispy_keyslot.tsv",
        include_str!("../data/peer/redispy_keyslot.tsv"),
    ),
    (
        "spymemcached_lookups-4.tsv",
        include_str!("../data/peer/spymemcached_lookups-4.tsv"),
    ),
    (
        "spymemcached_lookups-5.tsv",
        include_str!("../data/peer/spymemcached_lookups-5.tsv"),
    ),
    (
        "spymemcached_testLibKetamaCompatThree.tsv",
        include_str!("../data/peer/spymemcached_testLibKetamaCompatThree.tsv"),
    ),
    (
        "spymemcached_testLibKetamaCompatTwo.tsv",
        include_str!("../data/peer/spymemcached_testLibKetamaCompatTwo.tsv"),
    ),
    (
        "spymemcached_weighted-libmemcached-format.tsv",
        include_str!("../data/peer/spymemcached_weighted-libmemcached-format.tsv"),
    ),
    (
        "twemproxy_ketama-hash.tsv",
        include_str!("../data/peer/twemproxy_ketama-hash.tsv"),
    ),
    (
        "twemproxy_md5-keyhash.tsv",
        include_str!("../data/peer/twemproxy_md5-keyhash.tsv"),
    ),
];

/// `hex:...` as its bytes; anything else as it is.
fn unhex(text: &[u8]) -> Vec<u8> {
    match text.strip_prefix(b"hex:") {
        Some(hex) => (0..hex.len())
            .step_by(2)
            .map(|i| u8::from_str_radix(std::str::from_utf8(&hex[i..i + 2]).unwrap(), 16).unwrap())
            .collect(),
        None => text.to_vec(),
    }
}

/// One file: its `config=` settings, an optional corrected answer, and its rows.
struct Peer {
    name: &'static str,
    config: Vec<(&'static str, &'static str)>,
    /// The `# note=` lines, which say how some files' inputs are made.
    notes: Vec<&'static str>,
    known: Option<(&'static str, &'static str)>,
    rows: Vec<(Vec<u8>, &'static str)>,
}

impl Peer {
    fn parse(name: &'static str, text: &'static str) -> Peer {
        let mut config = Vec::new();
        let mut notes = Vec::new();
        let mut known = None;
        let mut rows = Vec::new();
        for line in text.lines() {
            if let Some(header) = line.strip_prefix("# ") {
                if let Some((_, settings)) = header.split_once("config=") {
                    config = settings
                        .split(';')
                        .filter_map(|part| part.split_once('='))
                        .collect();
                } else if let Some(note) = header.strip_prefix("note=") {
                    notes.push(note);
                } else if let Some(fix) = header.strip_prefix("known=") {
                    let mut fields = fix.split('|');
                    known = Some((fields.next().unwrap(), fields.next().unwrap()));
                }
                continue;
            }
            if line.is_empty() {
                continue;
            }
            let (input, expected) = line.split_once('\t').expect("input<TAB>expected");
            let input = match input.strip_prefix("hex:") {
                Some(hex) => (0..hex.len())
                    .step_by(2)
                    .map(|i| u8::from_str_radix(&hex[i..i + 2], 16).expect("hex"))
                    .collect(),
                None => input.as_bytes().to_vec(),
            };
            rows.push((input, expected));
        }
        assert!(!config.is_empty(), "{name}: no config= header");
        assert!(!rows.is_empty(), "{name}: no rows");
        Peer {
            name,
            config,
            notes,
            known,
            rows,
        }
    }

    fn get(&self, key: &str) -> Option<&'static str> {
        self.config.iter().find(|(k, _)| *k == key).map(|(_, v)| *v)
    }

    fn setting(&self, key: &str) -> &'static str {
        self.get(key)
            .unwrap_or_else(|| panic!("{}: no {key}=", self.name))
    }

    fn servers(&self) -> Vec<Server> {
        parse_server_list(self.setting("servers")).expect("servers")
    }

    /// The `servers=` list as `name=weight` pairs (weight 1 when absent), each made into
    /// a system's own backend by `make`.
    fn weighted_list<B>(&self, make: impl Fn(&str, u64) -> B) -> Vec<B> {
        self.setting("servers")
            .split(',')
            .map(|item| match item.rsplit_once('=') {
                Some((name, weight)) => make(name, self.number(weight)),
                None => make(item, 1),
            })
            .collect()
    }

    fn number<T: std::str::FromStr>(&self, text: &str) -> T {
        text.parse()
            .unwrap_or_else(|_| panic!("{}: {text:?} is not a number", self.name))
    }

    /// Checks every row; returns how many.
    fn check(&self) -> usize {
        match self.setting("kind") {
            "slot" => self.slots(),
            "token" => self.each(|input| cassandra::token(input).to_string()),
            "jump" => self.each(|input| {
                let text = std::str::from_utf8(input).unwrap();
                let (key, buckets) = text.split_once(' ').unwrap();
                let bucket = jump::jump_bucket(self.number(key), self.number(buckets));
                bucket.expect("buckets > 0").to_string()
            }),
            "keyhash-md5" => self.each(|input| ketama::key_hash(input).to_string()),
            "digest-point" => self.each(|input| {
                let text = std::str::from_utf8(input).unwrap();
                let (name, word) = text.rsplit_once(' ').unwrap();
                ketama::digest_points(name)[self.number::<usize>(word)].to_string()
            }),
            "maglev-table" => {
                let maglev = Maglev::new(self.servers(), self.number(self.setting("table")))
                    .expect("table builds");
                self.each(|input| {
                    let slot: usize = self.number(std::str::from_utf8(input).unwrap());
                    maglev.servers()[maglev.table()[slot]].name.clone()
                })
            }
            "maglev-counts" => {
                let maglev = Maglev::new(self.servers(), self.number(self.setting("table")))
                    .expect("table builds");
                let entries = maglev.entries();
                self.each(|input| {
                    let name = std::str::from_utf8(input).unwrap();
                    let at = maglev.servers().iter().position(|s| s.name == name);
                    entries[at.expect("a listed host")].to_string()
                })
            }
            "unsupported" if self.setting("system") == "cilium-maglev" => {
                let backends = self.weighted_list(|name, weight| {
                    maglev_cilium::Backend::parse(name, weight as u16).expect("a backend")
                });
                let table = maglev_cilium::table(&backends, self.number(self.setting("table")))
                    .expect("table builds");
                let counts = maglev_cilium::counts(&table, backends.len());
                self.each(|input| {
                    let input = std::str::from_utf8(input).unwrap();
                    match input.parse::<usize>() {
                        // A slot: its backend.
                        Ok(slot) => backends[table[slot]].name.clone(),
                        // A backend: its slot count.
                        Err(_) => {
                            let at = backends.iter().position(|b| b.name == input);
                            counts[at.expect("a listed backend")].to_string()
                        }
                    }
                })
            }
            "unsupported" if self.setting("system") == "katran-maglev" => {
                // Reals given by their raw hash, `hash:<n>`.
                let reals = self.weighted_list(|name, weight| {
                    let hash = name.strip_prefix("hash:").expect("hash:<n>");
                    maglev_katran::Real::from_hash(name, self.number(hash), weight as u32)
                });
                let size: u64 = self.number(self.setting("table"));
                self.each(|input| {
                    let input = std::str::from_utf8(input).unwrap();
                    let (variant, name) = input.split_once(' ').expect("<v1|v2> <real>");
                    let fill = match variant {
                        "v1" => maglev_katran::Fill::V1,
                        _ => maglev_katran::Fill::V2,
                    };
                    let table = maglev_katran::table(&reals, size, fill).expect("ring builds");
                    let at = reals.iter().position(|r| r.name == name).expect("a real");
                    maglev_katran::counts(&table, reals.len())[at].to_string()
                })
            }
            "unsupported" if self.setting("system").starts_with("mcrouter-") => self.mcrouter(),
            "unsupported" if self.setting("system") == "envoy-ring_hash" => {
                let hash = if self.setting("hash").starts_with("MurmurHash2") {
                    PointHash::Murmur2
                } else {
                    PointHash::Xxhash
                };
                let sizes = Sizes {
                    min: self.number(self.setting("minimum_ring_size")),
                    ..Sizes::ENVOY
                };
                let ring = RingHash::envoy(self.servers(), sizes, hash).expect("ring builds");
                self.each(|input| {
                    let h: u64 = self.number(std::str::from_utf8(input).unwrap());
                    ring.owner_name(h).unwrap().to_string()
                })
            }
            "lookup" => {
                let kind: SchemeKind = self.setting("scheme").parse().expect("a scheme");
                let scheme = build(kind, self.servers(), &Options::default()).expect("builds");
                self.each(|input| self.answer(scheme.as_ref(), input))
            }
            other => panic!("{}: unknown kind {other}", self.name),
        }
    }

    /// mcrouter's hash functions: `<pool> <key>` rows (Ch3, Crc32), a key's tag
    /// (Rendezvous), or counts over the keys a note names: keys per child, or keys that
    /// change child when one leaves.
    fn mcrouter(&self) -> usize {
        let system = self.setting("system");
        if system == "mcrouter-WeightedCh3" {
            return self.weighted_ch3();
        }
        if let Some(pool) = self.get("pool") {
            let pool: u32 = self.number(pool);
            let keys = self.note_keys();
            return self.each(|input| {
                let index: u32 = self.number(std::str::from_utf8(input).unwrap());
                let count = keys
                    .iter()
                    .filter(|k| mcrouter::ch3(k.as_bytes(), pool) == index);
                count.count().to_string()
            });
        }
        if system == "mcrouter-Ch3" || system == "mcrouter-Crc32" {
            return self.each(|input| {
                let split = input.iter().position(|&b| b == b' ').expect("<pool> <key>");
                let pool: u32 = self.number(std::str::from_utf8(&input[..split]).unwrap());
                let key = unhex(&input[split + 1..]);
                match system {
                    "mcrouter-Ch3" => mcrouter::ch3(&key, pool),
                    _ => mcrouter::crc32_index(&key, pool),
                }
                .to_string()
            });
        }
        // Rendezvous: tags (and weights) in child order.
        let (tags, weights) = self.mcrouter_tags();
        let pick = |key: &[u8], tags: &[String], weights: &[f64]| -> String {
            let index = match system {
                "mcrouter-Rendezvous" => mcrouter::rendezvous(key, tags).expect("tags"),
                _ => mcrouter::weighted_rendezvous(key, tags, weights),
            };
            tags[index].clone()
        };
        if self.notes.iter().any(|n| n.contains("endpoint removed")) {
            let keys = self.note_keys();
            let before: Vec<String> = keys
                .iter()
                .map(|k| pick(k.as_bytes(), &tags, &weights))
                .collect();
            return self.each(|input| {
                let gone = std::str::from_utf8(input).unwrap();
                let at = tags.iter().position(|t| t == gone).expect("a tag");
                let (mut fewer, mut lighter) = (tags.clone(), weights.clone());
                fewer.remove(at);
                lighter.remove(at);
                let changed = keys
                    .iter()
                    .zip(&before)
                    .filter(|(k, was)| pick(k.as_bytes(), &fewer, &lighter) != **was);
                changed.count().to_string()
            });
        }
        if self.notes.iter().any(|n| n.starts_with("keys '")) {
            let keys = self.note_keys();
            let owners: Vec<String> = keys
                .iter()
                .map(|k| pick(k.as_bytes(), &tags, &weights))
                .collect();
            return self.each(|input| {
                let tag = std::str::from_utf8(input).unwrap();
                owners.iter().filter(|o| *o == tag).count().to_string()
            });
        }
        self.each(|input| pick(input, &tags, &weights))
    }

    /// mcrouter's WeightedCh3: every weight 0 (`<pool> <key>` rows), counts per child over
    /// the keys a note names, or the tests' bulk checksums (`weights=VxN keys=kA..kB`).
    fn weighted_ch3(&self) -> usize {
        let pick = |key: &[u8], weights: &[f64]| {
            mcrouter::weighted_ch3(key, weights.len() as u32, weights)
        };
        match self.get("weights") {
            Some(w) if w.starts_with("0.0 for every") => self.each(|input| {
                let split = input.iter().position(|&b| b == b' ').expect("<pool> <key>");
                let pool: usize = self.number(std::str::from_utf8(&input[..split]).unwrap());
                pick(&input[split + 1..], &vec![0.0; pool]).to_string()
            }),
            Some(list) => {
                let weights: Vec<f64> = list.split(',').map(|w| self.number(w)).collect();
                let owners: Vec<u32> = self
                    .note_keys()
                    .iter()
                    .map(|k| pick(k.as_bytes(), &weights))
                    .collect();
                self.each(|input| {
                    let index: u32 = self.number(std::str::from_utf8(input).unwrap());
                    owners.iter().filter(|&&o| o == index).count().to_string()
                })
            }
            None => self.each(|input| {
                let text = std::str::from_utf8(input).unwrap();
                let (weights, keys) = text.split_once(' ').unwrap();
                let weights = weights.strip_prefix("weights=").unwrap();
                let weights: Vec<f64> = match weights.split_once('x') {
                    Some((value, count)) => vec![self.number(value); self.number(count)],
                    None => weights.split(',').map(|w| self.number(w)).collect(),
                };
                let (first, last) = keys
                    .strip_prefix("keys=")
                    .unwrap()
                    .split_once("..")
                    .unwrap();
                let prefix = first.trim_end_matches(|c: char| c.is_ascii_digit());
                let start: u64 = self.number(&first[prefix.len()..]);
                let end: u64 = self.number(&last[prefix.len()..]);
                let acc = (start..=end).fold(0u32, |acc, i| {
                    let key = format!("{prefix}{i}");
                    acc.wrapping_mul(31)
                        .wrapping_add(pick(key.as_bytes(), &weights))
                });
                acc.to_string()
            }),
        }
    }

    /// The `servers=` tags with their weights (1 when absent); `a.0.b..a.498.b` is the
    /// range of tags.
    fn mcrouter_tags(&self) -> (Vec<String>, Vec<f64>) {
        let list = self.setting("servers");
        let list = list.split(" (").next().unwrap();
        if let Some((first, last)) = list.split_once("..") {
            let (head, tail) = first.split_once(".0.").expect("xxx.0.yy");
            let end: usize = self.number(
                last.trim_start_matches(head)
                    .trim_start_matches('.')
                    .split('.')
                    .next()
                    .unwrap(),
            );
            let tags: Vec<String> = (0..=end).map(|i| format!("{head}.{i}.{tail}")).collect();
            let weights = vec![1.0; tags.len()];
            return (tags, weights);
        }
        list.split(',')
            .map(|item| match item.rsplit_once('=') {
                Some((tag, weight)) => (tag.to_string(), self.number::<f64>(weight)),
                None => (item.to_string(), 1.0),
            })
            .unzip()
    }

    /// The keys a `# note=keys 'p0' .. 'pN' (exclusive)` line names.
    fn note_keys(&self) -> Vec<String> {
        let note = self
            .notes
            .iter()
            .find_map(|n| n.strip_prefix("keys '"))
            .unwrap_or_else(|| panic!("{}: no keys note", self.name));
        let (first, rest) = note.split_once('\'').unwrap();
        let rest = rest.strip_prefix(" .. '").unwrap();
        let (last, after) = rest.split_once('\'').unwrap();
        let digits = |text: &str| {
            let at = text.trim_end_matches(|c: char| c.is_ascii_digit()).len();
            (text[..at].to_string(), self.number::<u64>(&text[at..]))
        };
        let ((prefix, start), (_, end)) = (digits(first), digits(last));
        let end = if after.starts_with(" (exclusive") {
            end
        } else {
            end + 1
        };
        (start..end).map(|i| format!("{prefix}{i}")).collect()
    }

    /// A lookup's answer as the file writes it: the owner, or the first `replicas`
    /// distinct servers; with `compare=host`, hosts only.
    fn answer(&self, scheme: &dyn Partitioner, input: &[u8]) -> String {
        let replicas: usize = self.get("replicas").map_or(1, |r| self.number(r));
        let mut owners: Vec<usize> = Vec::new();
        for server in scheme.candidates(input) {
            if owners.len() == replicas {
                break;
            }
            if !owners.contains(&server) {
                owners.push(server);
            }
        }
        assert_eq!(owners.first().copied(), scheme.lookup(input));
        let name = |i: usize| {
            let name = scheme.servers()[i].name.as_str();
            match self.get("compare") {
                Some("host") => {
                    let name = name.trim_start_matches('/');
                    name.rsplit_once(':').map_or(name, |(host, _)| host)
                }
                _ => name,
            }
        };
        owners.into_iter().map(name).collect::<Vec<_>>().join(",")
    }

    fn slots(&self) -> usize {
        let crc16 = self.get("expect") == Some("crc16");
        for (input, expected) in &self.rows {
            let mut expected: u16 = self.number(expected);
            if let Some((key, answer)) = self.known {
                if input == key.as_bytes() {
                    expected = self.number(answer);
                }
            }
            let got = if crc16 {
                redis::crc16(input)
            } else {
                redis::key_slot(input)
            };
            assert_eq!(
                got,
                expected,
                "{}: key {:?}",
                self.name,
                String::from_utf8_lossy(input)
            );
        }
        self.rows.len()
    }

    fn each(&self, answer: impl Fn(&[u8]) -> String) -> usize {
        for (input, expected) in &self.rows {
            assert_eq!(
                answer(input),
                *expected,
                "{}: input {:?}",
                self.name,
                String::from_utf8_lossy(input)
            );
        }
        self.rows.len()
    }
}

#[test]
fn every_peer_row() {
    let rows: usize = FILES
        .iter()
        .map(|(name, text)| Peer::parse(name, text).check())
        .sum();
    // About 5,900 rows; a file that loses its rows should not pass unnoticed. That every
    // file of the folder is here is checked natively, by reading the folder (below).
    assert!(rows > 5800, "{rows} rows");
}

/// The files of `tests/data/peer/` that [`FILES`] leaves out, each with the reason.
#[cfg(not(target_arch = "wasm32"))]
const NOT_IN_FILES: &[(&str, &str)] = &[
    ("README.md", "says what the files hold; no rows"),
    (
        "pingora_ipv6-bracketed.variant",
        "pingora's answers where nginx's differ: pingora_ipv6_variant_is_pingoras_not_nginxs \
         checks ringlab gives other ones",
    ),
];

/// Systems ringlab has no scheme for yet, by file-name prefix: their files stay in the
/// folder, are not checked, and must say so themselves (`kind=unsupported` in the header),
/// so a file of a supported kind cannot hide under a prefix.
#[cfg(not(target_arch = "wasm32"))]
const NOT_YET_SUPPORTED: &[(&str, &str)] = &[];

/// Every file in `tests/data/peer/` is checked by [`every_peer_row`] (it is in [`FILES`],
/// with the text on disk), listed in [`NOT_IN_FILES`] with a reason, or belongs to a system
/// of [`NOT_YET_SUPPORTED`] and says so in its header, so a golden file
/// added to the folder cannot be skipped silently. Native only: under wasm32 there is no
/// folder to read, and [`FILES`] is compiled in.
#[cfg(not(target_arch = "wasm32"))]
#[test]
fn every_file_in_the_peer_folder_is_checked_or_says_why() {
    let folder = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/peer");
    let mut on_disk: Vec<String> = std::fs::read_dir(&folder)
        .unwrap_or_else(|e| panic!("{} reads: {e}", folder.display()))
        .map(|entry| entry.unwrap().file_name().into_string().unwrap())
        .collect();
    on_disk.sort();
    for name in &on_disk {
        let checked = FILES.iter().any(|(file, _)| file == name);
        let excused = NOT_IN_FILES.iter().any(|(file, _)| file == name);
        let unsupported = NOT_YET_SUPPORTED
            .iter()
            .any(|(prefix, _)| name.starts_with(prefix));
        if unsupported {
            let text = std::fs::read_to_string(folder.join(name)).unwrap();
            let header = text.lines().next().unwrap_or("");
            assert!(
                header.contains("kind=unsupported"),
                "{name} is of a system not yet supported, but its header says otherwise: {header}"
            );
        }
        assert!(
            checked || excused || unsupported,
            "tests/data/peer/{name} is neither in FILES (checked), nor in NOT_IN_FILES (with \
             why), nor of a system NOT_YET_SUPPORTED"
        );
        assert!(
            u8::from(checked) + u8::from(excused) + u8::from(unsupported) == 1,
            "{name} is listed twice"
        );
    }
    for (name, text) in FILES {
        let on_disk = std::fs::read_to_string(folder.join(name))
            .unwrap_or_else(|e| panic!("FILES names {name}, not in the folder: {e}"));
        assert_eq!(on_disk, *text, "{name}");
    }
    for (name, why) in NOT_IN_FILES {
        assert!(on_disk.iter().any(|file| file == name), "{name} is gone");
        assert!(!why.is_empty());
    }
    let unsupported = on_disk
        .iter()
        .filter(|name| NOT_YET_SUPPORTED.iter().any(|(p, _)| name.starts_with(p)))
        .count();
    assert_eq!(
        on_disk.len(),
        FILES.len() + NOT_IN_FILES.len() + unsupported
    );
}

/// libmemcached's KETAMA_SPY rows, through the `ketama-spy` preset: the same servers
/// written as configured (no `/`), the same answers.
#[test]
fn libmemcached_ketama_spy_through_its_preset() {
    let peer = Peer::parse(
        "libmemcached_ketama-spy-8.tsv",
        include_str!("../data/peer/libmemcached_ketama-spy-8.tsv"),
    );
    let servers: Vec<Server> = peer
        .servers()
        .into_iter()
        .map(|s| Server::new(s.name.trim_start_matches('/')).with_weight(s.weight))
        .collect();
    let scheme = build(SchemeKind::KetamaSpy, servers, &Options::default()).unwrap();
    assert_eq!(peer.each(|input| peer.answer(scheme.as_ref(), input)), 99);
}

/// pingora hashes an IPv6 host without its brackets; nginx (and ringlab) hashes the server
/// name as written. The file records pingora's answer; ringlab's is nginx's.
#[test]
fn pingora_ipv6_variant_is_pingoras_not_nginxs() {
    let peer = Peer::parse(
        "pingora_ipv6-bracketed.variant",
        include_str!("../data/peer/pingora_ipv6-bracketed.variant"),
    );
    let scheme = build(SchemeKind::Nginx, peer.servers(), &Options::default()).unwrap();
    for (input, pingora) in &peer.rows {
        assert_ne!(peer.answer(scheme.as_ref(), input), *pingora);
    }
}
