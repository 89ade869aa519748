// "Routing LLM requests" driven as a reader would: nothing fetched before "Replay the
// trace"; then every router's row against `ringlab route` on the same trace and fleet
// (the core natively); the presets in order; a join under modulo and under a ring; the
// playback by mouse and keyboard; 360 and 1280 px, light and dark, and embedded.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { load, screenshot, start } from "../harness.js";
import { DESK, PHONE, open, params, waitParam, waitUntil } from "../common.js";
import { ringlab } from "../core.js";

let env;
before(async () => {
  env = await start();
});
after(async () => {
  await env?.stop();
});

const TRACE = "data/mooncake/conversation_trace.jsonl";
const ROUTERS = ["round-robin", "random", "least-loaded", "modulo", "ring", "ring-bounded", "cache-aware", "session"];

/** `ringlab route`'s summary as { name: value }. */
function summary(args, input = "") {
  const out = ringlab(["route", ...args], input);
  return Object.fromEntries(out.split("\n").filter((l) => l.includes("\t")).map((l) => l.split("\t")));
}

/** The arguments of the fleet `p` gives (the view's defaults filled in) for `router`. */
function fleetArgs(router, p = {}) {
  const args = ["--workers", p.workers ?? "8", "--cache-blocks", p.cache ?? "20000", "--router", router];
  if (["modulo", "ring", "ring-bounded"].includes(router)) args.push("--prefix-blocks", p.k ?? "1");
  if (["ring", "ring-bounded"].includes(router)) args.push("--vnodes", p.vnodes ?? "160");
  if (router === "ring-bounded") args.push("--bound", p.bound ?? "1.25");
  return args;
}

/** Clicks "Replay the trace" and waits until every router's row is in. */
async function replay(page) {
  await page.getByRole("button", { name: "Replay the trace" }).click();
  await waitUntil(() => page.locator(".llm-table tbody").innerText(), (t) => !t.includes("…"), "every router replayed", 90_000);
}

/** The table's rows: [router's name, cells...]. */
async function rows(page) {
  const texts = await page.locator(".llm-table tbody tr").allInnerTexts();
  return texts.map((t) => t.split("\t").map((c) => c.trim()));
}

test("the trace is fetched only on Replay, and every router's row is ringlab route's", async () => {
  const { context, page, clean } = await open(env, DESK);
  const fetched = [];
  page.on("request", (r) => {
    if (r.url().includes("mooncake/")) fetched.push(r.url());
  });
  await load(env, page, "#/llm");
  assert.equal(await page.title(), "Routing LLM requests · ringlab");
  await page.getByRole("button", { name: "Replay the trace" }).waitFor();
  assert.deepEqual(fetched, [], "nothing fetched before the reader starts");
  await replay(page);
  assert.equal(fetched.length, 1, `one fetch: ${fetched}`);
  assert.match(fetched[0], /mooncake\/conversation_trace\.jsonl\.gz$/);
  const table = await rows(page);
  assert.equal(table.length, 8);
  for (const [i, router] of ROUTERS.entries()) {
    const [name, ...cells] = table[i];
    if (router === "session") {
      assert.match(cells.join(" "), /carries none/, name);
      continue;
    }
    const s = summary(["--trace", TRACE, ...fleetArgs(router)]);
    const share = s["blocks reused"].match(/\(([\d.]+%)\)$/)[1];
    const prefill = s["prefill tokens computed"].match(/\(([\d.]+%)\)$/)[1];
    assert.deepEqual(cells, [share, prefill, s["busiest / mean requests"], s["TTFT p50"], s["TTFT p95"]], `${router} (${name})`);
  }
  // The played router's headline: its count and share, and the most any router could.
  const headline = await page.locator(".llm-headline").innerText();
  const rr = summary(["--trace", TRACE, ...fleetArgs("round-robin")]);
  const [, reused, blocks] = rr["blocks reused"].match(/^([\d,]+) of ([\d,]+)/);
  assert.ok(headline.startsWith(`Round robin finds ${table[0][1]} of the prompt blocks cached (${reused} of ${blocks}).`), headline);
  assert.match(headline, /The most any router could find is 36\.6%/);
  // The command line the page prints gives the same count.
  const command = await page.locator(".llm-command code").innerText();
  assert.equal(command, `ringlab route --trace ${TRACE} ${fleetArgs("round-robin").join(" ")}`);
  await screenshot(page, "llm-1280");
  clean();
  await context.close();
});

