// axe-core in the page: the app's Content-Security-Policy refuses injected script tags,
// so the library is evaluated through the DevTools protocol, which the policy does not
// govern, and run on the whole document.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const SOURCE = readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");

/** The axe violations on the page, as "rule: target" lines (empty when clean). */
export async function axeViolations(page) {
  await page.evaluate(SOURCE);
  const violations = await page.evaluate(async () => {
    const result = await window.axe.run(document, { resultTypes: ["violations"] });
    return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  });
  return violations;
}
