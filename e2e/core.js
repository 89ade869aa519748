// The core's own answers, natively, for checking what a page shows: the `ringlab` command
// line (cli/), built by `make native` before the e2e tests run (cargo builds it here
// otherwise). A page that shows a stale or wrong placement disagrees with it.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));

/** Runs `ringlab args…` with `input` on standard input; its standard output. */
export function ringlab(args, input = "") {
  return execFileSync("cargo", ["run", "-q", "--locked", "-p", "ringlab-cli", "--bin", "ringlab", "--", ...args], {
    cwd: ROOT,
    input,
    encoding: "utf8",
    maxBuffer: 64 << 20,
  });
}

/**
 * Each key's owner under the configuration `text` (any format `ringlab lookup --config`
 * reads; a plain server list is placed by `scheme`), as [key, owner] pairs in key order.
 */
export function ownersUnder(text, keys, scheme) {
  const dir = mkdtempSync(join(tmpdir(), "ringlab-e2e-"));
  try {
    const file = join(dir, "config");
    writeFileSync(file, text);
    const args = ["lookup", "--config", file];
    if (scheme) args.push("--scheme", scheme);
    const out = ringlab(args, keys.map((k) => `${k}\n`).join(""));
    return out
      .split("\n")
      .filter((line) => line.length > 0)
      .map((line) => {
        const tab = line.lastIndexOf("\t");
        return [line.slice(0, tab), line.slice(tab + 1)];
      });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
