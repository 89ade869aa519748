//! The checkpoint quiz (step 13): fourteen questions, multiple choice and numeric, each with
//! the paragraph that explains its answer. Every figure in them is computed by
//! `ringlab-core` (or [`crate::views::learn::figures`]) when the questions are built.
//!
//! A checked answer is kept in [`Progress::quiz`] as text: the option's index for a choice,
//! the reader's own words for a number. Numbers are read leniently: `1/9`, `0.111`,
//! `11%`, `11.1`, `1 in 9` and `34,375` all parse.

use std::collections::BTreeMap;

use ringlab_core::analysis::theory::{
    join_moved, leave_moved, modulo_kept_per_period, modulo_moved, ring_moved, share_cv,
};
use ringlab_core::bounded::cap;
use ringlab_core::schemes::nginx::POINTS_PER_WEIGHT;
use ringlab_core::schemes::redis::{key_slot, SLOT_COUNT};

use crate::format::{grouped, grouped_rounded, percent};
use crate::views::learn::figures::{
    self, HOT_SERVERS, HOT_TOTAL, LOSS_FAILURES, LOSS_REPLICAS, LOSS_SERVERS,
};
use crate::views::learn::progress::Progress;

/// One question.
#[derive(Debug, Clone, PartialEq)]
pub struct Question {
    pub prompt: String,
    pub kind: Kind,
    /// Why the right answer is right, in one paragraph.
    pub explanation: String,
    /// The slug of the step that teaches it, for a reader who missed it.
    pub step: &'static str,
}

/// How a question is answered.
#[derive(Debug, Clone, PartialEq)]
pub enum Kind {
    /// Pick one option; the stored answer is the option's index.
    Choice {
        options: Vec<String>,
        correct: usize,
    },
    /// Type a number; right within `tolerance` of `answer`.
    Number {
        answer: f64,
        tolerance: f64,
        unit: Unit,
    },
}

/// What a numeric answer measures, which decides how it may be written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unit {
    /// A share of a whole: `1/9`, `0.111`, `11.1%`, or `11.1` read as a percentage.
    Share,
    /// A plain amount: `34,375`, `34.4k`, `5.5x`.
    Amount,
}

impl Unit {
    /// How the reader may write the answer, for the input's hint.
    pub fn hint(self) -> &'static str {
        match self {
            Unit::Share => "A fraction, a decimal or a percentage: 1/4, 0.25 or 25%.",
            Unit::Amount => "A number: 1200, 1,200 or 1.2k.",
        }
    }
}

/// How far a share may be from the answer: half a percentage point, so a whole
/// percentage rounded either way is right.
const SHARE_TOLERANCE: f64 = 0.005;

/// How far an amount may be from the answer, relative to it.
const AMOUNT_TOLERANCE: f64 = 0.005;

/// The longest answer that is read as a number; longer text is not one.
const MAX_NUMBER_TEXT: usize = 80;

pub(crate) fn share(answer: f64) -> Kind {
    Kind::Number {
        answer,
        tolerance: SHARE_TOLERANCE,
        unit: Unit::Share,
    }
}

pub(crate) fn amount(answer: f64) -> Kind {
    Kind::Number {
        answer,
        tolerance: (answer * AMOUNT_TOLERANCE).abs(),
        unit: Unit::Amount,
    }
}

pub(crate) fn choice(options: &[String], correct: usize) -> Kind {
    Kind::Choice {
        options: options.to_vec(),
        correct,
    }
}

pub(crate) fn question(
    prompt: impl Into<String>,
    kind: Kind,
    explanation: impl Into<String>,
) -> Question {
    Question {
        prompt: prompt.into(),
        kind,
        explanation: explanation.into(),
        step: "",
    }
}

impl Question {
    /// The question, taught by the step `slug`.
    pub(crate) fn taught_in(self, slug: &'static str) -> Question {
        Question { step: slug, ..self }
    }
}

/// `x` times, to two decimals without a trailing zero: "5.5×", "1.21×".
pub fn times(x: f64) -> String {
    let text = format!("{x:.2}");
    let text = match text.strip_suffix('0') {
        Some(short) if !short.ends_with('.') => short.to_string(),
        _ => text,
    };
    format!("{text}×")
}

