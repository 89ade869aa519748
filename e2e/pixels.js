// What a canvas shows, read from its pixels: whether anything is drawn, which of the
// page's colours appear, and, on the grids, which cells are lit. A blank canvas reads as
// transparent black, so every check here fails on one.

/**
 * The canvas's pixels in the page's own colours: `colours` maps a name to a CSS custom
 * property of the page (`--accent`); the answer counts opaque pixels, and the pixels
 * within `tolerance` of each colour.
 */
export function colourCounts(canvas, colours, tolerance = 24) {
  return canvas.evaluate(
    (c, { colours, tolerance }) => {
      const probe = document.createElement("canvas").getContext("2d", { willReadFrequently: true });
      const rgb = (css) => {
        probe.clearRect(0, 0, 1, 1);
        probe.fillStyle = css;
        probe.fillRect(0, 0, 1, 1);
        return [...probe.getImageData(0, 0, 1, 1).data.slice(0, 3)];
      };
      const style = getComputedStyle(c);
      const wanted = Object.entries(colours).map(([name, property]) => [name, rgb(style.getPropertyValue(property).trim())]);
      const data = c.getContext("2d").getImageData(0, 0, c.width, c.height).data;
      const counts = Object.fromEntries(wanted.map(([name]) => [name, 0]));
      let opaque = 0;
      for (let i = 0; i < data.length; i += 4) {
        if (data[i + 3] < 250) continue;
        opaque += 1;
        for (const [name, [r, g, b]] of wanted) {
          if (Math.abs(data[i] - r) + Math.abs(data[i + 1] - g) + Math.abs(data[i + 2] - b) <= tolerance) counts[name] += 1;
        }
      }
      return { pixels: data.length / 4, opaque, counts, rgb: Object.fromEntries(wanted) };
    },
    { colours, tolerance },
  );
}

/** The palette's custom properties, in server order (src/kit/canvas_theme.rs). */
export const PALETTE = ["--server-0", "--server-1", "--server-2", "--server-3", "--server-4", "--server-5", "--server-6", "--server-7"];

/**
 * A canvas grid read cell by cell (model/src/views/grids/layout.rs: ceil(sqrt(keys)) columns
 * filling the width): each cell's fill sampled inside it, away from its number, and
 * counted as lit (`--accent`), quiet (`--surface-2`), covered by the cursor's ring
 * (`--focus`, only where cells are a few pixels wide) or neither.
 */
export function gridCells(canvas) {
  return canvas.evaluate((c) => {
    const probe = document.createElement("canvas").getContext("2d", { willReadFrequently: true });
    const rgb = (css) => {
      probe.clearRect(0, 0, 1, 1);
      probe.fillStyle = css;
      probe.fillRect(0, 0, 1, 1);
      return [...probe.getImageData(0, 0, 1, 1).data.slice(0, 4)];
    };
    const style = getComputedStyle(c);
    const accent = rgb(style.getPropertyValue("--accent").trim());
    const quiet = rgb(style.getPropertyValue("--surface-2").trim());
    const focus = rgb(style.getPropertyValue("--focus").trim());
    const keys = Number(c.getAttribute("aria-label").match(/grid of ([\d,]+) keys/)[1].replace(/,/g, ""));
    let cols = Math.ceil(Math.sqrt(keys));
    while (cols * cols < keys) cols += 1;
    const cell = c.clientWidth / cols;
    const ratio = c.width / c.clientWidth;
    const data = c.getContext("2d").getImageData(0, 0, c.width, c.height).data;
    // Sample a few points inside each cell, away from its number (cells of 18 px and more
    // carry one in the middle) and from the cursor's ring, which spills onto its
    // neighbours' edges when cells are tiny: the first point in either fill decides.
    const points = cell >= 18 ? [[0.15, 0.15], [0.85, 0.15], [0.15, 0.85], [0.85, 0.85]] : [[0.5, 0.5], [0.7, 0.7], [0.3, 0.3], [0.7, 0.3], [0.3, 0.7]];
    const near = (px, want) => px[3] === 255 && Math.abs(px[0] - want[0]) + Math.abs(px[1] - want[1]) + Math.abs(px[2] - want[2]) <= 12;
    const lit = [];
    let quietCells = 0;
    const other = [];
    const covered = [];
    for (let key = 0; key < keys; key++) {
      let verdict;
      let px;
      let ring = false;
      for (const [dx, dy] of points) {
        const x = Math.floor(((key % cols) + dx) * cell * ratio);
        const y = Math.floor((Math.floor(key / cols) + dy) * cell * ratio);
        const i = (y * c.width + x) * 4;
        px = [data[i], data[i + 1], data[i + 2], data[i + 3]];
        verdict = near(px, accent) ? "lit" : near(px, quiet) ? "quiet" : undefined;
        if (verdict) break;
        ring ||= near(px, focus);
      }
      if (verdict === "lit") lit.push(key);
      else if (verdict === "quiet") quietCells += 1;
      else if (ring) covered.push(key);
      else other.push({ key, px });
    }
    return { keys, cols, lit, quiet: quietCells, covered, other };
  });
}

