//! Traces made up to order, in the Mooncake format with a `session_id`: conversations
//! that grow turn by turn on top of shared system prompts, whose popularity follows Zipf's
//! law, arriving at a steady rate (exponential gaps). The same settings give the same
//! trace.
//!
//! ```
//! use ringlab_core::llm::generate::{generate, Settings};
//! let trace = generate(&Settings { requests: 50, sessions: 5, ..Settings::default() });
//! assert_eq!(trace.len(), 50);
//! // A conversation's next turn starts with its previous turn's blocks.
//! let s = trace[0].session.clone();
//! let next = trace.iter().skip(1).find(|r| r.session == s).unwrap();
//! assert!(next.blocks.starts_with(&trace[0].blocks));
//! ```

use super::router::draw;
use super::trace::{Request, BLOCK_TOKENS};

/// What to generate.
#[derive(Debug, Clone, PartialEq)]
pub struct Settings {
    pub requests: usize,
    /// Conversations, each with its own history.
    pub sessions: usize,
    /// Distinct system prompts, the k-th chosen with weight 1/k^`zipf`.
    pub prompts: usize,
    pub zipf: f64,
    /// Blocks in each system prompt.
    pub prompt_blocks: usize,
    /// Requests per second, on average.
    pub rate: f64,
    pub seed: u64,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            requests: 2_000,
            sessions: 200,
            prompts: 20,
            zipf: 1.1,
            prompt_blocks: 4,
            rate: 5.0,
            seed: 0,
        }
    }
}

/// The most requests, sessions or prompts generated.
pub const MAX_GENERATED: usize = 1_000_000;
/// The most requests generated: with conversations of at most
/// [`MAX_CONVERSATION_BLOCKS`], a trace stays within a few hundred MB.
pub const MAX_REQUESTS: usize = 200_000;
/// The longest conversation, in blocks (65,536 tokens): past it the session starts a
/// new conversation on its system prompt, as a chat that outgrows its context window.
pub const MAX_CONVERSATION_BLOCKS: usize = 128;

/// A uniform draw in [0, 1) from the `n`th number of the seed's stream.
fn uniform(seed: u64, n: u64) -> f64 {
    (draw(seed, n) >> 11) as f64 / (1u64 << 53) as f64
}

/// The trace `settings` describe (requests clamped to 1 to [`MAX_REQUESTS`], sessions
/// and prompts to 1 to [`MAX_GENERATED`]).
pub fn generate(settings: &Settings) -> Vec<Request> {
    let clamp = |n: usize| n.clamp(1, MAX_GENERATED);
    let (requests, sessions, prompts) = (
        settings.requests.clamp(1, MAX_REQUESTS),
        clamp(settings.sessions),
        clamp(settings.prompts),
    );
    let prompt_blocks = settings.prompt_blocks.clamp(1, 64);
    let rate = if settings.rate > 0.0 && settings.rate.is_finite() {
        settings.rate
    } else {
        1.0
    };
    let zipf = if settings.zipf.is_finite() {
        settings.zipf.clamp(0.0, 10.0)
    } else {
        1.0
    };
    let mut stream = 0u64;
    let mut next = || {
        stream += 1;
        uniform(settings.seed, stream)
    };
    // Cumulative Zipf weights, for picking a session's system prompt.
    let mut cumulative = Vec::with_capacity(prompts);
    let mut total = 0.0;
    for k in 1..=prompts {
        total += 1.0 / (k as f64).powf(zipf);
        cumulative.push(total);
    }
    let mut histories: Vec<Vec<u64>> = (0..sessions)
        .map(|_| {
            let u = next() * total;
            let p = cumulative.partition_point(|&c| c <= u).min(prompts - 1) as u64;
            (0..prompt_blocks as u64)
                .map(|b| p * prompt_blocks as u64 + b)
                .collect()
        })
        .collect();
    let mut fresh = (prompts * prompt_blocks) as u64;
    let mut time_ms = 0.0;
    let mut trace = Vec::with_capacity(requests);
    for _ in 0..requests {
        time_ms += -(1.0 - next()).ln() / rate * 1_000.0;
        let s = ((next() * sessions as f64) as usize).min(sessions - 1);
        // This turn's message: one to three new blocks after the conversation so far.
        let new = 1 + (next() * 3.0) as u64;
        let history = &mut histories[s];
        if history.len() + new as usize + 1 > MAX_CONVERSATION_BLOCKS.max(prompt_blocks + 4) {
            history.truncate(prompt_blocks);
        }
        history.extend(fresh..fresh + new);
        fresh += new;
        let blocks = history.clone();
        let partial = (next() * BLOCK_TOKENS as f64) as u64;
        let output = 20 + (next() * 480.0) as u64;
        trace.push(Request {
            arrival_ms: time_ms as u64,
            input_tokens: blocks.len() as u64 * BLOCK_TOKENS - partial,
            output_tokens: output,
            blocks,
            session: Some(format!("s-{s}")),
        });
        // The answer joins the conversation: one more block before the next turn.
        history.push(fresh);
        fresh += 1;
    }
    trace
}

