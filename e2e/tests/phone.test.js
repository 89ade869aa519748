// A learner on a 360 px phone: no view, no walkthrough step and no opened panel scrolls
// sideways, no widget frame's content is wider than its frame, the header is one row with
// the views in a menu, and a vertical swipe that starts on the ring scrolls the page.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { LIVE_MAIN, load, screenshot, start } from "../harness.js";
import { open } from "../common.js";

let env;
before(async () => {
  env = await start();
});
after(async () => {
  await env?.stop();
});

const PHONE = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

/** Two frames drawn: what a layout change has to show by then, it shows. */
const settled = (frame) => frame.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));

/** How much wider than its window a document is, in CSS pixels (0 when it fits). */
const overflow = (frame) => frame.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test("at 360 px nothing scrolls sideways: every view, every step, every opened panel, every widget frame", async () => {
  const { context, page, clean } = await open(env, PHONE);
  await load(env, page, "#/views");
  const links = page.getByRole("region", { name: "Every view" }).getByRole("link");
  await links.first().waitFor();
  const views = await links.evaluateAll((all) => all.map((a) => a.getAttribute("href")));
  const steps = Array.from({ length: 13 }, (_, i) => `#/learn/${i + 1}`);
  const extra = ["#/views", "#/systems?system=haproxy&change=fail:web1", "#/break?scenario=death"];
  const problems = [];
  for (const hash of [...views, ...extra, ...steps]) {
    await load(env, page, hash);
    await page.locator(`${LIVE_MAIN} h1`).waitFor();
    // Every panel a reader can open, opened as a click would.
    for (const summary of await page.locator("main details:not([open]) > summary").all()) {
      if (await summary.isVisible()) await summary.click();
    }
    await settled(page);
    const wide = await overflow(page);
    if (wide > 0) problems.push(`${hash}: the page scrolls ${wide} px sideways`);
    // Each widget frame of a walkthrough step, brought into view so that it loads.
    for (const element of await page.locator("main iframe").all()) {
      await element.scrollIntoViewIfNeeded();
      const frame = await (await element.elementHandle()).contentFrame();
      if (!frame) continue;
      await frame.locator("main").waitFor();
      await settled(frame);
      const inside = await overflow(frame);
      if (inside > 0) problems.push(`${hash}: the widget ${await element.getAttribute("title")} is ${inside} px wider than its frame`);
    }
  }
  await screenshot(page, "phone-last-step");
  assert.deepEqual(problems, []);
  clean();
  await context.close();
});

test("at 360 px the header is one row, with the views in a menu", async () => {
  const { context, page, clean } = await open(env, PHONE);
  await load(env, page, "#/ring");
  const banner = page.getByRole("banner");
  await banner.waitFor();
  const { height } = await banner.boundingBox();
  assert.ok(height <= 64, `the header is ${height} px tall`);
  // The menu lists every view and takes the reader there.
  await banner.getByText("Views", { exact: true }).click();
  const menu = page.getByRole("navigation", { name: "Views menu" });
  await menu.getByRole("link", { name: "Real systems" }).click();
  await page.locator(LIVE_MAIN).getByRole("heading", { level: 1, name: "Real systems" }).waitFor();
  await screenshot(page, "phone-header");
  clean();
  await context.close();
  // At 1280 px the views are listed in the header, on one row with the buttons, whichever
  // is current (its name is bold, so wider): the widest name, the newest view, the first.
  const wide = await open(env, { viewport: { width: 1280, height: 800 } });
  for (const hash of ["#/grids", "#/prep", "#/ring"]) {
    await load(env, wide.page, hash);
    const top = wide.page.getByRole("banner");
    await top.getByRole("navigation", { name: "Views" }).getByRole("link", { name: "Learn" }).waitFor();
    const box = await top.boundingBox();
    assert.ok(box.height <= 64, `${hash}: at 1280 px the header is ${box.height} px tall`);
  }
  wide.clean();
  await wide.context.close();
});

test("a vertical swipe that starts on the ring, away from its points, scrolls the page", async () => {
  const { context, page, clean } = await open(env, PHONE);
  await load(env, page, "#/ring?servers=4&vnodes=1&keys=8&replicas=3&scheme=ring&seed=7");
  const canvas = page.getByRole("img", { name: /^Hash ring of the/ });
  await canvas.waitFor();
  const box = await canvas.boundingBox();
  const cdp = await context.newCDPSession(page);
  const swipe = async (x, y, dy) => {
    await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x, y }] });
    for (let i = 1; i <= 8; i++) {
      await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [{ x, y: y + (dy * i) / 8 }] });
    }
    await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
  };
  // From the middle of the ring, where no point is: the page scrolls.
  const before = await page.evaluate(() => scrollY);
  await swipe(box.x + box.width / 2, box.y + box.height / 2, -200);
  await page.waitForFunction((y) => scrollY > y + 50, before);
  clean();
  await context.close();
});

// The one sweep of every view (the index lists the registry): full and embedded, on a phone
// in light and on a desktop in dark, each opens with its title and one h1, says no note,
// embeds without the header, and is axe-clean.
test("every registered view, full and embedded: its title, one h1, no notes, axe-clean on a phone in light and on a desktop in dark", async () => {
  const { axeViolations } = await import("../axe.js");
  const found = [];
  for (const [width, colorScheme] of [[360, "light"], [1280, "dark"]]) {
    const { context, page, clean } = await open(env, { viewport: { width, height: 800 }, colorScheme });
    await load(env, page, "#/views");
    const links = page.getByRole("region", { name: "Every view" }).getByRole("link");
    await links.first().waitFor();
    const views = await links.evaluateAll((all) => all.map((a) => [a.getAttribute("href"), a.textContent.trim()]));
    assert.ok(views.length >= 4, views.join());
    for (const [view, title] of [...views, ["#/views", null]]) {
      const embedded = `${view}${view.includes("?") ? "&" : "?"}embed=1`;
      await load(env, page, view);
      if (title) {
        await page.locator(LIVE_MAIN).getByRole("heading", { level: 1, name: title }).waitFor();
        assert.equal(await page.title(), `${title} · ringlab`);
        assert.equal(await page.getByRole("note").count(), 0, view);
      }
      await page.locator("main").waitFor();
      assert.equal(await page.locator("h1").count(), 1, view);
      await settled(page);
      for (const line of await axeViolations(page)) found.push(`${view} at ${width} px, ${colorScheme}: ${line}`);
      await load(env, page, embedded);
      await page.locator(LIVE_MAIN).waitFor();
      await page.locator("h1").first().waitFor();
      assert.equal(await page.locator("h1").count(), 1, embedded);
      if (title) assert.equal(await page.locator("h1").innerText(), title);
      assert.equal(await page.getByRole("banner").count(), 0, embedded);
      await settled(page);
      for (const line of await axeViolations(page)) found.push(`${embedded} at ${width} px, ${colorScheme}: ${line}`);
    }
    clean();
    await context.close();
  }
  assert.deepEqual(found, []);
});
