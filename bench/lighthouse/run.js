// Lighthouse on every view (a benchmark, not a test): the release build in dist/ served
// gzip-compressed on loopback (e2e/bench/gzip-server.js), and the `lighthouse` CLI pinned in
// package.json run once per view against Debian's Chromium (CHROME_PATH, default
// /usr/bin/chromium), headless, with Lighthouse's defaults: the mobile preset (Moto G
// Power class screen, simulated slow 4G and 4x CPU slowdown), categories performance,
// accessibility, best practices and SEO. Full page and `embed=1`.
//
// The views are the links of the index page's region "Every view" (rendered from
// src/registry.rs), plus the index itself, read with puppeteer-core (Lighthouse's own).
//
// Prints a Markdown table of the scores (and FCP, LCP, TBT, CLS), then every audit that
// cost a category points, with the views it failed on; `make lighthouse` writes it into
// BENCHMARKS.md between <!-- lighthouse:begin --> and <!-- lighthouse:end -->. The JSON
// reports land in target/lighthouse/. Each view runs LIGHTHOUSE_RUNS times (3 by default)
// and the run with the median performance score is reported, as Lighthouse's docs advise
// against single runs. LIGHTHOUSE_VIEWS=ring,clock limits the views; LIGHTHOUSE_EMBED=0
// skips the embed=1 runs.
import { execFile } from "node:child_process";
import { builtFrom } from "../../e2e/bench/gzip-server.js";
import { mkdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import puppeteer from "puppeteer-core";
import { DEFAULT_DIST, GZIP_LEVEL, listedViews, serveGzip } from "../../e2e/bench/gzip-server.js";

const here = fileURLToPath(new URL(".", import.meta.url));
const OUT = join(here, "..", "..", "target", "lighthouse");
const CHROME = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const CHROME_FLAGS = "--headless=new --no-sandbox";
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];
const TARGET = { performance: 95, accessibility: 100, "best-practices": 100, seo: 100 };
const run = promisify(execFile);
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));

async function views(url) {
  const browser = await puppeteer.launch({ executablePath: CHROME, args: ["--no-sandbox"], headless: true });
  try {
    const page = await browser.newPage();
    await page.goto(`${url}#/views`);
    await page.waitForSelector("section[aria-label='Every view'] a[href^='#/']", { timeout: 60_000 });
    return { paths: await page.evaluate(listedViews), version: await browser.version() };
  } finally {
    await browser.close();
  }
}

async function lighthouse(url, name) {
  const output = join(OUT, `${name}.json`);
  await run(
    join(here, "node_modules", ".bin", "lighthouse"),
    [
      url,
      `--only-categories=${CATEGORIES.join(",")}`,
      `--chrome-flags=${CHROME_FLAGS}`,
      "--output=json",
      `--output-path=${output}`,
      "--quiet",
    ],
    { env: { ...process.env, CHROME_PATH: CHROME }, maxBuffer: 64 << 20 },
  );
  return JSON.parse(await readFile(output, "utf8"));
}

const score = (lhr, id) => Math.round(lhr.categories[id].score * 100);
const ms = (lhr, id) => `${Math.round(lhr.audits[id].numericValue)} ms`;
const s = (lhr, id) => `${(lhr.audits[id].numericValue / 1000).toFixed(1)} s`;

