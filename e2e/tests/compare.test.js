// The comparison, driven by role and accessible name: the default run to the end with its
// progress, the figures each scheme must show, the changes, the schemes picked by
// checkbox, lookups measured, the seed experiment's million keys on the workers, Cancel,
// a link round trip, bad values, phone and dark.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { load, screenshot, start } from "../harness.js";
import { layoutSettled, open, params, svgTexts, waitParam, waitUntil } from "../common.js";

let env;
before(async () => {
  env = await start();
});
after(async () => {
  await env?.stop();
});

const done = (page, keys = "100,000", timeout = 60_000) =>
  page.getByRole("status").filter({ hasText: new RegExp(`^All ${keys} keys placed in [\\d.]+ s on \\d workers\\.$`) }).waitFor({ timeout });

/** The table's row for a scheme, as its cells' texts. */
async function row(page, scheme) {
  return page.getByRole("table").getByRole("row", { name: new RegExp(`^${scheme} `) }).getByRole("cell").allInnerTexts();
}
const share = (cell) => Number(cell.match(/\(([\d.]+)%\)/)[1]) / 100;
/** The count of keys moved in a "moved" cell ("1,234 (1.23%)"). */
const moved = (cell) => Number(cell.match(/^([\d,]+) /)[1].replaceAll(",", ""));
const count = (text) => Number(text.replaceAll(",", ""));

/**
 * The picture of keys moved, read against the table: its name holds each scheme's count
 * as the table's moved cell has it and the fair count; each bar is as long as log10 of
 * its count over the axis's decades (1 to `top` keys); the fair line sits at log10 of
 * `fair`. Returns the picture's name.
 */
async function checkPicture(page, schemes, fair, sd, top) {
  const picture = page.getByRole("img", { name: /^Keys moved per scheme, on a log scale: / });
  const name = await picture.getAttribute("aria-label");
  const bars = await page.locator("svg.cmp-moved").evaluate((svg) => {
    const axis = svg.querySelector("line.axis");
    const ticks = [...svg.querySelectorAll("line.axis-grid")].map((l) => Number(l.getAttribute("x1")));
    return {
      left: Number(axis.getAttribute("x1")),
      right: Math.max(...ticks),
      widths: [...svg.querySelectorAll("rect.bar")].map((r) => Number(r.getAttribute("width"))),
      fair: Number(svg.querySelector("line.ref-mean").getAttribute("x1")),
      label: svg.querySelector("text.ref-mean").textContent,
    };
  });
  const decades = Math.log10(top);
  const plot = bars.right - bars.left;
  assert.equal(bars.widths.length, schemes.length);
  for (const [i, scheme] of schemes.entries()) {
    const n = moved((await row(page, scheme))[0]);
    assert.ok(name.includes(`${scheme} ${n.toLocaleString("en-US")}`), `${scheme} ${n} in ${name}`);
    const want = Math.max((plot * Math.log10(Math.max(n, 1))) / decades, 1);
    assert.ok(Math.abs(bars.widths[i] - want) < 0.2, `${scheme}: bar ${bars.widths[i]}, log10(${n}) gives ${want}`);
  }
  assert.ok(Math.abs(bars.fair - bars.left - (plot * Math.log10(fair)) / decades) < 0.2, `fair line at ${bars.fair}`);
  const [mean, spread] = bars.label.match(/^fair share ([\d,]+) ± ([\d.]+)$/).slice(1).map(count);
  assert.equal(mean, Math.round(fair));
  assert.ok(Math.abs(spread - sd) <= 0.5, `${bars.label}: sd ${sd}`);
  assert.ok(name.endsWith(`A fair share: ${bars.label.slice("fair share ".length)}.`), name);
  return name;
}

