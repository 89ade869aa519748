//! The playground's URL state: every parameter the picture depends on, parsed from the
//! query of the URL hash and written back to it.
//!
//! `#/ring?servers=4&vnodes=1&keys=8&replicas=3&scheme=ring&seed=7` is the default. Bad or
//! unknown values never fail: they are clamped or dropped, and each change is described by
//! a note shown beside the widget.
//!
//! Its parameters are declared once, in [`PlaygroundParams::PARAMS`];
//! `docs/parameters.md` lists them.

use ringlab_core::SchemeKind;

use crate::format::grouped;
use crate::naming::server_name;
use crate::param_table::{Kind, Notes, Param};
use crate::urlkit::repaired;
use crate::view_state::ViewState;
use crate::{flag_field, named_choice, whole_field};

/// Most servers the playground draws.
pub const MAX_SERVERS: usize = 1000;
/// Virtual nodes per server.
pub const VNODES: (u32, u32) = (1, 1000);
/// Number of keys.
pub const KEYS: (u32, u32) = (1, 10_000);
/// Replicas (preference list length).
pub const REPLICAS: (u32, u32) = (1, 5);
/// Server weights.
pub const WEIGHT: (f64, f64) = (0.1, 10.0);
/// Longest server name or rack label, in characters.
pub const MAX_NAME: usize = 40;
/// Most points the playground's ring may have: 1000 servers at 1000 virtual nodes, the
/// largest ring the browser benchmark measures (BENCHMARKS.md). Weights above 1 could
/// otherwise ask for ten million.
pub const MAX_POINTS: u64 = 1_000_000;
/// Points per unit of weight under nginx's scheme.
const NGINX_POINTS: f64 = 160.0;
/// Dragged positions are kept in millionths of a turn.
pub const MICRO: u32 = 1_000_000;

/// The three ring schemes the playground offers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scheme {
    Ring,
    Ketama,
    Nginx,
}

impl Scheme {
    pub const ALL: [Scheme; 3] = [Scheme::Ring, Scheme::Ketama, Scheme::Nginx];

    pub fn name(self) -> &'static str {
        self.kind().name()
    }

    /// The library's scheme.
    pub fn kind(self) -> SchemeKind {
        match self {
            Scheme::Ring => SchemeKind::Ring,
            Scheme::Ketama => SchemeKind::Ketama,
            Scheme::Nginx => SchemeKind::Nginx,
        }
    }

    pub fn parse(text: &str) -> Option<Scheme> {
        Scheme::ALL.into_iter().find(|s| s.name() == text)
    }
}

/// One server as the URL describes it.
#[derive(Debug, Clone, PartialEq)]
pub struct ServerParam {
    pub name: String,
    pub weight: f64,
    pub rack: Option<String>,
    pub failed: bool,
    /// A dragged position, in millionths of a turn.
    pub at: Option<u32>,
}

impl ServerParam {
    pub fn new(name: impl Into<String>) -> ServerParam {
        ServerParam {
            name: name.into(),
            weight: 1.0,
            rack: None,
            failed: false,
            at: None,
        }
    }
}

/// Everything the playground's picture depends on.
#[derive(Debug, Clone, PartialEq)]
pub struct PlaygroundParams {
    pub servers: Vec<ServerParam>,
    pub vnodes: u32,
    pub keys: u32,
    pub replicas: u32,
    pub scheme: Scheme,
    pub seed: u64,
    /// Show hash values on the canvas and in the text.
    pub hashes: bool,
    /// The index of the key being walked, if one is.
    pub walk: Option<u32>,
}

impl Default for PlaygroundParams {
    fn default() -> Self {
        PlaygroundParams {
            servers: (0..4).map(|i| ServerParam::new(server_name(i))).collect(),
            vnodes: 1,
            keys: 8,
            replicas: 3,
            scheme: Scheme::Ring,
            seed: 7,
            hashes: false,
            walk: None,
        }
    }
}

impl PlaygroundParams {
    /// The default playground with `count` servers named A, B, ...
    pub fn with_servers(count: usize) -> PlaygroundParams {
        PlaygroundParams {
            servers: (0..count)
                .map(|i| ServerParam::new(server_name(i)))
                .collect(),
            ..PlaygroundParams::default()
        }
    }
}

/// The first default name not taken yet.
pub fn next_free_name(servers: &[ServerParam]) -> String {
    (0..)
        .map(server_name)
        .find(|name| servers.iter().all(|s| &s.name != name))
        .unwrap_or_default()
}

