//! Running the built `ringlab` in the command-line tests.

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// `ringlab args...` with `stdin` as its input: its exit status, stdout and stderr.
pub fn ringlab(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_ringlab"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("ringlab runs");
    // Written from a thread: a long input must not wait on an output nobody reads yet.
    let mut input = child.stdin.take().unwrap();
    let bytes = stdin.as_bytes().to_vec();
    let writer = std::thread::spawn(move || input.write_all(&bytes));
    let output = child.wait_with_output().unwrap();
    // A refusal may exit before reading its input: a closed pipe is fine then.
    let _ = writer.join();
    output
}

/// The standard output of a run that must succeed (its stderr shown if not).
// Each test file compiles this module on its own; cli.rs reads failures too and has no use for it.
#[allow(dead_code)]
pub fn ok(out: &Output) -> String {
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout.clone()).unwrap()
}
