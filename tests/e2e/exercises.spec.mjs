// Exercises (issue 27): each exercise's starting code fails its cases and each stored solution
// passes them, whatever it looks like (two correct ways for each, and a wrong one that must
// fail); a learner's walk from exercise 1 to exercise 2; the progress on the device, as a link
// and reset; a teacher's own exercise from a link; the agenda and handout list the exercises
// with QR codes that read back to their links.
import jsQR from 'jsqr';
import pngjs from 'pngjs';
import { test, expect } from './fixtures.mjs';
import { YoursView } from './yours.page.mjs';
import { exercises, robust, withRegion } from './exercises/solutions.mjs';
import { readFileSync } from 'node:fs';

const NAIVE = readFileSync(new URL('loops/naive.js', import.meta.url), 'utf8');
const SLUGS = Object.keys(exercises);

test('there are ten exercises on the track, in order', async ({ page }) => {
  const yours = new YoursView(page);
  await yours.goto();
  const levels = await page.getByTestId('exercise-level').evaluateAll((ls) => ls.map((l) => l.dataset.exercise));
  expect(levels).toEqual(SLUGS);
});

for (const slug of SLUGS) {
  test(`${slug}: the starting code fails, the robust loop and another solution pass, a wrong one fails`, async ({ page }) => {
    const yours = new YoursView(page);
    await yours.goto(`&exercise=${slug}`);
    await expect(page.getByTestId('exercise-panel')).toHaveAttribute('data-exercise', slug);
    const start = await yours.check();
    expect(start.passed, 'the starting code must fail').toBe(false);
    for (const [name, code] of [['robust', robust], ['second', withRegion(slug, exercises[slug].right)]]) {
      await yours.openFile(`${name}.js`, code);
      const r = await yours.check();
      expect(r.passed, `${slug}: the ${name} solution must pass (${JSON.stringify(r)})`).toBe(true);
    }
    await yours.openFile('wrong.js', withRegion(slug, exercises[slug].wrong));
    const wrong = await yours.check();
    expect(wrong.passed, `${slug}: the wrong solution must fail`).toBe(false);
  });
}

test('the checks beyond the cases are what fail a wrong solution whose cases pass', async ({ page }) => {
  const yours = new YoursView(page);
  // (Jitter is a case of its own now, as on the report card: yours-policies.spec.mjs.)
  for (const [slug, check] of [
    ['unknown-tool', 'names-the-tools'],
    ['error-inside-tool', 'names-what-was-missing'],
    ['same-call-twice', 'stops-at-first-repeat'],
  ]) {
    await yours.goto(`&exercise=${slug}`);
    await yours.openFile('wrong.js', withRegion(slug, exercises[slug].wrong));
    const r = await yours.check();
    expect(r, slug).toEqual({ passed: false, check, checkPassed: 'false' });
    await expect(page.getByTestId('exercise-verdict')).toContainText('one thing is still missing');
  }
});

test("a learner's walk: exercise 1 fails, the hint, the fix passes, on to exercise 2", async ({ page }) => {
  const yours = new YoursView(page);
  await yours.goto('');
  await page.getByTestId('exercise-start').click();
  await expect(page.getByTestId('exercise-title')).toHaveText('Send a tool error back');
  expect(await yours.solved()).toEqual([]);
  const first = await yours.check();
  expect(first.passed).toBe(false);
  await expect(page.getByTestId('exercise-verdict')).toContainText('did not pass');
  // The card shows the exercise's cases only, each with why.
  await expect(yours.rows).toHaveCount(3);
  await expect(page.locator('[data-testid="yours-card-row"][data-pass="false"] [data-verdict="lost-run-on-tool-error"]').first()).toBeVisible();
  // ...and in the panel itself, where the room looks, with the fix; the scene plays that case.
  await expect(page.getByTestId('exercise-why')).toContainText('Catch tool errors');
  await expect(page.locator('[data-testid="event-log"] .entry').first()).toBeAttached({ timeout: 30_000 });
  await page.getByTestId('exercise-hint').locator('summary').click();
  await expect(page.getByTestId('exercise-hint')).toContainText('try/catch');
  await yours.openFile('fixed.js', withRegion('tool-error-back', exercises['tool-error-back'].right));
  const fixed = await yours.check();
  expect(fixed.passed).toBe(true);
  await expect(page.getByTestId('exercise-cost')).toContainText('The robust loop');
  expect(await yours.solved()).toEqual(['tool-error-back']);
  await page.getByTestId('exercise-next').click();
  await expect(page.getByTestId('exercise-title')).toHaveText("An unknown tool is the model's mistake");
  await expect(page.getByTestId('exercise-panel')).toHaveAttribute('data-exercise', 'unknown-tool');
  // Remembered on the device.
  expect(await yours.solved()).toEqual(['tool-error-back']);
  await page.reload();
  await expect.poll(() => yours.solved()).toEqual(['tool-error-back']);
});

