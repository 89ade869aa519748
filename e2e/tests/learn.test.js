// The walkthrough, as a learner walks it with the keyboard: the hook answered wrong then
// right, a number scrubbed, every challenge done by using the widget, the quiz with some
// wrong answers, every model answer revealed, the cheat sheet printed, a reload that
// resumes, and progress forgotten. Then every step through axe-core, light and dark,
// narrow and wide, with screenshots.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { load, screenshot, start } from "../harness.js";
import { open } from "../common.js";
import { axeViolations } from "../axe.js";

let env;
before(async () => {
  env = await start();
});
after(async () => {
  await env?.stop();
});

const SLUGS = [
  "hook", "modulo", "ring", "live", "virtual-nodes", "failure", "replication", "cost",
  "real-systems", "hot-keys", "beyond", "trade-offs", "quiz", "interview",
];

/** Focuses `locator` and presses `key`: the keyboard does the work. */
async function press(locator, key = "Enter") {
  await locator.focus();
  await locator.page().keyboard.press(key);
}

/** The step's live widget: the view itself, in its iframe. */
const widget = (page) => page.frameLocator(".step-widget iframe").first();

const challenge = (page, name) =>
  page.getByRole("list", { name: "Challenges" }).getByRole("checkbox", { name: new RegExp(`^${name}`) });

async function waitChecked(locator) {
  await locator.waitFor();
  for (let i = 0; i < 200 && !(await locator.isChecked()); i++) await locator.page().waitForTimeout(50);
  assert.ok(await locator.isChecked(), "the challenge ticks");
}

async function next(page, slug) {
  await press(page.getByRole("button", { name: "Next step" }));
  await page.waitForFunction((s) => location.hash.startsWith(`#/learn/${s}`), slug);
  await page.locator("#learn-step-title").waitFor();
  // Focus lands on the new step's heading.
  await page.waitForFunction(() => document.activeElement?.id === "learn-step-title");
  await widgetReady(page);
}

/** Scrolls to the step's widget, if it has one, and waits until it has drawn: a reader
 * who leaves a step before its widget has loaded cancels the download. */
async function widgetReady(page) {
  const frames = page.locator(".step-widget iframe");
  const count = await frames.count();
  for (let i = 0; i < count; i++) {
    await frames.nth(i).scrollIntoViewIfNeeded();
    await page.frameLocator(".step-widget iframe").nth(i).locator("main#main > *").first().waitFor();
  }
}

/** Waits until every widget's iframe has taken its content's height (frame.js posts it). */
async function widgetsSized(page) {
  await page.waitForFunction(() =>
    [...document.querySelectorAll(".step-widget iframe")].every((frame) => {
      const inner = frame.contentDocument?.documentElement;
      return inner && Math.abs(frame.getBoundingClientRect().height - inner.getBoundingClientRect().height) <= 2;
    }),
  );
}