test("the presets tell the story: one block melts one worker, two spread and reuse most, a join costs modulo and not the ring", async () => {
  const { context, page, clean } = await open(env, DESK);
  await load(env, page, "#/llm");
  await replay(page);
  const story = page.getByRole("navigation", { name: "The story" });
  assert.equal(await story.getByRole("link").count(), 7);
  const headline = () => page.locator(".llm-headline").innerText();
  await story.getByRole("link", { name: "2. Hash the first block" }).click();
  await waitParam(page, "router", (v) => v === "ring");
  // Every request starts with the same block: one worker takes all, 8 times the mean.
  await waitUntil(headline, (t) => t.startsWith("A ring on the first block finds") && t.includes("takes 8.00× the mean"), "one worker melts");
  const oneBlock = await headline();
  // Bounded loads on the same block: spread over every worker, less found cached.
  await story.getByRole("link", { name: "4. Bound the load" }).click();
  await waitParam(page, "router", (v) => v === "ring-bounded");
  const bounded = await waitUntil(headline, (t) => t.startsWith("A ring on the first block, bounded at c = 1.25 finds"), "bounded");
  const share = (t) => Number(t.match(/finds ([\d.]+)%/)[1]);
  const busiest = (t) => Number(t.match(/takes ([\d.]+)× the mean/)[1]);
  assert.ok(busiest(bounded) < 1.5 && share(bounded) < share(oneBlock), `${oneBlock} / ${bounded}`);
  await story.getByRole("link", { name: "3. Hash two blocks" }).click();
  await waitParam(page, "k", (v) => v === "2");
  await waitUntil(() => page.locator(".llm-table tbody").innerText(), (t) => !t.includes("…"), "replayed at K = 2", 90_000);
  const two = await waitUntil(headline, (t) => t.startsWith("A ring on the first 2 blocks finds"), "K = 2");
  const ring2 = summary(["--trace", TRACE, ...fleetArgs("ring", { k: "2" })]);
  assert.ok(two.includes(`(${ring2["blocks reused"].match(/^([\d,]+ of [\d,]+)/)[1]})`), two);
  assert.ok(two.includes(`takes ${ring2["busiest / mean requests"]}× the mean`), two);
  // A join halfway: modulo's share in the minutes after drops far more than the ring's.
  const after = async (name) => {
    await story.getByRole("link", { name }).click();
    await page.locator(`.llm-presets a[aria-current="page"]`, { hasText: name }).waitFor();
    const text = await waitUntil(() => page.locator(".llm-change").innerText(), (t) => t.includes("worker-8 joins"), `${name}: the join`, 90_000);
    const [before, later] = [...text.matchAll(/([\d.]+)%/g)].map((m) => Number(m[1]));
    return { text, before, later };
  };
  const modulo = await after("6. A worker joins: modulo");
  const ring = await after("7. A worker joins: ring");
  assert.ok(modulo.before - modulo.later > 2 * Math.max(0, ring.before - ring.later), `${modulo.text} / ${ring.text}`);
  // The table's ring row with the join is the command line's.
  const at = (await page.locator(".llm-command code").innerText()).match(/--join (\d+)/)[1];
  const joined = summary(["--trace", TRACE, ...fleetArgs("ring", { k: "2" }), "--join", at]);
  const ringRow = (await rows(page))[4];
  assert.equal(ringRow[1], joined["blocks reused"].match(/\(([\d.]+%)\)$/)[1]);
  clean();
  await context.close();
});

test("the playback plays, pauses and scrubs, by mouse and by keyboard", async () => {
  const { context, page, clean } = await open(env, DESK);
  await load(env, page, "#/llm?router=ring&k=2");
  // Keyboard only: Tab to the button, Enter.
  const button = page.getByRole("button", { name: "Replay the trace" });
  await button.focus();
  await page.keyboard.press("Enter");
  await page.locator(".llm-headline").waitFor({ timeout: 90_000 });
  const moment = () => page.locator(".llm-moment").innerText();
  assert.match(await moment(), /^Up to 5\d:\d\d: [\d,]+ requests in this stretch/);
  const slider = page.getByRole("slider", { name: "Stretches played" });
  await slider.focus();
  await page.keyboard.press("Home");
  await waitUntil(moment, (t) => t === "Before the first request: every cache is empty.", "back to the start");
  assert.equal(await page.locator(".llm-dot").count(), 0);
  await page.keyboard.press("ArrowRight");
  await waitUntil(moment, (t) => /^Up to (0:5\d|1:00): /.test(t), "one stretch played");
  const dots = await page.locator(".llm-dot").count();
  assert.ok(dots > 0 && dots <= 24, `${dots} requests drawn`);
  // After one stretch the caches hold some blocks, none more than its size; by the end of
  // the hour they hold more, and the fullest is full.
  const caches = () => page.locator(".llm-caches figcaption").innerText();
  const held = (text) => {
    const [, total, fullest, most] = text.match(/^The caches hold ([\d,]+) blocks in all; the fullest, worker-(\d), holds ([\d,]+) of 20,000\.$/);
    const n = (t) => Number(t.replaceAll(",", ""));
    assert.ok(n(most) <= 20_000 && n(most) * 8 >= n(total), text);
    return { total: n(total), most: n(most) };
  };
  const earlyText = await caches();
  const early = held(earlyText);
  assert.ok(early.total > 0);
  await page.keyboard.press("End");
  const late = held(await waitUntil(caches, (t) => t !== earlyText, "the caches at the end"));
  assert.ok(late.total > early.total && late.most === 20_000, `${late.total}, ${late.most}`);
  await page.keyboard.press("Home");
  await page.keyboard.press("ArrowRight");
  // Play at 4×: the moment moves on by itself; Pause stops it.
  await page.getByRole("combobox", { name: "Speed" }).selectOption("4×");
  await page.getByRole("button", { name: "Play" }).click();
  await waitUntil(moment, (t) => /^Up to ([3-9]|\d\d):/.test(t), "playing", 15_000);
  // Pause: the button says Play again, and the next stretch is one step on from where it
  // stopped.
  await page.getByRole("button", { name: "Pause" }).click();
  const play = page.getByRole("button", { name: "Play" });
  assert.equal(await play.getAttribute("aria-pressed"), "false");
  const at = Number(await slider.inputValue());
  await page.getByRole("button", { name: "Next stretch" }).click();
  await waitUntil(() => slider.inputValue(), (v) => Number(v) === at + 1, "one step on from the pause");
  clean();
  await context.close();
});

