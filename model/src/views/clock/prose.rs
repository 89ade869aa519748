//! The clock view's sentences with figures: the clock's name and its text twin (servers,
//! keys, then who owns what), the marks' labels, the steps' headings and answers, each
//! graded guess with its reason, and the scores. The view renders them as they are.

use super::model::{Change, Exercise, Server, Stage};
use super::params::Mark;
use super::state::ClockState;

/// A guess after the reveal: whether it is right, and the sentence that says so and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Graded {
    pub right: bool,
    pub text: String,
}

/// The picker's name of a cluster: "Start", "After adding D", "After removing B".
pub fn stage_name(exercise: &Exercise, stage: Stage) -> String {
    match stage {
        Stage::Start => "Start".into(),
        Stage::Joined => format!("After adding {}", exercise.added),
        Stage::Left => format!("After removing {}", exercise.removed),
    }
}

/// "A at 10, B at 40, C at 75": marks in the order given.
fn at_list<'a>(marks: impl Iterator<Item = (&'a str, u32)>) -> String {
    marks
        .map(|(name, at)| format!("{name} at {at}"))
        .collect::<Vec<_>>()
        .join(", ")
}

fn servers_of(exercise: &Exercise, stage: Stage) -> String {
    at_list(
        exercise
            .cluster(stage)
            .clockwise()
            .map(|s| (s.name.as_str(), s.at)),
    )
}

/// The clock's name: "Clock, after adding D: servers A at 10, B at 40, D at 60, C at 75".
pub fn dial_label(exercise: &Exercise, stage: Stage) -> String {
    // "After adding D" -> "after adding D": only the first letter.
    let name = stage_name(exercise, stage);
    let mut chars = name.chars();
    let lowered = chars.next().map_or(String::new(), |c| {
        c.to_ascii_lowercase().to_string() + chars.as_str()
    });
    format!("Clock, {lowered}: servers {}", servers_of(exercise, stage))
}

/// A server's or key's label on the dial: "user:42 · 7".
pub fn mark_label(name: &str, at: u32) -> String {
    format!("{name} · {at}")
}

/// The twin before the reveal: "Servers: A at 10, B at 40, C at 75."
pub fn servers_line(exercise: &Exercise, stage: Stage) -> String {
    format!("Servers: {}.", servers_of(exercise, stage))
}

/// The twin before the reveal: "Keys: user:42 at 7, cart:7 at 33, …."
pub fn keys_line(exercise: &Exercise) -> String {
    let keys = at_list(exercise.keys.iter().map(|k| (k.name.as_str(), k.at)));
    format!("Keys: {keys}.")
}

/// The twin after the reveal, one server: "A at 10 owns (75, 99] and [0, 10]: user:42
/// (7), post:88 (81)", or "…: no key".
pub fn owner_line(exercise: &Exercise, stage: Stage, server: &Server) -> String {
    let cluster = exercise.cluster(stage);
    let arc = cluster
        .arc(&server.name)
        .map(|a| a.text())
        .unwrap_or_default();
    let keys: Vec<String> = exercise
        .keys
        .iter()
        .filter(|k| cluster.owner(k.at).is_some_and(|o| o.name == server.name))
        .map(|k| format!("{} ({})", k.name, k.at))
        .collect();
    let keys = if keys.is_empty() {
        "no key".to_string()
    } else {
        keys.join(", ")
    };
    format!("{} at {} owns {arc}: {keys}", server.name, server.at)
}

/// The first word of a graded guess.
fn verdict(right: bool, answered: bool) -> &'static str {
    match (answered, right) {
        (_, true) => "✓ Right.",
        (false, false) => "Not answered.",
        (true, false) => "✗ Not quite.",
    }
}

/// Step 1's heading of a key's choice: "Owner of user:42 at 7".
pub fn owner_label(key: &Mark) -> String {
    format!("Owner of {} at {}", key.name, key.at)
}

/// Step 1, one key graded: "✗ Not quite. You said B; it is C. 52 → first server …".
pub fn owner_result(exercise: &Exercise, key: usize, guess: Option<&str>) -> Graded {
    let owner = exercise.owner(Stage::Start, key);
    let right = guess == Some(owner.as_str());
    let yours = match (guess, right) {
        (Some(g), false) => format!(" You said {g}; it is {owner}."),
        _ => String::new(),
    };
    Graded {
        right,
        text: format!(
            "{}{yours} {}",
            verdict(right, guess.is_some()),
            exercise.owner_reason(Stage::Start, key)
        ),
    }
}

/// Step 1's score: "3 of 5 right."
pub fn owners_score(state: &ClockState) -> String {
    format!(
        "{} of {} right.",
        state.owners_right(),
        state.exercise.keys.len()
    )
}