test("the default: 1,000 servers, 100,000 keys, a join, six schemes to the end", async () => {
  const { context, page, clean } = await open(env);
  await load(env, page, "#/compare");
  assert.equal(await page.title(), "Compare · ringlab");
  await done(page);
  assert.equal(await page.getByRole("progressbar", { name: "Keys placed" }).getAttribute("value"), "100");
  // A fair newcomer takes 1/1,001 of the keys: 99.9 of 100,000, a binomial count with
  // standard deviation √(100,000 · 1/1001 · 1000/1001) = 9.99. An expectation, not a least.
  const fair = 100_000 / 1001;
  const sd = Math.sqrt(100_000 * (1 / 1001) * (1000 / 1001));
  const reading = await page.locator(".cmp-reading").innerText();
  const [pct, mean, keys, spread, chance] = reading
    .match(/^When a server joins \(1000 → 1001\), a fair newcomer takes ([\d.]+)% of the keys: ([\d,]+) of ([\d,]+) on average, give or take ([\d.]+) by chance\. That is an expectation, not a least: .* √\(N\/K\) = ([\d.]+); /)
    .slice(1)
    .map(count);
  assert.ok(Math.abs(pct / 100 - 1 / 1001) < 0.00005, reading);
  assert.deepEqual([mean, keys], [Math.round(fair), 100_000]);
  assert.ok(Math.abs(spread - sd) <= 0.5, reading);
  assert.ok(Math.abs(chance - Math.sqrt(1000 / 100_000)) < 0.0005, reading);
  assert.ok(!/floor|the least any/.test(reading), reading);
  const modulo = await row(page, "mod N");
  // mod N keeps a key only when k mod 1000 = k mod 1001: about 1 in 1,000 stays.
  assert.ok(Math.abs(moved(modulo[0]) - 100_000 * (1000 / 1001)) < 5 * Math.sqrt(100), modulo[0]);
  // Jump and rendezvous hand each key to the newcomer with chance 1/1,001: a binomial
  // count, here within 5 standard deviations of 100,000/1,001 = 99.9.
  for (const scheme of ["Jump", "Rendezvous"]) {
    const cells = await row(page, scheme);
    assert.ok(Math.abs(moved(cells[0]) - fair) < 5 * sd, `${scheme}: ${cells[0]}`);
  }
  // Redis hands the newcomer 16 of the 16,384 slots: their keys, binomial around 97.7.
  const slots = moved((await row(page, "Redis slots"))[0]);
  const slotShare = 16 / 16384;
  assert.ok(Math.abs(slots - 100_000 * slotShare) < 5 * Math.sqrt(100_000 * slotShare), `Redis slots: ${slots}`);
  // The ring's newcomer owns 160 arcs whose total varies by 1/√160 of its fair share, on
  // top of the keys' own noise: within 5 of those spreads.
  const ring = moved((await row(page, "Ring, 160 points"))[0]);
  const ringSd = Math.sqrt(fair + (fair / Math.sqrt(160)) ** 2);
  assert.ok(Math.abs(ring - fair) < 5 * ringSd, `Ring: ${ring}`);
  // Maglev's table of 65,537 holds only 65 slots per backend at 1,000: its fill reshuffles
  // more, several times the least (the paper wants M at least 100 times N).
  const maglev = share((await row(page, "Maglev"))[0]);
  assert.ok(maglev > 0.002 && maglev < 0.02, `Maglev: ${maglev}`);
  // Each row says whether its count lies within 3 standard deviations of a fair one.
  for (const scheme of ["mod N", "Ring, 160 points", "Jump", "Rendezvous", "Maglev", "Redis slots"]) {
    const [cell, versus] = (await row(page, scheme))[0].split("\n");
    const within = Math.abs(moved(cell) - fair) <= 3 * sd;
    assert.equal(versus === "within chance of a fair share", within, `${scheme}: ${cell} ${versus}`);
    if (!within) assert.match(versus, /^[\d,.]+× a fair share$/);
  }
  // The picture above the table reads the same counts, on a log scale to 100,000.
  await checkPicture(page, ["mod N", "Ring, 160 points", "Jump", "Rendezvous", "Maglev", "Redis slots"], fair, sd, 100_000);
  // Jump and rendezvous sit on what chance gives the spread, √(N/K) = 0.100.
  for (const scheme of ["Jump", "Rendezvous"]) {
    const [spread] = (await row(page, scheme))[2].split("\n");
    assert.ok(Math.abs(Number(spread) - 0.1) < 0.01, `${scheme}: ${spread}`);
  }
  assert.equal((await row(page, "Jump"))[3], "none");
  assert.equal((await row(page, "Redis slots"))[3], "65.5 kB");
  assert.equal((await page.locator(".cmp-pick dt").allInnerTexts()).length, 6);
  await screenshot(page, "compare");
  clean();
  await context.close();
});

