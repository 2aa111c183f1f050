// The clicker goes to the point in a narrated lesson: a press never queues (a double press moves on
// at once and nothing moves later by itself), F jumps to the next failure, and End goes to the
// outcome during a live run. No press is silent (issue 54): each shows its change by the first
// animation frame after it, a wait or a silent call counts down on screen, and a press during it
// is the next press. The number of presses per lesson is counted natively, over every lesson
// (engine/tests/clicker_beats.rs), and here, pressing, over the hour plan's lessons.
import { readFileSync } from 'node:fs';
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

/** Presses `key` in the page and reads the screen before it and at the first animation frame
 * after it: what the room sees (the step, the stage's beat, the caption, a countdown, the outcome,
 * the lesson), not a countdown's own ticking. */
async function pressAndLook(page, key = 'PageDown') {
  return page.evaluate(async (key) => {
    const look = () => {
      const q = (s) => document.querySelector(s);
      return {
        url: location.search,
        step: q('[data-testid="step"]')?.textContent ?? '',
        beat: q('[data-testid="stage"]')?.getAttribute('data-beat') ?? '',
        caption: q('[data-testid="scene-caption"]')?.textContent ?? '',
        waiting: !!q('[data-testid="waiting"]') && !q('[data-testid="waiting"]').textContent.match(/^No answer/),
        silent: q('[data-testid="waiting"]')?.textContent.match(/^No answer/) ? q('[data-testid="waiting"]').textContent : null,
        question: !!q('[data-testid="lesson-question"]'),
        outcome: !!q('[data-testid="outcome"]'),
      };
    };
    const before = look();
    document.body.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
    await new Promise((r) => requestAnimationFrame(() => r()));
    const after = look();
    const { silent: a, ...restBefore } = before;
    const { silent: b, ...restAfter } = after;
    return { before, after, changed: JSON.stringify(restBefore) !== JSON.stringify(restAfter) || (a === null) !== (b === null) };
  }, key);
}

/** Waits until the press has shown its beat: the screen the same over two pairs of animation
 * frames, with a run on it once the question is answered. */
async function landed(page) {
  await page.evaluate(async () => {
    const frame = () => new Promise((r) => requestAnimationFrame(() => r()));
    const read = () => {
      const q = (s) => document.querySelector(s);
      return JSON.stringify([q('[data-testid="stage"]')?.getAttribute('data-beat'), q('[data-testid="scene-caption"]')?.textContent,
        !!q('[data-testid="waiting"]'), !!q('[data-testid="outcome"]'), !!q('[data-testid="lesson-question"]'), location.search]);
    };
    const idle = () => document.querySelector('[data-testid="stage"]')?.getAttribute('data-beat') === 'idle'
      && !document.querySelector('[data-testid="lesson-question"]');
    let last = read();
    for (let i = 0; i < 600; i++) {
      await frame();
      await frame();
      const now = read();
      if (now === last && !idle()) return;
      last = now;
    }
  });
}

test('the hang counts its silence down with the watchdog limit beside it, and a press during any wait is the next press', async ({ page }) => {
  test.setTimeout(60_000);
  const pg = new Playground(page);
  await pg.goto('?lesson=never-ending-turn&mode=present&speed=1&lang=en');
  await expect(pg.lessonQuestion).toBeVisible({ timeout: 30_000 });
  expect((await pressAndLook(page)).changed, 'the first beat').toBe(true);
  await landed(page);
  // Turn 2: the history goes to the oracle, which never answers. The countdown is up at once.
  const call = await pressAndLook(page);
  expect(call.changed).toBe(true);
  expect(call.after.silent, JSON.stringify(call.after)).toMatch(/^No answer for .*: the watchdog gives up at 5\.0 s$/);
  // It runs down by itself, and nothing else moves.
  await expect(page.getByTestId('waiting')).not.toHaveText(call.after.silent, { timeout: 5_000 });
  expect((await pressAndLook(page, 'Shift')).after.step).toBe(call.after.step);
  // A press during it cuts it: the watchdog gives up at once.
  const cut = await pressAndLook(page);
  expect(cut.changed).toBe(true);
  expect(cut.after.silent).toBeNull();
  expect(cut.after.beat).toBe('call-failed');
  await landed(page);
  // Your code's wait before the retry: its countdown at once, running down to zero, then held.
  const wait = await pressAndLook(page);
  expect(wait.after.waiting, JSON.stringify(wait.after)).toBe(true);
  await expect(page.getByTestId('waiting')).toContainText('waits 0 ms', { timeout: 10_000 });
  await page.waitForTimeout(500);
  expect((await pressAndLook(page, 'Shift')).after).toEqual(expect.objectContaining({ step: wait.after.step, waiting: true }));
  // The next press shows the retried call.
  const retried = await pressAndLook(page);
  expect(retried.changed).toBe(true);
  expect(retried.after.waiting).toBe(false);
});

/** The README's press counts per lesson ("checks this list: rusted-lock 7, …"). */
function readmeCounts() {
  const text = readFileSync(new URL('../../README.md', import.meta.url), 'utf8').replace(/\s+/g, ' ');
  const list = text.split('checks this list: ')[1].split(')')[0];
  return Object.fromEntries(list.split(', ').map((pair) => pair.split(' ')).map(([id, n]) => [id, Number(n)]));
}

const HOUR = ['rusted-lock', 'server-hiccup', 'rate-limited', 'bad-key', 'bad-request-retried', 'broken-json',
  'same-call-twice', 'never-ending-turn', 'why-jitter'];

test('the hour plan by PageDown alone: every press shows a change at the next frame, and each lesson takes the presses the README says', async ({ page }) => {
  test.setTimeout(120_000);
  const counts = readmeCounts();
  const pg = new Playground(page);
  await pg.goto(`?lesson=${HOUR[0]}&mode=present&speed=1&lang=en&lessons=${HOUR.join('.')}&exercises=retry-503`);
  const measured = {};
  for (const [i, lesson] of HOUR.entries()) {
    await expect(page.getByTestId('lesson-card')).toHaveAttribute('data-lesson', lesson, { timeout: 30_000 });
    await expect(pg.lessonQuestion).toBeVisible({ timeout: 30_000 });
    let presses = 0;
    for (;;) {
      // Pressed as soon as the beat has landed: during every wait, before it runs down.
      const look = await pressAndLook(page);
      presses += 1;
      expect(look.changed, `${lesson}, press ${presses}: ${JSON.stringify(look.before)}`).toBe(true);
      await landed(page);
      if (look.after.outcome || presses > 20) break;
    }
    measured[lesson] = presses;
    // PageDown past the outcome opens the plan's next lesson, or its end.
    const next = await pressAndLook(page);
    expect(next.changed, `${lesson}: the press past the outcome`).toBe(true);
    if (i === HOUR.length - 1) await expect(page.getByTestId('closing')).toBeVisible({ timeout: 30_000 });
  }
  test.info().annotations.push({ type: 'presses per lesson', description: JSON.stringify(measured) });
  expect(measured).toEqual(Object.fromEntries(HOUR.map((id) => [id, counts[id]])));
});
