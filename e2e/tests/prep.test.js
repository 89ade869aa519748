// Interview prep, as a candidate uses it with the keyboard: the pre-test (some wrong), a
// follow-up, the estimate, the dry run, the cheat sheet printed to one A4 page, the
// post-test and the gain, the progress kept across a reload; the timed run on a clock the
// test moves; every part through axe-core, light and dark, narrow and wide, with
// screenshots; one part embedded.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { load, screenshot, start } from "../harness.js";
import { open, readUntil } from "../common.js";
import { axeViolations } from "../axe.js";

let env;
before(async () => {
  env = await start();
});
after(async () => {
  await env?.stop();
});

const PARTS = ["pre-test", "follow-ups", "timed", "estimate", "dry-run", "cheat-sheet", "post-test"];

/** Focuses `locator` and presses `key`: the keyboard does the work. */
async function press(locator, key = "Enter") {
  await locator.focus();
  await locator.page().keyboard.press(key);
}

/** Opens a part by its link in the parts' row, by keyboard. */
async function part(page, name, slug) {
  await press(page.getByRole("navigation", { name: "Parts" }).getByRole("link", { name, exact: true }));
  await page.waitForFunction((s) => location.hash === `#/prep/${s}`, slug);
  await page.locator(".prep-part h2").first().waitFor();
}

/** The right answers, skill by skill: a number to type, or the index of a choice. */
const PRE = ["1/6", "1/10", 0, 1, "14,000", 1];
const POST = ["12/13", "4%", 1, "10%", 2, 2];

/** Answers a sitting by keyboard, wrong where `wrong` says. */
async function sit(page, answers, wrong) {
  const questions = page.locator(".quiz-question");
  assert.equal(await questions.count(), answers.length);
  for (const [i, right] of answers.entries()) {
    const q = questions.nth(i);
    const miss = wrong.includes(i);
    if (typeof right === "number") {
      const radios = q.getByRole("radio");
      await press(radios.nth(miss ? (right + 1) % (await radios.count()) : right), "Space");
    } else {
      await q.getByRole("textbox").focus();
      await page.keyboard.type(miss ? "42" : right);
    }
    await press(q.getByRole("button", { name: "Check answer" }));
    await q.locator(miss ? ".quiz-wrong" : ".quiz-right").waitFor();
  }
}

