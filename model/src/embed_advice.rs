//! What the embed dialog says under its options: how tall the widget will be, whether
//! Compact would suit a page better, how a page names its theme, and when a transparent
//! background helps. One sentence per idea, the one about height first.

use crate::embed_code::{EmbedOptions, DEFAULT_HEIGHT};
use crate::format::grouped;
use crate::route::Theme;

/// Taller than this (CSS pixels), a widget no longer fits a laptop's screen, and the
/// dialog suggests Compact.
pub const TALL: u32 = 1_200;

/// The widget's own dark background (`--bg` in static/style.css). A dark host page of
/// another shade shows it as a box.
pub const DARK_BACKGROUND: &str = "#15171a";

/// The dialog's sentences for a widget with `options`, `height` CSS pixels tall as
/// measured in a column `column` pixels wide (`None`: not measured).
pub fn advice(options: &EmbedOptions, height: Option<u32>, column: u32) -> Vec<String> {
    let mut said = vec![height_sentence(height, column)];
    if !options.compact && height.is_some_and(|h| h > TALL) {
        said.push(format!(
            "That is taller than most screens (more than {} px): Compact shows the picture \
             and one line of numbers.",
            grouped(TALL.into())
        ));
    }
    if options.theme == Theme::Auto {
        said.push(
            "With embed.js, the widget takes your page's light or dark theme. If your page \
             paints its theme in a way embed.js cannot read, name it on the page's root: \
             <html data-ringlab-theme=\"dark\"> (or \"light\", or \"auto\" for the reader's \
             own setting)."
                .into(),
        );
    }
    if options.theme != Theme::Light && !options.transparent {
        said.push(format!(
            "In dark, the widget paints its own background, {DARK_BACKGROUND}. On a dark page \
             of another shade, Transparent background lets your page's show through."
        ));
    }
    said
}

fn height_sentence(height: Option<u32>, column: u32) -> String {
    match height {
        Some(height) => format!(
            "The widget is {} px tall in a {} px column, and the code reserves that height.",
            grouped(height.into()),
            grouped(column.into())
        ),
        None => format!(
            "The widget's height could not be measured: the code reserves {} px, and embed.js \
             sets the real height when the widget loads.",
            grouped(DEFAULT_HEIGHT.into())
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_numbers::numbers;

    fn plain() -> EmbedOptions {
        EmbedOptions::default()
    }

    /// The numbers of the sentence, as the reader reads them.
    fn read(sentence: &str) -> Vec<f64> {
        numbers(sentence).iter().map(|n| n.value).collect()
    }

    #[test]
    fn the_height_comes_first_with_its_column() {
        let said = advice(&plain(), Some(2_433), 720);
        assert_eq!(read(&said[0]), vec![2_433.0, 720.0]);
        assert!(said[0].contains("2,433 px"), "{}", said[0]);
        let unmeasured = advice(&plain(), None, 720);
        assert_eq!(read(&unmeasured[0]), vec![720.0]);
        assert!(unmeasured[0].contains("could not be measured"));
    }

    #[test]
    fn compact_is_suggested_only_for_a_tall_full_widget() {
        let suggests = |options: &EmbedOptions, height| {
            advice(options, height, 720)
                .iter()
                .any(|s| s.contains("Compact shows"))
        };
        assert!(suggests(&plain(), Some(TALL + 1)));
        assert!(!suggests(&plain(), Some(TALL)));
        assert!(!suggests(&plain(), None));
        let compact = EmbedOptions {
            compact: true,
            ..plain()
        };
        assert!(!suggests(&compact, Some(3_348)));
        // The threshold the reader reads is the one applied.
        let sentence = advice(&plain(), Some(3_348), 720)
            .into_iter()
            .find(|s| s.contains("Compact shows"))
            .unwrap();
        assert_eq!(read(&sentence), vec![1_200.0]);
    }

    #[test]
    fn the_theme_attribute_is_named_only_when_the_widget_follows_the_page() {
        let names = |theme| {
            let options = EmbedOptions { theme, ..plain() };
            advice(&options, Some(500), 720)
                .iter()
                .any(|s| s.contains("data-ringlab-theme=\"dark\""))
        };
        assert!(names(Theme::Auto));
        assert!(!names(Theme::Light));
        assert!(!names(Theme::Dark));
    }

    #[test]
    fn transparent_is_offered_where_the_dark_background_can_show() {
        let offers = |theme, transparent| {
            let options = EmbedOptions {
                theme,
                transparent,
                ..plain()
            };
            advice(&options, Some(500), 720)
                .iter()
                .any(|s| s.contains(DARK_BACKGROUND) && s.contains("Transparent background"))
        };
        assert!(offers(Theme::Auto, false));
        assert!(offers(Theme::Dark, false));
        assert!(!offers(Theme::Light, false));
        assert!(!offers(Theme::Auto, true));
    }

    #[test]
    fn the_dark_background_named_is_the_stylesheets() {
        let css = include_str!("../../static/style.css");
        assert!(css.contains(&format!("--bg: {DARK_BACKGROUND};")));
    }
}
