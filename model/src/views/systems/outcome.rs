//! What the page shows for a state: the text read as a system, each key's owner, every
//! server's share, and what one change moves. Every figure comes from
//! `ringlab_core::config` and the partitioner it builds.

use ringlab_core::config::{self, Placement, Reading};
use ringlab_core::partitioner::owners_of;
use ringlab_core::schemes::haproxy::{assign_ids, Haproxy};
use ringlab_core::{Options, Partitioner, Server};

use super::params::{Change, SystemsParams};
use super::system::System;

/// The most keys looked up.
pub const MAX_KEYS: usize = 10_000;

/// The replication factor shown for Cassandra (`nodetool ring` does not say a keyspace's).
pub const CASSANDRA_REPLICATION: usize = 3;

/// One server and what it holds.
#[derive(Debug, Clone, PartialEq)]
pub struct ServerRow {
    pub name: String,
    pub weight: f64,
    /// Its exact share of the key space.
    pub share: f64,
    /// How many of the pasted keys it owns.
    pub keys: usize,
}

/// One key and where it goes.
#[derive(Debug, Clone, PartialEq)]
pub struct KeyRow {
    pub key: String,
    /// Index into [`Outcome::servers`]; `None` for a key the system does not place.
    pub owner: Option<usize>,
    /// The owner's name after the change, when there is one.
    pub after: Option<Option<String>>,
    /// The servers holding copies besides the owner, where the system keeps them.
    pub replicas: Vec<String>,
}

impl KeyRow {
    /// True when the change sends the key elsewhere.
    pub fn moved(&self, servers: &[ServerRow]) -> bool {
        match &self.after {
            Some(after) => after.as_deref() != self.owner.map(|i| servers[i].name.as_str()),
            None => false,
        }
    }
}

/// The result of a change.
#[derive(Debug, Clone, PartialEq)]
pub struct ChangeResult {
    /// What was done, in words.
    pub summary: String,
    /// The after-change servers' shares, by name.
    pub shares: Vec<(String, f64)>,
}

/// Everything the page shows.
pub struct Outcome {
    /// The system the text was read as.
    pub system: System,
    pub reading: Reading,
    pub partitioner: std::rc::Rc<dyn Partitioner>,
    pub servers: Vec<ServerRow>,
    pub rows: Vec<KeyRow>,
    /// Keys past [`MAX_KEYS`], left out.
    pub keys_left_out: usize,
    /// The change, or why it could not be made.
    pub change: Option<Result<ChangeResult, String>>,
    /// How replicas are chosen, when the system has them.
    pub replicas_rule: Option<&'static str>,
}

impl Outcome {
    /// How many keys the change moves.
    pub fn moved(&self) -> usize {
        self.rows.iter().filter(|r| r.moved(&self.servers)).count()
    }

    /// The row of the key the picture shows: the one asked for, else the first.
    pub fn selected(&self, key: Option<&str>) -> Option<&KeyRow> {
        key.and_then(|k| self.rows.iter().find(|r| r.key == k))
            .or(self.rows.first())
    }
}

/// The keys of the keys box: one per line, a trailing newline ending the last; a `\r`
/// before it is dropped.
pub fn keys(text: &str) -> Vec<&str> {
    let text = text.strip_suffix('\n').unwrap_or(text);
    if text.is_empty() {
        return Vec::new();
    }
    text.split('\n')
        .map(|k| k.strip_suffix('\r').unwrap_or(k))
        .collect()
}

