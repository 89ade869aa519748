//! Choosing a scheme by name and building it: the one place that knows every scheme.

use crate::schemes;
use crate::{ConfigError, Partitioner, Server};

/// Every scheme the command line and the app can build.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SchemeKind {
    Ring,
}

impl SchemeKind {
    /// All schemes, in the order the help text lists them.
    pub const ALL: &'static [SchemeKind] = &[SchemeKind::Ring];

    /// The name the command line and URLs use.
    pub fn name(self) -> &'static str {
        match self {
            SchemeKind::Ring => "ring",
        }
    }

    /// True for the schemes whose placement is a ring of points.
    pub fn is_ring(self) -> bool {
        matches!(self, SchemeKind::Ring)
    }
}

impl std::fmt::Display for SchemeKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for SchemeKind {
    type Err = ConfigError;
    fn from_str(text: &str) -> Result<Self, ConfigError> {
        SchemeKind::ALL
            .iter()
            .copied()
            .find(|kind| kind.name() == text)
            .ok_or_else(|| {
                let names: Vec<&str> = SchemeKind::ALL.iter().map(|k| k.name()).collect();
                ConfigError::UnknownScheme(text.to_string(), names.join(", "))
            })
    }
}

/// The knobs some schemes have; each scheme reads only its own.
#[derive(Debug, Clone, PartialEq)]
pub struct Options {
    /// `ring`: virtual nodes per unit of weight.
    pub vnodes: u32,
}

impl Default for Options {
    fn default() -> Self {
        Options { vnodes: 160 }
    }
}

/// Builds a scheme over a server list.
///
/// ```
/// use ringlab_core::{build, numbered_servers, Options, SchemeKind};
/// let p = build(SchemeKind::Ring, numbered_servers("s", 3), &Options::default()).unwrap();
/// assert_eq!(p.scheme(), "ring");
/// assert!(p.lookup(b"k").is_some());
/// ```
pub fn build(
    kind: SchemeKind,
    servers: Vec<Server>,
    options: &Options,
) -> Result<Box<dyn Partitioner>, ConfigError> {
    crate::validate_servers(&servers)?;
    Ok(match kind {
        SchemeKind::Ring => Box::new(schemes::ring::HashRing::new(servers, options.vnodes)?),
    })
}
