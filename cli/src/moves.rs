//! `ringlab move`: what changing the server list moves, measured on generated keys, next
//! to the theory and, for rings, the exact moved share of the key space.

use std::cmp::Reverse;
use std::collections::BTreeMap;
use std::io::{BufRead, Write};
use std::path::Path;

use ringlab_core::movement::{exact_moved_share_of, minimal_moved_share, movement};
use ringlab_core::partitioner::owners_of;
use ringlab_core::{Partitioner, SchemeKind};

use crate::args::MoveArgs;
use crate::limits::{self, MOVE_BATCH};
use crate::progress::Progress as Bar;
use crate::{config, input, scheme, CliError};

pub fn run(
    args: &MoveArgs,
    stdin: &mut dyn BufRead,
    out: &mut dyn Write,
    err: &mut dyn Write,
    show_progress: bool,
) -> Result<(), CliError> {
    if let (Some(a), Some(b)) = (&args.config, &args.to_config) {
        return configs(args, a, b, stdin, out, err);
    }
    let (Some(from), Some(to)) = (&args.from, &args.to) else {
        return Err(CliError::new(
            "move needs --scheme with --from and --to, or --config with --to-config",
        ));
    };
    if args.config.is_some() || args.to_config.is_some() {
        return Err(CliError::new("--config and --to-config go together"));
    }
    let (kind, mut options) = scheme::kind_and_options(&args.scheme, err)?;
    options.spymemcached_weighted = scheme::weights_given(from) || scheme::weights_given(to);
    let from_servers = scheme::servers(from, kind)?;
    let to_servers = scheme::servers(to, kind)?;
    let work = limits::move_work(kind, args.keys, from_servers.len(), to_servers.len());
    limits::check_work(work, "this move", "use fewer --keys")?;
    let theory = theory(kind, &from_servers, &to_servers);
    let before = scheme::partitioner(kind, from_servers, &options, err)?;
    let after = scheme::partitioner(kind, to_servers, &options, err)?;
    let what = format!("{} keys under {kind}", limits::count(args.keys));
    if let Some(note) = limits::estimate_note(work, 1, &what) {
        writeln!(err, "ringlab: {note}")?;
    }
    let moved = measure(before.as_ref(), after.as_ref(), args.keys, show_progress)?;
    writeln!(out, "scheme\t{kind}")?;
    writeln!(out, "keys\t{}", args.keys)?;
    writeln!(out, "moved\t{}", moved.moved)?;
    writeln!(
        out,
        "measured\t{:.6}",
        moved.moved as f64 / args.keys as f64
    )?;
    writeln!(out, "theory\t{theory:.6}")?;
    if let Some(exact) = exact_moved_share_of(before.as_ref(), after.as_ref()) {
        writeln!(out, "exact_share\t{exact:.6}")?;
    }
    writeln!(out)?;
    writeln!(out, "from\tto\tkeys")?;
    for ((from, to), keys) in moved.flows {
        let name = |n: Option<String>| n.unwrap_or_else(|| "-".into());
        writeln!(out, "{}\t{}\t{keys}", name(from), name(to))?;
    }
    Ok(())
}

