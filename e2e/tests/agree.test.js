// "Will they agree?" driven by role and accessible name: every real case against the
// command line (`ringlab agree`, the core natively) for the same keys; the sides, servers,
// failure and keys changed by keyboard; a side that does not build; 360 and 1280 px,
// light and dark; embedded.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { load, screenshot, start } from "../harness.js";
import { open, params, waitParam, waitUntil } from "../common.js";
import { ringlab } from "../core.js";

let env;
before(async () => {
  env = await start();
});
after(async () => {
  await env?.stop();
});

const headline = (page) => page.locator(".ag-headline");

/** A shell command's words: single quotes as the page writes them. */
function words(command) {
  const out = [];
  for (const m of command.matchAll(/'((?:[^']|'\\'')*)'|(\S+)/g)) out.push(m[1] !== undefined ? m[1].replaceAll("'\\''", "'") : m[2]);
  return out;
}

/** `ringlab agree`'s counts: [same, keys]. */
function cliCounts(out) {
  const same = Number(out.match(/^agree\t(\d+)\t/m)[1]);
  const keys = Number(out.match(/^keys\t(\d+)$/m)[1]);
  return [same, keys];
}

test("every real case shows the command line's counts for the same keys", async () => {
  const { context, page, clean } = await open(env);
  await load(env, page, "#/agree");
  assert.equal(await page.title(), "Will they agree? · ringlab");
  const cases = page.getByRole("navigation", { name: "Real cases" }).getByRole("link");
  const names = await cases.allInnerTexts();
  assert.equal(names.length, 10);
  for (const name of names) {
    await page.getByRole("navigation", { name: "Real cases" }).getByRole("link", { name, exact: true }).click();
    await page.locator(`.ag-presets a[aria-current="page"]`, { hasText: name }).waitFor();
    const command = await page.locator(".ag-command code").innerText();
    const argv = words(command);
    assert.equal(argv[0], "ringlab");
    const [same, keys] = cliCounts(ringlab(argv.slice(1)));
    const shown = await headline(page).innerText();
    const [, pageSame, pageKeys] = shown.match(/^([\d,]+) of ([\d,]+) keys land on the same (server|partition)/);
    assert.equal(Number(pageSame.replaceAll(",", "")), same, `${name}: ${shown} against ${command}`);
    assert.equal(Number(pageKeys.replaceAll(",", "")), keys, name);
    // The grid marks exactly the keys placed differently.
    assert.equal(await page.locator(".ag-cell").count(), keys, name);
    assert.equal(await page.locator(".ag-cell.lit").count(), keys - same, name);
    assert.ok((await page.locator(".ag-says").innerText()).length > 40, name);
  }
  clean();
  await context.close();
});

test("the first differing keys are the command line's, and why names the port", async () => {
  const { context, page, clean } = await open(env);
  await load(env, page, "#/agree?a=ketama&b=hashring");
  await headline(page).waitFor();
  const cli = ringlab(["agree", "--a", "ketama", "--b", "hashring", "--servers", "10.0.0.1:11211,10.0.0.2:11211,10.0.0.3:11211", "--sample", "400", "--examples", "10"]);
  const expected = cli.split("\n").filter((l) => l.startsWith("differ\t")).map((l) => l.split("\t").slice(1).join(" "));
  const rows = await page.getByRole("table", { name: "The first keys placed differently" }).locator("tbody tr").allInnerTexts();
  assert.deepEqual(rows.map((r) => r.split("\t").map((c) => c.trim()).join(" ")), expected);
  const why = await page.locator(".ag-why").innerText();
  assert.match(why, /10\.0\.0\.1-0.*10\.0\.0\.1:11211-0/s);
  assert.match(await page.locator(".ag-misses").innerText(), /^Switch a service from A to B and [\d,]+ of 400 reads go/);
  clean();
  await context.close();
});

