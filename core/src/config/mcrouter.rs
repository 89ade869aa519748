//! An mcrouter config (JSON, comments allowed): its `pools` and the `route` (or the first
//! of `routes`), read down to the hash route that places keys.
//!
//! - `"PoolRoute|A"`, or `{"type": "PoolRoute", "pool": ..., "hash": ...}`: pool A's
//!   servers. The pool's `weights` make the hash `WeightedCh3`, its `tags` are the
//!   rendezvous tags, and the route's `hash` (a `hash_func` name, or an object with
//!   `hash_func`, `salt`, `weights`, `tags`) overrides both, as in mcrouter.
//! - `{"type": "HashRoute", "children": "Pool|A", "hash_func": ..., "salt": ...}`, or
//!   `"HashRoute|Pool|A"`: the same over the pool's servers, with the route's own
//!   `weights` and `tags`. Children given as a list of routes are named by their text.
//! - A pool is named (`"A"`, `"Pool|A"`) or written in place (`{"name": ..., "servers":
//!   [...]}`). `hash_func` defaults to `Ch3`.
//!
//! ```
//! use ringlab_core::config::mcrouter::parse;
//! use ringlab_core::schemes::mcrouter_route::HashFunc;
//! let route = parse(r#"{
//!   // two memcached boxes, the second at half weight
//!   "pools": { "A": { "servers": ["10.0.0.1:11211", "10.0.0.2:11211"], "weights": [1, 0.5] } },
//!   "route": "PoolRoute|A"
//! }"#).unwrap();
//! assert_eq!(route.name, "A");
//! assert_eq!(route.func, HashFunc::WeightedCh3);
//! assert_eq!(route.servers[1].weight, 0.5);
//! ```

use yaml_rust2::Yaml;

use super::yaml::{line_of, load, scalar};
use crate::schemes::mcrouter_route::HashFunc;
use crate::{ConfigError, Server};

/// The hash route a config places keys by.
#[derive(Debug, Clone, PartialEq)]
pub struct Route {
    /// The pool's name (or the route's text when the children are routes).
    pub name: String,
    pub func: HashFunc,
    /// The children in order, with mcrouter's weights (1 where the function takes none).
    pub servers: Vec<Server>,
    /// The rendezvous tags, one per child, when the config gives them.
    pub tags: Option<Vec<String>>,
    pub salt: String,
    pub ignored: Vec<String>,
}

/// True when the text is a JSON object with `pools` or a `route`/`routes` key.
pub fn looks_like(text: &str) -> bool {
    let clean = strip_comments(text);
    clean.trim_start().starts_with('{')
        && ["\"route\"", "\"routes\"", "\"pools\""]
            .iter()
            .any(|k| clean.contains(k))
}

/// The text without `//` and `/* */` comments, and with tabs outside strings made spaces
/// (YAML, which reads the JSON, refuses tabs where JSON allows them).
fn strip_comments(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    let mut in_string = false;
    while let Some(c) = chars.next() {
        if in_string {
            out.push(c);
            match c {
                '\\' => out.extend(chars.next()),
                '"' => in_string = false,
                _ => {}
            }
            continue;
        }
        match (c, chars.peek()) {
            ('"', _) => {
                in_string = true;
                out.push(c);
            }
            ('/', Some('/')) => {
                for c in chars.by_ref() {
                    if c == '\n' {
                        out.push('\n');
                        break;
                    }
                }
            }
            ('/', Some('*')) => {
                chars.next();
                let mut last = ' ';
                for c in chars.by_ref() {
                    if c == '\n' {
                        // Keep the line numbers.
                        out.push('\n');
                    }
                    if last == '*' && c == '/' {
                        break;
                    }
                    last = c;
                }
            }
            ('\t', _) => out.push(' '),
            _ => out.push(c),
        }
    }
    out
}

/// What the route's hash says, merged as mcrouter merges it.
#[derive(Default)]
struct Hash {
    func: Option<String>,
    salt: Option<String>,
    weights: Option<Yaml>,
    tags: Option<Yaml>,
}

impl Hash {
    /// Sets what `object` names (`hash_func`, `salt`, `weights`, `tags`).
    fn merge(&mut self, object: &Yaml) {
        if let Some(f) = scalar(&object["hash_func"]) {
            self.func = Some(f);
        }
        if let Some(s) = scalar(&object["salt"]) {
            self.salt = Some(s);
        }
        if !object["weights"].is_badvalue() {
            self.weights = Some(object["weights"].clone());
        }
        if !object["tags"].is_badvalue() {
            self.tags = Some(object["tags"].clone());
        }
    }
}

