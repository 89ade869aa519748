// The Maglev view, driven by role and accessible name: the paper's M = 7 example as the
// page opens, the fill stepped back and forth by button, slider and keyboard, a backend
// leaving, the real sizes of each system, a link round trip, bad values repaired, and the
// look at 1280 and 360 px, light and dark.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { load, screenshot, start } from "../harness.js";
import { open, params, waitParam, waitUntil } from "../common.js";
import { shownColours, PALETTE } from "../pixels.js";
import { ringlab } from "../core.js";

let env;
before(async () => {
  env = await start();
});
after(async () => {
  await env?.stop();
});

/** The slots of the lookup table named `name`, as "B2" or "free", in slot order. */
async function slots(page, name) {
  const list = page.getByRole("list", { name });
  await list.waitFor();
  return list.locator(".slot-owner").allInnerTexts();
}

const narration = (page) => page.locator(".maglev-narration");

test("it opens on the paper's example: the table, and what B2 leaving changes", async () => {
  const { context, page, clean } = await open(env);
  await load(env, page, "#/maglev");
  assert.equal(await page.title(), "Maglev · ringlab");
  assert.deepEqual(await slots(page, "Lookup table, 7 of 7 slots filled"), ["B2", "B1", "B2", "B1", "B3", "B3", "B1"]);
  assert.deepEqual(await slots(page, "Lookup table after B2 leaves"), ["B1", "B1", "B1", "B1", "B3", "B3", "B3"]);
  // The one slot that changed besides B2's is marked, and said.
  const after = page.getByRole("list", { name: "Lookup table after B2 leaves" });
  assert.deepEqual(await after.locator(".slot-extra .slot-number").allInnerTexts(), ["slot 6"]);
  assert.deepEqual(await after.locator(".slot-forced .slot-number").allInnerTexts(), ["slot 0", "slot 2"]);
  assert.match(await page.locator(".maglev-summary").innerText(), /B2 leaves: its 2 slots go to the others\. One more slot changed hands although its backend stayed: slot 6, B1 → B3\./);
  // The preference lists: B1 (offset 3, skip 4) is 3 0 4 1 5 2 6.
  const b1 = page.getByRole("table", { name: /^Preference lists/ }).getByRole("row", { name: /^B1 offset 3, skip 4/ });
  assert.deepEqual((await b1.getByRole("cell").allInnerTexts()).map((t) => t.trim().split(/\s/)[0]), ["3", "0", "4", "1", "5", "2", "6"]);
  // The cells are drawn in the backends' colours: B1 orange, B2 sky, B3 green.
  const colours = await shownColours(page.getByRole("list", { name: "Lookup table, 7 of 7 slots filled" }), {
    b1: PALETTE[0],
    b2: PALETTE[1],
    b3: PALETTE[2],
  });
  for (const name of ["b1", "b2", "b3"]) assert.ok(colours.counts[name] > 2000, `${name}: ${JSON.stringify(colours)}`);
  assert.match(await narration(page).innerText(), /^Round 3: B1 tries slot 5 \(B3 has it\), then 2 \(B2 has it\), and takes 6\. The table is full\.$/);
  await screenshot(page, "maglev");
  clean();
  await context.close();
});

test("the fill steps by button, slider, keyboard and play", async () => {
  const { context, page, clean } = await open(env);
  await load(env, page, "#/maglev");
  await page.getByRole("button", { name: "Start over" }).click();
  await waitParam(page, "step", (v) => v === "0");
  assert.deepEqual(await slots(page, "Lookup table, 0 of 7 slots filled"), Array(7).fill("free"));
  assert.match(await narration(page).innerText(), /^An empty table of 7 slots/);
  const next = page.getByRole("button", { name: "Next claim" });
  await next.click();
  await next.click();
  await next.click();
  await waitParam(page, "step", (v) => v === "3");
  assert.equal(await narration(page).innerText(), "Round 1: B3 tries slot 3 (B1 has it), and takes 4.");
  assert.deepEqual(await slots(page, "Lookup table, 3 of 7 slots filled"), ["B2", "free", "free", "B1", "B3", "free", "free"]);
  // Taken preferences are struck through and said so.
  const b3 = page.getByRole("row", { name: /^B3 offset 3, skip 1/ });
  assert.equal((await b3.getByRole("cell").first().textContent()).trim(), "3 (taken)");
  // Keyboard only: the slider moves one claim per arrow key.
  const slider = page.getByRole("slider", { name: "Claims made" });
  await slider.focus();
  await page.keyboard.press("ArrowRight");
  await waitParam(page, "step", (v) => v === "4");
  await page.keyboard.press("Home");
  await waitParam(page, "step", (v) => v === "0");
  await page.keyboard.press("End");
  await waitParam(page, "step", (v) => v === undefined);
  await page.getByRole("button", { name: "Back" }).press("Enter");
  await waitParam(page, "step", (v) => v === "6");
  // Play runs to the end by itself, then stops.
  const play = page.getByRole("button", { name: "Play" });
  await play.click();
  await waitParam(page, "step", (v) => v === undefined);
  await page.getByRole("button", { name: "Play" }).waitFor();
  assert.equal(await next.isDisabled(), true);
  clean();
  await context.close();
});

