//! A picture as a PNG file: an SVG that stands alone (`browser::standalone_copy`), drawn
//! into a canvas at twice its size on the background it has on the page (light or dark,
//! [`backdrop`]), offered as a download. Nothing leaves the page: the SVG reaches the
//! canvas through a `blob:` URL, the PNG leaves through a `data:` link.

use wasm_bindgen::prelude::*;
use web_sys::{Blob, BlobPropertyBag, HtmlCanvasElement, HtmlImageElement, Url};

use crate::kit::browser::download_url;
use crate::kit::canvas_theme::CanvasTheme;

/// Device pixels per CSS pixel in the file: sharp on a high-density screen or in print.
const SCALE: f64 = 2.0;

/// Offers `copy`, an SVG `width` by `height` px that stands alone, as a PNG named `name`,
/// painted on `background`. Returns false when it cannot start; the file comes once the
/// SVG image has loaded.
pub fn download_png(
    copy: &web_sys::Element,
    (width, height): (f64, f64),
    background: &str,
    name: &str,
) -> bool {
    // Its size in px, so that the image is drawn at twice it, not stretched.
    let _ = copy.set_attribute("width", &format!("{width:.0}"));
    let _ = copy.set_attribute("height", &format!("{height:.0}"));
    let options = BlobPropertyBag::new();
    options.set_type("image/svg+xml");
    let parts = js_sys::Array::of1(&JsValue::from_str(&copy.outer_html()));
    let Ok(blob) = Blob::new_with_str_sequence_and_options(&parts, &options) else {
        return false;
    };
    let (Ok(url), Ok(image)) = (
        Url::create_object_url_with_blob(&blob),
        HtmlImageElement::new(),
    ) else {
        return false;
    };
    let (background, name, loaded, source) = (
        background.to_string(),
        name.to_string(),
        image.clone(),
        url.clone(),
    );
    let on_load = Closure::once_into_js(move || {
        let _ = Url::revoke_object_url(&source);
        if let Some(png) = draw(&loaded, width, height, &background) {
            download_url(&name, &png);
        }
    });
    image.set_onload(Some(on_load.unchecked_ref()));
    image.set_src(&url);
    true
}

/// `image` on a canvas [`SCALE`] times `width` by `height`, as a `data:` URL of a PNG.
fn draw(image: &HtmlImageElement, width: f64, height: f64, background: &str) -> Option<String> {
    let document = web_sys::window()?.document()?;
    let canvas: HtmlCanvasElement = document.create_element("canvas").ok()?.dyn_into().ok()?;
    let (w, h) = ((width * SCALE).round(), (height * SCALE).round());
    canvas.set_width(w as u32);
    canvas.set_height(h as u32);
    let context: web_sys::CanvasRenderingContext2d =
        canvas.get_context("2d").ok()??.dyn_into().ok()?;
    context.set_fill_style_str(background);
    context.fill_rect(0.0, 0.0, w, h);
    context
        .draw_image_with_html_image_element_and_dw_and_dh(image, 0.0, 0.0, w, h)
        .ok()?;
    canvas.to_data_url_with_type("image/png").ok()
}

/// The colour behind `element` on the page: the first ancestor's background that is not
/// transparent; the theme's surface when every one is (a transparent embed).
pub fn backdrop(element: &web_sys::Element) -> String {
    let window = web_sys::window();
    let mut at = Some(element.clone());
    while let Some(element) = at {
        let colour = window
            .as_ref()
            .and_then(|w| w.get_computed_style(&element).ok().flatten())
            .and_then(|style| style.get_property_value("background-color").ok());
        match colour {
            Some(c) if !c.is_empty() && c != "transparent" && !c.ends_with(", 0)") => return c,
            _ => at = element.parent_element(),
        }
    }
    CanvasTheme::from_page().background
}
