//! The playground's state and its one pure reducer: every control, drag and key press is an
//! [`Action`]. Side effects (the URL, animation, drawing) live in the component.

use crate::param_table;
use crate::urlkit::flag_text;
use crate::ViewState;
use std::rc::Rc;

use crate::Reducer;

use super::params::{
    check_label, clamp_weight, next_free_name, to_micro, PlaygroundParams, Scheme, ServerParam,
    MAX_SERVERS, MICRO,
};
use super::placement::{Change, ChangeKind, Placement};
use super::walk::Walk;
use crate::naming::key_names;

/// Everything the playground shows.
#[derive(Clone)]
pub struct PlaygroundState {
    pub params: PlaygroundParams,
    /// Notes about clamped parameters or refused input, shown beside the widget.
    pub notes: Vec<String>,
    pub keys: Rc<Vec<String>>,
    pub placement: Rc<Placement>,
    /// The last change to the cluster and what it moved.
    pub change: Option<Rc<Change>>,
    /// Bumped by each change, so the component restarts the moved keys' animation.
    pub change_epoch: u64,
    /// The placement before the current drag began.
    drag_base: Option<Rc<Placement>>,
    /// The key being walked.
    pub walk: Option<Rc<Walk>>,
    /// Bumped by each walk, so the component restarts its animation.
    pub walk_epoch: u64,
    /// The server (parameter index) the arrow keys move.
    pub focused: Option<usize>,
    /// What the live region says.
    pub announcement: String,
}

/// Equal when nothing the page shows changed: the parameters and the words compared, the
/// built parts (keys, placement, the change, the walk) by identity, as an action that
/// changes them builds them anew. (Comparing rings point by point would cost more than
/// the render it saves.)
impl PartialEq for PlaygroundState {
    fn eq(&self, other: &Self) -> bool {
        fn same<T>(a: &Option<Rc<T>>, b: &Option<Rc<T>>) -> bool {
            match (a, b) {
                (Some(a), Some(b)) => Rc::ptr_eq(a, b),
                (None, None) => true,
                _ => false,
            }
        }
        self.params == other.params
            && self.notes == other.notes
            && Rc::ptr_eq(&self.keys, &other.keys)
            && Rc::ptr_eq(&self.placement, &other.placement)
            && same(&self.change, &other.change)
            && self.change_epoch == other.change_epoch
            && same(&self.drag_base, &other.drag_base)
            && same(&self.walk, &other.walk)
            && self.walk_epoch == other.walk_epoch
            && self.focused == other.focused
            && self.announcement == other.announcement
    }
}

/// Everything that can happen to the playground.
#[derive(Debug, Clone, PartialEq)]
pub enum Action {
    /// Adds a server; `None` picks the next free name.
    AddServer(Option<String>),
    RemoveServer(String),
    FailServer(String),
    RestoreServer(String),
    /// Weight of the server with this parameter index.
    SetWeight(usize, f64),
    /// Rack label (empty: none) of the server with this parameter index.
    SetRack(usize, String),
    SetVnodes(u32),
    SetKeys(u32),
    SetReplicas(u32),
    SetScheme(Scheme),
    SetSeed(u64),
    SetHashes(bool),
    /// Puts server `index`'s point at this fraction of a turn.
    DragServer(usize, f64),
    /// The pointer let go.
    EndDrag,
    /// Moves server `index`'s point by this many millionths of a turn (arrow keys).
    NudgeServer(usize, i64),
    /// Puts every point back where its hash puts it.
    ResetPositions,
    FocusServer(Option<usize>),
    /// Starts the walk of key `i` (or stops walking).
    SelectKey(Option<usize>),
    /// A parameter as typed (an exact number field): read by the table, as from a link.
    Typed(&'static str, String),
    DismissNotes,
}

impl PlaygroundState {
    /// The state a URL describes.
    pub fn from_query(query: &[(String, String)]) -> PlaygroundState {
        let (params, notes) = PlaygroundParams::from_query(query);
        PlaygroundState::new(params, notes)
    }