test("sides, servers, a failure and keys change by keyboard alone", async () => {
  const { context, page, clean } = await open(env);
  await load(env, page, "#/agree");
  await headline(page).waitFor();
  // B: the same client as A, by keyboard on the picker.
  const b = page.getByRole("combobox", { name: "B", exact: true });
  await b.focus();
  await b.selectOption("uhashring");
  await waitParam(page, "b", (v) => v === undefined || v === "uhashring");
  await waitUntil(() => headline(page).innerText(), (t) => t.startsWith("400 of 400 keys"), "the same client agrees");
  assert.match(await page.locator(".ag-why").innerText(), /Nothing: the two configurations place keys by the same rules\./);
  // A server fails for B: only its keys move.
  const dead = page.getByRole("combobox", { name: "Failed for B" });
  await dead.focus();
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowDown");
  await waitParam(page, "dead", (v) => v === "10.0.0.2:11211");
  const moved = await waitUntil(() => headline(page).innerText(), (t) => !t.startsWith("400 of"), "a failure moves keys");
  const [, same] = moved.match(/^(\d+) of 400/);
  assert.match(await page.locator(".ag-why").innerText(), new RegExp(`only the ${400 - Number(same)} keys that were on it moved`));
  // Four servers, typed.
  const servers = page.getByRole("textbox", { name: "Servers (both sides)" });
  await servers.fill("a,b,c,d");
  await servers.press("Enter");
  await waitParam(page, "servers", (v) => v === "a,b,c,d");
  // The failed server is gone from the list: a clear note, and B does not build.
  await page.getByRole("alert").filter({ hasText: "B does not build: dead:" }).waitFor();
  await dead.selectOption("c");
  await waitParam(page, "dead", (v) => v === "c");
  await headline(page).waitFor();
  // "none" brings c back: the link drops the parameter and every key agrees again.
  await dead.selectOption({ label: "none" });
  await waitParam(page, "dead", (v) => v === undefined);
  await waitUntil(() => headline(page).innerText(), (t) => t.startsWith("400 of 400 keys"), "no failure, full agreement");
  // A's options typed, then another library picked for A: it starts from its own options.
  const aOptions = page.getByRole("textbox", { name: "A's options (JSON)" });
  await aOptions.fill('{"hash_fn":"ketama"}');
  await aOptions.press("Enter");
  await waitParam(page, "aopt", (v) => v === '{"hash_fn":"ketama"}');
  await page.getByRole("combobox", { name: "A", exact: true }).selectOption("pymemcache");
  await waitParam(page, "a", (v) => v === "pymemcache");
  assert.equal((await params(page)).aopt, undefined);
  assert.equal(await page.getByRole("alert").count(), 0);
  assert.equal(await aOptions.inputValue(), '{"allow_unicode_keys":true}');
  // More keys, typed in the number field.
  const keys = page.getByRole("spinbutton", { name: "Keys" });
  await keys.fill("1000");
  await keys.press("Enter");
  await waitParam(page, "keys", (v) => v === "1000");
  await waitUntil(() => page.locator(".ag-cell").count(), (n) => n === 1000, "1,000 cells");
  clean();
  await context.close();
});

test("a side that does not build says why, and bad links are repaired with a note", async () => {
  const { context, page, clean } = await open(env);
  await load(env, page, "#/agree?a=uhashring&b=hashring&bopt=%7Bx");
  await page.getByRole("alert").filter({ hasText: /^B does not build: --options is not valid JSON/ }).waitFor();
  assert.equal(await headline(page).count(), 0);
  await load(env, page, "#/agree?a=kafka&b=hashring&keys=5");
  await page.getByText(/places keys on partitions and hashring on servers: they cannot agree/).waitFor();
  assert.equal((await params(page)).b, "kafka");
  await headline(page).filter({ hasText: "of 16 keys land on the same partition" }).waitFor();
  clean();
  await context.close();
});

test("at 360 and 1280 px, light and dark, and embedded", async () => {
  for (const [width, colorScheme] of [[360, "light"], [360, "dark"], [1280, "light"], [1280, "dark"]]) {
    const { context, page, clean } = await open(env, { viewport: { width, height: 900 }, colorScheme });
    await load(env, page, "#/agree?a=python-memcached&b=pymemcache");
    await headline(page).waitFor();
    const scroll = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(scroll <= width, `${width} px ${colorScheme}: the page is ${scroll} px wide`);
    // A marked cell stands out from an unmarked one in either scheme.
    const [lit, plain] = await page.evaluate(() => [".ag-cell.lit", ".ag-cell:not(.lit)"].map((s) => getComputedStyle(document.querySelector(s)).backgroundColor));
    assert.notEqual(lit, plain);
    await screenshot(page, `agree-${width}-${colorScheme}`);
    clean();
    await context.close();
  }
  const { context, page, clean } = await open(env, { viewport: { width: 700, height: 800 } });
  await load(env, page, "#/agree?embed=1&a=kafka&b=kafkajs-legacy");
  await headline(page).waitFor();
  assert.equal(await page.getByRole("banner").count(), 0);
  assert.equal(await page.getByRole("navigation").count(), 0, "no header, no real cases' links");
  assert.match(await page.locator(".ag-why").innerText(), /doubles/);
  await screenshot(page, "agree-embed");
  clean();
  await context.close();
});
