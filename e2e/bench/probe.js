// The browser benchmark (not a test): the release build in dist/ served on loopback and
// driven in Debian's headless Chromium, as the e2e tests do. It measures
//
// 1. frame time while animating the ring at N=1000 servers x V=1000 points (walks and a
//    join's moving keys), against the same animation on a 4-point ring: the intervals
//    between animation frames, so everything the page does per frame is in them;
// 2. time from a slider key press to the first animation frame showing the redrawn ring,
//    at 1M points (V 500 -> 1000 at N=1000) against 4,000 points (V 500 -> 1000 at N=4);
// 3. time from a click on "Fail server", "Restore server", "Remove server" and "Add server"
//    to the first animation frame after the page shows the change, at 1M points (N=1000,
//    V=1000) against 4 points (N=4, V=1);
// 4. lookups per second of each scheme in wasm, at 16, 1,000 and 10,000... servers (the
//    Compare view's own measurement: its "Measure lookups per second" button), against
//    jump's at the same size, which keeps no state;
// 5. the gzip size of dist/, file by file.
//
// `make bench-browser` builds dist/ and runs it; `node bench/probe.js` from e2e/ reuses the
// last build. PROBE_ROUNDS (default 5) sets how many slider changes and walks are timed.
import { readdir, readFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { gzipSync } from "node:zlib";
import { DIST, start } from "../harness.js";
import { fmt, median, percentile } from "./stats.js";

const ROUNDS = Number(process.env.PROBE_ROUNDS ?? 5);
const BIG = "servers=1000&vnodes=1000&keys=1000&replicas=3&scheme=ring&seed=7";
const SMALL = "servers=4&vnodes=1&keys=1000&replicas=3&scheme=ring&seed=7";

async function openRing(browser, url, query) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  await page.goto(`${url}#/ring?${query}`);
  await page.getByRole("img", { name: /^Hash ring of the/ }).waitFor();
  return { context, page, errors };
}

/**
 * Frame intervals (ms) while the ring animates: `walks` key walks started with Enter on the
 * focused canvas, one after another, then a server joining (its moved keys travel).
 */
async function animationFrames(page, walks) {
  const canvas = page.getByRole("img", { name: /^Hash ring of the/ });
  await canvas.focus();
  await page.evaluate(() => {
    window.__frames = [];
    let last = performance.now();
    const tick = (t) => {
      window.__frames.push(t - last);
      last = t;
      window.__probe = requestAnimationFrame(tick);
    };
    window.__probe = requestAnimationFrame(tick);
  });
  const status = page.locator(".pg-side").getByRole("status");
  for (let i = 0; i < walks; i++) {
    await page.keyboard.press("Enter");
    await status.filter({ hasText: "Preference list" }).waitFor();
    // A walk on a dense ring passes many points; let it run.
    await page.waitForTimeout(2500);
  }
  await page.keyboard.press("Escape");
  await page.getByRole("button", { name: "Add server" }).click();
  await page.waitForTimeout(1500);
  const frames = await page.evaluate(() => {
    cancelAnimationFrame(window.__probe);
    return window.__frames.slice(1);
  });
  return frames;
}

/**
 * Milliseconds from the key press on the "Virtual nodes per server" slider (V 500 -> 1000)
 * to the first animation frame after the ring was redrawn with it.
 */
async function sliderToFrame(page) {
  const slider = page.getByRole("slider", { name: "Virtual nodes per server" });
  const exact = page.getByRole("spinbutton", { name: "Virtual nodes per server, exact" });
  const times = [];
  for (let i = 0; i < ROUNDS; i++) {
    await exact.fill("500");
    await exact.press("Tab");
    await page.waitForFunction(() => location.hash.includes("vnodes=500"));
    await page.waitForTimeout(200);
    await slider.focus();
    await page.evaluate(() => {
      window.__pressed = null;
      window.addEventListener("keydown", () => (window.__pressed = performance.now()), {
        capture: true,
        once: true,
      });
      window.__drawn = new Promise((resolve, reject) => {
        setTimeout(() => reject(new Error("no redrawn frame within 20 s")), 20_000);
        const check = () => {
          // The component writes the URL in the same effect that redraws the canvas, so
          // the first frame that sees vnodes=1000 in the URL is the first to show it.
          if (window.__pressed !== null && location.hash.includes("vnodes=1000")) {
            resolve(performance.now() - window.__pressed);
          } else {
            requestAnimationFrame(check);
          }
        };
        requestAnimationFrame(check);
      });
    });
    await page.keyboard.press("End");
    times.push(await page.evaluate(() => window.__drawn));
  }
  return times;
}

/** The buttons `clicksToFrame` times, in the order it clicks them each round. */
const BUTTONS = ["Fail server", "Restore server", "Remove server", "Add server"];

/**
 * Milliseconds from a click on each of BUTTONS to the first animation frame after the
 * change reached the URL (the component writes it in the effects that redraw the canvas),
 * ROUNDS times, with `vnodes` points per server: the first server fails, comes back and is
 * removed, and a server is added (at the end), so each round starts with as many points as
 * the last.
 */
async function clicksToFrame(page, vnodes) {
  // The slider left V at 1000: set the ring's own V first.
  const exact = page.getByRole("spinbutton", { name: "Virtual nodes per server, exact" });
  await exact.fill(String(vnodes));
  await exact.press("Tab");
  await page.waitForFunction((v) => location.hash.includes(`vnodes=${v}&`), vnodes);
  const times = Object.fromEntries(BUTTONS.map((b) => [b, []]));
  for (let i = 0; i < ROUNDS; i++) {
    for (const name of BUTTONS) {
      await page.waitForTimeout(300);
      await page.evaluate(() => {
        window.__clicked = null;
        window.__hash = location.hash;
        window.addEventListener("click", () => (window.__clicked = performance.now()), {
          capture: true,
          once: true,
        });
        window.__drawn = new Promise((resolve, reject) => {
          setTimeout(() => reject(new Error("no redrawn frame within 20 s")), 20_000);
          const check = () => {
            if (window.__clicked !== null && location.hash !== window.__hash) {
              resolve(performance.now() - window.__clicked);
            } else {
              requestAnimationFrame(check);
            }
          };
          requestAnimationFrame(check);
        });
      });
      await page.getByRole("button", { name, exact: true }).click();
      times[name].push(await page.evaluate(() => window.__drawn));
    }
  }
  return times;
}