/// Why a name or rack label is refused, if it is.
pub fn check_label(text: &str) -> Result<(), String> {
    crate::urlkit::check_name(text, MAX_NAME)
}

/// Rounds a weight to hundredths and clamps it into [`WEIGHT`].
pub fn clamp_weight(weight: f64) -> f64 {
    if !weight.is_finite() {
        return 1.0;
    }
    ((weight * 100.0).round() / 100.0).clamp(WEIGHT.0, WEIGHT.1)
}

fn split_list(text: &str) -> impl Iterator<Item = &str> {
    text.split(',').map(str::trim)
}

/// Formats a number without a trailing `.0`.
pub fn format_number(value: f64) -> String {
    format!("{value}")
}

impl PlaygroundParams {
    /// The points the ring of this scheme has (ketama: 160 per server, whatever the
    /// weights; nginx: 160 per unit of weight; ring: `vnodes` per unit of weight).
    pub fn points(&self) -> u64 {
        let weighted = |per: f64| -> u64 {
            self.servers
                .iter()
                .map(|s| (s.weight * per).round().max(1.0) as u64)
                .sum()
        };
        match self.scheme {
            Scheme::Ring => weighted(self.vnodes as f64),
            Scheme::Nginx => weighted(NGINX_POINTS),
            Scheme::Ketama => 160 * self.servers.len() as u64,
        }
    }

    /// Why these parameters are more than the page builds, if they are.
    pub fn too_many_points(&self) -> Option<String> {
        let points = self.points();
        (points > MAX_POINTS).then(|| {
            format!(
                "that makes {} ring points, above the {} the playground builds",
                grouped(points),
                grouped(MAX_POINTS)
            )
        })
    }

    /// Brings the ring within [`MAX_POINTS`]: fewer virtual nodes (ring), or lighter
    /// weights in proportion (nginx), with a note.
    fn cap_points(&mut self, notes: &mut Vec<String>) {
        let Some(why) = self.too_many_points() else {
            return;
        };
        match self.scheme {
            Scheme::Ring => {
                let given = self.vnodes;
                while self.vnodes > VNODES.0 && self.points() > MAX_POINTS {
                    let total: f64 = self.servers.iter().map(|s| s.weight).sum();
                    let fit = (MAX_POINTS as f64 / total).floor() as u32;
                    self.vnodes = fit.clamp(VNODES.0, self.vnodes - 1);
                }
                notes.push(repaired("vnodes", &given.to_string(), &why, self.vnodes));
            }
            Scheme::Nginx | Scheme::Ketama => {
                let total: f64 = self.servers.iter().map(|s| s.weight).sum();
                let scale = MAX_POINTS as f64 / NGINX_POINTS / total;
                for server in &mut self.servers {
                    server.weight = (((server.weight * scale) * 100.0).floor() / 100.0)
                        .clamp(WEIGHT.0, WEIGHT.1);
                }
                notes.push(format!("servers: {why}: weights scaled by {scale:.2}"));
            }
        }
    }

    /// True when server points can be dragged: the ring scheme with one point per server.
    pub fn draggable(&self) -> bool {
        self.scheme == Scheme::Ring && self.vnodes == 1
    }

    /// `servers=`: a count while the servers are A, B, ... of weight 1, else the list.
    fn servers_text(&self) -> String {
        let plain = self
            .servers
            .iter()
            .enumerate()
            .all(|(i, s)| s.name == server_name(i) && s.weight == 1.0);
        if plain {
            return self.servers.len().to_string();
        }
        let items: Vec<String> = self
            .servers
            .iter()
            .map(|s| {
                if s.weight == 1.0 && !s.name.contains('=') {
                    s.name.clone()
                } else {
                    format!("{}={}", s.name, format_number(s.weight))
                }
            })
            .collect();
        let list = items.join(",");
        // One server named like a number (`0000`) would read back as a count: a
        // trailing comma keeps it a list.
        if list.trim().parse::<i64>().is_ok() {
            list + ","
        } else {
            list
        }
    }

    /// `racks=`, when any server has a rack.
    fn racks_text(&self) -> Option<String> {
        self.servers.iter().any(|s| s.rack.is_some()).then(|| {
            let racks: Vec<&str> = self
                .servers
                .iter()
                .map(|s| s.rack.as_deref().unwrap_or(""))
                .collect();
            racks.join(",")
        })
    }