/// The questions, in order. Building them runs a small experiment (the busiest server at
/// 160 points), so a page builds them once.
pub fn questions() -> Vec<Question> {
    vec![
        hook().taught_in("modulo"),
        doubling().taught_in("modulo"),
        ring_join().taught_in("ring"),
        leaving().taught_in("ring"),
        virtual_nodes().taught_in("virtual-nodes"),
        preference_list().taught_in("replication"),
        racks().taught_in("replication"),
        simultaneous_failures().taught_in("replication"),
        redis().taught_in("real-systems"),
        hot_diagnosis().taught_in("hot-keys"),
        hot_load().taught_in("hot-keys"),
        bounded_loads().taught_in("hot-keys"),
        pick_for_packets().taught_in("beyond"),
        pick_for_shards().taught_in("beyond"),
    ]
}

/// Choosing a scheme: a load balancer that must pick a backend per packet.
fn pick_for_packets() -> Question {
    let (n, m) = (8, 9);
    let moved = figures::maglev_moved(n, m);
    let options = [
        "A ring with virtual nodes",
        "Jump hash",
        "Maglev",
        "Rendezvous",
    ]
    .map(String::from);
    question(
        "A software load balancer must pick a backend for every packet with one memory read, \
         spread connections almost perfectly evenly, and lose a backend anywhere in the list. \
         Which scheme fits best?",
        choice(&options, 2),
        format!(
            "Maglev: its lookup is table[hash mod M], one read, and its fill gives every backend \
             nearly the same number of slots. It pays a little in movement: when a ninth backend \
             joins {n}, Envoy's table of 65,537 slots changes {} of its slots, against the least \
             possible {}. A ring needs a binary search per packet; jump cannot lose a middle \
             backend; rendezvous scores every backend on every packet.",
            percent(moved),
            percent(1.0 / m as f64)
        ),
    )
}

/// Choosing a scheme: numbered shards that only grow.
fn pick_for_shards() -> Question {
    use crate::views::jump::moves::renumber_expected;
    let options = ["Rendezvous", "Jump hash", "Maglev", "Redis slots"].map(String::from);
    question(
        "A storage system splits data into numbered shards, 0 to n - 1. Shards are added at the \
         end and never removed from the middle; each shard is itself replicated. You want even \
         shares and no memory for the mapping. Which scheme fits best?",
        choice(&options, 1),
        format!(
            "Jump hash: it keeps nothing in memory, gives every bucket the same share, and growing \
             from n to n + 1 moves only 1/(n + 1) of the keys, all to the new shard. Its one \
             weakness does not apply here: removing bucket 3 of 10 would renumber the rest and \
             move {} of the keys, but shards are never removed from the middle.",
            percent(renumber_expected(10, 3))
        ),
    )
}

fn hook() -> Question {
    let (n, m) = (8, 9);
    let stays = figures::modulo_stays(n);
    let (kept, period) = modulo_kept_per_period(n, m);
    question(
        format!(
            "A cache of {n} servers places keys with hash(key) mod {n}. A server joins, and the \
             rule becomes mod {m}. What fraction of the keys stays on the same server?"
        ),
        share(stays.value()),
        format!(
            "Only {stays}, about {}. A key stays only when hash mod {n} and hash mod {m} agree, \
             and they agree for {kept} of every {period} hash values. Every other key moves, \
             and a cache misses on each one. On a ring the same join moves just {}.",
            percent(stays.value()),
            ring_moved(n, m),
        ),
    )
}

fn doubling() -> Question {
    let (n, m) = (16, 32);
    let moved = modulo_moved(n, m);
    question(
        format!(
            "A cluster places keys with hash(key) mod N. It doubles, from {n} to {m} servers. \
             What fraction of the keys moves?"
        ),
        share(moved.value()),
        format!(
            "Exactly {moved}. A key on server s either stays on s or moves to s + {n}, half \
             each way: every old server splits its keys with one new one. That is why fleets \
             that use modulo grow by doubling. Growing by one, from {n} to {}, would move {} \
             of the keys.",
            n + 1,
            percent(modulo_moved(n, n + 1).value()),
        ),
    )
}

