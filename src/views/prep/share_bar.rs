//! A small horizontal bar for a share between 0 and 1, drawn in SVG (the page's security
//! policy allows no inline styles), beside the number it shows.

use yew::prelude::*;

/// A bar `share` of the full width, in the colour of `class`; hidden from screen readers,
/// which read the number beside it.
pub fn share_bar(share: f64, class: &'static str) -> Html {
    let width = if share.is_finite() {
        (share.clamp(0.0, 1.0) * 100.0).max(if share > 0.0 { 0.5 } else { 0.0 })
    } else {
        0.0
    };
    html! {
        <svg class={classes!("fu-bar", class)} viewBox="0 0 100 10" preserveAspectRatio="none"
            aria-hidden="true" focusable="false">
            <rect class="fu-bar-track" width="100" height="10" />
            <rect class="fu-bar-fill" width={format!("{width:.2}")} height="10" />
        </svg>
    }
}