    /// `failed=`, when any server has failed.
    fn failed_text(&self) -> Option<String> {
        let failed: Vec<&str> = self
            .servers
            .iter()
            .filter(|s| s.failed)
            .map(|s| s.name.as_str())
            .collect();
        (!failed.is_empty()).then(|| failed.join(","))
    }

    /// `at=`, when any point was dragged.
    fn at_text(&self) -> Option<String> {
        let at: Vec<String> = self
            .servers
            .iter()
            .filter_map(|s| {
                s.at.map(|m| format!("{}:{}", s.name, format_number(m as f64 / MICRO as f64)))
            })
            .collect();
        (!at.is_empty()).then(|| at.join(","))
    }
}

/// The walked key's index, if it names one of the `keys` keys.
fn parse_walk(value: &str, keys: u32, notes: &mut Vec<String>) -> Option<u32> {
    match value.trim().parse::<u32>() {
        Ok(index) if index < keys => Some(index),
        Ok(index) => {
            notes.push(format!(
                "walk={index}: there are only {keys} keys (0 to {}): no key is walked",
                keys - 1
            ));
            None
        }
        Err(_) => {
            notes.push(format!(
                "walk={value:?} is not a key number: no key is walked"
            ));
            None
        }
    }
}

fn parse_servers(value: &str, notes: &mut Vec<String>) -> Vec<ServerParam> {
    let value = value.trim();
    if let Ok(count) = value.parse::<i64>() {
        let clamped = count.clamp(0, MAX_SERVERS as i64) as usize;
        if clamped as i64 != count {
            notes.push(format!(
                "servers={count} is outside 0 to {MAX_SERVERS}: using {clamped}"
            ));
        }
        return (0..clamped)
            .map(|i| ServerParam::new(server_name(i)))
            .collect();
    }
    let mut servers: Vec<ServerParam> = Vec::new();
    for item in split_list(value) {
        if item.is_empty() {
            continue;
        }
        if servers.len() == MAX_SERVERS {
            notes.push(format!("only the first {MAX_SERVERS} servers are kept"));
            break;
        }
        // `name=weight`; a name may itself contain `=` (the part after the last one is a
        // weight only when it reads as a number).
        let (name, weight) = match item.rsplit_once('=') {
            Some((name, weight)) if looks_numeric(weight.trim()) => {
                (name.trim(), Some(weight.trim()))
            }
            _ => (item, None),
        };
        if let Err(why) = check_label(name) {
            notes.push(format!("server {name:?} ignored: {why}"));
            continue;
        }
        if servers.iter().any(|s| s.name == name) {
            notes.push(format!("server {name:?} is listed twice: kept once"));
            continue;
        }
        let mut server = ServerParam::new(name);
        if let Some(text) = weight {
            match text.parse::<f64>() {
                Ok(w) if w.is_finite() => {
                    server.weight = clamp_weight(w);
                    if server.weight != w {
                        notes.push(format!(
                            "weight {text} of {name:?} is outside {} to {}: using {}",
                            WEIGHT.0,
                            WEIGHT.1,
                            format_number(server.weight)
                        ));
                    }
                }
                _ => notes.push(format!(
                    "weight {text:?} of {name:?} is not a number: using 1"
                )),
            }
        }
        servers.push(server);
    }
    servers
}

/// True for text that is meant as a number (digits, sign, point, exponent), even a bad one.
fn looks_numeric(text: &str) -> bool {
    !text.is_empty()
        && text.chars().any(|c| c.is_ascii_digit())
        && text
            .chars()
            .all(|c| c.is_ascii_digit() || matches!(c, '.' | '-' | '+' | 'e' | 'E'))
}

fn apply_racks(servers: &mut [ServerParam], racks: &str, notes: &mut Vec<String>) {
    let labels: Vec<&str> = split_list(racks).collect();
    if labels.len() != servers.len() {
        notes.push(format!(
            "{} rack labels for {} servers: extra labels ignored, missing ones empty",
            labels.len(),
            servers.len()
        ));
    }
    for (server, label) in servers.iter_mut().zip(labels) {
        if label.is_empty() {
            continue;
        }
        match check_label(label) {
            Ok(()) => server.rack = Some(label.to_string()),
            Err(why) => notes.push(format!("rack {label:?} ignored: {why}")),
        }
    }
}

