// Helpers for tests of a host page that embeds ringlab widgets (the example docs page,
// the MkDocs site): its frames loaded, and each frame's height against its content's.
import assert from "node:assert/strict";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { readUntil } from "./common.js";
import { LIVE_MAIN } from "./harness.js";
import { serve } from "./server.js";

/**
 * A host site on an origin of its own: `files` (name -> text) in a fresh folder, with the
 * favicon a site has (without one Chromium logs a 404), served on loopback. `close()`
 * stops it and removes the folder.
 */
export async function hostSite(files) {
  const dir = await mkdtemp(join(tmpdir(), "ringlab-host-"));
  for (const [name, text] of Object.entries({ "favicon.ico": "", ...files })) {
    await writeFile(join(dir, name), text);
  }
  const server = await serve(dir);
  return {
    url: server.url,
    close: async () => {
      await server.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** The page at `url`, every iframe scrolled to once (they load lazily) and its app mounted. */
export async function loadFrames(page, url) {
  await page.goto(url);
  const iframes = await page.locator("iframe").elementHandles();
  const frames = [];
  for (const iframe of iframes) {
    await iframe.scrollIntoViewIfNeeded();
    const frame = await iframe.contentFrame();
    await frame.waitForURL(/#\//);
    await frame.locator(LIVE_MAIN).waitFor({ state: "attached", timeout: 30_000 });
    frames.push({ iframe, frame, src: await iframe.getAttribute("src") });
  }
  await page.evaluate(() => window.scrollTo(0, 0));
  return frames;
}

/**
 * The iframe's height and its content's, once they agree within 2 px (or after 10 s). The
 * frame is scrolled into view first, as a reader would see it: Chromium stops rendering an
 * off-screen cross-origin frame, so a widget whose content grew while out of view (a
 * comparison finishing) reports its new height only once it is seen again.
 */
export async function sized({ iframe, frame }) {
  await iframe.scrollIntoViewIfNeeded();
  const read = async () => ({
    outer: await iframe.evaluate((el) => el.getBoundingClientRect().height),
    inner: await frame.evaluate(() => document.documentElement.getBoundingClientRect().height),
    scroll: await frame.evaluate(() => document.documentElement.scrollHeight),
    client: await frame.evaluate(() => document.documentElement.clientHeight),
  });
  return readUntil(read, (h) => Math.abs(h.outer - h.inner) <= 2 && h.scroll <= h.client + 1, 10_000);
}

/** The iframe is as tall as its content, which does not scroll inside it. */
export function assertSized(heights, what) {
  assert.ok(Math.abs(heights.outer - heights.inner) <= 2, `${what}: ${JSON.stringify(heights)}`);
  assert.ok(heights.scroll <= heights.client + 1, `${what} scrolls inside: ${JSON.stringify(heights)}`);
}
