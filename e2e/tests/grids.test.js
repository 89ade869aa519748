// The grids view (#/grids): modulo against the ring, driven as a person would, by role
// and accessible name. Every page must stay free of console errors and requests to other
// origins (harness.js).
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { load, screenshot, start } from "../harness.js";
import { open as openView, params, waitParam, waitUntil } from "../common.js";
import { drawnAtSize, gridCells } from "../pixels.js";

const BASE = "#/grids?servers=8&keys=100&seed=7&vnodes=160&schemes=modulo,ring";
const COUNTER = /^([\d,]+) of ([\d,]+) keys moved \((\d+(?:\.\d+)?)%\)$/;

let env;
before(async () => {
  env = await start();
});
after(async () => {
  await env?.stop();
});

/** The shared page (common.js) on this file's server. */
const open = (options) => openView(env, options);

function gridRegion(page, heading) {
  // The grid's own region ("Modulo (h mod N) · 9 servers"), not the view's ("Modulo vs ring").
  const escaped = heading.replace(/[()]/g, "\\$&");
  return page.getByRole("region", { name: new RegExp(`^${escaped}.* · \\d+ servers$`) });
}

/** One grid's counter, parsed and checked: k/K and the percentage agree. */
async function counter(page, heading) {
  const strong = gridRegion(page, heading).getByText(COUNTER);
  await strong.waitFor();
  const text = (await strong.innerText()).trim();
  const [, moved, total, pct] = text.match(COUNTER);
  const k = Number(moved.replaceAll(",", ""));
  const n = Number(total.replaceAll(",", ""));
  assert.ok(k <= n, text);
  assert.ok(Math.abs((k / n) * 100 - Number(pct)) < 0.06, `${text}: the percentage is k/K`);
  return { text, moved: k, total: n, pct: Number(pct) };
}

const HEADINGS = ["Modulo", "Hash ring", "Jump hash", "Rendezvous"];

/**
 * Every canvas grid read from its pixels: each cell is lit or quiet (none blank, none in
 * another colour), and the lit cells are exactly as many as its counter says.
 */
async function assertCanvasesMatchCounters(page, headings) {
  for (const heading of headings) {
    const canvas = gridRegion(page, heading).locator("canvas.gr-canvas");
    const index = await canvas.evaluate((c) => [...document.querySelectorAll("canvas.gr-canvas")].indexOf(c));
    await drawnAtSize(page, "canvas.gr-canvas", index);
    const cells = await gridCells(canvas);
    const { moved } = await counter(page, heading);
    assert.deepEqual(cells.other.slice(0, 5), [], `${heading}: cells neither lit nor quiet (blank?)`);
    // On tiny cells the cursor's ring may hide a few cells around it: at most its 3 x 3
    // block, and the count is then bounded rather than exact.
    const rows = cells.covered.map((k) => Math.floor(k / cells.cols));
    const cols = cells.covered.map((k) => k % cells.cols);
    assert.ok(
      cells.covered.length <= 9 && Math.max(0, ...rows) - Math.min(...rows, Infinity) <= 2 && Math.max(0, ...cols) - Math.min(...cols, Infinity) <= 2,
      `${heading}: cells hidden by the cursor ${cells.covered}`,
    );
    assert.ok(
      cells.lit.length <= moved && moved <= cells.lit.length + cells.covered.length,
      `${heading}: ${cells.lit.length} lit cells (+${cells.covered.length} under the cursor) on the canvas against ${moved} counted`,
    );
    assert.equal(cells.lit.length + cells.quiet + cells.covered.length, cells.keys, `${heading}: every cell drawn`);
  }
}

/** The lit cells of a DOM grid. */
function litCells(page, heading) {
  return gridRegion(page, heading).locator("a.gr-cell.lit");
}

