// A real docs site: MkDocs Material (from PyPI, in the venv `make test` installs), built
// with widgets of fourteen views pasted exactly as "Copy embed code" gives them, and served
// from a second origin. Its own light/dark toggle must reach the widgets that have no
// theme of their own; each iframe is as tall as its content; nothing scrolls sideways at
// 390 px; links inside a widget never navigate its frame; and the page's layout shift at
// 390 px stays under 0.1 (written to target/mkdocs-cls.txt for BENCHMARKS.md).
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { fileURLToPath } from "node:url";
import { LIVE_MAIN, SCREENSHOTS, start } from "../harness.js";
import { serve } from "../server.js";
import { readUntil, waitUntil } from "../common.js";
import { assertSized, loadFrames, sized } from "../host-page.js";

const here = fileURLToPath(new URL(".", import.meta.url));
const ROOT = join(here, "..", "..");
const MKDOCS = process.env.RINGLAB_MKDOCS ?? join(ROOT, "target", "mkdocs-venv", "bin", "mkdocs");

// The widgets: each view as set up in the app, and the options chosen in the copy dialog.
const WIDGETS = [
  { hash: "#/ring?servers=4&vnodes=1&keys=8&replicas=3&scheme=ring&seed=7", options: [] },
  { hash: "#/grids?servers=9&from=8&keys=100&seed=7&vnodes=160&schemes=modulo,ring", options: [] },
  { hash: "#/clock", options: [] },
  { hash: "#/cost", options: ["Compact: the picture and one line"] },
  { hash: "#/systems?system=haproxy&change=fail:web1", options: [] },
  { hash: "#/load?servers=16&hot=0.3", options: ["Compact: the picture and one line"] },
  { hash: "#/break?scenario=no-vnodes", options: ["No controls"] },
  { hash: "#/learn/4", options: [] },
  { hash: "#/prep/dry-run", options: [] },
  { hash: "#/rendezvous", options: [] },
  { hash: "#/jump?key=photo42", options: [] },
  { hash: "#/maglev", options: [] },
  { hash: "#/slots", options: [] },
  { hash: "#/compare?servers=100&keys=10000", options: [] },
  { hash: "#/lab?rings=4&seed=3&workers=2&fig=3", options: [] },
];

let env;
let site;
let siteDir;
const snippets = [];


/** The embed code for `widget`, copied from the app as an author would. */
async function copySnippet(page, widget) {
  await page.goto(env.url + widget.hash);
  await page.locator(LIVE_MAIN).waitFor();
  await page.getByRole("button", { name: "Copy embed code" }).click();
  await page.getByText("Embed code copied to the clipboard.").waitFor({ timeout: 20_000 });
  for (const option of widget.options) {
    await page.getByLabel(option).check();
    await page.getByText("The code below follows the options").waitFor({ timeout: 20_000 });
    await page.getByRole("button", { name: "Copy", exact: true }).click();
    await page.getByText("Embed code copied to the clipboard.").waitFor({ timeout: 20_000 });
  }
  return page.evaluate(() => navigator.clipboard.readText());
}

before(async () => {
  env = await start();
  const context = await env.browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: new URL(env.url).origin });
  const page = await context.newPage();
  for (const widget of WIDGETS) snippets.push(await copySnippet(page, widget));
  await context.close();

  siteDir = await mkdtemp(join(tmpdir(), "ringlab-mkdocs-"));
  await mkdir(join(siteDir, "docs"));
  // The README's recipe: embed.js once in extra_javascript; the snippets pasted whole
  // (their own script line too, which must do no harm).
  await writeFile(
    join(siteDir, "mkdocs.yml"),
    [
      "site_name: ringlab in a docs site",
      "theme:",
      "  name: material",
      "  font: false",
      "  palette:",
      "    - scheme: default",
      "      toggle:",
      "        icon: material/brightness-7",
      "        name: Switch to dark mode",
      "    - scheme: slate",
      "      toggle:",
      "        icon: material/brightness-4",
      "        name: Switch to light mode",
      "extra_javascript:",
      `  - ${env.url}embed.js`,
      "",
    ].join("\n"),
  );
  const body = WIDGETS.map((widget, i) => `## Widget ${i + 1}\n\nThe view \`${widget.hash}\`, pasted as copied.\n\n${snippets[i]}\n`);
  await writeFile(join(siteDir, "docs", "index.md"), `# Consistent hashing\n\nA page of widgets.\n\n${body.join("\n")}`);
  await promisify(execFile)(MKDOCS, ["build", "--strict", "-q", "-f", join(siteDir, "mkdocs.yml"), "-d", join(siteDir, "site")]);
  site = await serve(join(siteDir, "site"));
});

