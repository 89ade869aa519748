//! The URL hash, which holds the whole state of the page: which view, that view's
//! parameters and whether the page is embedded, as in
//! `#/ring?servers=4&vnodes=1&keys=8&replicas=3&scheme=ring&seed=7&embed=1`.
//!
//! Pure: parsing and writing are plain string functions, tested natively. The shell reads
//! `location.hash` into a [`Route`] and writes [`Route::to_hash`] back with
//! `history.replaceState`; each view parses its own parameters from [`Route::query`].

/// The views the header lists: only those that work.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum View {
    Ring,
    Grids,
    Clock,
    Cost,
}

impl View {
    /// Every view, in header order.
    pub const ALL: &'static [View] = &[View::Ring, View::Grids, View::Clock, View::Cost];

    /// The path segment after `#/`.
    pub fn path(self) -> &'static str {
        match self {
            View::Ring => "ring",
            View::Grids => "grids",
            View::Clock => "clock",
            View::Cost => "cost",
        }
    }

    /// The name in the header and the page title.
    pub fn title(self) -> &'static str {
        match self {
            View::Ring => "Ring playground",
            View::Grids => "Modulo vs ring",
            View::Clock => "Clock example",
            View::Cost => "Resize cost",
        }
    }

    fn from_path(path: &str) -> Option<View> {
        View::ALL.iter().copied().find(|view| view.path() == path)
    }
}

/// The view shown when the hash names none.
pub const DEFAULT_VIEW: View = View::Ring;

/// The shell's own parameter; every other one belongs to the view.
pub const EMBED: &str = "embed";

/// A parsed URL hash.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Route {
    pub view: View,
    /// The view's parameters in URL order, decoded, without `embed`.
    pub query: Vec<(String, String)>,
    /// `embed=1`: the bare widget, for an iframe.
    pub embed: bool,
    /// What was wrong with the hash and what was shown instead, for a visible note.
    pub notes: Vec<String>,
}

impl Default for Route {
    fn default() -> Self {
        Route {
            view: DEFAULT_VIEW,
            query: Vec::new(),
            embed: false,
            notes: Vec::new(),
        }
    }
}

impl Route {
    /// Parses `location.hash` (with or without the leading `#`). Never fails: whatever is
    /// wrong is replaced by a default and described in [`Route::notes`].
    pub fn parse(hash: &str) -> Route {
        let hash = hash.strip_prefix('#').unwrap_or(hash);
        let (path, query) = match hash.split_once('?') {
            Some((path, query)) => (path, query),
            None => (hash, ""),
        };
        let mut route = Route::default();
        let path = decode(path.trim_start_matches('/').trim_end_matches('/'));
        if !path.is_empty() {
            match View::from_path(&path) {
                Some(view) => route.view = view,
                None => route.notes.push(format!(
                    "There is no view “{}”; showing the {}.",
                    shorten(&path),
                    DEFAULT_VIEW.title().to_lowercase()
                )),
            }
        }
        for (key, value) in parse_query(query) {
            if key == EMBED {
                match value.as_str() {
                    "1" | "true" | "" => route.embed = true,
                    "0" | "false" => route.embed = false,
                    other => route.notes.push(format!(
                        "embed={} is not 0 or 1; showing the full page.",
                        shorten(other)
                    )),
                }
            } else {
                route.query.push((key, value));
            }
        }
        route
    }

    /// The hash for this route, with the leading `#`: `#/ring?a=1&b=2`, plus `embed=1`
    /// last when embedded. Notes are not part of it.
    pub fn to_hash(&self) -> String {
        let mut pairs: Vec<(&str, &str)> = self
            .query
            .iter()
            .map(|(k, v)| (k.as_str(), v.as_str()))
            .collect();
        if self.embed {
            pairs.push((EMBED, "1"));
        }
        let mut hash = format!("#/{}", self.view.path());
        if !pairs.is_empty() {
            hash.push('?');
            hash.push_str(&write_query(pairs));
        }
        hash
    }
}

/// Splits `a=1&b=x%20y` into decoded pairs; a bare `flag` is `("flag", "")`, empty
/// segments are skipped.
pub fn parse_query(query: &str) -> Vec<(String, String)> {
    query
        .split('&')
        .filter(|segment| !segment.is_empty())
        .map(|segment| match segment.split_once('=') {
            Some((key, value)) => (decode(key), decode(value)),
            None => (decode(segment), String::new()),
        })
        .collect()
}

/// Joins pairs into `a=1&b=x%20y`, percent-encoding what needs it.
pub fn write_query<'a>(pairs: impl IntoIterator<Item = (&'a str, &'a str)>) -> String {
    pairs
        .into_iter()
        .map(|(key, value)| format!("{}={}", encode(key), encode(value)))
        .collect::<Vec<_>>()
        .join("&")
}