test("add and remove server light the moved cells on every grid, next to the theory", async () => {
  const { context, page, clean } = await open();
  await load(env, page, BASE);
  await page.getByRole("heading", { name: "Modulo vs ring" }).waitFor();
  assert.equal(await page.title(), "Modulo vs ring · ringlab");
  assert.equal(await page.locator("a.gr-cell").count(), 200);
  assert.equal(await page.locator("a.gr-cell.lit").count(), 0);

  await page.getByRole("button", { name: "Add server" }).click();
  await waitParam(page, "servers", (v) => v === "9");
  assert.equal((await params(page)).from, "8");
  const modulo = await counter(page, "Modulo");
  const ring = await counter(page, "Hash ring");
  assert.equal(modulo.total, 100);
  assert.ok(modulo.moved >= 75 && modulo.moved <= 98, modulo.text);
  assert.ok(ring.moved <= 25, ring.text);
  // The lit cells are exactly the counted ones, on both grids at once.
  assert.equal(await litCells(page, "Modulo").count(), modulo.moved);
  assert.equal(await litCells(page, "Hash ring").count(), ring.moved);
  const theory = await gridRegion(page, "Modulo").innerText();
  assert.match(theory, /exactly 8\/9 = 88\.9% of hashes have h mod 8 ≠ h mod 9/);
  assert.match(await gridRegion(page, "Hash ring").innerText(), /about 1\/\(N\+1\) = 1\/9 = 11\.1%/);
  const compare = await page.getByRole("list", { name: "Comparison" }).innerText();
  // Counts next to their theory and its spread, never a ratio of two small counts: 100
  // keys, 8 -> 9, theory 11 ± 3 on a ring of 160 points per server, 89 ± 3 under modulo.
  assert.equal(compare, `The ring moved ${ring.moved} keys (theory 11 ± 3), modulo ${modulo.moved} (theory 89 ± 3), of 100`);
  assert.doesNotMatch(compare, /×/);
  const status = await page.locator(".grids").getByRole("status").innerText();
  assert.match(status, /^8 → 9 servers: modulo \d+ of 100 keys moved/);
  await screenshot(page, "grids-8-to-9");

  await page.getByRole("button", { name: "Remove server" }).click();
  await waitParam(page, "servers", (v) => v === "8");
  assert.equal((await params(page)).from, "9");
  const back = await counter(page, "Modulo");
  assert.equal(back.moved, modulo.moved, "going back moves the same keys back");
  assert.match(await gridRegion(page, "Hash ring").innerText(), /about 1\/N = 1\/9/);
  clean();
  await context.close();
});

test("the number box jumps to any N, clamped with a visible note", async () => {
  const { context, page, clean } = await open();
  await load(env, page, BASE);
  const servers = page.getByRole("spinbutton", { name: "Servers" });
  await servers.fill("12");
  await servers.press("Enter");
  await waitParam(page, "servers", (v) => v === "12");
  assert.equal((await params(page)).from, "8");
  const modulo = await counter(page, "Modulo");
  assert.equal(await litCells(page, "Modulo").count(), modulo.moved);
  // gcd(8, 12) = 4 of max 12 stays: 2/3 moves.
  assert.match(await gridRegion(page, "Modulo").innerText(), /exactly 2\/3 = 66\.7%/);
  await servers.fill("5000");
  await servers.press("Enter");
  await waitParam(page, "servers", (v) => v === "1000");
  const note = page.getByRole("note");
  await note.waitFor();
  assert.match(await note.innerText(), /servers=5000 is above 1000: using 1000/);
  assert.equal(await servers.inputValue(), "1000");
  assert.ok(await page.getByRole("button", { name: "Add server" }).isDisabled());
  await page.getByRole("button", { name: "Dismiss notes" }).click();
  assert.equal(await page.getByRole("note").count(), 0);
  clean();
  await context.close();
});

