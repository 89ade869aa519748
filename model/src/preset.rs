//! A view's preset: a link with a name and the sentence that says what it shows.

/// A preset: its name, the sentence that says what it shows, and its query.
pub struct Preset {
    pub name: &'static str,
    pub says: &'static str,
    pub query: &'static str,
}
