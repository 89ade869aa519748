// The app shell: header, URL state, notes, embed mode, sharing, dark mode, small screens.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { LIVE_MAIN, assertClean, load, openPage, screenshot, start } from "../harness.js";
import { headerLink, layoutSettled, open } from "../common.js";

const EXAMPLE = "#/ring?servers=4&vnodes=1&keys=8&replicas=3&scheme=ring&seed=7";

let env;
before(async () => {
  env = await start();
});
after(async () => {
  await env?.stop();
});

/** The registry's views, read from the index page (which the app renders from it). */
async function registry(env, page) {
  await load(env, page, "#/views");
  const list = page.getByRole("region", { name: "Every view" }).getByRole("link");
  await list.first().waitFor();
  return list.allInnerTexts();
}

// Every registered view opening with its title, one h1 and no notes, full and embedded, is
// checked in phone.test.js's one sweep of every view.

test("loads with no console errors and no requests to other origins", async () => {
  const { context, page, problems } = await openPage(env);
  await load(env, page, EXAMPLE);
  await page.getByRole("banner").waitFor();
  assert.equal(await page.title(), "Ring playground · ringlab");
  const csp = await page.evaluate(
    () => document.querySelector('meta[http-equiv="Content-Security-Policy"]')?.content ?? "",
  );
  assert.match(csp, /default-src 'none'/);
  assert.match(csp, /script-src 'self' 'wasm-unsafe-eval'(;|$)/);
  assert.doesNotMatch(csp, /unsafe-inline|https?:|\*/);
  // Let late requests (favicon, lazy assets) show up: the network falls idle.
  await page.waitForLoadState("networkidle");
  await screenshot(page, "shell-desktop");
  assertClean(assert, problems);
  await context.close();
});

test("the header lists the views that work, the current one marked", async () => {
  // A view of another bundle loads the page again, which may cancel a favicon fetch:
  // open() sets that one failure aside.
  const { context, page, clean } = await open(env);
  await load(env, page, EXAMPLE);
  const views = await registry(env, page);
  await load(env, page, EXAMPLE);
  const nav = page.getByRole("navigation", { name: "Views", exact: true });
  // The header lists exactly the registry's views, as the index page does, by group: a
  // group of one view is a link in the row (its short name, named by its whole title),
  // the others are menus of titles.
  const titles = await nav.locator("a").evaluateAll((all) => all.map((a) => a.getAttribute("aria-label") ?? a.textContent));
  assert.deepEqual(titles.slice(0, -1).toSorted(), views.toSorted());
  assert.equal(titles.at(-1), "All views");
  const menus = await nav.getByRole("button").allInnerTexts();
  assert.ok(menus.length >= 4, menus.join());
  assert.deepEqual(await nav.locator("button.current").allInnerTexts(), ["The ring"], "the current view's group is marked");
  const ring = await headerLink(page, "Ring playground");
  assert.equal(await ring.getAttribute("aria-current"), "page");
  const grids = nav.getByRole("link", { name: "Modulo vs ring" });
  assert.equal(await grids.getAttribute("aria-current"), null);
  await grids.click();
  await page.waitForFunction(() => location.hash.startsWith("#/grids"));
  // Another bundle: the page loads again, its saved first page before the app's own.
  await page.locator(LIVE_MAIN).getByRole("heading", { level: 1, name: "Modulo vs ring" }).waitFor();
  assert.equal(await (await headerLink(page, "Modulo vs ring")).getAttribute("aria-current"), "page");
  assert.equal(await page.title(), "Modulo vs ring · ringlab");
  await (await headerLink(page, "Ring playground")).click();
  await page.waitForFunction(() => location.hash === "#/ring" || location.hash.startsWith("#/ring?"));
  await page.locator(LIVE_MAIN).getByRole("heading", { level: 1, name: "Ring playground" }).waitFor();
  await page.getByRole("banner").waitFor();
  clean();
  await context.close();
});

