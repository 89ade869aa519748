//! `ringlab lookup`: the owner, or the preference list, of each key.

use std::io::{BufRead, Write};

use ringlab_core::config::{Placement, Reading};
use ringlab_core::schemes::cassandra::Cassandra;
use ringlab_core::schemes::haproxy::Haproxy;
use ringlab_core::schemes::redis::RedisCluster;
use ringlab_core::{assign_racks, Options, Partitioner, SchemeKind};

use crate::args::LookupArgs;
use crate::{clients, config, input, pickers, scheme, CliError};

/// Where the placement comes from: a scheme named on the command line, or a config file.
enum Source {
    Scheme(SchemeKind, Options),
    Config(Reading),
}

pub fn run(
    args: &LookupArgs,
    stdin: &mut dyn BufRead,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> Result<(), CliError> {
    if let Some(name) = &args.client {
        return clients::run(name, args, stdin, out);
    }
    if args.options.is_some() || !args.dead.is_empty() || args.partitions.is_some() {
        return Err(CliError::new(
            "--options, --dead and --partitions are for --client",
        ));
    }
    if pickers::named(args) {
        return pickers::run(args, stdin, out);
    }
    let (source, mut servers) = match &args.config {
        Some(path) => {
            let reading = config::read(std::path::Path::new(path), args, err)?;
            let servers = reading.servers().to_vec();
            (Source::Config(reading), servers)
        }
        None => {
            let Some(list) = args.servers.as_deref() else {
                return Err(CliError::new(
                    "lookup needs --scheme and --servers, or --config FILE",
                ));
            };
            let (kind, mut options) = scheme::kind_and_options(&args.scheme, err)?;
            options.spymemcached_weighted = scheme::weights_given(list);
            (Source::Scheme(kind, options), scheme::servers(list, kind)?)
        }
    };
    if let Some(racks) = &args.racks {
        assign_racks(&mut servers, racks)?;
        if args.replicas.is_none() {
            writeln!(
                err,
                "ringlab: note: --racks only shapes the lists of --replicas; each key gets its owner"
            )?;
        }
    }
    let p: Box<dyn Partitioner> = match source {
        Source::Scheme(kind, options) => scheme::partitioner(kind, servers, &options, err)?,
        Source::Config(reading) => match &reading.placement {
            Placement::Haproxy(backend) => {
                Box::new(Haproxy::new(servers, &backend.ids, backend.hash)?)
            }
            Placement::Scheme { kind, options, .. } => {
                scheme::partitioner(*kind, servers, options, err)?
            }
            Placement::Redis { ranges, .. } => {
                Box::new(RedisCluster::from_ranges(servers, ranges)?)
            }
            Placement::Cassandra { tokens, .. } => {
                Box::new(Cassandra::from_tokens(servers, tokens.clone())?)
            }
            Placement::Mcrouter(route) => {
                let mut route = route.clone();
                route.rebuild(servers)?;
                Box::new(route)
            }
        },
    };
    // A list cannot hold more distinct servers than there are: more is capped, as a
    // replication factor above the cluster's size is in the systems themselves.
    let replicas = match args.replicas {
        Some(r) if r > p.servers().len() => {
            writeln!(
                err,
                "ringlab: note: {r} replicas asked of {} servers; lists hold {}",
                p.servers().len(),
                p.servers().len()
            )?;
            Some(p.servers().len())
        }
        other => other,
    };
    let names = |indices: &[usize]| -> String {
        let names: Vec<&str> = indices
            .iter()
            .map(|&i| p.servers()[i].name.as_str())
            .collect();
        names.join(",")
    };
    let mut fell_back = false;
    // Keys in batches, each placed at once (see Partitioner::lookup_batch).
    let mut owners = Vec::new();
    input::each_batch(&args.keys, args.format, stdin, &mut |keys| {
        let bytes: Vec<&[u8]> = keys.iter().map(Vec::as_slice).collect();
        p.lookup_batch(&bytes, &mut owners);
        for (&key, &owner) in bytes.iter().zip(&owners) {
            let answer = match (owner, replicas) {
                (None, _) => "-".to_string(),
                (Some(owner), None) => names(&[owner]),
                (Some(_), Some(r)) if args.racks.is_some() => {
                    let list = p.rack_aware_preference_list(key, r);
                    fell_back |= list.fell_back;
                    names(&list.servers)
                }
                (Some(_), Some(r)) => names(&p.preference_list(key, r)),
            };
            input::write_record(out, key, &answer, args.format)?;
        }
        Ok(())
    })?;
    if fell_back {
        writeln!(
            err,
            "ringlab: note: fewer racks than replicas; some lists go on with servers of racks already used"
        )?;
    }
    Ok(())
}
