//! `ringlab bounded`: requests placed one by one as an HAProxy backend with
//! `hash-balance-factor` places them, each staying in flight (or, with `--in-flight N`,
//! the oldest completing whenever N are in flight, before the next arrives).

use std::collections::VecDeque;
use std::io::{BufRead, Write};

use ringlab_core::config::Placement;
use ringlab_core::schemes::haproxy_bounded::Balancer;
use ringlab_core::Partitioner;

use crate::args::{BoundedArgs, SchemeArgs};
use crate::{config, input, CliError};

pub fn run(
    args: &BoundedArgs,
    stdin: &mut dyn BufRead,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> Result<(), CliError> {
    let none = SchemeArgs::default();
    let reading = config::load(&args.config, &none, None, err)?;
    let Placement::Haproxy(backend) = &reading.placement else {
        return Err(CliError::new(format!(
            "bounded reads an HAProxy backend with hash-balance-factor, not a {}",
            reading.format.label()
        )));
    };
    config::notes(&args.config, &reading, err)?;
    if backend.balance_factor == 0 {
        writeln!(
            err,
            "ringlab: note: the backend has no hash-balance-factor: every request goes to its nearest point"
        )?;
    }
    let haproxy = backend.build()?;
    let mut balancer = Balancer::new(&haproxy, backend.balance_factor)?;
    let mut flying: VecDeque<usize> = VecDeque::new();
    let mut seq = 0u64;
    input::each_key(&args.keys, args.format, stdin, &mut |key| {
        if let Some(limit) = args.in_flight {
            while flying.len() >= limit {
                if let Some(oldest) = flying.pop_front() {
                    balancer.complete(oldest);
                }
            }
        }
        seq += 1;
        let answer = match balancer.arrive(key) {
            Some(server) => {
                flying.push_back(server);
                haproxy.servers()[server].name.clone()
            }
            None => "-".to_string(),
        };
        write!(out, "{seq}\t")?;
        input::write_record(out, key, &answer, args.format)
    })
}
