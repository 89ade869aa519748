//! The few browser calls the app makes: read and rewrite the URL hash, copy text, ask a
//! media query, get a canvas's 2D context.
//! Every call tolerates a missing `window`, `history` or `navigator.clipboard` (an iframe
//! sandbox, an insecure origin): it does nothing or reports failure, it never panics.

use wasm_bindgen::{JsCast, JsValue};

/// `location.hash`, or "" when there is none.
pub fn hash() -> String {
    web_sys::window()
        .and_then(|window| window.location().hash().ok())
        .unwrap_or_default()
}

/// `location.href`, or "" when there is none.
pub fn href() -> String {
    web_sys::window()
        .and_then(|window| window.location().href().ok())
        .unwrap_or_default()
}

/// The window event [`replace_hash`] fires after it changed the address: the view's state
/// changed (a `hashchange` says the reader went elsewhere).
pub const ADDRESS_REPLACED: &str = "ringlab-address";

/// Puts `hash` (with its `#`) in the address bar without a reload, a new history entry or
/// a `hashchange` event, then fires [`ADDRESS_REPLACED`]. Does nothing when it is already
/// there.
pub fn replace_hash(hash: &str) {
    let Some(window) = web_sys::window() else {
        return;
    };
    if window.location().hash().ok().as_deref() == Some(hash) {
        return;
    }
    if let Ok(history) = window.history() {
        // Fails only for a URL of another origin, which a bare hash never is.
        let _ = history.replace_state_with_url(&JsValue::NULL, "", Some(hash));
    }
    if let Ok(event) = web_sys::Event::new(ADDRESS_REPLACED) {
        let _ = window.dispatch_event(&event);
    }
}

/// Sets `document.title`.
pub fn set_title(title: &str) {
    if let Some(document) = web_sys::window().and_then(|window| window.document()) {
        document.set_title(title);
    }
}

/// Writes `text` to the clipboard; false when the page may not (no `navigator.clipboard`
/// outside a secure context, or permission refused).
pub async fn copy_text(text: &str) -> bool {
    let Some(window) = web_sys::window() else {
        return false;
    };
    let navigator = window.navigator();
    // `navigator.clipboard` is undefined on insecure origins: look before calling.
    let clipboard = match js_sys::Reflect::get(&navigator, &JsValue::from_str("clipboard")) {
        Ok(value) if !value.is_undefined() && !value.is_null() => value,
        _ => return false,
    };
    let Ok(clipboard) = clipboard.dyn_into::<web_sys::Clipboard>() else {
        return false;
    };
    wasm_bindgen_futures::JsFuture::from(clipboard.write_text(text))
        .await
        .is_ok()
}

/// Whether the media query (`(prefers-color-scheme: dark)`) matches; false without a
/// `window`.
pub fn media_matches(query: &str) -> bool {
    web_sys::window()
        .and_then(|w| w.match_media(query).ok().flatten())
        .is_some_and(|m| m.matches())
}

/// The canvas's 2D context, or `None` when the browser gives none.
pub fn canvas_context(
    canvas: &web_sys::HtmlCanvasElement,
) -> Option<web_sys::CanvasRenderingContext2d> {
    canvas
        .get_context("2d")
        .ok()
        .flatten()?
        .dyn_into::<web_sys::CanvasRenderingContext2d>()
        .ok()
}

/// The device pixel ratio (at least 1): canvases draw that many pixels per CSS pixel.
pub fn pixel_ratio() -> f64 {
    web_sys::window().map_or(1.0, |w| w.device_pixel_ratio().max(1.0))
}

/// Sizes `canvas`'s pixels for `width` × `height` CSS pixels at the device pixel ratio
/// (touching neither when it already is: a resize clears the canvas), and returns the
/// ratio. The one place canvases are fitted.
pub fn fit_canvas(canvas: &web_sys::HtmlCanvasElement, width: f64, height: f64) -> f64 {
    let ratio = pixel_ratio();
    let (w, h) = (
        (width * ratio).round() as u32,
        (height * ratio).round() as u32,
    );
    if canvas.width() != w {
        canvas.set_width(w);
    }
    if canvas.height() != h {
        canvas.set_height(h);
    }
    ratio
}

/// `theme=light|dark` as `<html data-theme>`, which the stylesheet's colours follow;
/// `auto` removes it, leaving `prefers-color-scheme` in charge.
pub fn set_theme(theme: ringlab_model::route::Theme) {
    let Some(root) = web_sys::window()
        .and_then(|window| window.document())
        .and_then(|document| document.document_element())
    else {
        return;
    };
    let _ = match theme {
        ringlab_model::route::Theme::Auto => root.remove_attribute("data-theme"),
        other => root.set_attribute("data-theme", other.name()),
    };
}

/// Reloads the page, unless it already did so for this address (kept in
/// `sessionStorage`): true when a reload is under way.
pub fn reload_once() -> bool {
    const KEY: &str = "ringlab-reloaded-for";
    let Some(window) = web_sys::window() else {
        return false;
    };
    let href = window.location().href().unwrap_or_default();
    let storage = window.session_storage().ok().flatten();
    let last = storage
        .as_ref()
        .and_then(|s| s.get_item(KEY).ok().flatten());
    if last.as_deref() == Some(href.as_str()) {
        return false;
    }
    if let Some(storage) = &storage {
        let _ = storage.set_item(KEY, &href);
    }
    window.location().reload().is_ok()
}

/// Goes to `hash` (with its `#`): a new history entry and a `hashchange`, as a link does.
pub fn go_to_hash(hash: &str) {
    if let Some(window) = web_sys::window() {
        let _ = window.location().set_hash(hash);
    }
}

