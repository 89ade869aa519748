// Interview prep, as a candidate uses it with the keyboard: the pre-test (some wrong), a
// follow-up, the estimate, the dry run, the cheat sheet printed to one A4 page, the
// post-test and the gain, the progress kept across a reload; the timed run on a clock the
// test moves; every part through axe-core, light and dark, narrow and wide, with
// screenshots; one part embedded. Then issue 36's items, each light and dark at 360 and
// 1280 px: a reveal needs an attempt and the gates count attempts (11), the timed run's
// cues and history (12), and the first screen on a phone and the dry run's opening line
// (14).
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { load, screenshot, SCREENSHOTS, start } from "../harness.js";
import { open, press, readUntil, waitUntil } from "../common.js";
import { axeViolations } from "../axe.js";

let env;
before(async () => {
  env = await start();
});
after(async () => {
  await env?.stop();
});

const PARTS = ["pre-test", "follow-ups", "timed", "estimate", "dry-run", "cheat-sheet", "post-test"];

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
  assert.deepEqual(await progress.allInnerTexts(), ["Pre-test: not taken", "Follow-ups: 0 of 14 answered and revealed", "Timed run: not tried", "Estimation: not tried", "Dry run: not tried", "Post-test: not taken"]);
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
  assert.equal(await followUps.getByRole("button", { name: "Reveal model answer" }).count(), 14, "fourteen follow-ups");
  assert.equal(await page.getByText("The number to quote:").count(), 0);
  const first = followUps.getByRole("listitem").first();
  assert.ok(await first.getByRole("button", { name: "Reveal model answer" }).isDisabled(), "no reveal before an attempt");
  await first.getByRole("textbox", { name: "Your answer" }).focus();
  await page.keyboard.type("A few hundred, and plan for the busiest.");
  // Past "I answered aloud", the reveal.
  await page.keyboard.press("Tab");
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
  assert.equal(await dry.getByRole("status").innerText(), "6 lookups to predict; none checked yet.");
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

  // The cheat sheet waits for every model answer (one of 23 so far), or for the asking.
  await part(page, "Cheat sheet", "cheat-sheet");
  assert.equal(await page.locator(".cheat-sheet").count(), 0);
  await page.getByText("(1 of 23 so far)", { exact: false }).waitFor();
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
  assert.deepEqual(await progress.allInnerTexts(), ["Pre-test: 3 of 6 right", "Follow-ups: 1 of 14 answered and revealed", "Timed run: not tried", "Estimation: close enough", "Dry run: 5 of 6 right, 6 lookups in all", "Post-test: 5 of 6 right"]);
  await screenshot(page, "prep-07-gain");

  // It is all in this browser: a reload keeps the answers, the follow-up and the gain.
  await page.reload();
  await gain.waitFor();
  assert.equal(await progress.nth(4).innerText(), "Dry run: 5 of 6 right, 6 lookups in all");
  await part(page, "Follow-ups", "follow-ups");
  assert.equal(await first.getByRole("textbox", { name: "Your answer" }).inputValue(), "A few hundred, and plan for the busiest.");
  // The dry run and the estimate come back as they were checked, and can start again.
  await part(page, "Dry run", "dry-run");
  assert.equal((await dry.locator(".dry-verdict").allInnerTexts()).length, 6);
  await press(dry.getByRole("button", { name: "Start the dry run again" }));
  await dry.getByRole("status").filter({ hasText: "6 lookups to predict; none checked yet." }).waitFor();
  assert.equal(await progress.nth(4).innerText(), "Dry run: not tried");
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

/** The follow-up card asking `ask`, revealed after a typed attempt, by keyboard. */
async function revealed(page, ask) {
  const card = page.locator("ol.iv-prompts > li").filter({ hasText: ask });
  await card.getByRole("textbox", { name: "Your answer" }).focus();
  await page.keyboard.type("My attempt first.");
  await press(card.getByRole("button", { name: "Reveal model answer" }));
  await card.locator(".fu-widget").waitFor();
  return card;
}

/** The widget's live readout, once it says what `pattern` matches. */
async function said(card, pattern) {
  const readout = card.locator(".fu-readout");
  const text = await readUntil(() => readout.innerText(), (t) => pattern.test(t));
  assert.match(text, pattern);
  return text;
}