test("virtual nodes and seed: typed, clamped, in the URL; modulo ignores the ring's points", async () => {
  const { context, page, clean } = await open();
  await load(env, page, `${BASE.replace("servers=8", "servers=9")}&from=8`);
  const moduloBefore = await counter(page, "Modulo");
  const cellsBefore = await page.locator("a.gr-cell").evaluateAll((c) => c.map((e) => e.textContent));
  const vnodes = page.getByRole("spinbutton", { name: "Virtual nodes" });
  assert.equal(await vnodes.inputValue(), "160");
  await vnodes.fill("1");
  await vnodes.press("Enter");
  await waitParam(page, "vnodes", (v) => v === "1");
  // One point per server: the ring's owners change, modulo's do not.
  assert.deepEqual(await counter(page, "Modulo"), moduloBefore);
  const cellsAfter = await page.locator("a.gr-cell").evaluateAll((c) => c.map((e) => e.textContent));
  assert.notDeepEqual(cellsAfter, cellsBefore);
  await vnodes.fill("0");
  await vnodes.press("Enter");
  await page.getByRole("note").filter({ hasText: "vnodes=0 is below 1: using 1" }).waitFor();
  assert.equal(await vnodes.inputValue(), "1");
  // Another seed: other keys, so other cells.
  const firstKey = await page.locator("a.gr-cell").first().getAttribute("aria-label");
  const seed = page.getByRole("spinbutton", { name: "Seed" });
  await seed.fill("8");
  await seed.press("Tab");
  await waitParam(page, "seed", (v) => v === "8");
  await page.waitForFunction(
    (before) => document.querySelector("a.gr-cell")?.getAttribute("aria-label") !== before,
    firstKey,
  );
  assert.equal(
    await page.evaluate(() => location.hash),
    "#/grids?servers=9&from=8&keys=100&seed=8&vnodes=1&schemes=modulo,ring",
  );
  clean();
  await context.close();
});

test("scheme checkboxes add and remove grids; the last one stays", async () => {
  const { context, page, clean } = await open();
  await load(env, page, BASE + "&servers=9&from=8");
  await page.getByRole("checkbox", { name: "Jump hash" }).check();
  await waitParam(page, "schemes", (v) => v === "modulo,ring,jump");
  await page.getByRole("checkbox", { name: "Rendezvous" }).check();
  await waitParam(page, "schemes", (v) => v === "modulo,ring,jump,rendezvous");
  for (const name of ["Modulo", "Hash ring", "Jump hash", "Rendezvous"]) {
    const c = await counter(page, name);
    assert.equal(await litCells(page, name).count(), c.moved, name);
    if (name !== "Modulo") assert.ok(c.moved <= 25, `${name}: ${c.text}`);
  }
  const compare = await page.getByRole("list", { name: "Comparison" }).innerText();
  assert.match(compare, /Jump hash moved/);
  assert.match(compare, /Rendezvous moved/);
  for (const name of ["Modulo (h mod N)", "Hash ring", "Jump hash"]) {
    await page.getByRole("checkbox", { name }).uncheck();
  }
  await waitParam(page, "schemes", (v) => v === "rendezvous");
  // The last grid cannot be unchecked.
  await page.getByRole("checkbox", { name: "Rendezvous" }).click();
  await page.getByRole("note").waitFor();
  assert.ok(await page.getByRole("checkbox", { name: "Rendezvous" }).isChecked());
  assert.equal((await params(page)).schemes, "rendezvous");
  clean();
  await context.close();
});

test("show previous owner keeps the old number in every lit cell", async () => {
  const { context, page, clean } = await open();
  await load(env, page, BASE + "&servers=9&from=8");
  assert.equal(await page.locator(".gr-was").count(), 0);
  await page.getByRole("checkbox", { name: "Show previous owner" }).check();
  await waitParam(page, "previous", (v) => v === "1");
  const modulo = await counter(page, "Modulo");
  const ring = await counter(page, "Hash ring");
  assert.equal(await page.locator(".gr-was").count(), modulo.moved + ring.moved);
  const lit = litCells(page, "Modulo").first();
  const [was, now] = [await lit.locator(".gr-was").innerText(), await lit.locator(".gr-now").innerText()];
  assert.notEqual(was, now);
  assert.match(await lit.getAttribute("aria-label"), new RegExp(`on server ${now}, moved from server ${was}$`));
  await screenshot(page, "grids-previous");
  await page.getByRole("checkbox", { name: "Show previous owner" }).uncheck();
  await waitParam(page, "previous", (v) => v === undefined);
  assert.equal(await page.locator(".gr-was").count(), 0);
  clean();
  await context.close();
});

