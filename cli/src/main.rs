//! `ringlab`: the command line over ringlab-core. Bad input gets one clear line on
//! standard error and exit status 2; nothing panics.

mod agree;
mod args;
mod bounded;
mod clients;
mod codes;
mod config;
mod experiment;
mod input;
mod limits;
mod load;
mod lookup;
mod maglev;
mod moves;
mod pickers;
mod progress;
mod route;
mod scheme;

use std::io::{self, BufWriter, IsTerminal, Write};
use std::process::ExitCode;

use clap::Parser;

use args::{Cli, Command, ExperimentCommand};

/// Why a command stopped: a message for the user, printed as `ringlab: <message>` with
/// exit status 2, or a closed standard output (`ringlab slot | head`), which is no error.
#[derive(Debug)]
pub enum CliError {
    Message(String),
    BrokenPipe,
}

impl CliError {
    pub fn new(message: impl Into<String>) -> Self {
        CliError::Message(message.into())
    }
}

impl From<ringlab_core::ConfigError> for CliError {
    /// The library's message, with the user's text in it shortened.
    fn from(e: ringlab_core::ConfigError) -> Self {
        use limits::shorten;
        use ringlab_core::ConfigError as E;
        CliError::new(match e {
            E::DuplicateServer(name) => format!("server {} is listed twice", shorten(&name)),
            E::BadWeight { name, weight } => format!(
                "server {} has weight {}: {}",
                shorten(&name),
                shorten(&weight),
                limits::WEIGHT_RULE
            ),
            E::UnknownServer(name) => format!("no server is named {}", shorten(&name)),
            E::UnknownScheme(text, names) => {
                format!("unknown scheme {}: expected one of {names}", shorten(&text))
            }
            other => other.to_string(),
        })
    }
}

impl From<io::Error> for CliError {
    fn from(e: io::Error) -> Self {
        if e.kind() == io::ErrorKind::BrokenPipe {
            CliError::BrokenPipe
        } else {
            CliError::new(format!("cannot write: {e}"))
        }
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
            eprintln!("ringlab: {} (see ringlab --help)", clap_message(&e));
            return ExitCode::from(2);
        }
    };
    let keys_from_stdin = match &cli.command {
        Command::Lookup(a) => a.keys.is_empty(),
        Command::Slot(a) | Command::Token(a) => a.keys.is_empty(),
        Command::Jump(a) => a.keys.is_empty(),
        Command::Move(a) => a.config.is_some() && a.key_list.is_empty(),
        Command::Bounded(a) => a.keys.is_empty(),
        _ => false,
    };
    if keys_from_stdin && io::stdin().is_terminal() {
        eprintln!("ringlab: reading keys from standard input, one per line (end with Ctrl-D)");
    }
    let show_progress = io::stderr().is_terminal();
    let stdin = io::stdin();
    let mut stdin = stdin.lock();
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let mut err = io::stderr();
    let result = match &cli.command {
        Command::Lookup(a) => lookup::run(a, &mut stdin, &mut out, &mut err),
        Command::Agree(a) => agree::run(a, &mut out),
        Command::Slot(a) => codes::slot(a, &mut stdin, &mut out),
        Command::Token(a) => codes::token(a, &mut stdin, &mut out),
        Command::Jump(a) => codes::jump(a, &mut stdin, &mut out),
        Command::Move(a) => moves::run(a, &mut stdin, &mut out, &mut err, show_progress),
        Command::Bounded(a) => bounded::run(a, &mut stdin, &mut out, &mut err),
        Command::Load(a) => load::run(a, &mut out, &mut err),
        Command::Maglev(a) => maglev::run(a, &mut out),
        Command::Route(a) => route::run(a, &mut stdin, &mut out),
        Command::Trace(a) => route::generate(a, &mut out),
        Command::Experiment(which) => match which {
            ExperimentCommand::Busiest(a) => experiment::busiest(a, &mut out, show_progress),
            ExperimentCommand::Catcher(a) => experiment::catcher(a, &mut out, show_progress),
            other => experiment::lab(other, &mut out),
        },
    };
    let result = result.and_then(|()| out.flush().map_err(CliError::from));
    match result {
        Ok(()) => ExitCode::SUCCESS,
        // A closed pipe (`ringlab slot | head`) is not an error worth a message.
        Err(CliError::BrokenPipe) => ExitCode::SUCCESS,
        Err(CliError::Message(message)) => {
            eprintln!("ringlab: {}", limits::one_line(&message));
            ExitCode::from(2)
        }
    }
}

/// The first line of clap's message, with the value it quotes shortened.
fn clap_message(e: &clap::Error) -> String {
    let rendered = e.render().to_string();
    let first = rendered.lines().next().unwrap_or("bad arguments");
    let mut first = first.strip_prefix("error: ").unwrap_or(first).to_string();
    for kind in [
        clap::error::ContextKind::InvalidValue,
        clap::error::ContextKind::InvalidArg,
        clap::error::ContextKind::InvalidSubcommand,
    ] {
        if let Some(clap::error::ContextValue::String(value)) = e.get(kind) {
            if value.chars().count() > limits::MAX_ECHO_CHARS {
                let short = limits::shorten(value);
                first = first.replace(&format!("'{value}'"), &short);
            }
        }
    }
    limits::one_line(&first)
}
