//! `ringlab move`: what changing the server list moves, measured on generated keys, next
//! to the theory and, for rings, the exact moved share of the key space.

use std::io::Write;

use ringlab_core::movement::{exact_moved_share_of, minimal_moved_share, movement};
use ringlab_core::SchemeKind;

use crate::args::MoveArgs;
use crate::{scheme, CliError};

pub fn run(args: &MoveArgs, out: &mut dyn Write) -> Result<(), CliError> {
    if args.keys == 0 {
        return Err(CliError("--keys must be at least 1".into()));
    }
    let (kind, options) = scheme::kind_and_options(&args.scheme)?;
    let from_servers = scheme::servers(&args.from)?;
    let to_servers = scheme::servers(&args.to)?;
    let theory = theory(kind, &from_servers, &to_servers);
    let before = scheme::partitioner(kind, from_servers, &options)?;
    let after = scheme::partitioner(kind, to_servers, &options)?;
    let keys: Vec<String> = (0..args.keys).map(|i| format!("key:{i}")).collect();
    let moved = movement(before.as_ref(), after.as_ref(), &keys);
    writeln!(out, "scheme\t{kind}")?;
    writeln!(out, "keys\t{}", moved.keys)?;
    writeln!(out, "moved\t{}", moved.moved.len())?;
    writeln!(out, "measured\t{:.6}", moved.fraction())?;
    writeln!(out, "theory\t{theory:.6}")?;
    if let Some(exact) = exact_moved_share_of(before.as_ref(), after.as_ref()) {
        writeln!(out, "exact_share\t{exact:.6}")?;
    }
    writeln!(out)?;
    writeln!(out, "from\tto\tkeys")?;
    for flow in moved.flows() {
        let name = |n: &Option<String>| n.clone().unwrap_or_else(|| "-".into());
        writeln!(
            out,
            "{}\t{}\t{}",
            name(&flow.from),
            name(&flow.to),
            flow.keys
        )?;
    }
    Ok(())
}

/// The moved fraction theory predicts: for mod N, the share of hashes whose residue
/// changes; for every other scheme, the least any scheme must move.
fn theory(kind: SchemeKind, from: &[ringlab_core::Server], to: &[ringlab_core::Server]) -> f64 {
    match kind {
        SchemeKind::Modulo => {
            ringlab_core::analysis::theory::modulo_moved(from.len(), to.len()).value()
        }
        _ => minimal_moved_share(from, to),
    }
}
