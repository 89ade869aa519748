//! What the shell hands every view: its part of the URL, and where to report changes.

use std::rc::Rc;

use ringlab_model::urlkit::Query;
use yew::prelude::*;

/// What the shell hands every view.
#[derive(Properties, PartialEq, Clone)]
pub struct ViewProps {
    /// The view's parameters from the URL, without the shell's own (`embed`, `theme`,
    /// `controls`).
    pub query: Rc<Query>,
    /// The bare widget, for an iframe.
    pub embed: bool,
    /// False for `controls=0`: the picture and its text without the control panel.
    pub controls: bool,
    /// Called with the view's canonical parameters whenever its state changes.
    pub on_query: Callback<Query>,
}