/// Percent-decoding; `+` is a space. A malformed escape is kept as it is, and bytes that
/// are not UTF-8 become U+FFFD: decoding never fails.
pub fn decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'+' => {
                out.push(b' ');
                i += 1;
            }
            b'%' => match (hex(bytes.get(i + 1)), hex(bytes.get(i + 2))) {
                (Some(high), Some(low)) => {
                    out.push(high * 16 + low);
                    i += 3;
                }
                _ => {
                    out.push(b'%');
                    i += 1;
                }
            },
            byte => {
                out.push(byte);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

fn hex(byte: Option<&u8>) -> Option<u8> {
    let byte = *byte?;
    (byte as char).to_digit(16).map(|digit| digit as u8)
}

/// Percent-encoding for a query key or value: letters, digits and `-._~,:@*!` stay as
/// they are (so lists like `a,b:11211` or `user:42@7` stay readable; a fragment may hold
/// `:` and `@` as they are), everything else is `%XX`.
pub fn encode(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for byte in text.bytes() {
        if byte.is_ascii_alphanumeric() || b"-._~,:@*!".contains(&byte) {
            out.push(byte as char);
        } else {
            out.push_str(&format!("%{byte:02X}"));
        }
    }
    out
}

/// Parses a whole number and clamps it into `range`, with a note when it had to.
pub fn clamp_number<T>(
    what: &str,
    text: &str,
    range: (T, T),
    default: T,
    notes: &mut Vec<String>,
) -> T
where
    T: Copy + PartialOrd + std::fmt::Display + std::str::FromStr,
{
    let text = text.trim();
    // A number too large for the type is still "above the maximum".
    let digits = !text.is_empty() && text.chars().all(|c| c.is_ascii_digit());
    match text.parse::<T>() {
        Ok(v) if v < range.0 => {
            notes.push(format!(
                "{what}={text} is below {}: using {}",
                range.0, range.0
            ));
            range.0
        }
        Ok(v) if v > range.1 => {
            notes.push(format!(
                "{what}={text} is above {}: using {}",
                range.1, range.1
            ));
            range.1
        }
        Ok(v) => v,
        Err(_) if digits => {
            notes.push(format!(
                "{what}={text} is above {}: using {}",
                range.1, range.1
            ));
            range.1
        }
        Err(_) if text.starts_with('-') && text[1..].chars().all(|c| c.is_ascii_digit()) => {
            notes.push(format!(
                "{what}={text} is below {}: using {}",
                range.0, range.0
            ));
            range.0
        }
        Err(_) => {
            notes.push(format!(
                "{what}={text:?} is not a whole number: using {default}"
            ));
            default
        }
    }
}

/// At most 40 characters of user input in a note.
pub fn shorten(text: &str) -> String {
    const MAX: usize = 40;
    if text.chars().count() <= MAX {
        text.to_string()
    } else {
        let mut short: String = text.chars().take(MAX).collect();
        short.push('…');
        short
    }
}

/// The link to this page in embed mode: `href` with its hash parsed, `embed=1` set and
/// the hash written again.
pub fn embed_url(href: &str) -> String {
    let (base, hash) = match href.split_once('#') {
        Some((base, hash)) => (base, hash),
        None => (href, ""),
    };
    let mut route = Route::parse(hash);
    route.embed = true;
    format!("{base}{}", route.to_hash())
}

/// The `<iframe>` snippet that embeds `url`.
pub fn iframe_code(url: &str, title: &str) -> String {
    format!(
        r#"<iframe title="{}" src="{}" width="720" height="640" loading="lazy" style="border:0;max-width:100%"></iframe>"#,
        escape_attribute(title),
        escape_attribute(url),
    )
}

/// Escapes text for a double-quoted HTML attribute.
pub fn escape_attribute(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '"' => out.push_str("&quot;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_clamped_into_range_with_a_note() {
        let mut notes = Vec::new();
        assert_eq!(clamp_number("keys", " 12 ", (1u32, 100), 8, &mut notes), 12);
        assert!(notes.is_empty());
        assert_eq!(clamp_number("keys", "0", (1u32, 100), 8, &mut notes), 1);
        assert_eq!(clamp_number("keys", "101", (1u32, 100), 8, &mut notes), 100);
        // Too long for the type, or negative for an unsigned one: still out of range.
        assert_eq!(
            clamp_number("keys", "99999999999999999999", (1u32, 100), 8, &mut notes),
            100
        );
        assert_eq!(clamp_number("keys", "-4", (1u32, 100), 8, &mut notes), 1);
        assert_eq!(clamp_number("keys", "x", (1u32, 100), 8, &mut notes), 8);
        assert_eq!(notes.len(), 5, "{notes:?}");
        assert_eq!(
            notes[2],
            "keys=99999999999999999999 is above 100: using 100"
        );
        assert_eq!(notes[4], "keys=\"x\" is not a whole number: using 8");
    }

    fn pairs(list: &[(&str, &str)]) -> Vec<(String, String)> {
        list.iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect()
    }

    #[test]
    fn parses_the_example_hash() {
        let route = Route::parse("#/ring?servers=4&vnodes=1&keys=8&replicas=3&scheme=ring&seed=7");
        assert_eq!(route.view, View::Ring);
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
            let route = Route::parse(hash);
            assert_eq!(route, Route::default(), "{hash:?}");
        }
    }

    #[test]
    fn embed_is_taken_out_of_the_query() {
        let route = Route::parse("#/ring?keys=8&embed=1&seed=2");
        assert!(route.embed);
        assert_eq!(route.query, pairs(&[("keys", "8"), ("seed", "2")]));
        assert!(!Route::parse("#/ring?embed=0").embed);
        assert!(Route::parse("#/ring?embed").embed);
    }

    #[test]
    fn a_bad_embed_value_is_a_note_not_an_embed() {
        let route = Route::parse("#/ring?embed=maybe");
        assert!(!route.embed);
        assert_eq!(route.notes.len(), 1);
        assert!(route.notes[0].contains("embed=maybe"), "{:?}", route.notes);
    }

    #[test]
    fn an_unknown_view_is_a_note_and_the_default() {
        let route = Route::parse("#/nowhere?keys=3");
        assert_eq!(route.view, DEFAULT_VIEW);
        assert_eq!(route.query, pairs(&[("keys", "3")]));
        assert_eq!(route.notes.len(), 1);
        assert!(route.notes[0].contains("nowhere"));
    }

    #[test]
    fn long_input_is_shortened_in_notes() {
        let long = "x".repeat(500);
        let route = Route::parse(&format!("#/{long}"));
        assert!(route.notes[0].chars().count() < 100);
        assert!(route.notes[0].contains('…'));
    }

    #[test]
    fn decoding_never_fails() {
        assert_eq!(decode("a%20b+c"), "a b c");
        assert_eq!(decode("100%"), "100%");
        assert_eq!(decode("%zz%4"), "%zz%4");
        assert_eq!(decode("%E2%9C%93"), "✓");
        assert_eq!(decode("%FF"), "\u{FFFD}");
        assert_eq!(decode("%3Cimg%20src%3Dx%3E"), "<img src=x>");
    }

    #[test]
    fn encoding_keeps_server_lists_readable() {
        assert_eq!(encode("a,b:11211"), "a,b:11211");
        assert_eq!(encode("user:42@7"), "user:42@7");
        assert_eq!(encode("a b&c=d#e%f+g"), "a%20b%26c%3Dd%23e%25f%2Bg");
        assert_eq!(encode("✓"), "%E2%9C%93");
    }

    #[test]
    fn round_trips() {
        let route = Route {
            view: View::Ring,
            query: pairs(&[
                ("servers", "a=2,b,<img src=x onerror=alert(1)>"),
                ("scheme", "ketama"),
                ("empty", ""),
                ("odd key&", "100% sure #1 + ✓"),
            ]),
            embed: true,
            notes: Vec::new(),
        };
        let hash = route.to_hash();
        assert!(hash.starts_with("#/ring?"));
        assert!(hash.ends_with("&embed=1"));
        assert!(!hash.contains(['<', '>', ' ', '"']), "{hash}");
        assert_eq!(Route::parse(&hash), route);
    }

    #[test]
    fn writes_a_bare_path_without_a_query() {
        assert_eq!(Route::default().to_hash(), "#/ring");
    }

    #[test]
    fn the_embed_url_sets_embed_once() {
        let base = "http://127.0.0.1:8080/";
        assert_eq!(
            embed_url(&format!("{base}#/ring?keys=8")),
            format!("{base}#/ring?keys=8&embed=1")
        );
        assert_eq!(
            embed_url(&format!("{base}#/ring?embed=1&keys=8")),
            format!("{base}#/ring?keys=8&embed=1")
        );
        assert_eq!(embed_url(base), format!("{base}#/ring?embed=1"));
    }

    #[test]
    fn the_iframe_code_is_escaped_and_lazy() {
        let code = iframe_code("http://h/#/ring?a=1&embed=1", "ringlab \"ring\"");
        assert_eq!(
            code,
            "<iframe title=\"ringlab &quot;ring&quot;\" src=\"http://h/#/ring?a=1&amp;embed=1\" \
             width=\"720\" height=\"640\" loading=\"lazy\" style=\"border:0;max-width:100%\"></iframe>"
        );
    }
}
