// The resize cost panel, driven by role and accessible name: the worked defaults, inputs
// that update the outputs and the URL, a round trip through a link, bad values clamped
// with a note, small screens and dark mode.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { load, screenshot, start } from "../harness.js";
import { open, params, waitParam } from "../common.js";

let env;
before(async () => {
  env = await start();
});
after(async () => {
  await env?.stop();
});

const table = (page) => page.getByRole("table", { name: /^Resize cost, mod N against the ring/ });

/** The mod N and ring cells of the row whose header is `name`. */
async function row(page, name) {
  const cells = table(page).getByRole("row", { name: new RegExp(`^${name}`) }).getByRole("cell");
  return { modulo: await cells.nth(0).innerText(), ring: await cells.nth(1).innerText(), cells };
}

test("the defaults are the worked workload, with the reasons spelled out", async () => {
  const { context, page, clean } = await open(env);
  await load(env, page, "#/cost");
  assert.equal(await page.title(), "Resize cost · ringlab");
  await table(page).waitFor();
  const inputs = {
    "Servers before": "16",
    "Servers after": "17",
    Objects: "10000000000",
    "Object size (bytes)": "1088",
    "Replication factor": "3",
    "Link speed (Gbps)": "1",
    "Throttle (% of link)": "100",
  };
  for (const [name, value] of Object.entries(inputs)) {
    assert.equal(await page.getByRole("spinbutton", { name }).inputValue(), value, name);
  }
  // Long numbers are read out under their inputs, as descriptions.
  const objects = page.getByRole("spinbutton", { name: "Objects" });
  assert.equal(await objects.getAttribute("aria-describedby"), "cost-objects-hint");
  assert.equal(await page.locator("#cost-objects-hint").innerText(), "10,000,000,000 objects");
  assert.equal(await page.locator("#cost-size-hint").innerText(), "1.09 kB each");
  const logical = await row(page, "Bytes moved, one copy");
  assert.deepEqual([logical.modulo, logical.ring], ["10.24 TB", "0.64 TB"]);
  assert.equal(await logical.cells.nth(0).locator("span").getAttribute("title"), "10,240,000,000,000 bytes");
  assert.equal(await logical.cells.nth(1).locator("span").getAttribute("title"), "640,000,000,000 bytes");
  const replicated = await row(page, "Bytes moved, all replicas");
  assert.deepEqual([replicated.modulo, replicated.ring], ["30.72 TB", "1.92 TB"]);
  const hours = await row(page, "Hours on the critical path");
  assert.equal(hours.modulo, hours.ring);
  assert.equal(hours.ring, "4.27 h (4 h 16 min)");
  const keys = await row(page, "Keys moved");
  assert.deepEqual([keys.modulo, keys.ring], ["16/17 (94.1%)", "1/17 (5.9%)"]);
  const senders = await row(page, "Servers sending");
  const receivers = await row(page, "Servers receiving");
  assert.deepEqual([senders.modulo, senders.ring, receivers.modulo, receivers.ring], ["16", "16", "17", "1"]);
  const neck = await row(page, "Bottleneck");
  assert.deepEqual([neck.modulo, neck.ring], ["the new server's inbound link", "the new server's inbound link"]);
  const why = await page.locator(".cost-prose").innerText();
  assert.match(why, /mod N moves 16\/17 of the keys \(94\.1%\): 10\.24 TB of the 10\.88 TB/);
  assert.match(why, /Yet both take the same 4\.27 h .* on the critical path: the new server must receive 1\.92 TB through its 1 Gbps link/);
  assert.match(why, /mod N moves 16 times as much/);
  assert.match(why, /On the ring 16 servers send and 1 receives\. Under mod N 16 send and 17 receive: every one of the 17 servers is busy/);
  await screenshot(page, "cost-desktop");
  clean();
  await context.close();
});