test("the generated trace has sessions: the session router's row is ringlab trace | ringlab route's", async () => {
  const { context, page, clean } = await open(env, DESK);
  await load(env, page, "#/llm?trace=generated&router=session");
  await replay(page);
  const generated = ringlab(["trace"]);
  const s = summary(["--trace", "-", ...fleetArgs("session")], generated);
  const row = (await rows(page))[7];
  assert.equal(row[1], s["blocks reused"].match(/\(([\d.]+%)\)$/)[1]);
  assert.equal(row[3], s["busiest / mean requests"]);
  assert.equal(await page.locator(".llm-command code").innerText(), `ringlab trace | ringlab route --trace - ${fleetArgs("session").join(" ")}`);
  clean();
  await context.close();
});

test("at 360 and 1280 px, light and dark, and embedded", async () => {
  for (const [options, width] of [[PHONE, 360], [DESK, 1280]]) {
    for (const colorScheme of ["light", "dark"]) {
      const { context, page, clean } = await open(env, { ...options, colorScheme });
      await load(env, page, "#/llm?router=ring&k=2");
      await replay(page);
      const scroll = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      assert.ok(scroll <= 0, `${width} px ${colorScheme}: the page scrolls ${scroll} px sideways`);
      // The router's column, which stays put, leaves most of the table's box to the numbers.
      const [column, box] = await page.evaluate(() => [
        Math.max(...[...document.querySelectorAll(".llm-table th[scope=row]")].map((th) => th.getBoundingClientRect().width)),
        document.querySelector(".llm-scroll").clientWidth,
      ]);
      assert.ok(column < box / 2, `${width} px: the router column is ${column} px of ${box}`);
      await screenshot(page, `llm-${width}-${colorScheme}`);
      clean();
      await context.close();
    }
  }
  const { context, page, clean } = await open(env, { viewport: { width: 700, height: 900 } });
  await load(env, page, "#/llm?embed=1&router=ring-bounded&k=1");
  assert.equal(await page.getByRole("banner").count(), 0);
  assert.equal(await page.getByRole("navigation", { name: "The story" }).count(), 0, "no links away");
  await replay(page);
  assert.match(await page.locator(".llm-headline").innerText(), /^A ring on the first block, bounded at c = 1\.25 finds/);
  await screenshot(page, "llm-embed");
  clean();
  await context.close();
});

test("in a docs page: the widget replays by keyboard inside its frame, and embed.js keeps the frame as tall as it grows", async () => {
  const { context, page, clean } = await open(env, { viewport: { width: 800, height: 900 }, colorScheme: "dark" });
  await page.setContent(`<!doctype html><html><head><meta name="color-scheme" content="light dark"></head><body>
    <h1>Our router, explained</h1>
    <iframe title="ringlab: Routing LLM requests" src="${env.url}#/llm?router=ring&k=2&embed=1" width="100%" height="600"></iframe>
    <script src="${env.url}embed.js"></script></body></html>`);
  const element = page.locator("iframe");
  const frame = await (await element.elementHandle()).contentFrame();
  const button = frame.getByRole("button", { name: "Replay the trace" });
  await button.waitFor({ timeout: 30_000 });
  await button.focus();
  await page.keyboard.press("Enter");
  await frame.locator(".llm-headline").waitFor({ timeout: 90_000 });
  await waitUntil(() => frame.locator(".llm-table tbody").innerText(), (t) => !t.includes("…"), "every router replayed", 90_000);
  // The frame grows with the table, and embed.js follows: no inner scroll bar.
  const fits = async () => {
    const content = await frame.evaluate(() => document.documentElement.scrollHeight);
    const box = await element.evaluate((el) => el.clientHeight);
    return Math.abs(content - box) <= 2 && box > 600;
  };
  await waitUntil(fits, (ok) => ok, "the frame as tall as its content", 15_000);
  // The host is dark: the widget is dark too.
  const background = await frame.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const [r, g, b] = background.match(/\d+/g).map(Number);
  assert.ok(r + g + b < 200, `the widget's background is ${background}`);
  await screenshot(page, "llm-docs-page");
  clean();
  await context.close();
});
