//! A file fetched as bytes, with its progress, for data a view loads only when the reader
//! asks for it (the LLM traces). Dropping the [`Fetching`] stops the download.

use wasm_bindgen::prelude::*;
use web_sys::{ProgressEvent, XmlHttpRequest, XmlHttpRequestResponseType};
use yew::Callback;

/// Where a fetch stands.
#[derive(Clone)]
pub enum Fetched {
    /// Bytes so far, and in all when the server says (0 when it does not).
    Loading {
        loaded: f64,
        total: f64,
    },
    Done(js_sys::Uint8Array),
    Failed(String),
}

/// A download under way.
pub struct Fetching {
    request: XmlHttpRequest,
    _on_progress: Closure<dyn FnMut(ProgressEvent)>,
    _on_load: Closure<dyn FnMut(ProgressEvent)>,
    _on_error: Closure<dyn FnMut(ProgressEvent)>,
}

impl Drop for Fetching {
    fn drop(&mut self) {
        // The handlers go with this value: none may be called after.
        self.request.set_onprogress(None);
        self.request.set_onload(None);
        self.request.set_onerror(None);
        let _ = self.request.abort();
    }
}

/// Fetches `url`, telling `on` of its progress, then of its bytes or why it failed.
pub fn fetch_bytes(url: &str, on: Callback<Fetched>) -> Result<Fetching, String> {
    let cannot = |_| format!("this page cannot fetch {url}");
    let request = XmlHttpRequest::new().map_err(cannot)?;
    request.open("GET", url).map_err(cannot)?;
    request.set_response_type(XmlHttpRequestResponseType::Arraybuffer);
    let on_progress = {
        let on = on.clone();
        Closure::<dyn FnMut(ProgressEvent)>::new(move |e: ProgressEvent| {
            let total = if e.length_computable() {
                e.total()
            } else {
                0.0
            };
            on.emit(Fetched::Loading {
                loaded: e.loaded(),
                total,
            });
        })
    };
    let on_load = {
        let (on, request, url) = (on.clone(), request.clone(), url.to_string());
        Closure::<dyn FnMut(ProgressEvent)>::new(move |_: ProgressEvent| {
            let status = request.status().unwrap_or(0);
            let body = request.response().ok().filter(|_| status == 200);
            on.emit(match body {
                Some(buffer) => Fetched::Done(js_sys::Uint8Array::new(&buffer)),
                None => Fetched::Failed(format!("{url} could not be fetched (HTTP {status})")),
            });
        })
    };
    let on_error = {
        let url = url.to_string();
        Closure::<dyn FnMut(ProgressEvent)>::new(move |_: ProgressEvent| {
            on.emit(Fetched::Failed(format!(
                "{url} could not be fetched: the network failed"
            )));
        })
    };
    request.set_onprogress(Some(on_progress.as_ref().unchecked_ref()));
    request.set_onload(Some(on_load.as_ref().unchecked_ref()));
    request.set_onerror(Some(on_error.as_ref().unchecked_ref()));
    request.send().map_err(cannot)?;
    Ok(Fetching {
        request,
        _on_progress: on_progress,
        _on_load: on_load,
        _on_error: on_error,
    })
}
