//! The code a documentation author pastes: an `<iframe>` of a view in embed mode, and the
//! optional `embed.js` line that sizes it and passes the page's colour scheme on.
//!
//! The iframe has no `style` attribute: MDX (Docusaurus) refuses a style string, and
//! `embed.js` takes the border away. Its height is the widget's own, measured when it was
//! copied, so the page does not jump when the widget loads.

use crate::route::{Route, Theme};
use crate::view_state::ViewInfo;

/// The look chosen in the copy dialog.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EmbedOptions {
    /// `theme=`; auto follows the host page.
    pub theme: Theme,
    /// False for `controls=0`.
    pub controls: bool,
    /// `compact=1`: the picture and one line of numbers.
    pub compact: bool,
    /// `transparent=1`: the host page's background.
    pub transparent: bool,
}

impl Default for EmbedOptions {
    fn default() -> EmbedOptions {
        EmbedOptions {
            theme: Theme::Auto,
            controls: true,
            compact: false,
            transparent: false,
        }
    }
}

/// The height written when none was measured, in CSS pixels.
pub const DEFAULT_HEIGHT: u32 = 720;

/// The link to the page at `href` as a widget: its hash parsed, `embed=1` and the options
/// set, and the hash written again.
pub fn embed_url(href: &str, views: &[&'static ViewInfo], options: &EmbedOptions) -> String {
    let (base, hash) = match href.split_once('#') {
        Some((base, hash)) => (base, hash),
        None => (href, ""),
    };
    let mut route = Route::parse(hash, views);
    route.embed = true;
    route.theme = options.theme;
    route.controls = options.controls;
    route.compact = options.compact;
    route.transparent = options.transparent;
    format!("{base}{}", route.to_hash())
}

/// The `<iframe>` that embeds `url`, `height` CSS pixels tall (as measured), as wide as
/// the host's column.
pub fn iframe_code(url: &str, title: &str, height: Option<u32>) -> String {
    format!(
        r#"<iframe title="{}" src="{}" width="100%" height="{}" loading="lazy"></iframe>"#,
        escape_attribute(title),
        escape_attribute(url),
        height.unwrap_or(DEFAULT_HEIGHT),
    )
}

/// The one-line script that sizes every ringlab iframe on the host page to its content
/// and gives it the page's colour scheme: `embed.js`, served beside the page at `href`.
pub fn embed_script_code(href: &str) -> String {
    let page = href.split(['#', '?']).next().unwrap_or_default();
    let dir = match page.rfind('/') {
        Some(slash) => &page[..=slash],
        None => "",
    };
    format!(
        r#"<script src="{}" async></script>"#,
        escape_attribute(&format!("{dir}embed.js"))
    )
}

/// The whole snippet: the iframe, then the script line.
pub fn snippet(
    href: &str,
    views: &[&'static ViewInfo],
    options: &EmbedOptions,
    title: &str,
    height: Option<u32>,
) -> String {
    format!(
        "{}\n{}",
        iframe_code(&embed_url(href, views, options), title, height),
        embed_script_code(href)
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

    use crate::view_state::test_views::{COST, RING};

    const VIEWS: &[&ViewInfo] = &[&RING, &COST];

    #[test]
    fn the_embed_url_sets_embed_once_and_the_options() {
        let base = "http://127.0.0.1:8080/";
        let plain = EmbedOptions::default();
        assert_eq!(
            embed_url(&format!("{base}#/ring?keys=8"), VIEWS, &plain),
            format!("{base}#/ring?keys=8&embed=1")
        );
        assert_eq!(
            embed_url(
                &format!("{base}#/ring?embed=1&keys=8&theme=dark"),
                VIEWS,
                &plain
            ),
            format!("{base}#/ring?keys=8&embed=1")
        );
        let chosen = EmbedOptions {
            theme: Theme::Dark,
            controls: false,
            compact: true,
            transparent: true,
        };
        assert_eq!(
            embed_url(&format!("{base}#/cost?size=3"), VIEWS, &chosen),
            format!("{base}#/cost?size=3&theme=dark&controls=0&compact=1&transparent=1&embed=1")
        );
    }

    #[test]
    fn the_script_is_served_beside_the_page() {
        assert_eq!(
            embed_script_code("https://h.example/docs/index.html?x#/ring?keys=8"),
            r#"<script src="https://h.example/docs/embed.js" async></script>"#
        );
        assert_eq!(
            embed_script_code("http://127.0.0.1:8080/#/cost"),
            r#"<script src="http://127.0.0.1:8080/embed.js" async></script>"#
        );
    }

    #[test]
    fn the_iframe_is_escaped_lazy_measured_and_mdx_safe() {
        let code = iframe_code("http://h/#/ring?a=1&embed=1", "ringlab \"ring\"", Some(812));
        assert_eq!(
            code,
            "<iframe title=\"ringlab &quot;ring&quot;\" src=\"http://h/#/ring?a=1&amp;embed=1\" \
             width=\"100%\" height=\"812\" loading=\"lazy\"></iframe>"
        );
        // No style attribute, no unquoted or JSX-hostile attribute.
        assert!(!code.contains("style="));
        assert!(iframe_code("u", "t", None).contains(&format!("height=\"{DEFAULT_HEIGHT}\"")));
    }
}
