//! The lab's Web Worker. It says `ready` once its module has started, then answers each
//! job (one line of text, `ringlab_model::lab::job::Job`) with a `Float64Array` of its
//! rings' outcomes, and a line that is not a job with the text `refused`. The page cuts
//! runs into jobs and puts the answers back in order; Cancel terminates the worker.

#[cfg(target_arch = "wasm32")]
fn main() {
    use ringlab_core::experiment::Scratch;
    use ringlab_model::lab::job::Job;
    use wasm_bindgen::prelude::*;
    use web_sys::{DedicatedWorkerGlobalScope, MessageEvent};

    let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let reply = scope.clone();
    let mut scratch = Scratch::default();
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
        let job = event.data().as_string().as_deref().and_then(Job::from_text);
        let Some(job) = job else {
            let _ = reply.post_message(&JsValue::from_str("refused"));
            return;
        };
        let clock = || reply.performance().map_or(0.0, |p| p.now());
        let values = js_sys::Float64Array::from(job.run(&mut scratch, &clock).as_slice());
        let transfer = js_sys::Array::of1(&values.buffer());
        let _ = reply.post_message_with_transfer(&values, &transfer);
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