after(async () => {
  await env?.stop();
  await site?.close();
  if (siteDir) await rm(siteDir, { recursive: true, force: true });
});

/** A page of the docs site with what must never happen recorded. */
async function openSite(options = {}) {
  const context = await env.browser.newContext({ viewport: { width: 1280, height: 800 }, ...options });
  const page = await context.newPage();
  const allowed = new Set([new URL(env.url).origin, new URL(site.url).origin]);
  const problems = { consoleErrors: [], pageErrors: [], foreign: [] };
  page.on("console", (msg) => {
    if (msg.type() === "error") problems.consoleErrors.push(`${msg.text()} (${msg.location().url})`);
  });
  page.on("pageerror", (error) => problems.pageErrors.push(String(error)));
  page.on("request", (request) => {
    const url = request.url();
    if (url.startsWith("data:") || url.startsWith("blob:")) return;
    if (!allowed.has(new URL(url).origin)) problems.foreign.push(url);
  });
  const clean = () => {
    // Material asks for its own favicon and sitemap-free search index; a 404 there is the
    // site's, not ours: only errors from the app's origin count.
    const ours = problems.consoleErrors.filter((e) => e.includes(new URL(env.url).origin));
    assert.deepEqual(ours, [], "console errors from the widgets");
    assert.deepEqual(problems.pageErrors, [], "uncaught exceptions");
    assert.deepEqual(problems.foreign, [], "requests to other origins");
  };
  return { context, page, clean };
}

/** The site's page, every widget loaded. */
async function loadSite(page) {
  const frames = await loadFrames(page, site.url);
  assert.equal(frames.length, WIDGETS.length);
  return frames;
}

/** Whether the frame's page is dark: its background's luminance. */
const darkness = (frame) =>
  frame.evaluate(() => {
    const [r, g, b] = getComputedStyle(document.body).backgroundColor.match(/[\d.]+/g).map(Number);
    return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255 < 0.3;
  });

async function waitDark(frame, dark, what) {
  await waitUntil(() => darkness(frame), (d) => d === dark, `${what} is dark`, 5_000);
}

test("the pasted snippets are MDX-safe and carry measured heights", () => {
  for (const snippet of snippets) {
    assert.match(snippet, /^<iframe title="ringlab: [^"]+" src="[^"]+embed=1" width="100%" height="\d+" loading="lazy"><\/iframe>\n<script /);
    assert.doesNotMatch(snippet, /style=/);
  }
  const heights = snippets.map((s) => Number(s.match(/height="(\d+)"/)[1]));
  // Measured, not one default for all.
  assert.ok(new Set(heights).size >= 6, `heights ${heights}`);
});