test("the home page counts the walkthrough's steps as the walkthrough does", async () => {
  const { context, page, clean } = await open(env);
  await load(env, page, "#/views");
  const ways = page.getByRole("region", { name: "Ways in" });
  await ways.getByRole("link", { name: "Learn it step by step" }).waitFor();
  const said = await ways.getByRole("listitem").filter({ hasText: "Learn it step by step" }).locator("p").innerText();
  const [, count] = said.match(/^(\d+) short steps, from why hash mod N breaks/);
  await ways.getByRole("link", { name: "Learn it step by step" }).click();
  await page.waitForFunction(() => location.hash.startsWith("#/learn"));
  const toc = page.getByRole("navigation", { name: "Steps" }).getByRole("link");
  await toc.first().waitFor();
  assert.equal(await toc.count(), Number(count), `${said} against ${await toc.count()} steps`);
  assert.match(await page.locator(".learn-count").innerText(), new RegExp(`^Step 1 of ${count}$`));
  clean();
  await context.close();
});

test("a bad view or embed value gets a visible note, and the URL is cleaned up", async () => {
  const { context, page, problems } = await openPage(env);
  await load(env, page, "#/nowhere?embed=maybe");
  const notes = page.getByRole("list", { name: "Notes about the link" });
  await notes.waitFor();
  const text = await notes.innerText();
  assert.match(text, /nowhere/);
  assert.match(text, /embed="maybe"/);
  assert.ok(await notes.isVisible());
  // The full page, not the embed.
  await page.getByRole("banner").waitFor();
  // The list of every view, where a newcomer can go on from.
  await page.getByRole("heading", { level: 1, name: "All views" }).waitFor();
  const hash = await page.evaluate(() => location.hash);
  assert.ok(hash.startsWith("#/views"), hash);
  assert.ok(!hash.includes("nowhere") && !hash.includes("embed"), hash);
  await screenshot(page, "shell-bad-params");
  assertClean(assert, problems);
  await context.close();
});

test("a malformed escape in the path opens the list of views with a note, not a blank page", async () => {
  for (const hash of ["#/%ff", "#/%E0%A4%A?x=1", "#/learn%"]) {
    const { context, page, problems } = await openPage(env);
    await load(env, page, hash);
    const notes = page.getByRole("list", { name: "Notes about the link" });
    await notes.waitFor();
    assert.match(await notes.innerText(), /There is no view/);
    await page.getByRole("heading", { level: 1, name: "All views" }).waitFor();
    assertClean(assert, problems);
    await context.close();
  }
});

test("out-of-range and unknown view parameters get a visible note from the view", async () => {
  const { context, page, problems } = await openPage(env);
  await load(env, page, "#/ring?servers=4&keys=999999999&bogus=1&replicas=0");
  const note = page.getByRole("note");
  await note.first().waitFor();
  const text = await note.allInnerTexts().then((t) => t.join("\n"));
  assert.match(text, /bogus/);
  assert.match(text, /keys/);
  assert.ok(await note.first().isVisible());
  // The address bar now holds what is on screen: no unknown parameter, keys clamped.
  const hash = await page.evaluate(() => location.hash);
  assert.ok(!hash.includes("bogus"), hash);
  assert.ok(!hash.includes("999999999"), hash);
  await screenshot(page, "shell-view-notes");
  assertClean(assert, problems);
  await context.close();
});

test("a reload shows the same state: the hash is the whole state", async () => {
  const { context, page, problems } = await openPage(env);
  await load(env, page, "#/ring?servers=5&vnodes=3&keys=20&replicas=2&scheme=ring&seed=11");
  await page.waitForFunction(() => location.hash.includes("servers="));
  const before = await page.evaluate(() => location.hash);
  await page.reload();
  await page.locator(LIVE_MAIN).waitFor();
  await page.waitForFunction(() => location.hash.includes("servers="));
  assert.equal(await page.evaluate(() => location.hash), before);
  assert.equal(await page.getByRole("note").count(), 0);
  assertClean(assert, problems);
  await context.close();
});

