//! An Envoy cluster (YAML): `lb_policy: RING_HASH` with `ring_hash_lb_config`
//! (`minimum_ring_size`, `maximum_ring_size`, `hash_function`) or `lb_policy: MAGLEV` with
//! `maglev_lb_config.table_size`, or a `load_balancing_policy` naming the
//! `envoy.load_balancing_policies.rendezvous_hash` extension, and the endpoints of `load_assignment` with their
//! `load_balancing_weight`. The cluster is the document itself, or the first of
//! `clusters:` or `static_resources.clusters:`. Endpoints are named `address:port`
//! (`[address]:port` for IPv6), as Envoy names its hosts. Locality weights count only with
//! `common_lb_config.locality_weighted_lb_config`, as in Envoy (for `RING_HASH`; under
//! `MAGLEV` they are listed as not modelled).

use yaml_rust2::Yaml;

use super::yaml::{line_of, load, scalar};
use crate::schemes::maglev::DEFAULT_TABLE_SIZE;
use crate::schemes::ring_hash::{PointHash, Sizes};
use crate::{ConfigError, Server};

/// The load balancer a cluster asks for.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Policy {
    RingHash {
        sizes: Sizes,
        hash: PointHash,
    },
    Maglev {
        table: u64,
    },
    /// `load_balancing_policy` with the `envoy.load_balancing_policies.rendezvous_hash`
    /// extension.
    Rendezvous,
}

/// True when the cluster's `load_balancing_policy` lists the rendezvous hash extension
/// (by its name or its config's `@type`).
fn rendezvous_policy(c: &Yaml) -> bool {
    c["load_balancing_policy"]["policies"]
        .as_vec()
        .into_iter()
        .flatten()
        .any(|policy| {
            let extension = &policy["typed_extension_config"];
            let name = scalar(&extension["name"]).unwrap_or_default();
            let kind = scalar(&extension["typed_config"]["@type"]).unwrap_or_default();
            name.contains("rendezvous_hash") || kind.contains("rendezvous_hash")
        })
}

/// The cluster as Envoy places keys on it.
#[derive(Debug, Clone, PartialEq)]
pub struct Cluster {
    pub name: String,
    pub policy: Policy,
    /// Hosts in host-set order; an address may repeat.
    pub endpoints: Vec<Server>,
    /// With `locality_weighted_lb_config`: each endpoint's locality (an index) and that
    /// locality's weight.
    pub localities: Option<Vec<(usize, u32)>>,
    pub ignored: Vec<String>,
}

/// The cluster mapping in a document, if it has one.
fn cluster(doc: &Yaml) -> Option<&Yaml> {
    if !doc["lb_policy"].is_badvalue() || !doc["load_assignment"].is_badvalue() {
        return Some(doc);
    }
    [&doc["clusters"][0], &doc["static_resources"]["clusters"][0]]
        .into_iter()
        .find(|c| c.as_hash().is_some())
}

/// True when the document is an Envoy cluster (or holds one).
pub fn looks_like(doc: &Yaml) -> bool {
    cluster(doc).is_some()
}

