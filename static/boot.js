// Starts the app. Trunk's own loader is an inline script, which the page's
// Content-Security-Policy refuses; Trunk.toml's pattern_script loads this file instead and
// hands it the hashed names of the wasm-bindgen glue and the wasm module.
//
// The release build (`make dist`) has one module per bundle of views and adds two maps to
// the tag: `data-ringlab-bundles` (bundle -> its glue and module) and `data-ringlab-views`
// (view path -> bundle, from the registry). The view in the address picks the bundle, so
// a page downloads only the module that draws it; a view every bundle has ("*"), or none
// named, takes the first. A third map, `data-ringlab-styles`, gives each bundle's
// stylesheets, added here (and waited for) before the module draws.
const tag = document.querySelector("script[data-ringlab-js]");
let { ringlabJs: js, ringlabWasm: wasm } = tag.dataset;
if (tag.dataset.ringlabBundles) {
  const bundles = JSON.parse(tag.dataset.ringlabBundles);
  const views = JSON.parse(tag.dataset.ringlabViews);
  const raw = location.hash.replace(/^#\/?/, "").split(/[?/]/)[0];
  // A malformed escape (`#/%ff`) names no view: the first bundle opens, and the app's
  // own reading of the address (which never fails) says what was wrong.
  let path = raw;
  try {
    path = decodeURIComponent(raw);
  } catch {}
  const name = views[path] in bundles ? views[path] : Object.keys(bundles)[0];
  ({ js, wasm } = bundles[name]);
  const styles = JSON.parse(tag.dataset.ringlabStyles ?? "{}")[name] ?? [];
  await Promise.all(
    styles.map(({ href, integrity }) => {
      const link = document.createElement("link");
      link.rel = "stylesheet";
      link.href = href;
      if (integrity) link.integrity = integrity;
      const loaded = new Promise((done) => {
        link.onload = done;
        link.onerror = done;
      });
      document.head.append(link);
      return loaded;
    }),
  );
}
const { default: init } = await import(js);
await init({ module_or_path: wasm });
