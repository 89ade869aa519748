//! The systems view's sentences with figures: the picture's name, what the change moves,
//! the line that says how the text was read and how many keys were looked up, and the
//! count of lines not used. The view renders them as they are.

use super::outcome::{Outcome, MAX_KEYS};
use super::params::LINK_TEXT;
use crate::format::{grouped, percent};

/// The ring picture's name: "The ring of 3: key "a" lands on web1, whose points are
/// marked", or "The ring of 3 servers" with no key shown.
pub fn ring_label(out: &Outcome, key: Option<&str>, owner: Option<&str>) -> String {
    match (key, owner) {
        (Some(k), Some(o)) => format!(
            "The ring of {}: key {k:?} lands on {o}, whose points are marked",
            out.servers.len()
        ),
        _ => format!("The ring of {} servers", out.servers.len()),
    }
}

/// What the change moves: "web1 taken out of the configuration: 4 of 12 keys move
/// (33.3%).", why it cannot be made, or nothing without a change.
pub fn change_line(out: &Outcome) -> String {
    match &out.change {
        None => String::new(),
        Some(Err(why)) => format!("That change cannot be made: {why}."),
        Some(Ok(change)) => format!(
            "{}: {} of {} keys move ({}).",
            change.summary,
            grouped(out.moved() as u64),
            grouped(out.rows.len() as u64),
            percent(out.moved() as f64 / out.rows.len().max(1) as f64)
        ),
    }
}

/// How the text was read and the keys looked up, said differently when the boxes have
/// changed since (`edited`).
pub fn summary_line(out: &Outcome, edited: bool) -> String {
    let left_out = if out.keys_left_out > 0 {
        format!(
            " {} keys past the first {} were left out.",
            grouped(out.keys_left_out as u64),
            grouped(MAX_KEYS as u64)
        )
    } else {
        String::new()
    };
    let read = format!(
        "as {}. {} keys looked up.{left_out}",
        out.reading.summary(),
        grouped(out.rows.len() as u64),
    );
    // Typed text is read by "Look up" only: until then the line says so, instead of
    // describing text that is no longer in the boxes as if it were.
    if edited {
        format!(
            "The boxes have changed since the last “Look up”: press it to read them. Shown \
             is the text last looked up, read {read}"
        )
    } else {
        format!("Read {read}")
    }
}

/// The lines of text read but not used: "1 line read but not used".
pub fn ignored_line(n: usize) -> String {
    match n {
        1 => "1 line read but not used".to_string(),
        n => format!("{n} lines read but not used"),
    }
}

/// Why a long text stays out of the link.
pub fn link_note() -> String {
    format!(
        "The link holds the system and the change, not the pasted text: a box holds more \
         than {} characters.",
        grouped(LINK_TEXT as u64)
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_numbers::{assert_numbers, numbers};
    use crate::views::systems::outcome::outcome;
    use crate::views::systems::params::{Change, SystemsParams};
    use crate::views::systems::system::System;
    use ringlab_core::config;
    use ringlab_core::movement::owner_name;
    use ringlab_core::{Options, Server};

    /// The settings read: nginx losing its first server with the example keys, twemproxy
    /// gaining a weight-2 server with 10,037 keys (37 past the cap), Envoy's ring with a
    /// server reweighted over 250 keys.
    fn settings() -> Vec<SystemsParams> {
        let many: String = (0..10_037).map(|i| format!("user:{i}\n")).collect();
        let few: String = (0..250).map(|i| format!("k{i}\n")).collect();
        let first = |system: System| {
            let out = outcome(&SystemsParams {
                system,
                ..SystemsParams::default()
            })
            .unwrap();
            out.servers[0].name.clone()
        };
        vec![
            SystemsParams {
                system: System::Nginx,
                change: Some(Change::Remove(first(System::Nginx))),
                ..SystemsParams::default()
            },
            SystemsParams {
                system: System::Twemproxy,
                keys: Some(many),
                change: Some(Change::Add("extra".into(), 2.0)),
                ..SystemsParams::default()
            },
            SystemsParams {
                system: System::EnvoyRing,
                keys: Some(few),
                change: Some(Change::Weight(first(System::EnvoyRing), 3.0)),
                ..SystemsParams::default()
            },
        ]
    }

    /// The keys looked up and the keys moved, counted here: the text read again by the
    /// core, each key placed before and after the change on partitioners the test builds.
    fn counted(p: &SystemsParams) -> (usize, usize, usize, usize) {
        let list = p.system.list_scheme().unwrap();
        let reading = config::read(p.config_text(), list, &Options::for_scheme(list)).unwrap();
        let before = reading.build().unwrap();
        let mut servers: Vec<Server> = before.servers().to_vec();
        match p.change.as_ref().unwrap() {
            Change::Remove(name) | Change::Fail(name) => servers.retain(|s| s.name != *name),
            Change::Add(name, w) => servers.push(Server::new(name.clone()).with_weight(*w)),
            Change::Weight(name, w) => {
                servers.iter_mut().find(|s| s.name == *name).unwrap().weight = *w;
            }
        }
        let after = config::rebuild(&reading, servers).unwrap();
        let lines: Vec<&str> = p.keys_text().lines().collect();
        let looked = lines.len().min(10_000);
        let moved = lines[..looked]
            .iter()
            .filter(|k| {
                owner_name(before.as_ref(), k.as_bytes())
                    != owner_name(after.as_ref(), k.as_bytes())
            })
            .count();
        (before.servers().len(), lines.len(), looked, moved)
    }

    /// The numbers in the core's own summary of the text, read as they stand.
    fn summary_numbers(out: &Outcome) -> Vec<f64> {
        numbers(&out.reading.summary())
            .iter()
            .map(|r| r.value)
            .collect()
    }

    #[test]
    fn the_change_and_the_keys_are_read_against_counts_on_the_core() {
        for p in settings() {
            let out = outcome(&p).unwrap();
            let (servers, lines, looked, moved) = counted(&p);
            assert!(moved > 0, "{:?}", p.change);
            let (n, k, m) = (servers as f64, looked as f64, moved as f64);

            assert_numbers(&ring_label(&out, None, None), &[n]);
            assert_numbers(&ring_label(&out, Some("x"), Some("y")), &[n]);

            let line = change_line(&out);
            let (_, figures) = line.rsplit_once(": ").unwrap();
            assert_numbers(figures, &[m, k, m / k]);

            let mut expected = summary_numbers(&out);
            expected.push(k);
            if lines > looked {
                expected.extend([(lines - looked) as f64, 10_000.0]);
            }
            let read = summary_line(&out, false);
            assert!(read.starts_with("Read as "), "{read}");
            assert_numbers(&read, &expected);
            let edited = summary_line(&out, true);
            assert!(edited.starts_with("The boxes have changed"), "{edited}");
            assert_numbers(&edited, &expected);
        }
    }

    #[test]
    fn a_change_that_cannot_be_made_and_the_small_lines() {
        let out = outcome(&SystemsParams {
            system: System::Nginx,
            change: Some(Change::Remove("nope".into())),
            ..SystemsParams::default()
        })
        .unwrap();
        assert!(change_line(&out).starts_with("That change cannot be made: "));
        let none = outcome(&SystemsParams::default()).unwrap();
        assert_eq!(change_line(&none), "");
        assert_numbers(&ignored_line(1), &[1.0]);
        assert_numbers(&ignored_line(4), &[4.0]);
        assert!(ignored_line(1).starts_with("1 line "));
        assert_numbers(&link_note(), &[LINK_TEXT as f64]);
    }
}