fn apply_positions(params: &mut PlaygroundParams, at: &str, notes: &mut Vec<String>) {
    if !params.draggable() {
        notes.push("at: positions apply only to the ring scheme with 1 virtual node".into());
        return;
    }
    for item in split_list(at).filter(|i| !i.is_empty()) {
        let Some((name, fraction)) = item.rsplit_once(':') else {
            notes.push(format!("at: {item:?} is not name:fraction"));
            continue;
        };
        let Some(server) = params.servers.iter_mut().find(|s| s.name == name) else {
            notes.push(format!("at: no server is named {name:?}"));
            continue;
        };
        match fraction.parse::<f64>() {
            Ok(f) if f.is_finite() => {
                let wrapped = f.rem_euclid(1.0);
                if wrapped != f {
                    notes.push(format!("at: {f} of {name:?} wrapped into [0, 1)"));
                }
                server.at = Some(to_micro(wrapped));
            }
            _ => notes.push(format!("at: {fraction:?} is not a number")),
        }
    }
}

/// A fraction of a turn in millionths, wrapped into [0, MICRO).
pub fn to_micro(fraction: f64) -> u32 {
    if !fraction.is_finite() {
        return 0;
    }
    ((fraction.rem_euclid(1.0) * MICRO as f64).round() as u64 % MICRO as u64) as u32
}

/// The ring position (on a circle of `2^bits`) of a position in millionths of a turn.
pub fn micro_to_position(micro: u32, bits: u32) -> u64 {
    let space = 1u128 << bits.min(64);
    ((micro.min(MICRO - 1) as u128 * space) / MICRO as u128) as u64
}

