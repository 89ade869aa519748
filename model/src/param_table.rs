//! A view's URL parameters, declared once.
//!
//! Each view lists its parameters in one table ([`ViewState::PARAMS`]): the name, one line
//! of doc, and a [`Kind`] that knows how to read the text (with the [`crate::urlkit`]
//! functions and their one note shape), how to write it back, and what to show in the
//! docs. From that table come the view's parsing ([`read`]), its canonical link
//! ([`write`]), its rows in `docs/parameters.md` ([`docs`]) and the values the URL
//! property test feeds every parameter. Rules that tie two parameters together live in
//! one [`ViewState::repair`] step per view, run after every parameter is read.
//!
//! The table's order is the link's order, and the reading order: a parameter that refers
//! to another (`failed` names one of `servers`) comes after it.

use crate::format::grouped;
use crate::urlkit::{self, decimal_text, flag_text, unknown, Query};

/// A view's state as the URL holds it: its parameters declared once, as a table
/// (see this module), from which reading and writing the link come.
pub trait ViewState: Default + Sized + 'static {
    /// Every parameter, in the link's order.
    const PARAMS: &'static [Param<Self>];

    /// The rules that tie parameters together, after all are read; a note for each
    /// repair.
    fn repair(&mut self, _notes: &mut Notes) {}

    /// The state a query describes, and a note for everything repaired on the way
    /// (see [`crate::urlkit`]). Never fails.
    fn from_query(query: &[(String, String)]) -> (Self, Vec<String>) {
        read(query)
    }

    /// The canonical query of this state: reading it back gives the same state and no
    /// notes.
    fn to_query(&self) -> Query {
        write(self)
    }
}

/// A view's notes: one sentence for each repair.
pub type Notes = Vec<String>;

/// One URL parameter of a view whose state is `S`.
pub struct Param<S> {
    /// The name in the link.
    pub name: &'static str,
    /// One line for the docs: what it means.
    pub doc: &'static str,
    /// How its text is read and written.
    pub kind: Kind<S>,
    /// When the link carries it.
    pub written: Written,
}

impl<S> Param<S> {
    /// A parameter the link always carries.
    pub const fn new(name: &'static str, doc: &'static str, kind: Kind<S>) -> Param<S> {
        Param {
            name,
            doc,
            kind,
            written: Written::Always,
        }
    }

    /// The same parameter, left out of the link while it has the default value.
    pub const fn unless_default(self) -> Param<S> {
        Param {
            written: Written::UnlessDefault,
            ..self
        }
    }
}

/// When a parameter is written into the canonical link.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Written {
    /// Always, so the link says it.
    Always,
    /// Only when it differs from the view's default.
    UnlessDefault,
}

/// How one parameter's text is read and written. Numbers, flags and choices read and
/// write a field through `get` and `set`, with the default taken from the state's
/// `Default`; items and text read and write themselves.
pub enum Kind<S> {
    /// A whole number in `range`: `12`, `1e3`, `10,000`.
    Whole {
        range: (u64, u64),
        get: fn(&S) -> u64,
        set: fn(&mut S, u64),
    },
    /// A decimal in `range`, rounded to `places` decimals.
    Decimal {
        range: (f64, f64),
        places: i32,
        get: fn(&S) -> f64,
        set: fn(&mut S, f64),
    },
    /// On or off: written `1` or `0`.
    Flag {
        get: fn(&S) -> bool,
        set: fn(&mut S, bool),
    },
    /// One of `options()`, by index.
    Choice {
        options: fn() -> Vec<&'static str>,
        get: fn(&S) -> usize,
        set: fn(&mut S, usize),
    },
    /// Free text of at most `cap` characters; `None` is the view's own default. Longer
    /// text may be in the state (pasted), but the link leaves it out.
    Text {
        cap: usize,
        get: for<'a> fn(&'a S) -> Option<&'a str>,
        set: fn(&mut S, Option<String>),
    },
    /// A list or a shaped item (`name=weight`, `name@mark`, `name:fraction`,
    /// `kind:name=weight`, a step's slug): `grammar` is its shape for the docs, `example`
    /// a value that reads with no note.
    Items {
        grammar: &'static str,
        example: &'static str,
        read: fn(&mut S, &str, &mut Notes),
        write: fn(&S) -> Option<String>,
    },
}

/// [`Kind::Whole`] over a field of any unsigned type: `whole_field!(SERVERS, servers)`,
/// inside a `ViewState` impl (the closures take `Self`).
#[macro_export]
macro_rules! whole_field {
    ($range:expr, $field:ident) => {
        $crate::param_table::Kind::Whole {
            range: (($range).0 as u64, ($range).1 as u64),
            get: |p: &Self| p.$field as u64,
            set: |p: &mut Self, v| p.$field = v as _,
        }
    };
}