/// Reads the cluster.
///
/// ```
/// use ringlab_core::config::envoy::{parse, Policy};
/// let cluster = parse("
/// name: api
/// lb_policy: RING_HASH
/// ring_hash_lb_config:
///   minimum_ring_size: 12
/// load_assignment:
///   cluster_name: api
///   endpoints:
///   - lb_endpoints:
///     - endpoint:
///         address:
///           socket_address: { address: 10.0.0.1, port_value: 80 }
///       load_balancing_weight: 2
///     - endpoint:
///         address:
///           socket_address: { address: 10.0.0.2, port_value: 80 }
/// ").unwrap();
/// assert_eq!(cluster.name, "api");
/// assert_eq!(cluster.endpoints[0].name, "10.0.0.1:80");
/// assert_eq!(cluster.endpoints[0].weight, 2.0);
/// assert!(matches!(cluster.policy, Policy::RingHash { sizes, .. } if sizes.min == 12));
/// ```
pub fn parse(text: &str) -> Result<Cluster, ConfigError> {
    let doc = load(text)?;
    let at = |needle: &str, why: String| {
        ConfigError::Invalid(format!("line {}: {why}", line_of(text, needle)))
    };
    let c = cluster(&doc).ok_or_else(|| {
        ConfigError::Invalid("no Envoy cluster: expected lb_policy and load_assignment".into())
    })?;
    let name = scalar(&c["name"]).unwrap_or_default();
    let mut ignored = Vec::new();
    let number = |value: &Yaml, what: &str| -> Result<Option<u64>, ConfigError> {
        match value {
            Yaml::BadValue | Yaml::Null => Ok(None),
            Yaml::Integer(n) if *n > 0 => Ok(Some(*n as u64)),
            // Envoy's JSON mapping writes uint64 as strings too.
            Yaml::String(s) => s
                .parse::<u64>()
                .map(Some)
                .map_err(|_| at(what, format!("{what}: {s} is not a whole number"))),
            other => Err(at(
                what,
                format!(
                    "{what}: {} is not a whole number above 0",
                    scalar(other).unwrap_or_default()
                ),
            )),
        }
    };
    let policy = match scalar(&c["lb_policy"]).as_deref() {
        _ if rendezvous_policy(c) => Policy::Rendezvous,
        Some("RING_HASH") => {
            let config = &c["ring_hash_lb_config"];
            let sizes = Sizes {
                min: number(&config["minimum_ring_size"], "minimum_ring_size")?
                    .unwrap_or(Sizes::ENVOY.min),
                max: number(&config["maximum_ring_size"], "maximum_ring_size")?
                    .unwrap_or(Sizes::ENVOY.max),
                cap: None,
            };
            let hash = match scalar(&config["hash_function"]).as_deref() {
                None | Some("XX_HASH") => PointHash::Xxhash,
                Some("MURMUR_HASH_2") => PointHash::Murmur2,
                Some(other) => {
                    return Err(at(
                        "hash_function",
                        format!("hash_function: {other} is not XX_HASH or MURMUR_HASH_2"),
                    ))
                }
            };
            Policy::RingHash { sizes, hash }
        }
        Some("MAGLEV") => Policy::Maglev {
            table: number(&c["maglev_lb_config"]["table_size"], "table_size")?
                .unwrap_or(DEFAULT_TABLE_SIZE),
        },
        Some(other) => {
            return Err(at(
                "lb_policy",
                format!(
                    "lb_policy: {other} does not hash keys; ringlab reads RING_HASH, MAGLEV and the rendezvous_hash policy"
                ),
            ))
        }
        None => return Err(ConfigError::Invalid("the cluster has no lb_policy".into())),
    };
    let mut endpoints = Vec::new();
    let mut locality_of = Vec::new();
    let weighted = !c["common_lb_config"]["locality_weighted_lb_config"].is_badvalue();
    let localities = c["load_assignment"]["endpoints"]
        .as_vec()
        .cloned()
        .unwrap_or_default();
    for (index, locality) in localities.iter().enumerate() {
        let lw = number(&locality["load_balancing_weight"], "load_balancing_weight")?;
        if lw.is_some() && !weighted {
            ignored.push(format!(
                "line {}: a locality weight without common_lb_config.locality_weighted_lb_config: Envoy ignores it",
                line_of(text, "load_balancing_weight")
            ));
        }
        let lw = u32::try_from(lw.unwrap_or(1)).unwrap_or(u32::MAX);
        for host in locality["lb_endpoints"].as_vec().into_iter().flatten() {
            locality_of.push((index, lw));
            let socket = &host["endpoint"]["address"]["socket_address"];
            let Some(address) = scalar(&socket["address"]) else {
                return Err(at(
                    "endpoint",
                    "an endpoint has no socket_address.address".into(),
                ));
            };
            let port = scalar(&socket["port_value"]).unwrap_or_default();
            let name = if address.contains(':') {
                format!("[{address}]:{port}")
            } else {
                format!("{address}:{port}")
            };
            let weight =
                number(&host["load_balancing_weight"], "load_balancing_weight")?.unwrap_or(1);
            if !host["metadata"].is_badvalue() {
                ignored.push(format!(
                    "line {}: endpoint metadata (a hash_key) is not read; {name} is named by its address",
                    line_of(text, "metadata")
                ));
            }
            endpoints.push(Server::new(name).with_weight(weight as f64));
        }
    }
    if endpoints.is_empty() {
        return Err(ConfigError::Invalid(
            "the cluster has no endpoints under load_assignment".into(),
        ));
    }
    ignored.dedup();
    let localities = match policy {
        Policy::RingHash { .. } if weighted => Some(locality_of),
        Policy::Maglev { .. } | Policy::Rendezvous if weighted => {
            ignored.push(
                "locality weights under MAGLEV and rendezvous are not modelled here; hosts keep their own weights"
                    .to_string(),
            );
            None
        }
        _ => None,
    };
    Ok(Cluster {
        name,
        policy,
        endpoints,
        localities,
        ignored,
    })
}

#[cfg(test)]
mod rendezvous_tests {
    use super::*;

    /// The rendezvous policy is read from `load_balancing_policy`, by its extension's name
    /// or its config's type, with or without an `lb_policy` beside it.
    #[test]
    fn the_rendezvous_policy_is_read_by_name_or_type() {
        let hosts = "load_assignment:\n  endpoints:\n  - lb_endpoints:\n    - endpoint:\n        address:\n          socket_address: { address: 10.0.0.1, port_value: 80 }\n";
        let by_name = format!(
            "name: a\nload_balancing_policy:\n  policies:\n  - typed_extension_config:\n      name: envoy.load_balancing_policies.rendezvous_hash\n{hosts}"
        );
        let by_type = format!(
            "name: b\nlb_policy: LOAD_BALANCING_POLICY_CONFIG\nload_balancing_policy:\n  policies:\n  - typed_extension_config:\n      name: mine\n      typed_config:\n        \"@type\": type.googleapis.com/envoy.extensions.load_balancing_policies.rendezvous_hash.v3.RendezvousHash\n{hosts}"
        );
        for text in [by_name, by_type] {
            let cluster = parse(&text).unwrap();
            assert_eq!(cluster.policy, Policy::Rendezvous);
            assert_eq!(cluster.endpoints[0].name, "10.0.0.1:80");
        }
        let other = format!(
            "name: c\nload_balancing_policy:\n  policies:\n  - typed_extension_config:\n      name: envoy.load_balancing_policies.round_robin\n{hosts}"
        );
        assert!(parse(&other).is_err(), "round robin does not hash keys");
    }
}