fn ring_join() -> Question {
    let n = 16;
    question(
        format!(
            "A ring with many points per server has {n} servers. A server joins. What fraction \
             of the keys moves?"
        ),
        share(join_moved(n)),
        format!(
            "{}, about {}: the newcomer's fair share, and nothing else. Every key it takes \
             comes from the server that owned that arc before; no key moves between two old \
             servers. In general a join moves 1/(N+1) of the keys.",
            ring_moved(n, n + 1),
            percent(join_moved(n)),
        ),
    )
}

fn leaving() -> Question {
    let (n, points) = (16, 200);
    let options = [
        "Every key: the ring is rebuilt without it.".to_string(),
        "Only its keys, all to the one server after it on the ring.".to_string(),
        "Only its keys, each to the next server clockwise from its own point, so they \
         spread over many servers."
            .to_string(),
        "Only its keys, to whichever server has the least load.".to_string(),
    ];
    question(
        format!(
            "One of {n} servers leaves a ring with {points} points per server. Which keys \
             move, and where do they go?"
        ),
        choice(&options, 2),
        format!(
            "Only the leaver's keys move: its share, {} of the keys. Each of its {points} arcs \
             goes to the server after it, and those are many different servers. The biggest \
             catcher gains about {} a fair share. With one point per server a single neighbour \
             would catch it all: {} a fair share.",
            percent(leave_moved(n)),
            times(figures::biggest_catch(n, points)),
            times(figures::biggest_catch(n, 1)),
        ),
    )
}

fn virtual_nodes() -> Question {
    let (n, points) = (100, 160);
    let options = [
        "Lookups get faster with more points.".to_string(),
        "Each server's share evens out: its spread shrinks like 1/√V.".to_string(),
        "So that a key's copies land in different racks.".to_string(),
        "A hash function is only uniform when it is called many times.".to_string(),
    ];
    question(
        "Why do rings give each server a few hundred points instead of one?",
        choice(&options, 1),
        format!(
            "To even out the shares. With one point each, a server's share on {n} servers \
             typically strays {} from fair. With {points} points it strays {}, and the \
             busiest of {n} servers carries about {} its fair share. More points cost memory \
             and slower membership changes, so a few hundred is the usual balance.",
            percent(share_cv(n, 1)),
            percent(share_cv(n, points)),
            times(figures::mean_busiest(n, points, 200)),
        ),
    )
}

fn preference_list() -> Question {
    let r = LOSS_REPLICAS;
    let options = [
        format!("The next {r} points clockwise from the key, whoever owns them."),
        format!("{r} servers chosen at random for each write."),
        format!("The {r} least loaded servers at the time of the write."),
        format!(
            "The first {r} distinct servers clockwise from the key, skipping points of \
             servers already chosen."
        ),
    ];
    question(
        format!("On a ring that keeps {r} copies of each key, what is a key's preference list?"),
        choice(&options, 3),
        format!(
            "Walk clockwise from the key and collect servers, skipping any point whose server \
             is already on the list, until there are {r}. Without the skip, two neighbouring \
             points of one server could hold two copies, and one failure would take both. \
             Every client that knows the ring computes the same list."
        ),
    )
}

fn racks() -> Question {
    let points = 200;
    let loss = figures::loss(points);
    let (plain, aware) = loss.map_or((f64::NAN, f64::NAN), |l| (l.plain, l.rack_aware));
    let options = [
        "The walk skips servers in a rack that already holds a copy, so the copies sit in \
         different racks."
            .to_string(),
        "All copies go to the key's own rack, close together.".to_string(),
        "Servers in bigger racks get more points.".to_string(),
        "Nothing about placement; it only changes which copy is read first.".to_string(),
    ];
    question(
        "What does a rack-aware preference list change?",
        choice(&options, 0),
        format!(
            "The clockwise walk skips a server whose rack already holds a copy. Then one rack \
             failing, a switch or a power feed, never takes every copy. It helps with random \
             failures too: on {LOSS_SERVERS} servers spread over racks, with {points} points \
             each, {LOSS_FAILURES} servers failing together lose some data with probability \
             {} on plain lists and {} on rack-aware ones.",
            percent(plain),
            percent(aware),
        ),
    )
}

