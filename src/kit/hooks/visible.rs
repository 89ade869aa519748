//! Whether an element is on screen, from an IntersectionObserver: animation loops and
//! timers pause while their view is scrolled away (or sits in an iframe the host page has
//! scrolled away).

use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;
use web_sys::{Element, IntersectionObserver, IntersectionObserverEntry};
use yew::prelude::*;

/// A visibility watch; dropping it stops watching.
pub struct Watch {
    observer: IntersectionObserver,
    _callback: Closure<dyn FnMut(js_sys::Array)>,
}

impl Drop for Watch {
    fn drop(&mut self) {
        self.observer.disconnect();
    }
}

/// Calls `on_change(visible)` whenever `element` enters or leaves the viewport (and once
/// when watching starts). `None` where there is no IntersectionObserver.
pub fn watch(element: &Element, mut on_change: impl FnMut(bool) + 'static) -> Option<Watch> {
    let window = web_sys::window()?;
    if !js_sys::Reflect::has(&window, &"IntersectionObserver".into()).unwrap_or(false) {
        return None;
    }
    let callback = Closure::<dyn FnMut(js_sys::Array)>::new(move |entries: js_sys::Array| {
        // Entries come in time order: the last is the element's state now.
        if let Some(entry) = entries
            .iter()
            .last()
            .and_then(|e| e.dyn_into::<IntersectionObserverEntry>().ok())
        {
            on_change(entry.is_intersecting());
        }
    });
    let observer = IntersectionObserver::new(callback.as_ref().unchecked_ref()).ok()?;
    observer.observe(element);
    Some(Watch {
        observer,
        _callback: callback,
    })
}

/// True while `node` is in the viewport; true where there is no IntersectionObserver.
#[hook]
pub fn use_visible(node: &NodeRef) -> bool {
    let visible = use_state_eq(|| true);
    {
        let node = node.clone();
        let visible = visible.setter();
        use_effect_with((), move |_| {
            let watching = node
                .cast::<Element>()
                .and_then(|element| watch(&element, move |v| visible.set(v)));
            move || drop(watching)
        });
    }
    *visible
}