test('progress travels as a link, a damaged one gives a notice, and reset clears the device', async ({ page, context, browser }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const yours = new YoursView(page);
  await yours.goto('&exercise=watchdog');
  await yours.openFile('robust.js', robust);
  expect((await yours.check()).passed).toBe(true);
  await page.getByTestId('exercise-copy-progress').click();
  await expect(page.getByTestId('exercise-said')).toContainText('Link copied');
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toMatch(/[?&]progress=watchdog(&|$)/);
  // A teacher's browser: nothing solved there, the link shows the learner's.
  const teacher = await browser.newContext({ baseURL: new URL(page.url()).origin });
  const tp = await teacher.newPage();
  const theirs = new YoursView(tp);
  await tp.goto(link);
  await expect(theirs.view).toBeVisible();
  await expect.poll(() => theirs.solved()).toEqual(['watchdog']);
  await expect(tp.getByTestId('exercise-count')).toContainText('Progress from a link: 1 of 10');
  // ...without writing it to the teacher's device.
  expect(await tp.evaluate(() => localStorage.getItem('rusty-lock.exercises'))).toBeNull();
  await tp.goto('?view=yours&progress=watchdog.not-an-exercise');
  await expect(tp.getByTestId('exercise-said')).toContainText('could not be read');
  expect(await theirs.solved()).toEqual([]);
  await teacher.close();
  // Reset: gone from the track and from the device.
  await page.getByTestId('exercise-reset-progress').click();
  expect(await yours.solved()).toEqual([]);
  await page.reload();
  await expect(yours.view).toBeVisible();
  expect(await yours.solved()).toEqual([]);
});

test("a teacher's own exercise: a link with code and cases opens as one, and a damaged one says so", async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const yours = new YoursView(page);
  await yours.goto('&cases=503.hang');
  await yours.openFile('naive.js', NAIVE);
  await page.getByTestId('yours-copy-link').click();
  // The link is packed and copied after the press: read the clipboard once the page says so.
  await expect(page.getByTestId('yours-link-said')).toContainText('Link copied');
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toContain('cases=503.hang');
  await page.goto(link);
  await expect(page.getByTestId('exercise-title')).toHaveText('An exercise from your teacher');
  await expect(page.locator('[data-testid="exercise-cases"] li')).toHaveCount(2);
  await expect.poll(() => yours.chars()).toBe([...NAIVE].length);
  expect((await yours.check()).passed).toBe(false);
  await expect(yours.rows).toHaveCount(2);
  await yours.openFile('robust.js', robust);
  expect((await yours.check()).passed).toBe(true);
  // Not one of the track's: nothing is marked solved.
  expect(await yours.solved()).toEqual([]);
  await page.goto('?view=yours&cases=503.nope');
  await expect(page.getByTestId('exercise-said')).toContainText('could not be read');
  await expect(page.getByTestId('exercise-panel')).toHaveCount(0);
});

/** What a phone would read from the element's pixels, or null. */
async function readQr(locator) {
  const png = pngjs.PNG.sync.read(await locator.screenshot());
  const found = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
  return found ? found.data : null;
}

test('the agenda and handout list the exercises after the lessons, each QR code reading back to its link', async ({ page }) => {
  await page.goto('?view=agenda&lang=fr');
  const items = page.getByTestId('agenda-exercise');
  await expect(items).toHaveCount(10);
  const order = await items.evaluateAll((ls) => ls.map((l) => l.dataset.exercise));
  expect(order).toEqual(SLUGS);
  // After the lessons.
  const after = await page.evaluate(() => {
    const lessons = [...document.querySelectorAll('[data-testid="agenda-lesson"]')];
    const ex = document.querySelector('[data-testid="agenda-exercises"]');
    return lessons.every((l) => l.compareDocumentPosition(ex) & Node.DOCUMENT_POSITION_FOLLOWING);
  });
  expect(after).toBe(true);
  for (let i = 0; i < 10; i++) {
    const item = items.nth(i);
    const link = await item.getByTestId('agenda-exercise-link').textContent();
    expect(link).toContain(`exercise=${SLUGS[i]}`);
    expect(link).toContain('lang=fr');
    await item.scrollIntoViewIfNeeded();
    expect(await readQr(item.getByTestId('agenda-exercise-qr'))).toBe(link);
  }
  // The link opens its exercise.
  await page.goto(await items.nth(6).getByTestId('agenda-exercise-link').textContent());
  await expect(page.getByTestId('exercise-panel')).toHaveAttribute('data-exercise', 'watchdog');
});

test('axe finds no serious violation on an exercise, failed and passed, in presenter mode too', async ({ page }) => {
  test.setTimeout(120_000);
  const yours = new YoursView(page);
  const check = async (state) => expect(await yours.seriousViolations(), state).toEqual([]);
  for (const query of ['&exercise=watchdog', '&exercise=watchdog&mode=present&lang=zh']) {
    await yours.goto(query);
    await page.getByTestId('exercise-hint').locator('summary').click();
    await page.getByTestId('exercise-solution').locator('summary').click();
    expect((await yours.check()).passed).toBe(false);
    await check(`${query}: failed`);
    await yours.openFile('robust.js', robust);
    expect((await yours.check()).passed).toBe(true);
    await check(`${query}: passed`);
  }
});
