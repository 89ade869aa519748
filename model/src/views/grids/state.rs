//! The grids view's state and its one pure reducer: every button, box and key press is an
//! [`Action`]. Side effects (the URL, drawing, focus) live in the component.

use std::rc::Rc;

use crate::param_table;
use crate::urlkit::flag_text;
use crate::view_state::ViewState;
use crate::Reducer;

use super::params::{GridScheme, GridsParams};
use super::placement::{key_hash, place, Grid, Owners};
use crate::naming::key_names;

/// How many placements the state keeps for reuse (scheme and server count).
const CACHE: usize = 16;

/// Everything the view shows.
#[derive(Clone, PartialEq)]
pub struct GridsState {
    pub params: GridsParams,
    /// Notes about clamped parameters or refused input.
    pub notes: Vec<String>,
    pub keys: Rc<Vec<String>>,
    /// Each key's hash (all four schemes use the same one).
    pub hashes: Rc<Vec<u64>>,
    /// One grid per shown scheme, in column order.
    pub grids: Vec<Grid>,
    /// The key the keyboard cursor is on, the same cell in every grid.
    pub cursor: usize,
    /// The key whose details are shown (hovered or focused).
    pub detail: Option<usize>,
    /// What the live region says.
    pub announcement: String,
    /// Placements already made for these keys: (scheme, servers, owners).
    cache: Vec<(GridScheme, u32, Owners)>,
}

/// Everything that can happen to the view.
#[derive(Debug, Clone, PartialEq)]
pub enum Action {
    AddServer,
    RemoveServer,
    /// A parameter as typed in a field: read by the table, as from a link.
    Typed(&'static str, String),
    ShowScheme(GridScheme, bool),
    ShowPrevious(bool),
    /// The preset: 16 servers, then 32.
    Double,
    /// Show the details of this key (hover, focus), or none.
    Detail(Option<usize>),
    /// Move the keyboard cursor to this key (and show its details).
    Cursor(usize),
    DismissNotes,
}

impl GridsState {
    pub fn from_query(query: &[(String, String)]) -> GridsState {
        let (params, notes) = GridsParams::from_query(query);
        GridsState::new(params, notes)
    }

    pub fn new(params: GridsParams, notes: Vec<String>) -> GridsState {
        let mut state = GridsState {
            params,
            notes,
            keys: Rc::new(Vec::new()),
            hashes: Rc::new(Vec::new()),
            grids: Vec::new(),
            cursor: 0,
            detail: None,
            announcement: String::new(),
            cache: Vec::new(),
        };
        state.new_keys();
        state
    }

    pub fn query(&self) -> Vec<(String, String)> {
        self.params.to_query()
    }

    /// The grid of `scheme`, when it is shown.
    pub fn grid(&self, scheme: GridScheme) -> Option<&Grid> {
        self.grids.iter().find(|g| g.scheme == scheme)
    }

    /// New key names (count or seed changed): every placement is made again.
    fn new_keys(&mut self) {
        let keys = key_names(self.params.seed, self.params.keys as usize);
        self.hashes = Rc::new(keys.iter().map(|k| key_hash(k)).collect());
        self.keys = Rc::new(keys);
        self.cache.clear();
        self.cursor = self.cursor.min(self.keys.len().saturating_sub(1));
        self.detail = self.detail.filter(|&d| d < self.keys.len());
        self.rebuild();
    }

    fn owners(&mut self, scheme: GridScheme, servers: u32) -> Owners {
        if let Some((_, _, owners)) = self
            .cache
            .iter()
            .find(|(s, n, _)| *s == scheme && *n == servers)
        {
            return owners.clone();
        }
        let owners = place(scheme, servers, self.params.vnodes, &self.keys);
        if self.cache.len() == CACHE {
            self.cache.remove(0);
        }
        self.cache.push((scheme, servers, owners.clone()));
        owners
    }

    /// Places the keys for every shown scheme, before and after the last change.
    fn rebuild(&mut self) {
        let (servers, from) = (self.params.servers, self.params.from);
        let schemes = self.params.schemes.clone();
        self.grids = schemes
            .into_iter()
            .map(|scheme| {
                let owners = self.owners(scheme, servers);
                let before = from.map(|f| (f, self.owners(scheme, f)));
                Grid::new(scheme, servers, owners, before)
            })
            .collect();
    }

    /// One paragraph for the live region about the change just shown.
    pub fn summary(&self) -> String {
        let Some(from) = self.params.from else {
            return format!("{} servers, {} keys.", self.params.servers, self.keys.len());
        };
        let moved: Vec<String> = self
            .grids
            .iter()
            .filter_map(|g| Some(format!("{} {}", g.scheme.title(), g.counter()?)))
            .collect();
        format!(
            "{from} → {} servers: {}.",
            self.params.servers,
            moved.join("; ")
        )
    }

