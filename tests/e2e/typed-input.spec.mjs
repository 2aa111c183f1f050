// Input as people really send it: lesson links typed on a slide, links that use the whole range
// a link allows, and trace files far heavier than the page ever writes.
import { test, expect } from './fixtures.mjs';
import { readFile, writeFile } from 'node:fs/promises';
import { Playground } from './playground.page.mjs';
import { slowness, scaled } from './responsiveness.mjs';

const LESSONS = {
  'rusted-lock': ['answered', 'model'],
  'server-hiccup': ['answered', 'code'],
  'rate-limited': ['answered', 'code'],
  'bad-key': ['failed', 'nobody'],
  'bad-request-retried': ['failed', 'nobody'],
  'broken-json': ['answered', 'model'],
  'invented-tool': ['answered', 'model'],
  'stubborn-model': ['gave-up', 'code'],
  'same-call-twice': ['escalated', 'code'],
  'never-ending-turn': ['answered', 'code'],
  'retries-used-up': ['failed', 'nobody'],
  'why-jitter': ['answered', 'code'],
  'bare-error': ['escalated', 'code'],
  'secret-in-history': ['answered', 'nobody'],
  'lost-reply': ['answered', 'code'],
  'finish-reason': ['answered', 'code'],
};

for (const [id, [outcome, layer]] of Object.entries(LESSONS)) {
  test(`?lesson=${id} alone plays that lesson's own run and ends as its text says`, async ({ page }) => {
    const pg = new Playground(page);
    await pg.open(`?lesson=${id}&speed=instant`);
    await expect(page.getByTestId('lesson-card')).toHaveAttribute('data-lesson', id);
    // Its words are there, and short: a title, a one-line goal.
    const title = (await page.locator('#lesson-title').textContent()).trim();
    const goal = (await page.locator('.lesson-goal').textContent()).trim();
    expect(title.length, `${id} has a title`).toBeGreaterThan(3);
    expect(goal.length, `${id}: ${goal}`).toBeGreaterThan(10);
    expect(goal.length, `${id}: ${goal}`).toBeLessThan(120);
    await expect(page.getByTestId('lesson-changes')).toHaveCount(0);
    await expect(page.getByTestId('link-notice')).toHaveCount(0);
    await page.getByTestId(`answer-${layer}`).click();
    await pg.waitForOutcome(outcome, 30_000);
    await expect(page.getByTestId('lesson-explanation')).toHaveAttribute('data-correct', 'true');
    // Two or three sentences, read aloud after the run.
    const explanation = (await page.locator('[data-testid="lesson-explanation"] p:not(.verdict-line)').first().textContent()).trim();
    const sentences = explanation.split('. ').length;
    expect(sentences, `${id}: ${explanation}`).toBeGreaterThanOrEqual(2);
    expect(sentences, `${id}: ${explanation}`).toBeLessThanOrEqual(3);
    // The lesson's own failure is on the board, in the layer its answer names.
    await expect(page.locator(`[data-testid="board-entry"][data-layer="${layer}"]`).first()).toBeVisible();
  });
}

test('other keys in a lesson link change its settings, and the card says which', async ({ page }) => {
  const pg = new Playground(page);
  await pg.open('?lesson=retries-used-up&attempts=5&speed=instant');
  const changes = page.getByTestId('lesson-changes');
  await expect(changes).toHaveAttribute('data-keys', 'attempts');
  await expect(changes).toContainText('Attempts in all');
  await expect(page.getByTestId('fault-503-times')).toHaveValue('3');
  // Five attempts outlast three 503s: the run the link asked for, not the lesson's.
  await page.getByTestId('answer-code').click();
  await pg.waitForOutcome('answered');
  // The run settings sit below the fold and arrive by themselves once the page is up.
  await expect(page.getByTestId('max-attempts')).toHaveValue('5');
  expect(decodeURIComponent(page.url())).toContain('lesson=retries-used-up&attempts=5');
  expect(page.url()).not.toContain('faults=');
});

test('an unknown lesson id is named in a notice and the lesson list opens', async ({ page }) => {
  const pg = new Playground(page);
  await pg.open('?lesson=no-such-lesson');
  await expect(page.getByTestId('link-notice')).toContainText('no-such-lesson');
  await expect(page.getByTestId('lessons')).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByTestId('lessons-menu').locator('ol li')).toHaveCount(16);
  await expect(page.getByTestId('lesson-card')).toHaveCount(0);
});

test('every fault turn and repeat a link may hold shows in the panel', async ({ page }) => {
  const pg = new Playground(page);
  await pg.open('?v=1&faults=t2:503x7&attempts=8');
  await expect(page.getByTestId('fault-503')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('fault-503-times')).toHaveValue('7');
  await pg.open('?v=1&faults=t12:429&turns=20');
  await expect(page.getByTestId('fault-429-turn')).toHaveValue('12');
  await expect(page.getByTestId('fault-429-turn')).toHaveAttribute('max', '20');
  // And a turn typed into the panel goes into the link.
  await pg.fault('badjson', { turn: 15 });
  await expect.poll(() => decodeURIComponent(page.url())).toContain('t15:badjson');
});

// ------------------------------------------------------------------------------------------------
// Heavy traces
// ------------------------------------------------------------------------------------------------

