//! How tall a widget is, measured before its embed code is copied: the widget loads in an
//! off-screen iframe as wide as a docs page's column, and its own frame.js reports its
//! height ("ringlab:resize"). The copied snippet carries that height, so the host page
//! does not jump when the widget loads.

use std::cell::Cell;
use std::rc::Rc;

use crate::kit::browser::now;
use gloo::events::EventListener;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;

/// The width measured at, in CSS pixels: about a docs theme's text column.
pub const COLUMN_WIDTH: u32 = 720;
/// The height counts as settled after this long without a change, in milliseconds.
const QUIET_MS: f64 = 500.0;
/// Longer than this and the measurement gives up, in milliseconds.
const GIVE_UP_MS: f64 = 4_000.0;
/// How often the measurement looks, in milliseconds.
const POLL_MS: i32 = 100;

/// The height of the widget at `url` in a frame [`COLUMN_WIDTH`] wide, or `None` when it
/// did not settle in time.
pub async fn measure(url: &str) -> Option<u32> {
    let window = web_sys::window()?;
    let document = window.document()?;
    let frame: web_sys::HtmlIFrameElement =
        document.create_element("iframe").ok()?.dyn_into().ok()?;
    frame.set_src(url);
    frame.set_title("ringlab: measuring the widget's height");
    let _ = frame.set_attribute("aria-hidden", "true");
    let _ = frame.set_attribute("tabindex", "-1");
    let _ = frame.set_attribute("class", "share-measure");
    let _ = frame
        .style()
        .set_property("width", &format!("{COLUMN_WIDTH}px"));
    document.body()?.append_child(&frame).ok()?;

    let height = Rc::new(Cell::new(None::<f64>));
    let changed = Rc::new(Cell::new(now()));
    let listener = {
        let (height, changed, frame) = (height.clone(), changed.clone(), frame.clone());
        EventListener::new(&window, "message", move |event| {
            if let Some(value) = frame_height(event, &frame) {
                height.set(Some(value));
                changed.set(now());
            }
        })
    };
    let start = now();
    let result = loop {
        sleep(POLL_MS).await;
        let time = now();
        if height.get().is_some() && time - changed.get() >= QUIET_MS {
            break height.get();
        }
        if time - start >= GIVE_UP_MS {
            break None;
        }
    };
    drop(listener);
    frame.remove();
    result
        .filter(|h| h.is_finite() && *h > 0.0)
        .map(|h| h.ceil() as u32)
}

/// The height `frame` reports in `event`, when the event is its
/// `{type: "ringlab:resize", version: 1, height}` and the height is in a sane range.
pub fn frame_height(event: &web_sys::Event, frame: &web_sys::HtmlIFrameElement) -> Option<f64> {
    let event = event.dyn_ref::<web_sys::MessageEvent>()?;
    let (source, window) = (event.source()?, frame.content_window()?);
    if AsRef::<JsValue>::as_ref(&source) != AsRef::<JsValue>::as_ref(&window) {
        return None;
    }
    resize_height(&event.data()).filter(|h| h.is_finite() && (40.0..=20_000.0).contains(h))
}

/// The height in a frame's `{type: "ringlab:resize", version: 1, height}`, if `data` is one.
fn resize_height(data: &JsValue) -> Option<f64> {
    let field = |name: &str| js_sys::Reflect::get(data, &JsValue::from_str(name)).ok();
    if !data.is_object()
        || field("type")?.as_string()? != "ringlab:resize"
        || field("version")?.as_f64()? != 1.0
    {
        return None;
    }
    field("height")?.as_f64()
}

async fn sleep(ms: i32) {
    let promise = js_sys::Promise::new(&mut |resolve, _| {
        if let Some(window) = web_sys::window() {
            let _ = window.set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, ms);
        }
    });
    let _ = JsFuture::from(promise).await;
}
