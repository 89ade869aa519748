// "Where does my key go?" (#/systems), driven by role and accessible name: every system's
// example, a pasted HAProxy config placed as the real haproxy placed it, a server removed
// and the moved keys, a malformed config's message, the CSV export, a link round trip,
// embed mode, the keyboard, small screens and dark mode.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { load, screenshot, start } from "../harness.js";
import { open, params, readUntil, waitParam } from "../common.js";
import { ownersUnder } from "../core.js";
import { PALETTE, shownColours } from "../pixels.js";

let env;
before(async () => {
  env = await start();
});
after(async () => {
  await env?.stop();
});

const config = (page) => page.getByRole("textbox", { name: "Configuration" });
const keys = (page) => page.getByRole("textbox", { name: "Keys" });
const keyTable = (page) => page.getByRole("table", { name: /^Where each key goes/ });
const serverTable = (page) => page.getByRole("table", { name: /^Servers and their exact share/ });

/** The table's rows as [key, owner, after?, moves?] text. */
async function rows(page) {
  const body = keyTable(page).locator("tbody tr");
  const out = [];
  for (const row of await body.all()) {
    out.push((await row.locator("th, td").allInnerTexts()).map((t) => t.trim()));
  }
  return out;
}

async function lookUp(page, text, keyText) {
  if (text !== undefined) await config(page).fill(text);
  if (keyText !== undefined) await keys(page).fill(keyText);
  await page.getByRole("button", { name: "Look up" }).click();
}

// The real haproxy 2.6.12 run of core/tests/data/haproxy_public_equal3.tsv.
const HAPROXY =
  "global\n    maxconn 100\ndefaults\n    mode http\nbackend web\n    balance url_param k\n    hash-type consistent sdbm\n    server s1 127.0.0.1:9001 id 1 check\n    server s2 127.0.0.1:9002 id 2 check\n    server s3 127.0.0.1:9003 id 3 check\n";

/** The scheme `ringlab lookup --config` places a system's plain server list by. */
const LIST_SCHEME = { libmemcached: "ketama", "envoy-maglev": "maglev" };

/**
 * Waits until the key table is the core's answer for the text in the boxes, owner by
 * owner, and returns it; fails with both tables when it never is.
 */
async function assertOwnersAreTheCores(page, system) {
  const text = await config(page).inputValue();
  const keyLines = (await keys(page).inputValue()).split("\n").filter((k) => k.length > 0);
  const expected = ownersUnder(text, keyLines, LIST_SCHEME[system] ?? system);
  assert.equal(expected.length, keyLines.length, `${system}: the core placed every key`);
  const shown = await readUntil(
    async () => (await rows(page)).map(([k, o]) => [k, o]),
    (table) => JSON.stringify(table) === JSON.stringify(expected),
    5_000,
  );
  assert.deepEqual(shown, expected, `${system}: the page's owners against the core's`);
  return shown;
}

async function vectorRows(file, count) {
  const text = await readFile(new URL(`../../core/tests/data/${file}`, import.meta.url), "utf8");
  return text
    .split("\n")
    .slice(1)
    .filter((line) => line.length > 0)
    .map((line) => line.split("\t"))
    .filter(([key]) => key.length > 0 && !key.includes("\r"))
    .slice(0, count);
}

test("every system's example reads as that system and places every key", async () => {
  const { context, page, clean } = await open(env);
  await load(env, page, "#/systems");
  assert.equal(await page.title(), "Real systems · ringlab");
  // The header, drawn: "Real systems" is a group menu now (with "Will they agree?").
  await page.getByRole("banner").getByRole("button", { name: "Real systems" }).waitFor();
  assert.match(await page.locator(".sys-intro").innerText(), /Nothing you paste leaves your browser/);
  const picker = page.getByRole("combobox", { name: "System" });
  const names = await picker.locator("option").evaluateAll((os) => os.map((o) => o.value));
  assert.ok(names.length >= 11, names.join(","));
  for (const name of names) {
    await picker.selectOption(name);
    await waitParam(page, "system", (v) => v === name);
    const table = await assertOwnersAreTheCores(page, name);
    assert.equal(table.length, 12, name);
    for (const [key, owner] of table) assert.notEqual(owner, "-", `${name}: ${key}`);
    assert.match(await page.locator(".sys-summary").innerText(), /^Read as /, name);
    // The example is in the box, and the link does not carry it.
    assert.ok((await config(page).inputValue()).length > 20, name);
    assert.equal((await params(page)).config, undefined, name);
  }
  clean();
  await context.close();
});

