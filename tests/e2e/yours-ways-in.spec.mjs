// Your own loop, reached and driven as a learner does: every way into the view stays there (the
// header's link, the lessons menu, the agenda's exercise links, Back and Forward, a language
// switch); a run that plays for minutes can be stopped (Stop, Escape, "Starting code") and sped
// up; and an exercise opens with its gap on screen, marked, at 1280×720 and on a phone.
import { test, expect } from './fixtures.mjs';
import { YoursView } from './yours.page.mjs';

/** Long enough for anything that would bounce the view to have done it (a run of the page's
 *  effects, the panels below at idle, the address written in its canonical form). Not a speed
 *  assumption: the view must still be there after it, however slow the machine. */
const SETTLE_MS = 5000;

/** The playground, up and idle (its panels below the fold in, its address written back). */
async function openPlayground(page, query = '?lang=en') {
  await page.goto(query);
  await expect(page.getByTestId('run')).toBeVisible();
  await expect(page.locator('.below-fold:empty')).toHaveCount(0, { timeout: 20_000 });
}

/** The view is on screen and the address still names it, SETTLE_MS after arriving. */
async function staysInYours(page, extra = {}) {
  const yours = new YoursView(page);
  await expect(yours.view).toBeVisible({ timeout: 20_000 });
  await page.waitForTimeout(SETTLE_MS);
  await expect(yours.view).toBeVisible();
  await expect(page.getByTestId('run')).toHaveCount(0);
  const url = new URL(page.url());
  expect(url.searchParams.get('view'), page.url()).toBe('yours');
  for (const [key, value] of Object.entries(extra)) expect(url.searchParams.get(key), page.url()).toBe(value);
}

test('the header’s link to your own loop stays in the view, and Back and Forward move between the two', async ({ page }) => {
  test.setTimeout(90_000);
  await openPlayground(page);
  await page.getByTestId('open-yours').click();
  await staysInYours(page, { lang: 'en' });
  await page.goBack();
  await expect(page.getByTestId('run')).toBeVisible();
  await expect(new YoursView(page).view).toHaveCount(0);
  expect(new URL(page.url()).searchParams.get('view')).toBeNull();
  await page.goForward();
  await staysInYours(page);
});

test('the header’s link followed from the keyboard, long after the page has settled, stays in the view', async ({ page }) => {
  test.setTimeout(60_000);
  await openPlayground(page, '?lang=fr');
  await page.waitForTimeout(2000);
  await page.getByTestId('open-yours').focus();
  await page.keyboard.press('Enter');
  await staysInYours(page, { lang: 'fr' });
});

test('the lessons menu’s entry stays in the view', async ({ page }) => {
  test.setTimeout(60_000);
  await openPlayground(page, '?lesson=rate-limited&lang=en');
  await page.getByTestId('lessons').click();
  await page.getByTestId('lessons-yours').click();
  await staysInYours(page);
});

test('the agenda’s exercise links open the exercise and stay there', async ({ page }) => {
  test.setTimeout(60_000);
  await page.goto('?view=agenda&lang=en');
  const link = page.getByTestId('agenda-exercise-link').first();
  await expect(link).toBeVisible({ timeout: 20_000 });
  await link.click();
  await staysInYours(page);
  expect(new URL(page.url()).searchParams.get('exercise')).toBeTruthy();
  await expect(page.getByTestId('exercise-panel')).toBeVisible();
});

test('a language switch in the view keeps the view and writes the language into its address', async ({ page }) => {
  test.setTimeout(60_000);
  const yours = new YoursView(page);
  await yours.goto('&lang=en');
  await page.getByTestId('language').selectOption('zh');
  await staysInYours(page, { lang: 'zh' });
  await expect(page.locator('html')).toHaveAttribute('lang', /^zh/);
});

// A loop that never gives up: the sandbox stops it after 80 requests in a moment of real time, and
// its run then plays in the scene for minutes at 1×.
const FOREVER = [
  'async function runAgent(task) {',
  '  while (true) {',
  '    await fetch(`${LLM.baseURL}/chat/completions`, { method: "POST", body: "{}" }).catch(() => null);',
  '    await new Promise((r) => setTimeout(r, 1000));',
  '  }',
  '}',
  '',
].join('\n');

