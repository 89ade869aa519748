// "Hot keys and bounded loads" (#/load) and "Break it" (#/break), driven by role and
// accessible name: epsilon's presets trade balance for movement and keep every bar under
// the cap; a hot key's bar stays past the cap whatever epsilon is, and each fix brings it
// back; the stepper walks its five scenarios forward and back with the verdicts the
// simulation computes, and the cascade's deaths read in order. Plus the keyboard, a link
// round trip, embed mode, small screens and dark mode.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { load, screenshot, start } from "../harness.js";
import { headerLink, open, params, svgTexts, waitParam } from "../common.js";
import { PALETTE, shownColours } from "../pixels.js";

let env;
before(async () => {
  env = await start();
});
after(async () => {
  await env?.stop();
});

const slider = (page, name) => page.getByRole("slider", { name, exact: true });
const over = (page) => page.locator(".load-bars .bar-over").count();

/** Keys pushed off home, from the numbers beside the picture. */
async function pushed(page) {
  const text = await page.locator(".load-pushed").innerText();
  return Number(text.split(" ")[0].replace(/,/g, ""));
}

test("epsilon presets change the pushed-off count and keep every bar under the cap", async () => {
  const { page, clean } = await open(env);
  await load(env, page, "#/load");
  assert.equal(await page.title(), "Hot keys and bounded loads · ringlab");
  // The header's Load menu has both of the load pages.
  await headerLink(page, "Hot keys and bounded loads");
  await page.getByRole("banner").getByRole("link", { name: "Break it", exact: true }).waitFor();
  await page.keyboard.press("Escape");
  const counts = {};
  for (const preset of ["0.10", "0.25", "1.00"]) {
    await page.getByRole("button", { name: preset, exact: true }).click();
    await waitParam(page, "epsilon", (v) => Number(v) === Number(preset));
    assert.equal(await page.getByRole("button", { name: preset, exact: true }).getAttribute("aria-pressed"), "true");
    counts[preset] = await pushed(page);
    // Pushed keys are ticks on the ring, as many as are drawn.
    const walks = await page.locator(".load-ring .walk-key").count();
    assert.equal(walks, Math.min(counts[preset], 24), `walks at ${preset}`);
    assert.equal(await over(page), 0, `a bar over the cap at epsilon ${preset}`);
    assert.ok((await page.locator(".load-bars .ref-cap").count()) >= 1, "the cap line is drawn");
  }
  assert.ok(counts["0.10"] > counts["0.25"] && counts["0.25"] > counts["1.00"], JSON.stringify(counts));
  // Without bounded loads nothing is pushed.
  await page.getByRole("checkbox", { name: /Cap every server/ }).uncheck();
  await waitParam(page, "bounded", (v) => v === "0");
  assert.equal(await pushed(page), 0);
  assert.match(await page.locator(".load-summary").innerText(), /^Plain ring: the busiest server/);
  await screenshot(page, "load");
  clean();
});

