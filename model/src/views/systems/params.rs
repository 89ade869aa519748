//! The "where does my key go?" page's URL state.
//!
//! `#/systems?system=nginx` shows nginx's example with the example keys. Pasted text goes
//! into the link while it fits ([`LINK_TEXT`] characters each); beyond that the link holds
//! the settings and the page says that it does not hold the text.
//!
//! Its parameters are declared once, in [`SystemsParams::PARAMS`]; `docs/parameters.md`
//! lists them.

use super::system::{System, EXAMPLE_KEYS};
use crate::param_table::{Kind, Param};
use crate::urlkit::{decimal, decimal_text, repaired};
use crate::view_state::ViewState;
use crate::{named_choice, text_field};

/// The most characters of pasted text a link holds, per box.
pub const LINK_TEXT: usize = 4000;

/// The most characters a box takes at all.
pub const MAX_TEXT: usize = 200_000;

/// Weights a change may give.
pub const WEIGHTS: (f64, f64) = (0.001, 1_000_000.0);

/// One server changed, to see what moves.
#[derive(Debug, Clone, PartialEq)]
pub enum Change {
    /// Taken out of the configuration: the system builds again without it.
    Remove(String),
    /// Down but still configured: the system's own failover.
    Fail(String),
    /// A new server with a weight.
    Add(String, f64),
    /// A server's weight set.
    Weight(String, f64),
}

impl Change {
    /// The kinds, as the URL and the picker name them.
    pub const KINDS: [&'static str; 4] = ["remove", "fail", "add", "weight"];

    /// The `change=` value.
    pub fn text(&self) -> String {
        match self {
            Change::Remove(name) => format!("remove:{name}"),
            Change::Fail(name) => format!("fail:{name}"),
            Change::Add(name, w) => format!("add:{name}={}", decimal_text(*w)),
            Change::Weight(name, w) => format!("weight:{name}={}", decimal_text(*w)),
        }
    }

    /// The server it names.
    pub fn server(&self) -> &str {
        match self {
            Change::Remove(n) | Change::Fail(n) | Change::Add(n, _) | Change::Weight(n, _) => n,
        }
    }

    /// Reads `change=`; `None` with a note when it is not one of the four shapes.
    pub fn parse(text: &str, notes: &mut Vec<String>) -> Option<Change> {
        let bad = |notes: &mut Vec<String>, why: &str| {
            notes.push(repaired("change", text, why, "no change"));
            None
        };
        let Some((kind, rest)) = text.split_once(':') else {
            return bad(notes, "is not kind:server");
        };
        if rest.is_empty() || rest.chars().count() > 200 || rest.chars().any(char::is_control) {
            return bad(notes, "names no server");
        }
        let weighted = |notes: &mut Vec<String>| -> Option<(String, f64)> {
            let (name, weight) = rest.rsplit_once('=')?;
            if name.is_empty() {
                return None;
            }
            Some((
                name.to_string(),
                decimal("change", weight, WEIGHTS, 3, 1.0, notes),
            ))
        };
        match kind {
            "remove" => Some(Change::Remove(rest.to_string())),
            "fail" => Some(Change::Fail(rest.to_string())),
            "add" | "weight" => match weighted(notes) {
                Some((name, w)) if kind == "add" => Some(Change::Add(name, w)),
                Some((name, w)) => Some(Change::Weight(name, w)),
                None => bad(notes, "is not kind:server=weight"),
            },
            _ => bad(notes, "is not remove, fail, add or weight"),
        }
    }
}

/// The page's state.
#[derive(Debug, Clone, PartialEq)]
pub struct SystemsParams {
    pub system: System,
    /// The pasted text; `None` is the system's example.
    pub config: Option<String>,
    /// The keys; `None` is [`EXAMPLE_KEYS`].
    pub keys: Option<String>,
    pub change: Option<Change>,
    /// The key the picture shows; `None` is the first.
    pub key: Option<String>,
}

impl Default for SystemsParams {
    fn default() -> Self {
        SystemsParams {
            system: System::Nginx,
            config: None,
            keys: None,
            change: None,
            key: None,
        }
    }
}

impl SystemsParams {
    /// The configuration text in effect.
    pub fn config_text(&self) -> &str {
        self.config.as_deref().unwrap_or(self.system.example())
    }

