//! `ringlab`: the command line over ringlab-core. Bad input gets one clear line on
//! standard error and exit status 2; nothing panics.

mod args;
mod codes;
mod experiment;
mod input;
mod lookup;
mod moves;
mod progress;
mod scheme;

use std::io::{self, BufWriter, IsTerminal, Write};
use std::process::ExitCode;

use clap::Parser;

use args::{Cli, Command, ExperimentCommand};

/// A message for the user: printed as `ringlab: <message>`, then exit status 2.
#[derive(Debug)]
pub struct CliError(pub String);

impl From<ringlab_core::ConfigError> for CliError {
    fn from(e: ringlab_core::ConfigError) -> Self {
        CliError(e.to_string())
    }
}

impl From<io::Error> for CliError {
    fn from(e: io::Error) -> Self {
        CliError(format!("cannot write: {e}"))
    }
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) if !e.use_stderr() => {
            // --help and --version
            let _ = e.print();
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            let rendered = e.render().to_string();
            let first = rendered.lines().next().unwrap_or("bad arguments");
            let first = first.strip_prefix("error: ").unwrap_or(first);
            eprintln!("ringlab: {first} (see ringlab --help)");
            return ExitCode::from(2);
        }
    };
    let stdin = io::stdin();
    let mut stdin = stdin.lock();
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let mut err = io::stderr();
    let result = match &cli.command {
        Command::Lookup(a) => lookup::run(a, &mut stdin, &mut out, &mut err),
        Command::Slot(a) => codes::slot(a, &mut stdin, &mut out),
        Command::Token(a) => codes::token(a, &mut stdin, &mut out),
        Command::Jump(a) => codes::jump(a, &mut stdin, &mut out),
        Command::Move(a) => moves::run(a, &mut out),
        Command::Experiment(which) => {
            let show_progress = io::stderr().is_terminal();
            match which {
                ExperimentCommand::Busiest(a) => experiment::busiest(a, &mut out, show_progress),
                ExperimentCommand::Catcher(a) => experiment::catcher(a, &mut out, show_progress),
            }
        }
    };
    let result = result.and_then(|()| out.flush().map_err(CliError::from));
    match result {
        Ok(()) => ExitCode::SUCCESS,
        // A closed pipe (`ringlab slot | head`) is not an error worth a message.
        Err(CliError(m)) if m.contains("Broken pipe") => ExitCode::SUCCESS,
        Err(CliError(message)) => {
            eprintln!("ringlab: {message}");
            ExitCode::from(2)
        }
    }
}
