// What a reader sees, at 360 and 1280 px, light and dark (issue 36, items 7, 9 and 10):
// every server's mark stands out from the page by 3:1, step 4's widget shows what a join
// moved right under its button and circles the moved keys, and the wide tables say they
// scroll while their first column stays put. Screenshots of each land in e2e/screenshots.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { LIVE_MAIN, SCREENSHOTS, load, screenshot, start } from "../harness.js";
import { DESK, PHONE, layoutSettled, open, waitRingCanvas, waitUntil } from "../common.js";

let env;
before(async () => {
  env = await start();
});
after(async () => {
  await env?.stop();
});

const MODES = [
  ["360", "light", PHONE],
  ["360", "dark", PHONE],
  ["1280", "light", DESK],
  ["1280", "dark", DESK],
].map(([width, scheme, options]) => ({ name: `${width}-${scheme}`, phone: width === "360", options: { ...options, colorScheme: scheme } }));

/**
 * Every server mark on the page (the palette's classes swatch-N and own-N),
 * with the best contrast it reaches against what lies behind it: its own colour (faded by
 * its opacity), or its outline (an HTML outline or border, an SVG stroke round a fill, or
 * the track 2 px wider under an arc).
 */
function marks(page) {
  return page.evaluate(() => {
    const parse = (text) => {
      const m = text.match(/rgba?\(([^)]+)\)/);
      if (!m) return null;
      const [r, g, b, a = 1] = m[1].split(/[ ,/]+/).filter(Boolean).map(Number);
      return { r, g, b, a };
    };
    const over = (top, bottom) => ({
      r: top.r * top.a + bottom.r * (1 - top.a),
      g: top.g * top.a + bottom.g * (1 - top.a),
      b: top.b * top.a + bottom.b * (1 - top.a),
      a: 1,
    });
    const luminance = ({ r, g, b }) => {
      const c = (v) => {
        v /= 255;
        return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * c(r) + 0.7152 * c(g) + 0.0722 * c(b);
    };
    const contrast = (x, y) => {
      const [a, b] = [luminance(x), luminance(y)].sort((p, q) => q - p);
      return (a + 0.05) / (b + 0.05);
    };
    // The first opaque background behind an element (the page's when none).
    const backdrop = (element) => {
      for (let e = element; e; e = e.parentElement) {
        if (e instanceof SVGElement) continue;
        const c = parse(getComputedStyle(e).backgroundColor);
        if (c && c.a === 1) return c;
      }
      return parse(getComputedStyle(document.body).backgroundColor);
    };
    const family = /^(swatch-|own-)(\d)$/;
    const found = [];
    for (const element of document.querySelectorAll("[class]")) {
      const name = [...element.classList].find((c) => family.test(c));
      if (!name || element.classList.contains("own-dead")) continue;
      const box = element.getBoundingClientRect();
      if (box.width === 0 && box.height === 0) continue;
      const style = getComputedStyle(element);
      if (style.visibility === "hidden" || style.display === "none") continue;
      const behind = backdrop(element.parentElement);
      const opacity = Number(style.opacity);
      const colours = [];
      const own = (text) => {
        const c = parse(text);
        if (c && c.a > 0) colours.push({ kind: "own", c: over({ ...c, a: c.a * opacity }, behind) });
      };
      const edge = (text, kind) => {
        const c = parse(text);
        if (c && c.a > 0) colours.push({ kind, c: over(c, behind) });
      };
      if (element instanceof SVGElement) {
        const width = parseFloat(style.strokeWidth) || 0;
        const stroked = style.stroke !== "none" && width > 0;
        if (style.fill !== "none") {
          own(style.fill);
          if (stroked) edge(style.stroke, "stroke");
        } else if (stroked) {
          own(style.stroke);
          // An arc's outline: the track under it, 2 px wider on each side.
          const track = element.ownerSVGElement?.querySelector(".owner-track, .ck-track");
          if (track) {
            const t = getComputedStyle(track);
            if ((parseFloat(t.strokeWidth) || 0) >= width + 4) edge(t.stroke, "track");
          }
        }
      } else {
        own(style.backgroundColor);
        if (style.outlineStyle !== "none" && parseFloat(style.outlineWidth) >= 1) edge(style.outlineColor, "outline");
        if (style.borderTopStyle !== "none" && parseFloat(style.borderTopWidth) >= 1) edge(style.borderTopColor, "border");
      }
      if (colours.length === 0) continue;
      const best = colours.map((x) => ({ kind: x.kind, ratio: contrast(x.c, behind) })).sort((p, q) => q.ratio - p.ratio)[0];
      found.push({ name, tag: element.tagName.toLowerCase(), className: element.getAttribute("class"), ...best });
    }
    return found;
  });
}