/** Saves the trace of a 1,000-turn run made by the page itself: the starting point of each file. */
async function thousandTurnTrace(page, testInfo) {
  const pg = new Playground(page);
  await pg.open('?v=1&model=stubborn&repeat=off&errors=0&turns=1000&speed=instant');
  await pg.run();
  await pg.waitForOutcome('gave-up', 30_000);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-trace').click()]);
  const path = testInfo.outputPath('base-trace.json');
  await download.saveAs(path);
  return JSON.parse(await readFile(path, 'utf8'));
}

/** Opens `trace` in a fresh page and clicks the Lessons button over and over until the run ends:
 *  each click must be answered (a freeze would hold it for minutes; the bound is generous, so a
 *  busy machine passes). Returns the long tasks seen meanwhile, and the bound on them for this
 *  machine now: 200 ms on a quiet one, scaled by its measured slowness. */
async function openAndPoke(context, trace, testInfo, name, expected) {
  const page = await context.newPage();
  const pg = new Playground(page);
  await pg.watchLongTasks();
  await pg.open('?v=1&speed=instant');
  await page.mouse.wheel(0, 1500);
  const path = testInfo.outputPath(name);
  await writeFile(path, JSON.stringify(trace));
  const bytes = (await readFile(path)).length;
  const slow = await slowness(page);
  await pg.takeLongTasks();
  await page.getByTestId('import-trace').setInputFiles(path);
  const lessons = page.getByTestId('lessons');
  let pokes = 0;
  while ((await pg.outcome.count()) === 0 && pokes < 60) {
    const before = await lessons.getAttribute('aria-expanded');
    await lessons.click({ timeout: 15_000 });
    await expect(lessons).not.toHaveAttribute('aria-expanded', before, { timeout: 15_000 });
    pokes += 1;
  }
  if (expected) await pg.waitForOutcome(expected, 30_000);
  const long = await pg.takeLongTasks();
  return { page, pg, bytes, long, pokes, bound: scaled(200, slow), slow };
}

test('heavy traces: a megabyte task is refused at once, a megabyte output and a 5 MB file replay without freezing', async ({ page, context }, testInfo) => {
  test.setTimeout(180_000);
  const base = await thousandTurnTrace(page, testInfo);
  expect(base.events.length).toBeGreaterThan(5000);

  // 1. A task of a megabyte without a break: refused, saying why.
  const bigTask = structuredClone(base);
  bigTask.events[0].task = 'x'.repeat(1_000_000);
  const refused = await openAndPoke(context, bigTask, testInfo, 'task-1mb.json', null);
  await expect(refused.page.getByTestId('trace-error')).toContainText('1000000 characters');
  expect(refused.long.filter((ms) => ms > refused.bound), `long tasks: ${refused.long}, bound ${refused.bound} ms`).toEqual([]);
  await refused.page.close();

  // 2. One tool output of a megabyte without a break: replayed, the page answering throughout.
  const bigOutput = structuredClone(base);
  bigOutput.events.find((e) => e.type === 'tool-failed').output = 'y'.repeat(1_000_000);
  const one = await openAndPoke(context, bigOutput, testInfo, 'output-1mb.json', 'gave-up');
  expect(one.bytes).toBeGreaterThan(1_000_000);
  await expect(one.pg.entries()).toHaveCount(base.events.length);
  expect(one.long.filter((ms) => ms > one.bound), `long tasks: ${one.long}, bound ${one.bound} ms`).toEqual([]);
  await one.page.close();

  // 3. Close to the 5 MB limit: every tool output long and unbroken, thousands of events.
  const heavy = structuredClone(base);
  const outputs = heavy.events.filter((e) => e.type === 'tool-failed' || e.type === 'tool-succeeded');
  const room = 4_900_000 - JSON.stringify(base).length;
  const each = Math.floor(room / outputs.length);
  for (const e of outputs) e.output = 'z'.repeat(each);
  const five = await openAndPoke(context, heavy, testInfo, 'trace-5mb.json', 'gave-up');
  expect(five.bytes).toBeGreaterThan(4_500_000);
  expect(five.bytes).toBeLessThanOrEqual(5_000_000);
  await expect(five.pg.entries()).toHaveCount(base.events.length);
  expect(five.long.filter((ms) => ms > five.bound), `long tasks: ${five.long}, bound ${five.bound} ms`).toEqual([]);
  console.log(`figures: 1 MB task refused, long tasks [${refused.long}]; 1 MB output ${one.bytes} B, ${one.pokes} clicks answered, long tasks [${one.long}]; 5 MB trace ${five.bytes} B, ${base.events.length} events, ${five.pokes} clicks answered, long tasks [${five.long}]; calibration ${five.slow.calibrationMs} ms`);
  await five.page.close();

  // 4. Stop during the replay of a long trace at 1x ends it at once.
  const slow = structuredClone(heavy);
  slow.scenario = slow.scenario.replace(/&?speed=instant/, '');
  const stopPage = await context.newPage();
  const stopper = new Playground(stopPage);
  await stopper.open('?v=1');
  await stopPage.mouse.wheel(0, 1500);
  const path = testInfo.outputPath('trace-slow.json');
  await writeFile(path, JSON.stringify(slow));
  await stopPage.getByTestId('import-trace').setInputFiles(path);
  await expect(stopper.entries().first()).toBeVisible({ timeout: 10_000 });
  await stopper.stop();
  // Stop lands at once: 2 s on a quiet machine, scaled to this one.
  await stopper.waitForOutcome('cancelled', scaled(2_000, await slowness(stopPage)));
  await stopPage.close();
});