    pub fn new(params: PlaygroundParams, notes: Vec<String>) -> PlaygroundState {
        let keys = Rc::new(key_names(params.seed, params.keys as usize));
        let placement = Rc::new(Placement::new(&params, &keys));
        let mut notes = notes;
        if let Some(error) = &placement.error {
            notes.push(format!("The scheme could not be built: {error}"));
        }
        let walk = params.walk;
        let mut state = PlaygroundState {
            params,
            notes,
            keys,
            placement,
            change: None,
            change_epoch: 0,
            drag_base: None,
            walk: None,
            walk_epoch: 0,
            focused: None,
            announcement: String::new(),
        };
        if let Some(key) = walk {
            state.start_walk(Some(key as usize));
        }
        state
    }

    /// Walks key `key` (or stops walking) and notes it in the parameters.
    fn start_walk(&mut self, key: Option<usize>) {
        self.walk = key
            .and_then(|key| Walk::new(&self.placement, &self.params, &self.keys, key).map(Rc::new));
        self.params.walk = self.walk.as_ref().map(|w| w.key as u32);
        if let Some(walk) = &self.walk {
            self.walk_epoch += 1;
            self.announcement = walk.narration.join(" ");
        }
    }

    /// The parameters as URL query pairs.
    pub fn query(&self) -> Vec<(String, String)> {
        self.params.to_query()
    }

    fn index_of(&self, name: &str) -> Option<usize> {
        self.params.servers.iter().position(|s| s.name == name)
    }

    /// Places the keys again; with `kind`, records what the change moved.
    fn replace(&mut self, kind: Option<ChangeKind>) {
        let before = self.placement.clone();
        // From the placement before: a server out or in derives the ring rather than
        // building it again (the same placement `new` gives, in a fraction of the time).
        let after = Placement::after(&before, &self.params, &self.keys);
        if let Some(error) = &after.error {
            self.notes
                .push(format!("The scheme could not be built: {error}"));
        }
        let after = Rc::new(after);
        if let Some(kind) = kind {
            let is_drag = matches!(kind, ChangeKind::Drag(_));
            let base = if is_drag {
                self.drag_base.get_or_insert_with(|| before.clone()).clone()
            } else {
                self.drag_base = None;
                before
            };
            let change = Change::between(&base, &after, kind);
            if !is_drag {
                self.announcement = change.summary();
            }
            self.change = Some(Rc::new(change));
            self.change_epoch += 1;
        } else {
            self.drag_base = None;
            self.change = None;
        }
        self.placement = after;
        self.refresh_walk();
    }

    /// Keeps a running walk in step with the placement.
    fn refresh_walk(&mut self) {
        if let Some(walk) = &self.walk {
            let key = walk.key;
            self.walk = Walk::new(&self.placement, &self.params, &self.keys, key).map(Rc::new);
            self.params.walk = self.walk.as_ref().map(|w| w.key as u32);
        }
    }

    fn note(&mut self, text: String) {
        self.announcement = text.clone();
        self.notes.push(text);
    }

    /// Sets `name` from `text` as the link would: read, clamped and repaired by the
    /// table (the ring's point cap included), its notes shown. The one door to a
    /// parameter, for the controls as for the link. Then what the change moves.
    fn set(&mut self, name: &str, text: String) {
        let mut next = self.params.clone();
        let mut notes = Vec::new();
        param_table::edit(&mut next, name, &text, &mut notes);
        for note in notes {
            self.note(note);
        }
        if next == self.params {
            return;
        }
        let before = std::mem::replace(&mut self.params, next);
        let p = &self.params;
        let new_keys = p.keys != before.keys || p.seed != before.seed;
        if new_keys {
            let k = p.keys;
            self.keys = Rc::new(key_names(p.seed, k as usize));
            self.walk = self.walk.take().filter(|w| w.key < k as usize);
            self.params.walk = self.params.walk.filter(|&w| w < k);
        }
        let p = &self.params;
        let ring = (p.scheme != before.scheme).then(|| format!("Scheme {}", p.scheme.name()));
        let ring = ring.or_else(|| {
            let changed = p.vnodes != before.vnodes || p.servers != before.servers;
            changed.then(|| format!("{} virtual nodes per server", p.vnodes))
        });
        if let Some(what) = ring {
            self.forget_positions_unless_draggable();
            self.replace(Some(ChangeKind::Config(what)));
        } else if new_keys {
            self.replace(None);
        } else {
            self.refresh_walk();
            // A walk under way is told again with or without its hash values (a new
            // replica count only redraws it: no need to read it all out again).
            if self.params.hashes != before.hashes {
                if let Some(walk) = &self.walk {
                    self.announcement = walk.narration.join(" ");
                }
            }
        }
    }

