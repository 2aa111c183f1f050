// The clicker goes to the point in a narrated lesson: a press never queues (a double press moves on
// at once and nothing moves later by itself), F jumps to the next failure, and End goes to the
// outcome during a live run. The number of presses per lesson is counted natively, over every
// lesson (engine/tests/clicker_beats.rs).
import { test, expect } from './fixtures.mjs';
import { Playground } from './playground.page.mjs';

const LESSON = '?lesson=rate-limited&mode=present&speed=1&lang=en';
const FAILURES = ['model-call-failed', 'tool-failed', 'guard-tripped', 'quirk-tolerated', 'secret-sent', 'finished'];

/** Opens the lesson and shows its first beat. */
async function firstBeat(page, lesson = LESSON) {
  const pg = new Playground(page);
  await pg.goto(lesson);
  await expect(pg.lessonQuestion).toBeVisible();
  await page.keyboard.press('PageDown');
  await expect.poll(async () => (await pg.steps()).of).toBeGreaterThan(2);
  return pg;
}

/** The steps on screen once nothing has moved for a second and a half. */
async function settled(pg) {
  let last = await pg.steps();
  await expect.poll(async () => {
    await pg.page.waitForTimeout(1500);
    const now = await pg.steps();
    const same = now.at === last.at && now.of === last.of;
    last = now;
    return same;
  }, { timeout: 30_000, intervals: [0] }).toBe(true);
  return last;
}

test('two presses of the clicker in a row land at once, never a step more, and nothing moves after by itself', async ({ page, browser }) => {
  test.setTimeout(90_000);
  // What one and two deliberate presses show, each after the one before has landed.
  const reference = await browser.newPage();
  const ref = await firstBeat(reference);
  const landed = [];
  for (let i = 0; i < 2; i++) {
    const before = await ref.steps();
    await reference.keyboard.press('PageDown');
    await expect.poll(async () => (await ref.steps()).of).toBeGreaterThan(before.of);
    landed.push(await settled(ref));
  }
  await reference.close();

  const pg = await firstBeat(page);
  await page.keyboard.press('PageDown');
  await page.keyboard.press('PageDown');
  // Each press lands at once: the second either moves on a beat more, or, landing while the
  // first's beat was still being shown, is taken by it. Never a step more, and nothing later
  // from a press kept for afterwards.
  const now = await settled(pg);
  expect(landed, JSON.stringify(now)).toContainEqual(now);
  await page.waitForTimeout(2000);
  expect(await pg.steps()).toEqual(now);
});

test('F jumps to the next failure and End goes to the outcome during a live narrated run', async ({ page }) => {
  test.setTimeout(60_000);
  // Narrated outside presenter mode too, where the log shows which step is on screen.
  const pg = await firstBeat(page, '?lesson=rate-limited&pace=narrate&speed=1&lang=en');
  await expect(pg.keysHint).toContainText('F next failure');
  const before = await pg.steps();
  await page.keyboard.press('f');
  await expect.poll(async () => (await pg.steps()).of).toBeGreaterThan(before.of);
  const after = await settled(pg);
  // The step on screen is a failure: the run is held there, with its stamp up.
  expect(after.at).toBe(after.of);
  const kind = await pg.entries().last().getAttribute('data-kind');
  expect(FAILURES, `step ${after.at} is ${kind}`).toContain(kind);
  await expect(pg.outcome).toHaveCount(0);
  await page.keyboard.press('End');
  await expect(pg.outcome).toHaveAttribute('data-outcome', 'answered', { timeout: 20_000 });
  const end = await pg.steps();
  expect(end.at).toBe(end.of);
});
