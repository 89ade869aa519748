// Helpers shared by the view tests: a page with one allowance, and the view's parameters
// as they stand in the address bar.
import assert from "node:assert/strict";
import { assertClean, openPage, settleFrameAborts } from "./harness.js";

/**
 * openPage, plus one allowance: Chromium fetches the favicon again on every same-document
 * URL change (the views write their state to the hash with replaceState) and cancels
 * that fetch itself when the next change comes first (net::ERR_ABORTED). Only that
 * exact failure is set aside; any other failed request still fails the test.
 */
export async function open(env, options) {
  const opened = await openPage(env, options);
  const aborted = [];
  opened.page.on("requestfailed", (request) => {
    const path = new URL(request.url()).pathname;
    if (/^\/favicon-[0-9a-f]+\.svg$/.test(path) && request.failure()?.errorText === "net::ERR_ABORTED") {
      aborted.push(request.url());
    }
  });
  opened.clean = () => {
    settleFrameAborts(opened.problems);
    for (const url of aborted) {
      const i = opened.problems.failed.indexOf(url);
      if (i >= 0) opened.problems.failed.splice(i, 1);
    }
    aborted.length = 0;
    assertClean(assert, opened.problems);
  };
  return opened;
}

export function params(page) {
  return page.evaluate(() => {
    const hash = location.hash;
    const q = hash.indexOf("?");
    return Object.fromEntries(new URLSearchParams(q < 0 ? "" : hash.slice(q + 1)));
  });
}

/**
 * Reads `read()` until `test` holds of it, and returns it; fails with `what` and the last
 * reading after `ms`. A wait on state the page exposes, not on a clock.
 */
export async function waitUntil(read, test, what, ms = 10_000) {
  const last = await readUntil(read, test, ms);
  if (!test(last)) assert.fail(`${what}: ${JSON.stringify(last)}`);
  return last;
}

/**
 * Reads `read()` until `test` holds of it or `ms` pass, and returns the last reading
 * either way, for a caller whose own assertion says what was wrong.
 */
export async function readUntil(read, test, ms = 10_000) {
  const deadline = Date.now() + ms;
  let last = await read();
  while (!test(last) && Date.now() < deadline) {
    await new Promise((ok) => setTimeout(ok, 20));
    last = await read();
  }
  return last;
}

/** Waits until the address bar's parameter `name` satisfies `test`. */
export function waitParam(page, name, test) {
  return waitUntil(async () => (await params(page))[name], test, `URL parameter ${name} is`);
}

/**
 * What the ring playground's canvas says of its last frame (src/kit/probe.rs: frames, walk,
 * loop, moving...), as its data-* attributes, in `frame` (a page, or an iframe's frame).
 */
export function ringCanvasState(frame) {
  return frame.evaluate(() => ({ ...document.querySelector("canvas.pg-canvas").dataset }));
}

/** Waits until the ring canvas in `frame` satisfies `test` (of its data-* attributes). */
export function waitRingCanvas(frame, test) {
  return waitUntil(() => ringCanvasState(frame), test, `the ring canvas never showed ${test}`, 20_000);
}

/**
 * Every text of every SVG picture matching `selector`, as the reader sees it: its
 * rendered font size (the computed size times the SVG's scale), its outline and its box
 * on the screen. One list per picture.
 */
export function svgTexts(page, selector) {
  return page.evaluate((selector) =>
    [...document.querySelectorAll(selector)].map((svg) => {
      const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
      return [...svg.querySelectorAll("text")].map((t) => {
        const r = t.getBoundingClientRect();
        const style = getComputedStyle(t);
        return { text: t.textContent, px: parseFloat(style.fontSize) * scale, stroke: style.stroke, box: [r.left, r.top, r.right, r.bottom] };
      });
    }),
  selector);
}

/**
 * Waits until `frame`'s layout holds still: its document's height the same for `frames`
 * animation frames in a row (what a late chart or canvas size changes, it changes within
 * a frame of drawing). A wait on what the page renders, not on a clock.
 */
export function layoutSettled(frame, frames = 8) {
  return frame.evaluate(
    (want) =>
      new Promise((done) => {
        let last = -1;
        let same = 0;
        const look = () => {
          const height = document.documentElement.getBoundingClientRect().height;
          same = height === last ? same + 1 : 0;
          last = height;
          if (same >= want) done(height);
          else requestAnimationFrame(look);
        };
        requestAnimationFrame(look);
      }),
    frames,
  );
}

/**
 * The header's link to the view titled `title` (at a width that shows the group menus):
 * a view alone in its group is a link in the row; another is in its group's menu, which
 * this opens first, as a reader would.
 */
export async function headerLink(page, title) {
  const nav = page.getByRole("banner").getByRole("navigation", { name: "Views", exact: true });
  const link = nav.getByRole("link", { name: title, exact: true });
  if (await link.isVisible()) return link;
  const menu = nav.locator(".menu").filter({ has: page.locator(`a`, { hasText: new RegExp(`^${title}$`) }) });
  await menu.getByRole("button").click();
  await link.waitFor();
  return link;
}

/** A 360 px phone, as the phone and visual checks open it. */
export const PHONE = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

/** A laptop's window. */
export const DESK = { viewport: { width: 1280, height: 800 } };

/** Focuses `locator` and presses `key`: the keyboard does the work. */
export async function press(locator, key = "Enter") {
  await locator.focus();
  await locator.page().keyboard.press(key);
}

/** The relative luminance (WCAG) of a CSS colour ("rgb(…)") or of [r, g, b]. */
export function luminance(colour) {
  const channels = Array.isArray(colour) ? colour : colour.match(/[\d.]+/g).slice(0, 3).map(Number);
  const [r, g, b] = channels.map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