impl ViewState for PlaygroundParams {
    const PARAMS: &'static [Param<Self>] = &[
        Param::new(
            "servers",
            "a count (names A, B, ...) or a list of servers with optional weights",
            Kind::Items {
                grammar: "0 to 1,000, or `name[=weight],...` (weights 0.1 to 10)",
                example: "web1=2,web2,web3=0.5",
                read: |p, text, notes| p.servers = parse_servers(text, notes),
                write: |p| Some(p.servers_text()),
            },
        ),
        Param::new(
            "vnodes",
            "points per server (ring scheme)",
            whole_field!(VNODES, vnodes),
        ),
        Param::new("keys", "keys placed", whole_field!(KEYS, keys)),
        Param::new(
            "replicas",
            "length of the preference list",
            whole_field!(REPLICAS, replicas),
        ),
        Param::new(
            "scheme",
            "how servers become ring points",
            named_choice!(Scheme::ALL, scheme),
        ),
        Param::new(
            "seed",
            "picks the key names",
            whole_field!((0u64, u64::MAX), seed),
        ),
        Param::new(
            "racks",
            "one rack label per server, in server order (empty: none)",
            Kind::Items {
                grammar: "`label,label,...`",
                example: "r1,r1,r2,r2",
                read: |p, text, notes| apply_racks(&mut p.servers, text, notes),
                write: PlaygroundParams::racks_text,
            },
        ),
        Param::new(
            "failed",
            "names of failed servers",
            Kind::Items {
                grammar: "`name,name,...`, each one of `servers`",
                example: "B",
                read: |p, text, notes| {
                    for name in split_list(text).filter(|n| !n.is_empty()) {
                        match p.servers.iter_mut().find(|s| s.name == name) {
                            Some(server) => server.failed = true,
                            None => notes.push(format!("failed: no server is named {name:?}")),
                        }
                    }
                },
                write: PlaygroundParams::failed_text,
            },
        ),
        Param::new(
            "at",
            "dragged points, as fractions of a turn (ring scheme, 1 virtual node)",
            Kind::Items {
                grammar: "`name:fraction,...`, fractions in [0, 1)",
                example: "A:0.25,C:0.5",
                read: apply_positions,
                write: PlaygroundParams::at_text,
            },
        ),
        Param::new("hashes", "`1` shows hash values", flag_field!(hashes)).unless_default(),
        Param::new(
            "walk",
            "the key being walked, by its index (0 is the first key)",
            Kind::Items {
                grammar: "0 to `keys` - 1",
                example: "3",
                read: |p, text, notes| p.walk = parse_walk(text, p.keys, notes),
                write: |p| p.walk.map(|walk| walk.to_string()),
            },
        ),
    ];

    /// At most [`MAX_POINTS`] ring points.
    fn repair(&mut self, notes: &mut Notes) {
        self.cap_points(notes);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn query(text: &str) -> Vec<(String, String)> {
        text.split('&')
            .filter(|p| !p.is_empty())
            .map(|p| match p.split_once('=') {
                Some((k, v)) => (k.to_string(), v.to_string()),
                None => (p.to_string(), String::new()),
            })
            .collect()
    }

    fn text(query: &[(String, String)]) -> String {
        let pairs: Vec<String> = query.iter().map(|(k, v)| format!("{k}={v}")).collect();
        pairs.join("&")
    }

    const DEFAULT: &str = "servers=4&vnodes=1&keys=8&replicas=3&scheme=ring&seed=7";

    #[test]
    fn a_lone_server_named_like_a_number_stays_a_name() {
        let (params, notes) = PlaygroundParams::from_query(&[("servers".into(), "0000,".into())]);
        assert!(notes.is_empty(), "{notes:?}");
        assert_eq!(params.servers.len(), 1);
        assert_eq!(params.servers[0].name, "0000");
        let query = params.to_query();
        assert_eq!(query[0], ("servers".to_string(), "0000,".to_string()));
        assert_eq!(PlaygroundParams::from_query(&query).0, params);
    }

    #[test]
    fn defaults_parse_cleanly_and_serialize_back() {
        let (params, notes) = PlaygroundParams::from_query(&query(DEFAULT));
        assert!(notes.is_empty(), "{notes:?}");
        assert_eq!(params, PlaygroundParams::default());
        assert_eq!(text(&params.to_query()), DEFAULT);
        let names: Vec<&str> = params.servers.iter().map(|s| s.name.as_str()).collect();
        assert_eq!(names, ["A", "B", "C", "D"]);
        assert_eq!(
            PlaygroundParams::from_query(&[]).0,
            PlaygroundParams::default()
        );
    }

    #[test]
    fn round_trip_of_everything() {
        let q = "servers=alpha=2,beta,10.0.0.1:11211=0.5&vnodes=1&keys=100&replicas=2\
                 &scheme=ring&seed=99&racks=r1,,r2&failed=beta&at=alpha:0.25,10.0.0.1:11211:0.123457\
                 &hashes=1&walk=42";
        let (params, notes) = PlaygroundParams::from_query(&query(q));
        assert!(notes.is_empty(), "{notes:?}");
        assert_eq!(params.servers[0].weight, 2.0);
        assert_eq!(params.servers[2].name, "10.0.0.1:11211");
        assert_eq!(params.servers[2].at, Some(123_457));
        assert_eq!(params.servers[1].rack, None);
        assert!(params.servers[1].failed);
        assert_eq!(params.walk, Some(42));
        assert_eq!(text(&params.to_query()), q);
        let (again, _) = PlaygroundParams::from_query(&params.to_query());
        assert_eq!(again, params);
    }

    #[test]
    fn out_of_range_values_are_clamped_with_notes() {
        let q = "servers=5000&vnodes=0&keys=99999&replicas=9&scheme=maglev&seed=x&bogus=1";
        let (params, notes) = PlaygroundParams::from_query(&query(q));
        assert_eq!(params.servers.len(), MAX_SERVERS);
        assert_eq!(params.vnodes, 1);
        assert_eq!(params.keys, 10_000);
        assert_eq!(params.replicas, 5);
        assert_eq!(params.scheme, Scheme::Ring);
        assert_eq!(params.seed, 7);
        assert_eq!(notes.len(), 7, "{notes:?}");
        assert!(notes.iter().any(|n| n.contains("bogus")));
        // 1e9 is a number (the URL kit reads it as people write it), above the range.
        let (params, notes) = PlaygroundParams::from_query(&query("servers=-3&vnodes=1e9"));
        assert!(params.servers.is_empty());
        assert_eq!(params.vnodes, VNODES.1);
        assert_eq!(notes.len(), 2);
    }

    #[test]
    fn the_ring_is_capped_at_a_million_points_with_a_note() {
        // The hostile link: 1000 servers at weight 10 and 1000 virtual nodes each.
        let names: Vec<String> = (0..1000).map(|i| format!("s{i}=10")).collect();
        let q = format!("servers={}&vnodes=1000&keys=10000", names.join(","));
        let (params, notes) = PlaygroundParams::from_query(&query(&q));
        assert_eq!(params.points(), MAX_POINTS);
        assert_eq!(params.vnodes, 100);
        assert_eq!(notes.len(), 1, "{notes:?}");
        assert!(
            notes[0].starts_with("vnodes=1000 that makes 10,000,000 ring points"),
            "{notes:?}"
        );
        // The capped link reads back as itself.
        let (again, notes) = PlaygroundParams::from_query(&params.to_query());
        assert_eq!((again, notes.len()), (params, 0));
        // nginx: 160 points per unit of weight.
        let (params, notes) = PlaygroundParams::from_query(&query(&format!("{q}&scheme=nginx")));
        assert!(params.points() <= MAX_POINTS, "{}", params.points());
        assert_eq!(notes.len(), 1, "{notes:?}");
        // At weight 1 the largest ring is allowed whole.
        let (params, notes) = PlaygroundParams::from_query(&query("servers=1000&vnodes=1000"));
        assert_eq!((params.points(), notes.len()), (MAX_POINTS, 0));
    }

    #[test]
    fn a_walk_must_name_one_of_the_keys() {
        let (params, notes) = PlaygroundParams::from_query(&query("keys=8&walk=7"));
        assert_eq!((params.walk, notes.len()), (Some(7), 0));
        for bad in ["keys=8&walk=8", "walk=-1", "walk=user:1"] {
            let (params, notes) = PlaygroundParams::from_query(&query(bad));
            assert_eq!(params.walk, None, "{bad}");
            assert_eq!(notes.len(), 1, "{bad}: {notes:?}");
        }
    }

    #[test]
    fn bad_server_lists_are_repaired() {
        let q = "servers=a,a,,b=-1,c=1.2.3,d=50, e ,x=y";
        let (params, notes) = PlaygroundParams::from_query(&query(q));
        let names: Vec<&str> = params.servers.iter().map(|s| s.name.as_str()).collect();
        assert_eq!(names, ["a", "b", "c", "d", "e", "x=y"]);
        assert_eq!(params.servers[1].weight, WEIGHT.0);
        assert_eq!(params.servers[2].weight, 1.0);
        assert_eq!(params.servers[3].weight, WEIGHT.1);
        assert_eq!(notes.len(), 4, "{notes:?}");
        // Markup is just a name (the view renders it as text), and it round-trips.
        let evil = "<img src=x onerror=alert(1)>";
        let (params, notes) = PlaygroundParams::from_query(&query(&format!("servers={evil}")));
        assert!(notes.is_empty(), "{notes:?}");
        assert_eq!(params.servers[0].name, evil);
        let mut weighted = params.clone();
        weighted.servers[0].weight = 2.0;
        for p in [params, weighted] {
            assert_eq!(PlaygroundParams::from_query(&p.to_query()).0, p);
        }
        let mut named = PlaygroundParams::default();
        named.servers[0].name = "k=2".into();
        assert_eq!(PlaygroundParams::from_query(&named.to_query()).0, named);
    }

    #[test]
    fn racks_failed_and_positions_are_checked() {
        let q = "servers=3&racks=r1&failed=Z&at=A:1.5,Q:0.1,B:x";
        let (params, notes) = PlaygroundParams::from_query(&query(q));
        assert_eq!(params.servers[0].rack.as_deref(), Some("r1"));
        assert_eq!(params.servers[0].at, Some(500_000));
        assert_eq!(notes.len(), 5, "{notes:?}");
        let (params, notes) = PlaygroundParams::from_query(&query("vnodes=10&at=A:0.5"));
        assert_eq!(params.servers[0].at, None);
        assert_eq!(notes.len(), 1);
    }

    #[test]
    fn names_and_positions() {
        assert_eq!(server_name(0), "A");
        assert_eq!(server_name(25), "Z");
        assert_eq!(server_name(26), "S27");
        let mut servers = vec![ServerParam::new("A"), ServerParam::new("C")];
        assert_eq!(next_free_name(&servers), "B");
        servers.insert(1, ServerParam::new("B"));
        assert_eq!(next_free_name(&servers), "D");
        assert!(check_label("ok name").is_ok());
        assert!(check_label("").is_err());
        assert!(check_label("a,b").is_err());
        assert!(check_label(" a").is_err());
        assert_eq!(to_micro(0.25), 250_000);
        assert_eq!(to_micro(-0.25), 750_000);
        assert_eq!(to_micro(0.9999999), 0);
        assert_eq!(micro_to_position(250_000, 32), 1 << 30);
        assert_eq!(micro_to_position(500_000, 64), 1 << 63);
        assert_eq!(clamp_weight(f64::NAN), 1.0);
        assert_eq!(clamp_weight(1.234), 1.23);
    }
}