test("the doubling preset: modulo splits each old server with exactly one new one", async () => {
  const { context, page, clean } = await open();
  await load(env, page, BASE + "&keys=400");
  await page.getByRole("button", { name: "Double 16 → 32" }).click();
  await waitParam(page, "servers", (v) => v === "32");
  assert.equal((await params(page)).from, "16");
  const modulo = await counter(page, "Modulo");
  assert.equal(await litCells(page, "Modulo").count(), modulo.moved);
  assert.ok(Math.abs(modulo.moved / 400 - 0.5) < 0.1, modulo.text);
  assert.match(await gridRegion(page, "Modulo").innerText(), /exactly 1\/2 = 50\.0%/);
  assert.match(await page.locator(".gr-why").innerText(), /h mod 32 is either h mod 16 or h mod 16 \+ 16/);
  // Every lit modulo cell went from server n to server n + 16.
  await page.getByRole("checkbox", { name: "Show previous owner" }).check();
  const pairs = await litCells(page, "Modulo").evaluateAll((cells) =>
    cells.map((c) => [Number(c.querySelector(".gr-was").textContent), Number(c.querySelector(".gr-now").textContent)]),
  );
  assert.equal(pairs.length, modulo.moved);
  for (const [was, now] of pairs) assert.equal(now, was + 16, `${was} -> ${now}`);
  // Numbered from 0 as h mod 16 and h mod 32 are: old servers 0 to 15, new 16 to 31.
  assert.ok(pairs.every(([was, now]) => was >= 0 && was <= 15 && now >= 16 && now <= 31), JSON.stringify(pairs));
  const shown = await gridRegion(page, "Modulo").locator(".gr-now").allInnerTexts();
  assert.ok(shown.map(Number).every((n) => n >= 0 && n <= 31) && shown.includes("0"), "the modulo cells show 0 to 31");
  await screenshot(page, "grids-doubling");
  clean();
  await context.close();
});

test("hovering or focusing a cell shows its key, hash and owners; arrows move the focus", async () => {
  const { context, page, clean } = await open();
  await load(env, page, BASE + "&servers=9&from=8");
  const details = page.getByLabel("Key details");
  const cell = gridRegion(page, "Modulo").locator("a.gr-cell").nth(3);
  await cell.hover();
  const label = await cell.getAttribute("aria-label");
  const key = label.split(" ")[0];
  await page.waitForFunction((k) => document.querySelector(".gr-details")?.textContent.includes(k), key);
  const text = await details.innerText();
  assert.match(text, /key 3 · hash 0x[0-9a-f]{16}/);
  // Servers are numbered from 0, as h mod N numbers them: h mod 9 = 4 is server 4, E.
  const [, h, server, letter] = text.match(/Modulo \(h mod N\): h mod 9 = (\d), server (\d) \(([A-I])\)/);
  assert.equal(server, h, text);
  assert.equal(letter, String.fromCharCode(65 + Number(server)), text);
  const [, ringServer, ringLetter] = text.match(/Hash ring: server (\d) \(([A-I])\)/);
  assert.equal(ringLetter, String.fromCharCode(65 + Number(ringServer)), text);
  assert.equal(await details.getAttribute("aria-live"), "polite");
  // Keyboard: focus the first cell, then the arrow keys walk the roving focus.
  await page.mouse.move(0, 0);
  await gridRegion(page, "Hash ring").locator("a.gr-cell").first().focus();
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  const focused = await page.evaluate(() => document.activeElement.id);
  assert.equal(focused, "gr-ring-2");
  await page.keyboard.press("ArrowDown");
  const down = await page.evaluate(() => document.activeElement.id);
  const cols = await page.evaluate(() => {
    const cells = [...document.querySelectorAll("[id^=gr-ring-]")];
    return cells.filter((c) => c.offsetTop === cells[0].offsetTop).length;
  });
  assert.equal(down, `gr-ring-${2 + cols}`);
  assert.match(await details.innerText(), new RegExp(`key ${2 + cols} ·`));
  // One tab stop per grid.
  assert.equal(await gridRegion(page, "Hash ring").locator("a.gr-cell[tabindex='0']").count(), 1);
  clean();
  await context.close();
});

