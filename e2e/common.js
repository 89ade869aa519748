// Helpers shared by the view tests: a page with one allowance, and the view's parameters
// as they stand in the address bar.
import assert from "node:assert/strict";
import { assertClean, openPage } from "./harness.js";

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

/** Waits until the address bar's parameter `name` satisfies `test`. */
export async function waitParam(page, name, test) {
  const deadline = Date.now() + 10_000;
  let last;
  while (Date.now() < deadline) {
    last = (await params(page))[name];
    if (test(last)) return last;
    await page.waitForTimeout(50);
  }
  assert.fail(`URL parameter ${name} is ${JSON.stringify(last)}`);
}
