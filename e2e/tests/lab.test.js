// The lab, driven by role and accessible name: figures run on Web Workers and give, bit
// for bit, the command line's table for the same seed, on one worker or four; Cancel
// stops every worker; the plot reads out by keyboard; the downloads; phone and dark.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { load, screenshot, start } from "../harness.js";
import { open, params, waitParam, waitUntil } from "../common.js";
import { ringlab } from "../core.js";
import { pngColours } from "../pixels.js";

let env;
before(async () => {
  env = await start();
});
after(async () => {
  await env?.stop();
});

const figure = (page, n) => page.getByRole("region", { name: new RegExp(`^Figure ${n}\\. `) });

/**
 * Runs figure `n` and waits for "Done"; returns its CSV download's text. `keyboard`: from
 * the Workers field, Tab to Run and press Enter, as a keyboard user would.
 */
async function runAndDownload(page, n, keyboard = false) {
  const fig = figure(page, n);
  if (keyboard) {
    await page.getByRole("spinbutton", { name: "Workers" }).focus();
    await page.keyboard.press("Tab");
    assert.equal(await page.evaluate(() => document.activeElement.textContent), "Run");
    await page.keyboard.press("Enter");
  } else {
    await fig.getByRole("button", { name: "Run" }).click();
  }
  await fig.getByText(/^Done in /).waitFor({ timeout: 120_000 });
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    fig.getByRole("button", { name: "Download CSV" }).click(),
  ]);
  return readFile(await download.path(), "utf8");
}

const tsv = (csv) => csv.replaceAll(",", "\t");

test("the catcher figure gives the command line's table, on one worker and on four", async () => {
  const { context, page, clean } = await open(env);
  await load(env, page, "#/lab?rings=12&seed=3&workers=1&fig=3");
  assert.equal(await page.title(), "Lab · ringlab");
  const fig = figure(page, 3);
  await fig.getByText("Not run yet.").waitFor();
  const one = await runAndDownload(page, 3, true);
  const cli = ringlab(["experiment", "catcher", "--servers", "100", "--points", "1,2,4,...,1024", "--rings", "12", "--seed", "3"]);
  assert.equal(tsv(one), cli);
  // The command shown is the one just run.
  assert.equal(
    await fig.locator(".lab-command").innerText(),
    "ringlab experiment catcher --servers 100 --points 1,2,4,...,1024 --rings 12 --seed 3",
  );
  // Four workers: a change of workers keeps the link's results, a new run gives the same.
  await page.getByRole("spinbutton", { name: "Workers" }).fill("4");
  await page.getByRole("spinbutton", { name: "Workers" }).press("Enter");
  await waitParam(page, "workers", (v) => v === "4");
  const four = await runAndDownload(page, 3);
  assert.equal(four, one);
  // The table twin: its caption names the figure, one row per V.
  await fig.getByText("The numbers").click();
  const table = fig.getByRole("table", { name: /^Figure 3\. Who catches/ });
  assert.equal(await table.locator("tbody tr").count(), 11);
  clean();
  await context.close();
});