    /// Drops dragged positions when points can no longer be dragged.
    fn forget_positions_unless_draggable(&mut self) {
        if !self.params.draggable() {
            for s in &mut self.params.servers {
                s.at = None;
            }
        }
    }

    /// Where server `index`'s point is now, in millionths of a turn, if it can be dragged.
    fn current_micro(&self, index: usize) -> Option<u32> {
        let server = self.params.servers.get(index)?;
        if !self.params.draggable() || server.failed {
            return None;
        }
        if let Some(at) = server.at {
            return Some(at);
        }
        let live = self.placement.live(index)?;
        self.placement.point_fraction(live).map(to_micro)
    }

    fn move_point(&mut self, index: usize, micro: u32) {
        if self.current_micro(index).is_none() {
            return;
        }
        let server = &mut self.params.servers[index];
        if server.at == Some(micro) {
            return;
        }
        server.at = Some(micro);
        let name = server.name.clone();
        self.focused = Some(index);
        self.replace(Some(ChangeKind::Drag(name)));
    }
}

impl Reducer for PlaygroundState {
    type Action = Action;

    fn apply(&mut self, action: Action) {
        match action {
            Action::AddServer(name) => {
                if self.params.servers.len() >= MAX_SERVERS {
                    return self.note(format!("The playground has at most {MAX_SERVERS} servers."));
                }
                let name = name
                    .map(|n| n.trim().to_string())
                    .filter(|n| !n.is_empty())
                    .unwrap_or_else(|| next_free_name(&self.params.servers));
                if let Err(why) = check_label(&name) {
                    return self.note(format!("Server not added: {why}."));
                }
                if self.index_of(&name).is_some() {
                    return self.note(format!("Server not added: {name} is already there."));
                }
                self.params.servers.push(ServerParam::new(name.clone()));
                if let Some(why) = self.params.too_many_points() {
                    self.params.servers.pop();
                    return self.note(format!("Server not added: {why}."));
                }
                self.replace(Some(ChangeKind::Join(name)));
            }
            Action::RemoveServer(name) => {
                let Some(index) = self.index_of(&name) else {
                    return self.note(format!("No server is named {name}."));
                };
                let was_up = !self.params.servers[index].failed;
                self.params.servers.remove(index);
                self.focused = match self.focused {
                    Some(f) if f == index => None,
                    Some(f) if f > index => Some(f - 1),
                    other => other,
                };
                if was_up {
                    self.replace(Some(ChangeKind::Leave(name)));
                } else {
                    self.replace(None);
                    self.announcement = format!("Failed server {name} was removed.");
                }
            }
            Action::FailServer(name) => {
                let Some(index) = self.index_of(&name) else {
                    return self.note(format!("No server is named {name}."));
                };
                if self.params.servers[index].failed {
                    return self.note(format!("Server {name} has already failed."));
                }
                self.params.servers[index].failed = true;
                self.replace(Some(ChangeKind::Fail(name)));
            }
            Action::RestoreServer(name) => {
                let Some(index) = self.index_of(&name) else {
                    return self.note(format!("No server is named {name}."));
                };
                if !self.params.servers[index].failed {
                    return;
                }
                self.params.servers[index].failed = false;
                self.replace(Some(ChangeKind::Restore(name)));
            }
            Action::SetWeight(index, weight) => {
                let weight = clamp_weight(weight);
                let Some(server) = self.params.servers.get_mut(index) else {
                    return;
                };
                if server.weight == weight {
                    return;
                }
                let before = std::mem::replace(&mut server.weight, weight);
                if let Some(why) = self.params.too_many_points() {
                    self.params.servers[index].weight = before;
                    return self.note(format!("Weight not changed: {why}."));
                }
                let server = &self.params.servers[index];
                let what = format!("Server {} now has weight {weight}", server.name);
                self.replace(Some(ChangeKind::Config(what)));
            }
            Action::SetRack(index, rack) => {
                let rack = rack.trim().to_string();
                if !rack.is_empty() {
                    if let Err(why) = check_label(&rack) {
                        return self.note(format!("Rack not set: {why}."));
                    }
                }
                let Some(server) = self.params.servers.get_mut(index) else {
                    return;
                };
                let rack = (!rack.is_empty()).then_some(rack);
                if server.rack == rack {
                    return;
                }
                server.rack = rack;
                // Racks change preference lists only, never owners.
                self.replace(None);
            }
            Action::SetVnodes(v) => self.set("vnodes", v.to_string()),
            Action::SetKeys(k) => self.set("keys", k.to_string()),
            Action::SetSeed(seed) => self.set("seed", seed.to_string()),
            Action::SetReplicas(r) => self.set("replicas", r.to_string()),
            Action::SetScheme(scheme) => self.set("scheme", scheme.name().to_string()),
            Action::SetHashes(on) => self.set("hashes", flag_text(on).to_string()),
            Action::Typed(name, text) => self.set(name, text),
            Action::DragServer(index, fraction) => self.move_point(index, to_micro(fraction)),
            Action::NudgeServer(index, delta) => {
                let Some(current) = self.current_micro(index) else {
                    self.announcement = "Points move only with the ring scheme and 1 virtual \
                                         node per server, and only while their server is up."
                        .to_string();
                    return;
                };
                let micro = (current as i64 + delta).rem_euclid(MICRO as i64) as u32;
                self.move_point(index, micro);
                if let Some(change) = &self.change {
                    self.announcement = format!(
                        "Server {} is at {:.1}% of the ring: {} since it began to move.",
                        self.params.servers[index].name,
                        micro as f64 / MICRO as f64 * 100.0,
                        change.counter()
                    );
                }
            }
            Action::EndDrag => {
                if self.drag_base.take().is_some() {
                    if let Some(change) = &self.change {
                        self.announcement = change.summary();
                    }
                }
            }
            Action::ResetPositions => {
                if self.params.servers.iter().all(|s| s.at.is_none()) {
                    return;
                }
                for s in &mut self.params.servers {
                    s.at = None;
                }
                let what = "Points back at their hashed positions".to_string();
                self.replace(Some(ChangeKind::Config(what)));
            }
            Action::FocusServer(index) => {
                self.focused = index.filter(|&i| i < self.params.servers.len());
            }
            Action::SelectKey(key) => self.start_walk(key),
            Action::DismissNotes => self.notes.clear(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn start() -> PlaygroundState {
        PlaygroundState::from_query(&[])
    }

    fn act(state: PlaygroundState, action: Action) -> PlaygroundState {
        let next = Rc::new(state).reduce(action);
        Rc::try_unwrap(next).unwrap_or_else(|rc| (*rc).clone())
    }

    #[test]
    fn edits_that_would_pass_the_point_cap_are_refused_with_a_note() {
        use super::super::params::MAX_POINTS;
        let names: Vec<String> = (0..100).map(|i| format!("s{i}=10")).collect();
        let q = vec![
            ("servers".to_string(), names.join(",")),
            ("vnodes".to_string(), "1000".to_string()),
        ];
        let s = PlaygroundState::from_query(&q);
        assert_eq!(s.params.points(), MAX_POINTS);
        let s = act(s, Action::AddServer(None));
        assert_eq!(s.params.servers.len(), 100);
        assert!(s
            .notes
            .last()
            .unwrap()
            .starts_with("Server not added: that makes"));
        let s = act(s, Action::SetVnodes(999));
        assert_eq!(s.params.vnodes, 999);
        let s = act(s, Action::SetVnodes(1000));
        assert_eq!(s.params.vnodes, 1000);
        let s = act(s, Action::SetWeight(0, 5.0));
        let s = act(s, Action::SetVnodes(1000));
        assert!(s.params.points() <= MAX_POINTS);
    }

    /// The seed names the keys again; the hash values shown are told again by a walk
    /// under way; a typed value goes through the table like a link's, a bad one changes
    /// nothing and says why.
    #[test]
    fn seed_hashes_and_typed_values_go_through_the_table() {
        let s = act(start(), Action::SelectKey(Some(1)));
        let told = s.announcement.clone();
        let s = act(s, Action::SetHashes(true));
        assert!(s.params.hashes);
        assert_ne!(s.announcement, told, "the walk told again, with its hashes");
        assert_eq!(s.announcement, s.walk.as_ref().unwrap().narration.join(" "));
        let keys = s.keys.clone();
        let s = act(s, Action::Typed("seed", "8".into()));
        assert_eq!(s.params.seed, 8);
        assert_eq!(s.keys[..], key_names(8, s.params.keys as usize)[..]);
        assert_ne!(s.keys, keys);
        let s = act(s, Action::Typed("vnodes", "12".into()));
        assert_eq!(s.params.vnodes, 12);
        assert_eq!(
            s.placement.ring().points().len(),
            12 * s.params.servers.len()
        );
        let s = act(s, Action::Typed("keys", "12".into()));
        assert_eq!(s.params.keys, 12, "not the default 8");
        let s = act(s, Action::DismissNotes);
        let s = act(s, Action::Typed("keys", "many".into()));
        assert_eq!(s.params.keys, 12, "a typo keeps the value: {:?}", s.notes);
        assert_eq!(s.notes.len(), 1);
        assert!(s.notes[0].starts_with("keys="), "{}", s.notes[0]);
    }

    /// The virtual node slider past the point cap is capped as the link is, with the
    /// link's note: one door to the parameter.
    #[test]
    fn the_slider_and_the_link_cap_the_ring_alike() {
        let names: Vec<String> = (0..250).map(|i| format!("s{i}=10")).collect();
        let servers = ("servers".to_string(), names.join(","));
        let s = PlaygroundState::from_query(std::slice::from_ref(&servers));
        let slid = act(s, Action::SetVnodes(1000));
        let (linked, notes) =
            PlaygroundParams::from_query(&[servers, ("vnodes".into(), "1000".into())]);
        assert_eq!(slid.params.vnodes, linked.vnodes);
        assert_eq!(
            slid.params.vnodes, 400,
            "1,000,000 points over a weight of 2,500"
        );
        assert_eq!(slid.notes, notes);
    }

    /// The keys ringed after a join are exactly the keys whose owner changed, each now in
    /// the joiner's colour; a second change rings its own keys only.
    #[test]
    fn the_picture_rings_the_keys_the_last_change_moved() {
        use crate::views::ring::scene::{build, mark_moved, style_of};
        let s = act(start(), Action::AddServer(None));
        let change = s.change.clone().unwrap();
        let mut scene = build(&s.placement, &s.params, None, None, 400.0, 400.0);
        mark_moved(&mut scene.keys, Some(&change));
        let ringed: Vec<usize> = scene
            .keys
            .iter()
            .filter(|k| k.moved)
            .map(|k| k.key)
            .collect();
        let expected: Vec<usize> = (0..s.keys.len())
            .filter(|&k| {
                let before = Placement::new(&start().params, &s.keys).owners[k];
                before != s.placement.owners[k]
            })
            .collect();
        assert!(!expected.is_empty());
        assert_eq!(ringed, expected);
        let joiner = style_of(4).0;
        assert!(scene
            .keys
            .iter()
            .filter(|k| k.moved)
            .all(|k| k.color == Some(joiner)));
        mark_moved(&mut scene.keys, None);
        assert!(scene.keys.iter().all(|k| !k.moved));
    }

    #[test]
    fn add_remove_and_fail_by_name() {
        let s = act(start(), Action::AddServer(None));
        assert_eq!(s.params.servers.len(), 5);
        assert_eq!(s.params.servers[4].name, "E");
        let change = s.change.clone().unwrap();
        assert_eq!(change.kind, ChangeKind::Join("E".into()));
        assert!(
            s.announcement.starts_with("Server E joined: "),
            "{}",
            s.announcement
        );
        let s = act(s, Action::AddServer(Some("E".into())));
        assert_eq!(s.params.servers.len(), 5);
        assert_eq!(s.notes.len(), 1);
        let s = act(s, Action::FailServer("B".into()));
        assert!(s.params.servers[1].failed);
        assert_eq!(s.placement.servers.len(), 4);
        let change = s.change.clone().unwrap();
        assert!(change
            .movement
            .moved
            .iter()
            .all(|m| m.from.as_deref() == Some("B")));
        assert!(s.announcement.contains("Caught by") || change.movement.moved.is_empty());
        assert!(s.query().iter().any(|(k, v)| k == "failed" && v == "B"));
        let s = act(s, Action::RestoreServer("B".into()));
        assert!(!s.params.servers[1].failed);
        let s = act(s, Action::RemoveServer("A".into()));
        assert_eq!(s.params.servers[0].name, "B");
        let s = act(s, Action::RemoveServer("nobody".into()));
        assert_eq!(s.params.servers.len(), 4);
        let evil = "<img src=x onerror=alert(1)>";
        let s = act(s, Action::AddServer(Some(evil.into())));
        assert_eq!(s.params.servers[4].name, evil);
        let again = PlaygroundState::from_query(&s.query());
        assert_eq!(again.params, s.params);
    }

    #[test]
    fn sliders_clamp_and_rebuild() {
        let s = act(start(), Action::SetVnodes(5000));
        assert_eq!(s.params.vnodes, 1000);
        assert_eq!(s.placement.ring().points().len(), 4000);
        let s = act(s, Action::SetKeys(0));
        assert_eq!(s.params.keys, 1);
        assert_eq!(s.placement.owners.len(), 1);
        let s = act(s, Action::SetReplicas(9));
        assert_eq!(s.params.replicas, 5);
        let s = act(s, Action::SetScheme(Scheme::Nginx));
        assert_eq!(s.placement.ring().points().len(), 4 * 160);
        let s = act(s, Action::SetWeight(0, 2.0));
        assert_eq!(s.params.servers[0].weight, 2.0);
        assert_eq!(s.placement.ring().points().len(), 5 * 160);
        let s = act(s, Action::SetRack(1, "r1".into()));
        assert_eq!(s.params.servers[1].rack.as_deref(), Some("r1"));
        let s = act(s, Action::SetRack(1, "bad,rack".into()));
        assert_eq!(s.params.servers[1].rack.as_deref(), Some("r1"));
        // Each value past its range was clamped by the table, which said so as it says so
        // of a link; then the refused rack.
        assert_eq!(s.notes.len(), 4, "{:?}", s.notes);
        for (note, name) in s.notes.iter().zip(["vnodes", "keys", "replicas"]) {
            assert!(note.starts_with(name), "{note}");
        }
        let s = act(s, Action::DismissNotes);
        assert!(s.notes.is_empty());
    }

    #[test]
    fn dragging_moves_ownership_and_round_trips() {
        let s = act(start(), Action::DragServer(0, 0.25));
        assert_eq!(s.params.servers[0].at, Some(250_000));
        assert_eq!(s.placement.point_fraction(0), Some(0.25));
        assert_eq!(s.focused, Some(0));
        let s = act(s, Action::DragServer(0, 0.5));
        let s = act(s, Action::EndDrag);
        assert!(s.announcement.contains("point moved"), "{}", s.announcement);
        let s = act(s, Action::NudgeServer(0, -600_000));
        assert_eq!(s.params.servers[0].at, Some(900_000));
        assert!(s.announcement.starts_with("Server A is at 90.0%"));
        let again = PlaygroundState::from_query(&s.query());
        assert_eq!(again.params, s.params);
        assert_eq!(again.placement.owners, s.placement.owners);
        // More than one point per server: no dragging, and positions are dropped.
        let s = act(s, Action::SetVnodes(10));
        assert!(s.params.servers.iter().all(|s| s.at.is_none()));
        let before = s.params.clone();
        let s = act(s, Action::DragServer(1, 0.1));
        assert_eq!(s.params, before);
        let s = act(start(), Action::DragServer(1, 0.1));
        let s = act(s, Action::ResetPositions);
        assert!(s.params.servers.iter().all(|s| s.at.is_none()));
    }

    #[test]
    fn walks_start_and_follow_changes() {
        let s = act(start(), Action::SelectKey(Some(3)));
        let walk = s.walk.clone().unwrap();
        assert_eq!(walk.key, 3);
        assert_eq!(walk.chosen.len(), 3);
        assert_eq!(s.walk_epoch, 1);
        assert!(s.announcement.starts_with(&s.keys[3]));
        let s = act(s, Action::SetReplicas(1));
        assert_eq!(s.walk.clone().unwrap().chosen.len(), 1);
        let s = act(s, Action::SelectKey(Some(99)));
        assert!(s.walk.is_none());
        let s = act(s, Action::SelectKey(None));
        assert!(s.walk.is_none());
        assert!(!s.query().iter().any(|(k, _)| k == "walk"));
    }

    #[test]
    fn hash_values_mid_walk_are_told_again() {
        let s = act(PlaygroundState::from_query(&[]), Action::SelectKey(Some(2)));
        let plain = s.announcement.clone();
        let s = act(s, Action::SetHashes(true));
        assert_ne!(s.announcement, plain);
        assert!(s.announcement.starts_with(&s.keys[2]), "{}", s.announcement);
        assert!(!s.announcement.contains('%'), "{}", s.announcement);
    }

    #[test]
    fn the_walked_key_is_in_the_url() {
        let s = act(PlaygroundState::from_query(&[]), Action::SelectKey(Some(5)));
        let query = s.query();
        assert!(query.contains(&("walk".to_string(), "5".to_string())));
        let loaded = PlaygroundState::from_query(&query);
        assert_eq!(loaded.walk.as_ref().map(|w| w.key), Some(5));
        assert_eq!(loaded.walk_epoch, 1);
        assert_eq!(loaded.announcement, s.announcement);
        let fewer = act(loaded, Action::SetKeys(3));
        assert!(fewer.walk.is_none());
        assert!(!fewer.query().iter().any(|(k, _)| k == "walk"));
    }

    /// Random actions and random URLs, as the end-to-end random run does: never a panic,
    /// and the URL always parses back to the same parameters.
    #[test]
    fn random_input_never_panics() {
        let mut seed = 12345u64;
        let mut next = move || {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            seed >> 33
        };
        let words = [
            "A",
            "B",
            "Z",
            "",
            "<b>x</b>",
            "a,b",
            "r1",
            " q ",
            "k=2",
            "10.0.0.1:80",
        ];
        let mut s = start();
        for round in 0..400 {
            let word = words[next() as usize % words.len()].to_string();
            let n = s.params.servers.len().max(1);
            let action = match next() % 22 {
                0 => Action::AddServer(Some(word)),
                1 => Action::AddServer(None),
                2 => Action::RemoveServer(word),
                3 => Action::FailServer(s.params.servers.first().map_or(word, |x| x.name.clone())),
                4 => Action::RestoreServer(word),
                5 => Action::SetWeight(next() as usize % n, next() as f64 / 1e8 - 2.0),
                6 => Action::SetRack(next() as usize % n, word),
                7 => Action::SetVnodes(next() as u32 % 40),
                8 => Action::SetKeys(next() as u32 % 300),
                9 => Action::SetReplicas(next() as u32 % 8),
                10 => Action::SetScheme(Scheme::ALL[next() as usize % 3]),
                11 => Action::SetSeed(next()),
                12 => Action::SetHashes(next() % 2 == 0),
                13 => Action::DragServer(next() as usize % (n + 1), next() as f64 / 1e9 - 1.0),
                14 => Action::EndDrag,
                15 => Action::NudgeServer(next() as usize % n, next() as i64 - (1 << 30)),
                16 => Action::ResetPositions,
                17 => Action::FocusServer(Some(next() as usize % (n + 2))),
                18 => Action::SelectKey(Some(next() as usize % 400)),
                19 => Action::DismissNotes,
                20 => {
                    let q: Vec<(String, String)> = (0..next() % 6)
                        .map(|_| {
                            let k = ["servers", "vnodes", "keys", "replicas", "scheme", "at"]
                                [next() as usize % 6];
                            (k.to_string(), format!("{}{}", word, next() % 3000))
                        })
                        .collect();
                    // A navigation: the shell mounts the playground afresh from the new
                    // URL (it keys the view by visit). Then the default action.
                    s = PlaygroundState::from_query(&q);
                    Action::SelectKey(None)
                }
                _ => Action::SelectKey(None),
            };
            s = act(s, action);
            if round % 10 == 0 {
                let again = PlaygroundState::from_query(&s.query());
                assert_eq!(again.params, s.params, "round {round}");
                assert!(again.notes.is_empty(), "{:?}", again.notes);
                // The placement each action derived from the one before is the one the
                // URL builds afresh.
                let (fresh, derived) = (&again.placement, &s.placement);
                assert_eq!(fresh.ring(), derived.ring(), "round {round}");
                assert_eq!(fresh.servers, derived.servers, "round {round}");
                assert_eq!(fresh.owners, derived.owners, "round {round}");
                assert_eq!(fresh.shares, derived.shares, "round {round}");
            }
            assert_eq!(s.placement.owners.len(), s.params.keys as usize);
        }
    }

    #[test]
    fn an_empty_cluster_never_panics() {
        let mut s = start();
        for name in ["A", "B", "C", "D"] {
            s = act(s, Action::RemoveServer(name.into()));
        }
        assert!(s.placement.servers.is_empty());
        let s = act(s, Action::SelectKey(Some(0)));
        assert!(s.walk.as_ref().is_none_or(|w| w.chosen.is_empty()));
        let s = act(s, Action::AddServer(None));
        assert_eq!(s.params.servers[0].name, "A");
    }
}
