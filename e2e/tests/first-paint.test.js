// The first paint: each view at its default state was saved at build time
// (tools/prerender.mjs) and boot.js shows it while the module is on its way. The saved page
// must be the page the module draws (every word and number the same), inert while shown,
// gone without a shift the moment the app draws, and the largest thing the reader sees
// painted before the module arrives. An address with parameters, or a reader with saved
// progress, must not see it: it would not be their page.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { DIST, LIVE_MAIN, screenshot, start } from "../harness.js";
import { open } from "../common.js";
import { SETTLE, WIDTHS, WORKER, settled, snapshot } from "../../tools/first-paint.mjs";

let env;
let saved;
before(async () => {
  env = await start();
  const index = await readFile(join(DIST, "index.html"), "utf8");
  const list = index.match(/data-ringlab-first="([^"]*)"/)?.[1];
  saved = JSON.parse((list ?? "[]").replace(/&quot;/g, '"'));
});
after(async () => {
  await env?.stop();
});

const SAVED_PAGE = "body > .app[data-ringlab-first]";
const address = (key) => {
  const [view, embed] = key.split(".");
  return `#/${view === "index" ? "" : view}${embed ? "?embed=1" : ""}`;
};

/**
 * Holds every request for a wasm module until `release()`: the time a slow network takes,
 * made as long as the test needs.
 */
async function holdModules(page) {
  let release;
  const released = new Promise((done) => (release = done));
  await page.route(/_bg\.wasm$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** Records, from the page's first moment, its largest paints, its layout shifts and when the app drew. */
async function watchPaints(context) {
  await context.addInitScript(() => {
    const seen = (window.__paints = { largest: [], moves: [], drawn: null });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) seen.largest.push({ at: entry.startTime, text: entry.element?.textContent?.slice(0, 60) ?? null });
    }).observe({ type: "largest-contentful-paint", buffered: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        seen.moves.push({
          at: entry.startTime,
          value: entry.value,
          what: entry.sources.map((s) => `${s.node?.nodeName}.${s.node?.className} ${JSON.stringify(s.previousRect)}->${JSON.stringify(s.currentRect)}`),
        });
      }
    }).observe({ type: "layout-shift", buffered: true });
    new MutationObserver((records, observer) => {
      const added = records.flatMap((record) => [...record.addedNodes]);
      if (added.some((node) => node.matches?.(".app:not([data-ringlab-first])"))) {
        seen.drawn = performance.now();
        observer.disconnect();
      }
    }).observe(document, { childList: true, subtree: true });
  });
}

test("the build saved every view, full and embedded, at both widths", async () => {
  const links = [];
  const { context, page } = await open(env);
  await page.goto(`${env.url}#/views`);
  await page.locator(LIVE_MAIN).waitFor({ state: "attached" });
  const every = page.getByRole("region", { name: "Every view" }).getByRole("link");
  await every.first().waitFor();
  for (const href of await every.evaluateAll((all) => all.map((a) => a.getAttribute("href")))) links.push(href.slice(2));
  await context.close();
  const expected = [...new Set(["index", "views", ...links])].flatMap((view) => [view, `${view}.embed`]);
  assert.deepEqual([...saved].sort(), expected.sort());
  for (const key of saved) {
    for (const width of Object.keys(WIDTHS)) {
      const markup = await readFile(join(DIST, "first", `${key}.${width}.html`), "utf8");
      assert.match(markup, /^<div class="app[^"]*" inert="" data-ringlab-first="">/, `${key}.${width}`);
    }
  }
});

test("each saved page is the page the module draws, word for word", async () => {
  const differ = [];
  for (const [width, viewport] of Object.entries(WIDTHS)) {
    const { context, page, clean } = await open(env, { viewport });
    // As the build saved them: Compare's run held at 0% (its worker never answers).
    await page.route(WORKER, () => {});
    for (const key of saved) {
      await page.goto("about:blank");
      await page.goto(`${env.url}${address(key)}`);
      await page.locator(LIVE_MAIN).waitFor({ state: "attached" });
      await page.evaluate(settled, SETTLE);
      const live = (await page.evaluate(snapshot)).html;
      const file = await readFile(join(DIST, "first", `${key}.${width}.html`), "utf8");
      if (live !== file) {
        const at = [...live].findIndex((c, i) => c !== file[i]);
        differ.push(`${key}.${width} from character ${at}: saved …${file.slice(at - 40, at + 60)}… drawn …${live.slice(at - 40, at + 60)}…`);
      }
    }
    clean();
    await context.close();
  }
  assert.deepEqual(differ, []);
});

