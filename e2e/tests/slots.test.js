// The Redis slots view (#/slots), driven as a person would, by role and accessible name:
// the numbers (somekey is slot 11058, user:{42}:cart and user:{42}:profile share a
// slot, create's three ranges), the map read from its pixels, the slot cursor by keyboard
// and pointer, a move through its three phases with MOVED and ASK, a link round trip, bad
// values with notes, axe, and screenshots at 1280 and 360 px, light and dark.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { load, screenshot, start } from "../harness.js";
import { open, params, waitParam, waitUntil } from "../common.js";
import { drawnAtSize, PALETTE } from "../pixels.js";
import { axeViolations } from "../axe.js";

let env;
before(async () => {
  env = await start();
});
after(async () => {
  await env?.stop();
});

const keysTable = (page) => page.getByRole("table", { name: /^Each key's hashed part/ });
const rangesTable = (page) => page.getByRole("table", { name: "Masters and their slot ranges" });
const map = (page) => page.getByRole("img", { name: /^Map of the 16,384 slots/ });
const readout = (page) => page.getByLabel("Slot under the cursor").locator("p");
const status = (page) => page.getByRole("status").filter({ hasText: /^Slots / });

/** The cells of the keys table, row by row. */
async function keyRows(page) {
  return keysTable(page)
    .locator("tbody tr")
    .evaluateAll((rows) => rows.map((r) => [...r.children].map((c) => c.innerText.trim())));
}

/** The ranges table as { master: [slots, ranges now, create gave] }. */
async function ranges(page) {
  const rows = await rangesTable(page)
    .locator("tbody tr")
    .evaluateAll((rows) => rows.map((r) => [...r.children].map((c) => c.innerText.trim())));
  return Object.fromEntries(rows.map(([m, , slots, now, created]) => [m, [slots, now, created]]));
}

async function drawn(page) {
  await drawnAtSize(page, "canvas.sl-canvas", 0);
}

/**
 * The palette colour (its index) at the centre of each slot's cell, or -1 for another
 * colour: read from the canvas's pixels against the page's own custom properties.
 */
function slotColours(page, slots) {
  return page.locator("canvas.sl-canvas").evaluate(
    (c, { slots, palette }) => {
      const probe = document.createElement("canvas").getContext("2d", { willReadFrequently: true });
      const style = getComputedStyle(c);
      const rgb = (css) => {
        probe.clearRect(0, 0, 1, 1);
        probe.fillStyle = css;
        probe.fillRect(0, 0, 1, 1);
        return [...probe.getImageData(0, 0, 1, 1).data.slice(0, 3)];
      };
      const colours = palette.map((p) => rgb(style.getPropertyValue(p).trim()));
      const ctx = c.getContext("2d");
      const cell = c.width / 128;
      return slots.map((slot) => {
        const x = Math.floor((slot % 128) * cell + cell / 2);
        const y = Math.floor(Math.floor(slot / 128) * cell + cell / 2);
        const [r, g, b] = ctx.getImageData(x, y, 1, 1).data;
        return colours.findIndex(([R, G, B]) => Math.abs(r - R) + Math.abs(g - G) + Math.abs(b - B) <= 12);
      });
    },
    { slots, palette: PALETTE },
  );
}

/**
 * The colour 2 CSS px above and 2 px below rows `first` to `end - 1` of the map, at
 * column 64: "text" (`--fg`, the move's outline), "background" (`--surface`) or the
 * palette's index, -1 for another colour.
 */
function aroundRows(page, first, end) {
  return page.locator("canvas.sl-canvas").evaluate(
    (c, { first, end, palette }) => {
      const probe = document.createElement("canvas").getContext("2d", { willReadFrequently: true });
      const style = getComputedStyle(c);
      const rgb = (css) => {
        probe.clearRect(0, 0, 1, 1);
        probe.fillStyle = css;
        probe.fillRect(0, 0, 1, 1);
        return [...probe.getImageData(0, 0, 1, 1).data.slice(0, 3)];
      };
      const named = [["text", rgb(style.getPropertyValue("--fg").trim())], ["background", rgb(style.getPropertyValue("--surface").trim())], ...palette.map((p, i) => [i, rgb(style.getPropertyValue(p).trim())])];
      const ratio = c.width / c.getBoundingClientRect().width;
      const edge = (row) => Math.round((row * c.width) / 128);
      const x = Math.floor(64.5 * (c.width / 128));
      return [edge(first) - 2 * ratio, edge(end) + 2 * ratio].map((y) => {
        const [r, g, b] = c.getContext("2d").getImageData(x, Math.floor(y), 1, 1).data;
        return named.find(([, [R, G, B]]) => Math.abs(r - R) + Math.abs(g - G) + Math.abs(b - B) <= 12)?.[0] ?? -1;
      });
    },
    { first, end, palette: PALETTE },
  );
}

/** Slots on row 11, columns 20 to 99: inside a move of rows 10 and 11, off its outline. */
const ROW_11 = Array.from({ length: 80 }, (_, i) => 11 * 128 + 20 + i);

test("the defaults: somekey is slot 11058, the tagged keys share a slot, create's three ranges", async () => {
  const { context, page, clean } = await open(env);
  await load(env, page, "#/slots");
  assert.equal(await page.title(), "Redis slots · ringlab");
  await keysTable(page).waitFor();
  assert.equal(await page.getByRole("spinbutton", { name: "Masters" }).inputValue(), "3");
  assert.equal(
    await page.getByRole("textbox", { name: "Keys, one a line" }).inputValue(),
    "somekey\nuser:{42}:cart\nuser:{42}:profile",
  );
  const rows = await keyRows(page);
  assert.deepEqual(rows[0], ["1", "somekey", "somekey", "0x6B32", "11058", "C"]);
  assert.deepEqual(rows[1], ["2", "user:{42}:cart", "42 (tag)", "0xDF40", "8000", "B"]);
  assert.deepEqual(rows[2], ["3", "user:{42}:profile", "42 (tag)", "0xDF40", "8000, as key 2", "B"]);
  assert.match(await page.locator(".sl-keyslot").innerText(), /^CLUSTER KEYSLOT somekey answers 11058: CRC16 of “somekey” is 0x6B32/);
  assert.match(
    await page.locator(".sl-share").innerText(),
    /^user:\{42\}:cart and user:\{42\}:profile share slot 8000: only the hash tag "42" is hashed/,
  );
  assert.deepEqual(await ranges(page), {
    A: ["5,461", "0-5460", "0-5460"],
    B: ["5,462", "5461-10922", "5461-10922"],
    C: ["5,461", "10923-16383", "10923-16383"],
  });
  assert.match(
    await page.locator(".sl-create").innerText(),
    /^redis-cli --cluster create with 3 masters gives A 0-5460, B 5461-10922, C 10923-16383: 16,384 \/ 3 = 5,461.33 slots each/,
  );
  // The map: create's three ranges in the first three colours of the palette.
  await drawn(page);
  assert.deepEqual(await slotColours(page, [1344, 5460 - 130, 5461 + 130, 7000, 10922 - 130, 13000, 15424]), [0, 0, 1, 1, 1, 2, 2]);
  assert.equal(await map(page).getAttribute("data-resharded"), "0");
  // The planned move, and the slot under the cursor: somekey's.
  assert.equal(
    await status(page).locator(".sl-headline").innerText(),
    "Slots 11000-11099 (100 slots) to A (127.0.0.1:7000): 100 would change owner (100 from C).",
  );
  assert.match(await readout(page).innerText(), /^Slot 11058 \(row 86, column 50\): master C \(127\.0\.0\.1:7002\), in its range 10923-16383; keys: somekey\.$/);
  assert.match(await page.locator(".sl-why").innerText(), /16,384 bits, 2,048 bytes \(2 KB\)\. With 65,536 slots that would be 8,192 bytes \(8 KB\)/);
  const url = await params(page);
  assert.deepEqual(url, { masters: "3", from: "11000", to: "11099", target: "A", phase: "plan" });
  assert.deepEqual(await axeViolations(page), []);
  await screenshot(page, "slots-desktop");
  clean();
  await context.close();
});

test("keys typed in the box, and the slot cursor by keyboard and pointer", async () => {
  const { context, page, clean } = await open(env);
  await load(env, page, "#/slots");
  await keysTable(page).waitFor();
  const box = page.getByRole("textbox", { name: "Keys, one a line" });
  await box.focus();
  await page.keyboard.press("Control+End");
  await page.keyboard.type("\nfoo{bar}{zap}\nfoo{}{bar}");
  await waitUntil(async () => (await keyRows(page)).length, (n) => n === 5, "five keys");
  const rows = await keyRows(page);
  assert.deepEqual(rows[3].slice(1, 5), ["foo{bar}{zap}", "bar (tag)", "0x93C5", "5061"]);
  assert.deepEqual(rows[4].slice(1, 5), ["foo{}{bar}", "foo{}{bar}", rows[4][3], "8363"]);
  await waitParam(page, "keys", (v) => v?.endsWith("foo{}{bar}"));

  // The keyboard: Tab reaches the map; arrows move the cursor a slot or a row.
  const canvas = map(page);
  await canvas.focus();
  await page.keyboard.press("ArrowRight");
  assert.match(await readout(page).innerText(), /^Slot 11059 /);
  await page.keyboard.press("ArrowDown");
  assert.match(await readout(page).innerText(), /^Slot 11187 /);
  await page.keyboard.press("Home");
  assert.match(await readout(page).innerText(), /^Slot 11136 \(row 87, column 0\)/);
  // F and L make the cursor the first and last slot of the move.
  await page.keyboard.press("f");
  await waitParam(page, "from", (v) => v === "11136");
  // Past the last slot, 11099: the move is the slots between the two, either way round.
  assert.match(await status(page).locator(".sl-headline").innerText(), /^Slots 11099-11136 \(38 slots\) to A/);
  await page.keyboard.press("End");
  await page.keyboard.press("l");
  await waitParam(page, "to", (v) => v === "11263");
  assert.equal(await page.getByRole("spinbutton", { name: "Last slot" }).inputValue(), "11263");
  assert.match(await status(page).locator(".sl-headline").innerText(), /^Slots 11136-11263 \(128 slots\) to A/);
  assert.equal(await page.getByRole("note").count(), 0);

  // The pointer: hovering reads a slot out, a click puts the cursor there.
  await drawn(page);
  const bounds = await canvas.boundingBox();
  const cell = bounds.width / 128;
  const at = (slot) => [bounds.x + ((slot % 128) + 0.5) * cell, bounds.y + (Math.floor(slot / 128) + 0.5) * cell];
  await page.mouse.move(...at(8000));
  await waitUntil(() => readout(page).innerText(), (t) => t.startsWith("Slot 8000 "), "hover reads slot 8000");
  assert.match(await readout(page).innerText(), /master B .*; keys: user:\{42\}:cart, user:\{42\}:profile\.$/);
  await page.mouse.click(...at(42));
  await page.mouse.move(bounds.x + bounds.width + 40, bounds.y);
  await waitUntil(() => readout(page).innerText(), (t) => t.startsWith("Slot 42 "), "the click's slot stays");
  await page.getByRole("button", { name: "Start the move at slot 42" }).click();
  await waitParam(page, "from", (v) => v === "42");
  clean();
  await context.close();
});

test("a move migrates then hands whole slots over: ASK, then MOVED, map and URL follow", async () => {
  const { context, page, clean } = await open(env);
  await load(env, page, "#/slots");
  await keysTable(page).waitFor();
  await drawn(page);
  // Rows 10 and 11 of the map, from A to C, typed as a person would, each field read
  // back from the address before the next (as a person sees the map follow).
  const first = page.getByRole("spinbutton", { name: "First slot" });
  await first.fill("1280");
  await first.press("Tab");
  await waitParam(page, "from", (v) => v === "1280");
  const last = page.getByRole("spinbutton", { name: "Last slot" });
  await last.fill("1535");
  await last.press("Tab");
  await waitParam(page, "to", (v) => v === "1535");
  const target = page.getByRole("combobox", { name: "To master" });
  await target.focus();
  await page.keyboard.press("ArrowDown");
  await waitParam(page, "target", (v) => v === "B");
  await page.keyboard.press("ArrowDown");
  await waitParam(page, "target", (v) => v === "C");
  assert.deepEqual(await params(page), { masters: "3", from: "1280", to: "1535", target: "C", phase: "plan" });
  const headline = status(page).locator(".sl-headline");
  assert.equal(await headline.innerText(), "Slots 1280-1535 (256 slots) to C (127.0.0.1:7002): 256 would change owner (256 from A).");
  await drawn(page);
  assert.ok((await slotColours(page, ROW_11)).every((c) => c === 0), "planned: still A's");
  // The outline runs just outside the move, over none of its slots.
  assert.deepEqual(await aroundRows(page, 10, 12), ["text", "text"], "the move's outline, above and below it");

  // Start: the slots migrate; the map stripes them with C's colour, the text says ASK.
  await page.getByRole("button", { name: "Start migration" }).click();
  await waitParam(page, "phase", (v) => v === "migrating");
  await waitUntil(() => map(page).getAttribute("data-phase"), (p) => p === "migrating", "the map shows the migration");
  await drawn(page);
  const striped = await slotColours(page, ROW_11);
  assert.equal(striped.filter((c) => c === 2).length, 40, `half the cells in C's stripes: ${striped}`);
  assert.equal(striped.filter((c) => c === 0).length, 40);
  const text = await status(page).innerText();
  const slot = Number(text.match(/-ASK (\d+) 127\.0\.0\.1:7002/)?.[1]);
  assert.ok(slot >= 1280 && slot <= 1535, text);
  assert.match(text, /sends ASKING, then the command, to C, this once/);
  assert.match(text, new RegExp(`without ASKING, the command gets -MOVED ${slot} 127\\.0\\.0\\.1:7000`));
  assert.equal(await page.locator(".sl-steps [aria-current=step]").innerText(), "2. Keys migrating");

  // Finish: C owns them, the map textures them, the tables say so, MOVED for good.
  await page.getByRole("button", { name: "Finish migration" }).click();
  await waitParam(page, "phase", (v) => v === "done");
  await waitUntil(() => map(page).getAttribute("data-resharded"), (n) => n === "256", "256 slots resharded");
  await drawn(page);
  const moved = await slotColours(page, ROW_11);
  assert.equal(moved.filter((c) => c === 2).length, 40, `C's colour, every other cell textured: ${moved}`);
  assert.ok(moved.every((c) => c !== 0), "none left on A");
  assert.deepEqual(await ranges(page), {
    A: ["5,205", "0-1279, 1536-5460", "0-5460"],
    B: ["5,462", "5461-10922", "5461-10922"],
    C: ["5,717", "1280-1535, 10923-16383", "10923-16383"],
  });
  assert.match(await status(page).innerText(), new RegExp(`gets -MOVED ${slot} 127\\.0\\.0\\.1:7002`));
  assert.match(await status(page).innerText(), /updates its slot table/);
  assert.deepEqual(await axeViolations(page), []);
  await screenshot(page, "slots-done");

  // A link round trip: the same picture and text in a fresh page.
  const hash = await page.evaluate(() => location.hash);
  assert.equal(hash, "#/slots?masters=3&from=1280&to=1535&target=C&phase=done");
  const again = await open(env);
  await load(env, again.page, hash);
  await keysTable(again.page).waitFor();
  assert.deepEqual(await ranges(again.page), await ranges(page));
  assert.equal(await status(again.page).innerText(), await status(page).innerText());
  again.clean();
  await again.context.close();

  // Keep it and plan another: the move joins `moves`; undo puts create's layout back.
  await page.getByRole("button", { name: "Keep it, plan another move" }).click();
  await waitParam(page, "moves", (v) => v === "1280-1535:C");
  assert.equal((await params(page)).phase, "plan");
  assert.match(await page.locator(".sl-earlier").innerText(), /^Finished earlier: 1280-1535 to C\.$/);
  assert.match(await headline.innerText(), /C owns them all already, nothing moves\.$/);
  assert.ok(await page.getByRole("button", { name: "Start migration" }).isDisabled());
  await page.getByRole("button", { name: "Undo every move" }).click();
  await waitParam(page, "moves", (v) => v === undefined);
  await waitUntil(() => map(page).getAttribute("data-resharded"), (n) => n === "0", "create's layout again");
  assert.equal((await ranges(page)).A[1], "0-5460");
  // A new master count lays the cluster out afresh.
  const masters = page.getByRole("spinbutton", { name: "Masters" });
  await masters.fill("4");
  await masters.press("Tab");
  await waitParam(page, "masters", (v) => v === "4");
  assert.deepEqual(Object.values(await ranges(page)).map((r) => r[0]), ["4,096", "4,096", "4,096", "4,096"]);
  await drawn(page);
  assert.deepEqual(await slotColours(page, [1344, 5460, 9000, 15424]), [0, 1, 2, 3]);
  clean();
  await context.close();
});

test("bad values in the link are repaired with a note", async () => {
  const { context, page, clean } = await open(env);
  await load(env, page, "#/slots?masters=1&from=20000&to=5&target=Z&phase=later&moves=0-99:H,oops");
  await keysTable(page).waitFor();
  const note = await page.getByRole("note").innerText();
  assert.match(note, /masters=1 is below 3: using 3/);
  assert.match(note, /from=20000 is above 16383: using 16383/);
  assert.match(note, /target="Z" is not a master's letter, A to H: using A/);
  assert.match(note, /phase="later" is not one of plan, migrating, done: using plan/);
  assert.match(note, /moves="oops" is not first-last:master/);
  assert.match(note, /moves="0-99:H" names no master of 3/);
  await waitParam(page, "from", (v) => v === "16383");
  assert.deepEqual(await params(page), { masters: "3", from: "16383", to: "5", target: "A", phase: "plan" });
  assert.match(await status(page).locator(".sl-headline").innerText(), /^Slots 5-16383 \(16,379 slots\) to A/);
  await page.getByRole("button", { name: "Dismiss notes" }).click();
  assert.equal(await page.getByRole("note").count(), 0);
  clean();
  await context.close();
});

test("360 px wide, dark, and embedded", async () => {
  for (const [name, options, hash] of [
    ["slots-360", { viewport: { width: 360, height: 740 } }, "#/slots"],
    ["slots-dark", { colorScheme: "dark" }, "#/slots?from=1280&to=1535&target=C&phase=migrating"],
    ["slots-360-dark", { viewport: { width: 360, height: 740 }, colorScheme: "dark" }, "#/slots?moves=0-99:B&from=11000&to=11099&target=A&phase=done"],
    ["slots-embed", { viewport: { width: 720, height: 700 } }, "#/slots?embed=1&controls=0"],
  ]) {
    const { context, page, clean } = await open(env, options);
    await load(env, page, hash);
    await keysTable(page).waitFor();
    await drawn(page);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `${name}: ${overflow}px of horizontal scroll`);
    const small = await page.evaluate(() =>
      [...document.querySelectorAll(".slots *")]
        .filter((e) => e.childNodes.length && [...e.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim()))
        .filter((e) => parseFloat(getComputedStyle(e).fontSize) < 12)
        .map((e) => e.textContent.trim().slice(0, 30)),
    );
    assert.deepEqual(small, [], `${name}: text under 12 px`);
    if (name === "slots-embed") {
      assert.equal(await page.getByRole("banner").count(), 0);
      assert.equal(await page.getByRole("spinbutton", { name: "Masters" }).count(), 0);
      assert.equal(await page.getByRole("button", { name: "Start migration" }).count(), 0);
      // Without controls the map still reads out slots, but its keys no longer edit.
      assert.match(await map(page).getAttribute("aria-label"), /Arrow keys move the slot cursor\.$/);
      await map(page).focus();
      await page.keyboard.press("ArrowLeft");
      await page.keyboard.press("f");
      assert.match(await readout(page).innerText(), /^Slot 11057 /);
      assert.equal((await params(page)).from, "11000");
    }
    if (name.includes("dark")) {
      assert.deepEqual(await axeViolations(page), [], name);
    }
    await screenshot(page, name);
    clean();
    await context.close();
  }
});

test("the map takes the new colours when the reader's system turns dark", async () => {
  const { context, page, clean } = await open(env, { colorScheme: "light" });
  await load(env, page, "#/slots?masters=3&from=1280&to=1535&target=C&phase=plan");
  await drawn(page);
  // The move's outline is drawn in the text colour: the light one now.
  assert.deepEqual(await aroundRows(page, 10, 12), ["text", "text"]);
  await page.emulateMedia({ colorScheme: "dark" });
  // The map is painted again, its outline in the dark text colour (read against the
  // page's colours, which are the dark ones now).
  await waitUntil(() => aroundRows(page, 10, 12), (seen) => seen[0] === "text" && seen[1] === "text", "the outline in the dark text colour");
  clean();
  await context.close();
});