/// A request as one line of JSONL, as [`super::trace::parse_line`] reads it.
pub fn to_line(r: &Request) -> String {
    let ids: Vec<String> = r.blocks.iter().map(u64::to_string).collect();
    let session = r
        .session
        .as_ref()
        .map(|s| format!(", \"session_id\": {}", serde_json::Value::String(s.clone())))
        .unwrap_or_default();
    format!(
        "{{\"timestamp\": {}, \"input_length\": {}, \"output_length\": {}, \"hash_ids\": [{}]{session}}}",
        r.arrival_ms,
        r.input_tokens,
        r.output_tokens,
        ids.join(", ")
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::llm::trace::parse;

    #[test]
    fn a_generated_trace_reads_back_and_repeats() {
        let settings = Settings {
            requests: 300,
            ..Settings::default()
        };
        let trace = generate(&settings);
        let text: String = trace.iter().map(|r| to_line(r) + "\n").collect();
        assert_eq!(parse(&text).unwrap(), trace);
        assert_eq!(generate(&settings), trace);
        assert_ne!(
            generate(&Settings {
                seed: 1,
                ..settings.clone()
            }),
            trace
        );
        // About 5 requests a second: 300 in about a minute.
        let span = trace.last().unwrap().arrival_ms as f64 / 1_000.0;
        assert!((40.0..80.0).contains(&span), "{span} s");
    }

    #[test]
    fn a_long_session_starts_over_on_its_prompt() {
        let trace = generate(&Settings {
            requests: 2_000,
            sessions: 1,
            ..Settings::default()
        });
        assert!(trace
            .iter()
            .all(|r| r.blocks.len() <= MAX_CONVERSATION_BLOCKS));
        let prompt = &trace[0].blocks[..4];
        assert!(trace.iter().all(|r| r.blocks.starts_with(prompt)));
        // It did start over: a later turn is shorter than the one before it.
        assert!(trace
            .windows(2)
            .any(|w| w[1].blocks.len() < w[0].blocks.len()));
    }

    #[test]
    fn the_most_popular_prompt_leads_by_zipf() {
        // Each session's prompt, read off its first turn's first block.
        let big = generate(&Settings {
            requests: 20_000,
            sessions: 2_000,
            ..Settings::default()
        });
        let mut firsts = std::collections::HashMap::new();
        for r in &big {
            firsts.entry(r.session.clone()).or_insert(r.blocks[0] / 4);
        }
        let count = |p: u64| firsts.values().filter(|&&v| v == p).count() as f64;
        // Weight 1 against 1/2^1.1: the first prompt about 2.1 times the second.
        let ratio = count(0) / count(1);
        assert!((1.6..2.8).contains(&ratio), "{ratio}");
    }
}
