//! The page's state and its reducer: the link's parameters, the boxes as typed (applied by
//! "Look up"), the change's controls as set, and the notes. Pure, tested natively; the
//! component only renders it and dispatches one action per control.

use super::outcome::outcome;
use super::params::{Change, SystemsParams, MAX_TEXT, WEIGHTS};
use super::system::{System, EXAMPLE_KEYS};
use crate::naming::key_names;
use crate::param_table::Notes;
use crate::Reducer;

/// The change's controls as the person set them.
#[derive(Debug, Clone, PartialEq)]
pub struct WhatIf {
    /// `none`, or one of [`Change::KINDS`].
    pub kind: String,
    pub server: String,
    pub name: String,
    pub weight: String,
}

/// One of the change's controls.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WhatField {
    Kind,
    Server,
    Name,
    Weight,
}

impl WhatIf {
    /// The controls showing `change`.
    pub fn of(change: Option<&Change>) -> WhatIf {
        let mut what = WhatIf {
            kind: "none".into(),
            server: String::new(),
            name: "10.0.0.99:80".into(),
            weight: "1".into(),
        };
        match change {
            None => {}
            Some(Change::Remove(s)) => (what.kind, what.server) = ("remove".into(), s.clone()),
            Some(Change::Fail(s)) => (what.kind, what.server) = ("fail".into(), s.clone()),
            Some(Change::Add(n, w)) => {
                (what.kind, what.name, what.weight) = ("add".into(), n.clone(), w.to_string())
            }
            Some(Change::Weight(s, w)) => {
                (what.kind, what.server, what.weight) = ("weight".into(), s.clone(), w.to_string())
            }
        }
        what
    }

    /// The change these controls describe; the server defaults to `first`.
    pub fn change(&self, first: &str) -> Option<Change> {
        let server = if self.server.is_empty() {
            first
        } else {
            &self.server
        }
        .to_string();
        let weight = self
            .weight
            .trim()
            .parse::<f64>()
            .ok()
            .filter(|w| w.is_finite())
            .unwrap_or(1.0)
            .clamp(WEIGHTS.0, WEIGHTS.1);
        match self.kind.as_str() {
            "remove" => Some(Change::Remove(server)),
            "fail" => Some(Change::Fail(server)),
            "add" => Some(Change::Add(self.name.trim().to_string(), weight)),
            "weight" => Some(Change::Weight(server, weight)),
            _ => None,
        }
    }

    fn set(&mut self, field: WhatField, value: String) {
        match field {
            WhatField::Kind => self.kind = value,
            WhatField::Server => self.server = value,
            WhatField::Name => self.name = value,
            WhatField::Weight => self.weight = value,
        }
    }
}

/// The page.
#[derive(Debug, Clone, PartialEq)]
pub struct Page {
    pub params: SystemsParams,
    /// The boxes as typed, applied by "Look up".
    pub config: String,
    pub keys: String,
    pub what: WhatIf,
    pub notes: Notes,
}

/// What a person does on the page.
#[derive(Debug, Clone, PartialEq)]
pub enum Action {
    /// A system picked by name: its example, the keys kept.
    PickSystem(String),
    TypeConfig(String),
    TypeKeys(String),
    /// The boxes applied.
    LookUp,
    /// A hundred generated keys in the keys box, applied.
    GenerateKeys,
    /// One of the change's controls set; `first` is the server a change names when none
    /// is picked (the configuration's first).
    What(WhatField, String, String),
    /// The key the picture shows.
    Select(String),
    Dismiss,
}

impl Page {
    pub fn new(params: SystemsParams, notes: Notes) -> Page {
        Page {
            config: params.config_text().to_string(),
            keys: params.keys_text().to_string(),
            what: WhatIf::of(params.change.as_ref()),
            params,
            notes,
        }
    }

    pub fn from_query(query: &[(String, String)]) -> Page {
        use crate::ViewState;
        let (params, notes) = SystemsParams::from_query(query);
        Page::new(params, notes)
    }

    /// True when the boxes hold text "Look up" has not read yet: what the page shows is
    /// the text as last looked up.
    pub fn edited(&self) -> bool {
        self.config != self.params.config_text() || self.keys != self.params.keys_text()
    }