async function main() {
  await mkdir(OUT, { recursive: true });
  const server = await serveGzip(DEFAULT_DIST);
  const rows = [];
  const failures = new Map(); // "category: audit" -> { title, views, detail }
  let version = "";
  let chrome = "";
  try {
    let paths;
    ({ paths, version: chrome } = await views(server.url));
    if (process.env.LIGHTHOUSE_VIEWS) paths = paths.filter((p) => process.env.LIGHTHOUSE_VIEWS.split(",").includes(p));
    const hashes = paths.flatMap((p) => (process.env.LIGHTHOUSE_EMBED === "0" ? [`#/${p}`] : [`#/${p}`, `#/${p}?embed=1`]));
    for (const hash of hashes) {
      const name = hash.slice(2).replace(/\?embed=1$/, "-embed");
      const runs = [];
      for (let i = 0; i < RUNS; i++) {
        process.stderr.write(`lighthouse ${hash} (${i + 1}/${RUNS})\n`);
        // A run that fails outright (NO_FCP now and then on a loaded machine) is tried again.
        for (let attempt = 1; ; attempt++) {
          try {
            runs.push(await lighthouse(server.url + hash, `${name}-${i + 1}`));
            break;
          } catch (error) {
            if (attempt === 3) throw error;
            process.stderr.write(`  failed, trying again: ${String(error.stderr ?? error).trim()}\n`);
          }
        }
      }
      runs.sort((a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0));
      const lhr = runs[Math.floor((runs.length - 1) / 2)];
      const perfs = runs.map((r) => score(r, "performance")).join(", ");
      version = lhr.lighthouseVersion;
      if (lhr.runtimeError) throw new Error(`${hash}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
      const cells = CATEGORIES.map((c) => {
        const v = score(lhr, c);
        return v < TARGET[c] ? `**${v}**` : String(v);
      });
      rows.push(
        `| \`${hash}\` | ${cells.join(" | ")} | ${perfs} | ${s(lhr, "first-contentful-paint")} | ` +
          `${s(lhr, "largest-contentful-paint")} | ${ms(lhr, "total-blocking-time")} | ` +
          `${lhr.audits["cumulative-layout-shift"].numericValue.toFixed(3)} |`,
      );
      // Every weighted audit below full marks, in the categories below target.
      for (const c of CATEGORIES) {
        if (score(lhr, c) >= TARGET[c]) continue;
        for (const ref of lhr.categories[c].auditRefs) {
          const audit = lhr.audits[ref.id];
          if (ref.weight === 0 || audit.score === null || audit.score >= 1) continue;
          const key = `${c}: ${ref.id}`;
          const entry = failures.get(key) ?? { title: audit.title, views: [], detail: new Set() };
          entry.views.push(`\`${hash}\` (${Math.round(audit.score * 100)}${audit.displayValue ? `, ${audit.displayValue}` : ""})`);
          for (const item of audit.details?.items ?? []) {
            const node = item.node?.snippet ?? item.source?.url ?? item.url ?? item.description;
            if (node) entry.detail.add(String(node).slice(0, 120));
          }
          failures.set(key, entry);
        }
      }
    }
  } finally {
    await server.close();
  }
  const out = [
    `Measured ${new Date().toISOString().slice(0, 10)} on ${builtFrom()}: Lighthouse ${version}, ${chrome} (Debian's Chromium, ` +
      `\`${CHROME_FLAGS}\`), mobile preset (simulated slow 4G, 4x CPU slowdown), dist/ served ` +
      `gzip-compressed (level ${GZIP_LEVEL}) on loopback. Targets: performance 95, the others 100; ` +
      `a score below its target is in bold. ${RUNS} runs per view; the columns but the sixth are the run ` +
      "with the median performance score.",
    "",
    "| view | performance | accessibility | best practices | SEO | performance, every run | FCP | LCP | TBT | CLS |",
    "|---|---|---|---|---|---|---|---|---|---|",
    ...rows,
    "",
  ];
  if (failures.size === 0) out.push("Every view meets every target (the audits that cost points are listed only for a category below its target).");
  else {
    out.push("Audits that cost a category below its target points (score, value):", "");
    for (const [key, f] of failures) {
      const detail = [...f.detail].slice(0, 3).map((d) => `\`${d.replace(/`/g, "'").replace(/\s+/g, " ")}\``);
      out.push(`- ${key} (${f.title}): ${f.views.join(", ")}${detail.length ? `; e.g. ${detail.join(", ")}` : ""}`);
    }
  }
  console.log(out.join("\n"));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
