//! An element's width in CSS pixels, cached from a ResizeObserver, so a paint can size its
//! canvas without reading `clientWidth` (a read after the DOM changed forces a layout: 8
//! to 12 ms per slider step on the million-point ring, by `make profile-browser`).

use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;
use web_sys::{Element, ResizeObserver, ResizeObserverEntry};
use yew::prelude::*;

/// The observer and its callback, kept alive together; dropping it stops observing.
struct Observer {
    observer: ResizeObserver,
    _callback: Closure<dyn FnMut(js_sys::Array)>,
}

impl Drop for Observer {
    fn drop(&mut self) {
        self.observer.disconnect();
    }
}

/// The width of `node` as last laid out: 0 until the observer has seen it (right after
/// the first layout, before the first paint), and a render each time it changes.
#[hook]
pub fn use_element_width(node: &NodeRef) -> f64 {
    use_element_width_while(node, true)
}

/// [`use_element_width`] for an element that comes and goes: `mounted` says whether it is
/// in this render. Each time it turns true the new element is observed; while it is false
/// the width is 0, so a paint cannot use the last element's width.
#[hook]
pub fn use_element_width_while(node: &NodeRef, mounted: bool) -> f64 {
    let width = use_state_eq(|| 0.0_f64);
    {
        let node = node.clone();
        let width = width.setter();
        use_effect_with(mounted, move |&mounted| {
            if !mounted {
                width.set(0.0);
            }
            let element = node.cast::<Element>().filter(|_| mounted);
            let observer = element.and_then(|element| {
                let callback =
                    Closure::<dyn FnMut(js_sys::Array)>::new(move |entries: js_sys::Array| {
                        // Inside the observer's callback layout is done: reading is free.
                        let last = entries
                            .iter()
                            .last()
                            .and_then(|entry| entry.dyn_into::<ResizeObserverEntry>().ok());
                        if let Some(entry) = last {
                            width.set(entry.target().client_width() as f64);
                        }
                    });
                let observer = ResizeObserver::new(callback.as_ref().unchecked_ref()).ok()?;
                observer.observe(&element);
                Some(Observer {
                    observer,
                    _callback: callback,
                })
            });
            move || drop(observer)
        });
    }
    *width
}
