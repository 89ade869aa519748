// Starts the app. Trunk's own loader is an inline script, which the page's
// Content-Security-Policy refuses; Trunk.toml's pattern_script loads this file instead and
// hands it the hashed names of the wasm-bindgen glue and the wasm module.
//
// The release build (`make dist`) has one module per bundle of views and adds two maps to
// the tag: `data-ringlab-bundles` (bundle -> its glue and module) and `data-ringlab-views`
// (view path -> bundle, from the registry). The view in the address picks the bundle, so
// a page downloads only the module that draws it; an address that names no known view
// takes the first. A third map, `data-ringlab-styles`, gives each bundle's
// stylesheets, added here (and waited for) before the module draws.
//
// A fourth, `data-ringlab-first`, lists the views saved as the app drew them at their
// default state (tools/prerender.mjs, in dist/first/). An address with no parameters (or
// only `embed=1`) shows its saved page, inert, as soon as the styles are in, and the app's
// own page takes its place the moment the module draws it. The module is fetched once the
// saved page is on the screen (see showFirst): on a fast network the app would otherwise
// draw first, and the saved page would never be seen. A reader with saved progress
// (localStorage) waits for the module: the saved page would not be theirs.
const tag = document.querySelector("script[data-ringlab-js]");
let { ringlabJs: js, ringlabWasm: wasm } = tag.dataset;
let stopFirst = () => {};
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
  const first = firstPage(path);
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
  stopFirst = await showFirst(first);
}
const { default: init } = await import(js);
try {
  await init({ module_or_path: wasm });
} catch (error) {
  stopFirst();
  throw error;
}

/** The saved page for this address (a promise of its markup), or null when there is none. */
function firstPage(path) {
  const saved = JSON.parse(tag.dataset.ringlabFirst ?? "[]");
  const address = location.hash.match(/^(?:#\/?)?([^?/]*)(\?embed=1)?$/);
  if (!address || address[1] !== path) return null;
  const key = `${path || "index"}${address[2] ? ".embed" : ""}`;
  if (!saved.includes(key)) return null;
  // Saved progress (the walkthrough's, the interview's) changes what the page shows.
  try {
    for (let i = 0; i < localStorage.length; i++) {
      if (localStorage.key(i).startsWith("ringlab.")) return null;
    }
  } catch {}
  const width = innerWidth < 760 ? "phone" : "wide";
  // A saved page that takes long is not worth waiting for.
  return fetch(`first/${key}.${width}.html`, { signal: AbortSignal.timeout(3000) })
    .then((response) => (response.ok ? response.text() : null))
    .catch(() => null);
}

/**
 * Shows the saved page until the app's own appears; resolves, once it is painted, to what
 * takes it away.
 */
async function showFirst(markup) {
  const html = await markup;
  const template = document.createElement("template");
  template.innerHTML = html ?? "";
  const shown = template.content.firstElementChild;
  if (!shown?.matches(".app[data-ringlab-first]")) return () => {};
  // The app's page replaces it in the task that draws it: no frame holds both.
  const watch = new MutationObserver((records) => {
    const added = records.flatMap((record) => [...record.addedNodes]);
    if (added.some((node) => node.matches?.(".app:not([data-ringlab-first])"))) stop();
  });
  const stop = () => {
    watch.disconnect();
    shown.remove();
  };
  watch.observe(document.body, { childList: true });
  document.body.prepend(shown);
  // The tab's title, as the app writes it (src/app/mod.rs), from the saved page's heading.
  const heading = shown.querySelector("main h1")?.textContent;
  if (heading) document.title = `${heading} · ringlab`;
  // Until it is on the screen: the page's first contentful paint is the saved page's
  // (nothing before it has text), reported once the frame is shown, which is later than
  // the frame is drawn. A browser without paint timing waits two frames. A hidden page
  // shows nothing, and a frame out of view gets few frames: neither waits long.
  if (document.visibilityState === "visible") {
    await Promise.race([onScreen(), new Promise((done) => setTimeout(done, 500))]);
  }
  return stop;
}

/** Resolves once the page's first contentful paint is on the screen. */
function onScreen() {
  return new Promise((done) => {
    if (!PerformanceObserver.supportedEntryTypes?.includes("paint")) {
      requestAnimationFrame(() => requestAnimationFrame(done));
      return;
    }
    const paints = new PerformanceObserver((list) => {
      if (list.getEntriesByName("first-contentful-paint").length > 0) {
        paints.disconnect();
        done();
      }
    });
    paints.observe({ type: "paint", buffered: true });
  });
}