test("the busiest figures give the command line's rows and the Gamma model beside them", async () => {
  const { context, page, clean } = await open(env);
  await load(env, page, "#/lab?rings=3&seed=5&workers=2&fig=1");
  const csv = await runAndDownload(page, 1);
  const cli = ringlab(["experiment", "busiest", "--servers", "10,100,1000", "--points", "1,2,4,...,1024", "--rings", "3", "--seed", "5", "--method", "ring"]);
  assert.equal(tsv(csv), cli);
  const fig = figure(page, 1);
  // Three server counts, three statistics: nine lines, each of 11 points.
  const plot = fig.getByRole("img", { name: /^Figure 1\./ });
  assert.equal(await plot.locator("path.xy-line").count(), 9);
  assert.match(await fig.locator(".lab-finding").innerText(), /^This run: with one point each, the busiest server carries [\d.]+ at N = 10 \(theory 2\.93\)/);
  // The readout by keyboard: focus, then the arrow keys walk V.
  await plot.focus();
  const readout = fig.locator(".xy-readout");
  await waitUntil(() => readout.innerText(), (t) => t.startsWith("V = 1: N = 10, mean"), "readout at V = 1");
  await page.keyboard.press("ArrowRight");
  await waitUntil(() => readout.innerText(), (t) => t.startsWith("V = 2: "), "readout at V = 2");
  await page.keyboard.press("End");
  await waitUntil(() => readout.innerText(), (t) => t.startsWith("V = 1024: "), "readout at V = 1024");
  // The SVG download stands alone: its lines carry their colours.
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    fig.getByRole("button", { name: "Download SVG" }).click(),
  ]);
  const svg = await readFile(await download.path(), "utf8");
  assert.match(svg, /^<svg[^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
  assert.match(svg, /<path[^>]*stroke="rgb\(/);
  // It says what it shows: the figure's title above, the legend below, no cursor.
  assert.match(svg, />Figure 1\. The busiest server against its fair share<\/text>/);
  for (const label of ["N = 10, mean", "N = 1000, 95th percentile", "N = 100, Gamma model"]) assert.ok(svg.includes(`>${label}</text>`), label);
  assert.ok(!svg.includes("plot-cursor"), "the reader's cursor stays on the page");
  // The second axis: the rule 2 ln N / ε² read at N = 1,000 (1,382 points for 10%).
  const texts = await plot.locator("text").allTextContents();
  assert.ok(texts.includes("V by 2 ln N / ε², N = 1,000"), texts.join(" | "));
  assert.ok(texts.includes("1,382"), texts.join(" | "));
  assert.match(await fig.locator(".lab-finding").innerText(), /a level for which the rule 2 ln N \/ ε² asks [\d,]+ points\.$/);
  // The PNG: twice the plot's width (and more than its height: the title and legend), on
  // the page's own background, its lines in their colours (read from its pixels).
  const [png] = await Promise.all([page.waitForEvent("download"), fig.getByRole("button", { name: "Download PNG" }).click()]);
  assert.equal(png.suggestedFilename(), "ringlab-lab-figure-1.png");
  const wanted = await plot.evaluate((svg) => {
    const probe = document.createElement("canvas").getContext("2d", { willReadFrequently: true });
    const rgb = (css) => {
      probe.fillStyle = css;
      probe.fillRect(0, 0, 1, 1);
      return [...probe.getImageData(0, 0, 1, 1).data.slice(0, 3)];
    };
    const line = (c) => rgb(getComputedStyle(svg.querySelector(`path.xy-line.${c}`)).stroke);
    let behind = svg;
    while (behind && ["transparent", "rgba(0, 0, 0, 0)"].includes(getComputedStyle(behind).backgroundColor)) behind = behind.parentElement;
    return { first: line("xy-c0"), second: line("xy-c1"), background: rgb(getComputedStyle(behind).backgroundColor) };
  });
  const box = await plot.boundingBox();
  const read = await pngColours(page, await readFile(await png.path()), wanted, 24);
  assert.equal(read.width, Math.round(box.width * 2));
  assert.ok(read.height > box.height * 2 + 60, `${read.height} px high`);
  assert.deepEqual(read.corner, [...wanted.background, 255]);
  assert.ok(read.counts.background > read.pixels / 2, JSON.stringify(read));
  assert.ok(read.counts.first > 500 && read.counts.second > 500, JSON.stringify(read.counts));
  await screenshot(page, "lab-busiest");
  // The seed experiment's million keys: figure 4 links to the comparison that runs it.
  await load(env, page, "#/lab?rings=3&seed=5&workers=2&fig=4");
  const link = figure(page, 4).getByRole("link", { name: "the seed experiment in Compare" });
  assert.equal(await link.getAttribute("href"), "#/compare?servers=1000&keys=1000000&vnodes=160&change=join&schemes=ring,ring1024,jump");

  clean();
  await context.close();
});

/** The CSV download of figure `n`'s rows as they stand. */
async function csvOf(page, n) {
  const [download] = await Promise.all([page.waitForEvent("download"), figure(page, n).getByRole("button", { name: "Download CSV" }).click()]);
  return readFile(await download.path(), "utf8");
}

test("the lab opens with shipped results, a run in the browser reproduces them, and Run all runs every figure", async () => {
  const { context, page, clean } = await open(env);
  await load(env, page, "#/lab");
  // Every figure that runs shows the shipped run at once, but lookups per second.
  for (const n of [1, 2, 3, 4, 6, 8, 9]) {
    const fig = figure(page, n);
    assert.match(await fig.locator(".lab-status").innerText(), /^Shipped with the page: /, `figure ${n}`);
    assert.ok((await fig.locator("svg.xy-plot path.xy-line").count()) > 0, `figure ${n} draws its lines`);
    assert.match(await fig.locator(".lab-finding").innerText(), /^The shipped run/, `figure ${n}`);
  }
  assert.match(await figure(page, 3).locator(".lab-status").innerText(), /^Shipped with the page: 400 rings per setting, seed 1, /);
  assert.match(await figure(page, 5).locator(".lab-status").innerText(), /^Not run yet\. Lookups per second are your machine's own/);
  assert.equal(await figure(page, 5).locator("svg.xy-plot").count(), 0);
  // The shipped catcher rows are the command line's for 400 rings and seed 1, and a run
  // in this browser gives them again, number for number.
  const shipped = await csvOf(page, 3);
  assert.equal(tsv(shipped), ringlab(["experiment", "catcher", "--servers", "100", "--points", "1,2,4,...,1024", "--rings", "400", "--seed", "1"]));
  assert.equal(tsv(await csvOf(page, 8)), ringlab(["experiment", "bounded"]));
  assert.equal(tsv(await csvOf(page, 9)), ringlab(["experiment", "agree"]));
  assert.equal(await runAndDownload(page, 3), shipped);
  assert.match(await figure(page, 3).locator(".lab-finding").innerText(), /^This run: /);
  await screenshot(page, "lab-shipped");

  // Other rings or another seed: the busiest and catcher figures need a run; Run all
  // runs every figure, one after another, and says Stop running meanwhile.
  await load(env, page, "#/lab?rings=2&seed=3&workers=2");
  const one = figure(page, 1);
  assert.match(await one.locator(".lab-status").innerText(), /^Not run yet\. The page ships results for 400 rings per setting and seed 1; /);
  assert.equal(await one.locator("svg.xy-plot").count(), 0);
  const all = page.getByRole("button", { name: "Run all" });
  await all.click();
  await page.getByRole("button", { name: "Stop running" }).waitFor();
  for (const n of [1, 2, 3, 4, 5, 6, 8]) await figure(page, n).getByText(/^Done in /).waitFor({ timeout: 180_000 });
  await all.waitFor();
  assert.equal(tsv(await csvOf(page, 3)), ringlab(["experiment", "catcher", "--servers", "100", "--points", "1,2,4,...,1024", "--rings", "2", "--seed", "3"]));
  // Stop running stops the figure under way and the ones queued after it.
  await load(env, page, "#/lab?rings=400&seed=2&workers=2");
  await all.click();
  await one.getByText(/% done, /).waitFor({ timeout: 60_000 });
  await page.getByRole("button", { name: "Stop running" }).click();
  await one.getByText("Cancelled. The rows finished before are kept.").waitFor();
  await waitUntil(async () => page.workers().length, (n) => n === 0, "every worker terminated");
  await all.waitFor();
  assert.match(await figure(page, 3).locator(".lab-status").innerText(), /^Not run yet\./);
  clean();
  await context.close();
});

test("durability and memory: 16/560 at one point, nearly every failure at 512; the gossip at N = 1000", async () => {
  const { context, page, clean } = await open(env);
  await load(env, page, "#/lab?rings=400&seed=1&workers=2&fig=6");
  const fig = figure(page, 6);
  await fig.getByRole("button", { name: "Run" }).click();
  await fig.getByText(/^Done in /).waitFor({ timeout: 60_000 });
  const finding = await fig.locator(".lab-finding").innerText();
  assert.match(finding, /^This run: with one point each there are 16 replica sets, so 2\.9% of the 560 ways to lose 3 of 16 servers lose some key; at 512 points, \d+ replica sets and (9\d|100)\.\d% of them\./);
  assert.equal(await fig.locator(".lab-command").innerText(), "ringlab experiment durability");
  const [download] = await Promise.all([page.waitForEvent("download"), fig.getByRole("button", { name: "Download CSV" }).click()]);
  assert.equal(tsv(await readFile(await download.path(), "utf8")), ringlab(["experiment", "durability"]));
  // Figure 7 needs no run: exact formulas, read by keyboard.
  await load(env, page, "#/lab?fig=7");
  const memory = figure(page, 7);
  assert.equal(await memory.getByRole("button", { name: "Run" }).count(), 0);
  await memory.getByRole("img", { name: /^Figure 7\./ }).focus();
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  await waitUntil(() => memory.locator(".xy-readout").innerText(), (t) => t.startsWith("N = 1000: the ring, on each member 3.2 MB; one change, its tokens to everyone 3.2 MB; one change, the whole ring to everyone 3.2 GB"), "readout at N = 1000");
  await screenshot(page, "lab-memory");
  clean();
  await context.close();
});

test("real keys: four schemes against their floor, and a join's moves against the least possible", async () => {
  const { context, page, clean } = await open(env);
  await load(env, page, "#/lab?rings=400&seed=1&workers=2&fig=4");
  const fig = figure(page, 4);
  await fig.getByRole("button", { name: "Run" }).click();
  await fig.getByText(/^Done in /).waitFor({ timeout: 120_000 });
  const finding = await fig.locator(".lab-finding").innerText();
  const m = finding.match(/^This run: when server 1001 joins 1000, of 100,000 keys the least that must move is 100, give or take 10\. Moved: Ring, 160 points (\d+), Ring, 1,024 points (\d+), Jump (\d+), Rendezvous (\d+)\.$/);
  assert.ok(m, finding);
  // Jump and rendezvous move only the newcomer's keys: about 100, within four spreads.
  for (const moved of [m[3], m[4]]) assert.ok(Math.abs(Number(moved) - 100) <= 40, finding);
  const plot = fig.getByRole("img", { name: /^Figure 4\./ });
  assert.equal(await plot.locator("path.xy-line").count(), 8);
  await fig.getByText("The numbers").click();
  assert.equal(await fig.getByRole("table", { name: /^Figure 4\./ }).locator("tbody tr").count(), 12);
  await screenshot(page, "lab-keys");
  clean();
  await context.close();
});

test("lookups per second in this browser, beside the seed's Python", async () => {
  const { context, page, clean } = await open(env);
  await load(env, page, "#/lab?fig=5");
  const fig = figure(page, 5);
  await fig.getByRole("button", { name: "Run" }).click();
  await fig.getByText(/^Done in /).waitFor({ timeout: 120_000 });
  assert.match(await fig.locator("p").first().innerText(), /^The same 4,096 keys looked up again and again for 250 ms per scheme/);
  const finding = await fig.locator(".lab-finding").innerText();
  const m = finding.match(/^This browser, at N = 10,000, one key at a time: Ring, 160 points ([\d,]+), Jump ([\d,]+), Rendezvous ([\d,]+), Maglev ([\d,]+) lookups a second\. The seed experiment's Python reported Ring, 160 points 3,600,000, Jump 1,000,000, Rendezvous 6,000\.$/);
  assert.ok(m, finding);
  // A noisy rate to three significant figures: zeros after the third digit.
  for (const rate of m.slice(1)) assert.match(rate.replaceAll(",", ""), /^[1-9]\d{0,2}0*$/, finding);
  const [ring, jump, rendezvous, maglev] = m.slice(1).map((t) => Number(t.replaceAll(",", "")));
  // Rendezvous scores all 10,000 servers per key: far slower than the others.
  assert.ok(rendezvous * 20 < Math.min(ring, jump, maglev), finding);
  assert.equal(await fig.getByRole("img", { name: /^Figure 5\./ }).locator("path.xy-line").count(), 4);
  await screenshot(page, "lab-speed");
  clean();
  await context.close();
});

test("bounded loads: the busiest within its cap, and a tighter cap moves more on a join", async () => {
  const { context, page, clean } = await open(env);
  await load(env, page, "#/lab?fig=8");
  const fig = figure(page, 8);
  await fig.getByRole("button", { name: "Run" }).click();
  await fig.getByText(/^Done in /).waitFor({ timeout: 120_000 });
  const finding = await fig.locator(".lab-finding").innerText();
  const m = finding.match(/^This run, 20,000 keys on 100 servers \(a join must move at least 198\): at ε = 0\.025 the busiest holds ([\d.]+) times the mean \(its cap 1\.025\), [\d,]+ keys sit away from home, and a join moves ([\d,]+) keys, ([\d.]+) times the least possible; at ε = 2 the busiest holds ([\d.]+) times the mean \(its cap 3\.000\), [\d,]+ keys sit away from home, and a join moves ([\d,]+) keys, ([\d.]+) times the least possible\.$/);
  assert.ok(m, finding);
  assert.ok(Number(m[1]) <= 1.025, finding);
  assert.ok(Number(m[3]) > Number(m[6]), `a tighter cap moves more: ${finding}`);
  await fig.getByText("The numbers").click();
  assert.equal(await fig.getByRole("table", { name: /^Figure 8\./ }).locator("tbody tr").count(), 7);
  const [download] = await Promise.all([page.waitForEvent("download"), fig.getByRole("button", { name: "Download CSV" }).click()]);
  assert.equal(tsv(await readFile(await download.path(), "utf8")), ringlab(["experiment", "bounded"]));
  await screenshot(page, "lab-bounded");
  clean();
  await context.close();
});

test("LLM requests on the real trace: the shipped rows are the command line's, and the sentence reads them", async () => {
  const { context, page, clean } = await open(env);
  await load(env, page, "#/lab?fig=10");
  const fig = figure(page, 10);
  const csv = tsv(await csvOf(page, 10));
  assert.equal(csv, ringlab(["experiment", "llm", "--trace", "data/mooncake/conversation_trace.jsonl", "--against", "k"]));
  const rows = csv.trim().split("\n").slice(1).map((l) => l.split("\t"));
  const at = (router, k) => rows.find((r) => r[0] === router && r[1] === String(k) && r[3] === "20000");
  // Columns: router, k, c, cache_blocks, workers, reused, blocks, ...
  const pct = (r) => `${(Number(r[5]) / Number(r[6]) * 100).toFixed(1)}%`;
  const finding = await fig.locator(".lab-finding").innerText();
  const one = at("ring", 1);
  assert.ok(finding.startsWith(`On this trace, 8 workers of 20,000 blocks each: a ring on the first block reuses ${pct(one)} of the prompt blocks, and its busiest worker takes 8.00 times the mean.`), finding);
  assert.match(finding, new RegExp(`On the first 2 blocks it reuses ${pct(at("ring", 2)).replace(".", "\\.")} \\(105,650 of 288,500\\)`));
  assert.match(finding, /; no router could reuse more than 36\.6% \(105,710\)\. Round robin reuses 13\.5%/);
  await fig.getByText("The numbers").click();
  assert.equal(await fig.getByRole("table", { name: /^Figure 10\./ }).locator("tbody tr").count(), 24);
  assert.equal(await fig.getByRole("img", { name: /^Figure 10\./ }).locator("path.xy-line").count(), 5);
  await screenshot(page, "lab-llm");
  // Figures 11 and 12: their CSVs are the command line's, their sentences read them.
  await load(env, page, "#/lab");
  for (const [n, against] of [[11, "c"], [12, "cache"]]) {
    const text = tsv(await csvOf(page, n));
    assert.equal(text, ringlab(["experiment", "llm", "--trace", "data/mooncake/conversation_trace.jsonl", "--against", against]));
    const lines = text.trim().split("\n").slice(1).map((l) => l.split("\t"));
    const said = await figure(page, n).locator(".lab-finding").innerText();
    const first = lines.find((l) => l[0] === (n === 11 ? "ring-bounded" : "ring"));
    const share = `${(Number(first[5]) / Number(first[6]) * 100).toFixed(1)}%`;
    assert.ok(said.includes(share), `${said} names ${share}`);
    assert.match(said, /No router could reuse more than 36\.6% \(105,710\)\.$/);
  }
  clean();
  await context.close();
});

test("two clients agree by chance, 1/N; a join keeps N/(N+1)", async () => {
  const { context, page, clean } = await open(env);
  await load(env, page, "#/lab?fig=9");
  const fig = figure(page, 9);
  await fig.getByRole("button", { name: "Run" }).click();
  await fig.getByText(/^Done in /).waitFor({ timeout: 120_000 });
  const finding = await fig.locator(".lab-finding").innerText();
  const m = finding.match(/^This run, at N = 6, two different clients agree on ([\d,]+) to ([\d,]+) of 20,000 keys \(([\d.]+)% to ([\d.]+)%\), where chance alone gives 1\/6, 16\.7%; one client after a server joins keeps ([\d,]+) in place \(([\d.]+)%; 6\/7 is 85\.7%\)\. At N = 64, /);
  assert.ok(m, finding);
  // The sentence's counts are the CSV's, which are the command line's.
  const csv = tsv(await csvOf(page, 9));
  assert.equal(csv, ringlab(["experiment", "agree"]));
  const rows = csv.trim().split("\n").map((l) => l.split("\t"));
  const at6 = rows.filter((r) => r[3] === "6");
  const mixed = at6.filter((r) => r[0] !== "join").map((r) => Number(r[6]));
  assert.equal(Number(m[1].replace(/,/g, "")), Math.min(...mixed));
  assert.equal(Number(m[2].replace(/,/g, "")), Math.max(...mixed));
  assert.equal(Number(m[5].replace(/,/g, "")), Number(at6.find((r) => r[0] === "join")[6]));
  assert.equal(m[3], (Math.min(...mixed) / 200).toFixed(1));
  assert.equal(m[4], (Math.max(...mixed) / 200).toFixed(1));
  await fig.getByText("The numbers").click();
  assert.equal(await fig.getByRole("table", { name: /^Figure 9\./ }).locator("tbody tr").count(), 40);
  assert.equal(await fig.getByRole("img", { name: /^Figure 9\./ }).locator("path.xy-line").count(), 6);
  await screenshot(page, "lab-agree");
  clean();
  await context.close();
});

test("Cancel stops every worker and keeps the rows already done", async () => {
  const { context, page, clean } = await open(env);
  await load(env, page, "#/lab?rings=400&seed=1&workers=2&fig=1");
  const fig = figure(page, 1);
  await fig.getByText("The numbers").click();
  const rows = fig.getByRole("table", { name: /^Figure 1\./ }).locator("tbody tr");
  // Every row is listed from the start, with "–" in its measured columns until it is done.
  const finished = async () => (await rows.allInnerTexts()).filter((row) => !row.split("\t").slice(2, 4).includes("–"));
  await fig.getByRole("button", { name: "Run" }).click();
  const bar = fig.getByRole("progressbar", { name: "Figure 1 progress" });
  // Some rows finished, not all: Cancel has rows to keep and a run to stop.
  await waitUntil(finished, (done) => done.length >= 1, "a row finished", 60_000);
  assert.match(await fig.locator(".lab-status").innerText(), /% done, .* left\.$/);
  assert.equal(page.workers().length, 2);
  const kept = await finished();
  await fig.getByRole("button", { name: "Cancel" }).click();
  await fig.getByText("Cancelled. The rows finished before are kept.").waitFor();
  await waitUntil(async () => page.workers().length, (n) => n === 0, "every worker terminated");
  await fig.getByRole("button", { name: "Run" }).waitFor();
  // The rows done before Cancel are still there, unchanged (rows that finished while
  // Cancel was on its way may join them), and the rest were never done.
  const after = await finished();
  for (const row of kept) assert.ok(after.includes(row), `kept: ${row}`);
  const all = await rows.count();
  assert.ok(after.length < all, `${after.length} of ${all} rows done after Cancel`);
  assert.ok(Number(await bar.getAttribute("aria-valuenow")) < 100);
  assert.equal(await rows.count(), all);
  assert.deepEqual(await finished(), after, "nothing more finishes once the workers are gone");
  clean();
  await context.close();
});

test("bad settings are clamped with a note; a change of seed forgets the results", async () => {
  const { context, page, clean } = await open(env);
  await load(env, page, "#/lab?rings=0&seed=x&workers=9&fig=13");
  const p = await params(page);
  assert.deepEqual([p.rings, p.seed, p.workers, p.fig], ["1", "1", "4", "12"]);
  assert.equal(await page.getByRole("note").locator("li").count(), 4);
  // Figure 12 ships its rows and has no Run: the run below is figure 9's.
  assert.equal(await figure(page, 12).getByRole("button", { name: "Run" }).count(), 0);
  await load(env, page, "#/lab?rings=1&seed=1&workers=4&fig=9");
  await runAndDownload(page, 9);
  await page.getByRole("spinbutton", { name: "Seed" }).fill("2");
  await page.getByRole("spinbutton", { name: "Seed" }).press("Enter");
  await waitParam(page, "seed", (v) => v === "2");
  // The clients' agreement takes no seed: the shipped rows stand in for the run forgotten.
  await figure(page, 9).getByText(/^Shipped with the page: exact/).waitFor();
  clean();
  await context.close();
});

test("at 360 px and in dark mode the figures fit and their text stays at 12 px", async () => {
  const { context, page, clean } = await open(env, { viewport: { width: 360, height: 740 }, colorScheme: "dark" });
  await load(env, page, "#/lab?rings=2&seed=1&workers=2");
  await runAndDownload(page, 3);
  const widths = await page.evaluate(() => [document.documentElement.scrollWidth, innerWidth]);
  assert.ok(widths[0] <= widths[1], `page ${widths[0]} px wide at ${widths[1]}`);
  const sizes = await figure(page, 3).locator("svg.xy-plot text").evaluateAll((texts) => texts.map((t) => parseFloat(getComputedStyle(t).fontSize)));
  assert.ok(sizes.length > 5 && Math.min(...sizes) >= 12, JSON.stringify(sizes));
  await screenshot(page, "lab-phone-dark");
  clean();
  await context.close();
});