test("hostile input in the URL renders as text", async () => {
  const { context, page, problems } = await openPage(env);
  const hostile = encodeURIComponent("<img src=x onerror=window.__pwned=1>");
  await load(env, page, `#/${hostile}?embed=${hostile}`);
  await page.getByRole("list", { name: "Notes about the link" }).waitFor();
  assert.equal(await page.locator("img").count(), 0);
  assert.equal(await page.evaluate(() => window.__pwned), undefined);
  assert.match(await page.getByRole("list", { name: "Notes about the link" }).innerText(), /<img/);
  assertClean(assert, problems);
  await context.close();
});

test("editing the hash by hand is read again without a reload", async () => {
  const { context, page, problems } = await openPage(env);
  await load(env, page, EXAMPLE);
  await page.evaluate(() => {
    window.__sameDocument = true;
    location.hash = "#/elsewhere";
  });
  await page.getByRole("list", { name: "Notes about the link" }).waitFor();
  assert.equal(await page.evaluate(() => window.__sameDocument), true);
  assertClean(assert, problems);
  await context.close();
});

test("embed=1 shows the bare widget", async () => {
  const { context, page, problems } = await openPage(env, { viewport: { width: 720, height: 640 } });
  await load(env, page, EXAMPLE + "&embed=1");
  assert.equal(await page.getByRole("banner").count(), 0);
  assert.equal(await page.getByRole("navigation").count(), 0);
  assert.equal(await page.getByRole("button", { name: "Copy link" }).count(), 0);
  assert.equal(await page.getByRole("contentinfo").count(), 0);
  assert.ok(await page.getByRole("main").isVisible());
  const hash = await page.evaluate(() => location.hash);
  assert.ok(hash.endsWith("embed=1"), hash);
  await screenshot(page, "shell-embed");
  assertClean(assert, problems);
  await context.close();
});

test("Copy link and Copy embed code put the address and an iframe on the clipboard", async () => {
  const { context, page, problems } = await openPage(env);
  await context.grantPermissions(["clipboard-read", "clipboard-write"], {
    origin: new URL(env.url).origin,
  });
  await load(env, page, EXAMPLE);
  const status = page.getByRole("status").filter({ hasText: /clipboard/ });

  await page.getByRole("button", { name: "Copy link" }).click();
  await status.waitFor();
  assert.match(await status.innerText(), /Link copied/);
  const link = await page.evaluate(() => navigator.clipboard.readText());
  assert.equal(link, page.url());
  assert.ok(link.includes("#/ring"), link);

  await page.getByRole("button", { name: "Copy embed code" }).click();
  await page.getByText("Embed code copied to the clipboard.").waitFor();
  const code = await page.evaluate(() => navigator.clipboard.readText());
  assert.match(code, /^<iframe /);
  assert.match(code, /title="[^"]+"/);
  assert.match(code, /width="100%"/);
  assert.match(code, /height="\d+"/);
  assert.doesNotMatch(code, /style=/);
  assert.match(code, /loading="lazy"/);
  const src = code.match(/src="([^"]+)"/)[1].replaceAll("&amp;", "&");
  assert.ok(src.startsWith(env.url + "#/ring?"), src);
  assert.ok(src.endsWith("&embed=1"), src);
  await screenshot(page, "shell-copied");
  await page.getByRole("button", { name: "Close" }).click();
  assert.equal(await page.locator("textarea").count(), 0);

  // The embed URL opens the bare widget.
  const embedded = await context.newPage();
  await embedded.goto(src);
  await embedded.locator(LIVE_MAIN).waitFor();
  assert.equal(await embedded.getByRole("banner").count(), 0);
  await embedded.close();
  assertClean(assert, problems);
  await context.close();
});