/// A pool: its name and JSON.
struct Pool<'a> {
    name: String,
    json: &'a Yaml,
}

/// Reads the config.
pub fn parse(text: &str) -> Result<Route, ConfigError> {
    let clean = strip_comments(text);
    let doc = load(&clean)?;
    let at = |needle: &str, why: String| {
        ConfigError::Invalid(format!("line {}: {why}", line_of(text, needle)))
    };
    let mut ignored = Vec::new();
    let route = if !doc["route"].is_badvalue() {
        &doc["route"]
    } else if let Some(routes) = doc["routes"].as_vec() {
        if routes.len() > 1 {
            ignored.push(format!(
                "line {}: routes: the first of {} is read",
                line_of(text, "\"routes\""),
                routes.len()
            ));
        }
        routes
            .first()
            .map(|r| &r["route"])
            .filter(|r| !r.is_badvalue())
            .ok_or_else(|| at("\"routes\"", "routes: the first has no route".into()))?
    } else {
        return Err(ConfigError::Invalid(
            "no mcrouter route: expected \"route\" or \"routes\"".into(),
        ));
    };
    // The route's type and its argument, from "Type|arg" or an object's "type".
    let (kind, arg) = match route {
        Yaml::String(s) => {
            let (kind, arg) = s.split_once('|').unwrap_or((s.as_str(), ""));
            (kind.to_string(), Some(arg.to_string()))
        }
        Yaml::Hash(_) => (scalar(&route["type"]).unwrap_or_default(), None),
        _ => {
            return Err(at(
                "\"route\"",
                "route: expected a string or an object".into(),
            ))
        }
    };
    let arg_yaml = arg.map(Yaml::String);
    let mut hash = Hash::default();
    let (name, children): (String, Vec<Server>) = match kind.as_str() {
        "PoolRoute" => {
            let spec = arg_yaml.as_ref().unwrap_or(&route["pool"]);
            if spec.is_badvalue() {
                return Err(at("PoolRoute", "PoolRoute: no pool".into()));
            }
            let p = find_pool(&doc, spec, text)?;
            // A pool's weights make the hash WeightedCh3; the route's hash overrides.
            if let Some(w) = p.json["weights"].as_vec() {
                if w.len() == servers_of(p.json).len() {
                    hash.func = Some("WeightedCh3".into());
                    hash.weights = Some(p.json["weights"].clone());
                } else {
                    ignored.push(format!(
                        "line {}: weights: {} for {} servers, so mcrouter ignores them",
                        line_of(text, "\"weights\""),
                        w.len(),
                        servers_of(p.json).len()
                    ));
                }
            }
            if !p.json["tags"].is_badvalue() {
                hash.tags = Some(p.json["tags"].clone());
            }
            match &route["hash"] {
                Yaml::String(f) => hash.func = Some(f.clone()),
                h @ Yaml::Hash(_) => hash.merge(h),
                _ => {}
            }
            let servers = pool_servers(&p, text)?;
            (p.name, servers)
        }
        "HashRoute" => {
            let children = arg_yaml.as_ref().unwrap_or(&route["children"]);
            hash.merge(route);
            match children {
                Yaml::String(s) if s.starts_with("Pool|") => {
                    let p = find_pool(&doc, children, text)?;
                    let servers = pool_servers(&p, text)?;
                    (p.name, servers)
                }
                Yaml::Array(list) => {
                    let names = list
                        .iter()
                        .map(|c| {
                            scalar(c).ok_or_else(|| {
                                at("children", "HashRoute: ringlab reads children written as route names (\"PoolRoute|A\")".into())
                            })
                        })
                        .collect::<Result<Vec<String>, ConfigError>>()?;
                    let servers = names.iter().map(Server::new).collect();
                    (scalar(&route["name"]).unwrap_or_default(), servers)
                }
                _ => {
                    return Err(at(
                        "HashRoute",
                        "HashRoute: children should be \"Pool|name\" or a list of routes".into(),
                    ))
                }
            }
        }
        "" => return Err(at("\"route\"", "route: no type".into())),
        other => {
            return Err(at(
                other,
                format!("route type {other}: ringlab reads PoolRoute and HashRoute, the routes that hash keys"),
            ))
        }
    };
    let func_name = hash.func.unwrap_or_else(|| "Ch3".into());
    let func = HashFunc::parse(&func_name).ok_or_else(|| {
        at(
            &func_name,
            format!(
                "hash_func {func_name}: ringlab knows {}",
                HashFunc::ALL.map(HashFunc::name).join(", ")
            ),
        )
    })?;
    let mut servers = children;
    if func.weighted() {
        let weights = numbers(hash.weights.as_ref(), "weights", text)?;
        // A missing weight: 0.5 for WeightedCh3, 0 for WeightedRendezvous.
        let missing = if func == HashFunc::WeightedCh3 {
            0.5
        } else {
            0.0
        };
        for (i, server) in servers.iter_mut().enumerate() {
            server.weight = weights.get(i).copied().unwrap_or(missing);
        }
    } else if hash.weights.is_some() {
        ignored.push(format!(
            "line {}: weights: {func_name} does not weigh its servers",
            line_of(text, "\"weights\"")
        ));
    }
    let tags = match hash.tags {
        Some(tags) => Some(
            tags.as_vec()
                .ok_or_else(|| at("\"tags\"", "tags: expected a list".into()))?
                .iter()
                .map(|t| {
                    scalar(t).ok_or_else(|| at("\"tags\"", "tags: each tag is a string".into()))
                })
                .collect::<Result<Vec<String>, ConfigError>>()?,
        ),
        None if func.uses_tags() => {
            return Err(at(
                &func_name,
                format!(
                    "{func_name} needs \"tags\", one per server, in the route's hash or the pool"
                ),
            ))
        }
        None => None,
    };
    Ok(Route {
        name,
        func,
        servers,
        tags,
        salt: hash.salt.unwrap_or_default(),
        ignored,
    })
}