/** Every number in `text`, commas dropped: "1,000 of 2.5" is [1000, 2.5]. */
function numbers(text) {
  return [...text.matchAll(/\d[\d,]*(\.\d+)?/g)].map((m) => Number(m[0].replaceAll(",", "")));
}

test("the three follow-ups with widgets, driven by keyboard: two choices, shuffle sharding, fixed partitions", async () => {
  for (const [colorScheme, width] of [["light", 360], ["dark", 1280], ["dark", 360], ["light", 1280]]) {
    const { context, page, clean } = await open(env, { viewport: { width, height: 800 }, colorScheme });
    await load(env, page, "#/prep/follow-ups");
    await page.locator(".prep-part h2").first().waitFor();
    const shot = (card, name) => card.screenshot({ path: `${SCREENSHOTS}/prep-fu-${name}-${colorScheme}-${width}.png` });

    // Two choices: 1,000 servers to start; one step up is 10,000. Each picture counts
    // every server once, and the busiest with two choices is never above one choice's.
    const two = await revealed(page, "How do you cut the load on the busiest one");
    await said(two, /^1,000 requests on 1,000 servers, 20 runs\. The busiest server, one random choice: [\d.]+ \(\d+ to \d+\)\. The less loaded of two: [\d.]+ \(\d+ to \d+\)\./);
    await press(two.getByRole("slider", { name: "Servers and requests" }), "ArrowRight");
    const ten = await said(two, /^10,000 requests on 10,000 servers/);
    const [, , , oneMean, , oneMax, twoMean, twoMin] = numbers(ten);
    assert.ok(twoMean < oneMean && twoMin <= oneMax, ten);
    const table = async () => (await two.locator(".fu-by-load tbody tr").allInnerTexts()).map(numbers);
    const rows = await table();
    for (const column of [1, 2]) {
      assert.equal(rows.reduce((sum, row) => sum + row[column], 0), 10_000, `column ${column}: ${JSON.stringify(rows)}`);
    }
    await press(two.getByRole("button", { name: "Run again" }));
    await waitUntil(table, (again) => JSON.stringify(again) !== JSON.stringify(rows), "a fresh run's table");
    assert.deepEqual(await axeViolations(page), [], `two choices, ${colorScheme}, ${width} px`);
    await shot(two, "two-choices");

    // Shuffle sharding: 8 workers, 2 each, 28 shards; one more worker and one more each
    // is 9 choose 3 = 84. The picture marks each customer's 3 and what they share.
    const shuffle = await revealed(page, "crash every worker that serves them");
    await said(shuffle, /^8 workers, 2 for each customer: 28 different shards\.\n+Two customers share all 2 workers with chance 1 in 28: 3\.6%\. They share at least one with chance 46\.4%\./);
    await press(shuffle.getByRole("slider", { name: "Workers", exact: true }), "ArrowRight");
    await press(shuffle.getByRole("slider", { name: "Workers per customer" }), "ArrowRight");
    await said(shuffle, /^9 workers, 3 for each customer: 84 different shards\.\n+Two customers share all 3 workers with chance 1 in 84: 1\.2%\. They share at least one with chance 76\.2%\./);
    const rowA = shuffle.locator(".fu-row").first();
    await waitUntil(() => rowA.locator(".fu-cell").count(), (n) => n === 9, "nine workers drawn");
    assert.equal(await rowA.locator(".fu-in").count(), 3);
    const both = await rowA.locator(".fu-both").count();
    const pair = await shuffle.locator(".fu-pair-said").innerText();
    assert.match(pair, both === 0 ? /no worker in common/ : both === 3 ? /the same shard/ : new RegExp(`share ${both} of 3 workers`));
    await press(shuffle.getByRole("button", { name: "Deal two more customers" }));
    await waitUntil(() => shuffle.locator(".fu-pair-said").innerText(), (t) => t !== pair || both === 3, "a fresh pair");
    assert.deepEqual(await axeViolations(page), [], `shuffle sharding, ${colorScheme}, ${width} px`);
    await shot(shuffle, "shuffle-sharding");

    // Fixed partitions: 60 on 4 nodes, node 5 takes 12; at 16 nodes node 17 takes 3; with
    // a single partition the newcomer gets nothing.
    const fixed = await revealed(page, "When you add a node, what moves?");
    await said(fixed, /^Node 5 joins and takes 12 of the 60 partitions: 20\.0% of the keys move, and no key changes partition\.\n+Hashing mod N from 4 to 5 nodes would move 80\.0% of the keys\./);
    assert.equal(await fixed.locator(".fu-row").nth(1).locator(".fu-moved").count(), 12);
    await press(fixed.getByRole("slider", { name: "Nodes before the join" }), "End");
    await said(fixed, /^Node 17 joins and takes 3 of the 60 partitions: 5\.0% of the keys move.*\n+Hashing mod N from 16 to 17 nodes would move 94\.1% of the keys\./);
    assert.equal(await fixed.locator(".fu-row").nth(1).locator(".fu-moved").count(), 3);
    await shot(fixed, "fixed-partitions");
    await press(fixed.getByRole("slider", { name: "Partitions" }), "Home");
    await said(fixed, /^Node 17 joins and gets nothing: there are fewer partitions \(1\) than nodes \(17\)/);
    assert.equal(await fixed.locator(".fu-moved").count(), 0);
    assert.deepEqual(await axeViolations(page), [], `fixed partitions, ${colorScheme}, ${width} px`);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `follow-ups overflow ${overflow} px at ${width} px`);
    clean();
    await context.close();
  }
});

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

