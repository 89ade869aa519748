// The release build's first paint: each view as the app draws it at its default state,
// saved as HTML, so a slow network shows the page while its wasm module is still on the
// way (on the mobile preset of Lighthouse, the largest paint came 2.1 to 2.9 s in, after the
// module; the text is there in the first second now).
//
// `node tools/prerender.mjs dist` serves dist/ on loopback, opens every view of the views
// map on boot.js's tag (and the index, `#/`), full and `embed=1`, at a phone's width (412
// px) and a wide screen's (1280 px) in Debian's Chromium, waits until the page stops
// changing, and writes the app's element to dist/first/<view>[.embed].<phone|wide>.html,
// with what the reader typed or ticked written into attributes (the markup alone would
// lose it). Then it lists the saved pages on boot.js's tag (`data-ringlab-first`); boot.js
// shows one, inert, until the module draws the real page in its place.
//
// Only the default state is saved: an address with parameters, or a reader with saved
// progress (localStorage), waits for the module as before. The e2e test first-paint.test.js
// checks that each saved page is the page the module draws.
import { readFile, writeFile, mkdir, rm } from "node:fs/promises";
import { join } from "node:path";
import { chromium } from "playwright-core";
import { serve } from "../e2e/server.js";
import { SETTLE, WIDTHS, WORKER, settled, snapshot } from "./first-paint.mjs";


const dist = process.argv[2] ?? "dist";
const index = join(dist, "index.html");
let html = await readFile(index, "utf8");
// Drawn by the module alone: a list from an earlier run would show the old saved pages.
html = html.replace(/ data-ringlab-first="[^"]*"/, "");
await writeFile(index, html);
const tag = html.match(/<script type="module" src="[^"]*boot\.js"[^>]*>/)?.[0];
const viewsAttr = tag?.match(/data-ringlab-views="([^"]*)"/)?.[1];
if (!viewsAttr) throw new Error(`prerender: no views map on boot.js's tag in ${index}`);
const views = Object.keys(JSON.parse(viewsAttr.replace(/&quot;/g, '"').replace(/&amp;/g, "&")));

// key -> the address it is drawn from: "index" is the address with no view.
const pages = [];
for (const path of ["", ...views]) {
  const key = path || "index";
  pages.push({ key, hash: `#/${path}` }, { key: `${key}.embed`, hash: `#/${path}?embed=1` });
}

const server = await serve(dist);
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox"],
});
const failures = [];
try {
  await rm(join(dist, "first"), { recursive: true, force: true });
  await mkdir(join(dist, "first"));
  const jobs = pages.flatMap((page) => Object.keys(WIDTHS).map((width) => ({ ...page, width })));
  const worker = async () => {
    const context = await browser.newContext({ viewport: WIDTHS.phone });
    const tab = await context.newPage();
    await tab.route(WORKER, () => {});
    const errors = [];
    tab.on("pageerror", (error) => errors.push(String(error)));
    for (let job = jobs.shift(); job; job = jobs.shift()) {
      await tab.setViewportSize(WIDTHS[job.width]);
      // A fresh document per address: a hash change alone would keep the old page's state.
      await tab.goto("about:blank");
      await tab.goto(`${server.url}${job.hash}`);
      await tab.waitForSelector("body > .app:not([data-ringlab-first]) main h1", { state: "attached", timeout: 60_000 });
      await tab.evaluate(() => document.fonts.ready);
      const calm = await tab.evaluate(settled, SETTLE);
      const { html: markup, styled } = await tab.evaluate(snapshot);
      const name = `${job.key}.${job.width}`;
      if (!calm) failures.push(`${name}: still changing after ${SETTLE[1]} ms`);
      if (styled) failures.push(`${name}: ${styled} elements with a style attribute`);
      if (errors.length) failures.push(`${name}: ${errors.splice(0).join("; ")}`);
      await writeFile(join(dist, "first", `${name}.html`), markup);
    }
    await context.close();
  };
  await Promise.all([worker(), worker()]);
} finally {
  await browser.close();
  server.close();
}
if (failures.length) throw new Error(`prerender:\n  ${failures.join("\n  ")}`);

const keys = pages.map((page) => page.key);
const list = JSON.stringify(keys).replace(/"/g, "&quot;");
html = html.replace(tag, tag.replace(/>$/, ` data-ringlab-first="${list}">`));
await writeFile(index, html);
console.log(`prerender: ${keys.length} pages at ${Object.keys(WIDTHS).join(" and ")} widths -> ${dist}/first/`);