/// [`Kind::Decimal`] over an `f64` field: `decimal_field!(ZIPF, 2, zipf)`.
#[macro_export]
macro_rules! decimal_field {
    ($range:expr, $places:expr, $field:ident) => {
        $crate::param_table::Kind::Decimal {
            range: $range,
            places: $places,
            get: |p: &Self| p.$field,
            set: |p: &mut Self, v| p.$field = v,
        }
    };
}

/// [`Kind::Flag`] over a `bool` field.
#[macro_export]
macro_rules! flag_field {
    ($field:ident) => {
        $crate::param_table::Kind::Flag {
            get: |p: &Self| p.$field,
            set: |p: &mut Self, v| p.$field = v,
        }
    };
}

/// [`Kind::Choice`] over a field whose values a table of tuples names, the name first and
/// the value second (more may follow): `choice_field!(FIXES, fix)`.
#[macro_export]
macro_rules! choice_field {
    ($table:expr, $field:ident) => {
        $crate::param_table::Kind::Choice {
            options: || $table.iter().map(|entry| entry.0).collect(),
            get: |p: &Self| {
                $table
                    .iter()
                    .position(|entry| entry.1 == p.$field)
                    .unwrap_or(0)
            },
            set: |p: &mut Self, i| p.$field = $table[i].1,
        }
    };
}

/// [`Kind::Choice`] over a field whose type lists its values in `ALL` and names each
/// with `name()`: `named_choice!(System::ALL, system)`.
#[macro_export]
macro_rules! named_choice {
    ($all:expr, $field:ident) => {
        $crate::param_table::Kind::Choice {
            options: || $all.iter().map(|value| value.name()).collect(),
            get: |p: &Self| {
                $all.iter()
                    .position(|value| *value == p.$field)
                    .unwrap_or(0)
            },
            set: |p: &mut Self, i| p.$field = $all[i],
        }
    };
}

/// [`Kind::Text`] over an `Option<String>` field: `text_field!(LINK_TEXT, config)`.
#[macro_export]
macro_rules! text_field {
    ($cap:expr, $field:ident) => {
        $crate::param_table::Kind::Text {
            cap: $cap,
            get: |p: &Self| p.$field.as_deref(),
            set: |p: &mut Self, text| p.$field = text,
        }
    };
}

/// The state a query describes, with a note for each repair: every parameter in table
/// order (each time it appears, the last one winning), a note for each name the table
/// does not have, then the view's [`ViewState::repair`]. Never fails.
pub fn read<S: ViewState>(query: &[(String, String)]) -> (S, Notes) {
    let mut state = S::default();
    let defaults = S::default();
    let mut notes = Notes::new();
    for param in S::PARAMS {
        for (_, text) in query.iter().filter(|(name, _)| name == param.name) {
            param.read(&mut state, &defaults, text, &mut notes);
        }
    }
    for (name, _) in query {
        if !S::PARAMS.iter().any(|p| p.name == name) {
            notes.push(unknown(name));
        }
    }
    state.repair(&mut notes);
    (state, notes)
}

/// The canonical query of `state`, in table order.
pub fn write<S: ViewState>(state: &S) -> Query {
    let defaults = S::default();
    S::PARAMS
        .iter()
        .filter_map(|param| {
            let text = param.write(state)?;
            let omit = param.written == Written::UnlessDefault
                && param.write(&defaults).as_deref() == Some(text.as_str());
            (!omit).then(|| (param.name.to_string(), text))
        })
        .collect()
}

/// Sets the parameter `name` of `state` from text, as the link would, then the view's
/// repair: what an input box does. A name the table does not have changes nothing.
pub fn set<S: ViewState>(state: &mut S, name: &str, text: &str, notes: &mut Notes) {
    if let Some(param) = S::PARAMS.iter().find(|p| p.name == name) {
        param.read(state, &S::default(), text, notes);
        state.repair(notes);
    }
}

/// Sets the parameter `name` of `state` from text as a control does: read and repaired
/// as the link would be, except that text that does not read keeps the value it had (a
/// link's falls back to the default; a control's typo should not reset the field).
pub fn edit<S: ViewState + Clone>(state: &mut S, name: &str, text: &str, notes: &mut Notes) {
    if let Some(param) = S::PARAMS.iter().find(|p| p.name == name) {
        let before = state.clone();
        param.read(state, &before, text, notes);
        state.repair(notes);
    }
}

/// The parameter `name` of `state` as the link writes it.
pub fn get<S: ViewState>(state: &S, name: &str) -> Option<String> {
    S::PARAMS.iter().find(|p| p.name == name)?.write(state)
}