/** Each item of issue 36 is checked in these: theme and width (the phone 360 × 640). */
const LOOKS = [["light", 360], ["dark", 360], ["light", 1280], ["dark", 1280]];

/** A page in `theme` at `width`, with UTC as its time zone (the history's dates). */
function openLook(theme, width) {
  return open(env, { viewport: { width, height: width < 600 ? 640 : 800 }, colorScheme: theme, timezoneId: "UTC" });
}

/** The first screen alone, as a phone shows it before any scrolling. */
function firstScreen(page, name) {
  return page.screenshot({ path: join(SCREENSHOTS, `${name}.png`) });
}

test("issue 36, item 11: a model answer waits for an attempt, and the gates count attempts", async () => {
  for (const [theme, width] of LOOKS) {
    const { context, page, clean } = await openLook(theme, width);
    // Stored before the rule: every follow-up revealed, none tried. They still show, but
    // count for nothing.
    await load(env, page, "#/prep/follow-ups");
    await page.evaluate(() => localStorage.setItem("ringlab.learn.progress", "shown=9,10,11,12,13,14,15,16,17,18"));
    await page.reload();
    const followUps = page.getByRole("region", { name: "Follow-ups" });
    await followUps.waitFor();
    assert.equal(await followUps.getByRole("heading", { name: "A strong answer" }).count(), 10, `${theme} ${width}: old reveals still show`);
    const progress = page.getByRole("list", { name: "Your progress" }).getByRole("listitem");
    assert.equal(await progress.nth(1).innerText(), "Follow-ups: 0 of 14 answered and revealed");
    await page.evaluate(() => localStorage.setItem("ringlab.learn.progress", "t9=%20%20"));
    await page.reload();
    await followUps.waitFor();

    // Nothing typed (blank space is not an answer): the reveal waits and says why.
    const card = (i) => followUps.locator("ol.iv-prompts > li").nth(i);
    const reveal = card(0).getByRole("button", { name: "Reveal model answer" });
    assert.ok(await reveal.isDisabled(), "blank text is no attempt");
    assert.equal(await card(0).locator(".iv-first").innerText(), "Answer first: type in the box, or tick \u201cI answered aloud\u201d.");
    assert.equal(await reveal.getAttribute("aria-describedby"), await card(0).locator(".iv-first").getAttribute("id"));
    // Aloud: tick it, by keyboard, and the reveal opens.
    await press(card(0).getByRole("checkbox", { name: "I answered aloud" }), "Space");
    await waitUntil(() => reveal.isEnabled(), (on) => on, "the reveal opens once answered aloud");
    await press(reveal);
    await page.waitForFunction(() => document.activeElement?.id === "iv-p9-model");
    // Typed: the second card opens with the first word.
    const second = card(1).getByRole("button", { name: "Reveal model answer" });
    assert.ok(await second.isDisabled());
    await card(1).getByRole("textbox", { name: "Your answer" }).focus();
    await page.keyboard.type("Virtual nodes");
    await waitUntil(() => second.isEnabled(), (on) => on, "the reveal opens once typed");
    await press(second);
    await card(1).getByRole("heading", { name: "A strong answer" }).waitFor();
    // The third card, untried, keeps its answer hidden.
    assert.equal(await card(2).getByRole("heading", { name: "A strong answer" }).count(), 0);
    await screenshot(page, `prep-11-attempt-${theme}-${width}`);
    // Each reveal recorded with its attempt; the summary and the cheat sheet count them.
    assert.match(await page.evaluate(() => localStorage.getItem("ringlab.learn.progress")), /tried=9a(%2C|,)10t/);
    await waitUntil(() => progress.nth(1).innerText(), (t) => t === "Follow-ups: 2 of 14 answered and revealed", "the summary counts attempts");
    await part(page, "Cheat sheet", "cheat-sheet");
    await page.getByText("(2 of 23 so far)", { exact: false }).waitFor();
    assert.equal(await page.locator(".cheat-sheet").count(), 0);
    await screenshot(page, `prep-11-gate-${theme}-${width}`);
    clean();
    await context.close();
  }
});