test("replicas where the system keeps them: Cassandra's next nodes, Redis's replicas", async () => {
  const { context, page, clean } = await open(env);
  await load(env, page, "#/systems?system=cassandra");
  await keyTable(page).getByRole("columnheader", { name: "Replicas" }).waitFor();
  for (const [key, owner, replicas] of await rows(page)) {
    const list = replicas.split(", ");
    assert.equal(list.length, 2, key);
    assert.ok(!list.includes(owner), key);
  }
  await page.getByRole("combobox", { name: "System" }).selectOption("redis");
  await waitParam(page, "system", (v) => v === "redis");
  for (const [key, owner, replicas] of await rows(page)) {
    assert.equal(replicas, owner === "10.0.2.1:6379" ? "10.0.2.4:6379" : "none", key);
  }
  await page.getByRole("combobox", { name: "System" }).selectOption("nginx");
  await waitParam(page, "system", (v) => v === "nginx");
  assert.equal(await keyTable(page).getByRole("columnheader", { name: "Replicas" }).count(), 0);
  clean();
  await context.close();
});

test("a pasted HAProxy config places keys as the real haproxy did", async () => {
  const { context, page, clean } = await open(env);
  await load(env, page, "#/systems");
  const expected = await vectorRows("haproxy_public_equal3.tsv", 25);
  await lookUp(page, HAPROXY, expected.map(([k]) => k).join("\n") + "\n");
  await waitParam(page, "system", (v) => v === "haproxy");
  assert.equal(
    await page.getByRole("combobox", { name: "System" }).inputValue(),
    "haproxy",
    "the picker follows the pasted text",
  );
  const table = await rows(page);
  assert.deepEqual(
    table.map(([k, o]) => [k, o]),
    expected.map(([k, o]) => [k, o]),
  );
  // The twemproxy run's keys too, pasted as its YAML pool, non-ASCII keys included.
  const tw = await vectorRows("twemproxy_public_fnv1a64_weighted3.tsv", 40);
  const yaml =
    "pool:\n  distribution: ketama\n  servers:\n   - 127.0.0.1:35451:1\n   - 127.0.0.1:35742:2\n   - 127.0.0.1:35023:1 cache-c\n";
  await lookUp(page, yaml, tw.map(([k]) => k).join("\n") + "\n");
  await waitParam(page, "system", (v) => v === "twemproxy");
  assert.deepEqual(
    (await rows(page)).map(([k, o]) => [k, o]),
    tw.map(([k, o]) => [k, o]),
  );
  clean();
  await context.close();
});

