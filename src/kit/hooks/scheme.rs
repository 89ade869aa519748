//! The page's colour scheme can change under a running view: the reader switches light or
//! dark, or (embedded) the host page's own toggle flips, which frame.js passes on as the
//! window event "ringlab-theme". Stylesheets follow by themselves; canvases are painted,
//! so the views that paint one read this context: a change re-renders them, and their next
//! paint takes the new colours. The reader's state is untouched.

use gloo::events::EventListener;
use yew::prelude::*;

/// How many times the scheme has changed since the page opened.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct SchemeEpoch(pub u32);

/// The epoch, counted from the host's "ringlab-theme" events and the reader's
/// `prefers-color-scheme` changes. For the shell, which provides it as a context.
#[hook]
pub fn use_scheme_changes() -> SchemeEpoch {
    let epoch = use_state(SchemeEpoch::default);
    {
        let epoch = epoch.setter();
        use_effect_with((), move |_| {
            let count = std::rc::Rc::new(std::cell::Cell::new(0u32));
            let bump = move || {
                count.set(count.get().wrapping_add(1));
                epoch.set(SchemeEpoch(count.get()));
            };
            let window = web_sys::window();
            let from_host = window.as_ref().map(|window| {
                let bump = bump.clone();
                EventListener::new(window, "ringlab-theme", move |_| bump())
            });
            let from_reader = window
                .and_then(|window| window.match_media("(prefers-color-scheme: dark)").ok())
                .flatten()
                .map(|list| EventListener::new(&list, "change", move |_| bump()));
            move || {
                drop(from_host);
                drop(from_reader);
            }
        });
    }
    *epoch
}

/// The epoch, for a view that paints a canvas: reading it re-renders the view when the
/// scheme changes.
#[hook]
pub fn use_scheme_epoch() -> SchemeEpoch {
    use_context::<SchemeEpoch>().unwrap_or_default()
}