    fn note(&mut self, text: String) {
        self.announcement = text.clone();
        self.notes.push(text);
    }

    /// Sets `name` from `text` as the link would: read, clamped and repaired by the
    /// table, its notes shown. The one door to a parameter, for the controls as for the
    /// link. Then what the change redraws: a new server count remembers the one before
    /// as `from`.
    fn set(&mut self, name: &str, text: String) {
        let mut next = self.params.clone();
        let mut notes = Vec::new();
        param_table::edit(&mut next, name, &text, &mut notes);
        let noted = !notes.is_empty();
        for note in notes {
            self.note(note);
        }
        if next.servers != self.params.servers {
            return self.resize(next.servers);
        }
        if next == self.params {
            if name == "servers" && !noted {
                self.announcement = format!("Already {} servers.", self.params.servers);
            }
            return;
        }
        let before = std::mem::replace(&mut self.params, next);
        if self.params.keys != before.keys || self.params.seed != before.seed {
            self.new_keys();
        } else if self.params.vnodes != before.vnodes {
            // Only the ring's placements depend on it, but the cache is keyed by scheme
            // and server count alone.
            self.cache.clear();
            self.rebuild();
        } else if self.params.schemes != before.schemes {
            self.rebuild();
        } else {
            return;
        }
        self.announcement = self.summary();
    }

    /// Goes to `servers` servers, remembering the count before as `from`.
    fn resize(&mut self, servers: u32) {
        if servers == self.params.servers {
            self.announcement = format!("Already {servers} servers.");
            return;
        }
        self.params.from = Some(self.params.servers);
        self.params.servers = servers;
        self.rebuild();
        self.announcement = self.summary();
    }
}

impl Reducer for GridsState {
    type Action = Action;

