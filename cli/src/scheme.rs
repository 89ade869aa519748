//! Building a partitioner from the command line's scheme flags and a server list.

use ringlab_core::{build, parse_server_list, Options, Partitioner, SchemeKind, Server};

use crate::args::SchemeArgs;
use crate::CliError;

/// The scheme named by `--scheme`, with its knobs.
pub fn kind_and_options(args: &SchemeArgs) -> Result<(SchemeKind, Options), CliError> {
    let kind: SchemeKind = args.scheme.parse()?;
    let options = Options {
        vnodes: args.vnodes,
        maglev_table: args.table,
        cassandra_tokens: args.tokens,
        cassandra_seed: args.token_seed,
    };
    Ok((kind, options))
}

/// A server list as `name[=weight],...`.
pub fn servers(list: &str) -> Result<Vec<Server>, CliError> {
    Ok(parse_server_list(list)?)
}

/// Builds the scheme over these servers.
pub fn partitioner(
    kind: SchemeKind,
    servers: Vec<Server>,
    options: &Options,
) -> Result<Box<dyn Partitioner>, CliError> {
    Ok(build(kind, servers, options)?)
}