/** Waits until canvas `index` of `selector` is drawn at its laid-out size times the ratio. */
export function drawnAtSize(page, selector, index) {
  return page.waitForFunction(
    ({ selector, index }) => {
      const c = document.querySelectorAll(selector)[index];
      if (!c || c.clientWidth === 0) return false;
      const ratio = Math.max(devicePixelRatio, 1);
      return Math.abs(c.width - c.clientWidth * ratio) <= 1 && c.dataset.drawn === `${c.width}x${c.height}`;
    },
    { selector, index },
  );
}

/**
 * What an element shows on screen, read from a screenshot: the opaque pixels, and those
 * within `tolerance` of each of the page's colours (`colours` maps a name to a custom
 * property, resolved on the element). For SVG pictures, which have no pixels of their
 * own to read: the screenshot is decoded in a blank page of the same context.
 */
export async function shownColours(locator, colours, tolerance = 30) {
  const wanted = await locator.evaluate((element, colours) => {
    const probe = document.createElement("canvas").getContext("2d", { willReadFrequently: true });
    const style = getComputedStyle(element);
    return Object.fromEntries(
      Object.entries(colours).map(([name, property]) => {
        probe.clearRect(0, 0, 1, 1);
        probe.fillStyle = style.getPropertyValue(property).trim();
        probe.fillRect(0, 0, 1, 1);
        return [name, [...probe.getImageData(0, 0, 1, 1).data.slice(0, 3)]];
      }),
    );
  }, colours);
  const png = await locator.screenshot({ animations: "disabled" });
  return pngColours(locator.page(), png, wanted, tolerance);
}

/**
 * A PNG's pixels, decoded in a blank page of `page`'s context: its size, its top-left
 * pixel, and the pixels within `tolerance` of each of `wanted` (a name to [r, g, b]).
 */
export async function pngColours(page, png, wanted, tolerance = 30) {
  const blank = await page.context().newPage();
  try {
    return await blank.evaluate(
      async ({ data, wanted, tolerance }) => {
        const image = new Image();
        image.src = `data:image/png;base64,${data}`;
        await image.decode();
        const canvas = document.createElement("canvas");
        canvas.width = image.width;
        canvas.height = image.height;
        const context = canvas.getContext("2d", { willReadFrequently: true });
        context.drawImage(image, 0, 0);
        const pixels = context.getImageData(0, 0, canvas.width, canvas.height).data;
        const counts = Object.fromEntries(Object.keys(wanted).map((name) => [name, 0]));
        for (let i = 0; i < pixels.length; i += 4) {
          for (const [name, [r, g, b]] of Object.entries(wanted)) {
            if (Math.abs(pixels[i] - r) + Math.abs(pixels[i + 1] - g) + Math.abs(pixels[i + 2] - b) <= tolerance) counts[name] += 1;
          }
        }
        return { width: canvas.width, height: canvas.height, corner: [...pixels.slice(0, 4)], pixels: pixels.length / 4, counts, rgb: wanted };
      },
      { data: png.toString("base64"), wanted, tolerance },
    );
  } finally {
    await blank.close();
  }
}