test("a hot key's bar stays past the cap at every epsilon, and each fix brings it back", async () => {
  const { page, clean } = await open(env);
  await load(env, page, "#/load");
  await slider(page, "Hot key share").fill("0.3");
  await waitParam(page, "hot", (v) => v === "0.3");
  for (const preset of ["0.10", "0.25", "1.00"]) {
    await page.getByRole("button", { name: preset, exact: true }).click();
    await waitParam(page, "epsilon", (v) => Number(v) === Number(preset));
    assert.equal(await over(page), 1, `one bar past the cap at epsilon ${preset}`);
    assert.match(await page.locator(".load-summary").innerText(), /no epsilon splits one key/);
  }
  await screenshot(page, "load-hot");
  for (const [name, value] of [["Front cache", "cache"], ["Split the key", "split"]]) {
    await page.getByRole("radio", { name }).check();
    await waitParam(page, "fix", (v) => v === value);
    assert.equal(await over(page), 0, `${name} leaves a bar over the cap`);
    assert.match(await page.locator(".load-fix-cost").innerText(), /The price/);
  }
  await page.getByRole("radio", { name: "No fix" }).check();
  await waitParam(page, "fix", (v) => v === "none");
  assert.equal(await over(page), 1);
  // Stability: cooling the hot key and a join each move some traffic and bring keys home.
  await page.getByRole("button", { name: "If the hot key cooled" }).click();
  await page.locator(".load-shift").getByText(/^If the hot key cooled, [\d.]+% of requests would change server; [\d,]+ of today's pushed keys would walk back home/).waitFor();
  await page.getByRole("button", { name: "If a server joined" }).click();
  await page.locator(".load-shift").getByText(/^If a server joined, [\d.]+% of requests would change server/).waitFor();
  // The answer belongs to the settings it was asked with.
  await page.getByRole("button", { name: "0.10", exact: true }).click();
  await page.locator(".load-shift").getByText(/ask what a shift in load would move/).waitFor();
  clean();
});

test("the load page's sliders work from the keyboard and its link round-trips", async () => {
  const { page, clean } = await open(env);
  await load(env, page, "#/load?servers=8&vnodes=50&keys=500&zipf=1.2&hot=0&bounded=1&epsilon=0.5&fix=none");
  await slider(page, "Epsilon").focus();
  await page.keyboard.press("ArrowRight");
  await waitParam(page, "epsilon", (v) => v === "0.55");
  await slider(page, "Zipf exponent").focus();
  await page.keyboard.press("ArrowLeft");
  await waitParam(page, "zipf", (v) => v === "1.15");
  await slider(page, "Servers").focus();
  await page.keyboard.press("End");
  await waitParam(page, "servers", (v) => v === "1000");
  // 1,000 servers hold at most 200 virtual nodes each: the slider's end moves with it.
  assert.equal(await slider(page, "Virtual nodes").getAttribute("max"), "200");
  const link = await params(page);
  await load(env, page, "#/load?" + new URLSearchParams(link).toString());
  assert.deepEqual(await params(page), link);
  // A hostile link is repaired with notes, not a dead page.
  await load(env, page, "#/load?servers=5000&vnodes=999&zipf=lots");
  await page.getByText(/servers=5000 is above 1000/).waitFor();
  assert.equal((await params(page)).vnodes, "200");
  clean();
});

test("break it walks five scenarios forward and back with the computed verdicts", async () => {
  const { page, clean } = await open(env, { reducedMotion: "reduce" });
  await load(env, page, "#/break");
  assert.equal(await page.title(), "Break it · ringlab");
  const verdict = () => page.locator(".break-verdict").innerText();
  // Nothing is told before the reader plays or drags the run to its end.
  assert.equal(await verdict(), "Not yet told");
  await slider(page, "Second").press("End");
  await page.locator(".break-status.status-healthy").waitFor();
  const expected = ["Healthy", "Healthy", "Degraded", "Down", "Down"];
  const seen = [await verdict()];
  for (let i = 1; i < 5; i++) {
    await page.getByRole("button", { name: "Next scenario" }).click();
    await page.getByRole("heading", { name: new RegExp(`^Step ${i + 1} of 5`) }).waitFor();
    seen.push(await verdict());
  }
  assert.deepEqual(seen, expected);
  assert.ok(await page.getByRole("button", { name: "Next scenario" }).isDisabled());
  const back = [await verdict()];
  for (let i = 3; i >= 0; i--) {
    await page.getByRole("button", { name: "Previous scenario" }).click();
    await page.getByRole("heading", { name: new RegExp(`^Step ${i + 1} of 5`) }).waitFor();
    back.unshift(await verdict());
  }
  assert.deepEqual(back, expected);
  // Every step as text says the same verdicts, in order.
  await page.getByText("Read every step as text").click();
  const titles = await page.locator(".break-stories > li > h3").allInnerTexts();
  assert.deepEqual(titles.map((t) => t.split(": ")[1]), expected);
  clean();
});

test("the cascade's deaths appear in order, and a fix above the ring brings the hot key back", async () => {
  const { page, clean } = await open(env, { reducedMotion: "reduce" });
  await load(env, page, "#/break?scenario=no-vnodes");
  // At second 0 the deaths are still ahead, and not shown.
  await page.getByText("Nothing yet, at 0 s.").waitFor();
  await slider(page, "Second").press("End");
  await page.locator(".break-status.status-down").waitFor();
  const events = await page.locator(".break-events").first().locator("li").allInnerTexts();
  assert.match(events[0], /^5 s: cache-5 is killed\.$/);
  assert.ok(events.length >= 4, events.join("\n"));
  let previous = 5;
  for (const line of events.slice(1)) {
    assert.match(line, /has been over capacity for 3 s .* and dies\.$/);
    const at = Number(line.split(" s:")[0]);
    assert.ok(at >= previous, `deaths out of order: ${events.join(" | ")}`);
    previous = at;
  }
  await screenshot(page, "break-cascade");
  await page.getByRole("button", { name: "Next scenario" }).click();
  await page.getByRole("heading", { name: /^Step 5 of 5/ }).waitFor();
  assert.equal(await page.locator(".break-verdict").innerText(), "Down");
  for (const [name, value] of [["Front cache", "cache"], ["Split the key", "split"]]) {
    await page.getByRole("radio", { name }).check();
    await waitParam(page, "fix", (v) => v === value);
    assert.equal(await page.locator(".break-verdict").innerText(), "Healthy", name);
  }
  clean();
});

test("break it plays, pauses, changes speed and scrubs", async () => {
  const { page, clean } = await open(env);
  await load(env, page, "#/break?scenario=join");
  await page.getByRole("combobox", { name: "Speed" }).selectOption("8");
  await waitParam(page, "speed", (v) => v === "8");
  await page.getByRole("button", { name: "Play" }).click();
  await page.getByRole("button", { name: "Pause" }).waitFor();
  await page.waitForFunction(() => Number(document.querySelector("#break-second").value) >= 3);
  assert.equal(await page.locator("section.break").getAttribute("data-ticking"), "true", "playing, a timer runs");
  await page.getByRole("button", { name: "Pause" }).click();
  await page.getByRole("button", { name: "Play" }).waitFor();
  // Paused: no timer is left to move the second on (src/views/break/view.rs says so).
  await page.waitForFunction(() => document.querySelector("section.break").dataset.ticking === "false");
  const at = await slider(page, "Second").inputValue();
  assert.equal(await page.locator("section.break").getAttribute("data-ticking"), "false");
  assert.equal(await slider(page, "Second").inputValue(), at, "paused, the second stays");
  await slider(page, "Second").fill("6");
  await page.locator(".break-now").getByText(/^At 6 s:/).waitFor();
  // Moving to another scenario plays it from the start (motion allowed here).
  await page.getByRole("button", { name: "Next scenario" }).click();
  await page.getByRole("button", { name: "Pause" }).waitFor();
  clean();
});

test("embedded, on a small screen and in the dark", async () => {
  const small = await open(env, { viewport: { width: 360, height: 740 } });
  await load(env, small.page, "#/load?embed=1&hot=0.3");
  await small.page.locator(".load-bars svg").waitFor();
  const width = await small.page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= 360, `the page is ${width} px wide`);
  await screenshot(small.page, "load-embed-360");
  await load(env, small.page, "#/break?embed=1&controls=0&scenario=death");
  await small.page.locator(".break-verdict").waitFor();
  assert.equal(await small.page.getByRole("button", { name: "Next scenario" }).count(), 0);
  assert.ok((await small.page.evaluate(() => document.documentElement.scrollWidth)) <= 360);
  await screenshot(small.page, "break-embed-360");
  small.clean();
  const dark = await open(env, { colorScheme: "dark" });
  await load(env, dark.page, "#/break?scenario=hot-key");
  await dark.page.locator(".break-verdict").waitFor();
  await screenshot(dark.page, "break-dark");
  await load(env, dark.page, "#/load?hot=0.2&epsilon=0.1");
  await dark.page.locator(".load-bars svg").waitFor();
  await screenshot(dark.page, "load-dark");
  dark.clean();
});

