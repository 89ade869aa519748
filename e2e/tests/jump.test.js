// The jump hash view, driven by role and accessible name: the walk of photo42 stepped by
// button, keyboard and play; the ch(k, n) table against the reference code; the counts of
// growing and removing; a link round trip and bad values; phone and dark.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { load, screenshot, start } from "../harness.js";
import { open, params, waitParam } from "../common.js";
import { ownersUnder } from "../core.js";
import { shownColours } from "../pixels.js";

let env;
before(async () => {
  env = await start();
});
after(async () => {
  await env?.stop();
});

const narration = (page) => page.locator(".jump-narration");

test("photo42 walks 0, 1, 2, 6, 9 and stops at the jump to 16", async () => {
  const { context, page, clean } = await open(env);
  await load(env, page, "#/jump");
  assert.equal(await page.title(), "Jump hash · ringlab");
  const picture = page.getByRole("img", { name: 'The walk of "photo42": buckets 0, 1, 2, 6, 9' });
  await picture.waitFor();
  assert.match(await narration(page).innerText(), /next jump would land at bucket 16, past the last of the 10 buckets: the walk stops, and "photo42" belongs to bucket 9\./);
  // The visited buckets are drawn in the accent colour: five of them.
  const colours = await shownColours(picture, { accent: "--accent" });
  assert.ok(colours.counts.accent > 400, JSON.stringify(colours));
  assert.equal(await picture.locator(".walk-visited").count(), 5);
  assert.equal(await picture.locator(".walk-jump").count(), 4);
  // The hash in sixteen hex digits, as the grids show a key's hash: the same key's hash
  // there is the same text here.
  assert.match(await page.locator(".jump-hash").innerText(), /^Its 64-bit hash \(XXH3-64, seed 0\): 0x[0-9a-f]{16}\. It visits 5 buckets\.$/);
  await load(env, page, "#/grids?servers=9&from=8&keys=100&seed=7");
  const cell = page.locator("a.gr-cell").first();
  await cell.hover();
  const key = (await cell.getAttribute("aria-label")).split(" ")[0];
  await page.waitForFunction((k) => document.querySelector(".gr-details")?.textContent.includes(k), key);
  const gridHash = await page.locator(".gr-details code").innerText();
  await load(env, page, `#/jump?key=${encodeURIComponent(key)}`);
  await page.locator(".jump-hash").filter({ hasText: gridHash }).waitFor();
  await load(env, page, "#/jump");
  await picture.waitFor();
  await screenshot(page, "jump");
  clean();
  await context.close();
});

test("the walk steps by button, keyboard and play", async () => {
  const { context, page, clean } = await open(env);
  await load(env, page, "#/jump");
  await page.getByRole("button", { name: "Start over" }).click();
  await waitParam(page, "step", (v) => v === "0");
  assert.match(await narration(page).innerText(), /^Every key starts in bucket 0/);
  await page.getByRole("button", { name: "Next jump" }).click();
  await page.getByRole("button", { name: "Next jump" }).click();
  await page.getByRole("button", { name: "Next jump" }).click();
  await waitParam(page, "step", (v) => v === "3");
  assert.equal(await narration(page).innerText(), "Step 3: jump from bucket 1 to bucket 2.");
  assert.equal(await page.locator(".walk-visited").count(), 3);
  const slider = page.getByRole("slider", { name: "Steps shown" });
  await slider.focus();
  await page.keyboard.press("ArrowRight");
  await waitParam(page, "step", (v) => v === "4");
  assert.equal(await narration(page).innerText(), "Step 4: jump from bucket 2 to bucket 6.");
  await page.getByRole("button", { name: "Play" }).press("Enter");
  await waitParam(page, "step", (v) => v === undefined);
  await page.getByRole("button", { name: "Play" }).waitFor();
  assert.match(await narration(page).innerText(), /belongs to bucket 9/);
  // Another key and more buckets: the same walk goes on.
  const buckets = page.getByRole("spinbutton", { name: "Buckets" });
  await buckets.fill("64");
  await buckets.press("Enter");
  await waitParam(page, "n", (v) => v === "64");
  await page.getByRole("img", { name: /^The walk of "photo42": buckets 0, 1, 2, 6, 9, 16/ }).waitFor();
  const key = page.getByRole("textbox", { name: "Key" });
  await key.fill("user:17");
  await key.press("Enter");
  await waitParam(page, "key", (v) => v === "user:17");
  await page.getByRole("img", { name: /^The walk of "user:17": buckets 0, 1, 3, 4, 5, 6/ }).waitFor();
  clean();
  await context.close();
});

