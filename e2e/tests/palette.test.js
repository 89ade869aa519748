// One palette: server A is the same colour in every picture, and so are B, C and D, light
// and dark. Read where the reader sees them: the playground's share table, the clock's
// server marks, the slots legend, the load ring's arcs, the rendezvous race, and the
// canvases' colours (src/kit/canvas_theme.rs reads the same custom properties as the
// stylesheet's classes, and the playground's ring is sampled for each).
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { load, start } from "../harness.js";
import { open } from "../common.js";

let env;
before(async () => {
  env = await start();
});
after(async () => {
  await env?.stop();
});

const NAMES = ["A", "B", "C", "D"];

/** Installed in every page: `window.rgb(css)`, a CSS colour as "r,g,b", as a canvas paints it. */
function installRgb() {
  let probe = null;
  window.rgb = (css) => {
    probe ??= document.createElement("canvas").getContext("2d", { willReadFrequently: true });
    probe.clearRect(0, 0, 1, 1);
    probe.fillStyle = "#000";
    probe.fillStyle = css;
    probe.fillRect(0, 0, 1, 1);
    return [...probe.getImageData(0, 0, 1, 1).data.slice(0, 3)].join(",");
  };
}

/**
 * In the page: server name -> colour, one per row of `rows`; the name is the first word of
 * the row (or of its `name` element), the colour the `property` of its `mark` element. The
 * first row of a name counts.
 */
function readRows({ rows, name, mark, property }) {
  const seen = {};
  for (const row of document.querySelectorAll(rows)) {
    const word = (name ? row.querySelector(name) : row).textContent.trim().split(/\s/)[0];
    seen[word] ??= rgb(getComputedStyle(row.querySelector(mark))[property]);
  }
  return seen;
}

/** Each view's reading: server name -> its colour, as the page draws it. */
const READINGS = {
  "the playground's share table": {
    hash: "#/ring?servers=4",
    rows: "th:has(> .pg-swatch)",
    mark: ".pg-swatch",
    property: "backgroundColor",
  },
  "the clock's server marks": {
    hash: "#/clock?servers=A@5,B@30,C@55,D@80",
    rows: "g.ck-server",
    name: "text",
    mark: ".ck-server-mark",
    property: "fill",
  },
  "the slots legend": {
    hash: "#/slots?masters=4",
    rows: ".sl-legend li",
    mark: ".sl-swatch",
    property: "backgroundColor",
  },
  "the load ring's arcs (server i is own-i)": {
    hash: "#/load?servers=4",
    rows: ".load-ring .owner-arc",
    read: () => {
      const seen = {};
      for (const arc of document.querySelectorAll(".load-ring .owner-arc")) {
        const i = [...arc.classList].map((c) => c.match(/^own-(\d)$/)?.[1]).find(Boolean);
        if (i !== undefined && Number(i) < 4) seen["ABCD"[Number(i)]] = rgb(getComputedStyle(arc).stroke);
      }
      return seen;
    },
  },
  "the rendezvous race": {
    hash: "#/rendezvous?nodes=A,B,C,D",
    rows: ".race-row",
    name: ".race-name",
    mark: ".race-bar",
    property: "fill",
  },
};

for (const scheme of ["light", "dark"]) {
  test(`servers A to D wear the same four colours in every picture (${scheme})`, async () => {
    const { context, page, clean } = await open(env, { colorScheme: scheme });
    await context.addInitScript(installRgb);
    const readings = {};
    for (const [where, { hash, read, ...reading }] of Object.entries(READINGS)) {
      await load(env, page, hash);
      await page.locator(reading.rows).first().waitFor({ state: "attached" });
      const all = await page.evaluate(read ?? readRows, reading);
      readings[where] = Object.fromEntries(NAMES.map((name) => [name, all[name]]));
    }
    // The playground's ring, a canvas: each server's colour is found among its pixels.
    await load(env, page, "#/ring?servers=4");
    const canvas = await page.evaluate(() => {
      const ring = document.querySelector("canvas.pg-canvas");
      const data = ring.getContext("2d").getImageData(0, 0, ring.width, ring.height).data;
      const present = new Set();
      for (let i = 0; i < data.length; i += 4) present.add(`${data[i]},${data[i + 1]},${data[i + 2]}`);
      const style = getComputedStyle(document.documentElement);
      return [0, 1, 2, 3].map((i) => present.has(rgb(style.getPropertyValue(`--server-${i}`).trim())));
    });
    const [first, ...others] = Object.entries(readings);
    for (const name of NAMES) assert.ok(first[1][name], `${first[0]} shows ${name}: ${JSON.stringify(first[1])}`);
    assert.equal(new Set(Object.values(first[1])).size, 4, `four different colours: ${JSON.stringify(first[1])}`);
    for (const [where, colours] of others) {
      assert.deepEqual(colours, first[1], `${where} against ${first[0]}`);
    }
    assert.deepEqual(canvas, [true, true, true, true], "the ring canvas draws each of A to D in its palette colour");
    clean();
    await context.close();
  });
}
