// The worked clock example, driven by role and accessible name: predict, "Reveal", the two
// cluster changes, editing the exercise (URL and reload), bad links, embed mode, small
// screens and dark mode.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { LIVE_MAIN, load, screenshot, start } from "../harness.js";
import { open, params, svgTexts, waitParam } from "../common.js";

let env;
before(async () => {
  env = await start();
});
after(async () => {
  await env?.stop();
});

const step = (page, name) => page.getByRole("region", { name });
const OWNERS = "1. Who owns each key?";
const JOIN = "2. Add D at 60: which keys move?";
const LEAVE = "3. Then remove B: which keys move?";

test("predict the owners, then reveal: right and wrong guesses with reasons", async () => {
  const { context, page, clean } = await open(env);
  await load(env, page, "#/clock");
  assert.equal(await page.title(), "Clock example · ringlab");
  const owners = step(page, OWNERS);
  await owners.waitFor();
  // The clock is drawn, labelled and described in text.
  const clock = page.getByRole("img", { name: /^Clock, start: servers A at 10, B at 40, C at 75$/ });
  await clock.waitFor();
  assert.equal(await page.locator("svg.ck-dial .ck-key").count(), 5);
  assert.equal(await page.locator("svg.ck-dial .ck-arc").count(), 0, "no owners before the reveal");
  const guesses = { "user:42 at 7": "A", "cart:7 at 33": "B", "order:19 at 52": "B", "sess:3 at 64": "C", "post:88 at 81": "C" };
  for (const [key, server] of Object.entries(guesses)) {
    await owners.getByRole("combobox", { name: `Owner of ${key}` }).selectOption(server);
  }
  await owners.getByRole("button", { name: "Reveal" }).click();
  await owners.getByRole("status").filter({ hasText: "3 of 5 right." }).waitFor();
  const text = await owners.innerText();
  assert.match(text, /✓ Right\. 7 → first server clockwise is A at 10/);
  assert.match(text, /✗ Not quite\. You said B; it is C\. 52 → first server clockwise is C at 75/);
  assert.match(text, /You said C; it is A\. 81 → no server after 81, so the walk wraps past 99 to A at 10/);
  // After the reveal the arcs are coloured and the text twin names the owners.
  assert.equal(await page.locator("svg.ck-dial .ck-arc").count(), 3);
  const twin = page.getByRole("list", { name: "Owners on the clock" });
  assert.match(await twin.innerText(), /A at 10 owns \(75, 99\] and \[0, 10\]: user:42 \(7\), post:88 \(81\)/);
  await screenshot(page, "clock-owners");
  clean();
  await context.close();
});

