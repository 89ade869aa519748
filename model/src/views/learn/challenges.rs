//! The walkthrough's challenges. Most tick when the reader does the thing in the step's
//! widget: each is a check of the widget's state, read from the query the widget reports
//! whenever it changes (the same query its link carries).

use crate::views::ring::params::PlaygroundParams;
use crate::views::ring::placement::Placement;
use crate::ViewState;

/// The busiest server's share over its fair share that the virtual-node challenge asks for.
pub const BALANCE_TARGET: f64 = 1.15;

/// How a challenge is checked.
#[derive(Debug, Clone, Copy)]
pub enum Check {
    /// From the widget's query.
    Widget(fn(&[(String, String)]) -> bool),
    /// By the step's own question (the hook's prediction).
    Question,
}

/// One thing to do.
#[derive(Debug, Clone, Copy)]
pub struct Challenge {
    /// Its name in the stored progress.
    pub id: &'static str,
    /// What to do, as the list shows it.
    pub label: &'static str,
    pub check: Check,
}

/// Challenges are the same when their ids are.
impl PartialEq for Challenge {
    fn eq(&self, other: &Challenge) -> bool {
        self.id == other.id
    }
}

fn ring(query: &[(String, String)]) -> PlaygroundParams {
    PlaygroundParams::from_query(query).0
}

fn live_servers(p: &PlaygroundParams) -> usize {
    p.servers.iter().filter(|s| !s.failed).count()
}

/// The busiest live server's share of the ring over its fair share `1/N`, equal weights
/// assumed as the playground's default servers have. `None` with no live server.
pub fn busiest(p: &PlaygroundParams) -> Option<f64> {
    let placement = Placement::new(p, &[]);
    let n = placement.shares.len();
    (n > 0).then(|| placement.shares.iter().copied().fold(0.0, f64::max) * n as f64)
}

pub const PREDICT: Challenge = Challenge {
    id: "predict",
    label: "Predict how many keys stay put when a ninth server joins",
    check: Check::Question,
};

pub const ADD_SERVER: Challenge = Challenge {
    id: "add-server",
    label: "Add a fifth server and read the counter",
    check: Check::Widget(|q| live_servers(&ring(q)) > 4),
};

pub const WALK_KEY: Challenge = Challenge {
    id: "walk-key",
    label: "Walk a key to its owner",
    check: Check::Widget(|q| ring(q).walk.is_some()),
};

pub const BALANCE: Challenge = Challenge {
    id: "balance",
    label: "Get the busiest server under 1.15 × its fair share",
    check: Check::Widget(|q| {
        let p = ring(q);
        live_servers(&p) >= 2 && busiest(&p).is_some_and(|b| b < BALANCE_TARGET)
    }),
};

pub const FAIL_AT_ONE: Challenge = Challenge {
    id: "fail-one",
    label: "Fail a server with one point per server",
    check: Check::Widget(|q| {
        let p = ring(q);
        p.vnodes == 1 && p.servers.iter().any(|s| s.failed)
    }),
};

pub const WALK_REPLICAS: Challenge = Challenge {
    id: "walk-replicas",
    label: "Walk a key with 3 replicas",
    check: Check::Widget(|q| {
        let p = ring(q);
        p.replicas == 3 && p.walk.is_some()
    }),
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::urlkit::parse_query;

    fn done(challenge: Challenge, query: &str) -> bool {
        match challenge.check {
            Check::Widget(check) => check(&parse_query(query)),
            Check::Question => unreachable!(),
        }
    }

    #[test]
    fn challenges_tick_on_the_state_they_ask_for() {
        assert!(!done(ADD_SERVER, "servers=4"));
        assert!(done(ADD_SERVER, "servers=5"));
        assert!(!done(ADD_SERVER, "servers=5&failed=A"));
        assert!(done(WALK_KEY, "servers=4&walk=2"));
        assert!(!done(WALK_KEY, "servers=4"));
        assert!(!done(BALANCE, "servers=4&vnodes=1"));
        assert!(done(BALANCE, "servers=4&vnodes=1000"));
        assert!(
            !done(BALANCE, "servers=1&vnodes=1000"),
            "one server is no balance"
        );
        assert!(done(FAIL_AT_ONE, "servers=8&vnodes=1&failed=C"));
        assert!(!done(FAIL_AT_ONE, "servers=8&vnodes=200&failed=C"));
        assert!(done(WALK_REPLICAS, "servers=8&replicas=3&walk=0"));
        assert!(!done(WALK_REPLICAS, "servers=8&replicas=2&walk=0"));
    }

    #[test]
    fn the_busiest_share_falls_as_points_rise() {
        let at = |v: u32| {
            let p = PlaygroundParams {
                vnodes: v,
                ..Default::default()
            };
            busiest(&p).unwrap()
        };
        assert!(at(1) > BALANCE_TARGET);
        assert!(at(1000) < at(1));
        assert!(at(1000) >= 1.0);
    }
}
