// The rendezvous view, driven by role and accessible name: the lesson's illustration, the
// real race for photo42 and the reader's keys, each system, a node leaving (only its keys
// move, each to its second choice), weights, the O(N) cost measured, a link round trip,
// bad values, phone and dark.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { load, screenshot, start } from "../harness.js";
import { open, params, waitParam, waitUntil } from "../common.js";
import { shownColours, PALETTE } from "../pixels.js";

let env;
before(async () => {
  env = await start();
});
after(async () => {
  await env?.stop();
});

/** A race's rows as [name, score, role]. */
async function race(page, name) {
  const list = page.getByRole("list", { name });
  await list.waitFor();
  return list.locator(".race-row").evaluateAll((rows) =>
    rows.map((r) => [".race-name", ".race-score", ".race-role"].map((c) => r.querySelector(c).textContent)),
  );
}

test("the illustration says what the lesson says, and the real race follows", async () => {
  const { context, page, clean } = await open(env);
  await load(env, page, "#/rendezvous");
  assert.equal(await page.title(), "Rendezvous · ringlab");
  assert.deepEqual(await race(page, "Illustration: made-up scores for photo42"), [
    ["B", "0.93", "owner"],
    ["A", "0.71", "replica 2"],
    ["C", "0.12", ""],
  ]);
  const words = await page.locator(".rv-illustration").innerText();
  assert.match(words, /made-up|invented/);
  assert.match(words, /B scores highest, so B owns photo42\. With two replicas, the copies go to B, then A\. If C leaves, nothing changes for photo42: B still wins\. If B leaves, photo42 goes to its second choice, A\./);
  const real = await race(page, 'Scores for "photo42", highest first');
  assert.equal(real.length, 3);
  const scores = real.map(([, s]) => Number(s));
  assert.ok(scores[0] >= scores[1] && scores[1] >= scores[2], JSON.stringify(real));
  assert.equal(real[0][2], "owner");
  assert.equal(real[1][2], "replica 2");
  assert.match(await page.locator(".rv-summary").innerText(), new RegExp(`^${real[0][0]} scores highest, so it owns "photo42"\\. With 2 replicas the copies go to ${real[0][0]}, then ${real[1][0]}`));
  // The bars are drawn in the nodes' colours, each filling its bar but for the 1 px edge
  // every server's mark wears (style.css, --mark-edge): at least three quarters of the
  // pixels inside that edge, however short the bar (A's is 2% of B's here).
  const list = page.getByRole("list", { name: 'Scores for "photo42", highest first' });
  const colours = await shownColours(list, { a: PALETTE[0], b: PALETTE[1], c: PALETTE[2] });
  const inside = await list.locator(".race-bar").evaluateAll((bars) =>
    Object.fromEntries(["a", "b", "c"].map((name, i) => {
      const box = bars.find((b) => b.classList.contains(`swatch-${i}`)).getBoundingClientRect();
      return [name, Math.max(box.width - 1, 0) * Math.max(box.height - 1, 0) * devicePixelRatio ** 2];
    })));
  for (const name of ["a", "b", "c"]) {
    assert.ok(inside[name] > 0 && colours.counts[name] >= 0.75 * inside[name], `${name}: ${colours.counts[name]} of ${inside[name].toFixed(0)} pixels: ${JSON.stringify(colours)}`);
  }
  await screenshot(page, "rendezvous");
  clean();
  await context.close();
});

test("a node leaves: only its keys move, each to its own second choice", async () => {
  const { context, page, clean } = await open(env);
  await load(env, page, "#/rendezvous");
  const real = await race(page, 'Scores for "photo42", highest first');
  const [owner, second, third] = real.map(([name]) => name);
  const gone = page.getByRole("combobox", { name: "Node that leaves" });
  await gone.selectOption(third);
  await waitParam(page, "gone", (v) => v === third);
  assert.match(await page.locator(".rv-summary").innerText(), new RegExp(`${third} leaves: nothing changes for this key; ${owner} still wins\\.`));
  await gone.selectOption(owner);
  await waitParam(page, "gone", (v) => v === owner);
  assert.match(await page.locator(".rv-summary").innerText(), new RegExp(`${owner} leaves: the key goes to its second choice, ${second}\\.`));
  const leave = await page.locator(".rv-leave").innerText();
  const [, moved, owned] = leave.match(/Of 10,000 keys, ([\d,]+) moved \([\d.]+%\): exactly the ([\d,]+) that/);
  assert.equal(moved, owned);
  assert.match(leave, /\(0 went anywhere else\)/);
  assert.match(leave, /0 other keys moved\./);
  clean();
  await context.close();
});