test("the interview path, keyboard only: pre-test, follow-ups, estimate, dry run, cheat sheet, post-test and the gain", async () => {
  const { context, page, clean } = await open(env);
  await load(env, page, "#/prep");
  await page.waitForFunction(() => location.hash === "#/prep/pre-test");
  assert.equal(await page.title(), "Interview prep · ringlab");
  assert.equal(await page.locator("h1").innerText(), "Interview prep");
  const progress = page.getByRole("list", { name: "Your progress" }).getByRole("listitem");
  assert.deepEqual(await progress.allInnerTexts(), ["Pre-test: not taken", "Follow-ups: 0 of 10 answers revealed", "Estimation: not tried", "Dry run: not tried", "Post-test: not taken"]);
  const links = page.getByRole("navigation", { name: "Parts" }).getByRole("link");
  assert.deepEqual(await links.allInnerTexts(), ["Pre-test", "Follow-ups", "Timed run", "Estimation", "Dry run", "Cheat sheet", "Post-test"]);
  assert.equal(await page.locator('.prep-parts a[aria-current="page"]').innerText(), "Pre-test");

  // The pre-test: no verdict before a try; three wrong on purpose.
  assert.equal(await page.locator(".quiz-verdict").count(), 0);
  await sit(page, PRE, [2, 3, 4]);
  await page.getByRole("status").filter({ hasText: "You got 3 of 6 right." }).waitFor();
  assert.equal(await progress.first().innerText(), "Pre-test: 3 of 6 right");
  // A missed question explains itself from the core and links to the step that teaches it.
  const wrap = page.locator(".quiz-question").nth(2);
  assert.match(await wrap.locator(".quiz-verdict").innerText(), /No server sits at or after 85, so the walk wraps past 99 to the first server on the ring: A at 15\./);
  assert.equal(await wrap.getByRole("link", { name: /^Review Step 3/ }).getAttribute("href"), "#/learn/ring");
  assert.match(await page.locator(".quiz-question").nth(4).locator(".quiz-verdict").innerText(), /14,000: all of the hot key's 10,000, plus a 10th of the other 40,000\. That is 2\.8× the mean of 5,000/);
  await screenshot(page, "prep-01-pre-test");

  // A follow-up: nothing of it before the reveal; then the number, the widget, senior and staff.
  await part(page, "Follow-ups", "follow-ups");
  const followUps = page.getByRole("region", { name: "Follow-ups" });
  assert.equal(await followUps.getByRole("button", { name: "Reveal model answer" }).count(), 10, "ten follow-ups");
  assert.equal(await page.getByText("The number to quote:").count(), 0);
  const first = followUps.getByRole("listitem").first();
  await first.getByRole("textbox", { name: "Your answer" }).focus();
  await page.keyboard.type("A few hundred, and plan for the busiest.");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Enter");
  await page.waitForFunction(() => document.activeElement?.id === "iv-p9-model");
  assert.match(await first.locator(".iv-number").innerText(), /^The number to quote: 2 ln N \/ ε² = 1,382 points at N = 1,000/);
  assert.equal(await first.getByRole("link", { name: /The lab's figure 1/ }).getAttribute("href"), "#/lab?rings=400&seed=1&workers=2&fig=1");
  assert.deepEqual(await first.locator(".iv-levels dt").allInnerTexts(), ["Senior", "Staff"]);
  // Past the widget's link, the rubric's first point.
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Space");
  await first.getByText("1 of 4 ticked").waitFor();
  await screenshot(page, "prep-02-follow-up");

  // The estimate: nothing of the answer before a try; graded by the core's cost model.
  await part(page, "Estimation", "estimate");
  const estimate = page.getByRole("region", { name: "Estimation" });
  assert.equal(await estimate.getByText("The working").count(), 0);
  await estimate.getByRole("textbox", { name: /^A cluster of 10 servers holds 10 TB/ }).focus();
  await page.keyboard.type("2");
  await page.keyboard.press("Enter");
  await estimate.getByRole("status").filter({ hasText: "The core's cost model says 6.7 hours: your estimate is 3.37× too low." }).waitFor();
  await page.keyboard.press("Control+A");
  await page.keyboard.type("about 7 h");
  await page.keyboard.press("Enter");
  await estimate.getByRole("status").filter({ hasText: /^Close enough: the core's cost model says 6\.7 hours/ }).waitFor();
  assert.match(await estimate.innerText(), /0\.91 TB at 37\.5 MB\/s is 24,242 seconds: 6\.7 hours/);
  assert.equal(await estimate.getByRole("link", { name: /Open the resize cost at this cluster/ }).getAttribute("href"),
    "#/cost?before=10&after=11&objects=10000000000&size=1000&rf=1&gbps=1&throttle=30");

  // The dry run: a pick per lookup (one wrong on purpose), each graded by the core with
  // its reason, the focus moving on to the next.
  await part(page, "Dry run", "dry-run");
  const dry = page.getByRole("region", { name: "A coding dry run: get_server" });
  assert.equal(await dry.locator(".dry-verdict").count(), 0);
  const picks = [["get_server(35)", "B"], ["get_server(90)", "C"], ["get_server(50)", "B"], ["get_server(35)", "C"], ["get_server(10)", "n"], ["get_server(99)", "D"]];
  for (const [call, key] of picks) {
    const select = dry.getByRole("combobox", { name: `${call} returns` }).and(dry.locator("select:not([disabled])")).first();
    await select.focus();
    await page.keyboard.type(key);
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
  }
  await dry.getByRole("status").filter({ hasText: "5 of 6 checked right; 6 lookups in all." }).waitFor();
  const verdicts = await dry.locator(".dry-verdict").allInnerTexts();
  assert.equal(verdicts.length, 6);
  assert.match(verdicts[1], /^Not C: it is A\. No server sits at or after 90, so the search wraps past the top/);
  assert.match(verdicts[2], /^Right\. B sits exactly at 50/);
  assert.match(verdicts[4], /^Right\. The ring is empty/);
  assert.equal(await page.evaluate(() => document.activeElement?.id), "dry-score");

  // The cheat sheet waits for every model answer (one of 19 so far), or for the asking.
  await part(page, "Cheat sheet", "cheat-sheet");
  assert.equal(await page.locator(".cheat-sheet").count(), 0);
  await page.getByText("(1 of 19 so far)", { exact: false }).waitFor();
  await press(page.getByRole("button", { name: "Show it now" }));
  const sheet = page.locator(".cheat-sheet");
  await sheet.waitFor();
  for (const text of ["Which to pick", "The follow-ups' numbers", "CLUSTER KEYSLOT somekey = 11058"]) {
    assert.ok((await sheet.innerText()).includes(text), text);
  }
  // The rows read as the reader reads them, each against a value worked out here.
  const rowText = async (label) => sheet.locator(".cheat-sheet-row").filter({ has: page.locator("dt", { hasText: label }) }).locator("dd").innerText();
  // A given key's three copies are one of the C(16, 3) = 560 ways three servers fail: the
  // key's own chance, not the share of data lost; "some key" is the other figure.
  const sets = (16 * 15 * 14) / 6;
  const loss = await rowText("Data loss");
  const [ways, own] = loss.match(/a given key loses every copy with chance 1\/(\d+) \(([\d.]+)%\); that some key does, [\d.]+% at 1 point per server, [\d.]+% at 200 \([\d.]+% rack-aware\)$/).slice(1).map(Number);
  assert.equal(ways, sets, loss);
  assert.ok(Math.abs(own / 100 - 1 / sets) < 0.000005, loss);
  // 1/16 is 6.25%, written exactly; the ring's memory in MB: 1,000 × 256 × 16 bytes.
  assert.match(await rowText("Ring, one server leaves"), new RegExp(`: ${(100 / 16).toFixed(2)}% at N = 16$`));
  assert.match(await rowText("Ring memory"), new RegExp(`: ${((1000 * 256 * 16) / 1e6).toFixed(1)} MB at N = 1,000, V = 256$`));
  // The follow-ups' numbers carry their point.
  assert.match(await rowText("What \"consistent\" means"), /^a join moves only the newcomer's share, 1\/17 = 5\.9% at 16 → 17: every other key keeps its server$/);
  assert.match(await rowText("When not to use it"), /^mod N from 16 to 32 moves exactly 1\/2, as little as any even spread allows: when N only doubles, mod N is enough$/);
  assert.ok(await page.getByRole("button", { name: "Print cheat sheet" }).isVisible());
  await page.emulateMedia({ media: "print" });
  assert.ok(await sheet.isVisible());
  assert.ok(!(await page.locator("header.top").isVisible()), "print shows the cheat sheet only");
  await screenshot(page, "prep-06-cheat-sheet-print");
  // Printed to PDF on A4, the cheat sheet is one page.
  const pdf = (await page.pdf({ format: "A4" })).toString("latin1");
  const pages = (pdf.match(/\/Type\s*\/Page\b(?!s)/g) ?? []).length;
  assert.equal(pages, 1, `the cheat sheet prints on ${pages} pages`);
  await page.emulateMedia({ media: "screen" });

  // The post-test, then the gain, skill by skill: counts, not a ratio.
  await part(page, "Post-test", "post-test");
  await page.getByText("Your gain shows here once both tests are complete (pre-test: 6 of 6 answered).").waitFor();
  await sit(page, POST, [5]);
  const gain = page.getByRole("region", { name: "Your gain" });
  assert.equal(await gain.locator(".checkup-gain-line").innerText(), "Before: 3 of 6. After: 5 of 6. That is 2 more skills right.");
  assert.deepEqual(await gain.locator("tbody tr").nth(2).locator("td").allInnerTexts(), ["✗ wrong", "✓ right"]);
  assert.match(await gain.locator(".checkup-lists").innerText(), /Learned\s+Finding a key's server, Why virtual nodes, Hot keys\s+Slipped\s+Choosing a scheme/);
  assert.deepEqual(await progress.allInnerTexts(), ["Pre-test: 3 of 6 right", "Follow-ups: 1 of 10 answers revealed", "Estimation: close enough", "Dry run: 5 of 6 right, 6 lookups in all", "Post-test: 5 of 6 right"]);
  await screenshot(page, "prep-07-gain");

  // It is all in this browser: a reload keeps the answers, the follow-up and the gain.
  await page.reload();
  await gain.waitFor();
  assert.equal(await progress.nth(3).innerText(), "Dry run: 5 of 6 right, 6 lookups in all");
  await part(page, "Follow-ups", "follow-ups");
  assert.equal(await first.getByRole("textbox", { name: "Your answer" }).inputValue(), "A few hundred, and plan for the busiest.");
  // The dry run and the estimate come back as they were checked, and can start again.
  await part(page, "Dry run", "dry-run");
  assert.equal((await dry.locator(".dry-verdict").allInnerTexts()).length, 6);
  await press(dry.getByRole("button", { name: "Start the dry run again" }));
  await dry.getByRole("status").filter({ hasText: "0 of 0 checked right; 6 lookups in all." }).waitFor();
  assert.equal(await progress.nth(3).innerText(), "Dry run: not tried");
  await part(page, "Estimation", "estimate");
  assert.equal(await estimate.getByRole("textbox").inputValue(), "about 7 h");
  await estimate.getByRole("status").filter({ hasText: /^Close enough/ }).waitFor();
  // And the walkthrough's own progress shares it: the quiz step reads the same store.
  assert.match(await page.evaluate(() => localStorage.getItem("ringlab.learn.progress")), /b0=1%2F6|b0=1\/6/);
  clean();
  await context.close();
});

test("the timed run: five minutes on the clock, by keyboard, then the model answer and the rubric", async () => {
  const { context, page, clean } = await open(env);
  // A clock the test moves, and only the test: five minutes pass in a moment, and no
  // real time slips in between.
  await page.clock.install({ time: new Date("2026-01-05T09:00:00") });
  await load(env, page, "#/prep/timed");
  await page.clock.pauseAt(new Date("2026-01-05T09:01:00"));
  const timed = page.getByRole("region", { name: "A timed run: five minutes" });
  const clock = timed.getByRole("timer", { name: "Time left" });
  assert.equal(await clock.innerText(), "5:00");
  // Nothing of the answer before the run, and no typing before the clock starts.
  assert.equal(await timed.getByRole("heading", { name: "A strong five-minute answer" }).count(), 0);
  assert.ok(await timed.getByRole("textbox", { name: "Your answer" }).isDisabled());
  await press(timed.getByRole("button", { name: "Start the clock" }));
  await page.waitForFunction(() => document.activeElement?.id === "tm-text");
  await page.keyboard.type("Ask whether it is a cache or a store, then the ring, virtual nodes, copies.");
  await page.clock.fastForward("01:30");
  await waitText(clock, /^3:30$/);
  // "I'm done" is just before the box.
  await page.keyboard.press("Shift+Tab");
  assert.equal(await page.evaluate(() => document.activeElement?.textContent), "I'm done");
  await page.keyboard.press("Enter");
  await timed.getByText(/^Done in 1:30\. You wrote 15 words\.$/).waitFor();
  await page.waitForFunction(() => document.activeElement?.id === "tm-model");
  assert.match(await timed.locator(".tm-after").innerText(), /I would place keys with consistent hashing/);
  await page.keyboard.press("Tab");
  await page.keyboard.press("Space");
  await timed.getByText("1 of 7 ticked").waitFor();
  assert.deepEqual(await timed.locator(".iv-levels dt").allInnerTexts(), ["Senior", "Staff"]);
  // Again, and this time the bell rings.
  await press(timed.getByRole("button", { name: "Try again" }));
  await press(timed.getByRole("button", { name: "Start the clock" }));
  await page.clock.fastForward("05:01");
  await timed.getByText(/^Time's up\. You wrote 0 words\.$/).waitFor();
  assert.equal(await clock.innerText(), "0:00");
  assert.ok(await timed.getByRole("textbox", { name: "Your answer" }).isDisabled());
  clean();
  await context.close();
});

/** Waits until `locator`'s text matches `pattern`. */
async function waitText(locator, pattern) {
  assert.match(await readUntil(() => locator.innerText(), (text) => pattern.test(text), 5_000), pattern);
}

test("every part: axe-core clean, light and dark, 360 px and desktop", async () => {
  for (const [theme, width] of [["light", 360], ["dark", 1280], ["dark", 360], ["light", 1280]]) {
    const { context, page, clean } = await open(env, { viewport: { width, height: 800 } });
    for (const [i, slug] of PARTS.entries()) {
      await load(env, page, `#/prep/${slug}?theme=${theme}`);
      await page.locator(".prep-part h2").first().waitFor();
      assert.deepEqual(await axeViolations(page), [], `${slug}, ${theme}, ${width} px`);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 0, `${slug} overflows ${overflow} px at ${width} px`);
      await screenshot(page, `prep-${String(i + 1).padStart(2, "0")}-${slug}-${theme}-${width}`);
    }
    clean();
    await context.close();
  }
});

test("one part embedded, and a bad part link", async () => {
  const { context, page, clean } = await open(env);
  await load(env, page, "#/prep/dry-run?embed=1");
  await page.getByRole("region", { name: "A coding dry run: get_server" }).waitFor();
  assert.equal(await page.getByRole("navigation", { name: "Parts" }).count(), 0);
  assert.equal(await page.locator(".prep-intro").count(), 0);
  await load(env, page, "#/prep/quiz");
  await page.getByText('part="quiz" is not a part: using pre-test').waitFor();
  assert.equal(await page.locator(".prep-part h2").innerText(), "Before: the pre-test");
  clean();
  await context.close();
});
