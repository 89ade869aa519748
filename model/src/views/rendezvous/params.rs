//! The rendezvous view's URL state.
//!
//! `#/rendezvous?nodes=A,B,C&key=photo42&replicas=2&gone=none&system=textbook&keys=10000`
//! is the default: the lesson's three nodes and its key, with real scores. Bad values are
//! clamped or replaced, each with a note.

use ringlab_core::schemes::rendezvous_systems::RendezvousSystem;

use crate::param_table::{Kind, Notes, Param};
use crate::urlkit::{check_name, list, name_or_none, shorten};
use crate::view_state::ViewState;
use crate::{named_choice, text_field, whole_field};

/// At most this many nodes race on the page.
pub const MOST_NODES: usize = 12;
/// A node's name: at most this many characters.
pub const NAME_CHARS: usize = 24;
/// Weights people may give.
pub const WEIGHT: (f64, f64) = (0.1, 10.0);
/// Keys counted when a node leaves.
pub const KEYS: (u64, u64) = (100, 100_000);
/// The key raced when none is typed.
pub const DEFAULT_KEY: &str = "photo42";
pub const KEY_CHARS: usize = 200;

#[derive(Debug, Clone, PartialEq)]
pub struct Node {
    pub name: String,
    pub weight: f64,
}

#[derive(Debug, Clone, PartialEq)]
pub struct RendezvousParams {
    pub nodes: Vec<Node>,
    pub key: Option<String>,
    pub replicas: u64,
    /// The node that leaves, by name.
    pub gone: Option<String>,
    pub system: RendezvousSystem,
    pub keys: u64,
}

impl Default for RendezvousParams {
    fn default() -> Self {
        RendezvousParams {
            nodes: ["A", "B", "C"]
                .iter()
                .map(|n| Node {
                    name: n.to_string(),
                    weight: 1.0,
                })
                .collect(),
            key: None,
            replicas: 2,
            gone: None,
            system: RendezvousSystem::Textbook,
            keys: 10_000,
        }
    }
}

impl RendezvousParams {
    pub fn key(&self) -> &str {
        self.key.as_deref().unwrap_or(DEFAULT_KEY)
    }

    /// The nodes as the link writes them: `A,B=2,C`.
    pub fn nodes_text(&self) -> String {
        self.nodes
            .iter()
            .map(|n| {
                if n.weight == 1.0 {
                    n.name.clone()
                } else {
                    format!("{}={}", n.name, crate::urlkit::decimal_text(n.weight))
                }
            })
            .collect::<Vec<_>>()
            .join(",")
    }

    /// (name, weight) pairs, as the core takes them.
    pub fn pairs(&self) -> Vec<(String, f64)> {
        self.nodes
            .iter()
            .map(|n| (n.name.clone(), n.weight))
            .collect()
    }
}

fn read_nodes(p: &mut RendezvousParams, text: &str, notes: &mut Notes) {
    let mut nodes: Vec<Node> = Vec::new();
    for item in list(text) {
        if nodes.len() == MOST_NODES {
            notes.push(format!(
                "nodes: at most {MOST_NODES}; the rest are left out"
            ));
            break;
        }
        let (name, weight) = match item.rsplit_once('=') {
            Some((name, weight)) => (name.trim(), Some(weight.trim())),
            None => (item, None),
        };
        let checked = check_name(name, NAME_CHARS).and_then(|()| {
            if name.contains('=') {
                Err("a name cannot contain =".to_string())
            } else {
                Ok(())
            }
        });
        if let Err(why) = checked {
            notes.push(format!("nodes: {why}; {:?} left out", shorten(name)));
            continue;
        }
        if nodes.iter().any(|n| n.name == name) {
            notes.push(format!("nodes: {name:?} is listed twice; kept once"));
            continue;
        }
        let weight = match weight.map(|w| (w, w.parse::<f64>())) {
            None => 1.0,
            Some((_, Ok(w))) if w.is_finite() && (WEIGHT.0..=WEIGHT.1).contains(&w) => {
                (w * 100.0).round() / 100.0
            }
            Some((_, Ok(w))) if w.is_finite() => {
                let used = w.clamp(WEIGHT.0, WEIGHT.1);
                notes.push(format!(
                    "nodes: {name}'s weight {w} is outside {} to {}: using {used}",
                    WEIGHT.0, WEIGHT.1
                ));
                used
            }
            Some((text, _)) => {
                notes.push(format!(
                    "nodes: {name}'s weight {:?} is not a number: using 1",
                    shorten(text)
                ));
                1.0
            }
        };
        nodes.push(Node {
            name: name.into(),
            weight,
        });
    }
    if nodes.is_empty() {
        notes.push("nodes: none could be read; using A, B and C".into());
        nodes = RendezvousParams::default().nodes;
    }
    p.nodes = nodes;
}

