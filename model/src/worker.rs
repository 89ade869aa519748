//! How the Web Worker (`lab-worker/`) answers one line of text: a lab job
//! ([`Job`]) with its rings' outcomes, a range of the comparison's keys
//! ([`KeysChunk`]) with their tally, a router's replay of an LLM trace ([`llm::run::Job`],
//! on a trace the page handed over first: [`Traces`]); anything else with a line saying so. The worker
//! only carries the line in and the answer out, so native tests read the same rule.

use ringlab_core::experiment::Scratch;

use crate::views::compare::chunk::KeysChunk;
use crate::views::compare::run::Comparison;
use crate::views::lab::job::Job;
use crate::views::llm;
use crate::views::llm::traces::Traces;

/// What the worker says of a line it cannot read.
pub const UNREAD: &str = "the worker could not read its job";

/// The answer to `line`. `scratch` and `built` live as long as the worker: the lab's
/// buffers, and the comparison's schemes kept for its next range. `clock` reads a clock
/// in ms (only the lookup-speed jobs read it). A comparison whose scheme cannot be built
/// answers with the reason.
pub fn answer(
    line: &str,
    scratch: &mut Scratch,
    built: &mut Option<Comparison>,
    traces: &mut Traces,
    clock: &dyn Fn() -> f64,
) -> Result<Vec<f64>, String> {
    if let Some(job) = Job::from_text(line) {
        Ok(job.run(scratch, clock))
    } else if let Some(chunk) = KeysChunk::from_text(line) {
        chunk.run(built)
    } else if let Some(job) = llm::run::Job::from_text(line) {
        job.answer(traces)
    } else {
        Err(UNREAD.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::views::compare::params::{Change, CompareParams};
    use crate::views::compare::run::Tally;
    use crate::views::lab::job::{Flat, TrialKind};
    use ringlab_core::experiment::{CatcherRing, Setting, Trial};

    fn small() -> CompareParams {
        CompareParams::small_for_tests()
    }

    /// A worker's state, fresh.
    fn fresh() -> (Scratch, Option<Comparison>) {
        (Scratch::default(), None)
    }

    /// A lab job's line is answered with its rings' outcomes, as the core's trial gives
    /// them ring by ring, and does not touch the comparison's schemes.
    #[test]
    fn a_lab_job_is_answered_with_the_trials_outcomes() {
        let (mut scratch, mut built) = fresh();
        let values = answer(
            "catcher 5 10 4 3 9",
            &mut scratch,
            &mut built,
            &mut Traces::default(),
            &|| 0.0,
        )
        .unwrap();
        let setting = Setting {
            servers: 10,
            points: 4,
            rings: 9,
        };
        let trial = TrialKind::catcher(5);
        let mut own = Scratch::default();
        let expected: Vec<CatcherRing> = (3..9)
            .map(|r| trial.outcome(&setting, r, &mut own))
            .collect();
        assert_eq!(CatcherRing::read_all(&values), Some(expected));
        assert!(built.is_none());
    }

    /// An LLM job is answered with its run's numbers once the page has handed the worker
    /// its trace; before, with why not; the session router on a trace without sessions
    /// with no numbers.
    #[test]
    fn an_llm_job_is_answered_on_the_trace_it_was_given() {
        use crate::views::llm::run::{Job as LlmJob, RouterRun};
        let (mut scratch, mut built) = fresh();
        let mut traces = Traces::default();
        let job = LlmJob::from_text("llm ring trace=synthetic&k=2").unwrap();
        let mut ask = |line: &str, traces: &mut Traces| {
            answer(line, &mut scratch, &mut built, traces, &|| 0.0)
        };
        assert_eq!(
            ask(&job.to_text(), &mut traces),
            Err("the worker was not given the synthetic trace".to_string())
        );
        let text = concat!(
            "{\"timestamp\": 0, \"input_length\": 900, \"output_length\": 3, \"hash_ids\": [0, 1]}\n",
            "{\"timestamp\": 7, \"input_length\": 1200, \"output_length\": 2, \"hash_ids\": [0, 1, 2]}\n",
        );
        traces.put("synthetic", text.as_bytes());
        let values = ask(&job.to_text(), &mut traces).unwrap();
        let trace = ringlab_core::llm::trace::parse(text).unwrap();
        assert_eq!(RouterRun::read(&values), job.run(&trace));
        assert_eq!(RouterRun::read(&values).unwrap().reused, 2);
        let session = LlmJob::from_text("llm session trace=synthetic").unwrap();
        assert_eq!(ask(&session.to_text(), &mut traces), Ok(Vec::new()));
    }

    /// A line that is neither is refused with the worker's sentence, whatever it holds.
    #[test]
    fn a_line_that_is_neither_is_refused() {
        for bad in [
            "",
            "ready",
            "compare",
            "compare 5 2 servers=12&keys=5003",
            "compare 0 9000 servers=12&keys=5003",
            "busiest-ring 1 100 160 9 2",
        ] {
            let (mut scratch, mut built) = fresh();
            assert_eq!(
                answer(
                    bad,
                    &mut scratch,
                    &mut built,
                    &mut Traces::default(),
                    &|| 0.0
                ),
                Err("the worker could not read its job".to_string()),
                "{bad:?}"
            );
        }
    }

    /// Every range sent as its line and answered by [`answer`], by two workers in turn,
    /// adds up to one whole run's counts, for several key and range counts and each kind
    /// of change; the last range (the one that ends at the last key) too, on its own.
    #[test]
    fn the_answered_ranges_add_up_to_one_whole_run() {
        for (keys, change) in [
            (1_000, Change::Join),
            (1_001, Change::LastLeaves),
            (5_003, Change::MiddleLeaves),
            (2_048, Change::Fails),
        ] {
            let params = CompareParams {
                keys,
                change,
                ..small()
            };
            let mut whole = Comparison::new(&params);
            while !whole.step(keys) {}
            assert_eq!(whole.tally.keys, keys);
            for pieces in [1, 2, 3, 4, 8] {
                let (mut scratch, mut one, mut two) = (Scratch::default(), None, None);
                let mut tally = Tally::new(&params);
                for (i, chunk) in KeysChunk::plan(&params, pieces).iter().enumerate() {
                    let worker = if i % 2 == 0 { &mut one } else { &mut two };
                    let values = answer(
                        &chunk.to_text(),
                        &mut scratch,
                        worker,
                        &mut Traces::default(),
                        &|| 0.0,
                    )
                    .unwrap_or_else(|why| panic!("{:?}: {why}", chunk.keys));
                    assert!(tally.add_values(&values));
                }
                assert_eq!(
                    tally, whole.tally,
                    "{keys} keys, {change:?}, {pieces} pieces"
                );
            }
            // The last key alone: one key counted.
            let (mut scratch, mut built) = fresh();
            let line = format!("compare {} {keys} {}", keys - 1, query(&params));
            let values = answer(
                &line,
                &mut scratch,
                &mut built,
                &mut Traces::default(),
                &|| 0.0,
            )
            .unwrap();
            let mut tally = Tally::new(&params);
            assert!(tally.add_values(&values));
            assert_eq!(tally.keys, 1, "{line}");
        }
    }

    /// The comparison's parameters as a line's query (the part after the range).
    fn query(p: &CompareParams) -> String {
        let line = KeysChunk {
            params: p.clone(),
            keys: 0..0,
        }
        .to_text();
        line.splitn(4, ' ').nth(3).unwrap_or("").to_string()
    }
}
