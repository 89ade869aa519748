//! `ringlab lookup --client NAME --config JSON`: keys placed as a client library places
//! them, from the configuration its constructor takes.

use std::io::{BufRead, Write};

use ringlab_core::clients::{build, Client, ClientKind};

use crate::args::LookupArgs;
use crate::{input, CliError};

/// The client a name and its JSON describe, after its failed servers.
pub fn client(
    name: &str,
    config: &str,
    options: &str,
    partitions: Option<u32>,
    dead: &[String],
) -> Result<Box<dyn Client>, CliError> {
    let kind = ClientKind::from_name(name).ok_or_else(|| {
        CliError::new(format!(
            "unknown client {}: expected one of {}",
            crate::limits::shorten(name),
            ClientKind::names()
        ))
    })?;
    let mut client = build(kind, config, options, partitions)?;
    for server in dead {
        client.fail(server)?;
    }
    Ok(client)
}

pub fn run(
    name: &str,
    args: &LookupArgs,
    stdin: &mut dyn BufRead,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    let others = [
        (args.scheme.scheme.is_some(), "--scheme"),
        (args.servers.is_some(), "--servers"),
        (args.replicas.is_some(), "--replicas"),
        (args.racks.is_some(), "--racks"),
        (args.pool.is_some(), "--pool"),
    ];
    if let Some((_, flag)) = others.iter().find(|(given, _)| *given) {
        return Err(CliError::new(format!(
            "{flag} is not for --client: give the library's own --config and --options"
        )));
    }
    let client = client(
        name,
        args.config.as_deref().unwrap_or(""),
        args.options.as_deref().unwrap_or("{}"),
        args.partitions,
        &args.dead,
    )?;
    input::each_key(&args.keys, args.format, stdin, &mut |key| {
        let placed = client.place(key);
        input::write_record(out, key, &placed.text(client.answers()), args.format)
    })
}
