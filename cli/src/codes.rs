//! `ringlab slot`, `token` and `jump`: the raw placement codes of Redis, Cassandra and
//! jump hash, one key per line.

use std::io::{BufRead, Write};

use ringlab_core::schemes::{cassandra, jump, redis};

use crate::args::{JumpArgs, KeysArg};
use crate::{input, CliError};

pub fn slot(args: &KeysArg, stdin: &mut dyn BufRead, out: &mut dyn Write) -> Result<(), CliError> {
    input::each_key(&args.keys, args.format, stdin, &mut |key| {
        let slot = redis::key_slot(key).to_string();
        input::write_record(out, key, &slot, args.format)
    })
}

pub fn token(args: &KeysArg, stdin: &mut dyn BufRead, out: &mut dyn Write) -> Result<(), CliError> {
    input::each_key(&args.keys, args.format, stdin, &mut |key| {
        let token = cassandra::token(key).to_string();
        input::write_record(out, key, &token, args.format)
    })
}

/// Jump hash takes any bucket count from 1 to 2^32 - 1 in O(log n) time and no memory,
/// so `--buckets` has no bound of its own.
pub fn jump(args: &JumpArgs, stdin: &mut dyn BufRead, out: &mut dyn Write) -> Result<(), CliError> {
    let buckets = input::parse_u64(&args.buckets, "--buckets")?;
    let buckets = u32::try_from(buckets)
        .ok()
        .filter(|&b| b >= 1)
        .ok_or_else(|| {
            CliError::new(format!(
                "--buckets must be from 1 to {}, not {buckets}",
                u32::MAX
            ))
        })?;
    input::each_key(&args.keys, Default::default(), stdin, &mut |key| {
        let text = String::from_utf8_lossy(key);
        let value = input::parse_u64(&text, "key")?;
        let bucket = jump::jump_bucket(value, buckets).unwrap_or_default();
        writeln!(out, "{text}\t{bucket}")?;
        Ok(())
    })
}