test("changing inputs updates the outputs and the URL, and a link round-trips", async () => {
  const { context, page, clean } = await open(env);
  await load(env, page, "#/cost");
  await table(page).waitFor();
  const before = page.getByRole("spinbutton", { name: "Servers before" });
  await before.fill("3");
  await before.press("Tab");
  const after = page.getByRole("spinbutton", { name: "Servers after" });
  await after.fill("5");
  await after.press("Tab");
  await waitParam(page, "after", (v) => v === "5");
  assert.equal((await params(page)).before, "3");
  assert.deepEqual(Object.values(await row(page, "Keys moved")).slice(0, 2), ["4/5 (80.0%)", "2/5 (40.0%)"]);
  assert.match(await page.locator(".cost-prose").innerText(), /It also takes longer under mod N/);
  const throttle = page.getByRole("spinbutton", { name: "Throttle (% of link)" });
  await throttle.fill("50");
  await throttle.press("Tab");
  await waitParam(page, "throttle", (v) => v === "50");
  assert.match(await page.locator(".cost-prose").innerText(), /throttled to 50%/);
  const rf = page.getByRole("spinbutton", { name: "Replication factor" });
  await rf.fill("1");
  await rf.press("Tab");
  await waitParam(page, "rf", (v) => v === "1");
  const row1 = await row(page, "Bytes moved, one copy");
  const rowAll = await row(page, "Bytes moved, all replicas");
  assert.equal(row1.ring, rowAll.ring);
  // The link holds it all: a reload shows the same figures.
  const hash = await page.evaluate(() => location.hash);
  assert.equal(hash, "#/cost?before=3&after=5&objects=10000000000&size=1088&rf=1&gbps=1&throttle=50");
  const shown = await table(page).innerText();
  await page.reload();
  await table(page).waitFor();
  assert.equal(await table(page).innerText(), shown);
  assert.equal(await page.getByRole("spinbutton", { name: "Throttle (% of link)" }).inputValue(), "50");
  // A link typed by hand.
  await load(env, page, "#/cost?before=10&after=20&objects=1000&size=100&rf=2&gbps=10&throttle=25");
  await table(page).waitFor();
  assert.equal(await page.getByRole("spinbutton", { name: "Link speed (Gbps)" }).inputValue(), "10");
  assert.equal(await page.locator("#cost-objects-hint").innerText(), "1,000 objects");
  assert.deepEqual(Object.values(await row(page, "Keys moved")).slice(0, 2), ["1/2 (50.0%)", "1/2 (50.0%)"]);
  assert.equal((await params(page)).throttle, "25");
  clean();
  await context.close();
});

test("bad values in the link are clamped with a visible note", async () => {
  const { context, page, clean } = await open(env);
  await load(env, page, "#/cost?before=0&rf=99&gbps=abc&throttle=250&bogus=1");
  const note = page.getByRole("note");
  await note.waitFor();
  const text = await note.innerText();
  assert.match(text, /before=0 is below 1: using 1/);
  assert.match(text, /rf=99 is above 10: using 10/);
  assert.match(text, /gbps="abc" is not a number: using 1/);
  assert.match(text, /throttle=250 is above 100: using 100/);
  assert.match(text, /bogus/);
  await waitParam(page, "rf", (v) => v === "10");
  const p = await params(page);
  assert.deepEqual([p.before, p.gbps, p.throttle, p.bogus], ["1", "1", "100", undefined]);
  // A value typed out of range is clamped too.
  const size = page.getByRole("spinbutton", { name: "Object size (bytes)" });
  await size.fill("0");
  await size.press("Tab");
  await waitParam(page, "size", (v) => v === "1");
  assert.match(await page.getByRole("note").innerText(), /size=0 is below 1: using 1/);
  await screenshot(page, "cost-bad-link");
  clean();
  await context.close();
});

test("embed mode, 360 px wide and dark mode", async () => {
  for (const [name, options, hash] of [
    ["cost-360", { viewport: { width: 360, height: 740 } }, "#/cost"],
    ["cost-dark", { colorScheme: "dark" }, "#/cost"],
    ["cost-embed", {}, "#/cost?embed=1"],
  ]) {
    const { context, page, clean } = await open(env, options);
    await load(env, page, hash);
    await table(page).waitFor();
    assert.equal((await row(page, "Bytes moved, one copy")).modulo, "10.24 TB");
    if (name === "cost-embed") assert.equal(await page.getByRole("banner").count(), 0);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `${name}: ${overflow}px of horizontal scroll`);
    await screenshot(page, name);
    clean();
    await context.close();
  }
});