test("another leaver, a bigger table and typed backends", async () => {
  const { context, page, clean } = await open(env);
  await load(env, page, "#/maglev");
  await page.getByRole("combobox", { name: "Backend that leaves" }).selectOption("B3");
  await waitParam(page, "leave", (v) => v === "B3");
  await page.getByRole("list", { name: "Lookup table after B3 leaves" }).waitFor();
  await page.getByRole("combobox", { name: "Backend that leaves" }).selectOption("none");
  await waitParam(page, "leave", (v) => v === "none");
  assert.equal(await page.locator(".maglev-after").count(), 0);
  await page.getByRole("combobox", { name: "Table size M" }).selectOption("13");
  await waitParam(page, "m", (v) => v === "13");
  assert.equal((await slots(page, "Lookup table, 13 of 13 slots filled")).length, 13);
  const typed = page.getByRole("textbox", { name: "Backends (name:offset:skip)" });
  await typed.fill("x:1:5,y:12:1,z:20:0");
  await typed.press("Enter");
  await typed.blur();
  await waitParam(page, "backends", (v) => v === "x:1:5,y:12:1,z:7:12");
  await page.getByRole("list").filter({ hasText: "repaired" }).or(page.locator(".view-notes")).first().waitFor();
  assert.match(await page.locator(".view-notes").innerText(), /z's offset 20 is not below M = 13: using 7/);
  const table = await slots(page, "Lookup table, 13 of 13 slots filled");
  assert.deepEqual([...new Set(table)].toSorted(), ["x", "y", "z"]);
  clean();
  await context.close();
});

test("real sizes: Envoy's 65,537 slots, the shares, a leave and a join, each system", async () => {
  const { context, page, clean } = await open(env);
  await load(env, page, "#/maglev");
  const real = page.locator(".maglev-real");
  await real.waitFor();
  assert.match(await real.innerText(), /Each of the 10 backends holds 6,553 to 6,554 of the 65,537 slots; the fair share is 6,553\.7\./);
  assert.match(await real.innerText(), /10\.0\.0\.1:80 leaves: [\d,]+ of 65,537 slots change backend/);
  assert.match(await real.innerText(), /Key "user:42": XXH64 = 0x[0-9a-f]{16}, and that mod 65,537 = slot [\d,]+; the table says 10\.0\.0\.\d+:80 \(its bar is outlined\)\./);
  await page.getByRole("img", { name: /^Slots held by each of 10 backends in Envoy/ }).waitFor();
  await page.getByRole("combobox", { name: "Change" }).selectOption("join");
  await waitParam(page, "change", (v) => v === "join");
  assert.match(await real.innerText(), /10\.0\.0\.11:80 joins: /);
  assert.equal(await page.getByRole("spinbutton", { name: "Backend that leaves (from 1)" }).isDisabled(), true);
  const key = page.getByRole("textbox", { name: "Key" });
  await key.fill("photo42");
  await key.press("Enter");
  await waitParam(page, "key", (v) => v === "photo42");
  assert.match(await real.innerText(), /Key "photo42": XXH64 = /);
  await page.getByRole("combobox", { name: "System" }).selectOption("cilium");
  await waitParam(page, "system", (v) => v === "cilium");
  // Cilium takes none of Envoy's sizes but its own: the table is repaired, with a note.
  await waitParam(page, "table", (v) => v === "16381");
  assert.match(await page.locator(".view-notes").innerText(), /cilium does not build a table of 65537 slots/);
  assert.match(await real.innerText(), /Each of the 10 backends holds [\d,]+ to [\d,]+ of the 16,381 slots/);
  assert.equal(await key.isDisabled(), true);
  // katran takes any prime: it keeps 16,381, and builds its own table of it.
  for (const system of ["katran", "katran-v2"]) {
    await page.getByRole("combobox", { name: "System" }).selectOption(system);
    await waitParam(page, "system", (v) => v === system);
    await waitUntil(() => real.innerText(), (t) => /10\.0\.0\.11 joins: .* of 16,381 slots/.test(t), `${system}'s table`);
  }
  // go-maglev takes any prime up to 655,373 and no text key; its slots are the command line's.
  await page.getByRole("combobox", { name: "System" }).selectOption("go-maglev");
  await waitParam(page, "system", (v) => v === "go-maglev");
  await waitUntil(() => real.innerText(), (t) => /10\.0\.0\.11:80 joins: .* of 16,381 slots/.test(t), "go-maglev's table");
  const names = Array.from({ length: 10 }, (_, i) => `10.0.0.${i + 1}:80`).join(",");
  const held = {};
  for (const line of ringlab(["maglev", "--system", "go-maglev", "--servers", names, "--table", "16381"]).trim().split("\n")) {
    const name = line.split("\t")[1];
    held[name] = (held[name] ?? 0) + 1;
  }
  const counts = Object.values(held).map((n) => n.toLocaleString("en-US"));
  const [fewest, most] = [Math.min(...Object.values(held)), Math.max(...Object.values(held))].map((n) => n.toLocaleString("en-US"));
  assert.equal(counts.length, 10);
  assert.ok((await real.innerText()).includes(`Each of the 10 backends holds ${fewest} to ${most} of the 16,381 slots`), await real.innerText());
  assert.match(await real.innerText(), /go-maglev looks up a number its caller has already hashed the key to/);
  assert.equal(await key.isDisabled(), true);
  assert.equal((await params(page)).table, "16381");
  const backends = page.getByRole("spinbutton", { name: "Backends" });
  await backends.fill("100");
  await backends.press("Enter");
  await waitParam(page, "n", (v) => v === "100");
  assert.match(await real.innerText(), /Each of the 100 backends holds/);
  clean();
  await context.close();
});

test("a link round trip, and bad values repaired with notes", async () => {
  const { context, page, clean } = await open(env);
  const link = "#/maglev?m=11&backends=P:1:2,Q:3:4&leave=Q&step=5&system=envoy&table=101&n=7&change=leave&gone=3&key=abc";
  await load(env, page, link);
  await page.getByRole("list", { name: "Lookup table, 5 of 11 slots filled" }).waitFor();
  const got = await params(page);
  assert.deepEqual(got, { m: "11", backends: "P:1:2,Q:3:4", leave: "Q", step: "5", system: "envoy", table: "101", n: "7", change: "leave", gone: "3", key: "abc" });
  assert.equal(await page.locator(".view-notes").count(), 0);
  await load(env, page, "#/maglev?m=8&leave=Z&table=100&n=0&gone=-1");
  const notes = page.locator(".view-notes");
  await notes.waitFor();
  const text = await notes.innerText();
  for (const part of ["m=8", "leave=\"Z\"", "100", "n=0", "gone=-1"]) assert.ok(text.includes(part), `${part} in ${text}`);
  assert.equal((await params(page)).table, "65537");
  clean();
  await context.close();
});

test("phone and dark: no sideways scroll, the slots wrap, colours follow the theme", async () => {
  for (const [width, colorScheme] of [[360, "light"], [360, "dark"], [1280, "dark"]]) {
    const { context, page, clean } = await open(env, { viewport: { width, height: 800 }, colorScheme });
    await load(env, page, "#/maglev?m=31&backends=A:0:1,B:5:3,C:9:7,D:2:11,E:30:29,F:17:13&leave=C");
    await page.getByRole("list", { name: "Lookup table, 31 of 31 slots filled" }).waitFor();
    const scroll = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(scroll <= width, `${width} px ${colorScheme}: the page is ${scroll} px wide`);
    const colours = await shownColours(page.getByRole("list", { name: "Lookup table, 31 of 31 slots filled" }), Object.fromEntries(PALETTE.slice(0, 6).map((p, i) => [`b${i}`, p])));
    for (let i = 0; i < 6; i++) assert.ok(colours.counts[`b${i}`] > 1000, `${width} ${colorScheme} b${i}: ${JSON.stringify(colours)}`);
    await screenshot(page, `maglev-${width}-${colorScheme}`);
    clean();
    await context.close();
  }
});