test("removing or failing a server shows exactly which keys move", async () => {
  const { context, page, clean } = await open(env);
  await load(env, page, "#/systems?system=haproxy");
  await page.getByRole("combobox", { name: "Change" }).selectOption("fail");
  await page.getByRole("combobox", { name: "Server" }).selectOption("web1");
  await waitParam(page, "change", (v) => v === "fail:web1");
  const failed = await rows(page);
  const moved = failed.filter((r) => r[3] === "moves");
  assert.ok(moved.length > 0);
  for (const [key, owner] of moved) assert.equal(owner, "web1", key);
  // Every key of web1 moves, and each goes where the core puts it with web1 gone and the
  // others keeping their ids (HAProxy's ids: 1, 2, 3 in file order).
  const web1 = failed.filter((r) => r[1] === "web1");
  assert.deepEqual(moved, web1, "all of web1's keys move, and only they");
  const example = await config(page).inputValue();
  const withoutWeb1 = example
    .split("\n")
    .filter((l) => !/^\s*server web1 /.test(l))
    .map((l) => l.replace(/^(\s*server web(\d) .*?)( check)?$/, "$1 id $2$3"))
    .join("\n");
  const after = ownersUnder(withoutWeb1, failed.map(([k]) => k), "haproxy");
  assert.deepEqual(
    failed.map(([k, , a]) => [k, a]),
    after,
    "each key's new owner, against the core with web1 failed",
  );
  const result = page.locator(".sys-change-result");
  assert.match(await result.innerText(), new RegExp(`: ${moved.length} of 12 keys move`));
  // Removing it from the file renumbers the servers after it, so more keys move.
  await page.getByRole("combobox", { name: "Change" }).selectOption("remove");
  await waitParam(page, "change", (v) => v === "remove:web1");
  const removed = (await rows(page)).filter((r) => r[3] === "moves");
  assert.ok(removed.length > moved.length, `${removed.length} vs ${moved.length}`);
  assert.equal(await serverTable(page).getByRole("row", { name: /web1/ }).locator("td").last().innerText(), "gone");
  // Adding a server: the new one takes keys and appears in the server table.
  await page.getByRole("combobox", { name: "Change" }).selectOption("add");
  await page.getByRole("textbox", { name: "New server" }).fill("web9");
  await page.getByRole("textbox", { name: "New server" }).press("Enter");
  await waitParam(page, "change", (v) => v === "add:web9=1");
  await serverTable(page).getByRole("row", { name: /web9 \(new\)/ }).waitFor();
  for (const [key, , after, moves] of await rows(page)) {
    if (moves === "moves") assert.equal(after, "web9", key);
  }
  clean();
  await context.close();
});

test("a malformed config says what is wrong and where", async () => {
  const { context, page, clean } = await open(env);
  await load(env, page, "#/systems");
  await lookUp(page, "upstream cache {\n    hash $request_uri consistent;\n    server 10.0.0.1:80 weight=two;\n}\n");
  const alert = page.getByRole("alert");
  await alert.waitFor();
  assert.match(await alert.innerText(), /line 3: weight=two/);
  assert.equal(await keyTable(page).count(), 0);
  // Fixed, it reads again.
  await lookUp(page, "upstream cache {\n    hash $request_uri consistent;\n    server 10.0.0.1:80 weight=2;\n}\n");
  await keyTable(page).waitFor();
  assert.equal(await page.getByRole("alert").count(), 0);
  // Typed but not looked up: the line says the boxes changed, not that the new text was
  // read. Pasted prose is refused with its line when it is looked up.
  const summary = page.locator(".sys-summary");
  assert.match(await summary.innerText(), /^Read as nginx/);
  await config(page).fill("Consistent hashing maps keys onto a ring of servers\n");
  await summary.filter({ hasText: /^The boxes have changed since the last “Look up”/ }).waitFor();
  await page.getByRole("button", { name: "Look up" }).click();
  assert.match(await page.getByRole("alert").innerText(), /line 1: .*reads like prose/);
  clean();
  await context.close();
});

test("Export CSV downloads every key with its owner and move", async () => {
  const { context, page, clean } = await open(env);
  await load(env, page, "#/systems?system=nginx&change=remove:10.0.0.21:80");
  await keyTable(page).waitFor();
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Export CSV" }).click(),
  ]);
  assert.equal(download.suggestedFilename(), "ringlab-keys.csv");
  const text = await readFile(await download.path(), "utf8");
  const lines = text.trimEnd().split("\r\n");
  assert.equal(lines[0], "key,owner,after,moved");
  assert.equal(lines.length, 13);
  const table = await rows(page);
  for (let i = 0; i < table.length; i++) {
    const [key, owner, after, moves] = table[i];
    assert.equal(lines[i + 1], [key, owner, after, moves === "moves" ? "yes" : "no"].join(","));
  }
  clean();
  await context.close();
});