/// Steps 2 and 3's headings: "2. Add D at 60: which keys move?".
pub fn move_heading(exercise: &Exercise, change: Change) -> String {
    match change {
        Change::Join => {
            let at = exercise.joined.find(&exercise.added).map_or(0, |s| s.at);
            format!("2. Add {} at {at}: which keys move?", exercise.added)
        }
        Change::Leave => format!("3. Then remove {}: which keys move?", exercise.removed),
    }
}

/// A key's box in steps 2 and 3: "order:19 at 52 moves".
pub fn move_label(key: &Mark) -> String {
    format!("{} at {} moves", key.name, key.at)
}

/// Steps 2 and 3, one key graded: "✓ Right. It moves, C → D. 52 is in (40, 60], …".
pub fn move_result(exercise: &Exercise, change: Change, key: usize, guess: bool) -> Graded {
    let m = exercise.key_move(change, key);
    let right = guess == m.moved();
    let what = if m.moved() {
        format!("It moves, {} → {}.", m.from, m.to)
    } else {
        format!("It stays with {}.", m.from)
    };
    Graded {
        right,
        text: format!("{} {what} {}", verdict(right, true), m.reason),
    }
}

/// Steps 2 and 3's score: "4 of 5 right. 1 of 5 keys move."
pub fn moves_score(state: &ClockState, change: Change) -> String {
    let exercise = &state.exercise;
    let keys = exercise.keys.len();
    let moved = (0..keys)
        .filter(|&k| exercise.key_move(change, k).moved())
        .count();
    format!(
        "{} of {keys} right. {moved} of {keys} keys move.",
        state.moves_right(change)
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_numbers::{assert_numbers, numbers};
    use crate::views::clock::model::position;
    use crate::views::clock::params::ClockParams;
    use ringlab_core::{Point, Ring, Ties};

    fn marks(list: &[(&str, u32)]) -> Vec<Mark> {
        list.iter().map(|&(n, at)| Mark::new(n, at)).collect()
    }

    /// The settings read: the worked example, a key on a mark and arcs that wrap, a lone
    /// server that leaves, four servers with digits in their names, and the added server
    /// leaving again.
    fn settings() -> Vec<ClockParams> {
        let worked = ClockParams::default();
        vec![
            worked.clone(),
            ClockParams {
                keys: marks(&[("on-b", 40), ("zero", 0), ("top", 99)]),
                add: Mark::new("D", 5),
                ..worked.clone()
            },
            ClockParams {
                servers: marks(&[("A", 10)]),
                remove: "A".into(),
                ..worked.clone()
            },
            ClockParams {
                servers: marks(&[("s1", 95), ("s2", 20), ("n3", 50), ("x", 0)]),
                keys: marks(&[
                    ("k1", 0),
                    ("k2", 96),
                    ("k3", 20),
                    ("k4", 21),
                    ("k5", 50),
                    ("k6", 99),
                    ("k7", 35),
                ]),
                add: Mark::new("new9", 30),
                remove: "s2".into(),
            },
            ClockParams {
                remove: "D".into(),
                ..worked
            },
        ]
    }

    /// The numbers in a name ("user:42" holds 42).
    fn digits(name: &str) -> Vec<f64> {
        numbers(name).iter().map(|r| r.value).collect()
    }

    /// A cluster as the test sees it: (name, mark), clockwise from 0.
    type Servers = Vec<(String, u32)>;

    /// The three clusters, made here from the settings.
    fn clusters(p: &ClockParams) -> [Servers; 3] {
        let sorted = |mut s: Servers| {
            s.sort_by_key(|&(_, at)| at);
            s
        };
        let start: Servers = p.servers.iter().map(|m| (m.name.clone(), m.at)).collect();
        let mut joined = start.clone();
        joined.push((p.add.name.clone(), p.add.at));
        let left: Servers = joined
            .iter()
            .filter(|(n, _)| *n != p.remove)
            .cloned()
            .collect();
        [sorted(start), sorted(joined), sorted(left)]
    }

    /// The owner of a key at `at`: the first server at or after it, else the first of
    /// all (the walk wraps past 99). Checked against the core's ring on the clock's
    /// positions.
    fn owner(servers: &Servers, at: u32) -> (String, u32) {
        let found = servers
            .iter()
            .find(|&&(_, m)| m >= at)
            .unwrap_or(&servers[0])
            .clone();
        let points = servers
            .iter()
            .enumerate()
            .map(|(server, &(_, m))| Point {
                position: position(m),
                server,
                vnode: 0,
            })
            .collect();
        let ring = Ring::new(points, 32, Ties::Keep);
        let core = ring.owner(position(at)).unwrap();
        assert_eq!(
            servers[core], found,
            "the core and the walk disagree at {at}"
        );
        found
    }

    /// The numbers of the arc a server owns: after the previous server's mark, up to its
    /// own, written "(a, b]", "[0, b]" after 99, "(a, 99] and [0, b]" past 0, or "the whole
    /// clock".
    fn arc(servers: &Servers, i: usize) -> Vec<f64> {
        let to = servers[i].1;
        let after = servers[(i + servers.len() - 1) % servers.len()].1;
        let (a, b) = (f64::from(after), f64::from(to));
        if after < to {
            vec![a, b]
        } else if after == to {
            vec![]
        } else if after == 99 {
            vec![0.0, b]
        } else {
            vec![a, 99.0, 0.0, b]
        }
    }

    /// The reader's guesses: no owner for every third key, the right one for the next,
    /// the first server for the one after; a move ticked for every other key.
    fn guessed(p: &ClockParams, start: &Servers) -> ClockState {
        let mut state = ClockState::new(p.clone(), Vec::new());
        for (k, key) in p.keys.iter().enumerate() {
            state.owner_guess[k] = match k % 3 {
                0 => None,
                1 => Some(owner(start, key.at).0),
                _ => Some(p.servers[0].name.clone()),
            };
            state.move_guess[0][k] = k % 2 == 0;
            state.move_guess[1][k] = k % 2 == 1;
        }
        state
    }

    /// The clock's name, its twin and the owners' lines: servers read in clockwise order
    /// from the test's own sort, each server's arc and keys from the test's own walk.
    #[test]
    fn the_clock_and_its_twin_are_read_against_the_walk() {
        for p in settings() {
            let e = Exercise::new(&p);
            let all = clusters(&p);
            for (stage, servers) in Stage::ALL.into_iter().zip(&all) {
                let mut on_list = Vec::new();
                for (name, at) in servers {
                    on_list.extend(digits(name));
                    on_list.push(f64::from(*at));
                }
                let (word, named) = match stage {
                    Stage::Start => ("start".to_string(), vec![]),
                    Stage::Joined => (format!("after adding {}", p.add.name), digits(&p.add.name)),
                    Stage::Left => (format!("after removing {}", p.remove), digits(&p.remove)),
                };
                let label = dial_label(&e, stage);
                assert!(
                    label.starts_with(&format!("Clock, {word}: servers ")),
                    "{label}"
                );
                assert_numbers(&label, &[named, on_list.clone()].concat());
                assert_numbers(&servers_line(&e, stage), &on_list);

                let cluster = e.cluster(stage);
                let shown: Vec<&Server> = cluster.clockwise().collect();
                assert_eq!(shown.len(), servers.len());
                for (i, ((name, at), s)) in servers.iter().zip(shown).enumerate() {
                    let owned: Vec<&Mark> = p
                        .keys
                        .iter()
                        .filter(|k| owner(servers, k.at).0 == *name)
                        .collect();
                    let mut expected = digits(name);
                    expected.push(f64::from(*at));
                    expected.extend(arc(servers, i));
                    for k in &owned {
                        expected.extend(digits(&k.name));
                        expected.push(f64::from(k.at));
                    }
                    let line = owner_line(&e, stage, s);
                    assert!(line.starts_with(&format!("{name} at ")), "{line}");
                    assert_eq!(line.ends_with(": no key"), owned.is_empty(), "{line}");
                    assert_numbers(&line, &expected);
                }
            }
            let mut keys = Vec::new();
            for k in &p.keys {
                keys.extend(digits(&k.name));
                keys.push(f64::from(k.at));
                let mark = [digits(&k.name), vec![f64::from(k.at)]].concat();
                assert_numbers(&mark_label(&k.name, k.at), &mark);
                assert_numbers(&owner_label(k), &mark);
                assert_numbers(&move_label(k), &mark);
            }
            assert_numbers(&keys_line(&e), &keys);
        }
    }

    /// Step 1: each key's owner from the test's walk, the reason's marks (on the owner's
    /// mark, wrapping past 99, or the first after), and the right guesses counted here.
    #[test]
    fn owners_are_graded_against_the_walk() {
        for p in settings() {
            let e = Exercise::new(&p);
            let [start, _, _] = clusters(&p);
            let state = guessed(&p, &start);
            let mut right = 0;
            for (k, key) in p.keys.iter().enumerate() {
                let (name, mark) = owner(&start, key.at);
                let guess = state.owner_guess[k].as_deref();
                let graded = owner_result(&e, k, guess);
                assert_eq!(graded.right, guess == Some(name.as_str()));
                right += usize::from(graded.right);
                let word = match guess {
                    None => "Not answered.",
                    Some(g) if g == name => "✓ Right.",
                    Some(_) => "✗ Not quite.",
                };
                assert!(graded.text.starts_with(word), "{}", graded.text);
                let mut expected = Vec::new();
                if let Some(g) = guess.filter(|g| *g != name) {
                    expected.extend(digits(g));
                    expected.extend(digits(&name));
                }
                let at = f64::from(key.at);
                if key.at == mark {
                    expected.push(at);
                    expected.extend(digits(&name));
                    expected.extend(digits(&name));
                } else if key.at > mark {
                    expected.extend([at, at, 99.0]);
                    expected.extend(digits(&name));
                    expected.push(f64::from(mark));
                } else {
                    expected.push(at);
                    expected.extend(digits(&name));
                    expected.push(f64::from(mark));
                }
                assert_numbers(&graded.text, &expected);
            }
            let keys = p.keys.len() as f64;
            assert_numbers(&owners_score(&state), &[right as f64, keys]);
        }
    }

    /// Steps 2 and 3: owners before and after from the test's walk, the keys that move
    /// and the right guesses counted here, the arc the added server takes and where a
    /// leaver's keys go from the test's clusters.
    #[test]
    fn moves_are_graded_against_the_walk() {
        for p in settings() {
            let e = Exercise::new(&p);
            let [start, joined, left] = clusters(&p);
            let state = guessed(&p, &start);
            let added = joined.iter().position(|(n, _)| *n == p.add.name).unwrap();
            let takes = arc(&joined, added);
            let keys = p.keys.len() as f64;

            assert_numbers(
                &move_heading(&e, Change::Join),
                &[vec![2.0], digits(&p.add.name), vec![f64::from(p.add.at)]].concat(),
            );
            assert_numbers(
                &move_heading(&e, Change::Leave),
                &[vec![3.0], digits(&p.remove)].concat(),
            );

            for (change, before, after) in [
                (Change::Join, &start, &joined),
                (Change::Leave, &joined, &left),
            ] {
                let mut moved = 0;
                let mut right = 0;
                for (k, key) in p.keys.iter().enumerate() {
                    let (from, _) = owner(before, key.at);
                    let (to, to_at) = owner(after, key.at);
                    let moves = from != to;
                    moved += usize::from(moves);
                    let guess = state.move_guess[change.index()][k];
                    let graded = move_result(&e, change, k, guess);
                    assert_eq!(graded.right, guess == moves);
                    right += usize::from(guess == moves);
                    let word = if guess == moves {
                        "✓ Right."
                    } else {
                        "✗ Not quite."
                    };
                    assert!(graded.text.starts_with(word), "{}", graded.text);
                    let at = f64::from(key.at);
                    let mut expected = digits(&from);
                    match (change, moves) {
                        (Change::Join, true) => {
                            expected.extend(digits(&to));
                            expected.push(at);
                            expected.extend(takes.clone());
                            expected.extend(digits(&p.add.name));
                            expected.extend(digits(&from));
                            expected.extend(digits(&to));
                        }
                        (Change::Join, false) => {
                            expected.push(at);
                            expected.extend(takes.clone());
                            expected.extend(digits(&from));
                        }
                        (Change::Leave, true) => {
                            expected.extend(digits(&to));
                            expected.extend([at]);
                            expected.extend(digits(&p.remove));
                            expected.push(at);
                            expected.extend(digits(&to));
                            expected.push(f64::from(to_at));
                        }
                        (Change::Leave, false) => {
                            expected.push(at);
                            expected.extend(digits(&from));
                        }
                    }
                    assert_numbers(&graded.text, &expected);
                }
                let score = moves_score(&state, change);
                assert_numbers(&score, &[right as f64, keys, moved as f64, keys]);
            }

            // The rules, with the test's own predecessor, arc and next server.
            let (a, a_at) = &joined[added];
            let (prev, prev_at) = &joined[(added + joined.len() - 1) % joined.len()];
            let (next, _) = owner(&start, *a_at);
            let mut expected = digits(a);
            expected.extend(digits(prev));
            expected.push(f64::from(*prev_at));
            expected.extend(digits(a));
            expected.push(f64::from(*a_at));
            expected.extend(takes.clone());
            expected.extend(digits(&next));
            expected.extend(digits(a));
            assert_numbers(&e.rule(Change::Join), &expected);
            let removed_at = joined.iter().find(|(n, _)| *n == p.remove).unwrap().1;
            let (heir, heir_at) = owner(&left, removed_at);
            let expected = [digits(&p.remove), digits(&heir), vec![f64::from(heir_at)]];
            assert_numbers(&e.rule(Change::Leave), &expected.concat());
        }
    }
}
