//! `ringlab lookup`: the owner, or the preference list, of each key.

use std::io::{BufRead, Write};

use ringlab_core::assign_racks;

use crate::args::LookupArgs;
use crate::{input, scheme, CliError};

pub fn run(
    args: &LookupArgs,
    stdin: &mut dyn BufRead,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> Result<(), CliError> {
    let (kind, options) = scheme::kind_and_options(&args.scheme)?;
    let mut servers = scheme::servers(&args.servers)?;
    if let Some(racks) = &args.racks {
        assign_racks(&mut servers, racks)?;
    }
    let replicas = match args.replicas {
        Some(0) => return Err(CliError("--replicas must be at least 1".into())),
        Some(r) if r > servers.len() => {
            writeln!(
                err,
                "ringlab: note: {r} replicas asked of {} servers; lists hold {}",
                servers.len(),
                servers.len()
            )?;
            Some(r)
        }
        other => other,
    };
    let p = scheme::partitioner(kind, servers, &options)?;
    let names = |indices: &[usize]| -> String {
        let names: Vec<&str> = indices
            .iter()
            .map(|&i| p.servers()[i].name.as_str())
            .collect();
        names.join(",")
    };
    let mut fell_back = false;
    for key in input::keys(&args.keys, stdin)? {
        out.write_all(&key)?;
        out.write_all(b"\t")?;
        let answer = match (p.lookup(&key), replicas) {
            (None, _) => "-".to_string(),
            (Some(owner), None) => names(&[owner]),
            (Some(_), Some(r)) if args.racks.is_some() => {
                let list = p.rack_aware_preference_list(&key, r);
                fell_back |= list.fell_back;
                names(&list.servers)
            }
            (Some(_), Some(r)) => names(&p.preference_list(&key, r)),
        };
        writeln!(out, "{answer}")?;
    }
    if fell_back {
        writeln!(
            err,
            "ringlab: note: fewer racks than replicas; some lists go on with servers of racks already used"
        )?;
    }
    Ok(())
}