test("a link holds the pasted text, the change and the key shown, and reads back", async () => {
  const { context, page, clean } = await open(env);
  await load(env, page, "#/systems");
  await lookUp(page, "10.0.0.1:11211 1\n10.0.0.2:11211 3\n", "a\nb\nc\n");
  await page.getByRole("combobox", { name: "System" }).selectOption("libmemcached");
  await lookUp(page, "10.0.0.1:11211 1\n10.0.0.2:11211 3\n", "a\nb\nc\n");
  await page.getByRole("combobox", { name: "Change" }).selectOption("weight");
  await page.getByRole("spinbutton", { name: "Weight" }).fill("5");
  await page.getByRole("spinbutton", { name: "Weight" }).press("Tab");
  await waitParam(page, "change", (v) => v === "weight:10.0.0.1:11211=5");
  await keyTable(page).getByRole("button", { name: "b" }).click();
  await waitParam(page, "key", (v) => v === "b");
  const before = await rows(page);
  const link = page.url();
  const second = await open(env);
  await load(env, second.page, link.slice(link.indexOf("#")));
  await keyTable(second.page).waitFor();
  assert.equal(await config(second.page).inputValue(), "10.0.0.1:11211 1\n10.0.0.2:11211 3\n");
  assert.equal(await keys(second.page).inputValue(), "a\nb\nc\n");
  assert.deepEqual(await rows(second.page), before);
  assert.equal(
    await keyTable(second.page).getByRole("button", { name: "b" }).getAttribute("aria-pressed"),
    "true",
  );
  second.clean();
  await second.context.close();
  // Text too long for a link: the page says the link does not hold it.
  const many = Array.from({ length: 700 }, (_, i) => `user:${i}`).join("\n");
  await lookUp(page, undefined, many);
  await page.locator(".sys-link-note").waitFor();
  assert.equal((await params(page)).keys, undefined);
  clean();
  await context.close();
});

test("embedded, keyboard only, at 360 px and in dark mode", async () => {
  const { context, page, clean } = await open(env, { viewport: { width: 360, height: 740 } });
  await load(env, page, "#/systems?system=twemproxy&embed=1");
  await keyTable(page).waitFor();
  assert.equal(await page.locator("header").count(), 0);
  assert.equal(await page.locator(".sys-intro").count(), 0);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= 360, `page is ${width}px wide`);
  await screenshot(page, "systems-embed-360");
  // Keyboard: focus the third key's button and press Enter.
  const third = keyTable(page).getByRole("button").nth(2);
  await third.focus();
  await page.keyboard.press("Enter");
  assert.equal(await third.getAttribute("aria-pressed"), "true");
  clean();
  await context.close();

  const dark = await open(env, { colorScheme: "dark" });
  await load(env, dark.page, "#/systems?system=envoy-ring&change=fail:10.0.0.41:8080");
  await keyTable(dark.page).waitFor();
  await dark.page.locator(".sys-ring").waitFor();
  await screenshot(dark.page, "systems-dark");
  dark.clean();
  await dark.context.close();
});

test("the ring shows each server's share in its colour, light and dark", async () => {
  for (const colorScheme of ["light", "dark"]) {
    const { context, page, clean } = await open(env, { colorScheme });
    // nginx's example: 3 servers, 160 points per unit of weight, 640 points.
    await load(env, page, "#/systems?system=nginx");
    const ring = page.locator("svg.sys-ring");
    await ring.waitFor();
    const { counts } = await shownColours(ring, { a: PALETTE[0], b: PALETTE[1], c: PALETTE[2], outline: "--fg" });
    const coloured = counts.a + counts.b + counts.c;
    const what = `${colorScheme}: ${JSON.stringify(counts)}`;
    for (const name of ["a", "b", "c"]) assert.ok(counts[name] > coloured / 8, `server ${name}: ${what}`);
    // The third server has weight 2: it shows about half the ring.
    assert.ok(counts.c > counts.a && counts.c > counts.b, `the heavy server shows most: ${what}`);
    assert.ok(counts.outline < coloured / 10, `outline: ${what}`);
    await screenshot(page, `systems-ring-${colorScheme}`);
    clean();
    await context.close();
  }
});
