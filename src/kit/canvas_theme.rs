//! The page's colours for the canvases, read from the stylesheet's custom properties
//! (`static/style.css`), so canvas and page cannot drift apart, in light, in dark and under
//! `theme=`. One palette: the servers' colours `--server-N` (Okabe-Ito), in server order.

use std::cell::RefCell;
use std::rc::Rc;

/// Colours and font for drawing, as CSS colour strings.
#[derive(Debug, Clone, PartialEq)]
pub struct CanvasTheme {
    /// One colour per server, in the order of `scene::style_of`.
    pub palette: [String; 8],
    /// The panel's surface (`--surface`).
    pub background: String,
    /// Quiet fills: cells that did not move (`--surface-2`).
    pub quiet: String,
    /// Lines (`--border`).
    pub line: String,
    /// The edge round server marks: the ring's track, a little wider than its arcs
    /// (`--mark-edge`), so light colours reach 3:1 against the page.
    pub edge: String,
    pub text: String,
    pub muted: String,
    /// Highlights (`--accent`) and text on them (`--accent-fg`).
    pub accent: String,
    pub accent_text: String,
    pub focus: String,
    pub font: String,
}

/// The servers' colours, in server order: the stylesheet's one palette (`--server-N`,
/// which `swatch-N` and `own-N` use too).
const PALETTE: [&str; 8] = [
    "--server-0",
    "--server-1",
    "--server-2",
    "--server-3",
    "--server-4",
    "--server-5",
    "--server-6",
    "--server-7",
];

/// The light theme's values, for a page without the stylesheet (the mount tests).
const FALLBACK: [(&str, &str); 17] = [
    ("--server-0", "#e69f00"),
    ("--server-1", "#56b4e9"),
    ("--server-2", "#009e73"),
    ("--server-3", "#f0e442"),
    ("--server-4", "#cc79a7"),
    ("--server-5", "#d55e00"),
    ("--server-6", "#0072b2"),
    ("--server-7", "#000000"),
    ("--surface", "#ffffff"),
    ("--surface-2", "#f1f1ec"),
    ("--border", "#d4d4cc"),
    ("--fg", "#1d1f21"),
    ("--muted", "#5a5f66"),
    ("--accent", "#0061a0"),
    ("--accent-fg", "#ffffff"),
    ("--focus", "#c25400"),
    ("--mark-edge", "#5a5f66"),
];

thread_local! {
    /// The last theme read, with what decided it: `<html data-theme>`, the host page's
    /// scheme (`data-host-theme`, embedded) and the reader's `prefers-color-scheme`.
    static CACHE: RefCell<Option<(Switches, Rc<CanvasTheme>)>> = const { RefCell::new(None) };
}

type Switches = (Option<String>, Option<String>, bool);

impl CanvasTheme {
    /// The page's colours, read again only when `theme=` or the reader's light or dark
    /// setting changed since the last call: reading computed styles after the DOM changed
    /// forces the browser to restyle, which a paint per slider step should not pay.
    pub fn current() -> Rc<CanvasTheme> {
        let root = web_sys::window()
            .and_then(|window| window.document())
            .and_then(|document| document.document_element());
        let attribute = |name: &str| root.as_ref().and_then(|root| root.get_attribute(name));
        let switches = (
            attribute("data-theme"),
            attribute("data-host-theme"),
            crate::kit::browser::media_matches("(prefers-color-scheme: dark)"),
        );
        CACHE.with(|cache| {
            let mut cache = cache.borrow_mut();
            match &*cache {
                Some((known, theme)) if *known == switches => theme.clone(),
                _ => {
                    let theme = Rc::new(CanvasTheme::from_page());
                    *cache = Some((switches, theme.clone()));
                    theme
                }
            }
        })
    }

    /// The colours the page shows now. Read once per paint that needs them: a theme
    /// change restyles the page, and the next paint follows.
    pub fn from_page() -> CanvasTheme {
        let style = web_sys::window().and_then(|window| {
            let root = window.document()?.document_element()?;
            window.get_computed_style(&root).ok().flatten()
        });
        CanvasTheme::build(|name| {
            style
                .as_ref()
                .and_then(|s| s.get_property_value(name).ok())
                .map(|v| v.trim().to_string())
        })
    }

    /// The theme from `lookup`, each missing or empty property from the light theme.
    fn build(lookup: impl Fn(&str) -> Option<String>) -> CanvasTheme {
        let read = |name: &str| -> String {
            lookup(name)
                .filter(|value| !value.is_empty())
                .unwrap_or_else(|| fallback(name).to_string())
        };
        CanvasTheme {
            palette: PALETTE.map(read),
            background: read("--surface"),
            quiet: read("--surface-2"),
            line: read("--border"),
            edge: read("--mark-edge"),
            text: read("--fg"),
            muted: read("--muted"),
            accent: read("--accent"),
            accent_text: read("--accent-fg"),
            focus: read("--focus"),
            font: "12px system-ui, sans-serif".to_string(),
        }
    }

    /// The light theme, before the page is read.
    pub fn light() -> CanvasTheme {
        CanvasTheme::build(|_| None)
    }

    /// The colour of server `index`, cycling through the palette.
    pub fn color(&self, index: usize) -> &str {
        &self.palette[index % self.palette.len()]
    }
}

impl Default for CanvasTheme {
    fn default() -> Self {
        CanvasTheme::light()
    }
}

fn fallback(name: &str) -> &'static str {
    FALLBACK
        .iter()
        .find(|(n, _)| *n == name)
        .map_or("#000000", |(_, value)| value)
}
