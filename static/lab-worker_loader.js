// Starts the Web Worker of the lab and the comparison (lab-worker/, built by Trunk as
// wasm-bindgen's no-modules glue, lab-worker.js, beside its module). Trunk's own loader
// shim passes the module's path as a bare string, which wasm-bindgen accepts with a
// console warning ("using deprecated parameters for the initialization function") in
// every worker, and so in the host page's console: the options object says the same
// without it.
importScripts("./lab-worker.js");
wasm_bindgen({ module_or_path: "./lab-worker_bg.wasm" });