test("clicking a cell, or Enter on it, opens that key's walk in the ring playground", async () => {
  const { context, page, clean } = await open();
  await load(env, page, BASE + "&servers=9&from=8");
  const cell = gridRegion(page, "Hash ring").locator("a.gr-cell").nth(5);
  // "user:123 on server 6": servers count from 0, so server 6 is the playground's G.
  const [, key, server] = (await cell.getAttribute("aria-label")).match(/^(\S+) on server (\d+)/);
  const name = String.fromCharCode(65 + Number(server));
  await cell.click();
  await page.waitForFunction(() => location.hash.startsWith("#/ring?"));
  // The playground walks the same key to the same owner.
  const walk = page.getByRole("list", { name: "Key walk" });
  await walk.waitFor();
  assert.match(await walk.innerText(), new RegExp(`^${key} walks clockwise from .* to server ${name} at .*: its owner`));
  const p = await params(page);
  assert.equal(p.walk, "5");
  assert.equal(p.servers, "9");
  assert.equal(p.keys, "100");
  assert.equal(p.seed, "7");
  assert.equal(p.vnodes, "160");
  assert.equal(await page.title(), "Ring playground · ringlab");
  await page.goBack();
  await page.waitForFunction(() => location.hash.startsWith("#/grids"));
  await gridRegion(page, "Modulo").locator("a.gr-cell").first().waitFor();
  await gridRegion(page, "Modulo").locator("a.gr-cell").nth(7).focus();
  await page.keyboard.press("Enter");
  await page.waitForFunction(() => location.hash.startsWith("#/ring?"));
  // The playground is in another bundle: the page reloads, so wait for its walk.
  await page.getByRole("list", { name: "Key walk" }).waitFor();
  assert.equal((await params(page)).walk, "7");
  clean();
  await context.close();
});

test("URL round trip: a reload shows the same grids and lit cells", async () => {
  const { context, page, clean } = await open();
  await load(env, page, BASE);
  await page.getByRole("button", { name: "Add server" }).click();
  await page.getByRole("checkbox", { name: "Jump hash" }).check();
  await page.getByRole("checkbox", { name: "Show previous owner" }).check();
  await waitParam(page, "previous", (v) => v === "1");
  const before = await page.evaluate(() => location.hash);
  assert.equal(before, "#/grids?servers=9&from=8&keys=100&seed=7&vnodes=160&schemes=modulo,ring,jump&previous=1");
  const lit = await page.locator("a.gr-cell.lit").evaluateAll((c) => c.map((e) => e.id));
  await page.reload();
  await page.locator("a.gr-cell").first().waitFor();
  assert.equal(await page.evaluate(() => location.hash), before);
  assert.deepEqual(await page.locator("a.gr-cell.lit").evaluateAll((c) => c.map((e) => e.id)), lit);
  assert.ok(await page.getByRole("checkbox", { name: "Show previous owner" }).isChecked());
  assert.equal(await page.getByRole("note").count(), 0);
  // Bad parameters are clamped with notes, and the address bar is cleaned up.
  await load(env, page, "#/grids?servers=0&keys=99999&schemes=maglev&bogus=2");
  await page.getByRole("note").waitFor();
  const notes = await page.getByRole("note").innerText();
  assert.match(notes, /servers=0 is below 1/);
  assert.match(notes, /keys=99999 is above 10000/);
  assert.match(notes, /maglev/);
  assert.match(notes, /bogus/);
  const hash = await page.evaluate(() => location.hash);
  assert.equal(hash, "#/grids?servers=1&keys=10000&seed=7&vnodes=160&schemes=modulo,ring");
  clean();
  await context.close();
});