fn read_gone(p: &mut RendezvousParams, text: &str, notes: &mut Notes) {
    let names = p.nodes.iter().map(|n| n.name.as_str());
    p.gone = name_or_none("gone", text, names, "a node", notes);
}

impl ViewState for RendezvousParams {
    const PARAMS: &'static [Param<Self>] = &[
        Param::new(
            "nodes",
            "the nodes, each with an optional weight",
            Kind::Items {
                grammar: "`name[=weight],...`, up to 12, weights 0.1 to 10",
                example: "A,B=2,C",
                read: read_nodes,
                write: |p| Some(p.nodes_text()),
            },
        ),
        Param::new(
            "key",
            "the key the nodes score",
            text_field!(KEY_CHARS, key),
        )
        .unless_default(),
        Param::new(
            "replicas",
            "copies of each key: the top R scores",
            Kind::Items {
                grammar: "1 to 12, at most the number of nodes",
                example: "2",
                read: |p, text, notes| {
                    p.replicas =
                        crate::urlkit::whole("replicas", text, (1, MOST_NODES as u64), 2, notes)
                },
                write: |p| Some(p.replicas.to_string()),
            },
        ),
        Param::new(
            "gone",
            "the node that leaves, or `none`",
            Kind::Items {
                grammar: "a name of `nodes`, or `none`",
                example: "B",
                read: read_gone,
                write: |p| Some(p.gone.clone().unwrap_or_else(|| "none".into())),
            },
        ),
        Param::new(
            "system",
            "whose rendezvous scores the nodes",
            named_choice!(RendezvousSystem::ALL, system),
        ),
        Param::new(
            "keys",
            "keys counted when a node leaves",
            whole_field!(KEYS, keys),
        ),
    ];

    /// No more replicas than nodes.
    fn repair(&mut self, notes: &mut Notes) {
        let most = self.nodes.len() as u64;
        if self.replicas > most {
            notes.push(format!("replicas: there are {most} nodes: using {most}"));
            self.replicas = most;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::urlkit::{parse_query, write_query};

    const DEFAULT: &str = "nodes=A,B,C&replicas=2&gone=none&system=textbook&keys=10000";

    #[test]
    fn the_default_round_trips_and_bad_values_are_noted() {
        let (params, notes) = RendezvousParams::from_query(&parse_query(DEFAULT));
        assert!(notes.is_empty(), "{notes:?}");
        assert_eq!(params, RendezvousParams::default());
        let q = params.to_query();
        assert_eq!(
            write_query(q.iter().map(|(k, v)| (k.as_str(), v.as_str()))),
            DEFAULT
        );
        let (params, notes) = RendezvousParams::from_query(&parse_query(
            "nodes=A=2,B=x,A,C=99,,D&replicas=9&gone=Q&system=nope&keys=1",
        ));
        assert_eq!(params.nodes_text(), "A=2,B,C=10,D");
        assert_eq!(params.replicas, 4);
        assert_eq!(params.gone, None);
        assert_eq!(params.keys, 100);
        assert_eq!(notes.len(), 7, "{notes:#?}");
    }
}