test("Material's toggle turns the widgets dark and back, keeping their state; links open the app in a new tab; the lab runs in its frame", async () => {
  const { context, page, clean } = await openSite({ colorScheme: "light" });
  const frames = await loadSite(page);
  for (const entry of frames) {
    assertSized(await sized(entry), entry.src);
    await waitDark(entry.frame, false, entry.src);
  }
  // A reader's state in the playground: a key walked.
  const ring = frames[0];
  await ring.iframe.scrollIntoViewIfNeeded();
  await ring.frame.locator(".pg-key").nth(2).click();
  const walked = await ring.frame.evaluate(() => location.hash);
  assert.match(walked, /walk=/);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: join(SCREENSHOTS, "mkdocs-light.png") });

  await page.getByTitle("Switch to dark mode").first().click();
  await page.waitForFunction(() => document.body.getAttribute("data-md-color-scheme") === "slate");
  for (const entry of frames) await waitDark(entry.frame, true, `${entry.src} after the toggle`);
  assert.equal(await ring.frame.evaluate(() => location.hash), walked, "the reader's state is kept");
  await page.screenshot({ path: join(SCREENSHOTS, "mkdocs-dark.png") });
  // Each widget in the dark page, to look at: its own colours against the site's.
  for (const [i, entry] of frames.entries()) {
    await entry.iframe.scrollIntoViewIfNeeded();
    await entry.iframe.screenshot({ path: join(SCREENSHOTS, `mkdocs-dark-widget-${i + 1}.png`) });
  }

  await page.getByTitle("Switch to light mode").first().click();
  for (const entry of frames) await waitDark(entry.frame, false, `${entry.src} after the toggle back`);

  // On the same page (it loads fifteen widgets: once is enough): links inside a widget
  // open the full app in a new tab, never in the frame.
  const grids = frames[1];
  const learn = frames[7];
  for (const [entry, link] of [
    [grids, grids.frame.getByRole("link", { name: /Walk .* on the ring/ })],
    [grids, grids.frame.locator("a.gr-cell, .gr-cells a").first()],
    [learn, learn.frame.getByRole("link", { name: /Open in the full view/ })],
  ]) {
    await entry.iframe.scrollIntoViewIfNeeded();
    if (entry === grids && !(await link.count())) {
      // "Walk ... on the ring" shows for the key under the cursor: focus one first.
      await grids.frame.locator(".gr-cells a").first().focus();
    }
    const before = entry.frame.url();
    const [tab] = await Promise.all([context.waitForEvent("page"), link.click()]);
    await tab.waitForLoadState();
    const opened = tab.url();
    assert.doesNotMatch(opened, /embed=1/, opened);
    assert.match(opened, new RegExp(`^${env.url.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}#/`), opened);
    await tab.locator("header.top").waitFor();
    await tab.close();
    assert.equal(entry.frame.url(), before, "the frame stayed where it was");
    assert.equal(page.url(), site.url, "the docs page stayed where it was");
  }

  // And the lab runs on its workers inside the docs page's frame, from another origin.
  const lab = frames.find((entry) => entry.src.includes("#/lab"));
  await lab.iframe.scrollIntoViewIfNeeded();
  const fig = lab.frame.getByRole("region", { name: /^Figure 3\. / });
  await fig.getByRole("button", { name: "Run" }).click();
  await fig.getByText(/^Done in /).waitFor({ timeout: 60_000 });
  assert.match(await fig.locator(".lab-finding").innerText(), /^This run: the biggest catcher takes /);
  assert.equal(await fig.locator("svg.xy-plot path.xy-line").count(), 2);
  clean();
  await context.close();
});