/// The pool `spec` names (`"A"`, `"Pool|A"`) or writes in place.
fn find_pool<'a>(doc: &'a Yaml, spec: &'a Yaml, text: &str) -> Result<Pool<'a>, ConfigError> {
    match spec {
        Yaml::String(s) => {
            let name = s.strip_prefix("Pool|").unwrap_or(s);
            let json = &doc["pools"][name];
            if json.is_badvalue() {
                return Err(ConfigError::Invalid(format!(
                    "line {}: there is no pool {name:?} in \"pools\"",
                    line_of(text, s)
                )));
            }
            Ok(Pool {
                name: name.to_string(),
                json,
            })
        }
        Yaml::Hash(_) => Ok(Pool {
            name: scalar(&spec["name"]).unwrap_or_default(),
            json: spec,
        }),
        _ => Err(ConfigError::Invalid(
            "a pool is a name or an object with servers".into(),
        )),
    }
}

fn servers_of(pool: &Yaml) -> &[Yaml] {
    pool["servers"].as_vec().map_or(&[], Vec::as_slice)
}

/// The pool's servers as written (`host:port`, `[v6]:port`, with `:protocol` if given).
fn pool_servers(pool: &Pool, text: &str) -> Result<Vec<Server>, ConfigError> {
    if pool.json["servers"].as_vec().is_none() {
        return Err(ConfigError::Invalid(format!(
            "line {}: pool {:?} has no \"servers\" list",
            line_of(text, &pool.name),
            pool.name
        )));
    }
    servers_of(pool.json)
        .iter()
        .map(|s| {
            scalar(s).map(Server::new).ok_or_else(|| {
                ConfigError::Invalid(format!(
                    "pool {:?}: ringlab reads servers written as \"host:port\"",
                    pool.name
                ))
            })
        })
        .collect()
}

