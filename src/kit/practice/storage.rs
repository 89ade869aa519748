//! The walkthrough's progress in `localStorage`: read once when the walkthrough mounts,
//! written whenever it changes, removed by "Forget my progress". Never sent anywhere.

use ringlab_model::views::learn::progress::Progress;
use yew::prelude::*;

use crate::kit::browser;

/// The `localStorage` key.
const KEY: &str = "ringlab.learn.progress";

/// The stored progress, or a fresh one.
pub fn load() -> Progress {
    browser::stored(KEY)
        .map(|text| Progress::from_text(&text))
        .unwrap_or_default()
}

/// Writes `progress` whenever it changes (nothing stored for no progress at all).
#[hook]
pub fn use_saved(progress: &Progress) {
    use_effect_with(progress.clone(), |progress| {
        if *progress == Progress::default() {
            browser::store(KEY, None);
        } else {
            browser::store(KEY, Some(&progress.to_text()));
        }
    });
}