/// `move --config A --to-config B`: the given keys placed by both configurations; every
/// key that moves, then the flows.
fn configs(
    args: &MoveArgs,
    a: &Path,
    b: &Path,
    stdin: &mut dyn BufRead,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> Result<(), CliError> {
    let pool = args.pool.as_deref();
    let before = config::read_file(a, &args.scheme, pool, err)?.build()?;
    let after = config::read_file(b, &args.scheme, pool, err)?.build()?;
    let name = |p: &dyn Partitioner, owner: Option<usize>| -> String {
        owner.map_or_else(|| "-".to_string(), |i| p.servers()[i].name.clone())
    };
    let mut moved: Vec<(Vec<u8>, String, String)> = Vec::new();
    let mut flows: BTreeMap<(String, String), u64> = BTreeMap::new();
    let mut count = 0u64;
    input::each_batch(&args.key_list, args.format, stdin, &mut |keys| {
        count += keys.len() as u64;
        let (from, to) = (
            owners_of(before.as_ref(), keys),
            owners_of(after.as_ref(), keys),
        );
        for ((key, from), to) in keys.iter().zip(from).zip(to) {
            let (from, to) = (name(before.as_ref(), from), name(after.as_ref(), to));
            if from != to {
                *flows.entry((from.clone(), to.clone())).or_default() += 1;
                moved.push((key.clone(), from, to));
            }
        }
        Ok(())
    })?;
    writeln!(out, "keys\t{count}")?;
    writeln!(out, "moved\t{}", moved.len())?;
    writeln!(
        out,
        "measured\t{:.6}",
        moved.len() as f64 / count.max(1) as f64
    )?;
    if let Some(exact) = exact_moved_share_of(before.as_ref(), after.as_ref()) {
        writeln!(out, "exact_share\t{exact:.6}")?;
    }
    writeln!(out)?;
    writeln!(out, "key\tfrom\tto")?;
    for (key, from, to) in &moved {
        input::write_record(out, key, &format!("{from}\t{to}"), args.format)?;
    }
    writeln!(out)?;
    writeln!(out, "from\tto\tkeys")?;
    let mut flows: Vec<_> = flows.into_iter().collect();
    flows.sort_by_key(|&(_, keys)| Reverse(keys));
    for ((from, to), keys) in flows {
        writeln!(out, "{from}\t{to}\t{keys}")?;
    }
    Ok(())
}

/// A flow's servers before and after; `None` where a key had no owner.
type Pair = (Option<String>, Option<String>);

/// The moved keys among `key:0`, `key:1`, ... and their flows, largest first (ties in
/// name order), as [`ringlab_core::movement::Movement::flows`] gives them.
#[derive(Debug, PartialEq)]
struct Moved {
    moved: u64,
    flows: Vec<(Pair, u64)>,
}

/// Measures in batches of [`MOVE_BATCH`] keys, so that memory stays flat whatever
/// `--keys` is and the progress bar moves.
fn measure(
    before: &dyn Partitioner,
    after: &dyn Partitioner,
    keys: u64,
    show_progress: bool,
) -> Result<Moved, CliError> {
    let mut bar = Bar::new(show_progress);
    let mut flows: BTreeMap<Pair, u64> = BTreeMap::new();
    let mut moved = 0u64;
    let mut batch: Vec<String> = Vec::with_capacity(MOVE_BATCH);
    let mut start = 0u64;
    while start < keys {
        let end = keys.min(start + MOVE_BATCH as u64);
        batch.clear();
        batch.extend((start..end).map(|i| format!("key:{i}")));
        let m = movement(before, after, &batch);
        moved += m.moved.len() as u64;
        for flow in m.flows() {
            *flows.entry((flow.from, flow.to)).or_default() += flow.keys as u64;
        }
        start = end;
        bar.update(
            start as usize,
            keys as usize,
            &format!("{start} of {keys} keys"),
        );
    }
    bar.finish();
    let mut flows: Vec<_> = flows.into_iter().collect();
    flows.sort_by_key(|&(_, keys)| Reverse(keys));
    Ok(Moved { moved, flows })
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

#[cfg(test)]
mod tests {
    use super::*;
    use ringlab_core::{build, numbered_servers, Options};

    #[test]
    fn batches_add_up_to_one_pass() {
        for kind in [SchemeKind::Ring, SchemeKind::Modulo, SchemeKind::Maglev] {
            let options = Options::default();
            let before = build(kind, numbered_servers("s", 5), &options).unwrap();
            let after = build(kind, numbered_servers("s", 7), &options).unwrap();
            let keys = MOVE_BATCH as u64 * 2 + 77;
            let names: Vec<String> = (0..keys).map(|i| format!("key:{i}")).collect();
            let whole = movement(before.as_ref(), after.as_ref(), &names);
            let batched = measure(before.as_ref(), after.as_ref(), keys, false).unwrap();
            assert_eq!(batched.moved, whole.moved.len() as u64, "{kind}");
            let flows: Vec<_> = whole
                .flows()
                .into_iter()
                .map(|f| ((f.from, f.to), f.keys as u64))
                .collect();
            assert_eq!(batched.flows, flows, "{kind}");
        }
    }
}
