//! # ringlab-core
//!
//! Consistent hashing and its alternatives, exact against the systems people run, with the
//! analysis behind the pictures. Pure Rust with no web dependency: the `ringlab` command
//! line and the browser app call the same code, so a key lands in the same place in both.
//!
//! Every scheme implements [`Partitioner`]; [`build`] makes one by name.

pub mod analysis;
pub mod bounded;
pub mod clients;
pub mod config;
pub mod error;
pub mod experiment;
pub mod hash;
pub mod llm;
pub mod load;
pub mod movement;
pub mod partitioner;
pub mod ring;
pub mod scheme;
pub mod schemes;
pub mod server;

pub use error::ConfigError;
pub use partitioner::{rack_aware, Partitioner, RackAwareList};
pub use ring::{Point, Ring, Ties};
pub use scheme::{build, Options, SchemeKind};
pub use server::{
    assign_racks, numbered_servers, parse_endpoint_list, parse_server_list, validate_servers,
    Server,
};