test("embed=1: the bare grids still work", async () => {
  const { context, page, clean } = await open();
  await load(env, page, BASE + "&embed=1");
  await page.locator("a.gr-cell").first().waitFor();
  assert.equal(await page.getByRole("banner").count(), 0);
  await page.getByRole("button", { name: "Add server" }).click();
  await waitParam(page, "servers", (v) => v === "9");
  assert.equal((await params(page)).embed, "1");
  const modulo = await counter(page, "Modulo");
  assert.equal(await litCells(page, "Modulo").count(), modulo.moved);
  await screenshot(page, "grids-embed");
  clean();
  await context.close();
});

test("360 px wide: no horizontal page scroll, grids stacked", async () => {
  const { context, page, clean } = await open({
    viewport: { width: 360, height: 740 },
    deviceScaleFactor: 2,
  });
  await load(env, page, BASE + "&servers=9&from=8&previous=1");
  await page.locator("a.gr-cell").first().waitFor();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= 360, `page is ${width}px wide`);
  for (const name of ["Add server", "Remove server", "Double 16 → 32"]) {
    const box = await page.getByRole("button", { name }).boundingBox();
    assert.ok(box.x >= 0 && box.x + box.width <= 360, `${name} at ${JSON.stringify(box)}`);
  }
  await screenshot(page, "grids-360");
  clean();
  await context.close();
});

test("dark mode follows the page's colours", async () => {
  const { context, page, clean } = await open({ colorScheme: "dark" });
  await load(env, page, BASE + "&servers=9&from=8");
  await page.locator("a.gr-cell.lit").first().waitFor();
  const bg = await page.locator("a.gr-cell:not(.lit)").first().evaluate((e) => getComputedStyle(e).backgroundColor);
  assert.equal(bg, "rgb(38, 42, 47)");
  await screenshot(page, "grids-dark");
  // The canvas of a mid-sized grid, with numbers in its cells, on the dark surface.
  await load(env, page, "#/grids?servers=9&from=8&keys=1000&seed=7&vnodes=160&schemes=modulo,ring&previous=1");
  const canvas = page.locator("canvas.gr-canvas").first();
  await canvas.waitFor();
  await drawnAtSize(page, "canvas.gr-canvas", 0);
  // The bottom right corner: past the last key of the last row, the opaque dark surface.
  const corner = await canvas.evaluate((c) => [...c.getContext("2d").getImageData(c.width - 2, c.height - 2, 1, 1).data]);
  assert.ok(corner[3] === 255 && corner[0] < 80 && corner[1] < 80 && corner[2] < 80, `dark background: ${corner}`);
  // The cells themselves, in the dark theme's colours, as many lit as counted.
  await assertCanvasesMatchCounters(page, ["Modulo", "Hash ring"]);
  await screenshot(page, "grids-dark-canvas");
  clean();
  await context.close();
});

