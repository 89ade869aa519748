// The share panel, as a documentation author uses it: the embed dialog says how tall the
// widget will be (and suggests Compact for a tall one), how a page names its theme, and
// when a transparent background helps; and the panel never outlives the address it was
// made from: another view, or a change to the view's state, closes it.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { load, screenshot, start } from "../harness.js";
import { headerLink, open, waitUntil } from "../common.js";

let env;
before(async () => {
  env = await start();
});
after(async () => {
  await env?.stop();
});

/** A page whose clipboard works, at `hash`. */
async function openAt(hash, options) {
  const opened = await open(env, options);
  await opened.context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: new URL(env.url).origin });
  await load(env, opened.page, hash);
  return opened;
}

const code = (page) => page.locator(".share-text textarea").inputValue();
const advice = (page) => page.locator(".share-advice p").allInnerTexts();
const heightOf = (text) => Number(text.match(/height="(\d+)"/)[1]);
const grouped = (n) => n.toLocaleString("en-US");
/** Waits until the code shown satisfies `test`, and every measurement has ended. */
async function codeUntil(page, test, what) {
  await waitUntil(() => code(page), test, what, 15_000);
  await page.waitForFunction(() => document.querySelectorAll("iframe.share-measure").length === 0, null, { timeout: 15_000 });
  await page.getByText("The code below follows the options").waitFor();
}

test("the embed dialog says the widget's height, suggests Compact for a tall one, and names the theme attribute", async () => {
  const { context, page, clean } = await openAt("#/slots");
  await page.getByRole("button", { name: "Copy embed code" }).click();
  await page.getByText("Embed code copied to the clipboard.").waitFor();
  const full = await code(page);
  const tall = heightOf(full);
  assert.ok(tall > 1200, `the whole slots view is ${tall} px tall`);
  let said = await advice(page);
  // The height first, the code's own, in a docs column.
  assert.equal(said[0], `The widget is ${grouped(tall)} px tall in a 720 px column, and the code reserves that height.`);
  assert.ok(said.some((s) => s.includes("Compact shows the picture")), said.join(" | "));
  assert.ok(said.some((s) => s.includes('<html data-ringlab-theme="dark">')), said.join(" | "));
  assert.ok(said.some((s) => s.includes("#15171a") && s.includes("Transparent background")), said.join(" | "));
  await screenshot(page, "share-advice-1280");
  await page.emulateMedia({ colorScheme: "dark" });
  await screenshot(page, "share-advice-1280-dark");

  // Compact: shorter, and no longer suggested.
  await page.getByLabel("Compact: the picture and one line").check();
  await codeUntil(page, (text) => text.includes("compact=1"), "the code never became compact");
  const compact = heightOf(await code(page));
  assert.ok(compact < 1200, `compact slots is ${compact} px tall`);
  said = await advice(page);
  assert.equal(said[0], `The widget is ${grouped(compact)} px tall in a 720 px column, and the code reserves that height.`);
  assert.ok(!said.some((s) => s.includes("Compact shows")), said.join(" | "));

  // Transparent: the hint about the dark background goes.
  await page.getByLabel("Transparent background").check();
  await codeUntil(page, (text) => text.includes("transparent=1"), "the code never became transparent");
  said = await advice(page);
  assert.ok(!said.some((s) => s.includes("#15171a")), said.join(" | "));
  // A theme of its own: the widget no longer follows the page, and the attribute is moot.
  await page.getByLabel("Theme").selectOption("light");
  await codeUntil(page, (text) => text.includes("theme=light"), "the code never took theme=light");
  said = await advice(page);
  assert.ok(!said.some((s) => s.includes("data-ringlab-theme")), said.join(" | "));

  // A phone: the panel fits the screen, and scrolls inside itself if it must.
  await page.setViewportSize({ width: 360, height: 740 });
  await page.emulateMedia({ colorScheme: "light" });
  const box = await page.locator(".share-panel.open").boundingBox();
  assert.ok(box.x >= 0 && box.x + box.width <= 360 && box.y + box.height <= 740, `the panel at ${JSON.stringify(box)}`);
  await screenshot(page, "share-advice-360");
  await page.emulateMedia({ colorScheme: "dark" });
  await screenshot(page, "share-advice-360-dark");
  clean();
  await context.close();
});

test("the share panel closes when the reader goes to another view or changes the view's state", async () => {
  const { context, page, clean } = await openAt("#/grids");
  const panel = page.locator(".share-panel.open");
  const heading = page.getByRole("heading", { level: 1 });

  // The grids' code, then the header's link to Resize cost: the grids' snippet must not
  // stay under the Resize cost heading.
  await page.getByRole("button", { name: "Copy embed code" }).click();
  await page.getByText("Embed code copied to the clipboard.").waitFor();
  assert.match(await code(page), /#\/grids/);
  await (await headerLink(page, "Resize cost")).click();
  await waitUntil(() => heading.innerText(), (text) => text === "Resize cost", "the heading");
  await panel.waitFor({ state: "detached" });
  assert.equal(await page.locator(".share-text textarea").count(), 0);
  assert.equal(await page.locator(".share-status").innerText(), "");

  // The link to this view, then a change of its state (typed into a field, as a reader
  // would): the link shown would be stale.
  await page.getByRole("button", { name: "Copy link" }).click();
  await page.getByText("Link copied to the clipboard.").waitFor();
  assert.equal(await code(page), page.url());
  const after = page.getByRole("spinbutton", { name: "Servers after" });
  await after.fill("5");
  await after.press("Tab");
  await waitUntil(() => page.evaluate(() => location.hash), (hash) => /[?&]after=5(&|$)/.test(hash), "the address never took the new state");
  await panel.waitFor({ state: "detached" });

  // A measurement still under way when the reader leaves never opens the panel.
  await page.getByRole("button", { name: "Copy embed code" }).click();
  await page.getByText("Measuring the widget…").waitFor();
  await (await headerLink(page, "Modulo vs ring")).click();
  await waitUntil(() => heading.innerText(), (text) => text === "Modulo vs ring", "the heading");
  await page.waitForFunction(() => document.querySelectorAll("iframe.share-measure").length === 0, null, { timeout: 15_000 });
  assert.equal(await panel.count(), 0, "the panel opened with the old view's code");
  assert.equal(await page.locator(".share-status").innerText(), "");
  clean();
  await context.close();
});
