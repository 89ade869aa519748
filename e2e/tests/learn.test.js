// The walkthrough, as a learner walks it with the keyboard: the hook answered wrong then
// right, a number scrubbed, every challenge done by using the widget, the quiz with some
// wrong answers, every model answer revealed and the whole answer, a reload that resumes,
// and progress forgotten. Interview prep (prep.test.js) takes over from there. Then every step through axe-core, light and dark,
// narrow and wide, with screenshots.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { LIVE_MAIN, load, screenshot, start } from "../harness.js";
import { open, press, waitUntil } from "../common.js";
import { axeViolations } from "../axe.js";
import { ringlab } from "../core.js";

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

/** The step's live widget: the view itself, in its iframe. */
const widget = (page) => page.frameLocator(".step-widget iframe").first();

const challenge = (page, name) =>
  page.getByRole("list", { name: "Challenges" }).getByRole("checkbox", { name: new RegExp(`^${name}`) });

async function waitChecked(locator) {
  await locator.waitFor();
  await waitUntil(() => locator.isChecked(), (checked) => checked, "the challenge ticks", 10_000);
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
    await page.frameLocator(".step-widget iframe").nth(i).locator(`${LIVE_MAIN} > *`).first().waitFor();
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
  const headerGroups = page.getByRole("navigation", { name: "Views", exact: true }).getByRole("button");
  assert.equal(await headerGroups.first().innerText(), "Learn");
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
  // The pre-test is offered before the first step's question.
  assert.equal(await page.locator(".learn-pretest").getByRole("link", { name: "pre-test" }).getAttribute("href"), "#/prep/pre-test");

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
  // Where rings route today: the real trace's figures are the command line's replay.
  const summary = (k) => ringlab(["route", "--trace", "data/mooncake/conversation_trace.jsonl", "--workers", "8", "--cache-blocks", "20000", "--router", "ring", "--prefix-blocks", k]);
  const field = (text, name) => text.split("\n").find((l) => l.startsWith(`${name}\t`)).split("\t")[1];
  assert.ok(beyond.includes(`every request lands on one worker, ${field(summary("1"), "busiest / mean requests")} times its fair share`), beyond);
  const two = summary("2");
  const reused = field(two, "blocks reused").match(/^([\d,]+) of ([\d,]+) \(([\d.]+%)\)$/);
  assert.ok(beyond.includes(`the busiest worker carries ${field(two, "busiest / mean requests")} times its share. ${reused[3]} of the prompt blocks are found in cache, ${reused[1]} of ${reused[2]}`), beyond);
  await page.getByRole("link", { name: "the lab's figures 10 to 12" }).waitFor();
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

  // 14. The interview: type an answer, reveal every model answer, then the whole answer
  // and the way on to interview prep.
  await next(page, "interview");
  const answers = page.locator("ol.iv-prompts").first().getByRole("textbox", { name: /Your answer/ });
  await answers.first().focus();
  await page.keyboard.type("Ask how many servers, how often they change, and what a miss costs.");
  const reveal = page.getByRole("button", { name: "Reveal model answer" });
  const prompts = await reveal.count();
  assert.equal(prompts, 9);
  // Nothing of a model answer or the whole answer before the candidate tries.
  assert.equal(await page.getByRole("heading", { name: "A strong answer" }).count(), 0);
  await page.getByText(`(0 of ${prompts} so far)`, { exact: false }).waitFor();
  assert.doesNotMatch(await page.locator(".iv-whole").innerText(), /I would place keys/);
  // Past "I answered aloud", the reveal.
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Enter");
  // The reveal moves the focus to what it revealed.
  await page.waitForFunction(() => document.activeElement?.id === "iv-p0-model");
  // All but the last answered aloud and revealed: the whole answer stays hidden, and says
  // how many are left. A reveal waits for its attempt.
  const aloud = page.getByRole("checkbox", { name: "I answered aloud" });
  while ((await reveal.count()) > 1) {
    assert.ok(await reveal.first().isDisabled(), "no reveal before an attempt");
    await press(aloud.first(), "Space");
    await waitUntil(() => reveal.first().isEnabled(), (on) => on, "the reveal opens once answered aloud");
    await press(reveal.first());
  }
  await page.getByText(`(${prompts - 1} of ${prompts} so far)`, { exact: false }).waitFor();
  assert.doesNotMatch(await page.locator(".iv-whole").innerText(), /I would place keys/);
  await press(aloud.first(), "Space");
  await waitUntil(() => reveal.first().isEnabled(), (on) => on, "the last reveal opens once answered aloud");
  await press(reveal.first());
  assert.equal(await page.locator("ol.iv-prompts .iv-levels").count(), prompts, "each prompt has senior and staff");
  assert.match(await page.locator(".iv-whole").innerText(), /^The whole answer\s+I would place keys with consistent hashing/);
  const prep = page.getByRole("region", { name: "Then: interview prep" }).getByRole("link");
  assert.deepEqual(await prep.allInnerTexts(), ["Follow-ups", "Timed run", "Estimation", "Dry run", "Cheat sheet", "Post-test"]);
  assert.equal(await prep.first().getAttribute("href"), "#/prep/follow-ups");

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
  // Then the post-test, in interview prep.
  assert.equal(await page.getByRole("link", { name: "post-test" }).getAttribute("href"), "#/prep/post-test");
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