test("changes and schemes by keyboard; lookups measured; Cancel", async () => {
  const { context, page, clean } = await open(env);
  await load(env, page, "#/compare?servers=100&keys=20000");
  await done(page, "20,000");
  const change = page.getByRole("combobox", { name: "Change" });
  await change.focus();
  await change.selectOption("middle");
  await waitParam(page, "change", (v) => v === "middle");
  await done(page, "20,000");
  assert.ok(share((await row(page, "Jump"))[0]) > 0.3, "a middle leaver renumbers jump");
  assert.ok(share((await row(page, "Rendezvous"))[0]) < 0.02);
  await change.selectOption("fail");
  await waitParam(page, "change", (v) => v === "fail");
  await done(page, "20,000");
  assert.ok(share((await row(page, "Jump"))[0]) < 0.02, "a failure skips, it does not renumber");
  // A scheme in, a scheme out, by keyboard.
  const ring1024 = page.getByRole("checkbox", { name: "Ring, 1,024 points" });
  await ring1024.focus();
  await page.keyboard.press("Space");
  await waitParam(page, "schemes", (v) => v.includes("ring1024"));
  const modulo = page.getByRole("checkbox", { name: "mod N" });
  await modulo.focus();
  await page.keyboard.press("Space");
  await waitParam(page, "schemes", (v) => !v.includes("modulo"));
  await done(page, "20,000");
  assert.equal(await page.getByRole("table").getByRole("row", { name: /^mod N / }).count(), 0);
  await page.getByRole("button", { name: "Measure lookups per second" }).click();
  await waitUntil(async () => (await row(page, "Jump"))[4], (t) => /^[\d,]+$/.test(t), "jump's lookups per second", 20_000);
  await waitUntil(async () => (await row(page, "Redis slots"))[4], (t) => /^[\d,]+$/.test(t), "every scheme measured", 20_000);
  // A noisy rate to three significant figures: the digits after the third are zeros.
  for (const scheme of ["Ring, 160 points", "Ring, 1,024 points", "Jump", "Rendezvous", "Maglev", "Redis slots"]) {
    const digits = (await row(page, scheme))[4].replaceAll(",", "");
    assert.match(digits, /^[1-9]\d{0,2}0*$/, `${scheme}: ${digits}`);
  }
  // Cancel: a big run stops where it is, and says so.
  const keys = page.getByRole("spinbutton", { name: "Keys" });
  await keys.fill("1000000");
  await keys.press("Enter");
  await waitUntil(async () => page.workers().length, (n) => n >= 1, "the big run's workers started");
  await page.getByRole("button", { name: "Cancel" }).click();
  const stopped = page.getByRole("status").filter({ hasText: /^Stopped after [\d,]+ of 1,000,000 keys/ });
  await stopped.waitFor();
  // Every worker terminated, and the count stays where it stopped: nothing places keys.
  await waitUntil(async () => page.workers().length, (n) => n === 0, "every worker terminated");
  const said = await stopped.innerText();
  const bar = await page.getByRole("progressbar", { name: "Keys placed" }).getAttribute("value");
  await layoutSettled(page);
  assert.equal(await stopped.innerText(), said);
  assert.equal(await page.getByRole("progressbar", { name: "Keys placed" }).getAttribute("value"), bar);
  assert.ok(Number(bar) < 100, `the bar says ${bar}% after Cancel`);
  clean();
  await context.close();
});