/// `min`, `max` and `step` for a number input of the parameter `name`.
pub fn input_bounds<S: ViewState>(name: &str) -> Option<(String, String, &'static str)> {
    match &S::PARAMS.iter().find(|p| p.name == name)?.kind {
        Kind::Whole { range, .. } => Some((range.0.to_string(), range.1.to_string(), "1")),
        Kind::Decimal { range, .. } => Some((decimal_text(range.0), decimal_text(range.1), "any")),
        _ => None,
    }
}

/// A query written as the text after `?`.
pub fn query_text(query: &Query) -> String {
    urlkit::write_query(query.iter().map(|(k, v)| (k.as_str(), v.as_str())))
}

/// A link to a view: `#/path?` and the canonical query of `state`.
pub fn link<S: ViewState>(path: &str, state: &S) -> String {
    format!("#/{path}?{}", query_text(&write(state)))
}

/// One parameter as the docs and the property test see it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParamDoc {
    pub name: &'static str,
    pub doc: &'static str,
    /// What it accepts: a range, the options, or the item's shape.
    pub accepts: String,
    /// The view's default, as the link writes it (empty when the link leaves it out).
    pub default: String,
    /// A value that reads with no note.
    pub example: String,
}

/// Every parameter of `S`, for the docs and the property test.
pub fn docs<S: ViewState>() -> Vec<ParamDoc> {
    let defaults = S::default();
    S::PARAMS
        .iter()
        .map(|param| ParamDoc {
            name: param.name,
            doc: param.doc,
            accepts: param.accepts(),
            default: param.write(&defaults).unwrap_or_default(),
            example: param.example(),
        })
        .collect()
}

/// `S`'s parameters as a Markdown table.
pub fn markdown<S: ViewState>() -> String {
    rows_markdown(&docs::<S>())
}

/// Parameters as a Markdown table.
pub fn rows_markdown(rows: &[ParamDoc]) -> String {
    let mut out = String::from("| parameter | meaning | accepts | default |\n|---|---|---|---|\n");
    for row in rows {
        let default = if row.default.is_empty() {
            "(none)".to_string()
        } else {
            format!("`{}`", row.default)
        };
        out.push_str(&format!(
            "| `{}` | {} | {} | {default} |\n",
            row.name, row.doc, row.accepts
        ));
    }
    out
}

impl<S> Param<S> {
    fn read(&self, state: &mut S, defaults: &S, text: &str, notes: &mut Notes) {
        let name = self.name;
        match &self.kind {
            Kind::Whole { range, get, set } => {
                let value = urlkit::whole(name, text, *range, get(defaults), notes);
                set(state, value);
            }
            Kind::Decimal {
                range,
                places,
                get,
                set,
            } => {
                let value = urlkit::decimal(name, text, *range, *places, get(defaults), notes);
                set(state, value);
            }
            Kind::Flag { get, set } => set(state, urlkit::flag(name, text, get(defaults), notes)),
            Kind::Choice { options, get, set } => {
                let options: Vec<(&str, usize)> = options()
                    .into_iter()
                    .enumerate()
                    .map(|(i, n)| (n, i))
                    .collect();
                set(
                    state,
                    urlkit::choice(name, text, &options, get(defaults), notes),
                );
            }
            Kind::Text { cap, set, .. } => {
                if text.chars().count() > *cap {
                    let why = format!("is longer than {cap} characters, more than a link holds");
                    notes.push(urlkit::repaired(name, text, &why, "the example"));
                    set(state, None);
                } else {
                    set(state, Some(text.to_string()));
                }
            }
            Kind::Items { read, .. } => read(state, text, notes),
        }
    }

    fn write(&self, state: &S) -> Option<String> {
        match &self.kind {
            Kind::Whole { get, .. } => Some(get(state).to_string()),
            Kind::Decimal { get, .. } => Some(decimal_text(get(state))),
            Kind::Flag { get, .. } => Some(flag_text(get(state)).to_string()),
            Kind::Choice { options, get, .. } => options().get(get(state)).map(|n| n.to_string()),
            Kind::Text { cap, get, .. } => get(state)
                .filter(|text| text.chars().count() <= *cap)
                .map(str::to_string),
            Kind::Items { write, .. } => write(state),
        }
    }

