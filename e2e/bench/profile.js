// Where the slider's time goes (not a test): the same change as probe.js (End on "Virtual
// nodes per server", V 500 -> 1000 at N = 1000) under Chromium's sampling profiler, three
// times, and the functions by self time per change. `make profile-browser` builds the
// release app without wasm-opt and with its function names (RINGLAB_DIST points here at
// that build); wasm-opt's build is faster, so read the shares, not the sum.
import { start } from "../harness.js";

const BIG = process.argv[2] ?? "servers=1000&vnodes=1000&keys=1000&replicas=3&scheme=ring&seed=7";
const ROUNDS = 3;
const env = await start();
const context = await env.browser.newContext({ viewport: { width: 1280, height: 900 } });
const page = await context.newPage();
await page.goto(`${env.url}#/ring?${BIG}`);
await page.getByRole("img", { name: /^Hash ring of the/ }).waitFor();
const exact = page.getByRole("spinbutton", { name: "Virtual nodes per server, exact" });
const slider = page.getByRole("slider", { name: "Virtual nodes per server" });
const cdp = await context.newCDPSession(page);
await cdp.send("Profiler.enable");
await cdp.send("Profiler.setSamplingInterval", { interval: 100 });
const self = new Map();
let total = 0;
for (let round = 0; round < ROUNDS; round++) {
  await exact.fill("500");
  await exact.press("Tab");
  await page.waitForFunction(() => location.hash.includes("vnodes=500"));
  await page.waitForTimeout(300);
  await slider.focus();
  await cdp.send("Profiler.start");
  await page.keyboard.press("End");
  await page.waitForFunction(() => location.hash.includes("vnodes=1000"));
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r())));
  const { profile } = await cdp.send("Profiler.stop");
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const dt = profile.timeDeltas;
  profile.samples.forEach((id, i) => {
    const n = byId.get(id);
    const name = n.callFrame.functionName || `(${n.callFrame.url.split("/").pop()})`;
    self.set(name, (self.get(name) ?? 0) + (dt[i] ?? 0) / 1000);
    total += (dt[i] ?? 0) / 1000;
  });
}
const rows = [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, 30);
console.log(`${(total / ROUNDS).toFixed(1)} ms sampled per change, from the key press to the next frame`);
console.log("(program) is the browser's own work: style, layout, paint, the test driver.");
for (const [name, ms] of rows) console.log((ms / ROUNDS).toFixed(1).padStart(7), name.slice(0, 150));
await env.stop();
