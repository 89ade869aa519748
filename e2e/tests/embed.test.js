// Embedding: the example documentation page (dist/docs/embed.html) served from a second
// origin, its iframes and embed.js pointing at the app's origin, as on a real host site.
// Each iframe is sized to its content by frame.js + embed.js, the theme parameter applies,
// nothing fails, nothing foreign is fetched, and an off-screen playground asks for no
// animation frames.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { DIST, LIVE_MAIN, SCREENSHOTS, start } from "../harness.js";
import { layoutSettled, luminance, open as openWith, readUntil, ringCanvasState, waitRingCanvas, waitUntil } from "../common.js";
import { assertSized, hostSite, loadFrames, sized } from "../host-page.js";
import { shownColours } from "../pixels.js";

let env;
let host;

before(async () => {
  env = await start();
  // The docs page on another origin, its relative links to the app made absolute.
  const docs = (name) => readFile(join(DIST, "docs", name), "utf8");
  const html = await docs("embed.html");
  assert.match(html, /src="\.\.\//);
  host = await hostSite({
    "embed.html": html.replaceAll('src="../', `src="${env.url}`),
    "embed-docs.css": await docs("embed-docs.css"),
    "embed-docs.js": await docs("embed-docs.js"),
  });
});

after(async () => {
  await env?.stop();
  await host?.close();
});

/** Counts requestAnimationFrame calls in every frame of every page of the context. */
function countFrames() {
  const raf = window.requestAnimationFrame.bind(window);
  window.__rafCalls = 0;
  window.requestAnimationFrame = (callback) => {
    window.__rafCalls += 1;
    return raf(callback);
  };
}

/**
 * A page that records what must never happen (common.js's `open`), the host's origin
 * allowed beside the app's, and animation frames counted in every frame.
 */
async function open(options = {}) {
  const opened = await openWith(env, { origins: [host.url], ...options });
  await opened.context.addInitScript(countFrames);
  return opened;
}

/** The docs page, every iframe loaded. */
const loadDocs = (page) => loadFrames(page, host.url + "embed.html");


test("the docs page embeds every view, each iframe exactly as tall as its content", async () => {
  const { context, page, clean } = await open();
  const frames = await loadDocs(page);
  const paths = frames.map(({ src }) => new URL(src).hash.split("?")[0]);
  assert.deepEqual(paths, ["#/ring", "#/grids", "#/clock", "#/cost", "#/systems", "#/load", "#/break", "#/learn/5", "#/views"]);
  for (const entry of frames) {
    const heights = await sized(entry);
    assertSized(heights, entry.src);
    // Sized by embed.js: not the snippet's 640 px, except by coincidence.
    assert.notEqual(await entry.iframe.evaluate((el) => el.style.height), "", entry.src);
    assert.equal(await entry.frame.locator(".app.embed").count(), 1, entry.src);
  }
  // A narrower host page reflows the widgets; their iframes follow.
  await page.setViewportSize({ width: 420, height: 800 });
  for (const entry of frames) assertSized(await sized(entry), `${entry.src} at 420 px`);
  await page.setViewportSize({ width: 1280, height: 800 });
  for (const entry of frames) assertSized(await sized(entry), `${entry.src} at 1280 px`);
  await clean();
  await context.close();
});

test("the theme parameter applies inside the frame", async () => {
  const { context, page, clean } = await open({ colorScheme: "light" });
  const frames = await loadDocs(page);
  for (const { frame, src } of frames) {
    const theme = new URL(src).hash.match(/theme=(\w+)/)?.[1] ?? null;
    const seen = await frame.evaluate(() => ({
      theme: document.documentElement.getAttribute("data-theme"),
      bg: getComputedStyle(document.body).backgroundColor,
    }));
    if (theme === "dark") {
      assert.equal(seen.theme, "dark", src);
      assert.ok(luminance(seen.bg) < 0.05, `${src}: background ${seen.bg}`);
    } else {
      // light, or auto under a light preference
      assert.ok(seen.theme === theme || (theme === null && seen.theme !== "dark"), `${src}: ${seen.theme}`);
      assert.ok(luminance(seen.bg) > 0.8, `${src}: background ${seen.bg}`);
    }
  }
  // controls=0 hides the cost panel's form.
  const cost = frames.find(({ src }) => src.includes("#/cost"));
  assert.ok(cost.src.includes("controls=0"));
  assert.equal(await cost.frame.locator(".view-controls:visible").count(), 0);
  await clean();
  await context.close();
});

test("an iframe grows with its content: the clock's Reveal", async () => {
  const { context, page, clean } = await open();
  const frames = await loadDocs(page);
  const clock = frames.find(({ src }) => src.includes("#/clock"));
  await clock.iframe.scrollIntoViewIfNeeded();
  const before = await sized(clock);
  assertSized(before, "clock");
  // Open the exercise editor and reveal the first step's answer.
  await clock.frame.locator("details.ck-edit > summary").click();
  await clock.frame.getByRole("button", { name: "Reveal" }).first().click();
  const grown = await readUntil(() => sized(clock), (h) => h.outer > before.outer + 20, 5_000);
  assert.ok(grown.outer > before.outer + 20, `clock iframe ${before.outer} → ${grown.outer}`);
  assertSized(grown, "clock after Reveal");
  // And shrinks back when the editor closes.
  await clock.frame.locator("details.ck-edit > summary").click();
  const shrunk = await readUntil(() => sized(clock), (h) => h.outer < grown.outer - 20, 5_000);
  assert.ok(shrunk.outer < grown.outer - 20, `clock iframe ${grown.outer} → ${shrunk.outer}`);
  assertSized(shrunk, "clock after closing the editor");
  await clean();
  await context.close();
});

/** requestAnimationFrame calls so far in `frame`. */
const rafCalls = (frame) => frame.evaluate(() => window.__rafCalls);

test("an off-screen playground in an iframe asks for no animation frames", async () => {
  const { context, page, clean } = await open();
  const frames = await loadDocs(page);
  const ring = frames.find(({ src }) => src.includes("#/ring"));
  // Scroll the host page to the end: the playground's iframe is far above the viewport,
  // and the playground says its loop is paused.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await page.waitForFunction(() => document.querySelector("iframe[src*='#/ring']").getBoundingClientRect().bottom < 0);
  await waitRingCanvas(ring.frame, (d) => d.loop === "paused");
  const start = await rafCalls(ring.frame);
  const painted = Number((await ringCanvasState(ring.frame)).frames);
  // Walk a key (clicked by script: a real click would scroll it into view). The page
  // paints the walk's first frame at once, then would ask for the next: it must not.
  await ring.frame.evaluate(() => document.querySelector(".pg-key").click());
  const walking = await waitRingCanvas(ring.frame, (d) => d.walk === "walking");
  assert.equal(await rafCalls(ring.frame), start, "frames asked for while off screen");
  // The walk's first frame is painted (a render of the page on another account, under
  // load, may paint the still picture once more), and then nothing: two of the host's
  // own frames later, no frame asked for and none painted.
  assert.ok(Number(walking.frames) > painted, "the walk's first frame painted");
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  assert.equal(await rafCalls(ring.frame), start, "no loop: no frame asked for");
  assert.equal((await ringCanvasState(ring.frame)).frames, walking.frames, "no loop: none painted");
  await clean();
  await context.close();
});

test("the playground pauses its animation off screen and resumes on screen", async () => {
  // The full page in a short window, so that the canvas can be scrolled away; no
  // cross-origin iframe (whose off-screen frames Chromium throttles by itself).
  const { context, page, clean } = await open({ viewport: { width: 1000, height: 360 } });
  await page.goto(env.url + "#/ring?servers=4&vnodes=1&keys=8&replicas=3&scheme=ring&seed=7");
  await page.locator("canvas.pg-canvas").waitFor();
  const frame = page.mainFrame();
  const walk = (i) => page.evaluate((i) => document.querySelectorAll(".pg-key")[i].click(), i);

  // On screen, a walk animates: the loop paints frame after frame until it is done.
  await page.locator("canvas.pg-canvas").scrollIntoViewIfNeeded();
  await waitRingCanvas(frame, (d) => d.loop === "running");
  let start = await rafCalls(page);
  const before = Number((await ringCanvasState(frame)).frames);
  await walk(1);
  await waitRingCanvas(frame, (d) => Number(d.frames) > before + 5);
  assert.ok((await rafCalls(page)) - start > 5, "a walk on screen asks for frames");
  await waitRingCanvas(frame, (d) => d.walk === "done");

  // Off screen, the same walk asks for none.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await waitRingCanvas(frame, (d) => d.loop === "paused");
  const canvas = await page.evaluate(() => document.querySelector("canvas.pg-canvas").getBoundingClientRect().bottom);
  assert.ok(canvas < 0, `canvas bottom ${canvas}`);
  start = await rafCalls(page);
  const painted = Number((await ringCanvasState(frame)).frames);
  await walk(2);
  const walking = await waitRingCanvas(frame, (d) => d.walk === "walking");
  assert.equal(await rafCalls(page), start, "frames asked for while off screen");
  assert.equal(Number(walking.frames), painted + 1, "one frame painted, no loop");

  // Back on screen, the loop resumes and the walk goes on to its end.
  await page.evaluate(() => window.scrollTo(0, 0));
  await waitRingCanvas(frame, (d) => d.loop === "running");
  await waitRingCanvas(frame, (d) => d.walk === "done");
  assert.ok((await rafCalls(page)) > start, "frames asked for again on screen");
  await clean();
  await context.close();
});

test("screenshots of the docs page, light and dark", async () => {
  for (const scheme of ["light", "dark"]) {
    const { context, page, clean } = await open({ colorScheme: scheme });
    const frames = await loadDocs(page);
    for (const entry of frames) assertSized(await sized(entry), entry.src);
    // A window as tall as the page rather than fullPage: Chromium paints no off-screen
    // cross-origin iframe, so fullPage would show them blank.
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    await page.setViewportSize({ width: 1280, height });
    for (const entry of frames) assertSized(await sized(entry), entry.src);
    await page.waitForLoadState("networkidle");
    await page.screenshot({ path: join(SCREENSHOTS, `embed-docs-${scheme}.png`) });
    await clean();
    await context.close();
  }
});

test("embed.js listens only to numbers in range from the app's own frames", async () => {
  const { context, page, clean } = await open();
  const frames = await loadDocs(page);
  // Every frame at its own height first, so that no late layout is counted below.
  for (const f of frames) await sized(f);
  const ring = frames.find(({ src }) => src.includes("#/ring"));
  const height = () => ring.iframe.evaluate((el) => el.style.height);
  const before = await height();
  // Every height embed.js gives any iframe, in order.
  await page.evaluate(() => {
    window.__heights = [];
    new MutationObserver((records) => {
      for (const r of records) window.__heights.push([r.target.getAttribute("src") ?? "other", r.target.style.height]);
    }).observe(document.body, { attributes: true, attributeFilter: ["style"], subtree: true });
  });
  // Not numbers, or out of range, from the app's frame: ignored.
  for (const data of ["5000", { height: 5000 }, 1e9, -5, Number.NaN, Infinity]) {
    await ring.frame.evaluate((data) => parent.postMessage(data, "*"), data);
  }
  // A frame of the host's own origin posting a number: ignored.
  await page.evaluate(() => {
    const other = document.createElement("iframe");
    other.srcdoc = "<p>other</p>";
    document.body.append(other);
    return new Promise((ok) => other.addEventListener("load", ok));
  });
  // The page's own number, the other frame's, then a marker: posted messages are handled
  // in order, so once the marker is in, the others have been.
  await page.evaluate(
    () =>
      new Promise((ok) => {
        const other = document.querySelector("iframe:not([src])");
        window.addEventListener("message", (e) => e.data === "marker" && ok());
        window.postMessage(1234, "*");
        other.contentWindow.eval("parent.postMessage(1234, '*')");
        other.contentWindow.eval("parent.postMessage('marker', '*')");
      }),
  );
  assert.equal(await page.evaluate(() => document.querySelector("iframe:not([src])").style.height), "");
  // A number in range from the app's frame is applied; it comes after the ignored ones
  // from the same frame, so the heights given so far are this one alone.
  await ring.frame.evaluate(() => parent.postMessage(321, "*"));
  await page.waitForFunction(() => document.querySelector("iframe").style.height === "321px");
  const given = await page.evaluate(() => window.__heights.filter(([, h]) => h !== ""));
  assert.ok(before !== "321px", `the frame was already ${before}`);
  assert.deepEqual(
    given.map(([, h]) => h).filter((h) => h !== "321px" && h !== before),
    [],
    `heights from ignored messages: ${JSON.stringify(given)}`,
  );
  await clean();
  await context.close();
});

test("a widget without a theme follows the page's own toggle; one with a theme keeps it", async () => {
  const { context, page, clean } = await open({ colorScheme: "light" });
  const frames = await loadDocs(page);
  const clock = frames.find(({ src }) => src.includes("#/clock"));
  const ring = frames.find(({ src }) => src.includes("#/ring"));
  assert.doesNotMatch(clock.src, /theme=/);
  const bg = (frame) => frame.evaluate(() => getComputedStyle(document.body).backgroundColor);
  // The page's background, then the picture itself: the clock's dial, read pixel by pixel
  // from a screenshot (a stylesheet that repainted the body but not the picture fails).
  const waitBg = async (frame, dark, what) => {
    await waitUntil(() => bg(frame), (color) => (luminance(color) < 0.05) === dark, `${what}: background`, 5_000);
    const dial = frame.locator("svg.ck-dial");
    if ((await dial.count()) === 0) return;
    // In view: Chromium does not paint an off-screen frame of another origin.
    await clock.iframe.scrollIntoViewIfNeeded();
    // Most of the dial's pixels are its surface colour, and that colour is the scheme's.
    const { counts, pixels, rgb } = await shownColours(dial, { surface: "--surface" }, 6);
    const [r, g, b] = rgb.surface;
    assert.equal((0.2126 * r + 0.7152 * g + 0.0722 * b) / 255 < 0.3, dark, `${what}: the dial's surface ${rgb.surface}`);
    assert.ok(counts.surface > pixels / 2, `${what}: ${counts.surface} of the dial's ${pixels} pixels are its surface ${rgb.surface}`);
  };
  // The reader's state in the clock: the second stage picked.
  await clock.iframe.scrollIntoViewIfNeeded();
  await clock.frame.getByRole("radio", { name: "After adding D" }).check();
  const state = await clock.frame.evaluate(() => location.hash);
  await waitBg(clock.frame, false, "clock, light page");

  await page.getByRole("button", { name: "Make this page dark" }).click();
  await waitBg(clock.frame, true, "clock after the page's toggle");
  await waitBg(ring.frame, false, "the ring says theme=light");
  assert.equal(await clock.frame.evaluate(() => location.hash), state, "the reader's state is kept");
  assert.ok(await clock.frame.getByRole("radio", { name: "After adding D" }).isChecked());

  // The documented call for a page with no other signal wins over the page's look.
  await page.evaluate(() => (document.documentElement.dataset.ringlabTheme = "light"));
  await waitBg(clock.frame, false, "clock after data-ringlab-theme=light");
  await page.evaluate(() => delete document.documentElement.dataset.ringlabTheme);
  await waitBg(clock.frame, true, "clock after the attribute is gone");
  await page.getByRole("button", { name: "Make this page light" }).click();
  await waitBg(clock.frame, false, "clock after the toggle back");
  await clean();
  await context.close();
});

test("the messages are named and versioned, and embed.js may be included twice", async () => {
  const { context, page, clean } = await open();
  const frames = await loadDocs(page);
  for (const f of frames) await sized(f);
  const ring = frames.find(({ src }) => src.includes("#/ring"));
  const height = () => ring.iframe.evaluate((el) => el.style.height);
  // A second copy of the script does nothing of its own.
  await page.evaluate(
    (src) =>
      new Promise((ok) => {
        const again = document.createElement("script");
        again.src = src;
        again.onload = ok;
        document.body.append(again);
      }),
    env.url + "embed.js",
  );
  assert.deepEqual(await page.evaluate(() => Object.keys(window.__ringlabEmbed)), [new URL(env.url).origin]);
  // An unknown version is ignored; version 1 is applied.
  await ring.frame.evaluate(() => parent.postMessage({ type: "ringlab:resize", version: 2, height: 555 }, "*"));
  await ring.frame.evaluate(() => parent.postMessage({ type: "ringlab:resize", version: 1, height: 432 }, "*"));
  await page.waitForFunction(() => document.querySelector("iframe").style.height === "432px");
  // The frame says it is ready with its own theme.
  const ready = await page.evaluate(
    () =>
      new Promise((ok) => {
        window.addEventListener("message", (e) => e.data?.type === "ringlab:ready" && ok(e.data));
        document.querySelector("iframe").contentWindow.postMessage({ type: "ringlab:hello", version: 1 }, "*");
      }),
  );
  assert.deepEqual(ready, { type: "ringlab:ready", theme: "light", version: 1 });
  // And, asked again, its height: the content's, not the 432 px just set.
  await readUntil(height, (h) => h !== "432px", 5_000);
  assertSized(await sized(ring), "ring after hello");
  await clean();
  await context.close();
});

test("every figure view's compact layout fits one laptop screen", async () => {
  const { context, page, clean } = await open({ viewport: { width: 720, height: 800 } });
  for (const view of ["ring", "grids", "clock", "cost", "systems", "load", "break"]) {
    for (const scheme of ["light", "dark"]) {
      await page.goto(`${env.url}#/${view}?theme=${scheme}&compact=1&embed=1`);
      await page.locator(LIVE_MAIN).waitFor({ state: "attached" });
      await page.locator(".view-host > *").first().waitFor();
      await layoutSettled(page);
      const height = await page.evaluate(() => document.documentElement.getBoundingClientRect().height);
      assert.ok(height > 250 && height <= 700, `${view} compact is ${height} px tall`);
      assert.equal(await page.locator(".view-controls:visible").count(), 0, `${view}: controls shown`);
      await page.screenshot({ path: join(SCREENSHOTS, `embed-compact-${view}-${scheme}.png`) });
    }
  }
  // Transparent: the host's background shows through.
  await page.goto(`${env.url}#/ring?transparent=1&embed=1`);
  await page.locator(LIVE_MAIN).waitFor({ state: "attached" });
  const bg = await page.evaluate(() => [getComputedStyle(document.documentElement).backgroundColor, getComputedStyle(document.body).backgroundColor]);
  assert.deepEqual(bg, ["rgba(0, 0, 0, 0)", "rgba(0, 0, 0, 0)"]);
  await clean();
  await context.close();
});