test("adding D and removing B: predict which keys move, reveal, see why", async () => {
  const { context, page, clean } = await open(env);
  await load(env, page, "#/clock");
  const join = step(page, JOIN);
  await join.waitFor();
  // Right about order:19, wrong about sess:3.
  await join.getByRole("checkbox", { name: "order:19 at 52 moves" }).check();
  await join.getByRole("checkbox", { name: "sess:3 at 64 moves" }).check();
  // Guessing shows that cluster, still without owners.
  await page.getByRole("img", { name: /^Clock, after adding D: servers A at 10, B at 40, D at 60, C at 75$/ }).waitFor();
  assert.ok(await page.getByRole("radio", { name: "After adding D" }).isChecked());
  await join.getByRole("button", { name: "Reveal" }).click();
  await join.getByRole("status").filter({ hasText: "4 of 5 right. 1 of 5 keys move." }).waitFor();
  let text = await join.innerText();
  assert.match(text, /✓ Right\. It moves, C → D\. 52 is in \(40, 60\], the arc D takes: it moves from C to D/);
  assert.match(text, /✗ Not quite\. It stays with C\. 64 is outside \(40, 60\]: it stays with C/);
  assert.match(text, /Only the keys between D's predecessor B at 40 and D at 60, that is in \(40, 60\], move/);
  assert.equal(await page.locator("svg.ck-dial .ck-moved").count(), 1);

  const leave = step(page, LEAVE);
  await leave.getByRole("checkbox", { name: "cart:7 at 33 moves" }).check();
  await leave.getByRole("button", { name: "Reveal" }).click();
  await leave.getByRole("status").filter({ hasText: "5 of 5 right. 1 of 5 keys move." }).waitFor();
  text = await leave.innerText();
  assert.match(text, /It moves, B → D\. 33 belonged to B; without it the walk from 33 goes on to D at 60/);
  assert.match(text, /Only B's keys move, all to the next server clockwise, D at 60/);
  await page.getByRole("img", { name: /^Clock, after removing B: servers A at 10, D at 60, C at 75$/ }).waitFor();
  // The stage picker goes back to any cluster.
  await page.getByRole("radio", { name: "Start" }).check();
  await page.getByRole("img", { name: /^Clock, start:/ }).waitFor();
  await page.getByRole("radio", { name: "After removing B" }).check();
  await screenshot(page, "clock-desktop");
  clean();
  await context.close();
});

test("editing a mark changes the URL, and a reload keeps the exercise", async () => {
  const { context, page, clean } = await open(env);
  await load(env, page, "#/clock");
  await page.getByText("Edit the exercise").click();
  const mark = page.getByRole("spinbutton", { name: "Key 1 mark" });
  await mark.fill("12");
  await mark.press("Tab");
  await waitParam(page, "keys", (v) => v?.startsWith("user:42@12,"));
  const hash = await page.evaluate(() => location.hash);
  assert.ok(hash.includes("keys=user:42@12,cart:7@33"), hash);
  // A duplicate name gets a safe default and a note.
  const name = page.getByRole("textbox", { name: "Server 3 name" });
  await name.fill("A");
  await name.press("Tab");
  const note = page.getByRole("note");
  await note.waitFor();
  assert.match(await note.innerText(), /the name "A" is taken: named C/);
  // The server that leaves and the one that joins.
  await page.getByRole("combobox", { name: "Server that leaves" }).selectOption("A");
  const added = page.getByRole("spinbutton", { name: "Added server mark" });
  await added.fill("20");
  await added.press("Tab");
  await waitParam(page, "add", (v) => v === "D@20");
  assert.equal((await params(page)).remove, "A");
  await step(page, "2. Add D at 20: which keys move?").waitFor();
  await page.reload();
  await page.locator(LIVE_MAIN).waitFor({ state: "attached" });
  await step(page, "3. Then remove A: which keys move?").waitFor();
  await step(page, OWNERS).getByRole("combobox", { name: "Owner of user:42 at 12" }).waitFor();
  assert.equal((await params(page)).add, "D@20");
  // Back to the worked example.
  await page.getByText("Edit the exercise").click();
  await page.getByRole("button", { name: "Back to the worked example" }).click();
  await waitParam(page, "add", (v) => v === "D@60");
  clean();
  await context.close();
});

test("the editor adds and removes servers and keys, within limits", async () => {
  const { context, page, clean } = await open(env);
  await load(env, page, "#/clock");
  await page.getByText("Edit the exercise").click();
  // A server in the widest gap (75 -> 10, with D at 60), a key in the keys' widest gap.
  await page.getByRole("button", { name: "Add a server" }).click();
  await waitParam(page, "servers", (v) => v === "A@10,B@40,C@75,E@92");
  await page.getByRole("img", { name: /^Clock, start: servers A at 10, B at 40, C at 75, E at 92$/ }).waitFor();
  await page.getByRole("button", { name: "Add a key" }).click();
  await waitParam(page, "keys", (v) => v?.endsWith(",key6@20"));
  await step(page, OWNERS).getByRole("combobox", { name: "Owner of key6 at 20" }).waitFor();
  // Removing B, the server that leaves in step 3: C leaves instead, with a note.
  await page.getByRole("button", { name: "Remove B" }).click();
  await waitParam(page, "servers", (v) => v === "A@10,C@75,E@92");
  assert.equal((await params(page)).remove, "C");
  await page.getByRole("note").filter({ hasText: "B left the exercise: C leaves instead" }).waitFor();
  await step(page, "3. Then remove C: which keys move?").waitFor();
  await page.getByRole("button", { name: "Remove user:42" }).click();
  await waitParam(page, "keys", (v) => v?.startsWith("cart:7@33,"));
  await screenshot(page, "clock-editor");
  // The last key cannot go.
  await load(env, page, "#/clock?servers=A@10&keys=k@5&add=D@60&remove=A");
  await page.getByText("Edit the exercise").click();
  assert.equal(await page.getByRole("button", { name: "Remove k" }).count(), 0);
  assert.equal(await page.getByRole("button", { name: "Remove A" }).count(), 0);
  clean();
  await context.close();
});

test("a bad link is repaired with visible notes and never breaks the page", async () => {
  const { context, page, clean } = await open(env);
  await load(env, page, "#/clock?servers=A@10,A@200,B@x&keys=k@7,k@-3&remove=Z&bogus=1");
  const note = page.getByRole("note");
  await note.waitFor();
  const text = await note.innerText();
  for (const part of [/above 99: using 99/, /"x" is not a number/, /below 0: using 0/, /"A" is taken/, /"Z"/, /bogus/]) {
    assert.match(text, part);
  }
  await waitParam(page, "servers", (v) => v === "A@10,B@99");
  const p = await params(page);
  assert.equal(p.keys, "k@7,key2@0");
  assert.equal(p.remove, "B");
  assert.equal(p.bogus, undefined);
  await step(page, OWNERS).getByRole("button", { name: "Reveal" }).click();
  await step(page, OWNERS).getByRole("status").filter({ hasText: "0 of 2 right." }).waitFor();
  await screenshot(page, "clock-bad-link");
  await page.getByRole("button", { name: "Dismiss notes" }).click();
  assert.equal(await page.getByRole("note").count(), 0);
  clean();
  await context.close();
});

test("embed mode shows the bare exercise", async () => {
  const { context, page, clean } = await open(env);
  await load(env, page, "#/clock?embed=1");
  await step(page, OWNERS).waitFor();
  assert.equal(await page.getByRole("banner").count(), 0);
  assert.equal(await page.getByRole("navigation").count(), 0);
  assert.equal(await page.getByRole("button", { name: "Reveal" }).count(), 3);
  assert.ok((await page.evaluate(() => location.hash)).endsWith("&embed=1"));
  clean();
  await context.close();
});

test("360 px wide and dark mode", async () => {
  for (const [name, options] of [
    ["clock-360", { viewport: { width: 360, height: 740 } }],
    ["clock-dark", { colorScheme: "dark" }],
  ]) {
    const { context, page, clean } = await open(env, options);
    await load(env, page, "#/clock");
    const owners = step(page, OWNERS);
    await owners.getByRole("combobox", { name: "Owner of user:42 at 7" }).selectOption("A");
    await owners.getByRole("button", { name: "Reveal" }).click();
    await owners.getByRole("status").filter({ hasText: "1 of 5 right." }).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `${name}: ${overflow}px of horizontal scroll`);
    await screenshot(page, name);
    clean();
    await context.close();
  }
});

test("the dial's labels read at 12 px or more, on a phone and a desktop", async () => {
  for (const width of [360, 1280]) {
    const { context, page, clean } = await open(env, { viewport: { width, height: 900 } });
    await load(env, page, "#/clock");
    const dial = page.locator("svg.ck-dial");
    await dial.waitFor();
    // Sized from the dial's width once the observer has seen it.
    await page.waitForFunction(() => {
      const svg = document.querySelector("svg.ck-dial");
      const size = parseFloat(svg.getAttribute("font-size"));
      return Math.abs(size * (svg.getBoundingClientRect().width / svg.viewBox.baseVal.width) - 12) < 0.1;
    });
    const [texts] = await svgTexts(page, "svg.ck-dial");
    // Ten mark labels, five keys, three servers.
    assert.ok(texts.length >= 18, JSON.stringify(texts.map((t) => t.text)));
    for (const t of texts) assert.ok(t.px >= 11.99, `at ${width} px: "${t.text}" renders at ${t.px.toFixed(1)} px`);
    await screenshot(page, `clock-dial-${width}`);
    clean();
    await context.close();
  }
});
