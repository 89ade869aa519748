// The release build's index.html, for scripts/dist-bundles.sh. Trunk writes each bundle's
// page minified (attributes unquoted, reordered), so tags are read attribute by attribute.
//
//   node scripts/merge-index.mjs boot PAGE
//     prints the bundle's module and wasm (`data-ringlab-js`, `data-ringlab-wasm` on
//     boot.js's tag), one a line.
//   node scripts/merge-index.mjs merge FROM TO BUNDLES VIEWS STYLES
//     writes TO: the page FROM without Trunk's preloads of one bundle's files, its views'
//     stylesheets moved into a map (bundle -> their addresses, which boot.js adds with the
//     bundle's module: a page fetches only its own views' styles), and boot.js's tag
//     written out whole with the three maps (JSON) as attributes, not inline script: the
//     CSP allows none.
import { readFileSync, writeFileSync } from "node:fs";

/** A tag's attributes, quoted or not. */
function attributes(tag) {
  const found = {};
  const body = tag.replace(/^<\w+/, "").replace(/\/?>$/, "");
  for (const [, name, , double, single, bare] of body.matchAll(/([\w:-]+)(=("([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g)) {
    found[name] = double ?? single ?? bare ?? "";
  }
  return found;
}

const unescape = (value) => value.replace(/&quot;/g, '"').replace(/&amp;/g, "&");
const escape = (value) => value.replace(/&/g, "&amp;").replace(/"/g, "&quot;");

/** boot.js's script tag and its attributes. */
function bootTag(html) {
  for (const [tag] of html.matchAll(/<script\b[^>]*>/g)) {
    const attrs = attributes(tag);
    if (/(^|\/)boot\.js$/.test(attrs.src ?? "")) return { tag, attrs };
  }
  throw new Error("merge-index: no boot.js script tag");
}

const [mode, ...args] = process.argv.slice(2);
if (mode === "boot") {
  const { attrs } = bootTag(readFileSync(args[0], "utf8"));
  console.log(unescape(attrs["data-ringlab-js"]));
  console.log(unescape(attrs["data-ringlab-wasm"]));
} else if (mode === "merge") {
  const [from, to, bundles, views, stylesJson] = args;
  const styles = JSON.parse(stylesJson);
  let html = readFileSync(from, "utf8");
  const links = [...html.matchAll(/<link\b[^>]*>\s*/g)].map(([tag]) => ({ tag, attrs: attributes(tag.trim()) }));
  for (const { tag, attrs } of links) {
    if (attrs.rel === "modulepreload" || attrs.rel === "preload") html = html.replace(tag, "");
  }
  // A stylesheet may serve several bundles: each finds its tag in the page as built.
  const byBundle = {};
  for (const [bundle, names] of Object.entries(styles)) {
    byBundle[bundle] = names.map((name) => {
      const found = links.find(({ attrs }) => attrs.rel === "stylesheet" && new RegExp(`^\\./${name}-[0-9a-f]+\\.css$`).test(attrs.href ?? ""));
      if (!found) throw new Error(`merge-index: no stylesheet ${name}.css in ${from}`);
      html = html.replace(found.tag, () => "");
      // The address alone: these come from the page's own origin, where an integrity
      // hash guards nothing the page itself does not (and 25 of them cost every first
      // load over a kilobyte).
      return { href: found.attrs.href };
    });
  }
  const { tag, attrs } = bootTag(html);
  const written = {
    type: "module",
    src: attrs.src,
    "data-ringlab-js": unescape(attrs["data-ringlab-js"]),
    "data-ringlab-wasm": unescape(attrs["data-ringlab-wasm"]),
    "data-ringlab-bundles": bundles,
    "data-ringlab-views": views,
    "data-ringlab-styles": JSON.stringify(byBundle),
  };
  const text = Object.entries(written).map(([name, value]) => `${name}="${escape(value)}"`).join(" ");
  // A function, not a string: the maps' text must not be read as `$&` and the like.
  html = html.replace(tag, () => `<script ${text}>`);
  writeFileSync(to, html);
} else {
  console.error("usage: merge-index.mjs boot PAGE | merge FROM TO BUNDLES VIEWS STYLES");
  process.exit(2);
}
