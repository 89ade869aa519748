// The first-load transfer of every view (a benchmark, not a test): dist/ served
// gzip-compressed on loopback (gzip-server.js), each view loaded in a fresh browser context
// (empty cache) in Debian's headless Chromium, and every response's transferred bytes
// summed (the Chrome DevTools Protocol's Network.loadingFinished encodedDataLength: the
// compressed body plus the response headers). Full page and `embed=1`, against the budget
// of 300 KB (300,000 bytes) per first load; then the whole site, every file of dist/
// gzip-compressed.
//
// The views are the links of the index page's region "Every view" (rendered from
// src/registry.rs), plus the index itself.
//
// Prints a Markdown table; `make bench-browser` writes it into BENCHMARKS.md between
// <!-- sizes:begin --> and <!-- sizes:end -->. `node bench/sizes.js` from e2e/ reuses the
// last build.
import { chromium } from "playwright-core";
import { builtFrom } from "./gzip-server.js";
import { CHROMIUM_ARGS, LIVE_MAIN } from "../harness.js";
import { DEFAULT_DIST, GZIP_LEVEL, gzipSizes, serveGzip } from "./gzip-server.js";

const BUDGET = 300_000;
const kb = (bytes) => (bytes / 1000).toFixed(1);
const pct = (bytes) => `${Math.round((bytes / BUDGET) * 100)}%`;
// Over budget in bold.
const share = (bytes) => (bytes > BUDGET ? `**${pct(bytes)}**` : pct(bytes));

function kind(url, mime) {
  const path = new URL(url).pathname;
  if (path.endsWith(".wasm") || mime === "application/wasm") return "wasm";
  if (path.endsWith(".js") || /javascript/.test(mime)) return "js";
  if (path.endsWith(".css") || mime === "text/css") return "css";
  if (path.endsWith("/") || path.endsWith(".html") || mime === "text/html") return "html";
  return "other";
}

/** Every response of the first load of `hash`, with an empty cache. */
async function firstLoad(browser, url, hash) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const requests = new Map();
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  cdp.on("Network.responseReceived", ({ requestId, response }) => {
    requests.set(requestId, { url: response.url, mime: response.mimeType, bytes: 0, done: false });
  });
  cdp.on("Network.loadingFinished", ({ requestId, encodedDataLength }) => {
    const r = requests.get(requestId);
    if (r) Object.assign(r, { bytes: encodedDataLength, done: true });
  });
  await cdp.send("Network.enable");
  await page.goto(url + hash);
  await page.locator(LIVE_MAIN).waitFor({ state: "attached", timeout: 60_000 });
  await page.waitForLoadState("networkidle");
  // Anything the views fetch after their first paint (none today) would land here.
  await page.waitForTimeout(500);
  await context.close();
  if (errors.length) throw new Error(`${hash}: console errors: ${errors.join("; ")}`);
  const pending = [...requests.values()].filter((r) => !r.done && !r.url.startsWith("data:"));
  if (pending.length) throw new Error(`${hash}: unfinished responses: ${pending.map((r) => r.url).join(", ")}`);
  const byKind = { html: 0, js: 0, wasm: 0, css: 0, other: 0 };
  let count = 0;
  for (const r of requests.values()) {
    if (r.url.startsWith("data:")) continue;
    if (process.env.SIZES_VERBOSE) console.error(`${hash}\t${r.bytes}\t${r.url}`);
    byKind[kind(r.url, r.mime)] += r.bytes;
    if (r.bytes > 0) count += 1; // a second request for the favicon comes from the cache
  }
  const total = Object.values(byKind).reduce((a, b) => a + b, 0);
  return { byKind, total, count };
}

async function views(browser, url) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${url}#/views`);
  const region = page.getByRole("region", { name: "Every view", exact: true });
  await region.getByRole("link").first().waitFor();
  const hrefs = await region.getByRole("link").evaluateAll((links) => links.map((a) => a.getAttribute("href")));
  await context.close();
  return [...hrefs.map((h) => h.replace(/^#\//, "").split("?")[0]), "views"];
}

async function main() {
  const server = await serveGzip(DEFAULT_DIST);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
    args: CHROMIUM_ARGS,
  });
  const out = [];
  try {
    const paths = await views(browser, server.url);
    out.push(
      `Measured ${new Date().toISOString().slice(0, 10)} on ${builtFrom()}: Chromium ${browser.version()}, headless, empty cache, ` +
        `dist/ served gzip-compressed (level ${GZIP_LEVEL}) on loopback; KB = 1000 bytes, ` +
        "transferred = compressed bodies plus response headers.",
      "",
      "| view | requests | HTML | JS | wasm | CSS | other | transferred | of 300 KB |",
      "|---|---|---|---|---|---|---|---|---|",
    );
    let worst = 0;
    for (const path of paths) {
      for (const [label, hash] of [
        [`\`#/${path}\``, `#/${path}`],
        [`\`#/${path}?embed=1\``, `#/${path}?embed=1`],
      ]) {
        const { byKind: b, total, count } = await firstLoad(browser, server.url, hash);
        worst = Math.max(worst, total);
        out.push(
          `| ${label} | ${count} | ${kb(b.html)} | ${kb(b.js)} | ${kb(b.wasm)} | ${kb(b.css)} | ${kb(b.other)} | ` +
            `${kb(total)} KB | ${share(total)} |`,
        );
      }
    }
    const files = await gzipSizes(DEFAULT_DIST);
    const all = files.reduce((s, f) => s + f.gzip, 0);
    const raw = files.reduce((s, f) => s + f.raw, 0);
    out.push(
      `| whole site: the ${files.length} files of dist/, gzip -${GZIP_LEVEL}, bodies only (${kb(raw)} KB uncompressed) | | | | | | | ${kb(all)} KB | ${pct(all)} |`,
      "",
      `Largest first load: ${kb(worst)} KB, ${pct(worst)} of the budget ` +
        (worst > BUDGET ? `(**${kb(worst - BUDGET)} KB over**).` : `(${kb(BUDGET - worst)} KB to spare).`) +
        " Over budget in bold. The whole site is every file any view or host page may fetch, not a budget of its own.",
    );
  } finally {
    await browser.close();
    await server.close();
  }
  console.log(out.join("\n"));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