    /// The keys' text in effect.
    pub fn keys_text(&self) -> &str {
        self.keys.as_deref().unwrap_or(EXAMPLE_KEYS)
    }

    /// True when the link holds every box's text.
    pub fn link_holds_text(&self) -> bool {
        [&self.config, &self.keys]
            .iter()
            .all(|text| text.as_ref().is_none_or(|t| t.chars().count() <= LINK_TEXT))
    }
}

impl ViewState for SystemsParams {
    const PARAMS: &'static [Param<Self>] = &[
        Param::new(
            "system",
            "the system picked",
            named_choice!(System::ALL, system),
        ),
        Param::new(
            "config",
            "the configuration or server list (left out: the system's example)",
            text_field!(LINK_TEXT, config),
        ),
        Param::new(
            "keys",
            "the keys, one per line (left out: the example keys)",
            text_field!(LINK_TEXT, keys),
        ),
        Param::new(
            "change",
            "one server changed, to see what moves",
            Kind::Items {
                grammar: "`remove:NAME`, `fail:NAME`, `add:NAME=WEIGHT` or `weight:NAME=WEIGHT`",
                example: "add:10.0.0.9:80=2.5",
                read: |p, text, notes| p.change = Change::parse(text, notes),
                write: |p| p.change.as_ref().map(Change::text),
            },
        ),
        Param::new(
            "key",
            "the key whose place the picture shows (left out: the first)",
            Kind::Items {
                grammar: "one key, at most 250 characters",
                example: "user:42",
                read: |p, text, notes| {
                    if text.chars().count() > 250 || text.contains('\n') {
                        notes.push(repaired("key", text, "is not one key", "the first key"));
                    } else {
                        p.key = Some(text.to_string());
                    }
                },
                write: |p| p.key.clone(),
            },
        ),
    ];
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::urlkit::parse_query;

    #[test]
    fn a_link_round_trips() {
        let params = SystemsParams {
            system: System::Haproxy,
            config: Some("backend b\n  server s 1.2.3.4:80".into()),
            keys: Some("a\nb&c=d".into()),
            change: Some(Change::Add("10.0.0.9:80".into(), 2.5)),
            key: Some("b&c=d".into()),
        };
        let (back, notes) = SystemsParams::from_query(&params.to_query());
        assert!(notes.is_empty(), "{notes:?}");
        assert_eq!(back, params);
    }

    #[test]
    fn bad_parameters_are_repaired_with_notes() {
        let (params, notes) = SystemsParams::from_query(&parse_query(
            "system=memcache&change=move:x&key=a%0Ab&colour=red",
        ));
        assert_eq!(params, SystemsParams::default());
        assert_eq!(notes.len(), 4, "{notes:?}");
        assert!(notes[0].starts_with("system=\"memcache\" is not one of haproxy"));
        let (params, _) = SystemsParams::from_query(&parse_query("change=weight:10.0.0.1:80=2"));
        assert_eq!(
            params.change,
            Some(Change::Weight("10.0.0.1:80".into(), 2.0))
        );
    }

    #[test]
    fn long_text_stays_out_of_the_link() {
        let params = SystemsParams {
            keys: Some("k\n".repeat(LINK_TEXT)),
            ..SystemsParams::default()
        };
        assert!(!params.link_holds_text());
        assert!(!params.to_query().iter().any(|(k, _)| k == "keys"));
        let long = vec![("config".to_string(), "x".repeat(LINK_TEXT + 1))];
        let (params, notes) = SystemsParams::from_query(&long);
        assert_eq!(params.config, None);
        assert!(notes[0].contains("more than a link holds"), "{notes:?}");
    }
}
