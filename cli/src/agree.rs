//! `ringlab agree --a SPEC --b SPEC`: will two clients, or a client and a scheme, put keys
//! in the same place? The share placed alike with its exact count, the first keys they
//! part on, and for caches the reads that miss right after switching from A to B.

use std::io::{BufRead, Write};

use ringlab_core::clients::{agree, config_for, Client, ClientKind};
use ringlab_core::{parse_server_list, Options, SchemeKind};

use crate::args::AgreeArgs;
use crate::{clients, scheme, CliError};

/// One side: a client library by name, or a scheme ringlab knows, over the servers.
fn placement(
    spec: &str,
    servers: Option<&str>,
    options: Option<&str>,
    partitions: Option<u32>,
    dead: &[String],
) -> Result<Box<dyn Client>, CliError> {
    if let Some(kind) = ClientKind::from_name(spec) {
        let config = match (kind.takes_partitions(), servers) {
            (true, _) => String::new(),
            (false, Some(list)) => config_for(kind, &parse_server_list(list)?)?,
            (false, None) => return Err(CliError::new(format!("{spec} needs --servers"))),
        };
        return clients::client(spec, &config, options.unwrap_or("{}"), partitions, dead);
    }
    let kind: SchemeKind = spec.parse().map_err(|_| {
        CliError::new(format!(
            "{} is neither a client ({}) nor a scheme ringlab knows",
            crate::limits::shorten(spec),
            ClientKind::names()
        ))
    })?;
    if options.is_some() {
        return Err(CliError::new(format!(
            "{spec} is a scheme: it takes ringlab's defaults, not --options"
        )));
    }
    let list = servers.ok_or_else(|| CliError::new(format!("{spec} needs --servers")))?;
    let p = scheme::partitioner(
        kind,
        scheme::servers(list, kind)?,
        &Options::default(),
        &mut std::io::sink(),
    )?;
    let mut placed = agree::Scheme::new(p);
    for server in dead {
        placed.fail(server)?;
    }
    Ok(Box::new(placed))
}

/// The keys: a file's lines, or `user:0` to `user:N-1`.
fn keys(args: &AgreeArgs) -> Result<Vec<Vec<u8>>, CliError> {
    match &args.keys {
        Some(path) => {
            let file = std::fs::File::open(path)
                .map_err(|e| CliError::new(format!("cannot read {}: {e}", path.display())))?;
            let mut keys = Vec::new();
            for line in std::io::BufReader::new(file).split(b'\n') {
                keys.push(line.map_err(|e| CliError::new(format!("cannot read keys: {e}")))?);
            }
            Ok(keys)
        }
        None => Ok((0..args.sample.unwrap_or(10_000))
            .map(|i| format!("user:{i}").into_bytes())
            .collect()),
    }
}

pub fn run(args: &AgreeArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let servers = args.servers.as_deref();
    let a = placement(
        &args.a,
        servers,
        args.a_options.as_deref(),
        args.partitions,
        &[],
    )?;
    let b = placement(
        &args.b,
        servers,
        args.b_options.as_deref(),
        args.partitions,
        &args.b_dead,
    )?;
    let keys = keys(args)?;
    let result = agree::compare(
        a.as_ref(),
        b.as_ref(),
        keys.iter().map(Vec::as_slice),
        args.examples as usize,
    );
    let differ = result.keys - result.same;
    let b_name = if args.b_dead.is_empty() {
        args.b.clone()
    } else {
        format!("{} without {}", args.b, args.b_dead.join(", "))
    };
    writeln!(out, "a\t{}", args.a)?;
    writeln!(out, "b\t{b_name}")?;
    writeln!(out, "keys\t{}", result.keys)?;
    writeln!(
        out,
        "agree\t{}\t{:.2}%",
        result.same,
        100.0 * result.share()
    )?;
    writeln!(
        out,
        "disagree\t{differ}\t{:.2}%",
        100.0 * (1.0 - result.share())
    )?;
    let partitions = ClientKind::from_name(&args.a).is_some_and(|k| k.takes_partitions());
    if !partitions {
        writeln!(
            out,
            "# right after switching from a to b, {differ} of {} reads ({:.2}%) go to another server than the one that holds the key: cache misses",
            result.keys,
            100.0 * (1.0 - result.share())
        )?;
    }
    for (key, pa, pb) in &result.first_different {
        writeln!(out, "differ\t{}\t{pa}\t{pb}", String::from_utf8_lossy(key))?;
    }
    Ok(())
}