test("10,000 keys draw on canvases at devicePixelRatio, with hover, click and arrow keys", async () => {
  const { context, page, clean } = await open({ deviceScaleFactor: 2 });
  await load(env, page, "#/grids?servers=9&from=8&keys=10000&seed=7&vnodes=160&schemes=modulo,ring,jump,rendezvous");
  const canvas = page.getByRole("img", { name: /^Modulo \(h mod N\) grid of 10,000 keys on 9 servers: [\d,]+ of 10,000 keys moved/ });
  await canvas.waitFor();
  assert.equal(await page.locator("a.gr-cell").count(), 0);
  assert.equal(await page.locator("canvas.gr-canvas").count(), 4);
  // The bitmap follows the laid-out size once the ResizeObserver has reported it.
  const size = await waitUntil(
    () => canvas.evaluate((c) => ({ w: c.width, cw: c.clientWidth, h: c.height, ch: c.clientHeight })),
    (s) => s.cw > 0 && Math.abs(s.w - s.cw * 2) <= 1 && Math.abs(s.h - s.ch * 2) <= 2,
    "the modulo canvas at devicePixelRatio 2",
  );
  assert.ok(size.w > 0 && size.h > 0, JSON.stringify(size));
  // Every cell of every grid drawn, the lit ones as many as counted.
  await assertCanvasesMatchCounters(page, HEADINGS);
  // And still so after the window narrows and widens again, and after a grid is taken
  // away and brought back.
  const wide = page.viewportSize();
  await page.setViewportSize({ width: 600, height: wide.height });
  await drawnAtSize(page, "canvas.gr-canvas", 0);
  const narrow = await canvas.evaluate((c) => c.clientWidth);
  assert.ok(narrow < size.cw, `the canvas stayed ${size.cw} px wide in a narrower window`);
  await assertCanvasesMatchCounters(page, HEADINGS);
  await page.setViewportSize(wide);
  await assertCanvasesMatchCounters(page, HEADINGS);
  await page.getByRole("checkbox", { name: "Jump hash" }).uncheck();
  assert.equal(await page.locator("canvas.gr-canvas").count(), 3);
  // Three grids share the row: each canvas wider, and redrawn at its new width.
  await assertCanvasesMatchCounters(page, ["Modulo", "Hash ring", "Rendezvous"]);
  await page.getByRole("checkbox", { name: "Jump hash" }).check();
  assert.equal(await page.locator("canvas.gr-canvas").count(), 4);
  await assertCanvasesMatchCounters(page, HEADINGS);
  const modulo = await counter(page, "Modulo");
  const ring = await counter(page, "Hash ring");
  assert.ok(Math.abs(modulo.moved / 10000 - 8 / 9) < 0.02, modulo.text);
  assert.ok(Math.abs(ring.moved / 10000 - 1 / 9) < 0.03, ring.text);
  // The canvas's label carries the same count as the counter.
  assert.match(await canvas.getAttribute("aria-label"), new RegExp(`: ${modulo.moved.toLocaleString("en-US")} of 10,000 keys moved`));
  // Hover: cell (col 2, row 1) of 100 columns is key 102.
  await canvas.scrollIntoViewIfNeeded();
  const box = await canvas.boundingBox();
  const cell = box.width / 100;
  await page.mouse.move(box.x + cell * 2.5, box.y + cell * 1.5);
  await page.waitForFunction(() => /key 102 ·/.test(document.querySelector(".gr-details")?.textContent ?? ""));
  // Keyboard: focus, arrows move the cursor, the details follow.
  await page.mouse.move(0, 0);
  await canvas.focus();
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowRight");
  await page.waitForFunction(() => /key 101 ·/.test(document.querySelector(".gr-details")?.textContent ?? ""));
  await screenshot(page, "grids-10000");
  await page.keyboard.press("Enter");
  await page.waitForFunction(() => location.hash.startsWith("#/ring?"));
  // The playground is in another bundle: the page loads again. Wait for its controls
  // (only the ring bundle draws them) before reading the address.
  await page.getByRole("combobox", { name: "Scheme" }).waitFor();
  assert.equal((await params(page)).walk, "101");
  await page.goBack();
  await page.waitForFunction(() => location.hash.startsWith("#/grids"));
  await page.locator("canvas.gr-canvas").first().waitFor();
  const again = page.locator("canvas.gr-canvas").nth(1);
  const b = await again.boundingBox();
  await again.click({ position: { x: (b.width / 100) * 0.5, y: (b.width / 100) * 0.5 } });
  await page.waitForFunction(() => location.hash.startsWith("#/ring?"));
  assert.equal((await params(page)).walk, "0");
  clean();
  await context.close();
});
