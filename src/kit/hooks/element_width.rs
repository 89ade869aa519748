//! An element's width in CSS pixels, cached from a ResizeObserver, so a paint can size its
//! canvas without reading `clientWidth` (a read after the DOM changed forces a layout: 8
//! to 12 ms per slider step on the million-point ring, by `make profile-browser`).

use std::cell::RefCell;
use std::rc::Rc;

use gloo::render::{request_animation_frame, AnimationFrame};
use gloo::timers::callback::Timeout;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;
use web_sys::{Element, ResizeObserver, ResizeObserverEntry};
use yew::prelude::*;

/// The observer and its callback, kept alive together; dropping it stops observing.
struct Observer {
    observer: ResizeObserver,
    _callback: Closure<dyn FnMut(js_sys::Array)>,
    /// The first reading, in the coming frame before it is painted (see [`observe`]).
    _first: AnimationFrame,
}

impl Drop for Observer {
    fn drop(&mut self) {
        self.observer.disconnect();
    }
}

/// Watches `element`, setting `width` each time its laid-out width changes. The first
/// width is read in the coming frame's animation callback, before that frame is painted:
/// the observer's first report is handed on a task later, after a frame drawn at the wrong
/// width (a chart sized by its viewBox would then shift the page below it). Later widths
/// come from the observer, each handed on in a task of its own, not
/// inside the observer's callback: a render there that changes the element's height
/// would be a size change the browser cannot deliver in the same pass ("ResizeObserver
/// loop completed with undelivered notifications", an error event on the page).
fn observe(element: &Element, width: UseStateSetter<f64>) -> Option<Observer> {
    let pending: Rc<RefCell<Option<Timeout>>> = Rc::default();
    let first_width = width.clone();
    let callback = Closure::<dyn FnMut(js_sys::Array)>::new(move |entries: js_sys::Array| {
        // Inside the observer's callback layout is done: reading is free.
        let last = entries
            .iter()
            .last()
            .and_then(|entry| entry.dyn_into::<ResizeObserverEntry>().ok());
        if let Some(entry) = last {
            let now = entry.target().client_width() as f64;
            let width = width.clone();
            // A newer size replaces a pending one (dropping a timeout cancels it).
            *pending.borrow_mut() = Some(Timeout::new(0, move || width.set(now)));
        }
    });
    let observer = ResizeObserver::new(callback.as_ref().unchecked_ref()).ok()?;
    observer.observe(element);
    let first = {
        let element = element.clone();
        request_animation_frame(move |_| first_width.set(element.client_width() as f64))
    };
    Some(Observer {
        observer,
        _callback: callback,
        _first: first,
    })
}

/// The width of `node` as last laid out: 0 until it is read in the frame the element first
/// appears in (before that frame is painted), then a render each time it changes.
#[hook]
pub fn use_element_width(node: &NodeRef) -> f64 {
    use_element_width_while(node, true)
}

/// [`use_element_width`] for an element that comes and goes, or is replaced: after every
/// render the element `node` holds now is the one observed (a new element is observed
/// afresh, the old one let go). `mounted` says whether it is in this render; while it is
/// not, the width is 0, so a paint cannot use the last element's width.
#[hook]
pub fn use_element_width_while(node: &NodeRef, mounted: bool) -> f64 {
    let width = use_state_eq(|| 0.0_f64);
    let watched: Rc<RefCell<Option<(Element, Observer)>>> = use_mut_ref(|| None);
    {
        let node = node.clone();
        let setter = width.setter();
        use_effect(move || {
            let element = node.cast::<Element>().filter(|_| mounted);
            let same = match (&*watched.borrow(), &element) {
                (Some((old, _)), Some(now)) => js_sys::Object::is(old, now),
                (None, None) => true,
                _ => false,
            };
            if !same {
                let observed = element.and_then(|e| observe(&e, setter.clone()).map(|o| (e, o)));
                if observed.is_none() {
                    setter.set(0.0);
                }
                // Replacing the pair drops the old observer, which stops watching.
                *watched.borrow_mut() = observed;
            }
        });
    }
    *width
}