test('a run that plays for minutes is stopped by Stop, by Escape and by “Starting code”, and the speed control plays it at once', async ({ page }) => {
  test.setTimeout(120_000);
  const yours = new YoursView(page);
  await yours.goto('&lang=en&speed=1');
  await yours.openFile('forever.js', FOREVER);
  const playing = () => expect(yours.stop).toBeVisible({ timeout: 30_000 });
  const stopped = async () => {
    await expect(yours.run).toBeVisible({ timeout: 10_000 });
    await expect(yours.stop).toHaveCount(0);
  };

  await yours.run.click();
  await playing();
  // Still playing once the sandbox is done: the scene has minutes of retries to show.
  await expect(page.locator('[data-testid="event-log"] .entry').first()).toBeVisible({ timeout: 30_000 });
  await expect(yours.stop).toBeVisible();
  await yours.stop.click();
  await stopped();

  await yours.run.click();
  await playing();
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('Escape');
  await stopped();

  await yours.run.click();
  await playing();
  await page.getByTestId('yours-reset').click();
  await stopped();
  expect(await yours.chars()).toBeGreaterThan(1000);

  // The same loop at instant speed ends on screen at once, stopped by the page after its
  // requests; the speed is the view's own control, the playground's list of speeds.
  await yours.openFile('forever.js', FOREVER);
  await page.getByTestId('speed').selectOption({ index: 0 });
  const speeds = await page.getByTestId('speed').locator('option').allTextContents();
  expect(speeds.length).toBeGreaterThan(2);
  await page.getByTestId('speed').selectOption({ label: speeds.find((s) => /instant/i.test(s)) ?? speeds[speeds.length - 1] });
  await yours.run.click();
  await expect(page.getByTestId('outcome')).toHaveAttribute('data-outcome', 'failed', { timeout: 30_000 });
  await stopped();
});

/** Where the gap's lines are, relative to the viewport: all of them on screen, and marked. */
async function gapOnScreen(page) {
  await expect(page.locator('.cm-gap-line').first()).toBeVisible({ timeout: 20_000 });
  await expect.poll(() => page.evaluate(() => {
    const lines = [...document.querySelectorAll('.cm-gap-line')];
    const h = window.innerHeight;
    return lines.length > 0 && lines.every((l) => {
      const r = l.getBoundingClientRect();
      return r.top >= 0 && r.bottom <= h;
    });
  }), { timeout: 10_000 }).toBe(true);
  // The gutter carries the band beside each of the gap's lines.
  const lines = await page.locator('.cm-gap-line').count();
  await expect(page.locator('.cm-lineNumbers .cm-gutterElement.cm-gap-gutter')).toHaveCount(lines);
  const text = await page.locator('.cm-gap-line').first().textContent();
  expect(text).toContain('✎');
}

for (const [w, h] of [[1280, 720], [390, 844]]) {
  test(`an exercise opens with its gap on screen and marked, at ${w}×${h}`, async ({ page }) => {
    test.setTimeout(60_000);
    await page.setViewportSize({ width: w, height: h });
    for (const [exercise, lang] of [['retry-503', 'en'], ['watchdog', 'fr'], ['no-leaks', 'zh']]) {
      await page.goto(`?view=yours&lang=${lang}&exercise=${exercise}`);
      await gapOnScreen(page);
    }
    // "Starting code" brings the gap back, on screen, after the learner wrote over it and scrolled away.
    await new YoursView(page).openFile('mine.js', 'async function runAgent(task) {\n  return "done";\n}\n');
    await expect(page.locator('.cm-gap-line')).toHaveCount(0);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByTestId('yours-reset').click();
    await gapOnScreen(page);
  });
}

test('“Open in the scene” sets the picker to its case, and a copied link keeps it', async ({ page, context }) => {
  test.setTimeout(120_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const yours = new YoursView(page);
  await yours.goto('&lang=en&speed=instant');
  await yours.grade();
  await page.locator('[data-testid="yours-card-row"][data-case="503"] [data-testid="yours-open-case"]').click();
  await expect(yours.caseSelect).toHaveValue('503');
  await page.getByTestId('yours-copy-link').click();
  await expect(page.getByTestId('yours-link-said')).not.toBeEmpty();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(new URL(link).searchParams.get('case')).toBe('503');
  await page.goto(link);
  await expect(yours.caseSelect).toHaveValue('503');
});
