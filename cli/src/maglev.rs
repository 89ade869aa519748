//! `ringlab maglev`: a Maglev lookup table exactly as a real system builds it, one line a
//! slot: `slot<TAB>server` (the server as named). Envoy's `MAGLEV`, Cilium's
//! (`--bpf-lb-algorithm=maglev`, default seed) and katran's (`MaglevHash`, or
//! `MaglevHashV2` as `katran-v2`) and dgryski/go-maglev's.

use std::io::Write;

use ringlab_core::schemes::maglev_systems::MaglevSystem as MaglevSystems;
use ringlab_core::schemes::{maglev, maglev_go};
use ringlab_core::{parse_server_list, Partitioner};

use crate::args::{MaglevArgs, MaglevSystem};
use crate::CliError;

/// `name[=weight]` pairs, each weight a whole number from 0 to `max` (1 when absent).
fn whole_weights(list: &str, max: u64, system: &str) -> Result<Vec<(String, u64)>, CliError> {
    let mut out: Vec<(String, u64)> = Vec::new();
    for (name, weight) in crate::input::name_weight_pairs(list)? {
        let weight: u64 = weight.parse().ok().filter(|w| *w <= max).ok_or_else(|| {
            CliError::new(format!(
                "server {} has weight {}: {system} takes a whole number from 0 to {max}",
                crate::limits::shorten(name),
                crate::limits::shorten(weight)
            ))
        })?;
        if out.iter().any(|(n, _)| n == name) {
            return Err(CliError::new(format!(
                "server {} is listed twice",
                crate::limits::shorten(name)
            )));
        }
        out.push((name.to_string(), weight));
    }
    Ok(out)
}

/// `--dead 1,3`: backend indices from 0, in the order given (go-maglev reads the order).
fn dead_indices(text: &str, backends: usize) -> Result<Vec<usize>, CliError> {
    text.split(',')
        .map(|item| {
            item.trim()
                .parse::<usize>()
                .ok()
                .filter(|&i| i < backends)
                .ok_or_else(|| {
                    CliError::new(format!(
                        "--dead: {} is not a backend index from 0 to {}",
                        crate::limits::shorten(item),
                        backends - 1
                    ))
                })
        })
        .collect()
}

pub fn run(args: &MaglevArgs, out: &mut dyn Write) -> Result<(), CliError> {
    if args.dead.is_some() && args.system != MaglevSystem::GoMaglev {
        return Err(CliError::new(
            "--dead is go-maglev's (its Rebuild); the others take a new --servers",
        ));
    }
    let (names, table): (Vec<String>, Vec<usize>) = match args.system {
        MaglevSystem::GoMaglev => {
            let list = whole_weights(&args.servers, 1, "go-maglev (no weights)")?;
            if let Some((name, _)) = list.iter().find(|(_, w)| *w != 1) {
                return Err(CliError::new(format!(
                    "server {} has a weight: go-maglev takes none (drop the =)",
                    crate::limits::shorten(name)
                )));
            }
            let names: Vec<String> = list.into_iter().map(|(name, _)| name).collect();
            let dead = match &args.dead {
                Some(text) => dead_indices(text, names.len())?,
                None => Vec::new(),
            };
            let size = args.table.unwrap_or(maglev_go::SMALL_M);
            let table = maglev_go::table(&names, size, &dead)?;
            (names, table)
        }
        MaglevSystem::Envoy => {
            let servers = parse_server_list(&args.servers)?;
            let size = args.table.unwrap_or(maglev::DEFAULT_TABLE_SIZE);
            let built = maglev::Maglev::new(servers, size)?;
            let names = built.servers().iter().map(|s| s.name.clone()).collect();
            (names, built.table().to_vec())
        }
        system => {
            let system = match system {
                MaglevSystem::Cilium => MaglevSystems::Cilium,
                MaglevSystem::Katran => MaglevSystems::Katran,
                _ => MaglevSystems::KatranV2,
            };
            let list = whole_weights(&args.servers, system.max_weight(), system.name())?;
            let size = args.table.unwrap_or(system.default_table_size());
            let table = system.table(&list, size)?;
            (list.into_iter().map(|(name, _)| name).collect(), table)
        }
    };
    for (slot, &server) in table.iter().enumerate() {
        writeln!(out, "{slot}\t{}", names[server])?;
    }
    Ok(())
}