test("the rings show every server's colour however dense, and a dead node's stretches in grey, light and dark", async () => {
  for (const colorScheme of ["light", "dark"]) {
    const { context, page, clean } = await open(env, { colorScheme });
    // 4 servers x 500 points: far too close for ticks; each owner's stretches in its colour.
    await load(env, page, "#/load?servers=4&vnodes=500&keys=2000&zipf=0.8&hot=0&bounded=0&epsilon=0.25&fix=none");
    const ring = page.locator("svg.load-ring");
    await ring.waitFor();
    const wanted = { a: PALETTE[0], b: PALETTE[1], c: PALETTE[2], d: PALETTE[3], outline: "--fg" };
    const { counts } = await shownColours(ring, wanted);
    const coloured = counts.a + counts.b + counts.c + counts.d;
    const what = `load, ${colorScheme}: ${JSON.stringify(counts)}`;
    assert.ok(coloured > 2000, what);
    for (const name of ["a", "b", "c", "d"]) assert.ok(counts[name] > coloured / 10, `server ${name}: ${what}`);
    assert.ok(counts.outline < coloured / 10, `outline: ${what}`);
    assert.equal(await ring.locator("line.owner-tick").count(), 0, "no ticks where points are pixels apart");
    await screenshot(page, `load-ring-dense-${colorScheme}`);
    // Break it, the node death at its last second: the dead node's stretches are grey, the
    // others keep their colours.
    await load(env, page, "#/break?scenario=death&fix=none&speed=4");
    await page.getByRole("slider", { name: "Second" }).press("End");
    const nodes = page.locator("svg.nodes-ring");
    await nodes.locator("path.own-dead").first().waitFor();
    const shown = await shownColours(nodes, { a: PALETTE[0], b: PALETTE[1], c: PALETTE[2], muted: "--muted" });
    const alive = shown.counts.a + shown.counts.b + shown.counts.c;
    assert.ok(alive > 1000 && shown.counts.muted > 50, `break, ${colorScheme}: ${JSON.stringify(shown.counts)}`);
    await screenshot(page, `break-ring-dead-${colorScheme}`);
    clean();
    await context.close();
  }
});