// The pages that draw server marks, each with enough servers to reach the yellow (the
// slots view and the clock have three unless their links ask for more: slots takes
// eight masters, the clock seven servers and the one that joins, Maglev's small table
// six backends, rendezvous eight nodes).
const MARKED = [
  ["#/ring?servers=8", ["swatch-3"]],
  ["#/slots?masters=8", ["swatch-3"]],
  ["#/clock?servers=A@5,B@18,C@30,D@43,E@56,F@69,G@82&add=H@94", ["swatch-3"]],
  ["#/maglev?backends=B1:3:4,B2:0:2,B3:3:1,B4:1:3,B5:2:5,B6:4:6", ["swatch-5"]],
  ["#/rendezvous?nodes=A,B,C,D,E,F,G,H", ["swatch-7"]],
  ["#/load", ["own-3"]],
];

test("every server's mark reaches 3:1 against the page, through its colour or its outline, light and dark", async () => {
  const problems = [];
  for (const mode of MODES) {
    const { context, page, clean } = await open(env, mode.options);
    for (const [hash, wanted] of MARKED) {
      await load(env, page, hash);
      await page.locator(`${LIVE_MAIN} h1`).waitFor();
      for (const summary of await page.locator("main details:not([open]) > summary").all()) {
        if (await summary.isVisible()) await summary.click();
      }
      await layoutSettled(page);
      const found = await waitUntil(() => marks(page), (all) => wanted.every((w) => all.some((m) => m.name === w)), `${hash} draws ${wanted}`);
      for (const m of found) {
        if (m.ratio < 3) problems.push(`${mode.name} ${hash}: ${m.tag}.${m.className} reaches ${m.ratio.toFixed(2)}:1 (${m.kind})`);
      }
      if (hash === "#/load" || hash.startsWith("#/clock")) await screenshot(page, `visual-marks-${hash.slice(2).split("?")[0]}-${mode.name}`);
    }
    clean();
    await context.close();
  }
  assert.deepEqual(problems, []);
});

/** The hue of a CSS colour, in degrees. */
function hue(text) {
  const [r, g, b] = text.match(/\d+(\.\d+)?/g).slice(0, 3).map((v) => Number(v) / 255);
  const max = Math.max(r, g, b);
  const d = max - Math.min(r, g, b);
  if (d === 0) return 0;
  const h = max === r ? ((g - b) / d) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return (h * 60 + 360) % 360;
}

test("step 4: adding a server shows what moved under the button, circles the moved keys, and the newcomer's colour stands apart", async () => {
  for (const mode of MODES) {
    const { context, page, clean } = await open(env, mode.options);
    await load(env, page, "#/learn/live");
    const element = page.locator(".step-widget iframe").first();
    await element.scrollIntoViewIfNeeded();
    const frame = page.frameLocator(".step-widget iframe").first();
    const add = frame.getByRole("button", { name: "Add server" });
    await add.waitFor();
    const handle = await (await element.elementHandle()).contentFrame();
    await waitRingCanvas(handle, (d) => Number(d.frames) > 0);
    await add.click();
    const counter = frame.locator(".pg-counter");
    await waitUntil(() => counter.innerText(), (t) => /4 of 8 keys moved \(50\.0%\)/.test(t), `${mode.name}: the counter`);
    // The result sits right under the button that caused it.
    const button = await add.boundingBox();
    const result = await counter.boundingBox();
    const gap = result.y - (button.y + button.height);
    assert.ok(gap >= 0 && gap < 160, `${mode.name}: the counter is ${gap} px below "Add server"`);
    // The four moved keys are circled on the ring.
    await waitRingCanvas(handle, (d) => d.ringed === "4");
    await frame.getByText("On the ring, the keys that moved are circled.").waitFor();
    // E, the newcomer, is no near shade of any server already there.
    const swatches = await frame.locator(".pg-table tbody th[scope=row]").evaluateAll((rows) =>
      rows.map((row) => [row.textContent.trim(), getComputedStyle(row.querySelector(".pg-swatch")).backgroundColor]));
    const joiner = swatches.find(([name]) => name === "E");
    assert.ok(joiner, `${mode.name}: E is in the table: ${JSON.stringify(swatches)}`);
    for (const [name, colour] of swatches.filter(([name]) => name !== "E")) {
      const apart = Math.abs(hue(joiner[1]) - hue(colour));
      const distance = Math.min(apart, 360 - apart);
      assert.ok(distance >= 60, `${mode.name}: E's ${joiner[1]} is ${distance.toFixed(0)}° from ${name}'s ${colour}`);
    }
    await counter.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SCREENSHOTS, `visual-learn-live-${mode.name}.png`) });
    clean();
    await context.close();
  }
});

