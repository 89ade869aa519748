//! The "break it" page's sentences and names with figures: the step's title, the wait for
//! the verdict, the pictures' names at the second shown, the line on that second, and the
//! events by second. The view renders them as they are.

use ringlab_core::load::cluster::SCENARIOS;

use super::story::{cluster, Story};
use crate::format::{grouped_rounded, percent};

/// The step's title: "Step 2 of 5: A node dies".
pub fn title(s: &Story) -> String {
    format!(
        "Step {} of {}: {}",
        s.index + 1,
        SCENARIOS.len(),
        s.scenario.name
    )
}

/// After "Not yet told": how to reach the verdict (the run's `last` second).
pub fn wait_note(last: usize) -> String {
    format!(
        " Play the run, or drag to its last second ({last} s): the verdict is what the \
         simulation computes by then."
    )
}

/// The ring picture's name at second `t`.
pub fn ring_label(s: &Story, t: usize) -> String {
    format!(
        "The ring of {} nodes at {t} s, {} virtual nodes each; a dead node's stretches are \
         grey",
        s.run.nodes.len(),
        s.scenario.vnodes
    )
}

/// The ring's caption at second `t`.
pub fn ring_caption(t: usize) -> String {
    format!("The ring at {t} s")
}

/// The loads' bars name at second `t`.
pub fn loads_label(t: usize) -> String {
    format!(
        "Requests a second on each node at {t} s, against its capacity of {}",
        grouped_rounded(cluster().capacity)
    )
}

/// The hit rate plot's name.
pub fn hit_label(s: &Story) -> String {
    format!("Cache hit rate over {} seconds", s.run.seconds.len())
}

/// The database plot's name.
pub fn db_label(s: &Story) -> String {
    format!(
        "Database load over {} seconds, against its capacity of {}",
        s.run.seconds.len(),
        grouped_rounded(cluster().db_capacity)
    )
}

/// Second `t` in a sentence; empty past the run.
pub fn now(s: &Story, t: usize) -> String {
    s.run.seconds.get(t).map_or(String::new(), |n| {
        format!(
            "At {t} s: hit rate {}, database {} requests a second, {} of requests failing, \
             {} of {} nodes alive.",
            percent(n.hit_rate),
            grouped_rounded(n.db_load),
            percent(n.failed / s.run.qps),
            n.alive.iter().filter(|a| **a).count(),
            s.run.nodes.len()
        )
    })
}

/// Before the first event, at second `t`.
pub fn nothing_yet(t: usize) -> String {
    format!("Nothing yet, at {t} s.")
}

/// One event, by its second.
pub fn event_line(at: u32, text: &str) -> String {
    format!("{at} s: {text}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_numbers::{assert_numbers, numbers};
    use crate::views::r#break::story::story;
    use ringlab_core::load::cluster::{run, Fix, DEFAULT};

    /// The digits a name carries ("cache-7", "Step 2").
    fn digits(text: &str) -> Vec<f64> {
        numbers(text).iter().map(|r| r.value).collect()
    }

    /// Every scenario, plain and with a fix, at its first, a middle and its last second,
    /// against the core's run made here: the second's hit rate, database load, failed
    /// requests over the 100,000 asked, and the nodes alive counted in the test.
    #[test]
    fn each_second_is_read_against_the_cores_run() {
        for (index, scenario) in SCENARIOS.iter().enumerate() {
            for fix in [Fix::None, Fix::FrontCache] {
                let s = story(index, fix);
                let truth = run(&DEFAULT, scenario, fix).unwrap();
                let last = truth.seconds.len() - 1;
                assert_eq!(last, 29);
                let nodes = truth.nodes.len() as f64;
                for t in [0, 6, 17, last] {
                    let n = &truth.seconds[t];
                    let alive = n.alive.iter().filter(|a| **a).count() as f64;
                    assert_numbers(
                        &now(&s, t),
                        &[
                            t as f64,
                            n.hit_rate,
                            n.db_load,
                            n.failed / 100_000.0,
                            alive,
                            nodes,
                        ],
                    );
                    assert_numbers(
                        &ring_label(&s, t),
                        &[nodes, t as f64, f64::from(scenario.vnodes)],
                    );
                    assert_numbers(&ring_caption(t), &[t as f64]);
                    assert_numbers(&loads_label(t), &[t as f64, 30_000.0]);
                    assert_numbers(&nothing_yet(t), &[t as f64]);
                }
                assert_eq!(now(&s, last + 1), "");
                assert_numbers(&hit_label(&s), &[30.0]);
                assert_numbers(&db_label(&s), &[30.0, 20_000.0]);
                let mut expected = vec![index as f64 + 1.0, 5.0];
                expected.extend(digits(scenario.name));
                assert_numbers(&title(&s), &expected);
            }
        }
        assert_numbers(&wait_note(29), &[29.0]);
        assert_numbers(&event_line(12, "cache-7 dies"), &[12.0, 7.0]);
    }
}
