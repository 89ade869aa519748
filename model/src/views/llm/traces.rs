//! The traces a worker holds: a fetched one is handed to it as the file's bytes (gzipped)
//! before its first job; the generated one it makes itself, on first use. Each is read
//! once and kept for the worker's next jobs.

use ringlab_core::llm::generate::{generate, Settings};
use ringlab_core::llm::trace::{decode, Request};

use super::params::TraceName;

#[derive(Default)]
pub struct Traces {
    held: Vec<(TraceName, Result<Vec<Request>, String>)>,
}

impl Traces {
    /// The trace called `name`, from its file's bytes; a name that is no trace's is let
    /// go (no job can ask for it).
    pub fn put(&mut self, name: &str, bytes: &[u8]) {
        let Some(trace) = TraceName::ALL.into_iter().find(|t| t.name() == name) else {
            return;
        };
        let read = decode(bytes).map_err(|e| format!("the {name} trace cannot be read: {e}"));
        self.held.retain(|(t, _)| *t != trace);
        self.held.push((trace, read));
    }

    /// The trace `name`'s requests, or why there are none.
    pub fn get(&mut self, name: TraceName) -> Result<&[Request], String> {
        if name == TraceName::Generated && !self.held.iter().any(|(t, _)| *t == name) {
            self.held.push((name, Ok(generate(&Settings::default()))));
        }
        match self.held.iter().find(|(t, _)| *t == name) {
            Some((_, Ok(trace))) if !trace.is_empty() => Ok(trace),
            Some((_, Ok(_))) => Err(format!("the {} trace has no requests", name.name())),
            Some((_, Err(why))) => Err(why.clone()),
            None => Err(format!(
                "the worker was not given the {} trace",
                name.name()
            )),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn traces_are_read_once_and_say_why_not() {
        let mut traces = Traces::default();
        assert_eq!(
            traces.get(TraceName::Conversation).unwrap_err(),
            "the worker was not given the conversation trace"
        );
        traces.put("conversation", b"{\"timestamp\": 0}\n");
        assert_eq!(
            traces.get(TraceName::Conversation).unwrap_err(),
            "the conversation trace cannot be read: line 1: no \"input_length\" (a whole number of tokens)"
        );
        traces.put("conversation", b"");
        assert_eq!(
            traces.get(TraceName::Conversation).unwrap_err(),
            "the conversation trace has no requests"
        );
        let line =
            "{\"timestamp\": 3, \"input_length\": 9, \"output_length\": 1, \"hash_ids\": [7]}\n";
        traces.put("conversation", line.as_bytes());
        assert_eq!(traces.get(TraceName::Conversation).unwrap()[0].blocks, [7]);
        traces.put("nosuch", line.as_bytes());
        // The generated trace is ringlab trace's default: made, not given.
        assert_eq!(
            traces.get(TraceName::Generated).unwrap(),
            generate(&Settings::default()).as_slice()
        );
    }
}