for (const [key, width, scheme] of [
  ["ring", "phone", "light"],
  ["compare.embed", "wide", "dark"],
  ["maglev", "phone", "dark"],
  ["views", "wide", "light"],
]) {
  test(`${address(key)} at ${WIDTHS[width].width} px, ${scheme}: the saved page first, inert, then the app's in its place without a shift`, async () => {
    const { context, page, clean } = await open(env, { viewport: WIDTHS[width], colorScheme: scheme });
    await watchPaints(context);
    // Compare's run held at its start: the shifts counted are the hand-over's alone.
    await page.route(WORKER, () => {});
    const release = await holdModules(page);
    await page.goto(`${env.url}${address(key)}`);
    const first = page.locator(SAVED_PAGE);
    await first.waitFor();
    // Painted, and its largest paint recorded, before a key is pressed (input ends them).
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    assert.equal(await first.getAttribute("inert"), "", "the saved page takes no input");
    // Keyboard only: Tab finds nothing inside it to focus.
    await page.keyboard.press("Tab");
    assert.equal(await page.evaluate(() => document.activeElement?.closest(".app") ?? null), null, "nothing in the saved page takes focus");
    const look = () => ({
      background: getComputedStyle(document.body).backgroundColor,
      heading: getComputedStyle(document.querySelector("main h1")).color,
      title: document.querySelector("main h1").textContent,
      tab: document.title,
      // What each field shows: the saved markup carries it in attributes.
      fields: [...document.querySelectorAll("main input, main select, main textarea")].map((field) =>
        field.type === "checkbox" || field.type === "radio" ? field.checked : field.value,
      ),
    });
    const before = await page.evaluate(look);
    await screenshot(page, `first-paint-${key}-${width}-${scheme}`);
    release();
    await page.locator(LIVE_MAIN).waitFor({ state: "attached" });
    assert.equal(await page.locator("body > .app").count(), 1, "the saved page is gone");
    const afterwards = await page.evaluate(look);
    // The index has no fields; every other view tried here has several.
    if (key !== "views") assert.ok(before.fields.length > 0, "the saved page has fields");
    assert.deepEqual(before, afterwards, "the saved page has the app's colours, title and field values");
    // Wait for a frame with the app's page in it, then read what the reader saw.
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => setTimeout(done))));
    const paints = await page.evaluate(() => window.__paints);
    assert.ok(paints.drawn !== null, "the app drew its page");
    // From the moment the app draws: the hand-over and what follows it. (Under heavy load a
    // saved page has been seen to shift in its own first frames, before the app draws: not
    // yet understood, and left open on the issue.)
    const after = paints.moves.filter((move) => move.at >= paints.drawn);
    const shifted = after.reduce((sum, move) => sum + move.value, 0);
    assert.equal(shifted, 0, `no layout shift when the app's page takes the saved one's place (drawn at ${Math.round(paints.drawn)}): ${JSON.stringify(after)}`);
    const largest = paints.largest.at(-1);
    assert.ok(largest && largest.at < paints.drawn, `the largest paint came from the saved page, before the app drew: ${JSON.stringify(paints)}`);
    clean();
    await context.close();
  });
}

test("an address with parameters, or a reader with saved progress, waits for the module", async () => {
  const cases = [
    { hash: "#/ring?servers=5", progress: false },
    { hash: "#/ring?embed=1&theme=dark", progress: false },
    { hash: "#/learn/3", progress: false },
    { hash: "#/learn", progress: true },
  ];
  for (const { hash, progress } of cases) {
    const { context, page, clean } = await open(env, { viewport: WIDTHS.phone });
    if (progress) {
      await context.addInitScript(() => localStorage.setItem("ringlab.learn.progress", '{"done":[1]}'));
    }
    const fetched = [];
    page.on("request", (request) => fetched.push(new URL(request.url()).pathname));
    const release = await holdModules(page);
    const asked = page.waitForRequest(/_bg\.wasm$/);
    await page.goto(`${env.url}${hash}`);
    // By the time the module is asked for, a saved page would be on screen.
    await asked;
    assert.equal(await page.locator("body > .app").count(), 0, `${hash}: no page before the module`);
    assert.deepEqual(fetched.filter((path) => path.startsWith("/first/")), [], `${hash}: no saved page fetched`);
    release();
    await page.locator(LIVE_MAIN).waitFor({ state: "attached" });
    clean();
    await context.close();
  }
});