test("every system races; weights set the shares", async () => {
  const { context, page, clean } = await open(env);
  await load(env, page, "#/rendezvous");
  const nodes = page.getByRole("textbox", { name: "Nodes (name or name=weight)" });
  await nodes.fill("A,B=2,C");
  await nodes.press("Enter");
  await waitParam(page, "nodes", (v) => v === "A,B=2,C");
  const table = page.getByRole("table", { name: /^Keys owned among 10,000 counted keys/ });
  const b = await table.getByRole("row", { name: /^B / }).getByRole("cell").allInnerTexts();
  assert.equal(b[0], "2");
  assert.equal(b[2], "50.0%");
  const share = Number(b[1].match(/\(([\d.]+)%\)/)[1]);
  assert.ok(Math.abs(share - 50) < 2, b[1]);
  for (const system of ["mcrouter", "mcrouter-weighted", "envoy", "textbook"]) {
    await page.getByRole("combobox", { name: "System" }).selectOption(system);
    await waitParam(page, "system", (v) => v === system);
    const rows = await race(page, 'Scores for "photo42", highest first');
    assert.equal(rows[0][2], "owner", system);
  }
  const key = page.getByRole("textbox", { name: "Key" });
  await key.fill("user:42");
  await key.press("Enter");
  await waitParam(page, "key", (v) => v === "user:42");
  await page.getByRole("list", { name: 'Scores for "user:42", highest first' }).waitFor();
  const replicas = page.getByRole("spinbutton", { name: "Replicas" });
  await replicas.fill("3");
  await replicas.press("Enter");
  await waitParam(page, "replicas", (v) => v === "3");
  assert.equal((await race(page, 'Scores for "user:42", highest first'))[2][2], "replica 3");
  clean();
  await context.close();
});

test("the cost is measured in this browser as N grows to 10,000", async () => {
  const { context, page, clean } = await open(env);
  await load(env, page, "#/rendezvous");
  await page.getByRole("button", { name: "Measure lookups per second" }).click();
  const table = page.getByRole("table", { name: "Lookups per second in this browser, by number of nodes" });
  await waitUntil(() => table.getByRole("row").count().catch(() => 0), (n) => n === 5, "four node counts measured", 20_000);
  await page.getByRole("status").filter({ hasText: "Done." }).waitFor();
  const rates = await table.locator("tbody tr td:first-of-type").allInnerTexts();
  const numbers = rates.map((r) => Number(r.replaceAll(",", "")));
  assert.ok(numbers.every((r) => r > 0), rates.join(" "));
  // A noisy rate to three significant figures, its ratio to the first to two.
  for (const rate of rates) assert.match(rate.replaceAll(",", ""), /^[1-9]\d{0,2}0*$/, rates.join(" "));
  const ratios = await table.locator("tbody tr td:nth-of-type(2)").allInnerTexts();
  assert.equal(ratios[0], "1.0×");
  for (const ratio of ratios) assert.match(ratio, /^(\d\.\d|0\.0*[1-9]\d)×$|^[1-9]\d×$/, ratios.join(" "));
  // O(N): a thousand times the nodes is far slower.
  assert.ok(numbers[3] * 50 < numbers[0], rates.join(" "));
  clean();
  await context.close();
});

test("a link round trip, bad values noted, phone and dark", async () => {
  const { context, page, clean } = await open(env);
  await load(env, page, "#/rendezvous?nodes=x,y=3,z&key=k1&replicas=3&gone=y&system=envoy&keys=500");
  await page.getByRole("list", { name: 'Scores for "k1", highest first' }).waitFor();
  assert.deepEqual(await params(page), { nodes: "x,y=3,z", key: "k1", replicas: "3", gone: "y", system: "envoy", keys: "500" });
  await load(env, page, "#/rendezvous?nodes=A=zero,B&gone=Q&replicas=9&keys=5");
  const notes = await page.locator(".view-notes").innerText();
  for (const part of ["zero", "gone=\"Q\"", "replicas", "keys=5"]) assert.ok(notes.includes(part), `${part} in ${notes}`);
  clean();
  await context.close();
  for (const [width, colorScheme] of [[360, "light"], [360, "dark"], [1280, "dark"]]) {
    const { context, page, clean } = await open(env, { viewport: { width, height: 800 }, colorScheme });
    await load(env, page, "#/rendezvous?nodes=alpha,bravo,charlie,delta,echo&gone=bravo");
    await page.locator(".race").first().waitFor();
    const scroll = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(scroll <= width, `${width} px ${colorScheme}: the page is ${scroll} px wide`);
    await screenshot(page, `rendezvous-${width}-${colorScheme}`);
    clean();
    await context.close();
  }
});