    /// The boxes applied: text equal to the example is the example. A recognised config
    /// moves the picker to its system.
    fn look_up(&mut self) {
        let config: String = self.config.chars().take(MAX_TEXT).collect();
        let keys: String = self.keys.chars().take(MAX_TEXT).collect();
        self.params.config = (config != self.params.system.example()).then_some(config);
        self.params.keys = (keys != EXAMPLE_KEYS).then_some(keys);
        if let Ok(out) = outcome(&self.params) {
            self.params.system = out.system;
            if self.params.config.as_deref() == Some(out.system.example()) {
                self.params.config = None;
            }
        }
        self.notes.clear();
    }
}

impl Reducer for Page {
    type Action = Action;

    fn apply(&mut self, action: Action) {
        match action {
            Action::PickSystem(name) => {
                let system = System::ALL
                    .into_iter()
                    .find(|s| s.name() == name)
                    .unwrap_or(self.params.system);
                let params = SystemsParams {
                    system,
                    config: None,
                    change: None,
                    key: self.params.key.clone(),
                    keys: self.params.keys.clone(),
                };
                let keys = std::mem::take(&mut self.keys);
                *self = Page {
                    keys,
                    ..Page::new(params, Notes::new())
                };
            }
            Action::TypeConfig(text) => self.config = text,
            Action::TypeKeys(text) => self.keys = text,
            Action::LookUp => self.look_up(),
            Action::GenerateKeys => {
                let seed = self.keys.len() as u64 + 1;
                self.keys = key_names(seed, 100).join("\n") + "\n";
                self.look_up();
            }
            Action::What(field, value, first) => {
                self.what.set(field, value);
                self.params.change = self.what.change(&first);
            }
            Action::Select(key) => self.params.key = Some(key),
            Action::Dismiss => self.notes.clear(),
        }
    }
}

#[cfg(test)]
mod tests {
    use std::rc::Rc;

    use super::*;

    fn act(page: Page, action: Action) -> Page {
        (*Rc::new(page).reduce(action)).clone()
    }

    #[test]
    fn picking_a_system_shows_its_example_and_keeps_the_keys() {
        let page = act(Page::from_query(&[]), Action::TypeKeys("a\nb\n".into()));
        let page = act(page, Action::PickSystem("haproxy".into()));
        assert_eq!(page.params.system, System::Haproxy);
        assert_eq!(page.config, System::Haproxy.example());
        assert_eq!(page.keys, "a\nb\n", "typed keys stay in their box");
        let page = act(page, Action::PickSystem("no such".into()));
        assert_eq!(page.params.system, System::Haproxy);
    }

    #[test]
    fn look_up_applies_the_boxes_and_recognises_the_system() {
        let page = act(
            Page::from_query(&[]),
            Action::TypeConfig(System::Twemproxy.example().into()),
        );
        assert_eq!(page.params.config, None, "typing alone applies nothing");
        let page = act(page, Action::LookUp);
        assert_eq!(page.params.system, System::Twemproxy);
        assert_eq!(page.params.config, None, "the example is the example");
        assert!(!page.edited());
        let page = act(page, Action::TypeKeys("user:1\n".into()));
        assert!(page.edited(), "typed, not yet read");
        let page = act(page, Action::LookUp);
        assert!(!page.edited());
        assert_eq!(page.params.keys.as_deref(), Some("user:1\n"));
        let page = act(page, Action::GenerateKeys);
        assert_eq!(page.keys.lines().count(), 100);
        assert_eq!(page.params.keys.as_deref(), Some(page.keys.as_str()));
    }

    #[test]
    fn the_change_controls_write_the_change() {
        let page = Page::from_query(&[]);
        let first = "10.0.0.21:80".to_string();
        let page = act(
            page,
            Action::What(WhatField::Kind, "fail".into(), first.clone()),
        );
        assert_eq!(page.params.change, Some(Change::Fail(first.clone())));
        let page = act(
            page,
            Action::What(WhatField::Kind, "add".into(), first.clone()),
        );
        let page = act(
            page,
            Action::What(WhatField::Weight, "1e9".into(), first.clone()),
        );
        assert_eq!(
            page.params.change,
            Some(Change::Add("10.0.0.99:80".into(), WEIGHTS.1))
        );
        let page = act(page, Action::What(WhatField::Kind, "none".into(), first));
        assert_eq!(page.params.change, None);
        let page = act(page, Action::Select("k".into()));
        assert_eq!(page.params.key.as_deref(), Some("k"));
    }
}