/// A list of numbers (weights).
fn numbers(value: Option<&Yaml>, what: &str, text: &str) -> Result<Vec<f64>, ConfigError> {
    let Some(value) = value else {
        return Ok(Vec::new());
    };
    let bad = || {
        ConfigError::Invalid(format!(
            "line {}: {what}: expected a list of numbers",
            line_of(text, &format!("\"{what}\""))
        ))
    };
    value
        .as_vec()
        .ok_or_else(bad)?
        .iter()
        .map(|v| match v {
            Yaml::Integer(i) => Ok(*i as f64),
            Yaml::Real(r) => r.parse().map_err(|_| bad()),
            _ => Err(bad()),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    const POOLS: &str = r#"{ "pools": { "A": { "servers": [ "10.0.0.1:11211", "10.0.0.2:11211", "10.0.0.3:11211" ] } },"#;

    fn with_route(route: &str) -> Result<Route, ConfigError> {
        parse(&format!("{POOLS} \"route\": {route} }}"))
    }

    #[test]
    fn every_way_of_naming_a_pool_route_reads_the_same() {
        for route in [
            r#""PoolRoute|A""#,
            r#"{ "type": "PoolRoute", "pool": "A" }"#,
            r#"{ "type": "PoolRoute", "pool": "Pool|A", "hash": "Ch3" }"#,
            r#"{ "type": "HashRoute", "children": "Pool|A" }"#,
            r#""HashRoute|Pool|A""#,
        ] {
            let r = with_route(route).unwrap_or_else(|e| panic!("{route}: {e}"));
            assert_eq!(
                (r.name.as_str(), r.func, r.servers.len()),
                ("A", HashFunc::Ch3, 3),
                "{route}"
            );
        }
    }

    #[test]
    fn the_routes_hash_overrides_the_pools() {
        let text = r#"{
          "pools": { "A": { "servers": ["a:1", "b:1"], "weights": [1, 0.25], "tags": ["ta", "tb"] } },
          /* the route picks rendezvous */
          "route": { "type": "PoolRoute", "pool": "A",
                     "hash": { "hash_func": "WeightedRendezvous", "salt": "s1" } }
        }"#;
        let r = parse(text).unwrap();
        assert_eq!(r.func, HashFunc::WeightedRendezvous);
        assert_eq!(r.salt, "s1");
        assert_eq!(r.tags, Some(vec!["ta".into(), "tb".into()]));
        assert_eq!(r.servers[1].weight, 0.25);
    }

    #[test]
    fn routes_inline_pools_and_route_lists_are_read() {
        let text = r#"{ "routes": [ { "aliases": ["/a/b/"], "route": { "type": "PoolRoute",
            "pool": { "name": "P", "servers": ["x:1", "y:1"] }, "hash": { "hash_func": "Crc32" } } } ] }"#;
        let r = parse(text).unwrap();
        assert_eq!((r.name.as_str(), r.func), ("P", HashFunc::Crc32));
        let list =
            with_route(r#"{ "type": "HashRoute", "children": ["PoolRoute|A", "PoolRoute|B"] }"#)
                .unwrap();
        assert_eq!(list.servers[1].name, "PoolRoute|B");
    }

    #[test]
    fn what_cannot_be_read_says_why() {
        let cases = [
            (r#""PoolRoute|B""#, "no pool \"B\""),
            (
                r#"{ "type": "PoolRoute", "pool": "A", "hash": "Md5" }"#,
                "hash_func Md5",
            ),
            (
                r#"{ "type": "PoolRoute", "pool": "A", "hash": "Rendezvous" }"#,
                "needs \"tags\"",
            ),
            (r#""FailoverRoute|Pool|A""#, "route type FailoverRoute"),
            (r#"{ "type": "HashRoute", "children": 3 }"#, "children"),
        ];
        for (route, why) in cases {
            let e = with_route(route).unwrap_err().to_string();
            assert!(e.contains(why), "{route}: {e}");
        }
        assert!(parse("{ \"pools\": {} }").is_err());
        assert!(parse("{ not json").is_err());
    }

    #[test]
    fn comments_and_tabs_do_not_count_but_slashes_in_strings_do() {
        let text = "{\t// a comment \"route\"\n \"route\": \"PoolRoute|A\", /* x */ \"pools\": {\"A\": {\"servers\": [\"h//1:1\"]}}}";
        let r = parse(text).unwrap();
        assert_eq!(r.servers[0].name, "h//1:1");
        assert!(looks_like(text));
        assert!(!looks_like("a:1\nb:2\n"));
    }

    #[test]
    fn weights_of_the_wrong_length_are_ignored_as_mcrouter_does() {
        let r = parse(r#"{ "pools": { "A": { "servers": ["a:1", "b:1"], "weights": [1] } }, "route": "PoolRoute|A" }"#).unwrap();
        assert_eq!(r.func, HashFunc::Ch3);
        assert!(
            r.ignored[0].contains("mcrouter ignores them"),
            "{:?}",
            r.ignored
        );
    }
}