async function distSizes() {
  const rows = [];
  const walk = async (dir) => {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) await walk(path);
      else {
        const bytes = await readFile(path);
        rows.push({ file: relative(DIST, path), raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length });
      }
    }
  };
  await walk(DIST);
  return rows.sort((a, b) => b.gzip - a.gzip);
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;

/** Each scheme's lookups per second in the Compare view at `servers` servers. */
async function schemeLookups(browser, url, servers) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${url}#/compare?servers=${servers}&keys=1000&vnodes=160&change=join&schemes=modulo,ring,jump,rendezvous,maglev,slots`);
  await page.getByRole("status").filter({ hasText: /^All 1,000 keys placed in / }).waitFor({ timeout: 120_000 });
  await page.getByRole("button", { name: "Measure lookups per second" }).click();
  const rows = page.locator(".cmp-table tbody tr");
  await page.waitForFunction(() => [...document.querySelectorAll(".cmp-table tbody tr td:nth-child(6)")].every((td) => /^[\d,]+$/.test(td.textContent)), null, { timeout: 120_000 });
  const out = await rows.evaluateAll((all) => all.map((tr) => [tr.querySelector("th").textContent, Number(tr.children[5].textContent.replaceAll(",", ""))]));
  await context.close();
  return Object.fromEntries(out);
}

async function main() {
  const env = await start();
  const report = [];
  try {
    const version = env.browser.version();
    report.push(`Chromium ${version}, headless, --disable-gpu; ${ROUNDS} rounds.`, "");

    const small = await openRing(env.browser, env.url, SMALL);
    const smallFrames = await animationFrames(small.page, ROUNDS);
    const smallSlider = await sliderToFrame(small.page);
    const smallClicks = await clicksToFrame(small.page, 1);
    await small.context.close();

    const big = await openRing(env.browser, env.url, BIG);
    const bigFrames = await animationFrames(big.page, ROUNDS);
    const bigSlider = await sliderToFrame(big.page);
    const bigClicks = await clicksToFrame(big.page, 1000);
    await big.context.close();

    const errors = [...small.errors, ...big.errors];
    if (errors.length) throw new Error(`console errors: ${errors.join("; ")}`);

    report.push(
      "| measure | 4 points (baseline) | 1M points | ratio | target |",
      "|---|---|---|---|---|",
      `| frame interval while animating, p95 | ${fmt(percentile(smallFrames, 95))} | ${fmt(percentile(bigFrames, 95))} | ${(percentile(bigFrames, 95) / percentile(smallFrames, 95)).toFixed(2)} | 16.7 ms |`,
      `| frame interval while animating, median | ${fmt(median(smallFrames))} | ${fmt(median(bigFrames))} | ${(median(bigFrames) / median(smallFrames)).toFixed(2)} | |`,
      `| frames counted | ${smallFrames.length} | ${bigFrames.length} | | |`,
      `| slider key press to redrawn frame, median | ${fmt(median(smallSlider))} | ${fmt(median(bigSlider))} | ${(median(bigSlider) / median(smallSlider)).toFixed(2)} | 100 ms |`,
      `| slider key press to redrawn frame, worst | ${fmt(Math.max(...smallSlider))} | ${fmt(Math.max(...bigSlider))} | | |`,
      ...BUTTONS.map((name) => {
        const [a, b] = [median(smallClicks[name]), median(bigClicks[name])];
        const worst = Math.max(...bigClicks[name]);
        return `| "${name}" click to redrawn frame, median (1M: worst ${fmt(worst)}) | ${fmt(a)} | ${fmt(b)} | ${(b / a).toFixed(2)} | 100 ms |`;
      }),
      "",
    );

    const sizesOfN = [16, 1000];
    const lookups = [];
    for (const n of sizesOfN) lookups.push(await schemeLookups(env.browser, env.url, n));
    const schemes = Object.keys(lookups[0]);
    report.push(
      `| lookups per second in wasm (Compare view) | ${sizesOfN.map((n) => `${n} servers`).join(" | ")} | ${sizesOfN.map((n) => `against jump, ${n}`).join(" | ")} |`,
      `|---|${sizesOfN.map(() => "---").join("|")}|${sizesOfN.map(() => "---").join("|")}|`,
      ...schemes.map((s) => `| ${s} | ${lookups.map((l) => Math.round(l[s]).toLocaleString("en")).join(" | ")} | ${lookups.map((l) => (l[s] / l.Jump).toFixed(3)).join(" | ")} |`),
      "",
    );

    const sizes = await distSizes();
    const total = sizes.reduce((sum, r) => sum + r.gzip, 0);
    report.push("| file in dist/ | bytes | gzip -9 |", "|---|---|---|");
    for (const r of sizes) report.push(`| ${r.file.replace(/-[0-9a-f]{16}/, "-<hash>")} | ${r.raw} | ${kb(r.gzip)} |`);
    report.push(`| **all told** (every bundle; a page loads one, see the table per view above) | ${sizes.reduce((s, r) => s + r.raw, 0)} | **${kb(total)}** |`);
  } finally {
    await env.stop();
  }
  console.log(report.join("\n"));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
