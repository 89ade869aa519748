// Main-thread tasks at load and during a run (not a test): the release build in dist/ on
// loopback in Debian's headless Chromium. A Long Tasks observer, installed before the
// page's own scripts, records every task over 50 ms from navigation until the view has
// settled (its work done, then 2 s without a long task); for Compare and the lab, also
// while a run goes on and until it settles (Compare's seed experiment, a million keys on
// 1,000 servers, on its workers; the lab's figure 6). Each
// view full page and embedded (`embed=1`), TASKS_ROUNDS (default 3) times; the median of
// the longest task and of the blocking time (the sum of each task's time over 50 ms).
// The index (`#/views`) is the baseline measured in the same run. `make bench-browser`
// runs it; TASKS_VIEWS (default "compare,lab,maglev") narrows it.
import { start } from "../harness.js";
import { median } from "./stats.js";

const ROUNDS = Number(process.env.TASKS_ROUNDS ?? 3);
const VIEWS = (process.env.TASKS_VIEWS ?? "compare,lab,maglev").split(",");

/** What each view's work at load is done by: a selector or function that becomes true. */
const SETTLED = {
  views: () => document.querySelector("body > .app:not([data-ringlab-first]) main h1") !== null,
  compare: () => {
    const table = document.querySelector(".cmp-table");
    return table !== null && !table.textContent.includes("building");
  },
  // Every figure drawn: seven from the rows shipped with the page, figure 5 waiting for a run.
  lab: () => document.querySelectorAll(".lab-plot svg").length >= 7 && document.querySelectorAll(".lab-figure").length === 8,
  maglev: () => document.querySelector(".maglev-real .bar") !== null,
};

/** What a run is: the button that starts it, and when it is done. */
const RUNS = {
  compare: {
    button: (page) => page.getByRole("button", { name: "The seed experiment: 1,000 servers, a million keys" }),
    done: SETTLED.compare,
  },
  lab: {
    // Figure 6, the durability figure: a few seconds on the workers.
    button: (page) => page.getByRole("region", { name: /^Figure 6\. / }).getByRole("button", { name: "Run", exact: true }),
    done: () => [...document.querySelectorAll(".lab-figure")].some((f) => f.querySelector("h2")?.textContent.startsWith("Figure 6.") && /^Done in /.test(f.querySelector(".lab-status")?.textContent ?? "")),
  },
};

function observe() {
  window.__tasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__tasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: "longtask", buffered: true });
}

/** Waits for `settled`, then for 2 s with no new long task (30 s at most). */
async function quiet(page, settled) {
  await page.waitForFunction(settled, null, { timeout: 120_000, polling: 50 });
  await page.waitForFunction(
    () => {
      const last = window.__tasks.at(-1);
      const end = last ? last.start + last.duration : 0;
      return performance.now() - end > 2000;
    },
    null,
    { timeout: 30_000, polling: 200 },
  );
}

function summary(tasks) {
  const longest = tasks.reduce((m, t) => Math.max(m, t.duration), 0);
  const blocking = tasks.reduce((s, t) => s + Math.max(0, t.duration - 50), 0);
  return { longest, blocking, count: tasks.length };
}

/** One load of `view` (embedded or not): its long tasks, and a run's when it has one. */
async function once(browser, url, view, embed) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  await page.addInitScript(observe);
  await page.goto(`${url}#/${view}${embed ? "?embed=1" : ""}`);
  await quiet(page, SETTLED[view]);
  const load = summary(await page.evaluate(() => window.__tasks));
  let run = null;
  if (RUNS[view]) {
    await page.evaluate(() => (window.__tasks = []));
    await RUNS[view].button(page).click();
    await page.waitForTimeout(100);
    await quiet(page, RUNS[view].done);
    run = summary(await page.evaluate(() => window.__tasks));
  }
  await context.close();
  if (errors.length) throw new Error(`${view}: page errors: ${errors.join("; ")}`);
  return { load, run };
}

/** The median over the rounds, and the worst when it differs: "none" for no task over 50 ms. */
const cell = (values) => {
  const say = (ms) => (ms === 0 ? "none" : `${Math.round(ms)} ms`);
  const [mid, worst] = [median(values), Math.max(...values)];
  return worst === mid ? say(mid) : `${say(mid)} (worst ${say(worst)})`;
};

async function main() {
  const env = await start();
  try {
    console.log(`Long tasks (over 50 ms), the median of ${ROUNDS} loads and the worst; "none": no task over 50 ms. Blocking time is the sum of each task's time over 50 ms.`);
    console.log("| view | longest task at load | blocking time at load | longest task during a run | blocking time during a run |");
    console.log("|---|---:|---:|---:|---:|");
    for (const view of ["views", ...VIEWS]) {
      for (const embed of view === "views" ? [false] : [false, true]) {
        const rounds = [];
        for (let i = 0; i < ROUNDS; i++) rounds.push(await once(env.browser, env.url, view, embed));
        const load = rounds.map((r) => r.load);
        const run = rounds.map((r) => r.run).filter(Boolean);
        const name = `\`#/${view}${embed ? "?embed=1" : ""}\`${view === "views" ? " (baseline)" : ""}`;
        const during = run.length ? [cell(run.map((r) => r.longest)), cell(run.map((r) => r.blocking))] : ["no run", "no run"];
        console.log(`| ${name} | ${cell(load.map((r) => r.longest))} | ${cell(load.map((r) => r.blocking))} | ${during.join(" | ")} |`);
      }
    }
  } finally {
    await env.stop();
  }
}

await main();
