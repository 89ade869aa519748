//! What an animated picture tells whoever watches it, as `data-*` attributes on its
//! element: how many frames it has painted, where a walk is, whether its loop is paused.
//! Tests (and screen tools) wait on these instead of on a clock.

use web_sys::Element;

/// Sets `data-<name>` on `element` to `value`, unless it already says so.
pub fn tell(element: &Element, name: &str, value: &str) {
    let attribute = format!("data-{name}");
    if element.get_attribute(&attribute).as_deref() != Some(value) {
        let _ = element.set_attribute(&attribute, value);
    }
}
