// Shared set-up for the e2e tests: dist/ served on loopback, Debian's Chromium driven by
// playwright-core, and a page that records console errors and requests to other origins.
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import { serve } from "./server.js";

const here = fileURLToPath(new URL(".", import.meta.url));
export const DIST = process.env.RINGLAB_DIST ?? join(here, "..", "dist");
export const SCREENSHOTS = join(here, "screenshots");

export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** Starts the server and the browser; call `stop()` when done. */
export async function start() {
  const server = await serve(DIST);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
    args: CHROMIUM_ARGS,
  });
  await mkdir(SCREENSHOTS, { recursive: true });
  return {
    url: server.url,
    browser,
    stop: async () => {
      await browser.close();
      await server.close();
    },
  };
}

/**
 * A fresh context and page that record what must never happen: console errors (with the
 * page that logged them), uncaught exceptions, failed requests and requests to any
 * origin but the app's and `origins` (a host site's addresses, for tests of embedding).
 */
export async function openPage(env, { origins = [], ...options } = {}) {
  const context = await env.browser.newContext({
    viewport: { width: 1280, height: 800 },
    ...options,
  });
  const allowed = new Set([env.url, ...origins].map((url) => new URL(url).origin));
  const problems = { consoleErrors: [], pageErrors: [], foreign: [], failed: [], abortedInFrames: [] };
  // Error events that are not exceptions (Playwright's "pageerror" has those), such as
  // "ResizeObserver loop completed with undelivered notifications", in every frame.
  await context.exposeBinding("__ringlabErrorEvent", (_source, message) => problems.pageErrors.push(`error event: ${message}`));
  await context.addInitScript(() => {
    addEventListener("error", (event) => {
      if (!event.error) window.__ringlabErrorEvent?.(String(event.message));
    });
  });
  const page = await context.newPage();
  page.on("console", (msg) => {
    if (msg.type() === "error") problems.consoleErrors.push(`${msg.text()} (${msg.location().url})`);
  });
  page.on("pageerror", (error) => problems.pageErrors.push(String(error)));
  page.on("request", (request) => {
    const url = request.url();
    if (url.startsWith("data:") || url.startsWith("blob:")) return;
    if (!allowed.has(new URL(url).origin)) problems.foreign.push(url);
  });
  page.on("requestfailed", (request) => {
    // A run's workers are terminated when it is cancelled or its settings change, even
    // while they still fetch their module (its loader, script or wasm): that fetch is
    // aborted, by design.
    const stoppedWorker = /\/lab-worker(_bg|_loader)?\.(js|wasm)$/.test(new URL(request.url()).pathname) && request.failure()?.errorText === "net::ERR_ABORTED";
    if (stoppedWorker) return;
    // A widget frame removed while it still loads (the reader moved on before it was
    // done) has its fetches aborted, by design. Whether the frame went is known only
    // later, so such a failure is judged when the test checks the page.
    let frame;
    try {
      frame = request.frame();
    } catch {
      // A service worker's request, or a navigation's before its frame exists: no frame
      // to judge by, so it counts.
      problems.failed.push(request.url());
      return;
    }
    if (frame !== page.mainFrame() && request.failure()?.errorText === "net::ERR_ABORTED") {
      problems.abortedInFrames.push({ url: request.url(), frame });
    } else {
      problems.failed.push(request.url());
    }
  });
  return { context, page, problems };
}

/**
 * The app's main landmark once the module has drawn it: before that, a view at its default
 * state shows the page saved at build time (static/boot.js), inert, with the same markup.
 */
export const LIVE_MAIN = "body > .app:not([data-ringlab-first]) main#main";

/** Loads `hash` and waits until the app has rendered its main landmark. */
export async function load(env, page, hash = "") {
  await page.goto(env.url + hash);
  await page.locator(LIVE_MAIN).waitFor({ state: "attached", timeout: 30_000 });
}

export function screenshot(page, name) {
  return page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

/**
 * The aborted fetches of frames that are still there count as failed requests; those of
 * frames that were removed do not.
 */
export function settleFrameAborts(problems) {
  for (const { url, frame } of problems.abortedInFrames.splice(0)) {
    if (!frame.isDetached()) problems.failed.push(url);
  }
}

/** Fails with everything that went wrong on the page. */
export function assertClean(assert, problems) {
  settleFrameAborts(problems);
  assert.deepEqual(problems.consoleErrors, [], "console errors");
  assert.deepEqual(problems.pageErrors, [], "uncaught exceptions");
  assert.deepEqual(problems.foreign, [], "requests to other origins");
  assert.deepEqual(problems.failed, [], "failed requests");
}