/// `localStorage`'s item `key`; `None` when absent or when the page may not use storage.
pub fn stored(key: &str) -> Option<String> {
    web_sys::window()?
        .local_storage()
        .ok()
        .flatten()?
        .get_item(key)
        .ok()
        .flatten()
}

/// Stores `value` under `key` in `localStorage`, or removes the item for `None`; false
/// when the page may not (storage disabled, full or sandboxed).
pub fn store(key: &str, value: Option<&str>) -> bool {
    let Some(storage) = web_sys::window().and_then(|w| w.local_storage().ok().flatten()) else {
        return false;
    };
    match value {
        Some(value) => storage.set_item(key, value).is_ok(),
        None => storage.remove_item(key).is_ok(),
    }
}

/// The `value` of the control an event came from: an input, a select or a textarea
/// (read by name, so one helper serves all three).
pub fn input_value(e: &web_sys::Event) -> String {
    e.target()
        .and_then(|target| js_sys::Reflect::get(&target, &"value".into()).ok())
        .and_then(|value| value.as_string())
        .unwrap_or_default()
}

/// Whether the checkbox an event came from is checked.
pub fn input_checked(e: &web_sys::Event) -> bool {
    e.target()
        .and_then(|target| js_sys::Reflect::get(&target, &"checked".into()).ok())
        .and_then(|checked| checked.as_bool())
        .unwrap_or(false)
}

/// Moves keyboard focus to the element with this id, if it can take focus.
pub fn focus_id(id: &str) {
    let element = web_sys::window()
        .and_then(|window| window.document())
        .and_then(|document| document.get_element_by_id(id))
        .and_then(|element| element.dyn_into::<web_sys::HtmlElement>().ok());
    if let Some(element) = element {
        let _ = element.focus();
    }
}

/// Opens the browser's print dialog.
pub fn print() {
    if let Some(window) = web_sys::window() {
        let _ = window.print();
    }
}

/// Raises a `resize` event on the window: when this page is itself embedded, frame.js
/// posts its new height at once. For a change of height the page makes from a message
/// (a walkthrough step's widget growing), since a frame scrolled out of view may get no
/// ResizeObserver callback until it is back in view.
pub fn announce_resize() {
    if let (Some(window), Ok(event)) = (web_sys::window(), web_sys::Event::new("resize")) {
        let _ = window.dispatch_event(&event);
    }
}

/// Offers `text` as a file named `name` to download (a `data:` link clicked, so nothing
/// leaves the page). Returns false when the page has no document.
pub fn download(name: &str, mime: &str, text: &str) -> bool {
    let href = format!(
        "data:{mime};charset=utf-8,{}",
        String::from(js_sys::encode_uri_component(text))
    );
    download_url(name, &href)
}

/// Offers what `href` (a `data:` or `blob:` URL) holds as a file named `name`. Returns
/// false when the page has no document.
pub fn download_url(name: &str, href: &str) -> bool {
    let Some(document) = web_sys::window().and_then(|window| window.document()) else {
        return false;
    };
    let Ok(link) = document.create_element("a") else {
        return false;
    };
    if link.set_attribute("href", href).is_err() || link.set_attribute("download", name).is_err() {
        return false;
    }
    match link.dyn_into::<web_sys::HtmlElement>() {
        Ok(link) => {
            link.click();
            true
        }
        Err(_) => false,
    }
}

/// The page's clock (`performance.now()`), in ms; 0 where there is none.
pub fn now() -> f64 {
    web_sys::window()
        .and_then(|w| w.performance())
        .map_or(0.0, |p| p.now())
}

/// The wall clock (`Date.now()`), in ms since the epoch: for what is dated.
pub fn epoch_ms() -> f64 {
    js_sys::Date::now()
}

/// How many minutes the reader's clock is behind UTC (`getTimezoneOffset`), 0 if unknown.
pub fn timezone_offset() -> i32 {
    let offset = js_sys::Date::new_0().get_timezone_offset();
    if offset.is_finite() {
        offset.round().clamp(-1_440.0, 1_440.0) as i32
    } else {
        0
    }
}

/// A copy of `svg` that stands alone: each drawn element gets its computed colours,
/// dashes and font written into it as attributes, since the page's stylesheet does not go
/// with it.
pub fn standalone_copy(svg: &web_sys::Element) -> Option<web_sys::Element> {
    const PROPERTIES: [&str; 8] = [
        "fill",
        "stroke",
        "stroke-width",
        "stroke-dasharray",
        "font-size",
        "font-family",
        "text-anchor",
        "opacity",
    ];
    let window = web_sys::window()?;
    let copy: web_sys::Element = svg.clone_node_with_deep(true).ok()?.dyn_into().ok()?;
    let (originals, copies) = (
        svg.query_selector_all("*").ok()?,
        copy.query_selector_all("*").ok()?,
    );
    for i in 0..originals.length() {
        let (Some(original), Some(target)) = (originals.item(i), copies.item(i)) else {
            continue;
        };
        let (Ok(original), Ok(target)) = (
            original.dyn_into::<web_sys::Element>(),
            target.dyn_into::<web_sys::Element>(),
        ) else {
            continue;
        };
        let Ok(Some(style)) = window.get_computed_style(&original) else {
            continue;
        };
        // Presentation attributes, not a style attribute: the page's Content-Security-Policy
        // refuses inline styles, and a file needs none.
        for property in PROPERTIES {
            if let Ok(value) = style.get_property_value(property) {
                let _ = target.set_attribute(property, &value);
            }
        }
    }
    let _ = copy.set_attribute("xmlns", "http://www.w3.org/2000/svg");
    Some(copy)
}