    fn accepts(&self) -> String {
        match &self.kind {
            Kind::Whole { range, .. } if range.1 == u64::MAX => {
                format!("a whole number from {}", grouped(range.0))
            }
            Kind::Whole { range, .. } => format!("{} to {}", grouped(range.0), grouped(range.1)),
            Kind::Decimal { range, .. } => {
                format!("{} to {}", decimal_text(range.0), decimal_text(range.1))
            }
            Kind::Flag { .. } => "`1` or `0`".to_string(),
            Kind::Choice { options, .. } => options()
                .iter()
                .map(|o| format!("`{o}`"))
                .collect::<Vec<_>>()
                .join(", "),
            Kind::Text { cap, .. } => format!("text, at most {} characters", grouped(*cap as u64)),
            Kind::Items { grammar, .. } => grammar.to_string(),
        }
    }

    fn example(&self) -> String {
        match &self.kind {
            Kind::Whole { range, .. } => range.1.min(range.0.saturating_add(3)).to_string(),
            Kind::Decimal { range, .. } => decimal_text(range.1),
            Kind::Flag { .. } => "1".to_string(),
            Kind::Choice { options, .. } => options().last().map_or("", |o| o).to_string(),
            Kind::Text { .. } => "a\nb".to_string(),
            Kind::Items { example, .. } => example.to_string(),
        }
    }
}

/// A `(u32, u32)` range as the table's `(u64, u64)`.
pub const fn wide(range: (u32, u32)) -> (u64, u64) {
    (range.0 as u64, range.1 as u64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, Clone, PartialEq, Default)]
    struct Demo {
        count: u32,
        share: f64,
        on: bool,
        pick: usize,
        names: Vec<String>,
    }

    impl ViewState for Demo {
        const PARAMS: &'static [Param<Self>] = &[
            Param {
                name: "count",
                doc: "how many",
                kind: Kind::Whole {
                    range: wide((1, 10)),
                    get: |s| s.count.into(),
                    set: |s, v| s.count = v as u32,
                },
                written: Written::Always,
            },
            Param {
                name: "share",
                doc: "a share",
                kind: Kind::Decimal {
                    range: (0.0, 1.0),
                    places: 2,
                    get: |s| s.share,
                    set: |s, v| s.share = v,
                },
                written: Written::Always,
            },
            Param {
                name: "on",
                doc: "on or off",
                kind: Kind::Flag {
                    get: |s| s.on,
                    set: |s, v| s.on = v,
                },
                written: Written::UnlessDefault,
            },
            Param {
                name: "pick",
                doc: "one of two",
                kind: Kind::Choice {
                    options: || vec!["left", "right"],
                    get: |s| s.pick,
                    set: |s, v| s.pick = v,
                },
                written: Written::Always,
            },
            Param {
                name: "names",
                doc: "names",
                kind: Kind::Items {
                    grammar: "`name,name,...`",
                    example: "a,b",
                    read: |s, text, _| s.names = urlkit::list(text).map(String::from).collect(),
                    write: |s| (!s.names.is_empty()).then(|| s.names.join(",")),
                },
                written: Written::Always,
            },
        ];

        fn repair(&mut self, notes: &mut Notes) {
            if self.count == 10 && self.on {
                notes.push("count=10 is too many when on: using 9".into());
                self.count = 9;
            }
        }
    }

    #[test]
    fn a_table_reads_writes_and_repairs() {
        let q = urlkit::parse_query("names=x,y&count=12&on&pick=right&share=0.333&bogus=1");
        let (demo, notes) = read::<Demo>(&q);
        assert_eq!(
            demo,
            Demo {
                count: 9,
                share: 0.33,
                on: true,
                pick: 1,
                names: vec!["x".into(), "y".into()],
            }
        );
        assert_eq!(
            notes,
            [
                "count=12 is above 10: using 10",
                "unknown parameter \"bogus\" ignored",
                "count=10 is too many when on: using 9",
            ]
        );
        assert_eq!(
            query_text(&write(&demo)),
            "count=9&share=0.33&on=1&pick=right&names=x,y"
        );
        // The default flag is left out; empty items are not written.
        assert_eq!(
            query_text(&write(&Demo::default())),
            "count=0&share=0&pick=left"
        );
        assert_eq!(
            link("demo", &demo),
            "#/demo?count=9&share=0.33&on=1&pick=right&names=x,y"
        );
    }

    #[test]
    fn every_example_reads_with_no_note_and_the_docs_say_what_is_accepted() {
        for row in docs::<Demo>() {
            let (_, notes) = read::<Demo>(&[(row.name.to_string(), row.example.clone())]);
            assert!(notes.is_empty(), "{}={}: {notes:?}", row.name, row.example);
        }
        let table = markdown::<Demo>();
        assert!(
            table.contains("| `count` | how many | 1 to 10 | `0` |"),
            "{table}"
        );
        assert!(
            table.contains("| `pick` | one of two | `left`, `right` | `left` |"),
            "{table}"
        );
        assert!(
            table.contains("| `names` | names | `name,name,...` | (none) |"),
            "{table}"
        );
    }
}
