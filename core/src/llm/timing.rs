//! The time model: how long a worker takes, so that load and time to first token mean
//! something. It is a model, stated plainly, not a measurement:
//!
//! - a worker runs at most `batch` requests at once; the others wait in arrival order;
//! - a request's prefill computes its uncached prompt tokens at `prefill_tokens_per_s`,
//!   then it writes one output token every `ms_per_output_token`;
//! - requests running together do not slow each other down.
//!
//! Time to first token is the wait plus the prefill. Times are whole microseconds.
//!
//! ```
//! use ringlab_core::llm::timing::{TimeModel, Worker};
//! let model = TimeModel { prefill_tokens_per_s: 1_000.0, ms_per_output_token: 10.0, batch: 1 };
//! let mut w = Worker::default();
//! w.arrive(0, 0, 500, 2, &model);
//! w.arrive(1, 0, 100, 1, &model);
//! assert_eq!(w.in_flight(), 2);
//! w.finish(&model);
//! // Half a second of prefill; the second waits for the first's 0.5 s and 20 ms of output.
//! assert_eq!(w.ttft, [(0, 500_000), (1, 520_000 + 100_000)]);
//! assert_eq!(w.busy_us, 520_000 + 110_000);
//! ```

use std::cmp::Reverse;
use std::collections::{BinaryHeap, VecDeque};

/// How fast a worker works.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TimeModel {
    pub prefill_tokens_per_s: f64,
    pub ms_per_output_token: f64,
    /// Requests a worker runs at once.
    pub batch: usize,
}

impl TimeModel {
    /// The defaults: stated round numbers for one worker serving a mid-size model, not
    /// a measurement of any fleet (the summary prints them beside its times).
    pub const DEFAULT: TimeModel = TimeModel {
        prefill_tokens_per_s: 10_000.0,
        ms_per_output_token: 30.0,
        batch: 32,
    };

    fn prefill_us(&self, tokens: u64) -> u64 {
        (tokens as f64 * 1e6 / self.prefill_tokens_per_s).round() as u64
    }

    fn decode_us(&self, tokens: u64) -> u64 {
        (tokens as f64 * self.ms_per_output_token * 1e3).round() as u64
    }
}

/// A request waiting for a slot: its index in the trace, when it came, its prefill and
/// its output, in µs.
#[derive(Debug, Clone, Copy)]
struct Waiting {
    index: usize,
    arrival: u64,
    prefill: u64,
    decode: u64,
}

/// One worker's requests in flight, and how long it has been busy.
#[derive(Debug, Clone, Default)]
pub struct Worker {
    /// When each running request ends.
    running: BinaryHeap<Reverse<u64>>,
    waiting: VecDeque<Waiting>,
    /// The time the worker has been brought to, in µs.
    now: u64,
    busy_since: u64,
    /// Time with at least one request running, in µs.
    pub busy_us: u64,
    /// Each started request's index and time to first token in µs, in start order.
    pub ttft: Vec<(usize, u64)>,
}

impl Worker {
    /// Requests running or waiting.
    pub fn in_flight(&self) -> usize {
        self.running.len() + self.waiting.len()
    }

    fn start(&mut self, at: u64, w: Waiting) {
        if self.running.is_empty() {
            self.busy_since = at;
        }
        // Saturating: a time past u64::MAX µs (half a million years) stays there.
        let end = at.saturating_add(w.prefill).saturating_add(w.decode);
        self.running.push(Reverse(end));
        self.ttft.push((
            w.index,
            at.saturating_sub(w.arrival).saturating_add(w.prefill),
        ));
    }

    /// Brings the worker to `t` µs: requests that end by then end, and waiting ones take
    /// the slots they free, when they free them.
    pub fn advance(&mut self, t: u64, model: &TimeModel) {
        loop {
            while self.running.len() < model.batch.max(1) {
                let Some(w) = self.waiting.pop_front() else {
                    break;
                };
                self.start(self.now, w);
            }
            match self.running.peek() {
                Some(&Reverse(end)) if end <= t => {
                    self.running.pop();
                    self.now = self.now.max(end);
                    if self.running.is_empty() {
                        self.busy_us = self
                            .busy_us
                            .saturating_add(end.saturating_sub(self.busy_since));
                    }
                }
                _ => break,
            }
        }
        self.now = self.now.max(t);
    }

    /// Request `index` arrives at `t` µs with `uncached` prompt tokens to compute and
    /// `output` tokens to write: it starts at once if a slot is free, else it waits.
    pub fn arrive(&mut self, index: usize, t: u64, uncached: u64, output: u64, model: &TimeModel) {
        self.advance(t, model);
        let w = Waiting {
            index,
            arrival: t,
            prefill: model.prefill_us(uncached),
            decode: model.decode_us(output),
        };
        if self.running.len() < model.batch.max(1) && self.waiting.is_empty() {
            self.start(t, w);
        } else {
            self.waiting.push_back(w);
        }
    }

    /// Runs everything in flight to its end.
    pub fn finish(&mut self, model: &TimeModel) {
        self.advance(u64::MAX, model);
    }
}