test("ch(k, n): the reference code's buckets, moves only to the newest", async () => {
  const { context, page, clean } = await open(env);
  await load(env, page, "#/jump");
  const table = page.getByRole("table", { name: /^ch\(k, n\)/ });
  await table.waitFor();
  const row = async (k) => (await table.getByRole("row", { name: new RegExp(`^${k} `) }).getByRole("cell").allTextContents()).map((t) => t.split(" ")[0]);
  // go-jump's vectors, generated from the reference C++ code, for key 1.
  assert.deepEqual(await row("1"), ["0", "0", "0", "0", "0", "0", "6", "6", "6", "6", "6", "6", "6", "6"]);
  for (const k of ["1", "2", "3", "4", "5", "42"]) {
    const cells = await row(k);
    cells.forEach((b, i) => assert.ok(i === 0 || b === cells[i - 1] || b === String(i), `${k}: ${cells}`));
  }
  assert.equal(await table.locator(".ch-moved").first().textContent().then((t) => t.includes("(moved to the new bucket)")), true);
  clean();
  await context.close();
});

test("growing and removing: counts against theory, Memento moves only the removed bucket's keys", async () => {
  const { context, page, clean } = await open(env);
  await load(env, page, "#/jump");
  const grow = page.locator(".jump-grow");
  await grow.waitFor();
  assert.match(await grow.innerText(), /Adding bucket 10 moved [\d,]+ of 10,000 \([\d.]+%\); theory 909 ± 29 \(9\.1%\)/);
  await page.getByRole("img", { name: "Keys per bucket after bucket 10 is added, 10,000 keys" }).waitFor();
  const removal = page.getByRole("table", { name: /^Keys that change server when bucket 3 of 10 goes/ });
  const jump = await removal.getByRole("row", { name: /^Jump \(renumbered\)/ }).getByRole("cell").innerText();
  const memento = await removal.getByRole("row", { name: /^MementoHash/ }).getByRole("cell").innerText();
  const share = (text) => Number(text.match(/\(([\d.]+)%\)/)[1]);
  const count = (text) => Number(text.match(/^([\d,]+)/)[1].replaceAll(",", ""));
  // The command line's jump over the same keys: the renumbered jump's moves key by key, and
  // jump's shrink to 9 moves exactly bucket 9's keys (each key's bucket from the core itself).
  const keys = Array.from({ length: 10_000 }, (_, i) => `key-${i}`);
  const names = Array.from({ length: 10 }, (_, i) => `b${i}`);
  const owners = ownersUnder(names.join("\n"), keys, "jump");
  const onBucket = (b) => owners.filter(([, owner]) => owner === `b${b}`).length;
  // Jump without b3: the nine left, renumbered; every key whose server changed.
  const renumbered = ownersUnder(names.filter((n) => n !== "b3").join("\n"), keys, "jump");
  const changed = renumbered.filter(([, owner], i) => owner !== owners[i][1]).length;
  assert.equal(count(jump), changed, jump);
  assert.ok(Math.abs(share(jump) - 68.9) < 2, jump);
  // Memento hashes keys with its own XXH64, so its bucket 3 held 986 of them: exactly
  // those move (model jump::moves pins the count natively, counted from jump and XXH64).
  assert.equal(count(memento), 986, memento);
  assert.match(await page.locator(".jump-remove").innerText(), /and 0 of them had not been on bucket 3/);
  // The last bucket: jump's own shrink moves only its keys.
  const removed = page.getByRole("spinbutton", { name: "Bucket removed" });
  await removed.fill("9");
  await removed.press("Enter");
  await waitParam(page, "remove", (v) => v === "9");
  assert.match(await page.locator(".jump-remove").innerText(), /Bucket 9 is the last one: jump simply shrinks to 9 buckets/);
  const shrink = await page.getByRole("row", { name: /^Jump \(renumbered\)/ }).getByRole("cell").innerText();
  assert.equal(count(shrink), onBucket(9), shrink);
  clean();
  await context.close();
});

test("a link round trip, bad values noted, phone and dark", async () => {
  const { context, page, clean } = await open(env);
  await load(env, page, "#/jump?key=abc&n=20&step=2&keys=500&remove=7");
  await page.getByRole("img", { name: /^The walk of "abc": buckets 0, / }).waitFor();
  assert.deepEqual(await params(page), { key: "abc", n: "20", step: "2", keys: "500", remove: "7" });
  await load(env, page, "#/jump?n=0&remove=x&keys=9");
  const notes = await page.locator(".view-notes").innerText();
  for (const part of ["n=0", "remove=\"x\"", "keys=9"]) assert.ok(notes.includes(part), `${part} in ${notes}`);
  clean();
  await context.close();
  for (const [width, colorScheme] of [[360, "light"], [360, "dark"], [1280, "dark"]]) {
    const { context, page, clean } = await open(env, { viewport: { width, height: 800 }, colorScheme });
    await load(env, page, "#/jump");
    await page.locator(".walk-line").waitFor();
    const scroll = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(scroll <= width, `${width} px ${colorScheme}: the page is ${scroll} px wide`);
    const sizes = await page.locator(".walk-line text").evaluateAll((all) => all.map((t) => t.getBoundingClientRect().height));
    assert.ok(sizes.every((h) => h >= 11), `walk text heights ${sizes}`);
    await screenshot(page, `jump-${width}-${colorScheme}`);
    clean();
    await context.close();
  }
});
