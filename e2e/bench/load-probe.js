// The load page's browser benchmark (not a test): the release build in dist/ on loopback
// in Debian's headless Chromium. Milliseconds from an "Epsilon" or "Zipf exponent" slider
// key press to the first animation frame after the page shows the new value (the view
// writes its URL in the effect after the redraw), at 1,000 servers x 160 points x 100,000 keys against the
// page's default 16 servers x 100 points x 2,000 keys, in the same run. The target is
// 100 ms. `make bench-browser` runs it after probe.js; PROBE_ROUNDS (default 5) rounds.
import { start } from "../harness.js";
import { fmt, median } from "./stats.js";

const ROUNDS = Number(process.env.PROBE_ROUNDS ?? 5);
const BIG = "servers=1000&vnodes=160&keys=100000&zipf=0.8&hot=0&bounded=1&epsilon=0.25&fix=none";
const SMALL = "servers=16&vnodes=100&keys=2000&zipf=0.8&hot=0&bounded=1&epsilon=0.25&fix=none";

/**
 * Times `ROUNDS` steps of the slider `name` up and back down from the keyboard: `up` and
 * `down` are the URL parameter as it reads after each.
 */
async function stepToFrame(browser, url, query, name, up, down) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  await page.goto(`${url}#/load?${query}`);
  const slider = page.getByRole("slider", { name, exact: true });
  await slider.waitFor();
  await page.waitForFunction((down) => location.hash.includes(down), down);
  const times = [];
  for (let i = 0; i < 2 * ROUNDS; i++) {
    const [key, want] = i % 2 === 0 ? ["ArrowRight", up] : ["ArrowLeft", down];
    await slider.focus();
    await page.waitForTimeout(200);
    await page.evaluate((want) => {
      window.__pressed = null;
      window.addEventListener("keydown", () => (window.__pressed = performance.now()), { capture: true, once: true });
      window.__drawn = new Promise((resolve, reject) => {
        setTimeout(() => reject(new Error("no redrawn frame within 20 s")), 20_000);
        const check = () => {
          if (window.__pressed !== null && location.hash.includes(want)) {
            resolve(performance.now() - window.__pressed);
          } else {
            requestAnimationFrame(check);
          }
        };
        requestAnimationFrame(check);
      });
    }, want);
    await page.keyboard.press(key);
    times.push(await page.evaluate(() => window.__drawn));
  }
  await context.close();
  if (errors.length) throw new Error(`console errors: ${errors.join("; ")}`);
  return times;
}

const SLIDERS = [
  ["Epsilon", "epsilon=0.3&", "epsilon=0.25&", "redoes the bounded placement"],
  ["Zipf exponent", "zipf=0.85&", "zipf=0.8&", "new traffic: homes and placement again"],
];

async function main() {
  const env = await start();
  try {
    const lines = [
      `Chromium ${env.browser.version()}, headless; ${2 * ROUNDS} steps each.`,
      "",
      "| #/load, key press to redrawn frame | 16 x 100 points, 2,000 keys (baseline) | 1,000 x 160 points, 100,000 keys | ratio | target |",
      "|---|---|---|---|---|",
    ];
    for (const [name, up, down, what] of SLIDERS) {
      const small = await stepToFrame(env.browser, env.url, SMALL, name, up, down);
      const big = await stepToFrame(env.browser, env.url, BIG, name, up, down);
      lines.push(
        `| "${name}" (${what}), median | ${fmt(median(small))} | ${fmt(median(big))} | ${(median(big) / median(small)).toFixed(2)} | 100 ms |`,
        `| "${name}", worst | ${fmt(Math.max(...small))} | ${fmt(Math.max(...big))} | | |`,
      );
    }
    console.log(lines.join("\n"));
  } finally {
    await env.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