/**
 * A wide table in its scroll box: whether it overflows, whether the cue says so, and,
 * after a sideways swipe, where its first column stands. On a phone the swipe is a
 * finger's: a touch dragged 200 px leftwards, through Chromium's own input pipeline (a
 * wheel does nothing to a touch page's box here); on a desktop, a sideways wheel. Either
 * lands on the part of the box in view: a box taller than the screen may start above it.
 */
async function swipe(page, box, firstCell, firstHead, phone) {
  const region = page.locator(box).first();
  await region.scrollIntoViewIfNeeded();
  const before = await region.evaluate((e) => ({ wide: e.scrollWidth > e.clientWidth + 1, left: e.getBoundingClientRect().left, image: getComputedStyle(e).backgroundImage }));
  const at = await region.boundingBox();
  const screen = page.viewportSize();
  const top = Math.max(at.y, 0);
  const bottom = Math.min(at.y + at.height, screen.height);
  assert.ok(bottom - top > 20, `${box} is in view: ${JSON.stringify(at)}`);
  const x = at.x + at.width / 2;
  const y = top + Math.min((bottom - top) / 2, 60);
  if (phone) {
    const cdp = await page.context().newCDPSession(page);
    const finger = (fx) => [{ x: fx, y, id: 1 }];
    await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: finger(x + 100) });
    for (let i = 1; i <= 10; i++) await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: finger(x + 100 - 20 * i) });
    await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
    await cdp.detach();
  } else {
    await page.mouse.move(x, y);
    await page.mouse.wheel(400, 0);
  }
  const scrolled = await readScroll(region, before.wide);
  const cell = await page.locator(firstCell).first().boundingBox();
  const head = await page.locator(firstHead).first().boundingBox();
  const cue = await page.locator(".scroll-cue").first().boundingBox();
  return { ...before, scrolled, cellLeft: cell.x, headLeft: head.x, cueLeft: cue?.x };
}

async function readScroll(region, wide) {
  return waitUntil(() => region.evaluate((e) => e.scrollLeft), (left) => !wide || left > 0, "the table scrolls sideways");
}

test("wide tables on a phone: a cue says they scroll, the first column stays; none at 1280 px", async () => {
  for (const mode of MODES) {
    const { context, page, clean } = await open(env, mode.options);
    const tables = [
      ["#/compare", ".cmp-scroll", ".cmp-table tbody th[scope=row]", ".cmp-table thead th:first-child"],
      ["#/ring", ".pg-shares", ".pg-table tbody th[scope=row]", ".pg-table thead th:first-child"],
    ];
    for (const [hash, box, first, head] of tables) {
      await load(env, page, hash);
      await page.locator(box).first().waitFor();
      if (hash === "#/compare") {
        await waitUntil(() => page.locator(".cmp-table").innerText(), (t) => !t.includes("building"), "every scheme built", 60_000);
      }
      const cue = page.locator(".scroll-cue").first();
      const seen = await swipe(page, box, first, head, mode.phone);
      assert.match(seen.image, /radial-gradient/, `${mode.name} ${hash}: the edge shadows`);
      if (mode.phone) {
        assert.ok(seen.wide, `${mode.name} ${hash}: the table is wider than a phone`);
        assert.ok(await cue.isVisible(), `${mode.name} ${hash}: the cue is shown`);
        assert.ok(Math.abs(seen.cellLeft - seen.left) < 2, `${mode.name} ${hash}: the first column stays at ${seen.left}, not ${seen.cellLeft}`);
        assert.ok(Math.abs(seen.headLeft - seen.left) < 2, `${mode.name} ${hash}: the first column's heading stays at ${seen.left}, not ${seen.headLeft}`);
        // The cue is still there to read after the swipe, not scrolled off with the table.
        assert.ok(seen.cueLeft >= seen.left - 2, `${mode.name} ${hash}: the cue stays in view at ${seen.left}, not ${seen.cueLeft}`);
      } else {
        assert.ok(!(await cue.isVisible()), `${mode.name} ${hash}: no cue on a wide screen`);
      }
      await screenshot(page, `visual-table-${hash.slice(2)}-${mode.name}`);
    }
    clean();
    await context.close();
  }
});