/// Reads the state's text and places its keys; `Err` is the message to show (with the
/// line number when the text has one).
pub fn outcome(params: &SystemsParams) -> Result<Outcome, String> {
    let text = params.config_text();
    let list_scheme = params.system.list_scheme();
    let list = list_scheme.unwrap_or(ringlab_core::SchemeKind::Ring);
    // The system's own defaults: a groupcache pool has 50 replicas per node, not 160.
    let reading =
        config::read(text, list, &Options::for_scheme(list)).map_err(|e| e.to_string())?;
    if reading.format == config::Format::List && list_scheme.is_none() {
        return Err(format!(
            "{} reads its configuration: paste a backend, or pick a system that takes a server list",
            params.system.label()
        ));
    }
    let system = System::of(&reading, params.system);
    let partitioner = reading.build().map_err(|e| e.to_string())?;
    let all = keys(params.keys_text());
    let keys_left_out = all.len().saturating_sub(MAX_KEYS);
    let mut servers: Vec<ServerRow> = partitioner
        .servers()
        .iter()
        .zip(partitioner.load_shares())
        .map(|(s, share)| ServerRow {
            name: s.name.clone(),
            weight: s.weight,
            share,
            keys: 0,
        })
        .collect();
    let after = params
        .change
        .as_ref()
        .map(|change| changed(&reading, partitioner.as_ref(), change));
    let replicas_rule = match system {
        System::Cassandra => Some(
            "Replicas: the next two distinct nodes clockwise (replication factor 3, SimpleStrategy).",
        ),
        System::Redis if (0..servers.len()).any(|i| !reading.replicas_of(i).is_empty()) => {
            Some("Replicas: the owner's replicas in the CLUSTER NODES text; a failover promotes one.")
        }
        _ => None,
    };
    let replicas_of = |key: &str, owner: Option<usize>| -> Vec<String> {
        match (system, owner) {
            (System::Cassandra, Some(_)) => partitioner
                .preference_list(key.as_bytes(), CASSANDRA_REPLICATION)
                .into_iter()
                .skip(1)
                .map(|i| partitioner.servers()[i].name.clone())
                .collect(),
            (System::Redis, Some(i)) => reading.replicas_of(i).to_vec(),
            _ => Vec::new(),
        }
    };
    let shown: Vec<&str> = all.into_iter().take(MAX_KEYS).collect();
    let owners = owners_of(partitioner.as_ref(), &shown);
    // Each key's owner by name after the change, when the change could be made.
    let names_after: Option<Vec<Option<String>>> = match &after {
        Some(Ok(p)) => Some(
            owners_of(p.as_ref(), &shown)
                .into_iter()
                .map(|owner| owner.map(|i| p.servers()[i].name.clone()))
                .collect(),
        ),
        _ => None,
    };
    let mut rows = Vec::with_capacity(shown.len());
    for (k, key) in shown.into_iter().enumerate() {
        let owner = owners[k];
        if let Some(i) = owner {
            servers[i].keys += 1;
        }
        rows.push(KeyRow {
            key: key.to_string(),
            owner,
            after: names_after.as_ref().map(|names| names[k].clone()),
            replicas: replicas_of(key, owner),
        });
    }
    let change = params.change.as_ref().zip(after).map(|(change, after)| {
        after.map(|p| ChangeResult {
            summary: summary(change, system),
            shares: p
                .servers()
                .iter()
                .zip(p.load_shares())
                .map(|(s, share)| (s.name.clone(), share))
                .collect(),
        })
    });
    Ok(Outcome {
        system,
        reading,
        partitioner: partitioner.into(),
        servers,
        rows,
        keys_left_out,
        change,
        replicas_rule,
    })
}

/// The partitioner after `change`, or why it cannot be made.
fn changed(
    reading: &Reading,
    before: &dyn Partitioner,
    change: &Change,
) -> Result<Box<dyn Partitioner>, String> {
    let servers = before.servers();
    let name = change.server();
    let at = servers.iter().position(|s| s.name == name);
    let missing = || format!("there is no server {name:?} to change");
    let mut list = servers.to_vec();
    match change {
        Change::Remove(_) | Change::Fail(_) => {
            let at = at.ok_or_else(missing)?;
            list.remove(at);
            if let Placement::Haproxy(backend) = &reading.placement {
                // Taken out of the file, servers without an explicit id are numbered
                // again; down but still configured, every server keeps the id it had.
                let mut ids: Vec<Option<u32>> = match change {
                    Change::Fail(_) => assign_ids(&backend.ids).into_iter().map(Some).collect(),
                    _ => backend.ids.clone(),
                };
                ids.remove(at);
                return Haproxy::new(list, &ids, backend.hash)
                    .map(|h| Box::new(h) as Box<dyn Partitioner>)
                    .map_err(|e| e.to_string());
            }
        }
        Change::Add(_, weight) => {
            if at.is_some() {
                return Err(format!("{name:?} is already a server"));
            }
            list.push(Server::new(name).with_weight(*weight));
        }
        Change::Weight(_, weight) => {
            let at = at.ok_or_else(missing)?;
            list[at].weight = *weight;
        }
    }
    config::rebuild(reading, list).map_err(|e| e.to_string())
}

