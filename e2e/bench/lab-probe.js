// The lab's browser benchmark (not a test): the release build in dist/ on loopback in
// Debian's headless Chromium. For 1, 2 and 4 workers, the full busiest table of the seed
// experiment (N = 10, 100, 1,000; V = 1 ... 1,024; 400 rings per setting: 33 settings),
// by the Gamma model and by the rings, as the page reports each stage's time; whether the
// CSVs are identical whatever the number of workers; the longest main-thread task during
// each run (a Long Tasks observer); and Cancel's latency: from the click to the first frame
// that says "Cancelled", and to Chromium reporting every worker closed. `make
// bench-browser` runs it; LAB_WORKERS (default "1,2,4") and LAB_RINGS (default 400) narrow it.
import { readFile } from "node:fs/promises";
import { start } from "../harness.js";
import { fmt, median } from "./stats.js";

const WORKERS = (process.env.LAB_WORKERS ?? "1,2,4").split(",").map(Number);
const RINGS = Number(process.env.LAB_RINGS ?? 400);

async function openLab(browser, url, query) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  await page.goto(`${url}#/lab?${query}`);
  const fig = page.getByRole("region", { name: /^Figure 1\. / });
  await fig.getByRole("button", { name: "Run" }).waitFor();
  await page.evaluate(() => {
    window.__longest = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.__longest = Math.max(window.__longest, entry.duration);
    }).observe({ type: "longtask" });
  });
  return { context, page, fig, errors };
}

/** One full run on `workers` workers: stage times, the CSV, the longest task. */
async function fullTable(browser, url, workers) {
  const { context, page, fig, errors } = await openLab(browser, url, `rings=${RINGS}&seed=1&workers=${workers}&fig=1`);
  await page.evaluate(() => (window.__longest = 0));
  await fig.getByRole("button", { name: "Run" }).click();
  await fig.getByText(/^Done in /).waitFor({ timeout: 20 * 60_000 });
  const status = await fig.locator(".lab-status").innerText();
  const longest = await page.evaluate(() => window.__longest);
  const [download] = await Promise.all([page.waitForEvent("download"), fig.getByRole("button", { name: "Download CSV" }).click()]);
  const csv = await readFile(await download.path(), "utf8");
  await context.close();
  if (errors.length) throw new Error(`console errors: ${errors.join("; ")}`);
  const gamma = Number(status.match(/the Gamma model ([\d.]+) s/)?.[1]);
  const rings = Number(status.match(/the rings ([\d.]+) s/)?.[1]);
  return { status, gamma, rings, csv, longest };
}

/** Cancel five times mid-run: click to the frame that says so, and to every worker closed. */
async function cancelLatency(browser, url) {
  const { context, page, fig, errors } = await openLab(browser, url, `rings=400&seed=1&workers=2&fig=1`);
  const toFrame = [];
  const toClosed = [];
  for (let i = 0; i < 5; i++) {
    const closed = new Promise((resolve) => {
      let open = 2;
      const onWorker = (worker) => worker.on("close", () => --open === 0 && resolve(Date.now()));
      for (const w of page.workers()) onWorker(w);
      page.on("worker", onWorker);
    });
    await fig.getByRole("button", { name: "Run" }).click();
    const bar = fig.getByRole("progressbar");
    await page.waitForFunction(() => Number(document.querySelector("[role=progressbar]").getAttribute("aria-valuenow")) >= 5, null, { timeout: 60_000 });
    await bar.waitFor();
    await page.evaluate(() => {
      window.__said = new Promise((resolve) => {
        const button = [...document.querySelectorAll("button")].find((b) => b.textContent === "Cancel");
        button.addEventListener("click", () => {
          const clicked = performance.now();
          const check = () => (document.querySelector(".lab-status").textContent.startsWith("Cancelled") ? resolve(performance.now() - clicked) : requestAnimationFrame(check));
          requestAnimationFrame(check);
        }, { capture: true, once: true });
      });
    });
    const clicked = Date.now();
    await fig.getByRole("button", { name: "Cancel" }).click();
    toFrame.push(await page.evaluate(() => window.__said));
    toClosed.push((await closed) - clicked);
    page.removeAllListeners("worker");
  }
  await context.close();
  if (errors.length) throw new Error(`console errors: ${errors.join("; ")}`);
  return { toFrame, toClosed };
}

async function main() {
  const env = await start();
  try {
    const runs = [];
    for (const workers of WORKERS) {
      const run = await fullTable(env.browser, env.url, workers);
      runs.push({ workers, ...run });
      console.log(`workers ${workers}: ${run.status} (longest main-thread task ${fmt(run.longest)})`);
    }
    const same = runs.every((r) => r.csv === runs[0].csv);
    console.log(`\nbusiest table, ${RINGS} rings per setting, 33 settings`);
    console.log("| workers | Gamma model | rings | longest main-thread task |");
    console.log("|---:|---:|---:|---:|");
    for (const r of runs) console.log(`| ${r.workers} | ${r.gamma.toFixed(1)} s | ${r.rings.toFixed(1)} s | ${r.longest ? fmt(r.longest) : "none over 50 ms"} |`);
    console.log(`\nCSVs identical across ${WORKERS.join(", ")} workers: ${same ? "yes" : "NO"}`);
    const cancel = await cancelLatency(env.browser, env.url);
    console.log(`Cancel, 5 times mid-run: click to the frame saying so, median ${fmt(median(cancel.toFrame))} (max ${fmt(Math.max(...cancel.toFrame))}); click to Chromium reporting both workers closed, median ${fmt(median(cancel.toClosed))} (max ${fmt(Math.max(...cancel.toClosed))})`);
    if (!same) process.exitCode = 1;
  } finally {
    await env.stop();
  }
}

await main();
