//! The agree view's URL state.
//!
//! `#/agree?a=uhashring&b=hashring&servers=10.0.0.1:11211,10.0.0.2:11211,10.0.0.3:11211`
//! is the default: a Python service and a Node service on one memcached pool. `aopt` and
//! `bopt` are either side's options as JSON, `dead` a server failed for B only,
//! `partitions` a Kafka topic's size, `keys` how many keys (`user:0` …) are compared.

use super::side::{Side, SIDES};
use crate::param_table::{Notes, Param};
use crate::view_state::ViewState;
use crate::{named_choice, text_field, whole_field};

/// Keys compared (each a cell of the grid).
pub const KEYS: (u64, u64) = (16, 2000);
/// A topic's partitions.
pub const PARTITIONS: (u64, u64) = (1, 1000);
/// The longest server list or option text a link carries.
pub const TEXT_CHARS: usize = 2000;
/// The servers when none are typed.
pub const DEFAULT_SERVERS: &str = "10.0.0.1:11211,10.0.0.2:11211,10.0.0.3:11211";

#[derive(Debug, Clone, PartialEq)]
pub struct AgreeParams {
    pub a: Side,
    pub b: Side,
    pub servers: Option<String>,
    pub aopt: Option<String>,
    pub bopt: Option<String>,
    /// A server failed, for B only.
    pub dead: Option<String>,
    pub partitions: u64,
    pub keys: u64,
}

impl Default for AgreeParams {
    fn default() -> Self {
        AgreeParams {
            a: SIDES[0],
            b: SIDES[1],
            servers: None,
            aopt: None,
            bopt: None,
            dead: None,
            partitions: 6,
            keys: 400,
        }
    }
}

impl AgreeParams {
    /// The server list both sides place on.
    pub fn servers(&self) -> &str {
        self.servers.as_deref().unwrap_or(DEFAULT_SERVERS)
    }

    /// A side's options: as typed, else what the side needs to build.
    pub fn options(&self, which: Which) -> &str {
        let (side, typed) = match which {
            Which::A => (self.a, &self.aopt),
            Which::B => (self.b, &self.bopt),
        };
        typed.as_deref().unwrap_or(side.default_options())
    }

    /// The side named.
    pub fn side(&self, which: Which) -> Side {
        match which {
            Which::A => self.a,
            Which::B => self.b,
        }
    }

    /// True when both answer partitions: the servers do not apply.
    pub fn on_partitions(&self) -> bool {
        self.a.partitions() || self.b.partitions()
    }

    /// The command line that prints the same counts (`ringlab agree ...`).
    pub fn command(&self) -> String {
        let quote = |s: &str| format!("'{}'", s.replace('\'', "'\\''"));
        let mut cmd = format!("ringlab agree --a {} --b {}", self.a.name(), self.b.name());
        if self.on_partitions() {
            cmd.push_str(&format!(" --partitions {}", self.partitions));
        } else {
            cmd.push_str(&format!(" --servers {}", quote(self.servers())));
        }
        for (flag, which) in [("--a-options", Which::A), ("--b-options", Which::B)] {
            let side = self.side(which);
            let options = self.options(which);
            if matches!(side, Side::Client(_)) && options != "{}" {
                cmd.push_str(&format!(" {flag} {}", quote(options)));
            }
        }
        if let Some(dead) = &self.dead {
            cmd.push_str(&format!(" --b-dead {}", quote(dead)));
        }
        cmd.push_str(&format!(" --sample {}", self.keys));
        cmd
    }
}

/// Which side.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Which {
    A,
    B,
}

impl ViewState for AgreeParams {
    const PARAMS: &'static [Param<Self>] = &[
        Param::new("a", "the first client or system", named_choice!(SIDES, a)),
        Param::new("b", "the second client or system", named_choice!(SIDES, b)),
        Param::new(
            "servers",
            "the servers both place on, comma-separated name[=weight]",
            text_field!(TEXT_CHARS, servers),
        )
        .unless_default(),
        Param::new(
            "aopt",
            "the first side's options, as JSON",
            text_field!(TEXT_CHARS, aopt),
        )
        .unless_default(),
        Param::new(
            "bopt",
            "the second side's options, as JSON",
            text_field!(TEXT_CHARS, bopt),
        )
        .unless_default(),
        Param::new(
            "dead",
            "a server failed, for the second side only",
            text_field!(TEXT_CHARS, dead),
        )
        .unless_default(),
        Param::new(
            "partitions",
            "a Kafka topic's partitions",
            whole_field!(PARTITIONS, partitions),
        )
        .unless_default(),
        Param::new(
            "keys",
            "keys compared, user:0 onwards",
            whole_field!(KEYS, keys),
        )
        .unless_default(),
    ];

    fn repair(&mut self, notes: &mut Notes) {
        // An emptied box means "as by default" (a select's "none", a cleared field).
        for text in [
            &mut self.servers,
            &mut self.aopt,
            &mut self.bopt,
            &mut self.dead,
        ] {
            if text.as_deref().is_some_and(|t| t.trim().is_empty()) {
                *text = None;
            }
        }
        if self.a.partitions() != self.b.partitions() {
            notes.push(format!(
                "{} places keys on partitions and {} on servers: they cannot agree. Comparing {} with Kafka's default partitioner instead",
                if self.a.partitions() { self.a.name() } else { self.b.name() },
                if self.a.partitions() { self.b.name() } else { self.a.name() },
                if self.a.partitions() { self.a.name() } else { self.b.name() },
            ));
            let kafka = SIDES
                .iter()
                .copied()
                .find(|s| s.name() == "kafka")
                .unwrap_or(self.a);
            if self.a.partitions() {
                self.b = kafka;
            } else {
                self.a = kafka;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::urlkit::parse_query;

    #[test]
    fn the_default_is_the_plain_link_and_bad_values_are_noted() {
        let (p, notes) = AgreeParams::from_query(&parse_query("a=uhashring&b=hashring"));
        assert!(notes.is_empty(), "{notes:?}");
        assert_eq!(p, AgreeParams::default());
        let (p, notes) =
            AgreeParams::from_query(&parse_query("a=nosuch&b=kafka&keys=5&partitions=0"));
        assert_eq!((p.keys, p.partitions), (16, 1));
        assert!(
            p.a.partitions() && p.b.partitions(),
            "a is repaired onto partitions: {p:?}"
        );
        assert!(
            notes.iter().any(|n| n.contains("cannot agree")),
            "{notes:#?}"
        );
    }

    #[test]
    fn emptied_boxes_are_the_defaults() {
        let (p, notes) = AgreeParams::from_query(&parse_query(
            "a=uhashring&b=hashring&dead=&aopt=%20&servers=",
        ));
        assert!(notes.is_empty(), "{notes:?}");
        assert_eq!(p, AgreeParams::default());
    }

    #[test]
    fn the_command_line_says_the_same_comparison() {
        let (p, _) = AgreeParams::from_query(&parse_query("a=kafka&b=librdkafka&keys=600"));
        assert_eq!(
            p.command(),
            "ringlab agree --a kafka --b librdkafka --partitions 6 --sample 600"
        );
        let (p, _) =
            AgreeParams::from_query(&parse_query("a=uhashring&b=uhashring&dead=10.0.0.2:11211"));
        assert_eq!(
            p.command(),
            "ringlab agree --a uhashring --b uhashring --servers '10.0.0.1:11211,10.0.0.2:11211,10.0.0.3:11211' --b-dead '10.0.0.2:11211' --sample 400"
        );
    }
}
