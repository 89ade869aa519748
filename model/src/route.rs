//! The URL hash, which holds the whole state of the page: which view, that view's
//! parameters and whether the page is embedded, as in
//! `#/ring?servers=4&vnodes=1&keys=8&replicas=3&scheme=ring&seed=7&embed=1`.
//!
//! Pure: parsing and writing are plain string functions, tested natively. The shell reads
//! `location.hash` into a [`Route`] and writes [`Route::to_hash`] back with
//! `history.replaceState`; each view parses its own parameters from [`Route::query`].

use crate::urlkit::{self, flag, flag_text, parse_query, shorten, write_query};
use crate::view_state::ViewInfo;
use crate::views::index::INDEX_PATH;

/// The shell's own parameters; every other one belongs to the view.
pub const EMBED: &str = "embed";
pub const THEME: &str = "theme";
pub const CONTROLS: &str = "controls";
pub const COMPACT: &str = "compact";
pub const TRANSPARENT: &str = "transparent";

/// `theme=light|dark|auto`: the page's colours; auto follows `prefers-color-scheme`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Theme {
    #[default]
    Auto,
    Light,
    Dark,
}

impl Theme {
    pub const ALL: [(&'static str, Theme); 3] = [
        ("auto", Theme::Auto),
        ("light", Theme::Light),
        ("dark", Theme::Dark),
    ];

    pub fn name(self) -> &'static str {
        match self {
            Theme::Auto => "auto",
            Theme::Light => "light",
            Theme::Dark => "dark",
        }
    }
}

/// A parsed URL hash.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Route {
    pub view: &'static ViewInfo,
    /// The view's parameters in URL order, decoded, without the shell's own.
    pub query: Vec<(String, String)>,
    /// `embed=1`: the bare widget, for an iframe.
    pub embed: bool,
    pub theme: Theme,
    /// `controls=0` (embedded only): the picture and its text without the control panel.
    pub controls: bool,
    /// `compact=1` (embedded only): the figure alone, the picture and one line of numbers,
    /// short enough for one laptop screen.
    pub compact: bool,
    /// `transparent=1` (embedded only): no background of its own, so that the widget sits
    /// on the host page's.
    pub transparent: bool,
    /// What was wrong with the hash and what was shown instead, for a visible note.
    pub notes: Vec<String>,
}