test("the embed dialog's options change the code, whose height is the widget's own", async () => {
  const { context, page, problems } = await openPage(env);
  await context.grantPermissions(["clipboard-read", "clipboard-write"], {
    origin: new URL(env.url).origin,
  });
  await load(env, page, EXAMPLE);
  await page.getByRole("button", { name: "Copy embed code" }).click();
  await page.getByText("Embed code copied to the clipboard.").waitFor();
  const code = () => page.locator(".share-text textarea").inputValue();
  const heightOf = (text) => Number(text.match(/height="(\d+)"/)[1]);
  const full = await code();
  assert.doesNotMatch(full, /theme=|compact=|controls=|transparent=/);

  const changed = page.getByText("The code below follows the options");
  await page.getByLabel("Theme").selectOption("dark");
  await changed.waitFor();
  assert.match(await code(), /&amp;theme=dark&amp;embed=1"/);
  await page.getByLabel("Compact: the picture and one line").check();
  await page.waitForFunction(() => document.querySelector(".share-text textarea").value.includes("compact=1"));
  await changed.waitFor();
  await page.getByLabel("No controls").check();
  await page.getByLabel("Transparent background").check();
  await page.waitForFunction(() => document.querySelector(".share-text textarea").value.includes("transparent=1"));
  await changed.waitFor();
  const compact = await code();
  assert.match(compact, /theme=dark&amp;controls=0&amp;compact=1&amp;transparent=1&amp;embed=1"/);
  assert.ok(heightOf(compact) < heightOf(full) - 200, `compact ${heightOf(compact)} against ${heightOf(full)}`);
  await page.getByRole("button", { name: "Copy", exact: true }).click();
  await page.getByText("Embed code copied to the clipboard.").waitFor();
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), compact);
  await screenshot(page, "shell-embed-options");

  // Each height is the widget's own, in a 720 px column.
  for (const text of [full, compact]) {
    const src = text.match(/src="([^"]+)"/)[1].replaceAll("&amp;", "&");
    const widget = await context.newPage();
    await widget.setViewportSize({ width: 720, height: 800 });
    await widget.goto(src);
    await widget.locator(LIVE_MAIN).waitFor();
    // The widget grows as its pictures size themselves: wait until it is as tall as the
    // code says (or give up after 10 s), then check, so a wrong height still fails.
    await widget
      .waitForFunction((want) => Math.abs(document.documentElement.getBoundingClientRect().height - want) <= 4, heightOf(text), { timeout: 10_000 })
      .catch(() => {});
    await layoutSettled(widget);
    const real = await widget.evaluate(() => document.documentElement.getBoundingClientRect().height);
    assert.ok(Math.abs(real - heightOf(text)) <= 4, `${src}: measured ${heightOf(text)}, real ${real}`);
    await widget.close();
  }
  assertClean(assert, problems);
  await context.close();
});

test("the embed dialog works from the keyboard alone: open, options, copy, Escape", async () => {
  const { context, page, problems } = await openPage(env);
  await context.grantPermissions(["clipboard-read", "clipboard-write"], {
    origin: new URL(env.url).origin,
  });
  await load(env, page, EXAMPLE);
  const focused = () =>
    page.evaluate(() => {
      const e = document.activeElement;
      return `${e.tagName.toLowerCase()}|${e.getAttribute("aria-label") ?? e.closest("label")?.textContent.trim() ?? e.textContent.trim()}`;
    });
  /** Tabs forward until an element matching `want` (tag|name) has the focus. */
  async function tabTo(want, most = 40) {
    for (let i = 0; i < most; i++) {
      if (want.test(await focused())) return;
      await page.keyboard.press("Tab");
    }
    assert.fail(`Tab never reached ${want}; the focus is on ${await focused()}`);
  }
  await tabTo(/^button\|Copy embed code$/);
  await page.keyboard.press("Enter");
  await page.getByText("Embed code copied to the clipboard.").waitFor();
  const code = () => page.locator(".share-text textarea").inputValue();
  const changed = page.getByText("The code below follows the options");

  await tabTo(/^select\|Theme/);
  // A select takes the arrow keys: auto -> light -> dark.
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowDown");
  await changed.waitFor();
  // Each change measures the widget again; the light one may finish after the dark one
  // was asked for, and must not win.
  await page.waitForFunction(() => document.querySelector(".share-text textarea").value.includes("theme=dark"));
  // Every measurement done (each runs in an off-screen frame, removed when it ends): a late
  // light answer has had its chance to win, and must not have.
  await page.waitForFunction(() => document.querySelectorAll("iframe.share-measure").length === 0, null, { timeout: 10_000 });
  assert.match(await code(), /theme=dark/);
  await tabTo(/^input\|No controls$/);
  await page.keyboard.press("Space");
  await tabTo(/^input\|Compact/);
  await page.keyboard.press("Space");
  await page.waitForFunction(() => document.querySelector(".share-text textarea").value.includes("compact=1"));
  assert.match(await code(), /controls=0&amp;compact=1/);
  await tabTo(/^button\|Copy$/);
  await page.keyboard.press("Enter");
  await page.getByText("Embed code copied to the clipboard.").waitFor();
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), await code());
  // Escape closes the panel.
  await page.keyboard.press("Escape");
  await page.locator(".share-panel.open").waitFor({ state: "detached" });
  assertClean(assert, problems);
  await context.close();
});

