// Starts the app. Trunk's own loader is an inline script, which the page's
// Content-Security-Policy refuses; Trunk.toml's pattern_script loads this file instead and
// hands it the hashed names of the wasm-bindgen glue and the wasm module.
const tag = document.querySelector("script[data-ringlab-js]");
const { default: init } = await import(tag.dataset.ringlabJs);
await init({ module_or_path: tag.dataset.ringlabWasm });
