//! The one error type of the library: every bad input becomes one of these, never a panic.

use thiserror::Error;

/// Why a configuration, a server list or an argument was refused.
///
/// Each message is one clear sentence, fit to print on one line of a terminal or in a
/// note beside a widget.
#[derive(Debug, Clone, PartialEq, Error)]
pub enum ConfigError {
    #[error("the server list is empty")]
    NoServers,
    #[error("a server has an empty name")]
    EmptyName,
    #[error("server {0:?} is listed twice")]
    DuplicateServer(String),
    #[error("server {name:?} has weight {weight:?}: a weight must be a positive number")]
    BadWeight { name: String, weight: String },
    #[error("no server is named {0:?}")]
    UnknownServer(String),
    #[error("unknown scheme {0:?}: expected one of {1}")]
    UnknownScheme(String, String),
    #[error("{what} must be {range}, not {value}")]
    OutOfRange {
        what: &'static str,
        range: String,
        value: String,
    },
    #[error("{0}")]
    Invalid(String),
}