impl Route {
    /// Where a bare address lands: the list of every view, which says what this is and
    /// offers the ways in, when `views` has it; else the first of `views`.
    pub fn home(views: &[&'static ViewInfo]) -> Route {
        Route {
            view: views
                .iter()
                .find(|v| v.path == INDEX_PATH)
                .unwrap_or(&views[0]),
            query: Vec::new(),
            embed: false,
            theme: Theme::Auto,
            controls: true,
            compact: false,
            transparent: false,
            notes: Vec::new(),
        }
    }

    /// Parses `location.hash` (with or without the leading `#`) against the registered
    /// `views` (the first is the default). Never fails: whatever is wrong is replaced by
    /// a default and described in [`Route::notes`].
    pub fn parse(hash: &str, views: &[&'static ViewInfo]) -> Route {
        let hash = hash.strip_prefix('#').unwrap_or(hash);
        let (path, query) = match hash.split_once('?') {
            Some((path, query)) => (path, query),
            None => (hash, ""),
        };
        let mut route = Route::home(views);
        let path = urlkit::decode(path.trim_start_matches('/').trim_end_matches('/'));
        let mut tail = None;
        if !path.is_empty() {
            // `learn/3`: the view `learn`, and `3` for its tail parameter if it has one.
            let found = views.iter().find(|view| view.path == path).or_else(|| {
                let (head, rest) = path.split_once('/')?;
                let view = views.iter().find(|view| view.path == head)?;
                tail = Some((view.tail?, rest.to_string()));
                Some(view)
            });
            match found {
                Some(view) => route.view = view,
                // The list of every view, where the registry has it; else the default.
                // Home: the list of every view where the registry has it.
                None if route.view.path == INDEX_PATH => route.notes.push(format!(
                    "There is no view “{}”; here is every view.",
                    shorten(&path)
                )),
                None => route.notes.push(format!(
                    "There is no view “{}”; showing the {}.",
                    shorten(&path),
                    route.view.title.to_ascii_lowercase()
                )),
            }
        }
        if let Some((key, value)) = tail {
            route.query.push((key.to_string(), value));
        }
        let (mut controls, mut compact, mut transparent) = (None, None, None);
        for (key, value) in parse_query(query) {
            match key.as_str() {
                EMBED => route.embed = flag(EMBED, &value, false, &mut route.notes),
                THEME => {
                    route.theme =
                        urlkit::choice(THEME, &value, &Theme::ALL, Theme::Auto, &mut route.notes)
                }
                CONTROLS => controls = Some(flag(CONTROLS, &value, true, &mut route.notes)),
                COMPACT => compact = Some(flag(COMPACT, &value, false, &mut route.notes)),
                TRANSPARENT => {
                    transparent = Some(flag(TRANSPARENT, &value, false, &mut route.notes))
                }
                _ => route.query.push((key, value)),
            }
        }
        // The widget-only switches, each away from its default only in an embed.
        let embed = route.embed;
        let mut widget_only =
            |asked: Option<bool>, default: bool, said: &str, shown: &str| match asked {
                Some(on) if on != default && !embed => {
                    route.notes.push(format!(
                        "{said} applies to embedded widgets (embed=1) only: {shown}"
                    ));
                    default
                }
                Some(on) => on,
                None => default,
            };
        route.controls = widget_only(controls, true, "controls=0", "showing the controls");
        route.compact = widget_only(compact, false, "compact=1", "showing the whole view");
        route.transparent = widget_only(
            transparent,
            false,
            "transparent=1",
            "keeping the page's background",
        );
        route
    }

    /// The hash for this route, with the leading `#`: `#/ring?a=1&b=2`, then the shell's
    /// own parameters when they are not the default (`theme`, `controls=0`, `embed=1`
    /// last). Notes are not part of it.
    pub fn to_hash(&self) -> String {
        let tail = self
            .view
            .tail
            .and_then(|key| self.query.iter().find(|(k, _)| k == key));
        let mut pairs: Vec<(&str, &str)> = self
            .query
            .iter()
            .filter(|pair| Some(*pair) != tail)
            .map(|(k, v)| (k.as_str(), v.as_str()))
            .collect();
        if self.theme != Theme::Auto {
            pairs.push((THEME, self.theme.name()));
        }
        if self.embed && !self.controls {
            pairs.push((CONTROLS, flag_text(false)));
        }
        if self.embed && self.compact {
            pairs.push((COMPACT, flag_text(true)));
        }
        if self.embed && self.transparent {
            pairs.push((TRANSPARENT, flag_text(true)));
        }
        if self.embed {
            pairs.push((EMBED, flag_text(true)));
        }
        let mut hash = format!("#/{}", self.view.path);
        if let Some((_, value)) = tail {
            hash.push('/');
            hash.push_str(&urlkit::encode(value));
        }
        if !pairs.is_empty() {
            hash.push('?');
            hash.push_str(&write_query(pairs));
        }
        hash
    }
}

/// Where a link inside an embedded widget goes: the full view at `to` (a hash), opened in
/// a new tab rather than inside the host's page, in the widget's `theme` unless `to` names
/// its own. Never embedded, whatever `to` says.
pub fn full_view_hash(to: &str, theme: Theme, views: &[&'static ViewInfo]) -> String {
    let mut route = Route::parse(to, views);
    route.embed = false;
    route.controls = true;
    route.compact = false;
    route.transparent = false;
    if route.theme == Theme::Auto {
        route.theme = theme;
    }
    route.to_hash()
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::view_state::test_views::{COST, INDEX, LEARN, RING};

    const VIEWS: &[&ViewInfo] = &[&RING, &COST, &LEARN, &INDEX];

    #[test]
    fn a_path_below_a_view_with_a_tail_is_that_parameter() {
        let route = parse("#/learn/3?embed=1");
        assert_eq!(route.view.path, "learn");
        assert_eq!(route.query, pairs(&[("step", "3")]));
        assert!(route.embed && route.notes.is_empty());
        assert_eq!(route.to_hash(), "#/learn/3?embed=1");
        let route = parse("#/learn?step=virtual%20nodes");
        assert_eq!(route.to_hash(), "#/learn/virtual%20nodes");
        // A view without a tail has no paths below it.
        let route = parse("#/cost/3");
        assert_eq!(route.view.path, INDEX_PATH);
        assert_eq!(route.notes.len(), 1);
    }

    fn parse(hash: &str) -> Route {
        Route::parse(hash, VIEWS)
    }

    fn pairs(list: &[(&str, &str)]) -> Vec<(String, String)> {
        list.iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect()
    }

    #[test]
    fn parses_the_example_hash() {
        let route = parse("#/ring?servers=4&vnodes=1&keys=8&replicas=3&scheme=ring&seed=7");
        assert_eq!(route.view, &RING);
        assert!(!route.embed);
        assert!(route.notes.is_empty());
        assert_eq!(
            route.query,
            pairs(&[
                ("servers", "4"),
                ("vnodes", "1"),
                ("keys", "8"),
                ("replicas", "3"),
                ("scheme", "ring"),
                ("seed", "7"),
            ])
        );
    }

    #[test]
    fn empty_and_bare_hashes_show_the_default_view() {
        for hash in ["", "#", "#/", "/", "#/?", "#?"] {
            let route = parse(hash);
            assert_eq!(route, Route::home(VIEWS), "{hash:?}");
        }
    }

    #[test]
    fn embed_is_taken_out_of_the_query() {
        let route = parse("#/ring?keys=8&embed=1&seed=2");
        assert!(route.embed);
        assert_eq!(route.query, pairs(&[("keys", "8"), ("seed", "2")]));
        assert!(!parse("#/ring?embed=0").embed);
        assert!(parse("#/ring?embed").embed);
    }

    #[test]
    fn a_bad_embed_value_is_a_note_not_an_embed() {
        let route = parse("#/ring?embed=maybe");
        assert!(!route.embed);
        assert_eq!(route.notes.len(), 1);
        assert!(
            route.notes[0].contains("embed=\"maybe\""),
            "{:?}",
            route.notes
        );
    }

    #[test]
    fn theme_and_controls_belong_to_the_shell() {
        let route = parse("#/cost?theme=dark&controls=off&embed=yes&size=3");
        assert_eq!(route.view, &COST);
        assert_eq!(route.theme, Theme::Dark);
        assert!(!route.controls && route.embed);
        assert_eq!(route.query, pairs(&[("size", "3")]));
        assert!(route.notes.is_empty());
        assert_eq!(
            route.to_hash(),
            "#/cost?size=3&theme=dark&controls=0&embed=1"
        );
        // Auto and the controls are the defaults, written as nothing.
        assert_eq!(parse("#/cost?theme=auto&controls=1").to_hash(), "#/cost");
    }

    #[test]
    fn compact_and_transparent_are_widget_switches() {
        let route = parse("#/ring?compact=1&transparent=1&embed=1");
        assert!(route.compact && route.transparent && route.notes.is_empty());
        assert_eq!(route.to_hash(), "#/ring?compact=1&transparent=1&embed=1");
        // Outside an embed they are notes, and the whole view shows on its own background.
        let route = parse("#/ring?compact=1&transparent=yes");
        assert!(!route.compact && !route.transparent);
        assert_eq!(route.notes.len(), 2, "{:?}", route.notes);
        assert!(route.notes[0].starts_with("compact=1 applies to embedded widgets"));
        assert_eq!(route.to_hash(), "#/ring");
    }

    #[test]
    fn links_out_of_a_widget_open_the_full_view_in_its_theme() {
        let views = VIEWS;
        assert_eq!(
            full_view_hash(
                "#/ring?keys=3&embed=1&controls=0&compact=1",
                Theme::Dark,
                views
            ),
            "#/ring?keys=3&theme=dark"
        );
        assert_eq!(
            full_view_hash("#/ring?theme=light", Theme::Dark, views),
            "#/ring?theme=light"
        );
        assert_eq!(full_view_hash("#/cost", Theme::Auto, views), "#/cost");
    }

    #[test]
    fn bad_shell_values_get_notes() {
        let route = parse("#/cost?theme=sepia&controls=0");
        assert_eq!(route.theme, Theme::Auto);
        assert!(route.controls, "controls=0 needs embed=1");
        assert_eq!(route.notes.len(), 2, "{:?}", route.notes);
        assert!(route.notes[0].starts_with("theme=\"sepia\" is not one of auto, light, dark"));
    }

    #[test]
    fn an_unknown_view_is_a_note_and_the_list_of_every_view() {
        let route = parse("#/nowhere?keys=3");
        assert_eq!(route.view, &INDEX);
        assert_eq!(route.query, pairs(&[("keys", "3")]));
        assert_eq!(
            route.notes,
            ["There is no view “nowhere”; here is every view."]
        );
        // A malformed escape is text like any other, never an error.
        let route = parse("#/%ff%");
        assert_eq!(route.view, &INDEX);
        assert!(route.notes[0].contains("\u{FFFD}%"), "{:?}", route.notes);
        // Without an index in the list, the default.
        assert_eq!(Route::parse("#/nowhere", &[&RING]).view, &RING);
    }

    #[test]
    fn long_input_is_shortened_in_notes() {
        let long = "x".repeat(500);
        let route = parse(&format!("#/{long}"));
        assert!(route.notes[0].chars().count() < 100);
        assert!(route.notes[0].contains('…'));
    }

    #[test]
    fn round_trips() {
        let route = Route {
            view: &RING,
            query: pairs(&[
                ("servers", "a=2,b,<img src=x onerror=alert(1)>"),
                ("scheme", "ketama"),
                ("empty", ""),
                ("odd key&", "100% sure #1 + ✓"),
            ]),
            embed: true,
            theme: Theme::Dark,
            controls: false,
            compact: true,
            transparent: true,
            notes: Vec::new(),
        };
        let hash = route.to_hash();
        assert!(hash.starts_with("#/ring?"));
        assert!(hash.ends_with("&embed=1"));
        assert!(!hash.contains(['<', '>', ' ', '"']), "{hash}");
        assert_eq!(parse(&hash), route);
    }

    #[test]
    fn writes_a_bare_path_without_a_query() {
        assert_eq!(Route::home(VIEWS).to_hash(), "#/views");
        assert_eq!(Route::home(&[&RING]).to_hash(), "#/ring");
    }
}
