// dist/ served on loopback as a production server would send it: text and wasm responses
// gzip-compressed (Content-Encoding: gzip, level 9, as `gzip -9` or nginx's gzip_static
// with precompressed files), hashed files cacheable for a year, the rest revalidated.
// Benchmarks only (sizes.js, bench/lighthouse/run.js); the e2e tests use ../server.js.
// Node built-ins alone, so bench/lighthouse/ imports it without e2e's packages.
//
// `node bench/gzip-server.js [dir] [port]` serves until killed.
import { execFileSync } from "node:child_process";
import { createServer } from "node:http";
import { readdirSync } from "node:fs";
import { readdir, readFile, stat } from "node:fs/promises";
import { extname, join, normalize, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { TYPES } from "../server.js";

const here = fileURLToPath(new URL(".", import.meta.url));
export const DEFAULT_DIST = process.env.RINGLAB_DIST ?? join(here, "..", "..", "dist");
export const GZIP_LEVEL = 9;

// What servers compress: text and wasm; images such as PNG are compressed already.
const COMPRESSED = new Set([".html", ".js", ".css", ".wasm", ".svg", ".json", ".txt", ".webmanifest"]);
// Trunk's content hash in a file name: such a file never changes under that name.
const HASHED = /-[0-9a-f]{15,16}(_bg)?\.[a-z]+$/;

export const gzip = (bytes) => gzipSync(bytes, { level: GZIP_LEVEL });

/** Serves `dir` gzip-compressed; resolves to { url, close } once listening. */
export async function serveGzip(dir = DEFAULT_DIST, port = 0) {
  const root = resolve(dir);
  const cache = new Map(); // file -> gzip bytes: compress once, as gzip_static would
  const server = createServer(async (req, res) => {
    try {
      const path = decodeURIComponent(new URL(req.url, "http://x").pathname);
      let file = normalize(join(root, path));
      if (file !== root && !file.startsWith(root + sep)) {
        res.writeHead(403).end();
        return;
      }
      if ((await stat(file).catch(() => null))?.isDirectory()) file = join(file, "index.html");
      let body = await readFile(file);
      const ext = extname(file);
      const headers = {
        "content-type": TYPES[ext] ?? "application/octet-stream",
        "cache-control": HASHED.test(file) ? "public, max-age=31536000, immutable" : "no-cache",
        vary: "accept-encoding",
      };
      const accepts = /\bgzip\b/.test(req.headers["accept-encoding"] ?? "");
      if (COMPRESSED.has(ext) && accepts) {
        if (!cache.has(file)) cache.set(file, gzip(body));
        body = cache.get(file);
        headers["content-encoding"] = "gzip";
      }
      headers["content-length"] = body.length;
      res.writeHead(200, headers);
      res.end(req.method === "HEAD" ? undefined : body);
    } catch {
      res.writeHead(404, { "content-type": "text/plain; charset=utf-8" }).end("not found");
    }
  });
  await new Promise((ok) => server.listen(port, "127.0.0.1", ok));
  const { port: bound } = server.address();
  return {
    url: `http://127.0.0.1:${bound}/`,
    close: () => new Promise((ok) => server.close(ok)),
  };
}

/**
 * Which build was measured: the wasm's hashed name in `dir`, and the commit checked out
 * (others may have edited the working tree since the build).
 */
export function builtFrom(dir = DEFAULT_DIST) {
  let wasm = "";
  try {
    wasm = readdirSync(dir).find((f) => f.endsWith(".wasm")) ?? "";
  } catch {}
  let commit = "";
  try {
    commit = execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: here, encoding: "utf8" }).trim();
  } catch {}
  return `the build with \`${wasm}\`` + (commit ? ` (commit ${commit} checked out)` : "");
}

/** Every file of `dir` with its size and its gzip size (level 9), largest first. */
export async function gzipSizes(dir = DEFAULT_DIST) {
  const root = resolve(dir);
  const rows = [];
  const walk = async (d) => {
    for (const entry of await readdir(d, { withFileTypes: true })) {
      if (entry.name.startsWith(".")) continue; // Trunk's .stage/ while a build runs
      const path = join(d, entry.name);
      if (entry.isDirectory()) await walk(path);
      else {
        const bytes = await readFile(path);
        rows.push({ file: relative(root, path), raw: bytes.length, gzip: gzip(bytes).length });
      }
    }
  };
  await walk(root);
  return rows.sort((a, b) => b.gzip - a.gzip);
}

/**
 * In the page: the paths of the views the index lists (its links in the region named
 * "Every view"), then the index's own path. The registry (src/registry.rs) renders that
 * list, so it is the one list of views. Pass to page.evaluate once the index has rendered.
 */
export function listedViews() {
  const region = [...document.querySelectorAll("section[aria-label]")].find(
    (s) => s.getAttribute("aria-label") === "Every view",
  );
  const paths = [...region.querySelectorAll("a[href^='#/']")].map((a) =>
    a.getAttribute("href").slice(2).split("?")[0],
  );
  const own = location.hash.slice(2).split("?")[0];
  return [...paths, own];
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dir = process.argv[2] ?? DEFAULT_DIST;
  const { url } = await serveGzip(dir, Number(process.argv[3] ?? 0));
  console.log(`serving ${dir} gzip-compressed at ${url}`);
}
