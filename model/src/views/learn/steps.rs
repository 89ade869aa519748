//! The walkthrough's path: fourteen steps in order, each with a slug for its link, the
//! widget it shows (a registered view and the query it starts from) and its challenges.

use crate::urlkit::{parse_query, Query};
use crate::views::learn::challenges::{self, Challenge};
use crate::views::learn::figures::RingPreset;
use crate::views::learn::progress::Progress;

/// One step of the path.
#[derive(Debug)]
pub struct Step {
    /// The step's name in links: `#/learn/virtual-nodes`.
    pub slug: &'static str,
    /// Its heading and its line in the table of contents.
    pub title: &'static str,
    /// The live widget, if the step has one.
    pub widget: Option<Widget>,
    /// What the reader is asked to do; a step with challenges is done when all are ticked.
    pub challenges: &'static [Challenge],
}

/// A registered view, preset for a step.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Widget {
    /// The view's path in the registry.
    pub view: &'static str,
    /// The query the widget starts from.
    pub preset: &'static str,
}

impl Widget {
    /// The preset as query pairs.
    pub fn query(&self) -> Query {
        parse_query(self.preset)
    }
}

/// The stepper the hot-keys step shows after the load widget: a cluster breaking.
pub const BREAK_WIDGET: Widget = Widget {
    view: "break",
    preset: "scenario=no-vnodes&fix=none&speed=4",
};

const fn widget(view: &'static str, preset: &'static str) -> Option<Widget> {
    Some(Widget { view, preset })
}

/// Step 2's grids: 16 servers become 17 (its widget's `from` and `servers`).
pub const MODULO_FROM: usize = 16;
pub const MODULO_TO: usize = 17;

/// Step 4's playground, as its widget's query writes it: the prose says what adding a
/// server to exactly this does.
pub const LIVE_RING: RingPreset = RingPreset {
    servers: 4,
    vnodes: 1,
    keys: 8,
    seed: 7,
    replicas: 3,
    walk: None,
};

/// Step 7's playground, and the key the prose asks the reader to walk: its walk meets a
/// server already on its list.
pub const REPLICA_RING: RingPreset = RingPreset {
    servers: 4,
    vnodes: 3,
    keys: 8,
    seed: 7,
    replicas: 3,
    walk: Some(1),
};

/// The steps, in order.
pub static STEPS: &[Step] = &[
    Step {
        slug: "hook",
        title: "A ninth server joins",
        widget: widget("grids", "servers=9&from=8&keys=100&schemes=modulo,ring"),
        challenges: &[challenges::PREDICT],
    },
    Step {
        slug: "modulo",
        title: "Why modulo fails",
        widget: widget("grids", "servers=17&from=16&keys=256&schemes=modulo"),
        challenges: &[],
    },
    Step {
        slug: "ring",
        title: "The ring",
        widget: widget("clock", ""),
        challenges: &[],
    },
    Step {
        slug: "live",
        title: "The same thing, live",
        widget: widget("ring", "servers=4&vnodes=1&keys=8"),
        challenges: &[challenges::ADD_SERVER, challenges::WALK_KEY],
    },
    Step {
        slug: "virtual-nodes",
        title: "Virtual nodes",
        widget: widget("ring", "servers=4&vnodes=1&keys=8"),
        challenges: &[challenges::BALANCE],
    },
    Step {
        slug: "failure",
        title: "When a server dies",
        widget: widget("ring", "servers=8&vnodes=1&keys=16"),
        challenges: &[challenges::FAIL_AT_ONE],
    },
    Step {
        slug: "replication",
        title: "Replication",
        widget: widget("ring", "servers=4&vnodes=3&keys=8&replicas=3"),
        challenges: &[challenges::WALK_REPLICAS],
    },
    Step {
        slug: "cost",
        title: "What a resize costs",
        widget: widget("cost", "before=16&after=17&objects=10000000000&size=1088"),
        challenges: &[],
    },
    Step {
        slug: "real-systems",
        title: "Where you have met it",
        widget: None,
        challenges: &[],
    },
    Step {
        slug: "hot-keys",
        title: "What it does not fix",
        widget: widget(
            "load",
            "servers=16&vnodes=100&keys=2000&zipf=0.8&hot=0.3&bounded=1&epsilon=0.25&fix=none",
        ),
        challenges: &[],
    },
    Step {
        slug: "beyond",
        title: "Beyond the ring",
        widget: widget(
            "rendezvous",
            "nodes=A,B,C&replicas=2&gone=none&system=textbook&keys=10000",
        ),
        challenges: &[],
    },
    Step {
        slug: "trade-offs",
        title: "Trade-offs",
        widget: widget(
            "grids",
            "servers=9&from=8&keys=100&schemes=modulo,ring,jump,rendezvous",
        ),
        challenges: &[],
    },
    Step {
        slug: "quiz",
        title: "Checkpoint quiz",
        widget: None,
        challenges: &[],
    },
    Step {
        slug: "interview",
        title: "Interview replay",
        widget: None,
        challenges: &[],
    },
];

