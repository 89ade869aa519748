//! A physical server: its name, its weight and, optionally, its rack (or zone).

use crate::ConfigError;

/// One physical server of a cluster.
///
/// `name` is what the schemes hash (for ketama and nginx it is `host:port`), `weight` a
/// positive number (schemes that need whole numbers round it), `rack` an optional label
/// used by rack-aware preference lists.
#[derive(Debug, Clone, PartialEq)]
pub struct Server {
    pub name: String,
    pub weight: f64,
    pub rack: Option<String>,
}

impl Server {
    /// A server of weight 1 with no rack.
    pub fn new(name: impl Into<String>) -> Self {
        Server {
            name: name.into(),
            weight: 1.0,
            rack: None,
        }
    }

    /// The same server with another weight.
    pub fn with_weight(mut self, weight: f64) -> Self {
        self.weight = weight;
        self
    }

    /// The same server in a rack (zone).
    pub fn with_rack(mut self, rack: impl Into<String>) -> Self {
        self.rack = Some(rack.into());
        self
    }
}

/// Servers named `prefix0`, `prefix1`, ... of weight 1: handy for tests and the lab.
pub fn numbered_servers(prefix: &str, count: usize) -> Vec<Server> {
    (0..count)
        .map(|i| Server::new(format!("{prefix}{i}")))
        .collect()
}

/// Parses a comma-separated list of `name[=weight]`, as the command line and URLs write it.
///
/// ```
/// use ringlab_core::parse_server_list;
/// let servers = parse_server_list("a=2, b ,c=0.5").unwrap();
/// assert_eq!(servers.len(), 3);
/// assert_eq!((servers[0].name.as_str(), servers[0].weight), ("a", 2.0));
/// assert_eq!(servers[1].name, "b");
/// assert!(parse_server_list("a,a").is_err());
/// assert!(parse_server_list("a=-1").is_err());
/// assert!(parse_server_list("").is_err());
/// ```
pub fn parse_server_list(text: &str) -> Result<Vec<Server>, ConfigError> {
    let servers = parse_endpoint_list(text)?;
    validate_servers(&servers)?;
    Ok(servers)
}

/// Like [`parse_server_list`], but a name may repeat: Envoy and gRPC take a list of
/// endpoints in which a repeated address means something (see
/// [`crate::schemes::ring_hash`]).
///
/// ```
/// use ringlab_core::parse_endpoint_list;
/// assert_eq!(parse_endpoint_list("a,b,a").unwrap().len(), 3);
/// assert!(parse_endpoint_list("a,,b").is_err());
/// ```
pub fn parse_endpoint_list(text: &str) -> Result<Vec<Server>, ConfigError> {
    let mut servers = Vec::new();
    for item in text.split(',') {
        let item = item.trim();
        if item.is_empty() {
            if text.trim().is_empty() {
                return Err(ConfigError::NoServers);
            }
            return Err(ConfigError::EmptyName);
        }
        let (name, weight) = match item.rsplit_once('=') {
            Some((name, weight_text)) => {
                let name = name.trim();
                let weight = parse_weight(name, weight_text.trim())?;
                (name, weight)
            }
            None => (item, 1.0),
        };
        if name.is_empty() {
            return Err(ConfigError::EmptyName);
        }
        servers.push(Server::new(name).with_weight(weight));
    }
    Ok(servers)
}

/// Zips rack labels (comma-separated, one per server, in order) onto a server list.
pub fn assign_racks(servers: &mut [Server], racks: &str) -> Result<(), ConfigError> {
    let labels: Vec<&str> = racks.split(',').map(str::trim).collect();
    if labels.len() != servers.len() {
        return Err(ConfigError::Invalid(format!(
            "{} rack labels were given for {} servers",
            labels.len(),
            servers.len()
        )));
    }
    for (server, label) in servers.iter_mut().zip(labels) {
        if label.is_empty() {
            return Err(ConfigError::Invalid(format!(
                "server {:?} has an empty rack label",
                server.name
            )));
        }
        server.rack = Some(label.to_string());
    }
    Ok(())
}

fn parse_weight(name: &str, text: &str) -> Result<f64, ConfigError> {
    match text.parse::<f64>() {
        Ok(weight) if weight.is_finite() && weight > 0.0 => Ok(weight),
        _ => Err(ConfigError::BadWeight {
            name: name.to_string(),
            weight: text.to_string(),
        }),
    }
}

/// Checks what every scheme needs: names non-empty and distinct, weights positive.
/// An empty list is allowed here (a cluster may lose its last server); it owns nothing.
pub fn validate_servers(servers: &[Server]) -> Result<(), ConfigError> {
    let mut seen = std::collections::BTreeSet::new();
    for server in servers {
        if server.name.is_empty() {
            return Err(ConfigError::EmptyName);
        }
        if !(server.weight.is_finite() && server.weight > 0.0) {
            return Err(ConfigError::BadWeight {
                name: server.name.clone(),
                weight: server.weight.to_string(),
            });
        }
        if !seen.insert(server.name.as_str()) {
            return Err(ConfigError::DuplicateServer(server.name.clone()));
        }
    }
    Ok(())
}