    fn apply(&mut self, action: Action) {
        match action {
            Action::AddServer => self.set("servers", (self.params.servers + 1).to_string()),
            Action::RemoveServer => self.set("servers", (self.params.servers - 1).to_string()),
            Action::Typed(name, text) => self.set(name, text),
            Action::ShowScheme(scheme, on) => {
                let mut shown = self.params.schemes.clone();
                shown.retain(|&s| s != scheme);
                if shown.is_empty() && !on {
                    // The last box unticked: a page of no grids shows nothing to compare.
                    return self.note("At least one grid stays shown.".into());
                }
                if on {
                    shown.push(scheme);
                    shown.sort();
                }
                let names: Vec<&str> = shown.iter().map(|s| s.name()).collect();
                self.set("schemes", names.join(","));
            }
            Action::ShowPrevious(on) => self.set("previous", flag_text(on).to_string()),
            Action::Double => {
                self.params.servers = 32;
                self.params.from = Some(16);
                self.rebuild();
                self.announcement = self.summary();
            }
            Action::Detail(key) => self.detail = key.filter(|&k| k < self.keys.len()),
            Action::Cursor(key) => {
                if key < self.keys.len() {
                    self.cursor = key;
                    self.detail = Some(key);
                }
            }
            Action::DismissNotes => self.notes.clear(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn state(query: &str) -> GridsState {
        GridsState::from_query(&crate::urlkit::parse_query(query))
    }

    fn run(mut s: GridsState, actions: impl IntoIterator<Item = Action>) -> GridsState {
        for a in actions {
            s.apply(a);
        }
        s
    }

    #[test]
    fn the_default_shows_two_grids_and_no_change() {
        let s = state("");
        assert_eq!(s.keys.len(), 100);
        assert_eq!(s.grids.len(), 2);
        assert!(s
            .grids
            .iter()
            .all(|g| g.counter().is_none() && g.moved == 0));
        assert_eq!(s.summary(), "8 servers, 100 keys.");
    }

    #[test]
    fn add_and_remove_light_the_moved_cells_on_every_grid() {
        let s = run(
            state("schemes=modulo,ring,jump,rendezvous"),
            [Action::AddServer],
        );
        assert_eq!((s.params.from, s.params.servers), (Some(8), 9));
        assert_eq!(s.grids.len(), 4);
        let modulo = s.grid(GridScheme::Modulo).unwrap();
        assert!(modulo.moved > 70, "{}", modulo.moved);
        for g in &s.grids[1..] {
            assert!(g.moved < 30, "{:?} {}", g.scheme, g.moved);
        }
        assert!(
            s.announcement.starts_with("8 → 9 servers: modulo "),
            "{}",
            s.announcement
        );
        assert!(s.announcement.contains("; the ring "), "{}", s.announcement);
        let s = run(s, [Action::RemoveServer]);
        assert_eq!((s.params.from, s.params.servers), (Some(9), 8));
        // Going back moves the same keys back.
        let again = run(state(""), [Action::AddServer]);
        assert_eq!(
            s.grid(GridScheme::Modulo).unwrap().lit,
            again.grid(GridScheme::Modulo).unwrap().lit
        );
        assert_eq!(
            s.query(),
            crate::urlkit::parse_query(
                "servers=8&from=9&keys=100&seed=7&vnodes=160&schemes=modulo,ring,jump,rendezvous"
            )
        );
    }

    #[test]
    fn limits_are_kept_with_notes() {
        let s = run(state("servers=1"), [Action::RemoveServer]);
        assert_eq!(s.params.servers, 1);
        assert_eq!(s.params.from, None);
        assert_eq!(s.notes.len(), 1);
        let s = run(state("servers=1000"), [Action::AddServer]);
        assert_eq!(s.params.servers, 1000);
        let s = run(state(""), [Action::Typed("servers", "5000".into())]);
        assert_eq!((s.params.from, s.params.servers), (Some(8), 1000));
        assert!(s.notes[0].contains("5000"), "{:?}", s.notes);
        let s = run(state(""), [Action::Typed("servers", "-2".into())]);
        assert_eq!(s.params.servers, 1);
        let s = run(state(""), [Action::Typed("servers", "8".into())]);
        assert_eq!(s.params.from, None);
        let s = run(state(""), [Action::Typed("keys", "0".into())]);
        assert_eq!(s.keys.len(), 1);
        assert_eq!(s.notes.len(), 1);
        let s = run(state(""), [Action::ShowScheme(GridScheme::Modulo, false)]);
        let s = run(s, [Action::ShowScheme(GridScheme::Ring, false)]);
        assert_eq!(s.params.schemes, [GridScheme::Ring]);
        assert_eq!(s.notes.len(), 1);
        let s = run(s, [Action::DismissNotes]);
        assert!(s.notes.is_empty());
    }

    #[test]
    fn the_doubling_preset_goes_from_sixteen_to_thirty_two() {
        let s = run(state("servers=3"), [Action::Double]);
        assert_eq!((s.params.from, s.params.servers), (Some(16), 32));
        let modulo = s.grid(GridScheme::Modulo).unwrap();
        assert!(
            (modulo.fraction() - 0.5).abs() < 0.15,
            "{}",
            modulo.fraction()
        );
        assert!(
            s.announcement.starts_with("16 → 32 servers: "),
            "{}",
            s.announcement
        );
    }

    #[test]
    fn schemes_keys_seed_and_cursor() {
        let s = run(
            state("servers=9&from=8"),
            [
                Action::ShowScheme(GridScheme::Jump, true),
                Action::ShowScheme(GridScheme::Jump, true),
            ],
        );
        assert_eq!(
            s.params.schemes,
            [GridScheme::Modulo, GridScheme::Ring, GridScheme::Jump]
        );
        assert!(s.grid(GridScheme::Jump).unwrap().counter().is_some());
        let keys = s.keys.clone();
        let s = run(s, [Action::Typed("seed", "8".into())]);
        assert_ne!(s.keys, keys);
        assert_eq!(s.keys[..], key_names(8, 100)[..]);
        let s = run(
            s,
            [
                Action::Typed("keys", "10".into()),
                Action::Cursor(9),
                Action::Cursor(10),
            ],
        );
        assert_eq!((s.cursor, s.detail), (9, Some(9)));
        let s = run(s, [Action::Typed("keys", "5".into())]);
        assert_eq!((s.cursor, s.detail), (4, None));
        let ring = s.grid(GridScheme::Ring).unwrap().clone();
        let s = run(s, [Action::Typed("vnodes", "4".into())]);
        assert_eq!(s.params.vnodes, 4);
        assert_ne!(
            s.grid(GridScheme::Ring).unwrap(),
            &ring,
            "fewer points, other owners"
        );
        let s = run(s, [Action::Typed("vnodes", "5000".into())]);
        assert_eq!(s.params.vnodes, 1000);
        assert!(
            s.notes.iter().any(|n| n.contains("vnodes=5000")),
            "{:?}",
            s.notes
        );
        let s = run(s, [Action::Typed("vnodes", "160".into())]);
        assert_eq!(
            s.grid(GridScheme::Ring).unwrap(),
            &ring,
            "back to 160: the same owners"
        );
        let s = run(s, [Action::ShowPrevious(true), Action::Detail(Some(2))]);
        assert!(s.params.previous);
        assert_eq!(s.detail, Some(2));
        // A reload of the URL shows the same.
        let again = GridsState::from_query(&s.query());
        assert_eq!(again.params, s.params);
        assert_eq!(again.grids, s.grids);
    }
}