/// The jump widget of "Beyond the ring": ten buckets, bucket 3 removed.
pub const JUMP_WIDGET: Widget = Widget {
    view: "jump",
    preset: "n=10&keys=10000&remove=3",
};

/// The Maglev widget of "Beyond the ring": the paper's example, B2 leaving.
pub const MAGLEV_WIDGET: Widget = Widget {
    view: "maglev",
    preset: "m=7&backends=B1:3:4,B2:0:2,B3:3:1&leave=B2&system=envoy&table=65537&n=10&change=leave&gone=1",
};

/// The widget of the step with `slug`.
pub fn widget_of(slug: &str) -> Option<Widget> {
    STEPS.iter().find(|step| step.slug == slug)?.widget
}

/// "Step 10: Hot keys": the step with `slug` as the walkthrough numbers it, for the titles of
/// its widgets' frames (a screen reader lists frames by title).
pub fn step_label(slug: &str) -> String {
    match STEPS.iter().position(|step| step.slug == slug) {
        Some(index) => format!("Step {}: {}", index + 1, STEPS[index].title),
        None => slug.to_string(),
    }
}

/// Whether the reader has done step `index`: every challenge ticked, or, for a step
/// without challenges, moved on from it with "Next step".
pub fn is_done(index: usize, progress: &Progress) -> bool {
    let Some(step) = STEPS.get(index) else {
        return false;
    };
    if step.challenges.is_empty() {
        progress.steps.contains(step.slug)
    } else {
        step.challenges
            .iter()
            .all(|c| progress.challenges.contains(c.id))
    }
}

#[cfg(test)]
mod label_tests {
    use super::*;
    use crate::urlkit::parse_query;
    use crate::views::ring::params::PlaygroundParams;
    use crate::views::ring::state::{Action, PlaygroundState};
    use crate::Reducer;

    fn playground(slug: &str) -> PlaygroundState {
        PlaygroundState::from_query(&parse_query(widget_of(slug).unwrap().preset))
    }

    fn params_of(preset: &RingPreset) -> (usize, u32, usize, u64, usize) {
        (
            preset.servers,
            preset.vnodes,
            preset.keys,
            preset.seed,
            preset.replicas,
        )
    }

    fn params_in(p: &PlaygroundParams) -> (usize, u32, usize, u64, usize) {
        (
            p.servers.len(),
            p.vnodes,
            p.keys as usize,
            p.seed,
            p.replicas as usize,
        )
    }

    #[test]
    fn the_ring_presets_are_the_widgets_presets() {
        assert_eq!(params_in(&playground("live").params), params_of(&LIVE_RING));
        assert_eq!(
            params_in(&playground("replication").params),
            params_of(&REPLICA_RING)
        );
        let grids = widget_of("modulo").unwrap().preset;
        assert!(grids.contains(&format!("from={MODULO_FROM}&")), "{grids}");
        assert!(
            grids.starts_with(&format!("servers={MODULO_TO}&")),
            "{grids}"
        );
    }

