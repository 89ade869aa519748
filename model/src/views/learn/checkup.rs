//! The check-up: six skills, each tested twice. The "before" question comes ahead of the
//! walkthrough's first step, the "after" question once the quiz is done; the two ask the
//! same skill in different words and numbers, so the second is not a memory test. The
//! gain is the count of skills answered right after against before, skill by skill.
//!
//! Every figure in the questions and explanations comes from `ringlab-core` (or the
//! clock's ring) when they are built. The answers live in [`Progress::before`] and
//! [`Progress::after`], in the browser.

use ringlab_core::analysis::hot::hot_key;
use ringlab_core::analysis::theory::{join_moved, modulo_moved, share_cv};

use crate::format::{grouped, grouped_rounded, percent};
use crate::views::clock::model::{Cluster, Server};
use crate::views::learn::progress::Progress;
use crate::views::learn::quiz::{self, amount, choice, question, share, times, Question};

pub use crate::views::learn::progress::Sitting;

/// One skill and its two questions.
#[derive(Debug, Clone, PartialEq)]
pub struct Skill {
    pub name: &'static str,
    pub before: Question,
    pub after: Question,
}

impl Skill {
    pub fn question(&self, sitting: Sitting) -> &Question {
        match sitting {
            Sitting::Before => &self.before,
            Sitting::After => &self.after,
        }
    }
}

/// The six skills, in the walkthrough's order.
pub fn skills() -> Vec<Skill> {
    vec![
        Skill {
            name: "What mod N costs",
            before: modulo_stays(5).taught_in("modulo"),
            after: modulo_moves(12).taught_in("modulo"),
        },
        Skill {
            name: "What a join moves on a ring",
            before: ring_join(9).taught_in("ring"),
            after: ring_join(24).taught_in("ring"),
        },
        Skill {
            name: "Finding a key's server",
            before: lookup([("A", 15), ("B", 40), ("C", 70)], 85).taught_in("ring"),
            after: lookup([("A", 25), ("B", 60), ("C", 90)], 60).taught_in("ring"),
        },
        Skill {
            name: "Why virtual nodes",
            before: spread_ratio(50, 256).taught_in("virtual-nodes"),
            after: spread(100, 100).taught_in("virtual-nodes"),
        },
        Skill {
            name: "Hot keys",
            before: hot_owner(50_000.0, 10, 10_000.0).taught_in("hot-keys"),
            after: hot_fix().taught_in("hot-keys"),
        },
        Skill {
            name: "Choosing a scheme",
            before: pick_jump().taught_in("beyond"),
            after: pick_rendezvous().taught_in("beyond"),
        },
    ]
}

/// The questions of one sitting, in order.
pub fn questions(skills: &[Skill], sitting: Sitting) -> Vec<Question> {
    skills.iter().map(|s| s.question(sitting).clone()).collect()
}

/// Right, answered and asked in one sitting.
pub fn score(skills: &[Skill], sitting: Sitting, progress: &Progress) -> (usize, usize, usize) {
    quiz::score_answers(&questions(skills, sitting), sitting.answers(progress))
}

/// What changed between the sittings, once both are complete.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Gain {
    pub before: usize,
    pub after: usize,
    pub total: usize,
    /// Skills wrong before and right after.
    pub learned: Vec<&'static str>,
    /// Skills right before and wrong after.
    pub slipped: Vec<&'static str>,
    /// Skills wrong both times: what to read again.
    pub missed: Vec<&'static str>,
}

/// Whether skill `index` was answered right in `sitting`; `None` if not answered.
pub fn right(
    skills: &[Skill],
    sitting: Sitting,
    progress: &Progress,
    index: usize,
) -> Option<bool> {
    let answer = sitting.answers(progress).get(&index)?;
    Some(quiz::is_right(skills.get(index)?.question(sitting), answer))
}