/// The change in words, with what the system does about it.
fn summary(change: &Change, system: System) -> String {
    match change {
        Change::Remove(name) => format!("{name} taken out of the configuration"),
        Change::Fail(name) if system == System::Haproxy => {
            format!("{name} down: the other servers keep their ids, so only its keys move")
        }
        Change::Fail(name) => format!("{name} down: the system rebuilds without it"),
        Change::Add(name, w) => format!("{name} added with weight {w}"),
        Change::Weight(name, w) => format!("{name} set to weight {w}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn params(system: System, change: Option<Change>) -> SystemsParams {
        SystemsParams {
            system,
            change,
            ..SystemsParams::default()
        }
    }

    #[test]
    fn the_example_places_every_key_and_shares_sum_to_one() {
        for system in System::ALL {
            let out = outcome(&params(system, None)).unwrap();
            assert_eq!(out.system, system);
            assert_eq!(out.rows.len(), 12);
            assert!(
                out.rows.iter().all(|r| r.owner.is_some()),
                "{}",
                system.name()
            );
            let total: f64 = out.servers.iter().map(|s| s.share).sum();
            assert!((total - 1.0).abs() < 1e-9, "{}: {total}", system.name());
            assert_eq!(out.servers.iter().map(|s| s.keys).sum::<usize>(), 12);
        }
    }

    #[test]
    fn removing_a_server_moves_only_its_keys_on_a_ring() {
        let before = outcome(&params(System::Nginx, None)).unwrap();
        let gone = before.servers[0].name.clone();
        let after = outcome(&params(System::Nginx, Some(Change::Remove(gone.clone())))).unwrap();
        assert!(after.moved() > 0);
        for row in &after.rows {
            if row.moved(&after.servers) {
                assert_eq!(after.servers[row.owner.unwrap()].name, gone);
            }
        }
    }

    #[test]
    fn haproxy_failing_keeps_ids_and_removing_renumbers() {
        // web1 has implicit id 1: removing it renumbers web2 and web3, failing does not.
        let fail = outcome(&params(System::Haproxy, Some(Change::Fail("web1".into())))).unwrap();
        for row in &fail.rows {
            if row.moved(&fail.servers) {
                assert_eq!(fail.servers[row.owner.unwrap()].name, "web1");
            }
        }
        let remove = outcome(&params(
            System::Haproxy,
            Some(Change::Remove("web1".into())),
        ))
        .unwrap();
        assert!(
            remove.moved() > fail.moved(),
            "{} vs {}",
            remove.moved(),
            fail.moved()
        );
    }

    #[test]
    fn bad_text_and_bad_changes_say_why() {
        let broken = SystemsParams {
            config: Some("upstream u {\n  hash $k consistent;\n  server a weight=x;\n}".into()),
            ..SystemsParams::default()
        };
        let err = outcome(&broken).err().unwrap();
        assert!(err.starts_with("line 3:"), "{err}");
        let out = outcome(&params(System::Nginx, Some(Change::Remove("nope".into())))).unwrap();
        assert!(matches!(&out.change, Some(Err(why)) if why.contains("no server \"nope\"")));
        let list = SystemsParams {
            system: System::Haproxy,
            config: Some("10.0.0.1:80\n10.0.0.2:80".into()),
            ..SystemsParams::default()
        };
        assert!(outcome(&list)
            .err()
            .unwrap()
            .contains("reads its configuration"));
    }

    #[test]
    fn replicas_where_the_system_keeps_them() {
        let cassandra = outcome(&params(System::Cassandra, None)).unwrap();
        assert!(cassandra.replicas_rule.is_some());
        for row in &cassandra.rows {
            let owner = &cassandra.servers[row.owner.unwrap()].name;
            assert_eq!(row.replicas.len(), 2);
            assert!(!row.replicas.contains(owner));
        }
        let redis = outcome(&params(System::Redis, None)).unwrap();
        // The example's one replica, 10.0.2.4, copies master 10.0.2.1.
        for row in &redis.rows {
            let owner = &redis.servers[row.owner.unwrap()].name;
            let expected: Vec<String> = if owner == "10.0.2.1:6379" {
                vec!["10.0.2.4:6379".into()]
            } else {
                Vec::new()
            };
            assert_eq!(row.replicas, expected);
        }
        let nginx = outcome(&params(System::Nginx, None)).unwrap();
        assert!(nginx.replicas_rule.is_none());
        assert!(nginx.rows.iter().all(|r| r.replicas.is_empty()));
    }

    #[test]
    fn keys_are_lines_and_a_pasted_config_switches_the_system() {
        assert_eq!(keys("a\r\n\nb\n"), vec!["a", "", "b"]);
        assert!(keys("").is_empty());
        let pasted = SystemsParams {
            system: System::Libmemcached,
            config: Some(System::Twemproxy.example().into()),
            ..SystemsParams::default()
        };
        assert_eq!(outcome(&pasted).unwrap().system, System::Twemproxy);
    }
}