    #[test]
    fn step_4s_prose_says_what_adding_a_server_does() {
        let join = LIVE_RING.join().unwrap();
        let mut state = playground("live");
        state.apply(Action::AddServer(None));
        let change = state.change.as_ref().expect("a join");
        assert_eq!(change.movement.moved.len(), join.moved);
        assert_eq!(change.movement.keys, join.keys);
        assert_eq!(state.params.servers.last().unwrap().name, join.name);
        // The preset's join is the lesson of uneven arcs: far from the fair share, all from
        // one server.
        assert_eq!((join.name.as_str(), join.moved, join.keys), ("E", 4, 8));
        assert_eq!(join.from.len(), 1);
    }

    #[test]
    fn step_7s_key_skips_a_server_already_listed() {
        let skip = REPLICA_RING.skip().expect("the walk skips a server");
        let mut state = playground("replication");
        state.apply(Action::SelectKey(REPLICA_RING.walk));
        let walk = state.walk.as_ref().expect("a walk");
        let names: Vec<&str> = walk
            .chosen
            .iter()
            .map(|&i| state.placement.servers[i].name.as_str())
            .collect();
        assert_eq!(names, skip.list);
        assert!(walk.steps.iter().any(|step| matches!(
            step.verdict,
            crate::views::ring::walk::Verdict::AlreadyChosen
        ) && state.placement.servers[step.server].name
            == skip.skipped));
        assert_eq!(state.keys[REPLICA_RING.walk.unwrap()], skip.key);
    }

    #[test]
    fn every_step_has_its_own_label() {
        let labels: std::collections::BTreeSet<String> =
            STEPS.iter().map(|step| step_label(step.slug)).collect();
        assert_eq!(labels.len(), STEPS.len());
        assert!(step_label("virtual-nodes").starts_with("Step 5: "));
    }
}

/// The step a link names, by number (`3`, from 1) or slug; `None` for anything else.
pub fn find(text: &str) -> Option<usize> {
    let text = text.trim();
    match text.parse::<usize>() {
        Ok(n) => (1..=STEPS.len()).contains(&n).then(|| n - 1),
        Err(_) => STEPS
            .iter()
            .position(|step| step.slug.eq_ignore_ascii_case(text)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::views::learn::challenges::Check;

    #[test]
    fn a_step_is_done_by_its_challenges_or_by_moving_on() {
        let mut p = Progress::default();
        assert!(!is_done(0, &p) && !is_done(1, &p) && !is_done(99, &p));
        p.steps.insert("modulo".into());
        p.steps.insert("live".into());
        assert!(is_done(1, &p));
        assert!(!is_done(3, &p), "moving on does not tick challenges");
        p.challenges.insert("add-server".into());
        p.challenges.insert("walk-key".into());
        assert!(is_done(3, &p));
    }

    #[test]
    fn steps_are_found_by_number_or_slug() {
        assert_eq!(find("1"), Some(0));
        assert_eq!(find("14"), Some(13));
        assert_eq!(find("Virtual-Nodes"), Some(4));
        assert_eq!(find("0"), None);
        assert_eq!(find("15"), None);
        assert_eq!(find("nope"), None);
    }

    #[test]
    fn slugs_and_challenge_ids_are_unique_and_no_preset_is_already_done() {
        let mut slugs: Vec<_> = STEPS.iter().map(|s| s.slug).collect();
        let mut ids: Vec<_> = STEPS
            .iter()
            .flat_map(|s| s.challenges.iter().map(|c| c.id))
            .collect();
        let (slugs_len, ids_len) = (slugs.len(), ids.len());
        slugs.sort_unstable();
        slugs.dedup();
        ids.sort_unstable();
        ids.dedup();
        assert_eq!((slugs.len(), ids.len()), (slugs_len, ids_len));
        for step in STEPS {
            for challenge in step.challenges {
                if let (Check::Widget(done), Some(widget)) = (challenge.check, step.widget) {
                    assert!(
                        !done(&widget.query()),
                        "{} is done before the reader starts",
                        challenge.id
                    );
                }
            }
        }
    }
}