test("on a phone: layout shift under 0.1 while the widgets load, nothing scrolls sideways, every widget fits its frame", async () => {
  const { context, page, clean } = await openSite({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 2,
  });
  await context.addInitScript(() => {
    window.__shift = 0;
    // Each shift with what moved, to say where a failure comes from.
    window.__shifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        if (entry.hadRecentInput) continue;
        window.__shift += entry.value;
        const moved = (entry.sources ?? []).map((source) => {
          const node = source.node;
          const name = !node ? "?" : node.nodeType === 1 ? `${node.tagName.toLowerCase()}${node.id ? "#" + node.id : ""}${node.getAttribute("src") ? " " + node.getAttribute("src") : ""}` : node.nodeName;
          return `${name} y ${Math.round(source.previousRect.y)} → ${Math.round(source.currentRect.y)}`;
        });
        window.__shifts.push(`${entry.value.toFixed(3)} at scroll ${Math.round(window.scrollY)}: ${moved.join("; ")}`);
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
  await page.goto(site.url);
  // A reader scrolling through the page: each widget in view, and each one the browser
  // loads early because it is about to come into view (up to 800 px below), takes its
  // content's height before the reader scrolls on. Off screen, Chromium does not render a
  // cross-origin frame, so a widget that measured itself only when rendered would wait
  // here until scrolled into view, and then push the page.
  const iframes = await page.locator("iframe").elementHandles();
  const settledInView = async () => {
    for (const iframe of iframes) {
      const box = await iframe.boundingBox();
      if (!box || box.y + box.height < 0 || box.y > 844 + 800) continue;
      const frame = await iframe.contentFrame();
      await frame.locator(LIVE_MAIN).waitFor({ state: "attached", timeout: 30_000 });
      // As tall as its content (the page is not scrolled for it: the reader scrolls).
      const [outer, inner] = await readUntil(
        async () => [await iframe.evaluate((el) => el.getBoundingClientRect().height), await frame.evaluate(() => document.documentElement.getBoundingClientRect().height)],
        ([outer, inner]) => Math.abs(outer - inner) <= 2,
        10_000,
      );
      assert.ok(Math.abs(outer - inner) <= 2, `${await iframe.getAttribute("src")} is ${outer} px tall for ${inner} px of content`);
    }
  };
  // The first widget wholly below the fold, which the browser loads early but does not
  // render, has its height before the reader scrolls to it.
  let below = null;
  for (const iframe of iframes) {
    const box = await iframe.boundingBox();
    if (box && box.y > 844 + 100) {
      below = iframe;
      break;
    }
  }
  assert.ok(below, "a widget starts below the fold");
  const belowFrame = await below.contentFrame();
  await belowFrame.locator(LIVE_MAIN).waitFor({ state: "attached", timeout: 30_000 });
  const [outer, inner] = await readUntil(
    async () => [await below.evaluate((el) => el.getBoundingClientRect().height), await belowFrame.evaluate(() => document.documentElement.getBoundingClientRect().height)],
    ([outer, inner]) => Math.abs(outer - inner) <= 2,
    10_000,
  );
  assert.ok(Math.abs(outer - inner) <= 2, `a widget below the fold is ${outer} px tall for ${inner} px of content`);
  assert.equal(await page.evaluate(() => window.scrollY), 0, "the reader has not scrolled");

  // The page grows as the widgets take their phone heights: read its length each time.
  const length = () => page.evaluate(() => document.documentElement.scrollHeight);
  for (let y = 0; y < (await length()); y += 400) {
    await page.evaluate((y) => window.scrollTo(0, y), y);
    await settledInView();
  }
  const shift = await page.evaluate(() => window.__shift);
  await mkdir(join(ROOT, "target"), { recursive: true });
  await writeFile(join(ROOT, "target", "mkdocs-cls.txt"), `${shift.toFixed(3)}\n`);
  console.log(`layout shift of the MkDocs page at 390 px: ${shift.toFixed(3)}`);
  assert.ok(shift < 0.1, `layout shift ${shift}:\n${(await page.evaluate(() => window.__shifts)).join("\n")}`);

  // The same page, every widget loaded on the way down: nothing scrolls sideways and
  // every widget fits its frame.
  const frames = [];
  for (const iframe of iframes) {
    await iframe.scrollIntoViewIfNeeded();
    const frame = await iframe.contentFrame();
    await frame.locator(LIVE_MAIN).waitFor({ state: "attached", timeout: 30_000 });
    frames.push({ iframe, frame, src: await iframe.getAttribute("src") });
  }
  assert.equal(frames.length, WIDGETS.length);
  await page.evaluate(() => window.scrollTo(0, 0));
  const wide = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(wide <= 390, `the docs page is ${wide} px wide`);
  for (const entry of frames) {
    assertSized(await sized(entry), entry.src);
    const inner = await entry.frame.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
    assert.ok(inner[0] <= inner[1], `${entry.src} scrolls sideways: ${inner}`);
  }
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: join(SCREENSHOTS, "mkdocs-390-light.png") });
  await page.getByTitle("Switch to dark mode").first().click();
  for (const entry of frames) await waitDark(entry.frame, true, entry.src);
  await page.screenshot({ path: join(SCREENSHOTS, "mkdocs-390-dark.png") });
  clean();
  await context.close();
});