test("issue 36, item 12: the timed run cues at 1:00 and 0:30, and keeps each sitting", async () => {
  for (const [theme, width] of LOOKS) {
    const { context, page, clean } = await openLook(theme, width);
    await page.clock.install({ time: new Date("2026-01-05T09:00:00Z") });
    await load(env, page, "#/prep/timed");
    // A damaged sitting from storage is dropped alone; the good one stays.
    await page.evaluate(() => localStorage.setItem("ringlab.learn.progress", "r1767517200000=299%2C3&r5=999%2C1&rx=1%2C1&r7=1"));
    await page.reload();
    await page.clock.pauseAt(new Date("2026-01-05T09:01:00Z"));
    const timed = page.getByRole("region", { name: "A timed run: five minutes" });
    const clock = timed.getByRole("timer", { name: "Time left" });
    const cue = timed.locator(".tm-cue");
    const history = page.getByRole("region", { name: "Your sittings" });
    // The reload's load event comes before the app has drawn (its module loads after):
    // wait for the part itself, which draws its sittings in the same render.
    await timed.waitFor();
    assert.equal(await history.locator("tbody tr").count(), 1, "the damaged sittings are dropped");
    assert.equal(await history.locator(".tm-progress").innerText(), "1 sitting so far: you covered 2 of 7 rubric points in 4:59.");
    assert.equal(await cue.getAttribute("aria-live"), "assertive");
    assert.equal(await cue.textContent(), "");

    await press(timed.getByRole("button", { name: "Start the clock" }));
    await page.waitForFunction(() => document.activeElement?.id === "tm-text");
    await page.keyboard.type("Ring, virtual nodes, copies.");
    await page.clock.fastForward("03:59");
    await waitText(clock, /^1:01$/);
    assert.equal(await cue.textContent(), "", "no cue before 1:00");
    await page.clock.fastForward("00:01");
    await waitText(cue, /^1 minute left\.$/);
    assert.equal(await clock.innerText(), "1:00");
    assert.match(await clock.getAttribute("class"), /tm-clock-low/);
    await firstScreen(page, `prep-12-cue-${theme}-${width}`);
    await page.clock.fastForward("00:30");
    await waitText(cue, /^30 seconds left\.$/);
    assert.equal(await clock.innerText(), "0:30");
    await page.clock.fastForward("00:30");
    await waitText(cue, /^Time's up\.$/);
    assert.equal(await clock.innerText(), "0:00");
    // Two rubric points ticked: the sitting is kept with them.
    await press(timed.getByRole("checkbox").nth(0), "Space");
    await press(timed.getByRole("checkbox").nth(3), "Space");
    await timed.getByText("2 of 7 ticked").waitFor();
    await waitText(history.locator(".tm-progress"), /^2 sittings so far\./);
    assert.equal(await history.locator(".tm-progress").innerText(), "2 sittings so far. Your first covered 2 of 7 rubric points, your latest 2: the same. Your best is 2 of 7.");
    assert.deepEqual(await history.locator("tbody tr").first().locator("td").allInnerTexts(), ["5 Jan 2026", "5:00, time's up", "2 of 7"]);
    assert.deepEqual(await history.locator("tbody tr").nth(1).locator("td").allInnerTexts(), ["4 Jan 2026", "4:59", "2 of 7"]);

    // Again, done early with more ticked: the progress says so, and a reload keeps it.
    await press(timed.getByRole("button", { name: "Try again" }));
    await press(timed.getByRole("button", { name: "Start the clock" }));
    await page.clock.fastForward("01:30");
    await waitText(clock, /^3:30$/);
    await press(timed.getByRole("button", { name: "I'm done" }));
    for (const i of [0, 1, 2, 4]) await press(timed.getByRole("checkbox").nth(i), "Space");
    await timed.getByText("4 of 7 ticked").waitFor();
    assert.equal(await cue.textContent(), "", "no cue when done early");
    const line = "3 sittings so far. Your first covered 2 of 7 rubric points, your latest 4: 2 more. Your best is 4 of 7.";
    await waitText(history.locator(".tm-progress"), new RegExp(`^${line.replace(/\./g, "\\.")}$`));
    await screenshot(page, `prep-12-history-${theme}-${width}`);
    await page.reload();
    await history.waitFor();
    assert.equal(await history.locator(".tm-progress").innerText(), line);
    assert.deepEqual(await history.locator("tbody tr").first().locator("td").allInnerTexts(), ["5 Jan 2026", "1:30", "4 of 7"]);
    assert.equal(await page.getByRole("list", { name: "Your progress" }).getByRole("listitem").nth(2).innerText(), "Timed run: 3 sittings, best 4 of 7 points");
    clean();
    await context.close();
  }
});

test("issue 36, item 14: on a phone question 1 is on the first screen, and the dry run opens with what there is to do", async () => {
  for (const [theme, width] of LOOKS) {
    const { context, page, clean } = await openLook(theme, width);
    await load(env, page, "#/prep/pre-test");
    const question = page.locator(".quiz-question").first();
    await question.waitFor();
    // Question 1's legend and its first option in the first screen, without scrolling.
    const height = await page.evaluate(() => window.innerHeight);
    const legend = await question.locator("legend").boundingBox();
    const option = await question.locator(".quiz-option, .quiz-number").first().boundingBox();
    assert.ok(legend.y >= 0 && option.y + option.height <= height, `${theme} ${width}: question 1 ends at ${option.y + option.height} of ${height} px`);
    // The parts in at most two rows; the progress after the part.
    const tops = await page.getByRole("navigation", { name: "Parts" }).getByRole("link").evaluateAll((links) => links.map((a) => Math.round(a.getBoundingClientRect().top)));
    assert.ok(new Set(tops).size <= 2, `the parts take ${new Set(tops).size} rows: ${tops}`);
    const after = await page.evaluate(() => {
      const part = document.querySelector(".prep-part");
      const status = document.querySelector(".prep-status");
      return Boolean(part.compareDocumentPosition(status) & Node.DOCUMENT_POSITION_FOLLOWING);
    });
    assert.ok(after, "the progress comes after the part");
    await firstScreen(page, `prep-14-first-screen-${theme}-${width}`);

    // The dry run, before any check: what there is to do, not "0 of 0".
    await part(page, "Dry run", "dry-run");
    const status = page.getByRole("region", { name: "A coding dry run: get_server" }).getByRole("status");
    assert.equal(await status.innerText(), "6 lookups to predict; none checked yet.");
    const select = page.getByRole("combobox", { name: "get_server(35) returns" }).first();
    await select.focus();
    await page.keyboard.type("B");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    await waitText(status, /^1 of 1 checked right; 6 lookups in all\.$/);
    await firstScreen(page, `prep-14-dry-run-${theme}-${width}`);
    clean();
    await context.close();
  }
});