fn simultaneous_failures() -> Question {
    let (few, many) = (1, 200);
    let one = figures::loss(few);
    let lots = figures::loss(many);
    let options = [
        format!("The ring with {few} point per server."),
        format!("The ring with {many} points per server."),
        "Both are equally likely to.".to_string(),
    ];
    question(
        format!(
            "Two rings of {LOSS_SERVERS} servers keep {LOSS_REPLICAS} copies of each key. Then \
             {LOSS_FAILURES} servers fail at the same moment. Which ring is more likely to \
             lose some data?"
        ),
        choice(&options, 1),
        format!(
            "The ring with {many} points: {} against {}. With {few} point per server there \
             are only {} replica sets, each server with its neighbours, so a random trio \
             rarely matches one. With {many} points nearly every trio of servers shares some \
             key, so almost any {LOSS_FAILURES} failures lose a sliver of data. This is one \
             reason Cassandra lowered its default number of tokens.",
            percent(lots.map_or(f64::NAN, |l| l.plain)),
            percent(one.map_or(f64::NAN, |l| l.plain)),
            one.map_or_else(|| "a few".to_string(), |l| grouped(l.distinct_sets as u64)),
        ),
    )
}

fn redis() -> Question {
    let slots = grouped(SLOT_COUNT as u64);
    let key = "user:42";
    let tagged = "{user:42}:cart";
    let options = [
        format!("A ring with {POINTS_PER_WEIGHT} points per master."),
        format!("CRC16 of the key, mod {slots} hash slots; each slot belongs to one master."),
        "hash(key) mod the number of masters.".to_string(),
        "Rendezvous hashing: the master with the highest score wins.".to_string(),
    ];
    question(
        "How does Redis Cluster decide which master holds a key?",
        choice(&options, 1),
        format!(
            "Redis Cluster is not a ring. It has {slots} fixed hash slots, and a key's slot is \
             CRC16 of the key mod {slots}: {key} is in slot {}. A table maps slots to masters, \
             and resharding moves whole slots. Braces make a hash tag: {tagged} hashes only \
             user:42, so it lands in slot {} too.",
            key_slot(key.as_bytes()),
            key_slot(tagged.as_bytes()),
        ),
    )
}

fn hot_diagnosis() -> Question {
    let (points, hot_qps) = (200, 30_000);
    let h = figures::hot(hot_qps);
    let options = [
        "Too few points per server.".to_string(),
        "The hash function is biased.".to_string(),
        "One very popular key: all its requests go to the one server that owns it.".to_string(),
        "A server just left and this one caught all its keys.".to_string(),
    ];
    question(
        format!(
            "A ring of {HOT_SERVERS} servers with {points} points each spreads keys evenly: a \
             share typically strays {} from fair. Yet one server runs at 100% CPU while the \
             others idle. What is the likely cause?",
            percent(share_cv(HOT_SERVERS, points)),
        ),
        choice(&options, 2),
        format!(
            "A hot key. Placement spreads keys, not requests, and one key has one owner. If \
             one key takes {} of {} requests per second, its owner carries {}: {} the mean of \
             {}. More points will not help. Caching the key in clients, reading it from every \
             replica, or splitting it into several keys will.",
            grouped(hot_qps),
            grouped_rounded(HOT_TOTAL),
            grouped_rounded(h.peak),
            times(h.ratio()),
            grouped_rounded(h.mean),
        ),
    )
}