test("without a clipboard the text is shown selected, with a visible message", async () => {
  const { context, page, problems } = await openPage(env);
  await context.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, "clipboard", { get: () => undefined });
  });
  await load(env, page, EXAMPLE);
  await page.getByRole("button", { name: "Copy link" }).click();
  await page.getByText(/The clipboard is not available here/).waitFor();
  const selected = await page.evaluate(() => {
    const area = document.activeElement;
    return {
      tag: area?.tagName,
      all: area?.selectionStart === 0 && area?.selectionEnd === area?.value.length,
      value: area?.value,
    };
  });
  assert.equal(selected.tag, "TEXTAREA");
  assert.ok(selected.all, "the whole text is selected");
  assert.equal(selected.value, page.url());
  await screenshot(page, "shell-clipboard-fallback");
  await page.setViewportSize({ width: 360, height: 740 });
  await screenshot(page, "shell-clipboard-fallback-360");
  // Escape closes the panel.
  await page.keyboard.press("Escape");
  assert.equal(await page.locator("textarea").count(), 0);
  assertClean(assert, problems);
  await context.close();
});

/** The relative luminance of a CSS `rgb(...)` colour. */
function luminance(css) {
  const [r, g, b] = css.match(/[\d.]+/g).slice(0, 3).map(Number).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

test("light and dark follow prefers-color-scheme", async () => {
  const { context, page, problems } = await openPage(env);
  await load(env, page, EXAMPLE);
  const colours = () =>
    page.evaluate(() => {
      const style = getComputedStyle(document.body);
      return { bg: style.backgroundColor, fg: style.color };
    });
  await page.emulateMedia({ colorScheme: "light" });
  const light = await colours();
  assert.ok(luminance(light.bg) > 0.8, `light background ${light.bg}`);
  assert.ok(luminance(light.fg) < 0.1, `light text ${light.fg}`);
  await page.emulateMedia({ colorScheme: "dark" });
  const dark = await colours();
  assert.ok(luminance(dark.bg) < 0.05, `dark background ${dark.bg}`);
  assert.ok(luminance(dark.fg) > 0.6, `dark text ${dark.fg}`);
  await screenshot(page, "shell-dark");
  assertClean(assert, problems);
  await context.close();
});

test("usable at 360 px: nothing wider than the screen, buttons in reach", async () => {
  const { context, page, problems } = await openPage(env, {
    viewport: { width: 360, height: 740 },
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 2,
  });
  await load(env, page, EXAMPLE);
  await page.getByRole("banner").waitFor();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= 360, `page is ${width}px wide`);
  for (const name of ["Copy link", "Copy embed code"]) {
    const box = await page.getByRole("button", { name }).boundingBox();
    assert.ok(box && box.x >= 0 && box.x + box.width <= 360, `${name} at ${JSON.stringify(box)}`);
    assert.ok(box.height >= 32, `${name} is ${box.height}px tall`);
  }
  await screenshot(page, "shell-360");
  await page.emulateMedia({ colorScheme: "dark" });
  await screenshot(page, "shell-360-dark");
  assertClean(assert, problems);
  await context.close();
});