/// The gain, when every question of both sittings is answered.
pub fn gain(skills: &[Skill], progress: &Progress) -> Option<Gain> {
    let (before, before_answered, total) = score(skills, Sitting::Before, progress);
    let (after, after_answered, _) = score(skills, Sitting::After, progress);
    if before_answered < total || after_answered < total {
        return None;
    }
    let mut gain = Gain {
        before,
        after,
        total,
        learned: Vec::new(),
        slipped: Vec::new(),
        missed: Vec::new(),
    };
    for (index, skill) in skills.iter().enumerate() {
        let was = right(skills, Sitting::Before, progress, index) == Some(true);
        let is = right(skills, Sitting::After, progress, index) == Some(true);
        match (was, is) {
            (false, true) => gain.learned.push(skill.name),
            (true, false) => gain.slipped.push(skill.name),
            (false, false) => gain.missed.push(skill.name),
            (true, true) => {}
        }
    }
    Some(gain)
}

impl Gain {
    /// The sentence the page shows: counts, never a ratio of small counts.
    pub fn sentence(&self) -> String {
        let change = self.after as i64 - self.before as i64;
        let moved = match change {
            0 => "the same score".to_string(),
            1 => "one more skill right".to_string(),
            -1 => "one fewer skill right".to_string(),
            c if c > 0 => format!("{c} more skills right"),
            c => format!("{} fewer skills right", -c),
        };
        format!(
            "Before: {} of {}. After: {} of {}. That is {moved}.",
            self.before, self.total, self.after, self.total
        )
    }
}

fn modulo_stays(n: usize) -> Question {
    let stays = 1.0 - modulo_moved(n, n + 1).value();
    question(
        format!(
            "A cache of {n} servers places keys with hash(key) mod {n}. One server joins, so \
             the rule becomes mod {}. What fraction of the keys stays where it was?",
            n + 1
        ),
        share(stays),
        format!(
            "About {}: a key stays only where hash mod {n} and hash mod {} agree. Everything \
             else moves, so nearly every cached key misses at once.",
            percent(stays),
            n + 1
        ),
    )
}

fn modulo_moves(n: usize) -> Question {
    let moved = modulo_moved(n, n + 1);
    question(
        format!(
            "Keys are placed with hash(key) mod N on {n} servers. A {}th server joins. What \
             fraction of the keys changes server?",
            n + 1
        ),
        share(moved.value()),
        format!(
            "{moved}, about {}. Only a key whose hash gives the same remainder both ways \
             stays. A ring would move just {}: the newcomer's share.",
            percent(moved.value()),
            percent(join_moved(n)),
        ),
    )
}

fn ring_join(n: usize) -> Question {
    let moved = join_moved(n);
    question(
        format!(
            "A ring with a few hundred points per server has {n} servers. A server joins. What \
             fraction of the keys moves?"
        ),
        share(moved),
        format!(
            "1/{}, about {}: the newcomer takes its fair share and nothing else moves. No key \
             goes from one old server to another.",
            n + 1,
            percent(moved),
        ),
    )
}

