//! `ringlab maglev`: a Maglev lookup table exactly as a real system builds it, one line a
//! slot: `slot<TAB>server` (the server as named). Envoy's `MAGLEV`, Cilium's
//! (`--bpf-lb-algorithm=maglev`, default seed) and katran's (`MaglevHash`, or
//! `MaglevHashV2` as `katran-v2`).

use std::io::Write;

use ringlab_core::schemes::{maglev, maglev_cilium, maglev_katran};
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

pub fn run(args: &MaglevArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let (names, table): (Vec<String>, Vec<usize>) = match args.system {
        MaglevSystem::Envoy => {
            let servers = parse_server_list(&args.servers)?;
            let size = args.table.unwrap_or(maglev::DEFAULT_TABLE_SIZE);
            let built = maglev::Maglev::new(servers, size)?;
            let names = built.servers().iter().map(|s| s.name.clone()).collect();
            (names, built.table().to_vec())
        }
        MaglevSystem::Cilium => {
            let list = whole_weights(&args.servers, u64::from(u16::MAX), "Cilium")?;
            let backends = list
                .iter()
                .map(|(name, weight)| maglev_cilium::Backend::parse(name, *weight as u16))
                .collect::<Result<Vec<_>, _>>()?;
            let size = args.table.unwrap_or(maglev_cilium::DEFAULT_TABLE_SIZE);
            let table = maglev_cilium::table(&backends, size)?;
            (list.into_iter().map(|(name, _)| name).collect(), table)
        }
        MaglevSystem::Katran | MaglevSystem::KatranV2 => {
            let list = whole_weights(&args.servers, u64::from(u32::MAX), "katran")?;
            let reals = list
                .iter()
                .map(|(name, weight)| maglev_katran::Real::parse(name, *weight as u32))
                .collect::<Result<Vec<_>, _>>()?;
            let fill = match args.system {
                MaglevSystem::KatranV2 => maglev_katran::Fill::V2,
                _ => maglev_katran::Fill::V1,
            };
            let size = args.table.unwrap_or(maglev_katran::DEFAULT_TABLE_SIZE);
            let table = maglev_katran::table(&reals, size, fill)?;
            (list.into_iter().map(|(name, _)| name).collect(), table)
        }
    };
    for (slot, &server) in table.iter().enumerate() {
        writeln!(out, "{slot}\t{}", names[server])?;
    }
    Ok(())
}