test("the seed experiment's preset: a million keys on the workers, a link round trip, bad values", async () => {
  const { context, page, clean } = await open(env);
  await load(env, page, "#/compare?servers=50&keys=5000&vnodes=100&change=last&schemes=ring,jump");
  await done(page, "5,000");
  assert.deepEqual(await params(page), { servers: "50", keys: "5000", vnodes: "100", change: "last", schemes: "ring,jump" });
  // Every status the page shows, as it shows it: a waitFor polls (every 500 ms once it
  // has waited a while) and can miss a state that lasts less.
  await page.evaluate(() => {
    window.statuses = [];
    new MutationObserver(() => {
      const text = document.querySelector(".cmp-status")?.textContent;
      if (text && window.statuses.at(-1) !== text) window.statuses.push(text);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  await page.getByRole("button", { name: /^The seed experiment/ }).click();
  await waitParam(page, "keys", (v) => v === "1000000");
  assert.deepEqual(await params(page), { servers: "1000", keys: "1000000", vnodes: "160", change: "join", schemes: "ring,ring1024,jump" });
  // The preset runs to the end (the one million-key run of the suite).
  await done(page, "1,000,000", 180_000);
  // Progress moved while the keys were placed elsewhere: the page started workers (their
  // loader is the page's request; their module, the worker's own). (How free the page's
  // thread stays is a benchmark's question, not a test's: a timed assertion would fail on
  // a slow machine.)
  const statuses = await page.evaluate(() => window.statuses);
  assert.ok(statuses.some((s) => /^Placing keys: [\d,]+ of 1,000,000$/.test(s)), statuses.join(" | "));
  const fetched = await page.evaluate(() => performance.getEntriesByType("resource").map((e) => new URL(e.name).pathname));
  assert.ok(fetched.some((path) => path.endsWith("/lab-worker_loader.js")), fetched.join(" "));
  // The seed's figures: jump at chance's spread 1/√1000 = 0.032, the ring at 1,024 points
  // on √(1/1024 + 1/1000) = 0.044; the ring at 160 points moves about a fair 0.10%.
  assert.match(await page.locator(".cmp-reading").innerText(), /a fair newcomer takes 0\.10% of the keys: 999 of 1,000,000 on average, give or take 32 by chance\./);
  await checkPicture(page, ["Ring, 160 points", "Ring, 1,024 points", "Jump"], 1e6 / 1001, Math.sqrt(1e6 * (1 / 1001) * (1000 / 1001)), 1e6);
  const spread = async (scheme) => Number((await row(page, scheme))[2].split("\n")[0]);
  assert.ok(Math.abs((await spread("Jump")) - 0.032) < 0.002, `jump ${await spread("Jump")}`);
  assert.ok(Math.abs((await spread("Ring, 1,024 points")) - 0.044) < 0.004);
  const ringMoved = share((await row(page, "Ring, 160 points"))[0]);
  assert.ok(ringMoved > 0.0007 && ringMoved < 0.0013, `ring at 160 points moved ${ringMoved}`);
  await load(env, page, "#/compare?servers=1&keys=x&schemes=chord&change=boom");
  const notes = await page.locator(".view-notes").innerText();
  for (const part of ["servers=1", "keys=\"x\"", "chord", "change=\"boom\""]) assert.ok(notes.includes(part), `${part} in ${notes}`);
  clean();
  await context.close();
});

test("phone and dark: the table scrolls inside itself, the picture fits and its labels do not touch", async () => {
  for (const [width, colorScheme] of [[360, "light"], [360, "dark"], [1280, "dark"]]) {
    const { context, page, clean } = await open(env, { viewport: { width, height: 800 }, colorScheme });
    await load(env, page, "#/compare?servers=100&keys=10000");
    await done(page, "10,000");
    const scroll = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(scroll <= width, `${width} px ${colorScheme}: the page is ${scroll} px wide`);
    // The picture: inside the page, its text at 12 px, no two labels overlapping.
    const [texts] = await svgTexts(page, "svg.cmp-moved");
    const box = await page.locator("svg.cmp-moved").boundingBox();
    assert.ok(box.x >= 0 && box.x + box.width <= width, `${width} px: the picture spans ${box.x} to ${box.x + box.width}`);
    for (const [i, a] of texts.entries()) {
      assert.ok(Math.abs(a.px - 12) < 0.5, `${a.text} at ${a.px} px`);
      for (const b of texts.slice(i + 1)) {
        const apart = a.box[2] <= b.box[0] || b.box[2] <= a.box[0] || a.box[3] <= b.box[1] || b.box[3] <= a.box[1];
        assert.ok(apart, `${width} px: "${a.text}" overlaps "${b.text}"`);
      }
    }
    await screenshot(page, `compare-${width}-${colorScheme}`);
    clean();
    await context.close();
  }
});