fn hot_load() -> Question {
    let hot_qps = 30_000;
    let h = figures::hot(hot_qps);
    question(
        format!(
            "A cluster of {HOT_SERVERS} servers gets {} requests per second, spread evenly \
             except for one key, which gets {} of them. How many requests per second reach the \
             server that owns that key?",
            grouped_rounded(HOT_TOTAL),
            grouped(hot_qps),
        ),
        amount(h.peak),
        format!(
            "{}: the hot key's {}, plus a {HOT_SERVERS}th share of the other {}. That is {} \
             the mean of {}, on a ring that is perfectly balanced.",
            grouped_rounded(h.peak),
            grouped(hot_qps),
            grouped_rounded(HOT_TOTAL - hot_qps as f64),
            times(h.ratio()),
            grouped_rounded(h.mean),
        ),
    )
}

fn bounded_loads() -> Question {
    let (c, keys, servers) = (1.25, 1000, 10);
    let limit = cap(c, keys, servers);
    let options = [
        format!(
            "It caps each server at {limit} keys; a key whose server is full walks on \
             clockwise to the next one with room."
        ),
        format!(
            "It moves {} of the keys at random to the least loaded servers.",
            percent(c - 1.0)
        ),
        format!("It gives every server {} more points.", percent(c - 1.0)),
        format!("It refuses requests above {c} times the mean."),
    ];
    question(
        format!(
            "Consistent hashing with bounded loads, factor c = {c}, places {} keys on {servers} \
             servers. What does it do?",
            grouped(keys as u64),
        ),
        choice(&options, 0),
        format!(
            "Each server may hold at most ⌈c·m/n⌉ = {limit} keys. A key goes to the first \
             server on its clockwise walk that is still below the cap, so no server goes above \
             about {c} times the mean, and only keys that met a full server move. HAProxy calls \
             the factor hash-balance-factor and writes it as {}.",
            grouped_rounded(c * 100.0),
        ),
    )
}

/// Reads a number as people write it: `0.111`, `11.1%`, `1/9`, `1 in 9`, `34,375`,
/// `34.4k`, `5.5x`, `0,111`. `None` for anything else, never a panic.
pub fn parse_number(text: &str) -> Option<f64> {
    read(text).map(|(value, _)| value)
}

/// The number and whether it was written as a percentage.
fn read(text: &str) -> Option<(f64, bool)> {
    if text.len() > MAX_NUMBER_TEXT {
        return None;
    }
    let mut s = text.trim().to_ascii_lowercase();
    for prefix in [
        "about",
        "approximately",
        "approx.",
        "approx",
        "around",
        "~",
        "≈",
        "=",
    ] {
        if let Some(rest) = s.strip_prefix(prefix) {
            s = rest.trim_start().to_string();
        }
    }
    let mut percent = false;
    let mut scale = 1.0;
    loop {
        let before = s.len();
        for suffix in [
            "requests per second",
            "per second",
            "qps",
            "rps",
            "/s",
            "keys",
            "times",
            "×",
            "x",
        ] {
            if let Some(rest) = s.strip_suffix(suffix) {
                s = rest.trim_end().to_string();
            }
        }
        for suffix in ["percent", "per cent", "%"] {
            if let Some(rest) = s.strip_suffix(suffix) {
                s = rest.trim_end().to_string();
                percent = true;
            }
        }
        if let Some(rest) = s.strip_suffix('k') {
            s = rest.trim_end().to_string();
            scale *= 1000.0;
        }
        if s.len() == before {
            break;
        }
    }
    let s = s
        .replace(" out of ", "/")
        .replace(" in ", "/")
        .replace(['⁄', '∕', '÷'], "/");
    let s: String = s
        .chars()
        .filter(|c| !c.is_whitespace() && *c != '_')
        .collect();
    let value = match s.split_once('/') {
        Some((top, bottom)) => {
            let (top, bottom) = (decimal(top)?, decimal(bottom)?);
            if bottom == 0.0 {
                return None;
            }
            top / bottom
        }
        None => decimal(&s)?,
    };
    let value = value * scale / if percent { 100.0 } else { 1.0 };
    value.is_finite().then_some((value, percent))
}