fn lookup(servers: [(&'static str, u32); 3], key: u32) -> Question {
    let cluster = Cluster::new(
        servers
            .iter()
            .enumerate()
            .map(|(colour, (name, at))| Server {
                name: (*name).into(),
                at: *at,
                colour,
            })
            .collect(),
    );
    let owner = cluster
        .owner(key)
        .map(|s| s.name.clone())
        .unwrap_or_default();
    let correct = servers
        .iter()
        .position(|(name, _)| *name == owner)
        .unwrap_or(0);
    let options: Vec<String> = servers
        .iter()
        .map(|(name, at)| format!("{name}, at {at}"))
        .collect();
    let placed = servers
        .iter()
        .map(|(name, at)| format!("{name} at {at}"))
        .collect::<Vec<_>>()
        .join(", ");
    let why = match cluster.owner(key) {
        Some(s) if s.at == key => format!(
            "{} sits exactly at {key}, and \"the first server at or after the key\" includes \
             the key's own position.",
            s.name
        ),
        Some(s) if s.at < key => format!(
            "No server sits at or after {key}, so the walk wraps past 99 to the first server \
             on the ring: {} at {}.",
            s.name, s.at
        ),
        Some(s) => format!(
            "The first server at or after {key}, going clockwise, is {} at {}.",
            s.name, s.at
        ),
        None => String::new(),
    };
    question(
        format!(
            "A ring numbered 0 to 99 has three servers: {placed}. A key is owned by the first \
             server clockwise at or after its position. Which server owns the key at {key}?"
        ),
        choice(&options, correct),
        why,
    )
}

fn spread_ratio(n: usize, more: u32) -> Question {
    let fewer = more / 4;
    let ratio = share_cv(n, fewer) / share_cv(n, more);
    let options = [
        "It stays the same: the hash decides the spread.",
        "It halves.",
        "It falls to a quarter.",
        "It falls to a sixteenth.",
    ]
    .map(String::from);
    question(
        format!(
            "A ring of {n} servers goes from {fewer} to {more} points per server. What happens \
             to how far a typical server's share strays from fair?"
        ),
        choice(&options, 1),
        format!(
            "It halves. The spread shrinks like 1/√V, so four times the points halves it: on \
             {n} servers, from {} to {}, {} smaller.",
            percent(share_cv(n, fewer)),
            percent(share_cv(n, more)),
            times(ratio),
        ),
    )
}

fn spread(n: usize, points: u32) -> Question {
    let cv = share_cv(n, points);
    question(
        format!(
            "A ring has {n} servers with {points} points each. Roughly how far does a typical \
             server's share stray from its fair share, as a percentage of it?"
        ),
        share(cv),
        format!(
            "About {}: one over the square root of the points, 1/√{points}. That is why rings \
             use a few hundred points, and why even 160 points leaves the busiest of many \
             servers well above the mean.",
            percent(cv),
        ),
    )
}

fn hot_owner(total: f64, servers: usize, hot: f64) -> Question {
    let h = hot_key(total, servers, hot);
    question(
        format!(
            "{} requests per second reach {servers} servers, evenly spread except for one key \
             that gets {} of them. How many requests per second reach that key's server?",
            grouped_rounded(total),
            grouped_rounded(hot),
        ),
        amount(h.peak),
        format!(
            "{}: all of the hot key's {}, plus a {servers}th of the other {}. That is {} the \
             mean of {}, however even the ring is.",
            grouped_rounded(h.peak),
            grouped_rounded(hot),
            grouped_rounded(total - hot),
            times(h.ratio()),
            grouped_rounded(h.mean),
        ),
    )
}

fn hot_fix() -> Question {
    let (total, servers, hot) = (100_000.0, 20, 25_000.0);
    let h = hot_key(total, servers, hot);
    let options = [
        "Give every server four times the points.",
        "Switch to a better hash function.",
        "Cache the key in the clients, or split it into several keys.",
        "Turn on bounded loads with c = 1.25.",
    ]
    .map(String::from);
    question(
        format!(
            "One key takes {} of {} requests per second on {servers} servers, and its server \
             is at {} the mean. Which fix helps?",
            grouped(hot as u64),
            grouped_rounded(total),
            times(h.ratio()),
        ),
        choice(&options, 2),
        "Caching or splitting the key. A key has one owner, and placement spreads keys, not \
         requests: more points, a better hash or bounded loads all move keys around, but the \
         hot key's requests still land on one server."
            .to_string(),
    )
}

fn pick_jump() -> Question {
    let options = ["Rendezvous", "Jump hash", "Maglev", "A ring"].map(String::from);
    question(
        "Which scheme keeps no table in memory at all, but can only add or remove servers at \
         the end of the numbered list?",
        choice(&options, 1),
        format!(
            "Jump hash: a few lines of arithmetic map a key to a bucket 0 to n - 1. Growing \
             from 10 to 11 moves {} of the keys, all to the new bucket. Taking out a bucket in \
             the middle renumbers the rest.",
            percent(join_moved(10)),
        ),
    )
}

fn pick_rendezvous() -> Question {
    let options = ["Jump hash", "Maglev", "Rendezvous", "Redis slots"].map(String::from);
    question(
        "Which scheme scores every server for each key and picks the highest score?",
        choice(&options, 2),
        format!(
            "Rendezvous, or highest random weight. It needs no ring and no table, and a join \
             of a 21st server moves {} of the keys, the least possible. The price: a lookup \
             hashes the key once per server.",
            percent(join_moved(20)),
        ),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::views::learn::quiz::Kind;
    use crate::views::learn::steps::{find, STEPS};
    use std::collections::BTreeMap;

    /// The two sittings' headings, as the page shows them.
    #[test]
    fn the_sittings_are_named() {
        assert_eq!(Sitting::Before.title(), "Before: the pre-test");
        assert_eq!(Sitting::After.title(), "After: the post-test");
    }

    fn answer(q: &Question) -> String {
        match &q.kind {
            Kind::Choice { correct, .. } => correct.to_string(),
            Kind::Number { answer, .. } => format!("{answer}"),
        }
    }

    fn wrong(q: &Question) -> String {
        match &q.kind {
            Kind::Choice { correct, .. } => ((correct + 1) % 4).to_string(),
            Kind::Number { answer, .. } => format!("{}", answer * 3.0 + 1.0),
        }
    }

    #[test]
    fn six_skills_each_asked_twice_in_different_words() {
        let all = skills();
        assert_eq!(all.len(), 6);
        for skill in &all {
            assert_ne!(skill.before.prompt, skill.after.prompt, "{}", skill.name);
            for q in [&skill.before, &skill.after] {
                let step = find(q.step).expect("a step teaches it");
                assert!(
                    step < STEPS.len() - 2,
                    "{} is taught before the quiz",
                    q.step
                );
                assert!(quiz::is_right(q, &answer(q)), "{}", q.prompt);
                assert!(!quiz::is_right(q, &wrong(q)), "{}", q.prompt);
            }
        }
    }

    #[test]
    fn the_figures_come_from_the_core() {
        let all = skills();
        // 5 -> 6 under mod N keeps 1/6; 12 -> 13 moves 12/13.
        assert!(quiz::is_right(&all[0].before, "1/6"));
        assert!(quiz::is_right(&all[0].after, "12/13"));
        assert!(all[0].after.explanation.starts_with("12/13, about 92.3%"));
        assert!(quiz::is_right(&all[1].before, "10%"));
        assert!(quiz::is_right(&all[1].after, "4%"));
        // The wrap, and a key exactly on a server.
        assert!(quiz::is_right(&all[2].before, "0"));
        assert!(all[2].before.explanation.contains("wraps past 99"));
        assert!(quiz::is_right(&all[2].after, "1"));
        assert!(all[2].after.explanation.contains("exactly at 60"));
        assert!(all[3]
            .before
            .explanation
            .contains("from 12.4% to 6.2%, 2.0× smaller"));
        assert!(quiz::is_right(&all[3].after, "10%"));
        assert!(quiz::is_right(&all[4].before, "14,000"));
        assert!(all[4].before.explanation.contains("2.8×"));
        assert!(all[4].after.prompt.contains("5.75×"));
    }

    /// Answers skill by skill: right where `marks` says so, wrong elsewhere.
    fn sitting(all: &[Skill], sitting: Sitting, marks: [bool; 6]) -> BTreeMap<usize, String> {
        all.iter()
            .zip(marks)
            .enumerate()
            .map(|(i, (skill, mark))| {
                let q = skill.question(sitting);
                (i, if mark { answer(q) } else { wrong(q) })
            })
            .collect()
    }

    /// The change the sentence states, as a signed count: "the same score" is 0, "one
    /// more skill right" 1, "3 fewer skills right" -3.
    fn stated_change(sentence: &str) -> i64 {
        let said = sentence
            .split("That is ")
            .nth(1)
            .unwrap()
            .trim_end_matches('.');
        if said == "the same score" {
            return 0;
        }
        let (count, rest) = said.split_once(' ').unwrap();
        let count: i64 = if count == "one" {
            1
        } else {
            count.parse().unwrap()
        };
        let (sign, noun) = match rest.split_once(' ').unwrap() {
            ("more", noun) => (1, noun),
            ("fewer", noun) => (-1, noun),
            other => panic!("{other:?}"),
        };
        // One skill, several skills.
        let plural = if count == 1 {
            "skill right"
        } else {
            "skills right"
        };
        assert_eq!(noun, plural, "{sentence}");
        sign * count
    }

    /// The gain sentence for changes of 0, 1, 2, -1 and -3, with one and several skills
    /// learned or slipped, as the page shows it; its counts against the marks.
    #[test]
    fn the_gain_sentence_says_the_change_in_words() {
        let all = skills();
        const T: bool = true;
        const F: bool = false;
        // Marks before and after, the sentence, the counts learned and slipped.
        type Case = ([bool; 6], [bool; 6], &'static str, usize, usize);
        let cases: [Case; 8] = [
            (
                [T, T, F, F, F, F],
                [T, T, F, F, F, F],
                "Before: 2 of 6. After: 2 of 6. That is the same score.",
                0,
                0,
            ),
            (
                [T, F, F, F, F, F],
                [F, T, F, F, F, F],
                "Before: 1 of 6. After: 1 of 6. That is the same score.",
                1,
                1,
            ),
            (
                [T, F, F, F, F, F],
                [T, T, F, F, F, F],
                "Before: 1 of 6. After: 2 of 6. That is one more skill right.",
                1,
                0,
            ),
            (
                [T, F, F, F, F, F],
                [F, T, T, F, F, F],
                "Before: 1 of 6. After: 2 of 6. That is one more skill right.",
                2,
                1,
            ),
            (
                [F, F, F, F, F, F],
                [T, T, F, F, F, F],
                "Before: 0 of 6. After: 2 of 6. That is 2 more skills right.",
                2,
                0,
            ),
            (
                [T, T, F, F, F, F],
                [T, F, F, F, F, F],
                "Before: 2 of 6. After: 1 of 6. That is one fewer skill right.",
                0,
                1,
            ),
            (
                [T, T, T, F, F, F],
                [F, F, F, F, F, F],
                "Before: 3 of 6. After: 0 of 6. That is 3 fewer skills right.",
                0,
                3,
            ),
            (
                [F, F, F, F, F, F],
                [T, T, T, T, T, T],
                "Before: 0 of 6. After: 6 of 6. That is 6 more skills right.",
                6,
                0,
            ),
        ];
        for (before, after, sentence, learned, slipped) in cases {
            let progress = Progress {
                before: sitting(&all, Sitting::Before, before),
                after: sitting(&all, Sitting::After, after),
                ..Progress::default()
            };
            let g = gain(&all, &progress).expect("both done");
            assert_eq!(g.sentence(), sentence);
            // The counts as the reader reads them, against the marks.
            let right = |marks: [bool; 6]| marks.iter().filter(|&&m| m).count();
            let (b, a) = (right(before), right(after));
            let shown = g.sentence();
            let (scores, _) = shown.split_once("That is").unwrap();
            crate::test_numbers::assert_numbers(scores, &[b as f64, 6.0, a as f64, 6.0]);
            assert_eq!(stated_change(&shown), a as i64 - b as i64, "{sentence}");
            let names = |pick: fn(bool, bool) -> bool| -> Vec<&str> {
                (0..6)
                    .filter(|&i| pick(before[i], after[i]))
                    .map(|i| all[i].name)
                    .collect()
            };
            assert_eq!(g.learned, names(|b, a| !b && a), "{sentence}");
            assert_eq!(g.slipped, names(|b, a| b && !a), "{sentence}");
            assert_eq!(g.missed, names(|b, a| !b && !a), "{sentence}");
            assert_eq!((g.learned.len(), g.slipped.len()), (learned, slipped));
        }
    }

    #[test]
    fn the_gain_counts_skills_once_both_sittings_are_done() {
        let all = skills();
        let mut progress = Progress::default();
        for (i, skill) in all.iter().enumerate() {
            let before = if i < 2 {
                answer(&skill.before)
            } else {
                wrong(&skill.before)
            };
            progress.before.insert(i, before);
        }
        assert_eq!(score(&all, Sitting::Before, &progress), (2, 6, 6));
        assert_eq!(gain(&all, &progress), None);
        for (i, skill) in all.iter().enumerate() {
            let after = if i == 0 || i == 5 {
                wrong(&skill.after)
            } else {
                answer(&skill.after)
            };
            progress.after.insert(i, after);
        }
        let g = gain(&all, &progress).expect("both done");
        assert_eq!((g.before, g.after, g.total), (2, 4, 6));
        assert_eq!(
            g.learned,
            ["Finding a key's server", "Why virtual nodes", "Hot keys"]
        );
        assert_eq!(g.slipped, ["What mod N costs"]);
        assert_eq!(g.missed, ["Choosing a scheme"]);
        assert_eq!(
            g.sentence(),
            "Before: 2 of 6. After: 4 of 6. That is 2 more skills right."
        );
    }
}
