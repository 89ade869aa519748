// A learner on a 360 px phone: no view, no walkthrough step and no opened panel scrolls
// sideways, no widget frame's content is wider than its frame, the header is one row with
// the views in a menu, and a vertical swipe that starts on the ring scrolls the page.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { LIVE_MAIN, load, screenshot, start } from "../harness.js";
import { DESK, PHONE, open } from "../common.js";

let env;
before(async () => {
  env = await start();
});
after(async () => {
  await env?.stop();
});


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
  // At 1280 px the groups are listed in the header, on one row with the buttons, whichever
  // view is current (its group's name is bold, so wider).
  const wide = await open(env, DESK);
  for (const hash of ["#/grids", "#/prep", "#/ring", "#/systems"]) {
    await load(env, wide.page, hash);
    const top = wide.page.getByRole("banner");
    await top.getByRole("navigation", { name: "Views", exact: true }).getByRole("button", { name: "Learn" }).waitFor();
    const box = await top.boundingBox();
    assert.ok(box.height <= 64, `${hash}: at 1280 px the header is ${box.height} px tall`);
  }
  // Room for 25 views and more: the row with two more groups (copies of the widest
  // group's menu, five views each, renamed) stays one row, clear of the share buttons.
  const fits = await wide.page.evaluate(() => {
    const row = document.querySelector("nav.nav-wide > ul");
    const widest = [...row.querySelectorAll(":scope > li")].find((li) => li.textContent.startsWith("Alternatives"));
    for (const name of ["Client libraries", "Claims, checked"]) {
      const copy = widest.cloneNode(true);
      copy.querySelector("button").textContent = name;
      row.append(copy);
    }
    const links = row.querySelectorAll("a").length;
    const header = document.querySelector("header.top").getBoundingClientRect();
    const share = document.querySelector("header .share").getBoundingClientRect();
    return { links, height: header.height, rowRight: row.getBoundingClientRect().right, shareLeft: share.left };
  });
  assert.ok(fits.links >= 25, `${fits.links} entries`);
  assert.ok(fits.height <= 64, `padded to ${fits.links} entries the header is ${fits.height} px tall`);
  assert.ok(fits.rowRight < fits.shareLeft, `the views end at ${fits.rowRight} px, the share buttons start at ${fits.shareLeft}`);
  wide.clean();
  await wide.context.close();
});

test("the header's menus work by keyboard: Enter opens, Escape closes and gives the focus back", async () => {
  for (const [viewport, name] of [[PHONE.viewport, "Views"], [DESK.viewport, "Alternatives"]]) {
    const { context, page, clean } = await open(env, { viewport });
    await load(env, page, "#/ring");
    const button = page.getByRole("banner").getByRole("button", { name, exact: true });
    await button.focus();
    assert.equal(await button.getAttribute("aria-expanded"), "false");
    await page.keyboard.press("Enter");
    assert.equal(await button.getAttribute("aria-expanded"), "true", `${name}: Enter opens`);
    const first = page.getByRole("banner").getByRole("link", { name: name === "Views" ? "Learn" : "Rendezvous", exact: true });
    await first.waitFor();
    // Tab goes into the menu, Escape closes it and the focus is on its button again.
    await page.keyboard.press("Tab");
    assert.equal(await page.evaluate(() => document.activeElement.textContent), await first.innerText());
    await page.keyboard.press("Escape");
    assert.equal(await button.getAttribute("aria-expanded"), "false", `${name}: Escape closes`);
    assert.ok(!(await first.isVisible()));
    assert.ok(await button.evaluate((b) => b === document.activeElement), `${name}: the focus is back on the button`);
    // Open again and follow a link by keyboard: the menu closes, the view opens.
    await page.keyboard.press("Enter");
    const target = name === "Views" ? "Clock example" : "Jump hash";
    await page.getByRole("banner").getByRole("link", { name: target, exact: true }).press("Enter");
    await page.locator(LIVE_MAIN).getByRole("heading", { level: 1, name: target }).waitFor();
    assert.equal(await button.getAttribute("aria-expanded"), "false");
    if (name === "Views") {
      // The same module drew the clock: the page stayed, and the focus is on the menu's
      // button, not lost with the hidden link.
      assert.ok(await button.evaluate((b) => b === document.activeElement), "the focus is back on Views");
    }
    clean();
    await context.close();
  }
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