/// A decimal number with optional thousands commas, or a decimal comma (`0,111`, `1,5`).
fn decimal(s: &str) -> Option<f64> {
    if s.is_empty() || !s.chars().all(|c| c.is_ascii_digit() || ".,+-".contains(c)) {
        return None;
    }
    let commas = s.matches(',').count();
    let s = if commas == 1 && !s.contains('.') {
        let (whole, part) = s.split_once(',')?;
        let whole_digits = whole.trim_start_matches(['+', '-']);
        if whole_digits.is_empty() || whole_digits == "0" || part.len() != 3 {
            format!("{whole}.{part}")
        } else {
            format!("{whole}{part}")
        }
    } else {
        s.replace(',', "")
    };
    s.parse::<f64>().ok().filter(|v| v.is_finite())
}

/// Whether `answer` (as stored: an option's index, or the typed number) is right.
pub fn is_right(question: &Question, answer: &str) -> bool {
    match &question.kind {
        Kind::Choice { correct, .. } => answer.trim().parse::<usize>().ok() == Some(*correct),
        Kind::Number {
            answer: right,
            tolerance,
            unit,
        } => {
            let Some((value, percent)) = read(answer) else {
                return false;
            };
            let close = |v: f64| (v - right).abs() <= *tolerance;
            // A share written as a bare "11.1" means 11.1%.
            close(value)
                || (*unit == Unit::Share && !percent && value > 1.0 && close(value / 100.0))
        }
    }
}

/// (right, answered, total) over `questions` for the answers in `progress`.
pub fn score_of(questions: &[Question], progress: &Progress) -> (usize, usize, usize) {
    score_answers(questions, &progress.quiz)
}

/// Right, answered and asked, for `answers` (question index to answer) to `questions`.
pub fn score_answers(
    questions: &[Question],
    answers: &BTreeMap<usize, String>,
) -> (usize, usize, usize) {
    let mut right = 0;
    let mut answered = 0;
    for (index, answer) in answers {
        if let Some(question) = questions.get(*index) {
            answered += 1;
            if is_right(question, answer) {
                right += 1;
            }
        }
    }
    (right, answered, questions.len())
}