test("slots breaks keys only between their parts; Maglev outlines the key's bar and says where the key goes when its backend leaves", async () => {
  for (const mode of MODES) {
    const { context, page, clean } = await open(env, mode.options);
    // One key a line, as the keys box takes them.
    const keys = ["user:{42}:profile", "session:7f3a9c2e41d8b6f0:cart", "orders:2026-12-07:eu-west-1"];
    await load(env, page, `#/slots?keys=${encodeURIComponent(keys.join("\n"))}`);
    await page.locator(".sl-table tbody").first().waitFor();
    // Each key's parts, as the break chances (<wbr>) divide it, and the lines each part
    // and the whole key stand on.
    const read = await page.locator(".sl-keys .sl-table tbody th code").evaluateAll((codes) =>
      codes.map((code) => {
        const tops = (node) => {
          const range = document.createRange();
          range.selectNodeContents(node);
          return new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top))).size;
        };
        const parts = [...code.childNodes].filter((n) => n.nodeName !== "WBR");
        return { key: code.textContent, parts: parts.map((n) => [n.textContent, tops(n)]), lines: tops(code) };
      }));
    assert.deepEqual(read.map((k) => k.key), keys, `${mode.name}: the keys table`);
    assert.deepEqual(read.map((k) => k.parts.length), [4, 3, 3], `${mode.name}: the parts ${JSON.stringify(read)}`);
    // Each part stays on one line...
    const broken = read.flatMap((k) => k.parts.filter(([, lines]) => lines !== 1).map(([part]) => part));
    assert.deepEqual(broken, [], `${mode.name}: key parts broken across lines`);
    // ...while on a phone the keys do break, between their parts.
    if (mode.phone) assert.ok(read.some((k) => k.lines > 1), `${mode.name}: no key wraps on a phone: ${JSON.stringify(read)}`);
    await page.locator(".sl-keys").scrollIntoViewIfNeeded();
    await screenshot(page, `visual-slots-${mode.name}`);

    await load(env, page, "#/maglev");
    const heir = page.locator(".maglev-heir");
    await waitUntil(() => heir.innerText().catch(() => ""), (t) => /^If \S+ leaves, the key keeps slot [\d,]+ and the rebuilt table gives that slot to \S+: "user:42" goes to \S+\.$/.test(t), `${mode.name}: where user:42 goes`);
    const owner = page.locator(".maglev-owner");
    // The bars are drawn again once their width is measured: read both once they settle.
    const colours = () =>
      Promise.all([
        owner.evaluate((e) => getComputedStyle(e).backgroundColor),
        page.locator(".maglev-real .bar").first().evaluate((e) => getComputedStyle(e).fill),
      ]);
    const [chip, bar] = await waitUntil(colours, ([c, b]) => c !== "" && b !== "" && c === b, `${mode.name}: the key's chip is in the bars' colour`);
    assert.equal(chip, bar, `${mode.name}: the key's chip is in the bars' colour`);
    assert.equal(await page.locator(".maglev-real .bar-hot").count(), 1, `${mode.name}: the key's bar is outlined`);
    assert.match(await heir.innerText(), new RegExp(`^If ${(await owner.innerText()).replace(/\./g, "\\.")} leaves`));
    await heir.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SCREENSHOTS, `visual-maglev-${mode.name}.png`) });
    clean();
    await context.close();
  }
});