test("the whole path, keyboard only", async () => {
  const { context, page, clean } = await open(env);
  await load(env, page, "#/learn");
  await page.waitForFunction(() => location.hash === "#/learn/hook");
  assert.equal(await page.title(), "Learn · ringlab");
  const headerLinks = page.getByRole("navigation", { name: "Views" }).getByRole("link");
  assert.equal(await headerLinks.first().innerText(), "Learn");
  assert.equal(await page.locator("h2#learn-step-title").innerText(), "A ninth server joins");

  // 1. The hook: wrong, then right. A wrong answer gives nothing away: the grids and
  // the explanation appear with the right answer (or "Show me the answer").
  assert.equal(await page.locator(".step-widget").count(), 0, "no grids before the guess");
  await press(page.getByRole("radio", { name: /^Almost all/ }), "Space");
  await press(page.getByRole("button", { name: "Check answer" }));
  await page.getByText("Not quite.").waitFor();
  assert.ok(await page.getByRole("button", { name: "Show me the answer" }).isVisible());
  assert.equal(await page.locator(".step-widget").count(), 0, "no grids after a wrong guess");
  assert.doesNotMatch(await page.locator(".learn-step").innerText(), /Under modulo only/);
  assert.ok(!(await challenge(page, "Predict").isChecked()));
  await press(page.getByRole("radio", { name: /^Almost none/ }), "Space");
  await press(page.getByRole("button", { name: "Check answer" }));
  await page.getByText("Right: almost every key moves.").waitFor();
  await waitChecked(challenge(page, "Predict"));
  await widget(page).locator(".gr-columns").first().waitFor();
  // A scrubbable number: arrow keys rewrite the sentence.
  const knob = page.getByRole("spinbutton", { name: "Servers before the join" });
  const sentence = page.locator(".scrub-sentence").first();
  assert.match(await sentence.innerText(), /Going from 8 to 9 servers moves 88\.9% of the keys under modulo and 11\.1% on a ring\./);
  await press(knob, "ArrowRight");
  assert.match(await sentence.innerText(), /Going from 9 to 10 servers moves 90\.0% of the keys under modulo and 10\.0% on a ring\./);
  await press(knob, "End");
  assert.match(await sentence.innerText(), /Going from 1,000 to 1,001 servers moves 99\.9% of the keys under modulo and 0\.100% on a ring\./);
  // And by dragging it sideways.
  await press(knob, "Home");
  const box = await knob.boundingBox();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 40, box.y + box.height / 2, { steps: 5 });
  await page.mouse.up();
  assert.equal(await knob.getAttribute("aria-valuenow"), "11");
  await screenshot(page, "learn-01-hook");

  // 2 and 3: read, look, move on.
  // Step 2's widget shows the failure its words describe (16 to 17), then the doubling.
  await next(page, "modulo");
  const modulo = await page.locator(".learn-step").innerText();
  assert.match(modulo, /16 servers become 17\. A lit cell is a key that moved: expect all but 1 in 17, that is 16\/17 \(94\.1%\)/);
  assert.match(modulo, /moves exactly 1\/2 of the keys/);
  await widget(page).getByText(/of 256 keys moved/).first().waitFor();
  const moved = Number((await widget(page).locator(".gr-counter").first().innerText()).match(/(\d+) of 256/)[1]);
  assert.ok(moved > 200, `16 to 17 under modulo moved ${moved} of 256`);
  await next(page, "ring");
  await widget(page).locator("svg").first().waitFor();

  // 4. Add a server, walk a key: both tick from the widget itself.
  // Step 4's words say what the preset's join does; the widget's counter agrees.
  await next(page, "live");
  assert.match(await page.locator(".learn-step").innerText(), /E lands on one arc and takes the keys on it: here 4 of the 8 keys \(50\.0%\), all from \w\. Its fair share would be 20\.0%/);
  await press(widget(page).getByRole("button", { name: "Add server" }));
  await waitChecked(challenge(page, "Add a fifth server"));
  await widget(page).getByText(/4 of 8 keys moved \(50\.0%\)/).first().waitFor();
  await press(widget(page).getByRole("group", { name: "Walk a key" }).getByRole("button").first());
  await waitChecked(challenge(page, "Walk a key"));
  const tocLive = page.getByRole("navigation", { name: "Steps" }).getByRole("link", { name: /The same thing, live/ });
  assert.match(await tocLive.innerText(), /✓/);

  // 5. Virtual nodes: the slider, to its top with End.
  await next(page, "virtual-nodes");
  assert.ok(!(await challenge(page, "Get the busiest").isChecked()));
  await press(widget(page).getByRole("slider", { name: "Virtual nodes per server" }), "End");
  await waitChecked(challenge(page, "Get the busiest"));
  await press(page.getByText("Go deeper"));
  await page.getByText(/busiest server then carries 1\.2\d times its share at N = 100 and 1\.2\d at N = 1000/).waitFor();

  // 6. Fail a server at one point per server.
  await next(page, "failure");
  await press(widget(page).getByRole("button", { name: "Fail server" }));
  await waitChecked(challenge(page, "Fail a server"));

  // 7. Walk a key with three replicas.
  // Step 7: the key the words name skips a server already on its list, in the widget too.
  await next(page, "replication");
  const replication = await page.locator(".learn-step").innerText();
  const [, named, skipped] = replication.match(/Walk (user:\d+) \(click it under the ring\) with 3 replicas: the walk meets (\w) a second time/);
  await press(widget(page).getByRole("group", { name: "Walk a key" }).getByRole("button", { name: named }));
  await waitChecked(challenge(page, "Walk a key with 3 replicas"));
  await widget(page).getByText(new RegExp(`passes server ${skipped} at .*: already chosen`)).first().waitFor();
  await press(page.getByText("Go deeper"));
  await page.getByText(/only 16 distinct replica sets, so the chance of a loss is 2\.9%/).waitFor();
  const full = page.getByRole("link", { name: /^Open in the full view/ });
  assert.match(await full.getAttribute("href"), /^#\/ring\?.*walk=1/);

  await next(page, "cost");
  assert.match(await page.locator(".learn-step").innerText(), /Yet both take 4\.27 hours on a 1 Gbit\/s link/);
  await next(page, "real-systems");
  const key = page.getByRole("textbox", { name: "Key" });
  await key.focus();
  await page.keyboard.press("Control+A");
  await page.keyboard.type("foo");
  await page.getByText("Slot 12182").waitFor();
  await next(page, "hot-keys");
  const hot = page.getByRole("spinbutton", { name: "Requests per second for the hot key" });
  assert.match(await page.locator(".scrub-sentence").innerText(), /puts 34,375 on the server that owns it: 5\.5 × the mean of 6,250\./);
  await press(hot, "ArrowUp");
  await press(hot, "ArrowUp");
  assert.match(await page.locator(".scrub-sentence").innerText(), /One key at 32,000 of 100,000 requests per second on 16 servers puts 36,250 on the server that owns it: 5\.8 ×/);
  // The load widget inline: the hot key's bar past the cap; then the stepper, at the cascade.
  const frames = page.frameLocator(".step-widget iframe");
  await frames.first().getByRole("slider", { name: "Epsilon" }).waitFor();
  assert.equal(await frames.first().locator(".load-bars .bar-over").count(), 1);
  // The stepper tells nothing before the reader plays it or drags it to its end.
  assert.equal(await frames.nth(1).locator(".break-verdict").innerText(), "Not yet told");
  await frames.nth(1).getByRole("slider", { name: "Second" }).press("End");
  await frames.nth(1).locator(".break-status.status-down").waitFor();
  assert.equal(await frames.nth(1).locator(".break-verdict").innerText(), "Down");
  // 11. Beyond the ring: the rendezvous race on photo42, jump losing bucket 3, the Maglev fill.
  await next(page, "beyond");
  const beyond = await page.locator(".learn-step").innerText();
  assert.match(beyond, /Remove bucket 3 of 10: buckets 4 to 9 become 3 to 8, and 68\.9% of the keys change server, against the 10\.0% that had to\./);
  assert.match(beyond, /when a ninth backend joins eight, [\d.]+% of Envoy's 65,537 slots change, against the least possible 11\.1%/);
  const alternatives = page.frameLocator(".step-widget iframe");
  await alternatives.nth(0).getByRole("list", { name: "Illustration: made-up scores for photo42" }).waitFor();
  await alternatives.nth(1).getByRole("table", { name: /^Keys that change server when bucket 3 of 10 goes/ }).waitFor();
  await alternatives.nth(2).getByRole("list", { name: "Lookup table after B2 leaves" }).waitFor();
  await next(page, "trade-offs");
  const trade = page.getByRole("region", { name: "Trade-offs" });
  for (const scheme of ["Maglev", "Ring with bounded loads", "Redis slots"]) {
    await trade.getByRole("row", { name: new RegExp(`^${scheme} `) }).waitFor();
  }

  // 13. The quiz: answer every question, some wrong, and get the right score.
  await next(page, "quiz");
  await answerQuiz(page);

  // 14. The interview: type an answer, reveal every model answer, print the cheat sheet.
  await next(page, "interview");
  const answers = page.locator("ol.iv-prompts").first().getByRole("textbox", { name: /Your answer/ });
  await answers.first().focus();
  await page.keyboard.type("Ask how many servers, how often they change, and what a miss costs.");
  const reveal = page.getByRole("button", { name: "Reveal model answer" });
  const followUps = page.getByRole("region", { name: "Follow-ups" });
  const followReveal = followUps.getByRole("button", { name: "Reveal model answer" });
  assert.equal(await followReveal.count(), 10, "ten follow-ups");
  const prompts = (await reveal.count()) - 10;
  assert.ok(prompts >= 9, `${prompts} prompts`);
  // Nothing of the whole answer, the cheat sheet or a follow-up's answer before the
  // candidate tries.
  assert.equal(await page.getByRole("heading", { name: "Cheat sheet", exact: true }).count(), 0);
  assert.equal(await page.getByRole("heading", { name: "The whole answer", exact: true }).count(), 0);
  assert.equal(await page.getByText("The number to quote:").count(), 0);
  await page.getByText(`(0 of ${prompts} so far)`, { exact: false }).waitFor();
  // A follow-up by keyboard: the answer, the number, the widget, senior and staff.
  const first = followUps.getByRole("listitem").first();
  await first.getByRole("textbox", { name: "Your answer" }).focus();
  await page.keyboard.type("A few hundred, and plan for the busiest.");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Enter");
  await first.getByRole("heading", { name: "A strong answer" }).waitFor();
  assert.match(await first.locator(".iv-number").innerText(), /^The number to quote: 2 ln N \/ ε² = 1,382 points at N = 1,000/);
  assert.equal(await first.getByRole("link", { name: /The lab's figure 1/ }).getAttribute("href"), "#/lab?rings=400&seed=1&workers=2&fig=1");
  assert.deepEqual(await first.locator(".iv-levels dt").allInnerTexts(), ["Senior", "Staff"]);
  // The estimation: nothing of the answer before a try; a try by keyboard is graded by the
  // core's cost model, then the working and the cost widget at that cluster.
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
  // The dry run, by keyboard: a pick per lookup (one wrong on purpose), each graded by
  // the core with its reason, the focus moving on to the next.
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
  while ((await reveal.count()) > 0) await press(reveal.first());
  // Every prompt, main and follow-up, contrasts a senior and a staff answer.
  assert.equal(await page.locator("ol.iv-prompts .iv-levels").count(), prompts + 10);
  await page.getByRole("heading", { name: "Cheat sheet" }).waitFor();
  assert.ok(await page.getByRole("button", { name: "Print cheat sheet" }).isVisible());
  const sheet = page.locator(".cheat-sheet");
  for (const part of ["Which to pick", "The follow-ups' numbers", "CLUSTER KEYSLOT somekey = 11058"]) {
    assert.ok((await sheet.innerText()).includes(part), part);
  }
  await page.emulateMedia({ media: "print" });
  assert.ok(await page.locator(".cheat-sheet").isVisible());
  assert.ok(!(await page.locator("header.top").isVisible()), "print shows the cheat sheet only");
  await screenshot(page, "learn-13-cheat-sheet-print");
  // Printed to PDF on A4, the cheat sheet is one page.
  const pdf = (await page.pdf({ format: "A4" })).toString("latin1");
  const pages = (pdf.match(/\/Type\s*\/Page\b(?!s)/g) ?? []).length;
  assert.equal(pages, 1, `the cheat sheet prints on ${pages} pages`);
  await page.emulateMedia({ media: "screen" });

  // A reload resumes on the same step, with the progress kept.
  await page.reload();
  await page.locator("#learn-step-title").waitFor();
  assert.equal(await page.evaluate(() => location.hash), "#/learn/interview");
  assert.equal(await page.locator("ol.iv-prompts").first().getByRole("textbox", { name: /Your answer/ }).first().inputValue(),
    "Ask how many servers, how often they change, and what a miss costs.");
  const toc = page.getByRole("navigation", { name: "Steps" });
  assert.match(await toc.getByRole("link", { name: /The same thing, live/ }).innerText(), /✓/);

  // Forget my progress: ticks and typed text go, and Undo brings them back.
  await press(page.getByRole("button", { name: "Forget my progress" }));
  await page.waitForFunction(() => !document.querySelector(".learn-toc li.done"));
  await press(page.getByRole("button", { name: "Undo" }));
  await page.waitForFunction(() => document.querySelector(".learn-toc li.done"));
  assert.equal(await page.locator("ol.iv-prompts").first().getByRole("textbox", { name: /Your answer/ }).first().inputValue(),
    "Ask how many servers, how often they change, and what a miss costs.");
  await press(page.getByRole("button", { name: "Forget my progress" }));
  await page.waitForFunction(() => !document.querySelector(".learn-toc li.done"));
  assert.equal(await page.locator("ol.iv-prompts").first().getByRole("textbox", { name: /Your answer/ }).first().inputValue(), "");
  assert.equal(await page.evaluate(() => localStorage.length), 0);
  clean();
  await context.close();
});

/** The quiz's right answers, in order: a number to type or the index of a choice. */
const QUIZ = ["1/9", "1/2", "1/17", 2, 1, 3, 0, 1, 1, 2, "34,375", 0, 2, 1];

/** Answers the quiz with the keyboard: right answers except for two questions. */
async function answerQuiz(page) {
  const questions = page.locator(".quiz-question");
  const total = await questions.count();
  assert.equal(total, QUIZ.length);
  const wrongOnes = [0, 3];
  for (let i = 0; i < total; i++) {
    const q = questions.nth(i);
    const makeWrong = wrongOnes.includes(i);
    const right = QUIZ[i];
    if (typeof right === "number") {
      const radios = q.getByRole("radio");
      await press(radios.nth(makeWrong ? (right + 1) % (await radios.count()) : right), "Space");
    } else {
      await q.getByRole("textbox").focus();
      await page.keyboard.type(makeWrong ? "42" : right);
    }
    await press(q.getByRole("button", { name: "Check answer" }));
    await q.locator(makeWrong ? ".quiz-wrong" : ".quiz-right").waitFor();
  }
  await page.getByText(`You got ${total - wrongOnes.length} of ${total} right`).waitFor();
  // Each missed question links to the step that teaches it; a right one does not.
  assert.equal(await questions.nth(0).getByRole("link", { name: "Review Step 2: Why modulo fails" }).getAttribute("href"), "#/learn/modulo");
  assert.equal(await questions.nth(3).getByRole("link", { name: /^Review Step 3: / }).getAttribute("href"), "#/learn/ring");
  assert.equal(await questions.nth(1).getByRole("link", { name: /^Review / }).count(), 0);
  await screenshot(page, "learn-12-quiz-scored");
}

test("the timed run: five minutes on the clock, by keyboard, then the model answer and the rubric", async () => {
  const { context, page, clean } = await open(env);
  // A clock the test moves, and only the test: five minutes pass in a moment, and no
  // real time slips in between.
  await page.clock.install({ time: new Date("2026-01-05T09:00:00") });
  await load(env, page, "#/learn/interview");
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
  for (let i = 0; i < 100 && !pattern.test(await locator.innerText()); i += 1) await new Promise((r) => setTimeout(r, 50));
  assert.match(await locator.innerText(), pattern);
}

test("every step: axe-core clean, light and dark, 360 px and desktop", async () => {
  for (const [theme, width] of [["light", 360], ["dark", 1280], ["dark", 360], ["light", 1280]]) {
    const { context, page, clean } = await open(env, { viewport: { width, height: 800 } });
    for (const [i, slug] of SLUGS.entries()) {
      await load(env, page, `#/learn/${slug}?theme=${theme}`);
      await page.locator("#learn-step-title").waitFor();
      await widgetReady(page);
      await widgetsSized(page);
      assert.deepEqual(await axeViolations(page), [], `${slug}, ${theme}, ${width} px`);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 0, `${slug} overflows ${overflow} px at ${width} px`);
      await page.evaluate(() => window.scrollTo(0, 0));
      if (width === 360 || i % 4 === 0) {
        await screenshot(page, `learn-${String(i + 1).padStart(2, "0")}-${slug}-${theme}-${width}`);
      }
    }
    clean();
    await context.close();
  }
});

test("one step embedded, and a bad step link", async () => {
  const { context, page, clean } = await open(env);
  await load(env, page, "#/learn/5?embed=1");
  await page.locator("#learn-step-title").waitFor();
  assert.equal(await page.locator("#learn-step-title").innerText(), "Virtual nodes");
  assert.equal(await page.getByRole("navigation", { name: "Steps" }).count(), 0);
  assert.equal(await page.getByRole("button", { name: "Next step" }).count(), 0);
  await page.waitForFunction(() => location.hash === "#/learn/virtual-nodes?embed=1");
  // The step's own widget loads before the page moves on (else its download is cut off).
  await widgetReady(page);
  await load(env, page, "#/learn/99");
  await page.getByText("step=99 is not a step: using hook").waitFor();
  assert.equal(await page.locator("#learn-step-title").innerText(), "A ninth server joins");
  clean();
  await context.close();
});