test("chart labels stay at 12 px or more, unoutlined, and never overlap, at 360 and 1280 px", async () => {
  for (const width of [360, 1280]) {
    const { context, page, clean } = await open(env, { viewport: { width, height: 900 } });
    for (const hash of ["#/load?servers=16&vnodes=100&keys=2000&zipf=0.8&hot=0.3&bounded=1&epsilon=0.25&fix=none", "#/break?scenario=hot-key&fix=none"]) {
      await load(env, page, hash);
      await page.locator("svg.bars").first().waitFor();
      // Drawn at the width it is shown: one SVG unit per CSS pixel once measured.
      await page.waitForFunction(() =>
        [...document.querySelectorAll("svg.bars, svg.plot")].every((s) => Math.abs(s.getBoundingClientRect().width - s.viewBox.baseVal.width) < 1),
      );
      const charts = await svgTexts(page, "svg.bars, svg.plot");
      assert.ok(charts.length >= 1, hash);
      for (const texts of charts) {
        assert.ok(texts.length > 3, `${hash}: ${JSON.stringify(texts)}`);
        for (const t of texts) {
          assert.ok(t.px >= 11.99, `${hash} at ${width} px: "${t.text}" renders at ${t.px.toFixed(1)} px`);
          assert.equal(t.stroke, "none", `${hash}: "${t.text}" is outlined`);
        }
        for (let i = 0; i < texts.length; i++) {
          for (let j = i + 1; j < texts.length; j++) {
            const [a, b] = [texts[i].box, texts[j].box];
            const overlap = Math.min(a[2], b[2]) - Math.max(a[0], b[0]) > 0.5 && Math.min(a[3], b[3]) - Math.max(a[1], b[1]) > 0.5;
            assert.ok(!overlap, `${hash} at ${width} px: "${texts[i].text}" overlaps "${texts[j].text}"`);
          }
        }
      }
      // The rings' words (a node's name, "hot") at 12 px or more too.
      for (const texts of await svgTexts(page, "svg.owner-ring")) {
        for (const t of texts) assert.ok(t.px >= 11.99, `${hash} at ${width} px: ring text "${t.text}" renders at ${t.px.toFixed(1)} px`);
      }
      await screenshot(page, `charts-${hash.slice(2, 6)}-${width}`);
    }
    clean();
    await context.close();
  }
});
