//! The Web Worker of the lab and the comparison. It says `ready` once its module has
//! started, then answers each line of text with a `Float64Array`:
//! - a lab job (`ringlab_model::views::lab::job::Job`): its rings' outcomes;
//! - a range of the comparison's keys (`ringlab_model::views::compare::chunk::KeysChunk`): their
//!   tally. The schemes it built stay for the next range of the same comparison;
//! - a router's replay of an LLM trace (`ringlab_model::views::llm::run::Job`): its run.
//!
//! A message that is not a line is a trace handed over before the LLM jobs, `[name, bytes]`:
//! it is kept, and not answered.
//!
//! A line that is neither gets a line saying so, a comparison whose scheme cannot be
//! built the reason. Which answer a line gets is `ringlab_model::worker::answer`, tested
//! natively; this file only carries lines in and answers out. The page cuts runs into
//! jobs and puts the answers back together; Cancel terminates the worker.

#[cfg(target_arch = "wasm32")]
fn main() {
    use ringlab_core::experiment::Scratch;
    use wasm_bindgen::prelude::*;
    use web_sys::{DedicatedWorkerGlobalScope, MessageEvent};

    let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let reply = scope.clone();
    let mut scratch = Scratch::default();
    let mut built = None;
    let mut traces = ringlab_model::views::llm::traces::Traces::default();
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
        let data = event.data();
        if js_sys::Array::is_array(&data) {
            let given: js_sys::Array = data.unchecked_into();
            let name = given.get(0).as_string().unwrap_or_default();
            let bytes = js_sys::Uint8Array::new(&given.get(1)).to_vec();
            traces.put(&name, &bytes);
            return;
        }
        let line = data.as_string().unwrap_or_default();
        let clock = || reply.performance().map_or(0.0, |p| p.now());
        let answer =
            ringlab_model::worker::answer(&line, &mut scratch, &mut built, &mut traces, &clock);
        let _ = match answer {
            Ok(values) => {
                let values = js_sys::Float64Array::from(values.as_slice());
                let transfer = js_sys::Array::of1(&values.buffer());
                reply.post_message_with_transfer(&values, &transfer)
            }
            Err(why) => reply.post_message(&JsValue::from_str(&why)),
        };
    });
    scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    // The handler lives as long as the worker.
    on_message.forget();
    let _ = scope.post_message(&JsValue::from_str("ready"));
}

/// Natively there is no worker: the crate builds (for the workspace's checks) and does
/// nothing.
#[cfg(not(target_arch = "wasm32"))]
fn main() {}
