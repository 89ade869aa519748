// A widget on host pages of every kind, served from a second origin with embed.js: the
// scheme it paints follows what the page shows (a page that paints no background is
// white, whatever the reader's system says, unless it allows dark), through the page's
// own toggle both ways; and a widget whose Web Workers run leaves the console clean.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { LIVE_MAIN, SCREENSHOTS, start } from "../harness.js";
import { hostSite } from "../host-page.js";
import { luminance, waitUntil } from "../common.js";
import { shownColours } from "../pixels.js";

let env;
let host;

/**
 * The host pages, each with the scheme its widget must take: `toggle` for the page's own
 * light/dark toggle (Docusaurus's `data-theme` on <html>), `reader` for the reader's system.
 */
const HOSTS = {
  // Paints nothing, says nothing: the browser paints it white, in either toggle state.
  nothing: { says: "paints nothing", css: "body { font-family: sans-serif; }", follows: "light" },
  // Paints nothing, but allows dark: the browser paints it as the reader's system says.
  "nothing-light-dark": { says: "paints nothing but allows dark", css: ":root { color-scheme: light dark; }", follows: "reader" },
  // Docusaurus-style: a background only in dark, none at all in light.
  "only-dark": {
    says: "paints only in dark",
    css: "html[data-theme=dark] { background: #1b1b1d; color: #e3e3e3; }",
    follows: "toggle",
  },
  // Paints both.
  both: {
    says: "paints both schemes",
    css: "html { background: #ffffff; color: #1c1e21; } html[data-theme=dark] { background: #1b1b1d; color: #e3e3e3; }",
    follows: "toggle",
  },
};

const page = (css, app, hash) => `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>A host page</title><style>${css}</style></head>
<body>
<h1>A host page</h1>
<iframe title="ringlab: the widget" src="${app}${hash}" width="100%" height="600"></iframe>
<script src="${app}embed.js" async></script>
</body>
</html>
`;

before(async () => {
  env = await start();
  const files = Object.fromEntries(Object.entries(HOSTS).map(([name, { css }]) => [`${name}.html`, page(css, env.url, "#/clock?embed=1")]));
  files["workers.html"] = page("", env.url, "#/compare?servers=100&keys=10000&embed=1");
  host = await hostSite(files);
});

after(async () => {
  await env?.stop();
  await host?.close();
});

/** The host page `name` in a context whose reader's system is `reader`; its widget mounted. */
async function openHost(name, reader) {
  const context = await env.browser.newContext({ viewport: { width: 1000, height: 800 }, colorScheme: reader });
  const page = await context.newPage();
  const errors = [];
  page.on("console", (msg) => msg.type() === "error" && errors.push(msg.text()));
  page.on("pageerror", (error) => errors.push(String(error)));
  await page.goto(`${host.url}${name}.html`);
  const iframe = page.locator("iframe");
  const frame = page.frameLocator("iframe");
  await frame.locator(LIVE_MAIN).waitFor({ state: "attached", timeout: 30_000 });
  return { context, page, iframe, frame, errors };
}

/**
 * Waits until the widget paints `scheme`: its page's background, then the clock's dial
 * read pixel by pixel from a screenshot, most of it the scheme's surface colour.
 */
async function paints({ frame }, scheme, what) {
  const dark = scheme === "dark";
  const bg = () => frame.locator("body").evaluate((body) => getComputedStyle(body).backgroundColor);
  await waitUntil(bg, (colour) => (luminance(colour) < 0.05) === dark, `${what}: the widget's background`, 5_000);
  const dial = frame.locator("svg.ck-dial");
  const { counts, pixels, rgb } = await shownColours(dial, { surface: "--surface" }, 6);
  assert.equal(luminance(rgb.surface) < 0.1, dark, `${what}: the dial's surface ${rgb.surface}`);
  assert.ok(counts.surface > pixels / 2, `${what}: ${counts.surface} of the dial's ${pixels} pixels are its surface ${rgb.surface}`);
}

/**
 * Flips the host's toggle to `state` ("light" or "dark"). embed.js sees the attribute
 * change in a microtask of the same task, so by the time this returns it has told the
 * frame, and marked the frame's element with what it told.
 */
async function toggle({ page }, state) {
  await page.evaluate((state) => (document.documentElement.dataset.theme = state), state);
}

/** The scheme embed.js last told the frame (it marks the frame's element with it). */
const told = ({ iframe }) => iframe.evaluate((el) => el.style.colorScheme);

const FOLLOWS = { light: "stays light, as the page is white", reader: "follows the reader's system", toggle: "follows the page's toggle" };

for (const [name, { says, follows }] of Object.entries(HOSTS)) {
  test(`a widget on a page that ${says} ${FOLLOWS[follows]}, the reader's system light or dark`, async () => {
    for (const reader of ["light", "dark"]) {
      const opened = await openHost(name, reader);
      const expected = (state) => (follows === "toggle" ? state : follows === "reader" ? reader : "light");
      const what = (state) => `${name}, reader ${reader}, toggle ${state}`;
      await waitUntil(() => told(opened), (scheme) => scheme !== "", `${what("unset")}: embed.js told nothing`);
      assert.equal(await told(opened), expected("light"), what("unset"));
      await paints(opened, expected("light"), what("unset"));
      for (const state of ["dark", "light"]) {
        await toggle(opened, state);
        assert.equal(await told(opened), expected(state), what(state));
        await paints(opened, expected(state), what(state));
      }
      if (name === "only-dark") {
        await toggle(opened, "light");
        await opened.page.screenshot({ path: join(SCREENSHOTS, `host-only-dark-reader-${reader}.png`) });
      }
      assert.deepEqual(opened.errors, [], "console errors");
      await opened.context.close();
    }
  });
}

test("a widget whose Web Workers run leaves the host's console clean", async () => {
  const context = await env.browser.newContext({ viewport: { width: 1000, height: 800 } });
  // Every console message of every kind, from the page, its frames and their workers.
  const messages = [];
  const record = (where) => (msg) => messages.push({ where, type: msg.type(), text: msg.text(), url: msg.location().url });
  context.on("console", record("context"));
  const page = await context.newPage();
  page.on("console", record("page"));
  page.on("worker", (worker) => worker.on("console", record("worker")));
  await page.goto(`${host.url}workers.html`);
  const frame = page.frameLocator("iframe");
  await frame
    .getByRole("status")
    .filter({ hasText: /^All 10,000 keys placed in [\d.]+ s on \d workers\.$/ })
    .waitFor({ timeout: 60_000 });
  // The workers ran: their loader was fetched by the widget.
  const fetched = await page
    .frames()[1]
    .evaluate(() => performance.getEntriesByType("resource").map((e) => new URL(e.name).pathname));
  assert.ok(fetched.some((path) => path.endsWith("/lab-worker_loader.js")), fetched.join(" "));
  const noisy = messages.filter(({ type, text }) => type === "warning" || type === "error" || /deprecated/i.test(text));
  assert.deepEqual(noisy, [], "warnings in the console");
  await context.close();
});