/// (right, answered, total) for the answers in `progress`. Builds the questions: a page
/// that has them already calls [`score_of`].
pub fn score(progress: &Progress) -> (usize, usize, usize) {
    score_of(&questions(), progress)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Every question names a step of the walkthrough that comes before the quiz.
    #[test]
    fn every_question_points_to_the_step_that_teaches_it() {
        let steps = &crate::views::learn::steps::STEPS;
        let quiz = steps.iter().position(|s| s.slug == "quiz").unwrap();
        for q in questions() {
            let at = steps.iter().position(|s| s.slug == q.step);
            assert!(at.is_some_and(|at| at < quiz), "{}: {:?}", q.prompt, q.step);
        }
    }

    /// A right answer for each question, as a reader would write it.
    fn right_answer(q: &Question) -> String {
        match &q.kind {
            Kind::Choice { correct, .. } => correct.to_string(),
            Kind::Number { answer, .. } => format!("{answer}"),
        }
    }

    #[test]
    fn fourteen_questions_of_both_kinds() {
        let qs = questions();
        assert_eq!(qs.len(), 14);
        let numbers = qs
            .iter()
            .filter(|q| matches!(q.kind, Kind::Number { .. }))
            .count();
        assert!(numbers >= 3 && numbers < qs.len());
        for q in &qs {
            let text = format!("{} {} {:?}", q.prompt, q.explanation, q.kind);
            assert!(!text.contains("NaN") && !text.contains("n/a"), "{text}");
            if let Kind::Choice { options, correct } = &q.kind {
                assert!(*correct < options.len() && options.len() >= 3);
            }
        }
    }

    #[test]
    fn each_right_answer_is_right_and_the_others_wrong() {
        for q in questions() {
            assert!(is_right(&q, &right_answer(&q)), "{}", q.prompt);
            match &q.kind {
                Kind::Choice { options, correct } => {
                    for wrong in (0..options.len()).filter(|i| i != correct) {
                        assert!(!is_right(&q, &wrong.to_string()), "{}", q.prompt);
                    }
                    assert!(!is_right(&q, &options.len().to_string()));
                }
                Kind::Number { answer, .. } => {
                    assert!(!is_right(&q, &format!("{}", answer * 1.5)));
                    assert!(!is_right(&q, &format!("{}", answer * 0.5)));
                }
            }
            assert!(!is_right(&q, ""));
            assert!(!is_right(&q, "no idea"));
        }
    }

    #[test]
    fn the_hook_accepts_a_ninth_written_many_ways() {
        let hook = &questions()[0];
        for right in [
            "1/9",
            "0.111",
            "0.11",
            "11%",
            "11.1%",
            "11.1",
            "11",
            " 1 / 9 ",
            "1 in 9",
            "1 out of 9",
            "0,111",
            ".111",
            "about 11%",
            "11 percent",
            "1⁄9",
        ] {
            assert!(is_right(hook, right), "{right}");
        }
        for wrong in [
            "8/9", "88.9%", "0.1", "10%", "12%", "1/8", "1/0", "0", "1", "nan", "inf",
        ] {
            assert!(!is_right(hook, wrong), "{wrong}");
        }
    }

    #[test]
    fn amounts_read_with_commas_and_thousands() {
        assert_eq!(parse_number("34,375"), Some(34_375.0));
        assert_eq!(parse_number("34375 qps"), Some(34_375.0));
        assert_eq!(parse_number("34.4k"), Some(34_400.0));
        assert_eq!(parse_number("1,234,567.5"), Some(1_234_567.5));
        assert_eq!(parse_number("5.5x"), Some(5.5));
        assert_eq!(parse_number("5.5 ×"), Some(5.5));
        assert_eq!(parse_number("1,5"), Some(1.5));
        assert_eq!(parse_number("50%"), Some(0.5));
        assert_eq!(parse_number("1e400"), None);
        assert_eq!(parse_number("1/2/3"), None);
        assert_eq!(parse_number("-"), None);
        let hot = &questions()[10];
        assert!(is_right(hot, "34,375") && is_right(hot, "34.4k") && is_right(hot, "34375"));
        assert!(!is_right(hot, "30,000") && !is_right(hot, "6,250"));
    }

    #[test]
    fn figures_come_from_the_core() {
        let qs = questions();
        assert!(qs[0].explanation.contains("Only 1/9, about 11.1%"));
        assert!(qs[0].explanation.contains("8 of every 72"));
        assert!(qs[1].explanation.contains("Exactly 1/2"));
        assert!(qs[2].explanation.starts_with("1/17, about 5.9%"));
        assert!(qs[8].explanation.contains("16,384 fixed hash slots"));
        assert!(qs[10].explanation.starts_with("34,375"));
        assert!(qs[10].explanation.contains("5.5× the mean of 6,250"));
        assert!(qs[11].explanation.contains("= 125 keys"));
    }

    #[test]
    fn the_score_counts_right_and_answered() {
        let qs = questions();
        let mut p = Progress::default();
        assert_eq!(score_of(&qs, &p), (0, 0, qs.len()));
        p.quiz.insert(0, "1/9".into());
        p.quiz.insert(1, "0.9".into());
        p.quiz.insert(3, "2".into());
        p.quiz.insert(99, "2".into());
        assert_eq!(score_of(&qs, &p), (2, 3, qs.len()));
        assert_eq!(score(&p), (2, 3, qs.len()));
    }

    /// The questions, built once for the property test.
    fn built() -> &'static [Question] {
        static BUILT: std::sync::OnceLock<Vec<Question>> = std::sync::OnceLock::new();
        BUILT.get_or_init(questions)
    }

    #[test]
    fn times_drops_a_trailing_zero() {
        assert_eq!(times(5.5), "5.5×");
        assert_eq!(times(1.214), "1.21×");
        assert_eq!(times(1.0), "1.0×");
    }

    proptest! {
        /// Any text at all: no panic, and never a number that is not finite.
        #[test]
        fn any_text_is_read_without_panic(text in "\\PC{0,100}") {
            for q in built() {
                let _ = is_right(q, &text);
            }
            if let Some(v) = parse_number(&text) {
                prop_assert!(v.is_finite());
            }
        }
    }
}
