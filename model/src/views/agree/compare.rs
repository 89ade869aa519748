//! Both sides built from the parameters and every key placed on each: which keys land
//! differently, counted. All through `ringlab_core::clients`.

use ringlab_core::clients::{agree, build, config_for, Client};
use ringlab_core::{parse_server_list, Options};

use super::params::{AgreeParams, Which};
use super::side::Side;

/// One side, built: its answer for each key, or why it did not build.
#[derive(Debug, Clone, PartialEq)]
pub struct Placed {
    pub side: Side,
    /// Each key's answer as text (a server as configured, a partition number, or a
    /// bracketed word: `(refused: …)`, `(random)`, `(none)`).
    pub answers: Vec<String>,
    /// The distinct answers it can give, in its order.
    pub names: Vec<String>,
    /// Points per answer, in the same order, for the clients and schemes with a ring.
    pub points: Option<Vec<usize>>,
}

/// The two sides over the keys.
#[derive(Debug, Clone, PartialEq)]
pub struct Comparison {
    pub keys: Vec<String>,
    pub a: Result<Placed, String>,
    pub b: Result<Placed, String>,
    /// For each key, true when the two place it differently (empty unless both built).
    pub differs: Vec<bool>,
    /// Keys placed alike.
    pub same: usize,
}

/// The keys compared: `user:0` to `user:N-1`, as `ringlab agree --sample N` takes them.
pub fn keys(n: u64) -> Vec<String> {
    (0..n).map(|i| format!("user:{i}")).collect()
}

/// A side as the parameters describe it, its failure applied for B.
pub fn client(p: &AgreeParams, which: Which) -> Result<Box<dyn Client>, String> {
    let side = p.side(which);
    let mut client: Box<dyn Client> = match side {
        Side::Client(kind) => {
            let config = if kind.takes_partitions() {
                String::new()
            } else {
                let servers = parse_server_list(p.servers()).map_err(|e| e.to_string())?;
                config_for(kind, &servers).map_err(|e| e.to_string())?
            };
            let partitions = kind.takes_partitions().then_some(p.partitions as u32);
            build(kind, &config, p.options(which), partitions).map_err(|e| e.to_string())?
        }
        Side::Scheme(kind) => {
            let servers = parse_server_list(p.servers()).map_err(|e| e.to_string())?;
            let built = ringlab_core::build(kind, servers, &Options::default())
                .map_err(|e| e.to_string())?;
            Box::new(agree::Scheme::new(built))
        }
    };
    if which == Which::B {
        if let Some(dead) = &p.dead {
            client.fail(dead).map_err(|e| format!("dead: {e}"))?;
        }
    }
    Ok(client)
}

fn place(p: &AgreeParams, which: Which, keys: &[String]) -> Result<Placed, String> {
    let client = client(p, which)?;
    let answers = keys
        .iter()
        .map(|k| {
            client
                .place(k.as_bytes())
                .text(client.answers())
                .into_owned()
        })
        .collect();
    Ok(Placed {
        side: p.side(which),
        answers,
        names: client.answers().to_vec(),
        points: client.points(),
    })
}

/// Whether an answer is a real placement, not a refusal or a random pick.
pub fn placed(answer: &str) -> bool {
    !answer.starts_with('(')
}

impl Comparison {
    pub fn of(p: &AgreeParams) -> Comparison {
        let keys = keys(p.keys);
        let a = place(p, Which::A, &keys);
        let b = place(p, Which::B, &keys);
        let differs: Vec<bool> = match (&a, &b) {
            (Ok(a), Ok(b)) => a
                .answers
                .iter()
                .zip(&b.answers)
                .map(|(x, y)| x != y || !placed(x))
                .collect(),
            _ => Vec::new(),
        };
        let same = differs.iter().filter(|d| !**d).count();
        Comparison {
            keys,
            a,
            b,
            differs,
            same,
        }
    }

    /// True when both sides built.
    pub fn built(&self) -> bool {
        self.a.is_ok() && self.b.is_ok()
    }

    /// The first `n` keys placed differently: key, A's answer, B's.
    pub fn first_different(&self, n: usize) -> Vec<(&str, &str, &str)> {
        let (Ok(a), Ok(b)) = (&self.a, &self.b) else {
            return Vec::new();
        };
        self.differs
            .iter()
            .enumerate()
            .filter(|(_, d)| **d)
            .take(n)
            .map(|(i, _)| {
                (
                    self.keys[i].as_str(),
                    a.answers[i].as_str(),
                    b.answers[i].as_str(),
                )
            })
            .collect()
    }

    /// The share two unrelated placements would agree on by chance: the sum over answers
    /// of A's share times B's, from the counts here.
    pub fn chance(&self) -> Option<f64> {
        let (Ok(a), Ok(b)) = (&self.a, &self.b) else {
            return None;
        };
        let n = self.keys.len() as f64;
        let share = |placed: &Placed, name: &str| {
            placed.answers.iter().filter(|x| *x == name).count() as f64 / n
        };
        Some(
            a.names
                .iter()
                .map(|name| share(a, name) * share(b, name))
                .sum(),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::urlkit::parse_query;
    use crate::view_state::ViewState;

    fn of(query: &str) -> Comparison {
        Comparison::of(&AgreeParams::from_query(&parse_query(query)).0)
    }

    #[test]
    fn the_same_client_agrees_with_itself() {
        let c = of("a=uhashring&b=uhashring");
        assert_eq!(c.same, 400);
        assert!(c.first_different(3).is_empty());
    }

    #[test]
    fn counts_match_the_core_placed_one_by_one() {
        let c = of("a=kafka&b=librdkafka&keys=600");
        let java = build(ringlab_core::clients::ClientKind::Kafka, "", "{}", Some(6)).unwrap();
        let rdk = build(
            ringlab_core::clients::ClientKind::Librdkafka,
            "",
            "{}",
            Some(6),
        )
        .unwrap();
        let same = (0..600)
            .filter(|i| {
                let k = format!("user:{i}");
                java.place(k.as_bytes()) == rdk.place(k.as_bytes())
            })
            .count();
        assert_eq!(c.same, same);
        assert_eq!(c.differs.len(), 600);
        let chance = c.chance().unwrap();
        assert!((chance - 1.0 / 6.0).abs() < 0.02, "{chance}");
    }

    #[test]
    fn a_failure_moves_only_the_dead_servers_keys_for_uhashring() {
        let c = of("a=uhashring&b=uhashring&dead=10.0.0.2:11211");
        let a = c.a.as_ref().unwrap();
        for (i, d) in c.differs.iter().enumerate() {
            assert_eq!(*d, a.answers[i] == "10.0.0.2:11211", "{}", c.keys[i]);
        }
    }

    #[test]
    fn a_side_that_does_not_build_says_why_and_the_other_stands() {
        let c = of("a=hash_ring&b=hashring&servers=a=2,b");
        assert!(c.a.as_ref().unwrap_err().contains("weights"), "{:?}", c.a);
        assert!(c.b.is_ok());
        assert!(c.differs.is_empty() && !c.built());
        let bad = of("a=uhashring&b=hashring&bopt=%7Bx");
        assert!(bad.b.as_ref().unwrap_err().contains("JSON"), "{:?}", bad.b);
        let dead = of("a=uhashring&b=uhashring&dead=nobody");
        assert!(
            dead.b.as_ref().unwrap_err().starts_with("dead: "),
            "{:?}",
            dead.b
        );
    }
}
