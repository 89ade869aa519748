// The LLM view's browser benchmark (not a test): the release build in dist/ on loopback in
// Debian's headless Chromium. From "Replay the trace" on #/llm: the time to fetch the
// trace (0.8 MB gzipped) and the time until all eight routers have replayed Mooncake's
// 12,031 requests in the page's workers, with the longest main-thread task meanwhile (a
// Long Tasks observer: every task over 50 ms) and while the playback plays at 4×. The
// baseline, in the same run: the same eight replays by the release command line (`ringlab
// route`, one process each, one after another). Three runs; medians. `make bench-browser`
// runs it.
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { start } from "../harness.js";
import { fmt, median } from "./stats.js";

const ROOT = new URL("../..", import.meta.url).pathname;
const RUNS = 3;
const ROUTERS = ["round-robin", "random", "least-loaded", "modulo", "ring", "ring-bounded", "cache-aware"];

async function browserRun(browser, url) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  await page.goto(`${url}#/llm?router=ring&k=2`);
  await page.getByRole("button", { name: "Replay the trace" }).waitFor();
  await page.evaluate(() => {
    window.__tasks = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.__tasks.push(entry.duration);
    }).observe({ type: "longtask" });
    window.__fetched = new Promise((resolve) => {
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) if (e.name.includes("mooncake/")) resolve(e.responseEnd);
      }).observe({ type: "resource" });
    });
  });
  const clicked = await page.evaluate(() => performance.now());
  await page.getByRole("button", { name: "Replay the trace" }).click();
  await page.waitForFunction(() => {
    const body = document.querySelector(".llm-table tbody");
    return body && !body.textContent.includes("…");
  }, null, { timeout: 120_000, polling: 10 });
  const done = await page.evaluate(() => performance.now());
  const fetched = await page.evaluate(() => window.__fetched);
  const replayTasks = await page.evaluate(() => window.__tasks.splice(0));
  // The playback at 4×, from the start to the end.
  await page.getByRole("combobox", { name: "Speed" }).selectOption("4×");
  await page.getByRole("button", { name: "Play" }).click();
  await page.getByRole("button", { name: "Pause" }).waitFor();
  await page.getByRole("button", { name: "Play" }).waitFor({ timeout: 60_000 });
  const playTasks = await page.evaluate(() => window.__tasks.splice(0));
  await context.close();
  if (errors.length) throw new Error(`console errors: ${errors.join("; ")}`);
  return {
    fetch: fetched - clicked,
    all: done - clicked,
    replayLongest: Math.max(0, ...replayTasks),
    replayOver50: replayTasks.length,
    playLongest: Math.max(0, ...playTasks),
    playOver50: playTasks.length,
  };
}

function nativeRun() {
  const bin = join(ROOT, "target/release/ringlab");
  const started = performance.now();
  for (const router of ROUTERS) {
    const args = ["route", "--trace", join(ROOT, "data/mooncake/conversation_trace.jsonl"), "--workers", "8", "--cache-blocks", "20000", "--router", router, "--prefix-blocks", "2"];
    execFileSync(bin, args, { encoding: "utf8" });
  }
  return performance.now() - started;
}

async function main() {
  execFileSync("cargo", ["build", "-q", "--release", "--locked", "-p", "ringlab-cli"], { cwd: ROOT, stdio: "inherit" });
  const env = await start();
  try {
    const browser = [];
    const native = [];
    for (let i = 0; i < RUNS; i++) {
      browser.push(await browserRun(env.browser, env.url));
      native.push(nativeRun());
    }
    const m = (key) => median(browser.map((r) => r[key]));
    const nat = median(native);
    console.log(`#/llm, the conversation trace (12,031 requests), 8 workers, K = 2, ${RUNS} runs, medians`);
    console.log("| what | time | against the command line |");
    console.log("|---|---:|---:|");
    console.log(`| fetch the trace (from the click) | ${fmt(m("fetch"))} | |`);
    console.log(`| all 8 routers replayed (from the click) | ${fmt(m("all"))} | ${(m("all") / nat).toFixed(2)}× |`);
    console.log(`| the command line, 7 routers one after another (release) | ${fmt(nat)} | 1.00× |`);
    console.log(`| longest main-thread task while replaying | ${m("replayLongest") ? fmt(m("replayLongest")) : "none over 50 ms"} (${m("replayOver50")} over 50 ms) | |`);
    console.log(`| longest main-thread task, playback at 4× | ${m("playLongest") ? fmt(m("playLongest")) : "none over 50 ms"} (${m("playOver50")} over 50 ms) | |`);
  } finally {
    await env.stop();
  }
}

await main();
