//! The coding dry run's sentences with figures: each checked lookup's verdict with its
//! reason, and the score. The view renders them as they are.

use std::collections::BTreeMap;

use super::dry_run::{answer, explain, grade, lookups, score};

/// A checked lookup: "Right. B sits exactly at 50: …", or "Not C: it is A. No server …".
pub fn verdict(step: usize, pick: &str) -> String {
    let said = if grade(step, pick) {
        "Right.".to_string()
    } else {
        let named = if pick.is_empty() { "blank" } else { pick };
        format!("Not {named}: it is {}.", answer(step).unwrap_or_default())
    };
    format!("{said} {}", explain(step))
}

/// The score: "5 of 6 checked right; 6 lookups in all.", or before any check, how many
/// lookups there are to predict.
pub fn score_line(checked: &BTreeMap<usize, String>) -> String {
    let (right, done) = score(checked);
    let all = lookups().len();
    if done == 0 {
        format!("{all} lookups to predict; none checked yet.")
    } else {
        format!("{right} of {done} checked right; {all} lookups in all.")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_numbers::assert_numbers;
    use crate::views::learn::dry_run::{Op, NO_SERVER, TRACE};

    /// A lookup as the test finds it: its step, key and owner (name and mark), if any.
    type Walked = (usize, u32, Option<(&'static str, u32)>);

    /// Each lookup, found here by running the trace on a list of servers and walking
    /// clockwise from the key, wrapping past 99.
    fn walked() -> Vec<Walked> {
        let mut servers: Vec<(&'static str, u32)> = Vec::new();
        let mut out = Vec::new();
        for (step, op) in TRACE.iter().enumerate() {
            match *op {
                Op::Add(name, at) => servers.push((name, at)),
                Op::Remove(gone) => servers.retain(|&(n, _)| n != gone),
                Op::Lookup(key) => {
                    let first = servers.iter().min_by_key(|s| s.1).copied();
                    let after = servers
                        .iter()
                        .filter(|s| s.1 >= key)
                        .min_by_key(|s| s.1)
                        .copied();
                    out.push((step, key, after.or(first)));
                }
            }
        }
        out
    }

    /// The reason's figures: the key, then the owner's mark unless the key sits on it.
    fn reason(key: u32, owner: Option<(&str, u32)>) -> Vec<f64> {
        match owner {
            None => vec![],
            Some((_, at)) if at == key => vec![f64::from(key)],
            Some((_, at)) => vec![f64::from(key), f64::from(at)],
        }
    }

    /// Each lookup checked right, wrong and blank: the verdict's first words from the
    /// test's walk, its figures the key and the owner's mark found there.
    #[test]
    fn verdicts_are_read_against_the_walk() {
        let walk = walked();
        assert_eq!(walk.len(), 6);
        for &(step, key, owner) in &walk {
            let name = owner.map_or(NO_SERVER, |o| o.0);
            let figures = reason(key, owner);
            let right = verdict(step, name);
            assert!(right.starts_with("Right. "), "{right}");
            assert_numbers(&right, &figures);
            let other = if name == "A" { "D" } else { "A" };
            let wrong = verdict(step, other);
            assert!(
                wrong.starts_with(&format!("Not {other}: it is {name}. ")),
                "{wrong}"
            );
            assert_numbers(&wrong, &figures);
            let blank = verdict(step, "");
            assert!(blank.starts_with(&format!("Not blank: it is {name}. ")));
            assert_numbers(&blank, &figures);
        }
    }

    /// The score with nothing checked, one pick, and several (some wrong, one on a step
    /// that is not a lookup): right and checked counted here, the lookups counted on the
    /// trace.
    #[test]
    fn the_score_is_read_against_picks_counted_here() {
        let walk = walked();
        let all = TRACE
            .iter()
            .filter(|op| matches!(op, Op::Lookup(_)))
            .count() as f64;
        let mut checked = BTreeMap::new();
        let line = score_line(&checked);
        assert_eq!(line, "6 lookups to predict; none checked yet.");
        assert_numbers(&line, &[all]);

        let (step, _, owner) = walk[0];
        checked.insert(step, owner.unwrap().0.to_string());
        assert_numbers(&score_line(&checked), &[1.0, 1.0, all]);

        // Every lookup picked, every third one wrong, and a pick on a non-lookup step.
        checked.insert(0, "A".to_string());
        let mut right = 0;
        for (k, &(step, _, owner)) in walk.iter().enumerate() {
            let name = owner.map_or(NO_SERVER, |o| o.0);
            let pick = if k % 3 == 1 { "C" } else { name };
            right += usize::from(pick == name);
            checked.insert(step, pick.to_string());
        }
        let line = score_line(&checked);
        assert_numbers(&line, &[right as f64, walk.len() as f64, all]);
        assert!(
            line.ends_with(" checked right; 6 lookups in all."),
            "{line}"
        );
    }
}
